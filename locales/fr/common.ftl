common-match-title = Match n° { $id } · { $title }
