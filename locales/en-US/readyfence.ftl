# Ready... Fence! (épée with fencing cards): the strip, the cards, the narration, the prompts.

## Colours of the fencers

readyfence-colour-green = Green
readyfence-colour-red = Red

## Card names, as printed

readyfence-kind-straight-thrust = Straight Thrust
readyfence-kind-beat-thrust = Beat Thrust
readyfence-kind-disengage = Disengage
readyfence-kind-toe-touch = Toe-touch
readyfence-kind-glide-attack = Glide Attack
readyfence-kind-flick = Flick
readyfence-kind-flanconade = Flanconade
readyfence-kind-fleche = Flèche
readyfence-kind-parry-riposte = Parry-Riposte
readyfence-kind-ceding-parry = Ceding Parry
readyfence-kind-infighting = Infighting
readyfence-kind-stop-hit = Stop Hit
readyfence-kind-counter-time = Counter-time
readyfence-kind-feint-in-time = Feint in Time
readyfence-kind-joker = Joker
readyfence-kind-angulation = Angulation
readyfence-kind-renewed-attack = Renewed Attack
readyfence-kind-feint = Feint

# A card with its printed speed, e.g. "Stop Hit 5".
readyfence-card-speed = { $name } { $speed }
# A card with an Angulation attached.
readyfence-with-angulation = { $card } + Angulation

## The card's colour and kind of action

readyfence-class-attack = red, attack
readyfence-class-disengage = red attack or cyan counter-attack
readyfence-class-parry = blue, parry
readyfence-class-infighting = red attack or blue parry
readyfence-class-counter = cyan, counter-attack
readyfence-class-blue-special = blue, special
readyfence-class-cyan-special = cyan, special
readyfence-class-gold-special = gold, special
readyfence-class-bonus = orange, bonus

## What each card does, in one short line

readyfence-effect-straight-thrust = opens at lunge distance; +2 if you are in line and they are in invitation
readyfence-effect-beat-thrust = opens at lunge distance, not against invitation; +1 against point-in-line
readyfence-effect-disengage = opens only against engagement (and ignores its −1); or counters a Flanconade, Beat Thrust or Glide Attack
readyfence-effect-toe-touch = opens at lunge distance; cannot be parried: only a Stop Hit or Defence by Distance answer
readyfence-effect-glide-attack = opens only against point-in-line; or ripostes at speed 4 after your own parry
readyfence-effect-flick = opens at lunge distance, not against invitation; +1 against point-in-line
readyfence-effect-flanconade = opens only against point-in-line
readyfence-effect-fleche = opens at long distance only; you play nothing more in that phrase
readyfence-effect-parry-riposte = parries any attack or riposte of speed ≤ its own, then ripostes at its speed −2
readyfence-effect-ceding-parry = scores at once against a Glide Attack or Flanconade; else parries at 4, no riposte
readyfence-effect-infighting = short distance only: opens, or parries Infighting and ripostes at its speed −2
readyfence-effect-stop-hit = counters a Straight Thrust, Beat Thrust, Toe-touch, Flick, Flèche or riposte: faster wins, equal is a double
readyfence-effect-counter-time = answers a counter-attack: a point unless Feint in Time answers it
readyfence-effect-feint-in-time = answers Counter-time only: a point at once
readyfence-effect-joker = answers anything but a card that scores at once: a point at once; never opens
readyfence-effect-angulation = attach to your own attack or counter-attack: +2 speed
readyfence-effect-renewed-attack = after your first attack at lunge distance is parried: it comes back at +2 and cancels the riposte; no Feint after it
readyfence-effect-feint = after your first attack at lunge distance is parried: switch to another attack card, or stop the phrase

## Weapon positions

readyfence-guard-line = point-in-line
readyfence-guard-inv = invitation
readyfence-guard-eng = engagement

## Distances

readyfence-distance-short = short
readyfence-distance-lunge = lunge
readyfence-distance-long = long
readyfence-distance-out = out of distance
# A distance with the number of empty blocks, e.g. "lunge (1 empty block)".
readyfence-distance = { $name } ({ $gap ->
    [one] { $gap } empty block
   *[other] { $gap } empty blocks
})

## Outcomes of a phrase

