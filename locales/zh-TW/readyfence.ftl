# Ready... Fence!（銳劍卡牌遊戲）：劍道、卡牌、戰況敘述與提示。

## 劍手的顏色

readyfence-colour-green = 綠方
readyfence-colour-red = 紅方

## 卡牌名稱（依中文規則摘要）

readyfence-kind-straight-thrust = 直刺
readyfence-kind-beat-thrust = 敲劍刺
readyfence-kind-disengage = 換側刺
readyfence-kind-toe-touch = 刺腳攻擊
readyfence-kind-glide-attack = 卡劍刺
readyfence-kind-flick = 甩劍刺
readyfence-kind-flanconade = 纏劍刺
readyfence-kind-fleche = 飛刺
readyfence-kind-parry-riposte = 撥擋還擊
readyfence-kind-ceding-parry = 回壓撥擋
readyfence-kind-infighting = 近身刺
readyfence-kind-stop-hit = 時間差反攻
readyfence-kind-counter-time = 反反攻
readyfence-kind-feint-in-time = 假反攻
readyfence-kind-joker = 王牌卡
readyfence-kind-angulation = 角度刺
readyfence-kind-renewed-attack = 連續刺
readyfence-kind-feint = 假攻擊

readyfence-card-speed = { $name } { $speed }
readyfence-with-angulation = { $card } + 角度刺

## 卡牌顏色與動作類型

readyfence-class-attack = 紅色，攻擊
readyfence-class-disengage = 紅色攻擊或青色反攻
readyfence-class-parry = 藍色，撥擋
readyfence-class-infighting = 紅色攻擊或藍色撥擋
readyfence-class-counter = 青色，反攻
readyfence-class-blue-special = 藍色，特殊
readyfence-class-cyan-special = 青色，特殊
readyfence-class-gold-special = 金色，特殊
readyfence-class-bonus = 橘色，加成

## 每張卡牌的效果

readyfence-effect-straight-thrust = 於長刺距離發動；若你在擊劍線而對手在開放誘導，速度 +2
readyfence-effect-beat-thrust = 於長刺距離發動，不能對開放誘導；對擊劍線速度 +1
readyfence-effect-disengage = 只能對武器交鋒發動（且無視其 −1）；或反攻纏劍刺、敲劍刺、卡劍刺
readyfence-effect-toe-touch = 於長刺距離發動；無法撥擋：只能以時間差反攻或距離防守回應
readyfence-effect-glide-attack = 只能對擊劍線發動；或在你自己撥擋後以速度 4 還擊
readyfence-effect-flick = 於長刺距離發動，不能對開放誘導；對擊劍線速度 +1
readyfence-effect-flanconade = 只能對擊劍線發動
readyfence-effect-fleche = 只能於遠距離發動；此擊劍交鋒中你不能再出牌
readyfence-effect-parry-riposte = 撥擋速度不高於自身的任何攻擊或還擊，再以其速度 −2 還擊
readyfence-effect-ceding-parry = 對卡劍刺或纏劍刺立即得分；否則以速度 4 撥擋，不還擊
readyfence-effect-infighting = 僅限近距離：發動攻擊，或撥擋近身刺並以其速度 −2 還擊
readyfence-effect-stop-hit = 反攻直刺、敲劍刺、刺腳攻擊、甩劍刺、飛刺或還擊：較快者勝，同速則同時刺中
readyfence-effect-counter-time = 回應反攻：得 1 分，除非對手以假反攻回應
readyfence-effect-feint-in-time = 只能回應反反攻：立即得 1 分
readyfence-effect-joker = 回應任何卡牌（立即得分的卡牌除外）：立即得 1 分；不能用來發動攻擊
readyfence-effect-angulation = 附加於你的攻擊或反攻：速度 +2
readyfence-effect-renewed-attack = 你在長刺距離的第一次攻擊被撥擋後：以 +2 再次攻擊，並取消對手的還擊；之後不能再用假攻擊
readyfence-effect-feint = 你在長刺距離的第一次攻擊被撥擋後：換成另一張攻擊卡，或停止擊劍交鋒

