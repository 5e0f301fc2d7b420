# Words shared by every game: board frames, statuses, buttons.

common-match-title = Match #{ $id } · { $title }
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
