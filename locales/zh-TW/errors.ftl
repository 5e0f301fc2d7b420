# 拒絕與致歉：簡短，絕不顯示堆疊追蹤。

error-challenge-self = 你不能挑戰自己。
error-challenge-bot = 機器人不能接受挑戰：請挑戰真人，或用 `/engarde practice` 和我練習。
error-practice-no-draw = 練習機器人不接受和局：請繼續比劍，或認輸結束比賽。
error-already-playing = 你和 { $name } 已有一場未完成的比賽（第 { $id } 場）。
error-challenge-pending = 你和 { $name } 之間已有一個待回應的挑戰。
error-challenge-not-found = 這個挑戰已不存在。
error-not-for-you = 這個挑戰不是給你的。
error-challenge-accepted = 這個挑戰已被接受。
error-challenge-declined = 這個挑戰已被拒絕。
error-challenge-withdrawn = 這個挑戰已被撤回。
error-challenge-expired = 這個挑戰已失效。
error-challenge-closed = 這個挑戰已結束。
error-match-not-found = 這個伺服器沒有第 { $id } 場比賽。
error-no-match = 你在這裡沒有進行中的比賽。
error-several-matches = 你有多場進行中的比賽：請用 `match` 選項選擇一場。
error-not-in-match = 你沒有參加這場比賽。
error-rematch-too-early = 這場比賽還在進行中：比賽結束後才能再戰。
error-match-over = 這場比賽已經結束。
error-stale = 這已經過時了：比賽已有進展。
error-stale-link = 這已經過時了：比賽已有進展。目前的棋盤：{ $url }
error-not-your-turn = 還沒輪到你：正在等待 { $name }。
error-illegal = 不允許這一步：{ $why }。
error-already-applied = 這已經完成了。
error-not-a-move = 這不是你在這裡能走的一步。
error-draw-lapsed = 這個和局提議已失效：已經有人出招，或提議已被回應。
error-deadline-passed = 太遲了：這一步的時間已用完，比賽逾時判負。
error-no-challenge = 你在這裡沒有可撤回的挑戰。
error-not-admin = 只有能管理此伺服器的成員才能這樣做。
error-internal = 抱歉，我們這邊出了點問題。請稍後再試。
# 資料庫暫時無法使用（已停止、磁碟已滿）：這次點擊沒有改變任何東西。
error-unavailable = 機器人暫時無法存取資料，因此沒有任何變更。請稍後再試。
error-guild-only = 這個指令只能在伺服器頻道中使用，不能在私訊中使用。
error-option-unreadable = 我無法讀取這個選項：`{ $input }`。
error-option-missing = 缺少某個選項，或無法讀取。
error-turn-time-range = 每步時間必須介於 { $min } 到 { $max } 之間。
error-challenge-expiry-range = 挑戰的有效時間必須介於 { $min } 到 { $max } 之間。
error-turn-time-unreadable = 我無法讀取每步時間 `{ $input }`：請寫成 30m、12h 或 2d 的格式。
error-challenge-expiry-unreadable = 我無法讀取挑戰有效時間 `{ $input }`：請寫成 30m、12h 或 2d 的格式。
error-rules-do-not-fit = 這些規則不適用於 { $variant }：{ $why }。
error-export-unfinished = 第 { $id } 場比賽仍在進行：結束後才能匯出紀錄。
error-unknown-board = 沒有名為 `{ $name }` 的遊戲或變體：請從清單中選擇。
error-unknown-variant = 沒有名為 `{ $name }` 的變體：請從清單中選擇。
error-bot-has-no-record = 機器人不比劍：它們沒有戰績。
error-invalid-button = 這個按鈕無效（或已失效）。
error-invalid-choice = 這個選擇無效。

## 規則拒絕一步棋的原因（規則 crate 的 IllegalMove 所命名的 id）
rules-wrong-game = 這不是 { $game } 的一步
rules-match-over = 對局已經結束
rules-not-your-decision = 現在不是由你決定
rules-must-answer-attack = 你必須先回應攻擊：格擋、後退或承受擊中
rules-no-attack-to-answer = 沒有需要回應的攻擊
rules-not-in-hand = 你手上沒有 { $cards }
rules-no-cards = 至少需要一張牌
rules-advance-too-far = 無法前進 { $card }：對手距離 { $distance } 格，你不能到達或越過對手
rules-retreat-off-piste = 無法後退 { $card }：那會離開劍道
rules-wrong-attack-value = 無法用 { $card } 攻擊：攻擊的牌必須等於距離 { $distance }
rules-too-many-attack-cards = 這次攻擊只能用一張牌
rules-no-lunge-at-this-level = 前進攻擊只在進階遊戲中才有
rules-parry-mismatch = 格擋與攻擊不相符
rules-retreat-not-allowed = 只有前進攻擊可以用後退回應；請格擋或承受擊中
rules-pile-too-short = 牌堆剩下的牌不足以在那之後補滿你的手牌
rules-stopped-all-killed = 你本回合已停止射擊：你已擊殺全部 5 名守軍
rules-stopped-no-cells-left = 你本回合已停止射擊：你已用完全部 24 個外圈格
rules-setups-pending = 雙方的佈置尚未完成：兩座堡壘都放好之前不能射擊
rules-already-set-up = 你本回合已經放好堡壘
rules-setup-wall-count = 佈置需要剛好 10 道牆（這個有 { $count } 道）
rules-setup-besieged-count = 佈置需要剛好 5 名守軍（這個有 { $count } 名）
rules-setup-outside-fortress = { $cell } 不在堡壘內：牆與守軍放在 B2 到 F6
rules-setup-repeated = { $cell } 用了兩次：每格只能放一道牆或一名守軍
rules-setup-unreachable = { $cell } 的守軍無法被擊中：它通往外圈的每條線都被擋住（規則：每名守軍都必須可被擊中）
rules-not-a-ring-cell = { $cell } 不是外圈格：射擊只能從 A、G 欄與第 1、7 列發出
rules-cell-used = { $cell } 本回合已經用過
rules-bad-direction = { $cell } { $dir } 沒有指向堡壘：從 { $cell } { $ways ->
    [one] 唯一的方向是 { $legal }
   *[other] 可用的方向是 { $legal }
}
rules-card-not-held = 你手上沒有 { $card }
rules-not-now = 現在不能這樣選擇（{ $stage ->
    [mulligan] 重抽決定
    [turn] 你的回合
    [free_swap] 教學模式的免費換牌
    [answer] 你在攻防中的回應
    [renew_feint] 選擇再攻或佯攻
    [glide] 選擇滑劍還擊
   *[end] 比賽結束
}）