readyfence-points-touch = 🎯 Touch for { $name }!
readyfence-points-double = 🎯🎯 Double touch: a point each.
readyfence-points-void = Double touch, void: no point.
readyfence-points-penalty = 🚩 Off the strip: a point for { $name }.
readyfence-points-none = The phrase ends with no point.

## The role of a step in a phrase

readyfence-role-opening = attack
readyfence-role-renewed = renewed attack
readyfence-role-parry = parry
readyfence-role-riposte = riposte
readyfence-role-glide-riposte = Glide riposte
readyfence-role-counter = counter-attack
readyfence-role-counter-time = counter-time
readyfence-role-immediate = scores at once
readyfence-role-feint-card = feint into
readyfence-role-feint-stop = feint, phrase stopped
readyfence-role-nocard-parry = parry without a card
readyfence-role-distance = defence by distance
readyfence-role-concede = concedes

## A step of a phrase, as narrated ($who: the fencer, $card: the card, $at: the speed part, $paid: the stamina part)

readyfence-at-speed = {" "}at speed **{ $speed }**
readyfence-paid = {" "}({ $sp } SP)
readyfence-phrase-opening = ⚔️ { $who } opens a phrase with { $card }{ $at }{ $paid }.
readyfence-phrase-renewed = ⚔️ { $who } renews the attack{ $at }{ $paid }.
readyfence-phrase-parry = 🛡️ { $who } parries with { $card }{ $at }{ $paid }.
readyfence-phrase-riposte = ↩️ { $who } ripostes{ $at }{ $paid }.
readyfence-phrase-glide-riposte = ↩️ { $who } ripostes with { $card }{ $at }{ $paid }.
readyfence-phrase-counter = ⚡ { $who } counter-attacks with { $card }{ $at }{ $paid }.
readyfence-phrase-counter-time = 🔁 { $who } plays { $card }: a point unless Feint in Time answers{ $paid }.
readyfence-phrase-immediate = ✨ { $who } plays { $card }, which scores at once{ $paid }.
readyfence-phrase-feint-card = 🎭 { $who } feints into { $card }{ $at }{ $paid }.
readyfence-phrase-feint-stop = 🎭 { $who } feints and stops the phrase{ $paid }.
readyfence-phrase-nocard-parry = 🛡️ { $who } parries without a card{ $at }{ $paid }.
readyfence-phrase-distance = ↔️ { $who } breaks distance (Defence by Distance){ $paid }.
readyfence-phrase-concede = { $who } concedes the touch{ $paid }.

## How a bout was won

readyfence-end-target = reaching the target
readyfence-end-points = on points at the end of time
readyfence-end-extra-time-point = with the point in extra time
readyfence-end-priority = on priority, extra time having run out
readyfence-end-tie-touch = with the deciding touch
readyfence-end-empty-hand = as the other had to act with an empty hand
readyfence-end-tie-double = with a double touch
readyfence-end-resign = by resignation
readyfence-end-draw-agreed = by agreement

## The bout

readyfence-terms = first to { $target } points, { $periods ->
    [one] { $periods } period
   *[other] { $periods } periods
}
readyfence-mode-tutorial = Ready... Fence! tutorial
readyfence-mode-basic = Ready... Fence! basic game
readyfence-mode-advanced = Ready... Fence! advanced game
readyfence-opening = 🤺 En garde! { $green } (Green) against { $red } (Red): { $mode }, { $terms }.
readyfence-opening-coin = The coin says { $name } plays first.
readyfence-opening-mulligan = Each fencer first keeps their hand or takes the mulligan (once).
readyfence-status-won = The bout is over: { $name } won { $how }.
readyfence-status-drawn = The bout is over: drawn { $how }.
readyfence-status-period = Period { $period } of { $periods }: { $green } { $green_score } – { $red_score } { $red }.
readyfence-status-phrase = Phrase in progress, last: { $step }.
# A phrase step on the board, e.g. "G Alice, attack: Stop Hit 5 → speed **6**".
readyfence-step = { $letter } { $name }, { $role }{ $card }{ $speed }
readyfence-step-card = : { $card }
readyfence-step-speed = {" "}→ speed **{ $speed }**

## Events