## 武器位置

readyfence-guard-line = 擊劍線
readyfence-guard-inv = 開放誘導
readyfence-guard-eng = 武器交鋒

## 距離

readyfence-distance-short = 近距離
readyfence-distance-lunge = 長刺距離
readyfence-distance-long = 遠距離
readyfence-distance-out = 超出距離
readyfence-distance = { $name }（{ $gap } 個空格）

## 擊劍交鋒的結果

readyfence-points-touch = 🎯 { $name } 刺中得分！
readyfence-points-double = 🎯🎯 同時刺中：雙方各得 1 分。
readyfence-points-void = 同時刺中無效：不得分。
readyfence-points-penalty = 🚩 出界：{ $name } 得 1 分。
readyfence-points-none = 擊劍交鋒結束，無人得分。

## 擊劍交鋒中每一步的角色

readyfence-role-opening = 攻擊
readyfence-role-renewed = 連續刺
readyfence-role-parry = 撥擋
readyfence-role-riposte = 還擊
readyfence-role-glide-riposte = 卡劍刺還擊
readyfence-role-counter = 反攻
readyfence-role-counter-time = 反反攻
readyfence-role-immediate = 立即得分
readyfence-role-feint-card = 假攻擊後改出
readyfence-role-feint-stop = 假攻擊，停止擊劍交鋒
readyfence-role-nocard-parry = 無卡撥擋
readyfence-role-distance = 距離防守
readyfence-role-concede = 認輸此劍

## 擊劍交鋒的敘述

readyfence-at-speed = ，速度 **{ $speed }**
readyfence-paid = （{ $sp } 耐力）
readyfence-phrase-opening = ⚔️ { $who } 以{ $card }發動擊劍交鋒{ $at }{ $paid }。
readyfence-phrase-renewed = ⚔️ { $who } 連續刺再次攻擊{ $at }{ $paid }。
readyfence-phrase-parry = 🛡️ { $who } 以{ $card }撥擋{ $at }{ $paid }。
readyfence-phrase-riposte = ↩️ { $who } 還擊{ $at }{ $paid }。
readyfence-phrase-glide-riposte = ↩️ { $who } 以{ $card }還擊{ $at }{ $paid }。
readyfence-phrase-counter = ⚡ { $who } 以{ $card }反攻{ $at }{ $paid }。
readyfence-phrase-counter-time = 🔁 { $who } 打出{ $card }：除非對手以假反攻回應，否則得 1 分{ $paid }。
readyfence-phrase-immediate = ✨ { $who } 打出{ $card }，立即得分{ $paid }。
readyfence-phrase-feint-card = 🎭 { $who } 假攻擊後改出{ $card }{ $at }{ $paid }。
readyfence-phrase-feint-stop = 🎭 { $who } 假攻擊並停止擊劍交鋒{ $paid }。
readyfence-phrase-nocard-parry = 🛡️ { $who } 無卡撥擋{ $at }{ $paid }。
readyfence-phrase-distance = ↔️ { $who } 拉開距離（距離防守）{ $paid }。
readyfence-phrase-concede = { $who } 認輸此劍{ $paid }。

## 比賽勝負的方式

readyfence-end-target = 率先達到目標分數
readyfence-end-points = 時間終了時以分數領先
readyfence-end-extra-time-point = 在加時賽中得分
readyfence-end-priority = 加時賽時間終了，憑優先權
readyfence-end-tie-touch = 以決勝的一劍
readyfence-end-empty-hand = 因對手須在無牌時行動
readyfence-end-tie-double = 以同時刺中
readyfence-end-resign = 因對手認輸
readyfence-end-draw-agreed = 經雙方同意

## 比賽

