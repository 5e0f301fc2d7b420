## Leaderboard seasons (src/service/seasons.rs, src/discord/commands/seasons.rs).

cmd-engarde-leaderboard-season-name = season
cmd-engarde-leaderboard-season-description = A season's board (default: the all-time board)
cmd-engarde-admin-config-seasons-name = seasons
cmd-engarde-admin-config-seasons-description = Leaderboard seasons: off, monthly or quarterly (calendar months or quarters, UTC)
cmd-engarde-admin-season-name = season
cmd-engarde-admin-season-description = Leaderboard seasons run by hand (when automatic seasons are off).
cmd-engarde-admin-season-start-name = start
cmd-engarde-admin-season-start-description = Start a season now: a fresh leaderboard until you end it.
cmd-engarde-admin-season-start-name-name = name
cmd-engarde-admin-season-start-name-description = The season's name (up to 32 characters)
cmd-engarde-admin-season-end-name = end
cmd-engarde-admin-season-end-description = End the season now; its podium is posted.

# How a server runs its seasons (`$mode`: off, monthly, quarterly).
season-mode = { $mode ->
    [monthly] monthly (calendar months, UTC)
    [quarterly] quarterly (calendar quarters, UTC)
   *[off] off
}
# A line of the settings list (admin-settings).
admin-settings-seasons = • Leaderboard seasons: { $mode } · { $current }
season-none-running = no season under way
season-running-until = season **{ $season }**, until <t:{ $end }:f>
season-running = season **{ $season }**, since <t:{ $start }:f>, until an admin ends it
season-started = ✅ Season **{ $season }** has started: every rated match that ends from now on also counts on its own leaderboard, where everyone starts afresh. End it with `/engarde-admin season end`.
season-ended = ✅ Season **{ $season }** is over; its podium will be posted in a moment.

season-ladder-title = 🏆 Season { $season } · { $board }
season-stats-finishes = Season finishes:
season-stats-finish = • { $season }, { $game }: **#{ $rank }** of { $of } ({ $rating })

season-over = 🏁 **Season { $season } is over!** Congratulations to the podium:
season-podium-game = **{ $game }**
season-podium-line = { $medal } { $mention } · **{ $rating }** · { $games ->
    [one] { $games } game
   *[other] { $games } games
}
season-podium-more = The whole board: `/engarde leaderboard season:{ $season }`

error-season-mode = `{ $input }` is not a season setting: choose off, monthly or quarterly.
error-season-name = A season's name is 1 to { $max } characters, on one line, without backticks.
error-season-name-taken = This server already had a season named **{ $name }**: choose another name.
error-season-unknown = This server has no season named `{ $name }`: pick one from the list.
error-season-gone = That season no longer exists.
error-season-automatic = Seasons are automatic here (monthly or quarterly): set `seasons` to off in `/engarde-admin config` to run them by hand.
error-season-running = Season **{ $name }** is under way: end it first.
error-season-manual-running = Season **{ $name }** was started by hand and is still under way: end it with `/engarde-admin season end` first.
error-season-none = No season is under way.
error-season-ends-itself = Season **{ $name }** ends by itself with its month or quarter. To stop seasons, set `seasons` to off in `/engarde-admin config`.
