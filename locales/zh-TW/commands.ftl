# 斜線指令、伺服器設定與排行榜。

## 指令的名稱與說明（id 由 src/discord/commands/localize.rs 依指令路徑組成）。
## 名稱：最多 32 個字元，不可有空格。說明：最多 100 個字元。

cmd-engarde-name = engarde
cmd-engarde-description = En Garde：和朋友比劍，一步一步來。

cmd-engarde-challenge-name = 挑戰
cmd-engarde-challenge-description = 向某人發起決鬥。
cmd-engarde-challenge-opponent-name = 對手
cmd-engarde-challenge-opponent-description = 你想與誰比劍
cmd-engarde-challenge-variant-name = 變體
cmd-engarde-challenge-variant-description = 規則變體（預設：本伺服器的設定，未更改時為 engarde-standard）
cmd-engarde-challenge-hits-name = 擊中數
cmd-engarde-challenge-hits-description = 獲勝所需的擊中數或分數：En Garde、Kengo 為 1 到 15（預設 5）；Ready... Fence! 為 5、10 或 15
cmd-engarde-challenge-turn-time-name = 每步時限
cmd-engarde-challenge-turn-time-description = 每一步的時限，例如 30m、12h、2d（預設：本伺服器的設定，未更改時為 48h）

cmd-engarde-practice-name = 練習
cmd-engarde-practice-description = 與機器人練習（不計積分）。
cmd-engarde-practice-variant-name = 變體
cmd-engarde-practice-variant-description = 規則變體（預設：本伺服器的設定）
cmd-engarde-practice-level-name = 難度
cmd-engarde-practice-level-description = 機器人的棋力（預設：中等）
cmd-engarde-practice-level-choice-easy = 簡單
cmd-engarde-practice-level-choice-medium = 中等
cmd-engarde-practice-level-choice-hard = 困難
cmd-engarde-practice-turn-time-name = 每步時限
cmd-engarde-practice-turn-time-description = 你每一步的時限，例如 30m、12h、2d（預設：本伺服器的設定）

cmd-engarde-cancel-name = 取消
cmd-engarde-cancel-description = 撤回你尚未回應的挑戰（全部，或發給某位對手的那一個）。
cmd-engarde-cancel-opponent-name = 對手
cmd-engarde-cancel-opponent-description = 只撤回發給這位玩家的挑戰

cmd-engarde-matches-name = 我的對戰
cmd-engarde-matches-description = 你在本伺服器中尚未結束的對戰。

cmd-engarde-hand-name = 手牌
cmd-engarde-hand-description = 查看你的手牌（只有你看得到）並出招。
cmd-engarde-hand-match-name = 對戰
cmd-engarde-hand-match-description = 哪一場對戰（預設：此處的那一場，或你唯一的一場）

cmd-engarde-resign-name = 認輸
cmd-engarde-resign-description = 放棄一場對戰（會先請你確認）。
cmd-engarde-resign-match-name = 對戰
cmd-engarde-resign-match-description = 哪一場對戰（預設：此處的那一場，或你唯一的一場）

cmd-engarde-rules-name = 規則
cmd-engarde-rules-description = 規則簡介。
cmd-engarde-rules-variant-name = 變體
cmd-engarde-rules-variant-description = 規則變體（預設：本伺服器的設定）

cmd-engarde-leaderboard-name = 排行榜
cmd-engarde-leaderboard-description = 本伺服器某個遊戲或某個變體的排行榜（Glicko-2 積分）。
cmd-engarde-leaderboard-variant-name = 變體
cmd-engarde-leaderboard-variant-description = 一個遊戲（所有變體合計）或一個變體（預設：本伺服器的遊戲）

cmd-engarde-stats-name = 統計
cmd-engarde-stats-description = 玩家在本伺服器的積分、排名、戰果與習慣。
cmd-engarde-stats-player-name = 玩家
cmd-engarde-stats-player-description = 查看誰的統計（預設：你自己）

cmd-engarde-history-name = 戰績
cmd-engarde-history-description = 玩家最近的對戰，附可下載的對戰紀錄（只有你看得到）。
cmd-engarde-history-player-name = 玩家
cmd-engarde-history-player-description = 查看誰的對戰（預設：你自己）

cmd-engarde-admin-name = engarde-admin
cmd-engarde-admin-description = En Garde 的伺服器設定與管理（需要「管理伺服器」權限）。

cmd-engarde-admin-config-name = 設定
cmd-engarde-admin-config-description = 顯示或更改本伺服器的設定。
cmd-engarde-admin-config-turn-time-name = 每步時限
cmd-engarde-admin-config-turn-time-description = 每一步的預設時限，例如 12h 或 2d（10m 到 14d）
cmd-engarde-admin-config-challenge-expiry-name = 挑戰期限
cmd-engarde-admin-config-challenge-expiry-description = 挑戰保持有效的時間，例如 1d（5m 到 7d）
cmd-engarde-admin-config-threads-name = 討論串
cmd-engarde-admin-config-threads-description = 為每場對戰開一個討論串
cmd-engarde-admin-config-board-channel-name = 盤面頻道
cmd-engarde-admin-config-board-channel-description = 在這個頻道張貼盤面
cmd-engarde-admin-config-boards-where-challenged-name = 盤面貼在挑戰處
cmd-engarde-admin-config-boards-where-challenged-description = 在發起挑戰的頻道張貼盤面（取消「盤面頻道」）
cmd-engarde-admin-config-default-variant-name = 預設變體
cmd-engarde-admin-config-default-variant-description = 挑戰未指定變體時使用的變體
cmd-engarde-admin-config-language-name = 語言
cmd-engarde-admin-config-language-description = 公開訊息的語言（預設：伺服器的 Discord 語言）
cmd-engarde-admin-config-language-choice-server-default = 伺服器的 Discord 語言
cmd-engarde-admin-config-boards-name = 盤面
cmd-engarde-admin-config-boards-description = 盤面附遊戲圖片（預設），或以文字顯示
cmd-engarde-admin-config-boards-choice-picture = 圖片
cmd-engarde-admin-config-boards-choice-text = 文字