readyfence-terms = 先得 { $target } 分者勝，共 { $periods } 回合
readyfence-mode-tutorial = Ready... Fence! 教學遊戲模式
readyfence-mode-basic = Ready... Fence! 基本遊戲模式
readyfence-mode-advanced = Ready... Fence! 進階遊戲模式
readyfence-opening = 🤺 預備！{ $green }（綠方）對 { $red }（紅方）：{ $mode }，{ $terms }。
readyfence-opening-coin = 擲幣決定由 { $name } 先發。
readyfence-opening-mulligan = 每位劍手先決定保留手牌或起手換牌（限一次）。
readyfence-status-won = 比賽結束：{ $name } { $how }獲勝。
readyfence-status-drawn = 比賽結束：{ $how }平手。
readyfence-status-period = 第 { $period } / { $periods } 回合：{ $green } { $green_score } – { $red_score } { $red }。
readyfence-status-phrase = 擊劍交鋒進行中，最後一步：{ $step }。
readyfence-step = { $letter } { $name }，{ $role }{ $card }{ $speed }
readyfence-step-card = ：{ $card }
readyfence-step-speed = {" "}→ 速度 **{ $speed }**

## 事件

readyfence-event-mulligan = 🔄 { $name } 起手換牌：換了 { $cards } 張牌。
readyfence-event-kept = { $name } 保留手牌。
readyfence-event-passed = { $name } 放棄行動。
readyfence-event-skipped = { $name } 的遊戲輪替被跳過（因暫停）。
readyfence-event-off-strip = { $name } 出界了！
readyfence-event-moved = 👣 { $name } 移動到第 { $block } 格。
readyfence-event-weapon = 🗡️ { $name } 改為{ $guard }位置。
readyfence-event-swapped = 🃏 { $name } 棄 { $discarded } 張牌，抽 { $drawn } 張。
readyfence-event-stalled = ⏸️ { $name } 暫停：耐力回到 { $stamina }，燒掉一張計時器卡牌。
readyfence-event-on-guard = 兩位劍手回到起始線。
readyfence-event-period-ended = ⏱️ 第 { $period } 回合結束。
readyfence-event-period-started = ⏱️ 第 { $period } 回合開始：計時器有 { $timer } 張牌，劍手回到起始線。
readyfence-event-extra-time = ⏱️ 平手：加時賽！先得分者勝；計時器有 { $timer } 張牌；{ $name } 擁有優先權。
readyfence-event-tutorial-tie = ⏱️ 平手且已無牌可抽：下一次單方刺中者勝。
readyfence-event-resigned = { $name } 認輸。
readyfence-event-draw-agreed = 🤝 兩位劍手同意和局。
readyfence-event-won = 🏆 { $name } { $how }贏得比賽，比分 { $score } 比 { $other }！
readyfence-event-drawn = 🤝 比賽{ $how }平手，比分 { $green } 比 { $red }。

## 決定（按鈕與選單）

readyfence-label-mulligan = 起手換牌
readyfence-label-keep = 保留這手牌
readyfence-label-forward = 前進 1 格
readyfence-label-back = 後退 1 格
readyfence-label-weapon = 武器位置：{ $guard }
readyfence-label-swap = 棄掉{ $card }並抽牌
readyfence-label-stall = 暫停（+2 耐力）
readyfence-label-retreat = 後退 2 格
readyfence-label-retreat-swap = 後退 2 格，換掉{ $card }
readyfence-label-end-turn = 結束遊戲輪替
readyfence-label-play = 攻擊：{ $card }
readyfence-label-parry = 無卡撥擋
readyfence-label-distance = 距離防守
readyfence-label-distance-swap = 距離防守，棄掉{ $card }
readyfence-label-concede = 認輸此劍
readyfence-label-renew = 連續刺（+2）
readyfence-label-feint-stop = 假攻擊：停止擊劍交鋒
readyfence-label-feint = 假攻擊，改出{ $card }
readyfence-label-glide = 還擊：{ $card }
readyfence-label-pass = 放棄
readyfence-label-resign = 認輸
readyfence-label-agree-draw = 同意和局

