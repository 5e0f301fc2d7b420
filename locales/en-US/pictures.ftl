# Alt text of the pictures (src/present/picture): what each picture shows, in words.

picture-seat-a = blue
picture-seat-b = orange
picture-none = none

picture-engarde-board = The piste: the blue fencer on space { $blue }, the orange fencer on space { $orange }, distance { $distance }. Hits: blue { $blue_hits }, orange { $orange_hits }, { $hits } to win. Pile: { $pile } cards.
picture-engarde-attack = { $attacker } attacks with { $count } × { $card }; { $defender } must answer.
picture-engarde-played = Cards just played: { $cards }.
picture-engarde-hand = Your hand: { $cards }. The cards worth the distance ({ $distance }) are raised.

picture-forteresse-board = Round { $round } of 2. Left, what blue knows of orange's fortress; right, what orange knows of blue's. Besieged killed: blue { $blue_kills }, orange { $orange_kills } of 5. Score: blue { $blue_score }, orange { $orange_score }.
picture-forteresse-shot = Last shot, highlighted: { $seat } from { $cell } toward { $dir }, { $weapon }.
picture-forteresse-prompt = Left, your fortress: { $walls } walls and { $besieged } besieged still standing. Right, what you know of the enemy's fortress.
picture-forteresse-aim = The enemy grid. From { $cell } you may fire toward { $dirs }.

picture-readyfence-board = The strip: blue on block { $blue }, orange on block { $orange }, { $distance }. Score: blue { $blue_score }, orange { $orange_score }, { $target } to win. Stamina: blue { $blue_sp }, orange { $orange_sp }. Timer: { $timer } cards.
picture-readyfence-guards = Weapons: blue { $blue }, orange { $orange }.
picture-readyfence-phrase = Phrase in progress: { $steps }.
picture-readyfence-hand = Your hand, each card's stamina cost in brackets: { $cards }.

picture-reveal-hands = Final position, hands revealed: blue { $blue }; orange { $orange }.
picture-reveal-forteresse = Both fortresses of every round as they ended, with the damage and the ring cells the shots came from. Final score: blue { $blue }, orange { $orange }.
picture-replay = Animated replay of the match, { $frames } frames.