readyfence-event-mulligan = 🔄 { $name } takes the mulligan: { $cards ->
    [one] { $cards } card exchanged.
   *[other] { $cards } cards exchanged.
}
readyfence-event-kept = { $name } keeps their hand.
readyfence-event-passed = { $name } passes.
readyfence-event-skipped = { $name }'s turn is skipped (after a Stall).
readyfence-event-off-strip = { $name } steps off the strip!
readyfence-event-moved = 👣 { $name } moves to block { $block }.
readyfence-event-weapon = 🗡️ { $name } takes the { $guard } position.
readyfence-event-swapped = 🃏 { $name } discards { $discarded ->
    [one] { $discarded } card
   *[other] { $discarded } cards
} and draws { $drawn }.
readyfence-event-stalled = ⏸️ { $name } stalls: stamina now { $stamina }, a timer card burned.
readyfence-event-on-guard = The fencers go back on guard.
readyfence-event-period-ended = ⏱️ Period { $period } is over.
readyfence-event-period-started = ⏱️ Period { $period } begins: { $timer ->
    [one] { $timer } card
   *[other] { $timer } cards
} in the timer, fencers on guard.
readyfence-event-extra-time = ⏱️ Tied: extra time! The next point wins; { $timer ->
    [one] { $timer } card
   *[other] { $timer } cards
} in the timer; { $name } has priority.
readyfence-event-tutorial-tie = ⏱️ Tied with no cards left to draw: the next single touch wins.
readyfence-event-resigned = { $name } resigns.
readyfence-event-draw-agreed = 🤝 The fencers agree to a draw.
readyfence-event-won = 🏆 { $name } wins the bout { $how }, { $score } to { $other }!
readyfence-event-drawn = 🤝 The bout is drawn { $how }, { $green } to { $red }.

## Decisions, as button and menu labels

readyfence-label-mulligan = Take the mulligan
readyfence-label-keep = Keep this hand
readyfence-label-forward = Move forward
readyfence-label-back = Move back
readyfence-label-weapon = Weapon: { $guard }
readyfence-label-swap = Discard { $card } and draw
readyfence-label-stall = Stall (+2 SP)
readyfence-label-retreat = Retreat 2 blocks
readyfence-label-retreat-swap = Retreat, swap { $card }
readyfence-label-end-turn = End the turn
readyfence-label-play = Attack: { $card }
readyfence-label-parry = Parry without a card
readyfence-label-distance = Defence by Distance
readyfence-label-distance-swap = Distance, discard { $card }
readyfence-label-concede = Concede the touch
readyfence-label-renew = Renewed Attack (+2)
readyfence-label-feint-stop = Feint: stop the phrase
readyfence-label-feint = Feint into { $card }
readyfence-label-glide = Riposte: { $card }
readyfence-label-pass = Pass
readyfence-label-resign = Resign
readyfence-label-agree-draw = Agree to a draw

## Confirmations of a player's own decision

readyfence-done-mulligan = You took the mulligan.
readyfence-done-keep = You kept your hand.
readyfence-done-forward = You moved forward.
readyfence-done-back = You moved back.
readyfence-done-weapon = You took the { $guard } position.
readyfence-done-swap = You discarded { $card } and drew a card.
readyfence-done-stall = You stalled.
readyfence-done-retreat = You retreated.
readyfence-done-retreat-swap = You retreated, discarding { $card } and drawing a card.
readyfence-done-end-turn = You ended your turn.
readyfence-done-play = You attacked with { $card }.
readyfence-done-answer = You answered with { $card }.
readyfence-done-parry = You parried without a card.
readyfence-done-distance = You broke distance.
readyfence-done-distance-swap = You broke distance, discarding { $card }.
readyfence-done-concede = You conceded the touch.
readyfence-done-renew = You renewed the attack.
readyfence-done-feint-stop = You feinted and stopped the phrase.
readyfence-done-feint = You feinted into { $card }.
readyfence-done-glide = You riposted with { $card }.
readyfence-done-pass = You passed.
readyfence-done-resign = You resigned.
readyfence-done-agree-draw = You accepted the draw.

## The rules, paragraph by paragraph (each under 2000 characters)