## 確認

readyfence-done-mulligan = 你已起手換牌。
readyfence-done-keep = 你保留了手牌。
readyfence-done-forward = 你前進了 1 格。
readyfence-done-back = 你後退了 1 格。
readyfence-done-weapon = 你改為{ $guard }位置。
readyfence-done-swap = 你棄掉{ $card }並抽了一張牌。
readyfence-done-stall = 你選擇了暫停。
readyfence-done-retreat = 你後退了 2 格。
readyfence-done-retreat-swap = 你後退了 2 格，棄掉{ $card }並抽了一張牌。
readyfence-done-end-turn = 你結束了遊戲輪替。
readyfence-done-play = 你以{ $card }發動攻擊。
readyfence-done-answer = 你以{ $card }回應。
readyfence-done-parry = 你無卡撥擋。
readyfence-done-distance = 你拉開了距離。
readyfence-done-distance-swap = 你拉開了距離，棄掉{ $card }。
readyfence-done-concede = 你認輸了此劍。
readyfence-done-renew = 你以連續刺再次攻擊。
readyfence-done-feint-stop = 你假攻擊並停止了擊劍交鋒。
readyfence-done-feint = 你假攻擊後改出{ $card }。
readyfence-done-glide = 你以{ $card }還擊。
readyfence-done-pass = 你放棄了行動。
readyfence-done-resign = 你認輸了。
readyfence-done-agree-draw = 你同意了和局。

## 規則，逐段說明

