# En Garde and Kengo: the piste, the narration, the labels of actions, the rules.
# $name, $a, $b, $attacker, $defender: player names (already in bold where the text shows them so).
# $card, $advance, $attack: a card's value (1 to 5). $cards: cards joined with plus signs, "3 + 3".

## Cards

engarde-no-cards = no cards
engarde-list-separator = {", "}
engarde-pile-cards = { $count ->
    [one] 1 card
   *[other] { $count } cards
}

## Labels of actions (buttons and menus, at most 80 characters)

engarde-label-advance = Advance { $card }
engarde-label-retreat = Retreat { $card }
engarde-label-attack = Attack { $card }
engarde-label-attack-many = Attack { $card } ×{ $count }
engarde-label-lunge = Advance { $advance } + attack { $attack }
engarde-label-lunge-many = Advance { $advance } + attack { $attack } ×{ $count }
engarde-label-parry = Parry { $cards }
engarde-label-accept-hit = Take the hit
engarde-label-resign = Resign
engarde-label-agree-draw = Agree to a draw

# Placeholders of the menus, when a kind of action has too many choices for buttons.
engarde-menu-advance = Advance…
engarde-menu-retreat = Retreat…
engarde-menu-attack = Attack…
engarde-menu-lunge = Advance and attack…
engarde-menu-move = Advance or retreat…
engarde-menu-attack-or-lunge = Attack, or advance and attack…
engarde-menu-parry = Parry…
engarde-menu-answer = Answer…

## The opening of a match and its status

engarde-opening = En garde! { $a } vs { $b }: { $title }, first to { $hits ->
    [one] 1 hit
   *[other] { $hits } hits
}.
engarde-best-of = Best of { $games } games.
engarde-starts-round-one = { $name } starts round 1.
engarde-starts-round-one-random = { $name } starts round 1 (drawn at random).
engarde-status-over = The match is over: { $name } won.
engarde-status-round = Round { $round } in progress.

## Narration of events ($to: a space of the piste, 1 to 23)

engarde-round-begins = Round { $round } begins: { $name } starts.
engarde-game-round-begins = Game { $game }, round { $round } begins: { $name } starts.
engarde-advanced = { $name } advances { $card } to space { $to }.
engarde-retreated = { $name } retreats { $card } to space { $to }.
engarde-retreated-from-lunge = { $name } escapes the lunge, retreating { $card } to space { $to }.
engarde-attacked = { $name } attacks with { $cards }!
engarde-riposted = { $name } ripostes with { $cards }!
engarde-lunged = { $name } advances { $advance } to space { $to } and attacks with { $cards }!
engarde-parried = { $name } parries with { $cards }.
engarde-hit-accepted = { $name } takes the hit.
engarde-cannot-parry = { $name } cannot parry.
engarde-pile-emptied = { $name } draws the last card of the pile.
engarde-passed-empty-hand = { $name } has no cards left after parrying: draws and passes.
engarde-last-attack = With the pile empty, { $name } makes a last attack with { $card }!
# $hand_a, $hand_b: the cards of each hand ("1, 3, 5" or "no cards"); $attacking_a, $attacking_b: how many equal the distance.
engarde-hands-shown = Hands shown: { $a } { $hand_a } ({ $attacking_a } attacking) · { $b } { $hand_b } ({ $attacking_b } attacking).
engarde-stuck = { $name } has no legal move.
engarde-resigned = { $name } resigns.
engarde-draw-agreed = { $name } accepts the draw.
# The score after a round: names and hits, "Hits: Alice 2 – 1 Bob."
engarde-round-score = Hits: { $a } { $hits_a } – { $hits_b } { $b }.
# $score: the message above.
engarde-round-won-hit = { $name } wins the round with a hit. { $score }
engarde-round-won-stuck = { $name } wins the round because the opponent could not move. { $score }
engarde-round-won-hand-count = { $name } wins the round on the cards in hand. { $score }
engarde-round-won-position = { $name } wins the round on position. { $score }
engarde-round-won-resign = { $name } wins the round by resignation. { $score }
engarde-round-won = { $name } wins the round. { $score }
engarde-round-drawn = The round is drawn: nobody scores. { $score }
engarde-game-won = { $name } wins the game. Games: { $games_a } – { $games_b }.
engarde-match-won = 🏆 { $name } wins the match!
engarde-match-drawn = 🤝 The match is drawn.