readyfence-rules-intro = **{ $mode }**: épée with fencing cards. Two fencers, Green and Red, on a strip of 10 blocks; leaving it at your end gives your opponent a point. Distance is the number of empty blocks between you: **short** (0), **lunge** (1), **long** (2), out of distance (3+).
readyfence-rules-turn-tutorial = **A turn** is two game actions, or one and then an attack, or an attack alone: **move** 1 block, **change weapon position** (once a turn). An **attack** opens a phrase with a red card; it ends the turn.
readyfence-rules-turn-basic = **A turn** is two game actions, or one and then an attack, or an attack alone: **move** 1 block, **change weapon position** (once a turn), **discard and draw** 1 card (once), **stall** (the whole turn: +2 stamina, burns a timer card; not twice in a row). An **attack** opens a phrase with a red card; it ends the turn.
readyfence-rules-turn-advanced = **A turn** is two game actions, or one and then an attack, or an attack alone: **move** 1 block, **change weapon position** (once a turn), **discard and draw** 1 card (once), **stall** (the whole turn: +2 stamina, burns a timer card; not twice in a row), **retreat** 2 blocks (may swap a card). An **attack** opens a phrase with a red card; it ends the turn.
readyfence-rules-phrase-tutorial = **A phrase**: the defender answers the attack card by card: red is answered by blue (parry) or cyan (counter-attack), cyan by blue, blue by cyan, each card's own limits aside; at most 2 main cards each. A **parry** holds if its speed is at least the attack's, then ripostes; a **counter-attack** faster than the threat takes over, an equal one is a double touch, a slower one is hit. Without a card you may **parry** (stamina: 1 per 2 speed) or, in the tutorial, only **break distance** (back 2 blocks, 1 stamina), once a phrase, only when no card of yours would stop the attack. You may always concede the touch.
readyfence-rules-phrase = **A phrase**: the defender answers the attack card by card: red is answered by blue (parry) or cyan (counter-attack), cyan by blue, blue by cyan, each card's own limits aside; at most 2 main cards each. A **parry** holds if its speed is at least the attack's, then ripostes; a **counter-attack** faster than the threat takes over, an equal one is a double touch, a slower one is hit. Without a card you may **parry** (stamina: 1 per 2 speed) or **break distance** (back 2 blocks, 1 stamina, attacks of speed 5 or less), once a phrase, only when no card of yours would stop the attack. You may always concede the touch.
readyfence-rules-speed = **Speed** = the card's speed, +1 for a defence from invitation, −1 for an attack against engagement, plus the card's own bonus. Weapon positions: point-in-line beats invitation, invitation beats engagement, engagement beats point-in-line.
readyfence-rules-mode-tutorial = **Tutorial**: 41 cards, 6 in hand; card stamina is ignored; phrases open only at lunge distance; after a phrase every played card is discarded and both draw back to 6. After a turn without a phrase you may swap a card for free. The timer is the draw pile; bouts to 5, 10 or 15 points.
readyfence-rules-mode-basic = **Basic**: 35 cards; each fencer holds a yellow Straight Thrust 3 and 5 more; a card costs its stamina (SP, 0 to 6, 6 at the start). Played cards come back to your hand. 12 cards form the timer: a period ends when it is empty. Pool: 5 points, 1 period; direct elimination: 10 points, 2 periods. A tie goes to extra time.
readyfence-rules-mode-advanced = **Advanced**: all 54 cards, 6 in hand; a card costs its stamina (SP 6, then 5 and 4 in later periods). Played cards come back, the Joker is discarded. 12 cards form the timer. Pool: 5 points, 1 period; direct elimination: 15 points, 3 periods. A tie goes to extra time.
readyfence-rules-recovery = After a touch both fencers go back on guard and each gains 1 stamina unless they spent some in that phrase.
readyfence-rules-cards = **The cards** (name, copies and speeds, stamina cost):
# One card of the deck: $speeds is readyfence-rules-speeds or nothing.
readyfence-rules-card = • **{ $name }** ×{ $copies }{ $speeds }, SP { $sp } ({ $class }): { $effect }.
readyfence-rules-speeds = , speed { $list }

## The board

