# 堡壘：用兩個清單布置堡壘（src/discord/render/forteresse/lists.rs），
# 供手機使用：手機上 25 個按鈕的格盤會換行。

forteresse-lists = 從清單選擇
forteresse-lists-walls-placeholder = 選擇你的 10 道城牆
forteresse-lists-besieged-placeholder = 選擇你的 5 名守軍
forteresse-lists-choose-walls = 在第一個清單中選擇你的 10 道城牆。
forteresse-lists-choose-besieged = 接著在第二個清單中選擇你的 5 名守軍（第一個清單仍可更改城牆）。
forteresse-lists-all-chosen = 已全部選好：可更改任一清單，或再次查看預覽。
forteresse-lists-preview = 預覽
forteresse-lists-rule-reachable = 本場規定每名守軍都必須能被射擊命中：被你的城牆圍住的格子不會列出。
forteresse-lists-walled-in = 你的城牆使射程內的格子少於 5 格：請改選其他城牆。
forteresse-lists-error-on-wall = { $cell } 已有城牆：請在其他格子中選擇守軍。

# 布置中堡壘圖片的替代文字。
picture-forteresse-placing = 左邊是你布置中的堡壘：已放 { $walls } 道城牆和 { $besieged } 名守軍。右邊是敵方堡壘，目前一無所知。
