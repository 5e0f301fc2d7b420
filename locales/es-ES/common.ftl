common-match-title = Partida n.º { $id } · { $title }
