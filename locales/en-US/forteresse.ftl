# Forteresse: a secret siege on two 7×7 grids.
# Cells (A1..G7), arrows and grid symbols stay as they are in every language.

## Weapons and directions

# $weapon: cannon or rifle
forteresse-weapon = { $weapon ->
    [cannon] cannon
   *[other] rifle
}
forteresse-dir-n = N
forteresse-dir-ne = NE
forteresse-dir-e = E
forteresse-dir-se = SE
forteresse-dir-s = S
forteresse-dir-sw = SW
forteresse-dir-w = W
forteresse-dir-nw = NW
# A list of directions: "NE, E and SE".
forteresse-dirs-comma = { $rest }, { $next }
forteresse-dirs-last = { $rest } and { $last }

## Answers to a shot

forteresse-answer-wall-destroyed = wall at { $cell }, destroyed
forteresse-answer-wall = wall
forteresse-answer-besieged-killed = besieged at { $cell }, killed
forteresse-answer-besieged = besieged, killed
forteresse-answer-nothing = nothing
forteresse-answer-silence = (silence)

## Narration

forteresse-shot = { $icon } **{ $name }** fires the { $weapon ->
    [cannon] cannon
   *[other] rifle
} from { $from } { $dir }: **{ $answer }**.
forteresse-opening = 🏰 Forteresse: **{ $a }** against **{ $b }**, two rounds.
forteresse-opening-first = Both place their fortress in secret (10 walls, 5 besieged); **{ $name }** will shoot first.
forteresse-status-round = Round { $round } of 2.
forteresse-status-last-shot = Last shot: { $shot }
forteresse-setup-done = 🏰 **{ $name }** has placed their fortress.
forteresse-round-started = Round { $round } begins: **{ $name }** shoots first.
forteresse-stopped-all-killed = 🏳️ **{ $name }** has killed all 5 besieged and stops; **{ $other }** fires on alone.
forteresse-stopped-all-killed-last = 🏳️ **{ $name }** has killed all 5 besieged and stops.
forteresse-stopped-no-cells = **{ $name }** has used all 24 ring cells and stops.
forteresse-round-ended = Round { $round } is over: **{ $a }** scores { $score_a }, **{ $b }** scores { $score_b }.
forteresse-setups-awaited = Round { $round }: both place a new fortress in secret; **{ $name }** will shoot first.
forteresse-resigned = **{ $name }** resigns.
forteresse-draw-agreed = 🤝 The players agree to a draw.
forteresse-match-won = 🏆 **{ $name }** wins the match, { $score } to { $other_score }!
forteresse-match-drawn = 🤝 The match is drawn, { $score_a } to { $score_b }.

## Confirmations

forteresse-done-setup = Your fortress is placed. It stays secret.
forteresse-done-shot = You fired the { $weapon ->
    [cannon] cannon
   *[other] rifle
} from { $from } { $dir }.
forteresse-done-resign = You resigned.
forteresse-done-draw = You accepted the draw.

## Legends of the grids

forteresse-attack-legend = `?` unknown · `.` empty · `x` wall destroyed · `*` besieged killed · `o` ring cell used · `+` unused
forteresse-defence-legend = `#` wall · `O` besieged · `x` wall destroyed · `*` besieged killed · `.` empty

## Rules

forteresse-rules = **Forteresse**: a secret siege on two 7×7 grids, two rounds.
    • **Set-up** (secret): in the 5×5 fortress (B2–F6) of your grid, place 10 walls and 5 besieged.
    • **Shots**, in turn: pick a ring cell of the enemy grid you have not used this round (each of the 24 once), a weapon and a direction into the fortress. The shot flies until the first wall or besieged; cells behind it are untouched.
    • **Cannon**: destroys the wall or kills the besieged it meets (announced with its cell). **Rifle**: kills a besieged; a wall stops it and is not destroyed ("wall", no cell).
    • Who has killed all 5 enemy besieged, or used all 24 ring cells, stops; the other fires on alone. The round ends when both have stopped.
    • **Score** per round: 7 per besieged you killed + 3 per cannon and 1 per rifle your opponent fired: every shot you fire gives your opponent points.
    • The higher total after two rounds wins.
