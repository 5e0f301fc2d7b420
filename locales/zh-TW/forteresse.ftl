# 堡壘（Forteresse）：在兩張 7 × 7 方格上的秘密攻城戰。
# 格子座標（A1..G7）、箭頭與方格符號不翻譯。

## 武器與方向

# $weapon：cannon（大砲）或 rifle（步槍）
forteresse-weapon = { $weapon ->
    [cannon] 大砲
   *[other] 步槍
}
forteresse-dir-n = 北
forteresse-dir-ne = 東北
forteresse-dir-e = 東
forteresse-dir-se = 東南
forteresse-dir-s = 南
forteresse-dir-sw = 西南
forteresse-dir-w = 西
forteresse-dir-nw = 西北
forteresse-dirs-comma = { $rest }、{ $next }
forteresse-dirs-last = { $rest }和{ $last }

## 射擊的回報

forteresse-answer-wall-destroyed = { $cell } 的城牆，已摧毀
forteresse-answer-wall = 城牆
forteresse-answer-besieged-killed = { $cell } 的守軍，已擊斃
forteresse-answer-besieged = 守軍，已擊斃
forteresse-answer-nothing = 無
forteresse-answer-silence = （沉默）

## 戰況

forteresse-shot = { $icon } **{ $name }** 從 { $from } 朝 { $dir } 以{ $weapon ->
    [cannon] 大砲
   *[other] 步槍
}射擊：**{ $answer }**。
forteresse-opening = 🏰 堡壘：**{ $a }** 對 **{ $b }**，共兩局。
forteresse-opening-first = 雙方秘密布置堡壘（10 道城牆、5 名守軍）；由 **{ $name }** 先射擊。
forteresse-status-round = 第 { $round } 局，共 2 局。
forteresse-status-last-shot = 上一次射擊：{ $shot }
forteresse-setup-done = 🏰 **{ $name }** 已布置好堡壘。
forteresse-round-started = 第 { $round } 局開始：由 **{ $name }** 先射擊。
forteresse-stopped-all-killed = 🏳️ **{ $name }** 已擊斃全部 5 名守軍，停止射擊；**{ $other }** 繼續獨自射擊。
forteresse-stopped-all-killed-last = 🏳️ **{ $name }** 已擊斃全部 5 名守軍，停止射擊。
forteresse-stopped-no-cells = **{ $name }** 已用完 24 個射擊格，停止射擊。
forteresse-round-ended = 第 { $round } 局結束：**{ $a }** 得 { $score_a } 分，**{ $b }** 得 { $score_b } 分。
forteresse-setups-awaited = 第 { $round } 局：雙方秘密布置新的堡壘；由 **{ $name }** 先射擊。
forteresse-resigned = **{ $name }** 認輸。
forteresse-draw-agreed = 🤝 雙方同意和局。
forteresse-match-won = 🏆 **{ $name }** 以 { $score } 比 { $other_score } 贏得比賽！
forteresse-match-drawn = 🤝 比賽和局，{ $score_a } 比 { $score_b }。

## 確認

forteresse-done-setup = 你的堡壘已布置完成，對手看不到。
forteresse-done-shot = 你從 { $from } 朝 { $dir } 以{ $weapon ->
    [cannon] 大砲
   *[other] 步槍
}射擊。
forteresse-done-resign = 你已認輸。
forteresse-done-draw = 你已接受和局。

## 方格圖例

forteresse-attack-legend = `?` 未知 · `.` 空 · `x` 城牆已摧毀 · `*` 守軍已擊斃 · `o` 已用射擊格 · `+` 未用
forteresse-defence-legend = `#` 城牆 · `O` 守軍 · `x` 城牆已摧毀 · `*` 守軍已擊斃 · `.` 空

## 規則

forteresse-rules = **堡壘**：在兩張 7 × 7 方格上的秘密攻城戰，共兩局。
    • **布置**（秘密）：在自己方格中央 5 × 5 的堡壘（B2–F6）內，放置 10 道城牆與 5 名守軍。
    • **射擊**，輪流進行：在敵方方格上選一個本局還沒用過的射擊格（外圈 24 格各只能用一次）、一種武器，以及一個朝向堡壘的方向。射擊一路前進，直到遇上第一道城牆或第一名守軍；其後的格子不受影響。
    • **大砲**：摧毀遇到的城牆或擊斃遇到的守軍（回報時說明格子）。**步槍**：能擊斃守軍；遇到城牆則被擋下，城牆不會被摧毀（只回報「城牆」，不說格子）。
    • 擊斃敵方全部 5 名守軍、或用完 24 個射擊格的一方停止射擊，另一方繼續獨自射擊。雙方都停止時，該局結束。
    • 每局**得分**：每擊斃一名敵方守軍得 7 分，對手每發射一次大砲你得 3 分、每發射一次步槍你得 1 分：你的每一次射擊都會讓對手得分。
    • 兩局總分較高者獲勝。
