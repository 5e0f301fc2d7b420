# En Garde 與 Kengo：劍道、戰況、行動、規則。
# 用語：回合 (round)、局 (game)、比賽 (match)、擊中／得分 (hit)、牌堆 (pile)、
# 格擋 (parry)、還擊 (riposte)、弓步 (advance and attack)。

## 牌

engarde-no-cards = 沒有牌
engarde-list-separator = 、
engarde-pile-cards = { $count } 張

## 行動（按鈕與選單，最多 80 個字元）

engarde-label-advance = 前進 { $card }
engarde-label-retreat = 後退 { $card }
engarde-label-attack = 攻擊 { $card }
engarde-label-attack-many = 攻擊 { $card } ×{ $count }
engarde-label-lunge = 前進 { $advance } + 攻擊 { $attack }
engarde-label-lunge-many = 前進 { $advance } + 攻擊 { $attack } ×{ $count }
engarde-label-parry = 格擋 { $cards }
engarde-label-accept-hit = 承受擊中
engarde-label-resign = 認輸
engarde-label-agree-draw = 同意和局

engarde-menu-advance = 前進…
engarde-menu-retreat = 後退…
engarde-menu-attack = 攻擊…
engarde-menu-lunge = 前進並攻擊…
engarde-menu-move = 前進或後退…
engarde-menu-attack-or-lunge = 攻擊，或前進並攻擊…
engarde-menu-parry = 格擋…
engarde-menu-answer = 回應…

## 比賽開始與狀態

engarde-opening = En garde！{ $a } 對 { $b }：{ $title }，先得 { $hits } 分者獲勝。
engarde-best-of = 本場比賽採 { $games } 局多勝制。
engarde-starts-round-one = 由 { $name } 先開始第 1 回合。
engarde-starts-round-one-random = 由 { $name } 先開始第 1 回合（隨機抽選）。
engarde-status-over = 比賽已結束：{ $name } 獲勝。
engarde-status-round = 第 { $round } 回合進行中。

## 戰況

engarde-round-begins = 第 { $round } 回合開始：由 { $name } 先手。
engarde-game-round-begins = 第 { $game } 局第 { $round } 回合開始：由 { $name } 先手。
engarde-advanced = { $name } 前進 { $card } 格，來到第 { $to } 格。
engarde-retreated = { $name } 後退 { $card } 格，退到第 { $to } 格。
engarde-retreated-from-lunge = { $name } 後退 { $card } 格到第 { $to } 格，避開了弓步攻擊。
engarde-attacked = { $name } 以 { $cards } 發動攻擊！
engarde-riposted = { $name } 以 { $cards } 還擊！
engarde-lunged = { $name } 前進 { $advance } 格到第 { $to } 格，並以 { $cards } 發動攻擊！
engarde-parried = { $name } 以 { $cards } 格擋。
engarde-hit-accepted = { $name } 承受了這一擊。
engarde-cannot-parry = { $name } 無法格擋。
engarde-pile-emptied = { $name } 抽走了牌堆的最後一張牌。
engarde-passed-empty-hand = { $name } 格擋後手中無牌：抽牌並略過。
engarde-last-attack = 牌堆已空，{ $name } 以 { $card } 發動最後一擊！
engarde-hands-shown = 亮出手牌：{ $a } { $hand_a }（{ $attacking_a } 張可攻擊）· { $b } { $hand_b }（{ $attacking_b } 張可攻擊）。
engarde-stuck = { $name } 沒有任何合法行動。
engarde-resigned = { $name } 認輸。
engarde-draw-agreed = { $name } 同意和局。
engarde-round-score = 得分：{ $a } { $hits_a } – { $hits_b } { $b }。
engarde-round-won-hit = { $name } 擊中對手，贏得本回合。{ $score }
engarde-round-won-stuck = { $name } 贏得本回合：對手無法移動。{ $score }
engarde-round-won-hand-count = { $name } 憑手牌贏得本回合。{ $score }
engarde-round-won-position = { $name } 憑位置贏得本回合。{ $score }
engarde-round-won-resign = { $name } 因對手認輸贏得本回合。{ $score }
engarde-round-won = { $name } 贏得本回合。{ $score }
engarde-round-drawn = 本回合平手：雙方都不得分。{ $score }
engarde-game-won = { $name } 贏得本局。局數：{ $games_a } – { $games_b }。
engarde-match-won = 🏆 { $name } 贏得比賽！
engarde-match-drawn = 🤝 比賽以和局收場。

