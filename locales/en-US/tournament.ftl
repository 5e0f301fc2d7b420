# Tournaments (issue #27): commands, announcement, rounds, standings, refusals.

## Commands (ids built by src/discord/commands/localize.rs).

cmd-engarde-tournament-name = tournament
cmd-engarde-tournament-description = Tournaments: a Swiss or a round robin over days.
cmd-engarde-tournament-create-name = create
cmd-engarde-tournament-create-description = Create a tournament and open its sign-ups (managers).
cmd-engarde-tournament-create-name-name = name
cmd-engarde-tournament-create-name-description = The event's name
cmd-engarde-tournament-create-format-name = format
cmd-engarde-tournament-create-format-description = Swiss (players with equal scores meet) or round robin (everyone meets everyone)
cmd-engarde-tournament-create-format-choice-swiss = swiss
cmd-engarde-tournament-create-format-choice-round-robin = round-robin
cmd-engarde-tournament-create-variant-name = variant
cmd-engarde-tournament-create-variant-description = Rules variant (default: this server's)
cmd-engarde-tournament-create-hits-name = hits
cmd-engarde-tournament-create-hits-description = Hits or points to win: En Garde, Kengo 1 to 15 (default 5); Ready... Fence! 5, 10 or 15
cmd-engarde-tournament-create-rounds-name = rounds
cmd-engarde-tournament-create-rounds-description = Swiss: rounds to play (default: enough for the number of players)
cmd-engarde-tournament-create-double-name = double
cmd-engarde-tournament-create-double-description = Round robin: everyone meets twice, once on each side
cmd-engarde-tournament-create-turn-time-name = turn_time
cmd-engarde-tournament-create-turn-time-description = Time for each move, e.g. 12h, 2d (default: this server's)
cmd-engarde-tournament-create-round-time-name = round_time
cmd-engarde-tournament-create-round-time-description = How long a round may last, e.g. 7d (default: 7 days)
cmd-engarde-tournament-create-rated-name = rated
cmd-engarde-tournament-create-rated-description = Whether its matches change ratings (default: yes)
cmd-engarde-tournament-create-away-name = away
cmd-engarde-tournament-create-away-description = Whether players may take away time: their clocks stop and the round waits (default: no)
cmd-engarde-tournament-create-max-players-name = max_players
cmd-engarde-tournament-create-max-players-description = The most players, 3 to 64 (default: 64)
cmd-engarde-tournament-create-signup-name = signup
cmd-engarde-tournament-create-signup-description = How long sign-ups stay open, e.g. 1d (default: 1 day)
cmd-engarde-tournament-start-name = start
cmd-engarde-tournament-start-description = Start a tournament now, before its sign-ups close (managers).
cmd-engarde-tournament-start-event-name = event
cmd-engarde-tournament-start-event-description = The event's number (default: this server's latest)
cmd-engarde-tournament-join-name = join
cmd-engarde-tournament-join-description = Sign up for a tournament.
cmd-engarde-tournament-join-event-name = event
cmd-engarde-tournament-join-event-description = The event's number (default: this server's latest)
cmd-engarde-tournament-leave-name = leave
cmd-engarde-tournament-leave-description = Leave a tournament (once it has started, your remaining games are lost).
cmd-engarde-tournament-leave-event-name = event
cmd-engarde-tournament-leave-event-description = The event's number (default: this server's latest)
cmd-engarde-tournament-standings-name = standings
cmd-engarde-tournament-standings-description = A tournament's standings.
cmd-engarde-tournament-standings-event-name = event
cmd-engarde-tournament-standings-event-description = The event's number (default: this server's latest)
cmd-engarde-tournament-standings-page-name = page
cmd-engarde-tournament-standings-page-description = Which page (default: the first)
cmd-engarde-tournament-mine-name = mine
cmd-engarde-tournament-mine-description = Your current or next pairing in a tournament.
cmd-engarde-tournament-mine-event-name = event
cmd-engarde-tournament-mine-event-description = The event's number (default: this server's latest)
cmd-engarde-tournament-remove-name = remove
cmd-engarde-tournament-remove-description = Remove a player from a tournament (managers).
cmd-engarde-tournament-remove-player-name = player
cmd-engarde-tournament-remove-player-description = Who to remove
cmd-engarde-tournament-remove-event-name = event
cmd-engarde-tournament-remove-event-description = The event's number (default: this server's latest)
cmd-engarde-tournament-pause-name = pause
cmd-engarde-tournament-pause-description = Pause a tournament: its clocks stop (managers).
cmd-engarde-tournament-pause-event-name = event
cmd-engarde-tournament-pause-event-description = The event's number (default: this server's latest)
cmd-engarde-tournament-resume-name = resume
cmd-engarde-tournament-resume-description = Resume a paused tournament (managers).
cmd-engarde-tournament-resume-event-name = event
cmd-engarde-tournament-resume-event-description = The event's number (default: this server's latest)
cmd-engarde-tournament-cancel-name = cancel
cmd-engarde-tournament-cancel-description = Cancel a tournament: its live matches are aborted (managers).
cmd-engarde-tournament-cancel-event-name = event
cmd-engarde-tournament-cancel-event-description = The event's number (default: this server's latest)
cmd-engarde-admin-tournament-role-name = tournament-role
cmd-engarde-admin-tournament-role-description = The role whose members may run tournaments (none: only server managers).
cmd-engarde-admin-tournament-role-role-name = role
cmd-engarde-admin-tournament-role-role-description = The role (leave empty to clear it)