## A player's confirmation of their own move

engarde-done-advance = You advanced { $card }.
engarde-done-retreat = You retreated { $card }.
engarde-done-attack = You attacked with { $cards }.
engarde-done-lunge = You advanced { $advance } and attacked with { $cards }.
engarde-done-parry = You parried with { $cards }.
engarde-done-accept-hit = You took the hit.
engarde-done-resign = You resigned.
engarde-done-agree-draw = You accepted the draw.

## The board

# What the players to act must decide, after their mentions: "@Alice, your turn. Press Play…"
engarde-prompt-riposte = your turn again after the parry: move or riposte
engarde-prompt-turn = your turn
engarde-prompt-defend-lunge = you are attacked: parry, retreat or take the hit
engarde-prompt-defend = you are attacked: parry or take the hit
# What a match is played to, in a challenge: "…to En Garde (standard), first to 5 hits, 1 day per move."
engarde-terms = first to { $hits ->
    [one] 1 hit
   *[other] { $hits } hits
}
# After the score in a best-of match.
engarde-board-games = (games { $games_a } – { $games_b })
engarde-board-attacked = ⚔️ { $attacker } attacked with { $cards }: { $defender } must answer.
# Names of the board's fields (at most 256 characters).
engarde-field-round = Round
engarde-field-distance = Distance
engarde-field-pile = Pile
engarde-field-last-card = Last card

## A player's hand

# $seat: A or B, as on the piste; $side: left or right.
engarde-hand-match = { $marker } **Match #{ $id }** · { $title } · you are **{ $seat }** ({ $side ->
    [left] left side
   *[right] right side
})
engarde-hand-cards = **Your hand:** { $cards }
engarde-hand-facts = Distance **{ $distance }** · pile { $pile } · last card { $last }
engarde-hand-riposte = **You parried**: take your turn with the cards left (you draw afterwards).
engarde-hand-turn = **Your turn**: choose an action.
engarde-hand-attacked = **You are attacked** with { $cards }: parry or take the hit.
engarde-hand-attacked-lunge = **You are attacked** with { $cards }: parry, retreat or take the hit.
engarde-hand-over = The match is over.
engarde-hand-waiting = Waiting for { $name }.

## Rules summaries (/engarde rules): paragraphs put together by the code

engarde-rules-engarde = Two fencers face each other on a piste of 23 spaces, starting on the end spaces. The deck has 25 cards, five each of 1 to 5; each player holds 5.
engarde-rules-kengo = Kengo, a redesign of En Garde: the fencers start just off the 23-space piste, so the first move enters it. The deck has 25 cards, five each of 1 to 5; each player holds 5. The loser of a round starts the next one.
engarde-rules-turn = **Your turn**: play one card, then draw back to 5.
engarde-rules-advance = **Advance**: move exactly that many spaces forward; you may not reach or pass the opponent.
engarde-rules-retreat = **Retreat**: move exactly that many spaces back; you may not leave the piste.
engarde-rules-attack = **Attack**: play a card equal to the distance between you. You do not move.
engarde-rules-basic-hits = In the basic game every attack hits.
engarde-rules-strengthen = You may add more cards of that value to strengthen the attack.
engarde-rules-parry-identical = **Parry**: answer an attack with exactly the same cards, or take the hit.
engarde-rules-parry-same-total = **Parry**: answer an attack with as many cards reaching the same total, or take the hit.
engarde-rules-after-parry = After a parry you take your turn at once with the cards you have left (an attack then is a riposte), and only then draw.
engarde-rules-lunge = **Advance and attack** (lunge): one card to advance, then attack cards equal to the new distance. The defender may parry the attack cards or retreat one card's worth instead.
engarde-rules-round-end = **A round ends** when an attack hits, or when a player cannot move (they lose).
engarde-rules-pile-basic = When the last card is drawn, the other player wins if they hold a card equal to the distance; otherwise whoever moved farther from their start wins (equal: a draw).
engarde-rules-pile-standard = When the last card is drawn (after any pending parry), hands are shown: more cards equal to the distance wins; if equal, whoever moved farther from their start wins; if equal again, the round is drawn.
engarde-rules-first-to = First to **{ $hits ->
    [one] 1 hit
   *[other] { $hits } hits
}** wins the match.
