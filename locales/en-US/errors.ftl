# Refusals and apologies: short, and never a stack trace.

error-challenge-self = You can't challenge yourself.
error-challenge-bot = Bots can't take challenges: challenge a person, or play me with `/engarde practice`.
error-practice-no-draw = The practice bot does not agree draws: fence on, or resign to stop.
error-already-playing = You already have an unfinished match with { $name } (match #{ $id }).
error-challenge-pending = There is already a pending challenge between you and { $name }.
error-challenge-not-found = That challenge no longer exists.
error-not-for-you = This challenge is not for you.
error-challenge-accepted = This challenge was already accepted.
error-challenge-declined = This challenge was declined.
error-challenge-withdrawn = This challenge was withdrawn.
error-challenge-expired = This challenge has expired.
error-challenge-closed = This challenge is closed.
error-match-not-found = There is no match #{ $id } in this server.
error-no-match = You have no unfinished match here.
error-several-matches = You have several unfinished matches: choose one with the `match` option.
error-not-in-match = You are not playing in this match.
error-rematch-too-early = This match is still being played: a rematch comes once it is over.
error-match-over = This match is over.
error-stale = This is out of date: the match has moved on.
error-stale-link = This is out of date: the match has moved on. The current board: { $url }
error-not-your-turn = It is not your turn: waiting for { $name }.
error-illegal = That move is not allowed: { $why }.
error-already-applied = That was already done.
error-not-a-move = That is not a move you can make here.
error-draw-lapsed = This draw offer has lapsed: a move was made, or it was answered.
error-deadline-passed = Too late: the time for this move has run out, and the match is lost on time.
error-no-challenge = You have no pending challenge to withdraw here.
error-not-admin = Only members who can manage this server may do that.
error-internal = Sorry, something went wrong on our side. Please try again in a moment.
# The database is out of reach for a while (stopped, its disk full): the click changed nothing.
error-unavailable = The bot can't reach its records just now, so nothing was changed. Try again in a moment.
error-guild-only = This command works in a server channel, not in direct messages.
error-option-unreadable = I could not read that option: `{ $input }`.
error-option-missing = An option is missing or could not be read.
error-turn-time-range = The time per move must be between { $min } and { $max }.
error-challenge-expiry-range = The challenge expiry must be between { $min } and { $max }.
error-turn-time-unreadable = I could not read the time per move `{ $input }`: write it like 30m, 12h or 2d.
error-challenge-expiry-unreadable = I could not read the challenge expiry `{ $input }`: write it like 30m, 12h or 2d.
error-rules-do-not-fit = Those rules do not fit { $variant }: { $why }.
error-export-unfinished = Match #{ $id } is still being played: its record can be exported once it is over.
error-unknown-board = There is no game or variant `{ $name }`: pick one from the list.
error-unknown-variant = There is no variant `{ $name }`: pick one from the list.
error-bot-has-no-record = Bots don't fence: they have no record.
error-invalid-button = That button is not valid (any more).
error-invalid-choice = That choice is not valid.

## Why the rules refuse a move (ids named by the rules crate's IllegalMove)
rules-wrong-game = that is not a move of { $game }
rules-match-over = the match is over
rules-not-your-decision = it is not your decision now
rules-must-answer-attack = you must answer the attack first: parry, retreat or take the hit
rules-no-attack-to-answer = there is no attack to answer
rules-not-in-hand = you do not hold { $cards }
rules-no-cards = at least one card is needed
rules-advance-too-far = you cannot advance { $card }: the opponent is { $distance } spaces away and you may not reach or pass them
rules-retreat-off-piste = you cannot retreat { $card }: that would leave the piste
rules-wrong-attack-value = you cannot attack with a { $card }: an attack needs cards equal to the distance, { $distance }
rules-too-many-attack-cards = this attack may use only one card
rules-no-lunge-at-this-level = advance-and-attack is only in the advanced game
rules-parry-mismatch = the parry does not match the attack
rules-retreat-not-allowed = only an advance-and-attack can be answered by retreating; parry or take the hit
rules-pile-too-short = the pile has too few cards left to refill your hand after that
rules-stopped-all-killed = you have stopped shooting this round: you killed all 5 besieged
rules-stopped-no-cells-left = you have stopped shooting this round: you used all 24 ring cells
rules-setups-pending = both set-ups are not in yet: no shot before both fortresses are placed
rules-already-set-up = you already placed your fortress this round
rules-setup-wall-count = a set-up needs exactly 10 walls (this one has { $count })
rules-setup-besieged-count = a set-up needs exactly 5 besieged (this one has { $count })
rules-setup-outside-fortress = { $cell } is not in the fortress: walls and besieged go on B2 to F6
rules-setup-repeated = { $cell } is used twice: each cell holds one wall or one besieged
rules-setup-unreachable = the besieged on { $cell } cannot be reached: every line from it to the ring is blocked (rule: every besieged must be reachable)
rules-not-a-ring-cell = { $cell } is not a ring cell: shots are fired from columns A and G and rows 1 and 7
rules-cell-used = { $cell } was already used this round
rules-bad-direction = { $cell } { $dir } does not point into the fortress: from { $cell } { $ways ->
    [one] the only way in is { $legal }
   *[other] the ways in are { $legal }
}
rules-card-not-held = you hold no { $card }
rules-not-now = that is not a legal choice in { $stage ->
    [mulligan] the mulligan decision
    [turn] your turn
    [free_swap] the tutorial's free swap
    [answer] your answer in the phrase
    [renew_feint] the choice to renew or feint
    [glide] the choice of a Glide riposte
   *[end] the end
} now
