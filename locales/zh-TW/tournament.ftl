# 錦標賽（issue #27）：指令、公告、輪次、排名、拒絕訊息。

## 指令（id 由 src/discord/commands/localize.rs 組成）。

cmd-engarde-tournament-name = 錦標賽
cmd-engarde-tournament-description = 錦標賽：持續數天的瑞士制或循環賽。
cmd-engarde-tournament-create-name = 建立
cmd-engarde-tournament-create-description = 建立錦標賽並開放報名（管理者）。
cmd-engarde-tournament-create-name-name = 名稱
cmd-engarde-tournament-create-name-description = 賽事名稱
cmd-engarde-tournament-create-format-name = 賽制
cmd-engarde-tournament-create-format-description = 瑞士制（同分者對戰）或循環賽（每人互相對戰）
cmd-engarde-tournament-create-format-choice-swiss = 瑞士制
cmd-engarde-tournament-create-format-choice-round-robin = 循環賽
cmd-engarde-tournament-create-variant-name = 變體
cmd-engarde-tournament-create-variant-description = 規則變體（預設：本伺服器的設定）
cmd-engarde-tournament-create-hits-name = 擊中數
cmd-engarde-tournament-create-hits-description = 獲勝所需的擊中數或分數：En Garde、Kengo 為 1 到 15（預設 5）；Ready... Fence! 為 5、10 或 15
cmd-engarde-tournament-create-rounds-name = 輪數
cmd-engarde-tournament-create-rounds-description = 瑞士制：要進行的輪數（預設：依人數而定）
cmd-engarde-tournament-create-double-name = 雙循環
cmd-engarde-tournament-create-double-description = 循環賽：每對選手交手兩次，先後手各一次
cmd-engarde-tournament-create-turn-time-name = 每步時限
cmd-engarde-tournament-create-turn-time-description = 每一步的時限，例如 12h、2d（預設：本伺服器的設定）
cmd-engarde-tournament-create-round-time-name = 每輪時限
cmd-engarde-tournament-create-round-time-description = 每輪最長可持續多久，例如 7d（預設：7 天）
cmd-engarde-tournament-create-rated-name = 計分
cmd-engarde-tournament-create-rated-description = 比賽是否影響積分（預設：是）
cmd-engarde-tournament-create-away-name = 離開
cmd-engarde-tournament-create-away-description = 是否允許玩家離開：其時鐘暫停，本輪等候（預設：否）
cmd-engarde-tournament-create-max-players-name = 人數上限
cmd-engarde-tournament-create-max-players-description = 最多幾名選手，3 到 64（預設：64）
cmd-engarde-tournament-create-signup-name = 報名時間
cmd-engarde-tournament-create-signup-description = 報名開放多久，例如 1d（預設：1 天）
cmd-engarde-tournament-start-name = 開始
cmd-engarde-tournament-start-description = 不等報名截止，立即開始錦標賽（管理者）。
cmd-engarde-tournament-start-event-name = 賽事
cmd-engarde-tournament-start-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-tournament-join-name = 報名
cmd-engarde-tournament-join-description = 報名參加錦標賽。
cmd-engarde-tournament-join-event-name = 賽事
cmd-engarde-tournament-join-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-tournament-leave-name = 退出
cmd-engarde-tournament-leave-description = 退出錦標賽（開賽後，剩下的對局都判負）。
cmd-engarde-tournament-leave-event-name = 賽事
cmd-engarde-tournament-leave-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-tournament-standings-name = 排名
cmd-engarde-tournament-standings-description = 錦標賽的排名。
cmd-engarde-tournament-standings-event-name = 賽事
cmd-engarde-tournament-standings-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-tournament-standings-page-name = 頁
cmd-engarde-tournament-standings-page-description = 第幾頁（預設：第一頁）
cmd-engarde-tournament-mine-name = 我的對局
cmd-engarde-tournament-mine-description = 你在錦標賽中目前或下一場的對戰。
cmd-engarde-tournament-mine-event-name = 賽事
cmd-engarde-tournament-mine-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-tournament-remove-name = 移除
cmd-engarde-tournament-remove-description = 將選手移出錦標賽（管理者）。
cmd-engarde-tournament-remove-player-name = 選手
cmd-engarde-tournament-remove-player-description = 要移除的選手
cmd-engarde-tournament-remove-event-name = 賽事
cmd-engarde-tournament-remove-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-tournament-pause-name = 暫停
cmd-engarde-tournament-pause-description = 暫停錦標賽：所有計時停止（管理者）。
cmd-engarde-tournament-pause-event-name = 賽事
cmd-engarde-tournament-pause-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-tournament-resume-name = 繼續
cmd-engarde-tournament-resume-description = 繼續已暫停的錦標賽（管理者）。
cmd-engarde-tournament-resume-event-name = 賽事
cmd-engarde-tournament-resume-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-tournament-cancel-name = 取消
cmd-engarde-tournament-cancel-description = 取消錦標賽：進行中的比賽都會中止（管理者）。
cmd-engarde-tournament-cancel-event-name = 賽事
cmd-engarde-tournament-cancel-event-description = 賽事編號（預設：本伺服器最新的賽事）
cmd-engarde-admin-tournament-role-name = 錦標賽身分組
cmd-engarde-admin-tournament-role-description = 可舉辦錦標賽的身分組（未設定：只有伺服器管理者）。
cmd-engarde-admin-tournament-role-role-name = 身分組
cmd-engarde-admin-tournament-role-role-description = 身分組（留空即清除）

## 公告與賽事訊息。