## The announcement and the event's messages.

tournament-format-swiss = Swiss
tournament-format-swiss-rounds = Swiss in { $rounds } rounds
tournament-format-round-robin = round robin
tournament-format-double-round-robin = double round robin
tournament-state-signup = Sign-ups close { $closes }.
tournament-state-running = Round { $round } is on, until { $due }.
tournament-state-paused = Paused during round { $round }.
tournament-state-finished = The event is over.
tournament-state-cancelled = The event was cancelled.
tournament-no-players-yet = nobody yet
tournament-more-players = and { $count } more
tournament-announcement = 🏆 **{ $name }** (tournament #{ $id })
    { $variant }, { $format }; { $turn } per move, { $round } per round; { $rated ->
        [yes] rated
       *[no] unrated
    }.
    Players ({ $count }/{ $max }): { $players }
    { $state }
tournament-button-join = Join
tournament-button-leave = Leave
tournament-thread-event = { $name }
tournament-thread-match = { $name } · R{ $round }: { $a } vs { $b }
tournament-round-started = **{ $name }: round { $round }** has begun; it ends { $due }.
tournament-pairing-line = • { $a } vs { $b } (match #{ $id })
tournament-forfeit-line = • { $winner } wins by forfeit ({ $gone } withdrew)
tournament-bye-line = • { $name } has a bye (one point)
tournament-rest-line = • { $name } sits this round out
tournament-tiebreak-swiss = Buchholz { $buchholz } · SB { $sb }
tournament-tiebreak-round-robin = SB { $sb } · head to head { $h2h }
tournament-withdrawn-mark = {" "}(withdrew)
tournament-standing-line = `{ $rank }.` { $name }{ $withdrawn }: **{ $points }** ({ $wins }-{ $draws }-{ $losses }) · { $tiebreak }
tournament-standings-header = **{ $name }: standings after round { $round }**
tournament-standings-final = **{ $name }: final standings**
tournament-standings-page = Page { $page } of { $pages }
tournament-podium = 🏆 **{ $name }** is over!
    🥇 { $first }
    🥈 { $second }
    🥉 { $third }
tournament-history-event = { $name }, round { $round }
tournament-stats = Tournaments: { $played } played, best place { $best }
tournament-cancelled = **{ $name }** was cancelled.
tournament-cancelled-too-few = **{ $name }** was cancelled: too few players signed up.

## Answers to players and managers.

tournament-created = Tournament #{ $id }, **{ $name }**, is open for sign-ups.
tournament-started = **{ $name }** has started.
tournament-paused = **{ $name }** is paused: its clocks have stopped.
tournament-resumed = **{ $name }** has resumed.
tournament-removed = { $player } was removed from **{ $name }**.
tournament-role-set = Members with { $role } may now run tournaments.
tournament-role-cleared = Only members who can manage the server may run tournaments now.
tournament-joined = You are signed up for **{ $name }**.
tournament-joined-late = You joined **{ $name }**: you will be paired from round { $round }.
tournament-left-signup = Your sign-up for **{ $name }** is withdrawn.
tournament-left-withdrawn = You have withdrawn from **{ $name }**: your remaining games are lost.
tournament-mine-signed-up = You are signed up for **{ $name }**; sign-ups close { $closes }.
tournament-mine-playing = **{ $name }**, round { $round }: you are playing { $opponent } (match #{ $id }).
tournament-mine-waiting = **{ $name }**: your game of round { $round } is over; wait for the next round.
tournament-mine-bye = **{ $name }**: you sit out round { $round }.
tournament-mine-late = **{ $name }**: you will be paired from round { $round }.
tournament-mine-withdrawn = You have withdrawn from **{ $name }**.
tournament-mine-over = **{ $name }** is over.
tournament-mine-over-rank = **{ $name }** is over: you finished { $rank ->
        [1] first
        [2] second
        [3] third
       *[other] in place { $rank }
    }.

## Refusals.

tournament-error-not-manager = Only server managers (or the server's tournament role) may do that.
tournament-error-not-found = There is no such tournament in this server.
tournament-error-none = There is no tournament in this server yet.
tournament-error-name = A tournament's name must be 1 to { $max } characters on one line.
tournament-error-duration-unreadable = I could not read the duration `{ $input }`: write it like 30m, 12h or 7d.
tournament-error-round-time = A round must last between { $min } and { $max }.
tournament-error-signup-time = Sign-ups must stay open between { $min } and { $max }.
tournament-error-max-players = The most players must be between 3 and { $max }.
tournament-error-rounds = A Swiss has 1 to { $max } rounds.
tournament-error-round-shorter-than-turn = A round cannot be shorter than the time for one move.
tournament-error-bot = Bots cannot play in tournaments.
tournament-error-already-in = You are already signed up.
tournament-error-left = You left this tournament; you cannot join it again.
tournament-error-closed = This tournament is closed to new players.
tournament-error-full = This tournament is full.
tournament-error-over = This tournament is over.
tournament-error-not-in = You are not playing in this tournament.
tournament-error-not-entrant = That player is not playing in this tournament.
tournament-error-already-started = This tournament has already started.
tournament-error-too-few = A tournament needs at least 3 players to start.
tournament-error-not-running = This tournament is not running.
tournament-error-not-paused = This tournament is not paused.
