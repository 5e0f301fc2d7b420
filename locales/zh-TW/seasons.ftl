## 排行榜賽季 (src/service/seasons.rs, src/discord/commands/seasons.rs).

cmd-engarde-leaderboard-season-name = 賽季
cmd-engarde-leaderboard-season-description = 某個賽季的排行榜（預設：歷來總排行榜）
cmd-engarde-admin-config-seasons-name = 賽季
cmd-engarde-admin-config-seasons-description = 排行榜賽季：關閉、每月或每季（以 UTC 曆月或曆季計）
cmd-engarde-admin-season-name = 賽季
cmd-engarde-admin-season-description = 手動進行的排行榜賽季（自動賽季關閉時）。
cmd-engarde-admin-season-start-name = 開始
cmd-engarde-admin-season-start-description = 立即開始一個賽季：全新的排行榜，直到你結束它。
cmd-engarde-admin-season-start-name-name = 名稱
cmd-engarde-admin-season-start-name-description = 賽季名稱（最多 32 個字元）
cmd-engarde-admin-season-end-name = 結束
cmd-engarde-admin-season-end-description = 立即結束賽季；並公布其頒獎台。

season-mode = { $mode ->
    [monthly] 每月（UTC 曆月）
    [quarterly] 每季（UTC 曆季）
   *[off] 關閉
}
admin-settings-seasons = • 排行榜賽季：{ $mode } · { $current }
season-none-running = 目前沒有進行中的賽季
season-running-until = 賽季 **{ $season }**，至 <t:{ $end }:f> 止
season-running = 賽季 **{ $season }**，自 <t:{ $start }:f> 起，直到管理員結束
season-started = ✅ 賽季 **{ $season }** 已開始：從現在起結束的每場計分對戰，也會計入它自己的排行榜，人人從頭開始。用 `/engarde-admin season end` 結束它。
season-ended = ✅ 賽季 **{ $season }** 已結束；頒獎台稍後公布。

season-ladder-title = 🏆 賽季 { $season } · { $board }
season-stats-finishes = 賽季最終名次：
season-stats-finish = • { $season }，{ $game }：在 { $of } 人中 **第 { $rank } 名**（{ $rating }）

season-over = 🏁 **賽季 { $season } 結束了！** 恭喜登上頒獎台的選手：
season-podium-game = **{ $game }**
season-podium-line = { $medal } { $mention } · **{ $rating }** · { $games } 場
season-podium-more = 完整排行榜：`/engarde leaderboard season:{ $season }`

error-season-mode = `{ $input }` 不是賽季設定：請從清單中選擇 off、monthly 或 quarterly。
error-season-name = 賽季名稱為 1 到 { $max } 個字元，只能一行，且不可含反引號（`）。
error-season-name-taken = 本伺服器已有名為 **{ $name }** 的賽季：請換個名稱。
error-season-unknown = 本伺服器沒有名為 `{ $name }` 的賽季：請從清單中選擇。
error-season-gone = 該賽季已不存在。
error-season-automatic = 本伺服器的賽季是自動的（每月或每季）：請在 `/engarde-admin config` 中將 `seasons` 設為 off，才能手動進行。
error-season-running = 賽季 **{ $name }** 正在進行：請先結束它。
error-season-manual-running = 賽季 **{ $name }** 是手動開始的，仍在進行：請先用 `/engarde-admin season end` 結束它。
error-season-none = 目前沒有進行中的賽季。
error-season-ends-itself = 賽季 **{ $name }** 會隨其月份或季度自動結束。若要停用賽季，請在 `/engarde-admin config` 中將 `seasons` 設為 off。