cmd-engarde-admin-abort-name = 中止
cmd-engarde-admin-abort-description = 中止一場對戰：立即結束，且不計入紀錄。
cmd-engarde-admin-abort-match-name = 對戰
cmd-engarde-admin-abort-match-description = 對戰編號

## /engarde-admin

admin-settings = **本伺服器的 En Garde 設定**
    • 每一步的時限：{ $turn }
    • 挑戰的有效期限：{ $challenge }
    • 每場對戰開討論串：{ $threads ->
        [yes] 是
       *[no] 否
    }
    • 盤面張貼於：{ $channel }
    • 預設變體：{ $variant }
    • 公開訊息的語言：{ $language }
    • 盤面：{ $pictures ->
        [yes] 附遊戲圖片
       *[no] 文字
    }
admin-settings-boards-where-challenged = 發起挑戰的頻道
admin-settings-language-server = 伺服器的 Discord 語言（目前為 { $language }）
admin-saved = ✅ 已儲存。
admin-aborted = 第 { $id } 場對戰已中止，不計入紀錄。

## 對戰

play-level = { $level ->
    [easy] 簡單
    [hard] 困難
   *[medium] 中等
}
practice-announcement = 🤖 **{ $name }** 正與我練習 { $variant } · { $level }難度，第 { $id } 場，不計積分。
play-match-choice = #{ $id } 對 { $opponent } · { $variant }
play-resign-button = 認輸
play-keep-fencing-button = 繼續比劍
play-withdrawn = 已撤回 { $n } 個挑戰。

## 排行榜、統計與戰績

ladder-game = { $game ->
    [engarde] En Garde
    [forteresse] Forteresse
    [ready-fence] Ready... Fence!
   *[other] { $game }
}
ladder-board-every-variant = { $game }（所有變體）
ladder-you-are = { $mention }：你在 { $total } 人中排名 **第 { $rank } 名** · { $rating } ±{ $deviation }
ladder-you-are-unrated = { $mention }：你在這個排行榜上還沒有計分的對戰。
ladder-empty = 這裡還沒有人完成計分的對戰：用 `/engarde 挑戰` 找人比劍吧！
ladder-title = 🏆 排行榜 · { $board }
ladder-line = **{ $rank }.** { $name } · **{ $rating }** ±{ $deviation } · { $games } 場（{ $wins } 勝 { $losses } 敗 { $draws } 和）
ladder-footer = 第 { $page }/{ $pages } 頁 · { $total } 位已計分的玩家 · ? = 暫定積分（偏差 { $provisional } 以上），排在穩定積分之後
ladder-previous = ◀ 上一頁
ladder-next = 下一頁 ▶

ladder-stats-none = 📊 **{ $name }** 在本伺服器還沒有完成任何對戰。
ladder-stats-title = 📊 **{ $name }** 在本伺服器
ladder-stats-unrated = 尚無積分。
ladder-stats-rating = { $game }：積分 **{ $rating }** ±{ $deviation } · { $rank }
ladder-stats-rating-provisional = { $game }：積分 **{ $rating }** ±{ $deviation }（暫定）· { $rank }
ladder-stats-rank = 在 { $of } 人中排名 **第 { $rank } 名**
ladder-stats-inactive = 不活躍：下次完成計分對戰前不列入排行榜
ladder-stats-matches = 對戰：{ $games } 場 · { $record }
ladder-record = { $wins } 勝、{ $losses } 敗、{ $draws } 和
ladder-stats-streak = 連續：{ $streak } · 最佳紀錄 { $best } 連勝
ladder-streak-won = { $n } 連勝
ladder-streak-lost = { $n } 連敗
ladder-streak-drawn = { $n } 連和
ladder-stats-rounds = 回合：勝 { $won } 回合（{ $by }），負 { $lost } 回合
ladder-rounds-none = –
ladder-rounds-by = { $how ->
    [hit] 擊中
    [position] 位置判定
    [hand_count] 手牌數判定
    [stuck] 對手無路可走
    [resign] 對手認輸
    [drawn] 平手
    [points] 點數
   *[other] { $how }
} { $n } 回合
ladder-list-separator = 、
ladder-stats-favourite = 最常玩的變體：{ $variant } · { $n } 場
ladder-stats-against = 對 { $name }：{ $record }

ladder-history-none = **{ $name }** 在本伺服器還沒有結束的對戰。
ladder-history-title = 📜 **{ $name }**：最近的對戰
ladder-history-line = • { $date } · #{ $id } 對 { $opponent } · { $variant } · { $mine } – { $theirs } · { $result }
ladder-history-practice = 練習賽（{ $level }），不計積分
ladder-result-won = **勝**
ladder-result-lost = **負**
ladder-result-by-resignation = { $result }（認輸）
ladder-result-by-timeout = { $result }（超時）
ladder-result-drawn-agreed = **和局**（雙方同意）
ladder-result-drawn-equal = **和局**（比分相同）
ladder-result-aborted = 已中止（不計積分）
ladder-history-export = 匯出對戰紀錄（可用 `engarde replay` 重播的檔案）：
ladder-export-button = 匯出 #{ $id }
ladder-export-note = 📎 第 { $id } 場對戰的紀錄：用 `engarde replay { $file }` 重播。
