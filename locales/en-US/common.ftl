# Words shared by every game: board frames, statuses, buttons.

common-aborted-by = 🛑 Match #{ $id } was aborted by { $admin }. It does not count.
common-timeout-loses = ⏰ **{ $name }** let the deadline pass and loses the match by timeout.
common-wins-match = 🏆 **{ $name }** wins the match!
common-called-off = ⏰ Neither player was ready in time: the match is called off and counts for nobody.
common-you-accepted-draw = You accepted the draw.

## Variant titles: `variant-` and the variant's name.

variant-engarde-basic = En Garde (basic)
variant-engarde-standard = En Garde (standard)
variant-engarde-advanced = En Garde (advanced)
variant-kengo-basic = Kengo (basic)
variant-kengo-normal = Kengo (normal)
variant-kengo-advanced = Kengo (advanced)
variant-forteresse = Forteresse
variant-ready-fence-tutorial = Ready... Fence! (tutorial)
variant-ready-fence-basic = Ready... Fence! (basic)
variant-ready-fence-advanced = Ready... Fence! (advanced)

## Durations

common-days = { $n ->
    [one] 1 day
   *[other] { $n } days
}
common-hours = { $n ->
    [one] 1 hour
   *[other] { $n } hours
}
common-minutes = { $n ->
    [one] 1 minute
   *[other] { $n } minutes
}

## Draws, resignations and prompts

draw-offered = You offered a draw; { $name } has been asked.
draw-both-offered = Your opponent had offered a draw too: the match is drawn.
draw-was-declined = The draw offer was declined.
draw-agreed = 🤝 Draw agreed in match #{ $id }.
draw-declined = { $name } declined the draw in match #{ $id }. Fence on!
hand-board-out-of-date = That board is out of date; here is the match now.
hand-prompt-out-of-date = That prompt is out of date; here is the match now.
resign-confirm = Resign match #{ $id }? Your opponent wins the match.
resign-cancelled = Carry on fencing! 🤺

## Boards

board-both = { $a } and { $b }
board-prompt = { $who }, { $what }.
board-status-aborted = 🛑 Aborted
board-status-won = 🏆 { $name } wins the match
board-status-drawn = 🤝 Drawn
board-status-to-act = To act: { $names }
board-status-to-act-due = To act: { $names } · due { $due }
board-field-practice = Practice
board-practice = vs { $bot } ({ $level }) · not rated
board-field-status = Status
board-button-offer-draw = Offer draw
board-button-resign = Resign
board-button-hand = My hand
board-button-fortress = Place my fortress
board-button-fire = Fire
board-button-cards = My cards
board-button-rematch = Rematch
board-button-record = Record
board-title = #{ $id } · { $title } · { $terms }
practice-level-easy = easy
practice-level-medium = medium
practice-level-hard = hard
hand-board-link = [↩ The board]({ $url })
thread-name = #{ $id } { $a } vs { $b }

## Draw offers

draw-offer = 🤝 { $name } offers a draw in match #{ $id }. { $to }, do you accept? (A move withdraws the offer.)
draw-button-accept = Accept draw
draw-button-decline = Decline

## Reminders

reminder-one = ⏳ { $who }, reminder: your move against { $opponent } in match #{ $id } is due { $due }.{ $link }
reminder-many = ⏳ { $who }, { $count } matches are waiting for your move:
reminder-item = • #{ $id } vs { $opponent }, due { $due }{ $link }
reminder-more = …and { $count } more: see `/engarde matches`.

## Challenges

challenge-text = ⚔️ { $challenger } challenges { $challenged } to **{ $variant }**, { $terms }, { $turn } per move.
    { $challenged }, do you accept? (Expires { $expires }.)
challenge-button-accept = Accept
challenge-button-decline = Decline
challenge-button-withdraw = Withdraw
challenge-accepted = ✅ { $to } accepted the challenge from { $from }: match #{ $id } · { $variant } has begun.
challenge-declined = { $to } declined the challenge from { $from }.
challenge-expired = ⌛ The challenge from { $from } to { $to } expired unanswered.
challenge-withdrawn = { $from } withdrew the challenge to { $to }.

## The list of a player's matches

matches-none = You have no unfinished match in this server. Start one with `/engarde challenge`.
matches-title = **Your unfinished matches**
matches-item = • #{ $id } vs { $opponent } · { $variant } · { $a } – { $b } · { $turn }{ $link }
matches-your-move = **your move**
matches-waiting = waiting
rematch-sent = ⚔️ Rematch: your challenge to { $name } is posted in the channel.
rematch-practice = 🤖 A new practice match, #{ $id }, begins.
spectator-watching = 👀 You are watching match #{ $id }.
spectator-how-to-play = To fence yourself, challenge someone with `/engarde challenge`, or practise against me with `/engarde practice`.
