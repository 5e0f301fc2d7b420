# 各遊戲共用的文字：棋盤框架、狀態、按鈕。

common-aborted-by = 🛑 第 { $id } 場比賽已由 { $admin } 中止，不計成績。
common-timeout-loses = ⏰ **{ $name }** 超過期限，逾時判負。
common-wins-match = 🏆 **{ $name }** 贏得比賽！
common-called-off = ⏰ 雙方都未能及時準備：比賽取消，不計入任何人的成績。
common-you-accepted-draw = 你接受了和局。

## 變體名稱

variant-engarde-basic = En Garde（入門）
variant-engarde-standard = En Garde（標準）
variant-engarde-advanced = En Garde（進階）
variant-kengo-basic = Kengo（入門）
variant-kengo-normal = Kengo（一般）
variant-kengo-advanced = Kengo（進階）
variant-forteresse = Forteresse（堡壘）
variant-ready-fence-tutorial = Ready... Fence!（教學）
variant-ready-fence-basic = Ready... Fence!（基本）
variant-ready-fence-advanced = Ready... Fence!（進階）

## 時間長度

common-days = { $n } 天
common-hours = { $n } 小時
common-minutes = { $n } 分鐘

## 和局、認輸與提示

draw-offered = 你已提議和局，正在詢問 { $name }。
draw-both-offered = 對手也曾提議和局：本場比賽為和局。
draw-was-declined = 和局提議被拒絕了。
draw-agreed = 🤝 第 { $id } 場比賽雙方同意和局。
draw-declined = { $name } 拒絕了第 { $id } 場比賽的和局提議。繼續比劍！
hand-board-out-of-date = 這個棋盤已過時；以下是比賽的最新狀況。
hand-prompt-out-of-date = 這個提示已過時；以下是比賽的最新狀況。
resign-confirm = 要在第 { $id } 場比賽認輸嗎？對手將贏得比賽。
resign-cancelled = 繼續比劍！🤺

## 棋盤

board-both = { $a } 和 { $b }
board-prompt = { $who }，{ $what }。
board-status-aborted = 🛑 已中止
board-status-won = 🏆 { $name } 贏得比賽
board-status-drawn = 🤝 和局
board-status-to-act = 輪到：{ $names }
board-status-to-act-due = 輪到：{ $names } · 期限 { $due }
board-field-practice = 練習
board-practice = 對手 { $bot }（{ $level }）· 不計積分
board-field-status = 狀態
board-button-offer-draw = 提議和局
board-button-resign = 認輸
board-button-hand = 我的手牌
board-button-fortress = 布置我的堡壘
board-button-fire = 開火
board-button-cards = 我的卡牌
board-button-rematch = 再戰一場
board-button-record = 比賽紀錄
board-title = 第 { $id } 場 · { $title } · { $terms }
practice-level-easy = 簡單
practice-level-medium = 中等
practice-level-hard = 困難
hand-board-link = [↩ 盤面]({ $url })
thread-name = 第 { $id } 場 { $a } 對 { $b }

## 和局提議

draw-offer = 🤝 { $name } 在第 { $id } 場比賽提議和局。{ $to }，你接受嗎？（任何一步棋都會撤回提議。）
draw-button-accept = 接受和局
draw-button-decline = 拒絕

## 提醒

reminder-one = ⏳ { $who }，提醒：你在第 { $id } 場對 { $opponent } 的一步將於 { $due } 到期。{ $link }
reminder-many = ⏳ { $who }，有 { $count } 場比賽在等你出招：
reminder-item = • 第 { $id } 場 對 { $opponent }，{ $due } 到期{ $link }
reminder-more = …還有 { $count } 場：請見 `/engarde matches`。

## 挑戰

challenge-text = ⚔️ { $challenger } 向 { $challenged } 發起 **{ $variant }** 挑戰，{ $terms }，每步 { $turn }。
    { $challenged }，你接受嗎？（{ $expires } 失效。）
challenge-button-accept = 接受
challenge-button-decline = 拒絕
challenge-button-withdraw = 撤回
challenge-accepted = ✅ { $to } 接受了 { $from } 的挑戰：第 { $id } 場比賽（{ $variant }）開始。
challenge-declined = { $to } 拒絕了 { $from } 的挑戰。
challenge-expired = ⌛ { $from } 對 { $to } 的挑戰無人回應，已失效。
challenge-withdrawn = { $from } 撤回了對 { $to } 的挑戰。

## 玩家的比賽列表

matches-none = 你在這個伺服器沒有進行中的比賽。用 `/engarde challenge` 開始一場吧。
matches-title = **你進行中的比賽**
matches-item = • 第 { $id } 場 對 { $opponent } · { $variant } · { $a } – { $b } · { $turn }{ $link }
matches-your-move = **輪到你**
matches-waiting = 等待中
rematch-sent = ⚔️ 再戰：你對 { $name } 的挑戰已貼在頻道中。
rematch-practice = 🤖 新的練習賽第 { $id } 場開始。
spectator-watching = 👀 你正在觀看第 { $id } 場比賽。
spectator-how-to-play = 想親自上場，用 `/engarde challenge` 挑戰別人，或用 `/engarde practice` 和我練習。