tournament-format-swiss = 瑞士制
tournament-format-swiss-rounds = 瑞士制，共 { $rounds } 輪
tournament-format-round-robin = 循環賽
tournament-format-double-round-robin = 雙循環賽
tournament-state-signup = 報名截止於 { $closes }。
tournament-state-running = 第 { $round } 輪進行中，至 { $due }。
tournament-state-paused = 第 { $round } 輪期間暫停。
tournament-state-finished = 賽事已結束。
tournament-state-cancelled = 賽事已取消。
tournament-no-players-yet = 尚無人報名
tournament-more-players = 另有 { $count } 人
tournament-announcement = 🏆 **{ $name }**（錦標賽 #{ $id }）
    { $variant }，{ $format }；每步 { $turn }，每輪 { $round }；{ $rated ->
        [yes] 計分
       *[no] 不計分
    }。
    選手（{ $count }/{ $max }）：{ $players }
    { $state }
tournament-button-join = 報名
tournament-button-leave = 退出
tournament-thread-event = { $name }
tournament-thread-match = { $name } · 第 { $round } 輪：{ $a } 對 { $b }
tournament-round-started = **{ $name }：第 { $round } 輪**開始，於 { $due } 結束。
tournament-pairing-line = • { $a } 對 { $b }（比賽 #{ $id }）
tournament-forfeit-line = • { $winner } 不戰而勝（{ $gone } 已退出）
tournament-bye-line = • { $name } 輪空（得一分）
tournament-rest-line = • { $name } 本輪休息
tournament-tiebreak-swiss = Buchholz { $buchholz } · SB { $sb }
tournament-tiebreak-round-robin = SB { $sb } · 直接對戰 { $h2h }
tournament-withdrawn-mark = （已退出）
tournament-standing-line = `{ $rank }.` { $name }{ $withdrawn }：**{ $points }**（{ $wins }-{ $draws }-{ $losses }）· { $tiebreak }
tournament-standings-header = **{ $name }：第 { $round } 輪後排名**
tournament-standings-final = **{ $name }：最終排名**
tournament-standings-page = 第 { $page } 頁，共 { $pages } 頁
tournament-podium = 🏆 **{ $name }** 結束了！
    🥇 { $first }
    🥈 { $second }
    🥉 { $third }
tournament-history-event = { $name } 第 { $round } 輪
tournament-stats = 錦標賽：參加 { $played } 次，最佳名次第 { $best } 名
tournament-cancelled = **{ $name }** 已取消。
tournament-cancelled-too-few = **{ $name }** 已取消：報名人數不足。

## 給選手與管理者的回覆。

tournament-created = 錦標賽 #{ $id } **{ $name }** 開放報名。
tournament-started = **{ $name }** 已開始。
tournament-paused = **{ $name }** 已暫停：所有計時停止。
tournament-resumed = **{ $name }** 已繼續。
tournament-removed = 已將 { $player } 移出 **{ $name }**。
tournament-role-set = 擁有 { $role } 的成員現在可以舉辦錦標賽。
tournament-role-cleared = 現在只有伺服器管理者可以舉辦錦標賽。
tournament-joined = 你已報名 **{ $name }**。
tournament-joined-late = 你已加入 **{ $name }**：將從第 { $round } 輪開始配對。
tournament-left-signup = 你已取消 **{ $name }** 的報名。
tournament-left-withdrawn = 你已退出 **{ $name }**：剩下的對局都判負。
tournament-mine-signed-up = 你已報名 **{ $name }**；報名截止於 { $closes }。
tournament-mine-playing = **{ $name }** 第 { $round } 輪：你的對手是 { $opponent }（比賽 #{ $id }）。
tournament-mine-waiting = **{ $name }**：你第 { $round } 輪的對局已結束；請等待下一輪。
tournament-mine-bye = **{ $name }**：你第 { $round } 輪輪空。
tournament-mine-late = **{ $name }**：你將從第 { $round } 輪開始配對。
tournament-mine-withdrawn = 你已退出 **{ $name }**。
tournament-mine-over = **{ $name }** 已結束。
tournament-mine-over-rank = **{ $name }** 已結束：你獲得第 { $rank } 名。

## 拒絕訊息。

tournament-error-not-manager = 只有伺服器管理者（或伺服器指定的錦標賽身分組）可以這麼做。
tournament-error-not-found = 本伺服器沒有這個錦標賽。
tournament-error-none = 本伺服器還沒有錦標賽。
tournament-error-name = 錦標賽名稱須為單行的 1 到 { $max } 個字元。
tournament-error-duration-unreadable = 看不懂時間長度 `{ $input }`：請寫成 30m、12h 或 7d 這樣。
tournament-error-round-time = 每輪時限必須介於 { $min } 到 { $max } 之間。
tournament-error-signup-time = 報名開放時間必須介於 { $min } 到 { $max } 之間。
tournament-error-max-players = 人數上限必須介於 3 到 { $max } 之間。
tournament-error-rounds = 瑞士制為 1 到 { $max } 輪。
tournament-error-round-shorter-than-turn = 每輪時限不能短於每步時限。
tournament-error-bot = 機器人不能參加錦標賽。
tournament-error-already-in = 你已經報名了。
tournament-error-left = 你已退出這個錦標賽，不能再次加入。
tournament-error-closed = 這個錦標賽不再接受新選手。
tournament-error-full = 這個錦標賽已額滿。
tournament-error-over = 這個錦標賽已結束。
tournament-error-not-in = 你沒有參加這個錦標賽。
tournament-error-not-entrant = 該選手沒有參加這個錦標賽。
tournament-error-already-started = 這個錦標賽已經開始了。
tournament-error-too-few = 錦標賽至少需要 3 名選手才能開始。
tournament-error-not-running = 這個錦標賽不在進行中。
tournament-error-not-paused = 這個錦標賽沒有暫停。