## 自己行動的確認

engarde-done-advance = 你前進了 { $card } 格。
engarde-done-retreat = 你後退了 { $card } 格。
engarde-done-attack = 你以 { $cards } 發動了攻擊。
engarde-done-lunge = 你前進了 { $advance } 格，並以 { $cards } 發動了攻擊。
engarde-done-parry = 你以 { $cards } 格擋。
engarde-done-accept-hit = 你承受了這一擊。
engarde-done-resign = 你已認輸。
engarde-done-agree-draw = 你同意了和局。

## 戰況板

engarde-prompt-riposte = 格擋成功，再次輪到你：移動或還擊
engarde-prompt-turn = 輪到你了
engarde-prompt-defend-lunge = 你受到攻擊：格擋、後退或承受擊中
engarde-prompt-defend = 你受到攻擊：格擋或承受擊中
engarde-terms = 先得 { $hits } 分者獲勝
engarde-board-games = （局數 { $games_a } – { $games_b }）
engarde-board-attacked = ⚔️ { $attacker } 以 { $cards } 發動攻擊：{ $defender } 必須回應。
engarde-field-round = 回合
engarde-field-distance = 距離
engarde-field-pile = 牌堆
engarde-field-last-card = 最後一張牌

## 玩家的手牌

engarde-hand-match = { $marker } **比賽 #{ $id }** · { $title } · 你是 **{ $seat }**（{ $side ->
    [left] 左側
   *[right] 右側
}）
engarde-hand-cards = **你的手牌：** { $cards }
engarde-hand-facts = 距離 **{ $distance }** · 牌堆 { $pile } · 最後一張牌 { $last }
engarde-hand-riposte = **你已格擋**：用剩下的手牌進行你的回合（之後再抽牌）。
engarde-hand-turn = **輪到你了**：請選擇行動。
engarde-hand-attacked = **你受到 { $cards } 的攻擊**：格擋或承受擊中。
engarde-hand-attacked-lunge = **你受到 { $cards } 的攻擊**：格擋、後退或承受擊中。
engarde-hand-over = 比賽已結束。
engarde-hand-waiting = 等待 { $name }。

## 規則摘要（/engarde rules）

engarde-rules-engarde = 兩名劍手在 23 格的劍道上對峙，各自從兩端的格子出發。牌組共 25 張牌，1 到 5 各五張；每位玩家手持 5 張。
engarde-rules-kengo = Kengo 是 En Garde 的改版：劍手從 23 格劍道的兩端之外出發，第一步移動才踏上劍道。牌組共 25 張牌，1 到 5 各五張；每位玩家手持 5 張。輸掉一回合的玩家在下一回合先手。
engarde-rules-turn = **你的回合**：打出一張牌，然後補牌至 5 張。
engarde-rules-advance = **前進**：向前移動與牌面數字相同的格數；不可到達或越過對手所在的格子。
engarde-rules-retreat = **後退**：向後移動與牌面數字相同的格數；不可離開劍道。
engarde-rules-attack = **攻擊**：打出一張數字等於雙方距離的牌。你的劍手不移動。
engarde-rules-basic-hits = 在基本遊戲中，每次攻擊都會擊中。
engarde-rules-strengthen = 你可以再加上同數字的牌來加強攻擊。
engarde-rules-parry-identical = **格擋**：以完全相同的牌回應攻擊，否則承受擊中。
engarde-rules-parry-same-total = **格擋**：以相同張數且總和相同的牌回應攻擊，否則承受擊中。
engarde-rules-after-parry = 格擋後你立即用剩下的手牌進行你的回合（此時發動的攻擊即為還擊），之後才抽牌。
engarde-rules-lunge = **前進並攻擊**（弓步）：先打出一張牌前進，再打出數字等於新距離的攻擊牌。防守方可以格擋這些攻擊牌，或改為打出一張牌後退。
engarde-rules-round-end = **回合結束**：當攻擊擊中，或有玩家無法移動時（該玩家落敗）。
engarde-rules-pile-basic = 最後一張牌被抽走時，若另一位玩家手中有等於距離的牌便獲勝；否則離自己起點較遠者獲勝（相同則平手）。
engarde-rules-pile-standard = 最後一張牌被抽走時（待處理的格擋結束後），雙方亮出手牌：等於距離的牌較多者獲勝；若相同，離自己起點較遠者獲勝；若再相同，本回合平手。
engarde-rules-first-to = 先得 **{ $hits } 分**者贏得比賽。