readyfence-rules-intro = **{ $mode }**：用卡牌進行的銳劍比賽。綠方與紅方兩位劍手在 10 格的劍道上對決；退出自己一端的劍道即為出界，對手得 1 分。距離是雙方之間的空格數：**近距離**（0）、**長刺距離**（1）、**遠距離**（2）、超出距離（3 以上）。
readyfence-rules-turn-tutorial = **一次遊戲輪替**可進行兩個遊戲動作，或一個動作再攻擊，或只攻擊：**移動** 1 格、**改變武器位置**（每輪替一次）。**攻擊**即以一張紅色卡牌發動擊劍交鋒，並結束遊戲輪替。
readyfence-rules-turn-basic = **一次遊戲輪替**可進行兩個遊戲動作，或一個動作再攻擊，或只攻擊：**移動** 1 格、**改變武器位置**（每輪替一次）、**換牌**棄 1 抽 1（一次）、**暫停**（佔整個輪替：耐力 +2，燒掉一張計時器卡牌；不可連續兩次）。**攻擊**即以一張紅色卡牌發動擊劍交鋒，並結束遊戲輪替。
readyfence-rules-turn-advanced = **一次遊戲輪替**可進行兩個遊戲動作，或一個動作再攻擊，或只攻擊：**移動** 1 格、**改變武器位置**（每輪替一次）、**換牌**棄 1 抽 1（一次）、**暫停**（佔整個輪替：耐力 +2，燒掉一張計時器卡牌；不可連續兩次）、**後退** 2 格（可同時換一張牌）。**攻擊**即以一張紅色卡牌發動擊劍交鋒，並結束遊戲輪替。
readyfence-rules-phrase-tutorial = **擊劍交鋒**：防守方逐張出牌回應攻擊：紅色以藍色（撥擋）或青色（反攻）回應，青色以藍色回應，藍色以青色回應，另依各卡牌的限制；每人最多 2 張主要卡牌。**撥擋**的速度不低於攻擊即成功，隨後還擊；**反攻**比威脅快即取得主動，同速為同時刺中，較慢則被刺中。沒有卡牌時可**撥擋**（每 2 點速度耗 1 耐力），或在教學模式中只能**拉開距離**（後退 2 格，耗 1 耐力），每次擊劍交鋒限一次，且僅在你沒有任何卡牌能擋下攻擊時可用。你隨時可以認輸此劍。
readyfence-rules-phrase = **擊劍交鋒**：防守方逐張出牌回應攻擊：紅色以藍色（撥擋）或青色（反攻）回應，青色以藍色回應，藍色以青色回應，另依各卡牌的限制；每人最多 2 張主要卡牌。**撥擋**的速度不低於攻擊即成功，隨後還擊；**反攻**比威脅快即取得主動，同速為同時刺中，較慢則被刺中。沒有卡牌時可**撥擋**（每 2 點速度耗 1 耐力）或**拉開距離**（後退 2 格，耗 1 耐力，限速度 5 以下的攻擊），每次擊劍交鋒限一次，且僅在你沒有任何卡牌能擋下攻擊時可用。你隨時可以認輸此劍。
readyfence-rules-speed = **速度** = 卡牌速度，從開放誘導防守 +1，對武器交鋒攻擊 −1，再加上卡牌本身的加成。武器位置：擊劍線「贏」開放誘導，開放誘導「贏」武器交鋒，武器交鋒「贏」擊劍線。
readyfence-rules-mode-tutorial = **教學模式**：41 張牌，手牌 6 張；不計卡牌耐力；擊劍交鋒只能在長刺距離發動；擊劍交鋒後所有打出的牌都棄掉，雙方補牌至 6 張。沒有擊劍交鋒的輪替後，可免費換一張牌。計時器即抽牌庫；比賽至 5、10 或 15 分。
readyfence-rules-mode-basic = **基本模式**：35 張牌；每位劍手持有一張黃色的直刺 3，另加 5 張牌；出牌須支付其耐力（耐力 0 至 6，開始為 6）。打出的牌回到手中。12 張牌組成計時器：計時器用盡即回合結束。初賽循環賽：5 分，1 回合；複賽淘汰賽：10 分，2 回合。平手進入加時賽。
readyfence-rules-mode-advanced = **進階模式**：全部 54 張牌，手牌 6 張；出牌須支付其耐力（耐力 6，之後的回合為 5 和 4）。打出的牌回到手中，王牌卡則棄掉。12 張牌組成計時器。初賽循環賽：5 分，1 回合；複賽淘汰賽：15 分，3 回合。平手進入加時賽。
readyfence-rules-recovery = 刺中後兩位劍手回到起始線，各恢復 1 點耐力，但在該次擊劍交鋒中花費過耐力者除外。
readyfence-rules-cards = **卡牌**（名稱、張數與速度、耐力消耗）：
readyfence-rules-card = • **{ $name }** ×{ $copies }{ $speeds }，耐力 { $sp }（{ $class }）：{ $effect }。
readyfence-rules-speeds = ，速度 { $list }

## 遊戲版