forteresse-rules-note-any-of-8 = any of the 8 directions may be chosen; a shot that never enters the fortress is wasted
forteresse-rules-note-extra-shot = a shot that destroys a wall or kills a besieged earns another shot
forteresse-rules-note-same-setup = round 2 is played on the round-1 fortresses, restored
forteresse-rules-note-tie = equal totals go to more besieged killed, then fewer shots
forteresse-rules-in-this-match = In this match: { $notes }.

## The board

forteresse-prompt-setup = place your fortress in secret
forteresse-prompt-shot = your shot
forteresse-terms = two rounds
forteresse-board-score = **{ $a }** { $score_a } – { $score_b } **{ $b }**  (rounds ended: { $rounds })
forteresse-board-sides = Left: what **{ $a }** knows of **{ $b }**'s fortress; right: the reverse.
forteresse-board-placing = 🏰 Still placing their fortress: { $names }.
forteresse-tally = { $name }: { $cannon } cannon, { $rifle ->
    [one] 1 rifle
   *[other] { $rifle } rifles
}, { $killed } killed
forteresse-tally-stopped = { $name }: { $cannon } cannon, { $rifle ->
    [one] 1 rifle
   *[other] { $rifle } rifles
}, { $killed } killed (stopped)
forteresse-field-round = Round
forteresse-field-round-value = { $round } of 2
forteresse-field-shots = Shots this round
forteresse-field-latest = Latest shots
forteresse-latest-shot = { $name }: { $from } { $weapon ->
    [cannon] cannon
   *[other] rifle
} { $dir }: { $answer }

## A player's prompt

forteresse-hand-head = { $marker } **Match #{ $id }** · { $title }, round { $round } of 2
forteresse-hand-setup = **Place your fortress** in secret: 10 walls 🧱, then 5 besieged 👑, on the 25 cells B2–F6. Place them on the grid or choose them from lists, or take a random set-up.
forteresse-hand-over = The match is over.
forteresse-hand-your-shot = **Your shot**: choose a ring cell to fire from. On the right of the picture, what you know of the enemy fortress.
forteresse-hand-waiting-setup = Waiting for { $name } to place their fortress.
forteresse-hand-waiting-shot = Waiting for { $name }'s shot.
forteresse-hand-waiting-both = Waiting for both fortresses.
forteresse-fire-toward = toward { $dirs }
forteresse-fire-from-placeholder = Fire from…
forteresse-random-setup = Random set-up
forteresse-hand-own-standing = Your fortress still stands: 🧱 { $walls } · 👑 { $besieged }
forteresse-place-on-grid = Place on the grid
forteresse-change = Change
forteresse-clear = Clear
forteresse-grid-count = 🧱 Walls **{ $walls }**/10 · 👑 Besieged **{ $besieged }**/5
forteresse-grid-place-walls = Tap a cell to place a wall; tap a piece to take it off.
forteresse-grid-place-besieged = Walls done: tap a cell to place a besieged; tap a piece to take it off.
forteresse-grid-take-off = All placed: tap a piece to take it off.
forteresse-grid-rule-reachable = In this match every besieged must be within reach of a shot: greyed cells are not.
forteresse-error-all-placed = All 10 walls and 5 besieged are placed: take one off first.
forteresse-another-random = Another random one
forteresse-confirm = Confirm
forteresse-back = Back
forteresse-preview-end = Confirm it, change it, or start again.
forteresse-step-random = A random fortress:
forteresse-step-your-fortress = Your fortress:
forteresse-step-fire-from = Fire from **{ $from }**: choose the weapon and the direction. A cannon gives your opponent 3 points, a rifle 1.
forteresse-shot-button = { $weapon ->
    [cannon] Cannon
   *[other] Rifle
} { $dir }

## Refusals of a prompt's step

forteresse-error-wall-count = A set-up needs exactly 10 walls: you chose { $n }.
forteresse-error-besieged-count = A set-up needs exactly 5 besieged: you chose { $n }.
forteresse-error-invalid = That choice is not valid.
forteresse-error-not-fortress = { $cell } is not in the fortress (B2 to F6).
forteresse-error-twice = { $cell } was chosen twice.
forteresse-error-already-placed = Your fortress is already placed.
forteresse-error-not-your-shot = It is not your shot.
forteresse-error-one-cell = Choose one ring cell.
forteresse-error-cannot-fire = You cannot fire from { $cell } now: it is used, or not a ring cell.
forteresse-error-unreachable = A besieged on { $cell } could not be reached by any shot, as this match requires.