readyfence-threat-riposte = the riposte ({ $card }) at speed { $speed }
readyfence-threat-renewed = the renewed { $card } at speed { $speed }
readyfence-threat = { $card } at speed { $speed }
readyfence-prompt-mulligan = keep your hand or take the mulligan
readyfence-prompt-turn-goes-on = your turn goes on: a second action, or an attack
readyfence-prompt-turn = your turn: two actions, or one and an attack, or an attack
readyfence-prompt-free-swap = you may swap a card for free, or pass
readyfence-prompt-answer = answer { $threat }
readyfence-prompt-renew-or-feint = your attack was stopped: renew it, feint, or pass
readyfence-prompt-glide = you parried: riposte with a Glide Attack, or pass
readyfence-period-extra-time = extra time, priority { $name }
readyfence-period = { $period } of { $periods }
readyfence-period-tutorial-tie = { $period } of { $periods }, tied: next single touch
readyfence-board-score = **{ $green }** { $green_score } – { $red_score } **{ $red }** · first to { $target }
readyfence-board-fencers = G = { $green } (Green) · R = { $red } (Red)
readyfence-board-distance = Distance: **{ $distance }**
readyfence-board-stamina = stamina { $stamina } · { $cards ->
    [one] { $cards } card
   *[other] { $cards } cards
}
readyfence-board-stalled = stalled last turn
readyfence-field-period = Period
readyfence-field-timer = Timer
readyfence-timer-left = { $timer ->
    [one] { $timer } card left
   *[other] { $timer } cards left
}
readyfence-field-mulligan = Mulligan
readyfence-mulligan-pending = still deciding: { $names }
readyfence-field-turn = Turn
readyfence-used-weapon = weapon changed
readyfence-used-swap = card swapped
readyfence-used-retreat = retreated
readyfence-turn-actions = { $name }: { $actions ->
    [one] { $actions } action taken
   *[other] { $actions } actions taken
}{ $used }
readyfence-turn-used = {" "}({ $list })
readyfence-field-phrase = Phrase
readyfence-phrase-fleche = Flèche: the attacker plays nothing more.

## A player's hand and prompt

readyfence-sp = {" "}· SP { $sp }
readyfence-card-line-speed = {" "}· speed { $speed }
readyfence-card-line = • **{ $name }**{ $speed }{ $sp } · { $class }: { $effect }
readyfence-waiting = Waiting for { $name }.
readyfence-over = The bout is over.
readyfence-situation-mulligan = **Mulligan**: keep this hand, or put it back and get as many new cards (once).
readyfence-situation-turn-goes-on = **Your turn goes on**: a second action, or an attack.
readyfence-situation-turn = **Your turn**: two actions, or one and then an attack, or an attack alone. Choose one at a time.
readyfence-situation-free-swap = **Free swap**: discard a card and draw one, or pass.
readyfence-way-card = with a card
readyfence-way-no-card = without a card
readyfence-way-concede = or concede the touch
readyfence-situation-answer = **Answer** { $threat }: { $ways }.
readyfence-situation-renew-or-feint = **Your attack was stopped**: renew it, feint, or pass.
readyfence-situation-glide = **You parried**: riposte with a Glide Attack, or pass.
readyfence-hand-header = { $marker } **Match #{ $match }** · { $title } · you are **{ $colour }** ({ $letter }, block { $block })
readyfence-hand-cards = **Your hand:** { $cards }
readyfence-hand-empty = no cards
readyfence-hand-status = Stamina **{ $stamina }** · { $guard } · distance **{ $distance }** · score { $mine } – { $theirs }
readyfence-list-separator = ,{" "}

## Menus

readyfence-placeholder-attack = Attack with…
readyfence-placeholder-answer = Answer with…
readyfence-placeholder-feint = Feint into…
readyfence-placeholder-riposte = Riposte with…
readyfence-placeholder-choose = Choose…
readyfence-placeholder-weapon = Weapon position…
readyfence-placeholder-swap = Discard and draw…
readyfence-placeholder-retreat-swap = Retreat and swap…
readyfence-placeholder-distance-swap = Break distance, discarding…
readyfence-button-card-rules = 📖 Card rules
readyfence-card-rules-head = 📖 **Your cards**:
readyfence-card-rules-placeholder = Another card's rules…
readyfence-card-rules-kind = 📖 **{ $name }** · { $class }: { $effect }
readyfence-placeholder-more = Weapon position, discard and draw…
readyfence-option-speed = speed { $speed }
readyfence-option-speed-angulation = speed { $speed } +2
readyfence-option-card = { $card } · { $class }
