# 圖片的替代文字（src/present/picture）：用文字說明每張圖片顯示的內容。

picture-seat-a = 藍方
picture-seat-b = 橘方
picture-none = 無

picture-engarde-board = 賽道：藍方劍士在第 { $blue } 格，橘方劍士在第 { $orange } 格，距離 { $distance }。擊中：藍方 { $blue_hits }，橘方 { $orange_hits }，先得 { $hits } 者勝。牌堆：{ $pile } 張。
picture-engarde-attack = { $attacker } 以 { $count } × { $card } 進攻；{ $defender } 必須回應。
picture-engarde-played = 剛打出的牌：{ $cards }。
picture-engarde-hand = 你的手牌：{ $cards }。點數等於距離（{ $distance }）的牌會升起。

picture-forteresse-board = 第 { $round } 局（共 2 局）。左邊是藍方對橘方堡壘所知，右邊是橘方對藍方堡壘所知。被殺的守軍：藍方 { $blue_kills }，橘方 { $orange_kills }（共 5）。分數：藍方 { $blue_score }，橘方 { $orange_score }。
picture-forteresse-shot = 最後一擊（已標示）：{ $seat } 從 { $cell } 朝 { $dir }，{ $weapon }。
picture-forteresse-prompt = 左邊是你的堡壘：仍有 { $walls } 道牆和 { $besieged } 名守軍。右邊是你對敵方堡壘所知。
picture-forteresse-aim = 敵方方格。從 { $cell } 可以朝 { $dirs } 射擊。

picture-readyfence-board = 賽道：藍方在第 { $blue } 格，橘方在第 { $orange } 格，{ $distance }。分數：藍方 { $blue_score }，橘方 { $orange_score }，先得 { $target } 分者勝。體力：藍方 { $blue_sp }，橘方 { $orange_sp }。計時牌堆：{ $timer } 張。
picture-readyfence-guards = 持劍姿勢：藍方 { $blue }，橘方 { $orange }。
picture-readyfence-phrase = 進行中的交鋒：{ $steps }。
picture-readyfence-hand = 你的手牌，括號內為每張牌的體力消耗：{ $cards }。

picture-reveal-hands = 終局，公開手牌：藍方 { $blue }；橘方 { $orange }。
picture-reveal-forteresse = 每一局結束時雙方的堡壘，包括損傷與射擊所用的外圈格。最終分數：藍方 { $blue }，橘方 { $orange }。
picture-replay = 對局的動畫重播，共 { $frames } 格畫面。