forteresse-rules-note-any-of-8 = 可選 8 個方向中的任何一個；從未進入堡壘的射擊即為浪費
forteresse-rules-note-extra-shot = 摧毀城牆或擊斃守軍的射擊可再射擊一次
forteresse-rules-note-same-setup = 第 2 局沿用第 1 局的堡壘布置，並恢復原狀
forteresse-rules-note-tie = 總分相同時，擊斃守軍較多者勝，再相同則射擊次數較少者勝
forteresse-rules-in-this-match = 本場比賽：{ $notes }。

## 盤面

forteresse-prompt-setup = 請秘密布置你的堡壘
forteresse-prompt-shot = 輪到你射擊
forteresse-terms = 兩局
forteresse-board-score = **{ $a }** { $score_a } – { $score_b } **{ $b }**（已結束局數：{ $rounds }）
forteresse-board-sides = 左：**{ $a }** 對 **{ $b }** 堡壘的了解；右：反之。
forteresse-board-placing = 🏰 尚在布置堡壘：{ $names }。
forteresse-tally = { $name }：大砲 { $cannon } 次，步槍 { $rifle } 次，擊斃 { $killed } 名
forteresse-tally-stopped = { $name }：大砲 { $cannon } 次，步槍 { $rifle } 次，擊斃 { $killed } 名（已停止）
forteresse-field-round = 局數
forteresse-field-round-value = 第 { $round } 局，共 2 局
forteresse-field-shots = 本局射擊
forteresse-field-latest = 最近射擊
forteresse-latest-shot = { $name }：{ $from } { $weapon ->
    [cannon] 大砲
   *[other] 步槍
} { $dir }：{ $answer }

## 玩家的提示

forteresse-hand-head = { $marker } **第 { $id } 場比賽** · { $title }，第 { $round } 局，共 2 局
forteresse-hand-setup = **秘密布置你的堡壘**：在 B2–F6 的 25 格內先放 10 道城牆 🧱，再放 5 名守軍 👑。可在格盤上逐格放置、從清單選擇，或使用隨機布置。
forteresse-hand-over = 比賽已結束。
forteresse-hand-your-shot = **輪到你射擊**：選一個射擊格。圖片右側是你目前對敵方堡壘的了解。
forteresse-hand-waiting-setup = 等待 { $name } 布置堡壘。
forteresse-hand-waiting-shot = 等待 { $name } 射擊。
forteresse-hand-waiting-both = 等待雙方布置堡壘。
forteresse-fire-toward = 朝{ $dirs }
forteresse-fire-from-placeholder = 選擇射擊格…
forteresse-random-setup = 隨機布置
forteresse-hand-own-standing = 你的堡壘尚存：🧱 { $walls } · 👑 { $besieged }
forteresse-place-on-grid = 在格盤上放置
forteresse-change = 修改
forteresse-clear = 全部清除
forteresse-grid-count = 🧱 城牆 **{ $walls }**/10 · 👑 守軍 **{ $besieged }**/5
forteresse-grid-place-walls = 點一格放置城牆；再點已放的棋子即可移除。
forteresse-grid-place-besieged = 城牆已完成：點一格放置守軍；點已放的棋子即可移除。
forteresse-grid-take-off = 已全部放好：點一個棋子即可移除。
forteresse-grid-rule-reachable = 本場規定每名守軍都必須能被射擊命中：灰色的格子不符合。
forteresse-error-all-placed = 10 道城牆與 5 名守軍都已放好：請先移除一個。
forteresse-another-random = 再隨機一次
forteresse-confirm = 確認
forteresse-back = 返回
forteresse-preview-end = 請確認、修改，或重新開始。
forteresse-step-random = 隨機的堡壘：
forteresse-step-your-fortress = 你的堡壘：
forteresse-step-fire-from = 從 **{ $from }** 射擊：選擇武器與方向。大砲讓對手得 3 分，步槍 1 分。
forteresse-shot-button = { $weapon ->
    [cannon] 大砲
   *[other] 步槍
} { $dir }

## 步驟的拒絕

forteresse-error-wall-count = 布置需要剛好 10 道城牆：你選了 { $n } 道。
forteresse-error-besieged-count = 布置需要剛好 5 名守軍：你選了 { $n } 名。
forteresse-error-invalid = 這個選擇無效。
forteresse-error-not-fortress = { $cell } 不在堡壘內（B2 至 F6）。
forteresse-error-twice = { $cell } 被選了兩次。
forteresse-error-already-placed = 你的堡壘已經布置好了。
forteresse-error-not-your-shot = 還沒輪到你射擊。
forteresse-error-one-cell = 請選擇一個射擊格。
forteresse-error-cannot-fire = 你現在不能從 { $cell } 射擊：它已用過，或不是射擊格。
forteresse-error-unreachable = 放在 { $cell } 的守軍無法被任何射擊命中，本場規則不允許。