readyfence-threat-riposte = 還擊（{ $card }），速度 { $speed }
readyfence-threat-renewed = 連續刺（{ $card }），速度 { $speed }
readyfence-threat = { $card }，速度 { $speed }
readyfence-prompt-mulligan = 保留手牌或起手換牌
readyfence-prompt-turn-goes-on = 遊戲輪替繼續：第二個動作，或攻擊
readyfence-prompt-turn = 輪到你：兩個動作，或一個動作再攻擊，或只攻擊
readyfence-prompt-free-swap = 你可以免費換一張牌，或放棄
readyfence-prompt-answer = 回應{ $threat }
readyfence-prompt-renew-or-feint = 你的攻擊被擋下：連續刺、假攻擊，或放棄
readyfence-prompt-glide = 你撥擋成功：以卡劍刺還擊，或放棄
readyfence-period-extra-time = 加時賽，{ $name } 擁有優先權
readyfence-period = 第 { $period } / { $periods } 回合
readyfence-period-tutorial-tie = 第 { $period } / { $periods } 回合，平手：下一次單方刺中者勝
readyfence-board-score = **{ $green }** { $green_score } – { $red_score } **{ $red }** · 先得 { $target } 分者勝
readyfence-board-fencers = G = { $green }（綠方）· R = { $red }（紅方）
readyfence-board-distance = 距離：**{ $distance }**
readyfence-board-stamina = 耐力 { $stamina } · { $cards } 張牌
readyfence-board-stalled = 上一輪替選擇了暫停
readyfence-field-period = 回合
readyfence-field-timer = 計時器
readyfence-timer-left = 剩 { $timer } 張牌
readyfence-field-mulligan = 起手換牌
readyfence-mulligan-pending = 尚未決定：{ $names }
readyfence-field-turn = 遊戲輪替
readyfence-used-weapon = 已改變武器位置
readyfence-used-swap = 已換牌
readyfence-used-retreat = 已後退
readyfence-turn-actions = { $name }：已進行 { $actions } 個動作{ $used }
readyfence-turn-used = （{ $list }）
readyfence-field-phrase = 擊劍交鋒
readyfence-phrase-fleche = 飛刺：攻擊方不能再出牌。

## 玩家的手牌與提示

readyfence-sp = {" "}· 耐力 { $sp }
readyfence-card-line-speed = {" "}· 速度 { $speed }
readyfence-card-line = • **{ $name }**{ $speed }{ $sp } · { $class }：{ $effect }
readyfence-waiting = 等待 { $name }。
readyfence-over = 比賽已結束。
readyfence-situation-mulligan = **起手換牌**：保留這手牌，或放回並重發同樣張數的新牌（限一次）。
readyfence-situation-turn-goes-on = **遊戲輪替繼續**：第二個動作，或攻擊。
readyfence-situation-turn = **輪到你**：兩個動作，或一個動作再攻擊，或只攻擊。一次選一個。
readyfence-situation-free-swap = **免費換牌**：棄一張牌再抽一張，或放棄。
readyfence-way-card = 出牌回應
readyfence-way-no-card = 無卡防守
readyfence-way-concede = 認輸此劍
readyfence-situation-answer = **回應**{ $threat }：{ $ways }。
readyfence-situation-renew-or-feint = **你的攻擊被擋下**：連續刺、假攻擊，或放棄。
readyfence-situation-glide = **你撥擋成功**：以卡劍刺還擊，或放棄。
readyfence-hand-header = { $marker } **比賽 #{ $match }** · { $title } · 你是**{ $colour }**（{ $letter }，第 { $block } 格）
readyfence-hand-cards = **你的手牌：** { $cards }
readyfence-hand-empty = 沒有手牌
readyfence-hand-status = 耐力 **{ $stamina }** · { $guard } · 距離 **{ $distance }** · 比分 { $mine } – { $theirs }
readyfence-list-separator = 、

## 選單

readyfence-placeholder-attack = 選擇攻擊卡牌…
readyfence-placeholder-answer = 選擇回應卡牌…
readyfence-placeholder-feint = 假攻擊後改出…
readyfence-placeholder-riposte = 選擇還擊卡牌…
readyfence-placeholder-choose = 請選擇…
readyfence-placeholder-weapon = 武器位置…
readyfence-placeholder-swap = 棄牌並抽牌…
readyfence-placeholder-retreat-swap = 後退並換牌…
readyfence-placeholder-distance-swap = 拉開距離並棄牌…
readyfence-button-card-rules = 📖 卡牌說明
readyfence-card-rules-head = 📖 **你的手牌**：
readyfence-card-rules-placeholder = 查看其他卡牌的說明…
readyfence-card-rules-kind = 📖 **{ $name }** · { $class }：{ $effect }
readyfence-placeholder-more = 武器位置、棄牌並抽牌…
readyfence-option-speed = 速度 { $speed }
readyfence-option-speed-angulation = 速度 { $speed } +2
readyfence-option-card = { $card } · { $class }
