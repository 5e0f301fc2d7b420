# 規則拒絕對局選項的原因（規則 crate 的 `RefusedOption` 訊息），顯示於 error-rules-do-not-fit 之中。
rules-option-unknown = { $game } 沒有「{ $option }」這個選項
rules-option-bad-value = 選項「{ $option }」不能是 { $value }
rules-option-out-of-range = 選項「{ $option }」必須介於 { $min } 到 { $max } 之間
rules-option-not-one-of = 選項「{ $option }」在這裡不能是 { $value }，可用的值：{ $allowed }
rules-option-target = 這個模式不能打到 { $value } 分獲勝（可選的分數：{ $allowed }）
rules-option-no-pile = 牌組只有 { $deck } 張牌，兩手各 { $hand_size } 張就沒有牌堆了
rules-option-setup = 這些選項無法開始對局
