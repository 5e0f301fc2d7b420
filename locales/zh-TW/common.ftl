common-match-title = 第 { $id } 場 · { $title }
