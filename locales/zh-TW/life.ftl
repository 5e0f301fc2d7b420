# 離開時間、勿擾時段與個人設定（議題 28）。

## 指令

cmd-engarde-away-name = 離開
cmd-engarde-away-description = 離開時間：你在本伺服器所有對局的計時都會暫停
cmd-engarde-away-start-name = 開始
cmd-engarde-away-start-description = 離開一段時間：你的計時暫停，也沒有人會提及通知你
cmd-engarde-away-start-until-name = 直到
cmd-engarde-away-start-until-description = 離開多久或到何時，例如 3d、36h、2026-12-24 或 2026-12-24T18:00
cmd-engarde-away-end-name = 結束
cmd-engarde-away-end-description = 現在回來：你的計時重新開始
cmd-engarde-settings-name = 個人設定
cmd-engarde-settings-description = 你的個人設定：語言、勿擾時段、時區、摘要
cmd-engarde-settings-language-name = 語言
cmd-engarde-settings-language-description = 我對你說話的語言（預設：你的 Discord 語言）
cmd-engarde-settings-language-choice-discord = 我的 Discord 語言
cmd-engarde-settings-quiet-hours-name = 勿擾時段
cmd-engarde-settings-quiet-hours-description = 不發通知的時段，例如 22:00-08:00（off：不設定）
cmd-engarde-settings-timezone-name = 時區
cmd-engarde-settings-timezone-description = 你的時區，例如 Asia/Taipei（預設：UTC）
cmd-engarde-settings-digest-name = 摘要
cmd-engarde-settings-digest-description = 用一則提醒列出所有等你的對局（否：每局各一則）
cmd-engarde-admin-config-away-allowance-name = 離開額度
cmd-engarde-admin-config-away-allowance-description = 每 90 天內玩家可離開的天數（預設 14）

## 回覆

life-away-started = 🏖️ 你將離開到 { $until }：你的計時已暫停，沒有人會提及通知你。過去 90 天的離開時間：{ $used }／{ $allowance }。
life-away-ended = 👋 歡迎回來：你的計時重新開始。{ $moved ->
    [0] 沒有需要延後的期限。
   *[other] 有 { $moved } 個期限延後了你離開的時間。
} 過去 90 天的離開時間：{ $used }／{ $allowance }。
life-settings = **你的 En Garde 設定**
    • 語言：{ $language }
    • 勿擾時段：{ $quiet }
    • 時區：{ $timezone }
    • 多局提醒：{ $digest ->
        [yes] 合併為一則摘要
       *[no] 每局各一則
    }
    • 在本伺服器離開：{ $away }
life-settings-language-discord = 你的 Discord 語言
life-settings-quiet-none = 無
life-settings-away-until = 到 { $until }
life-settings-away-none = 未離開
life-admin-allowance = • 允許的離開時間：每 90 天 { $allowance }

## 棋盤與挑戰

life-board-away = 🏖️ { $name } 目前離開，{ $until }回來：其計時已暫停。
life-challenge-away = 🏖️ { $name } 目前離開，{ $until }回來；仍可接受挑戰。

## 拒絕

life-error-away-past = 那個時間已經過去了：請給一段時長，例如 `3d`，或未來的日期。
life-error-allowance = 這超過本伺服器允許的離開時間（每 90 天 { $allowance }）：你還剩 { $left }。
life-error-allowance-range = 離開額度必須介於 { $min } 到 { $max } 之間。
life-error-not-away = 你在本伺服器並未離開。
life-error-until-unreadable = 我看不懂 `{ $input }`：試試 `3d`、`36h`、`2026-12-24` 或 `2026-12-24T18:00`。
life-error-timezone = 我不認得時區 `{ $input }`：請從清單中選一個，例如 `Asia/Taipei`。
life-error-quiet-unreadable = 我看不懂勿擾時段 `{ $input }`：請寫成 `22:00-08:00`，或 `off`。
life-error-quiet-empty = 勿擾時段 `{ $input }` 的開始與結束時間相同：請寫成 `22:00-08:00`。
