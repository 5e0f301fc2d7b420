# The slash commands, the server settings and the standings.

## Command names and descriptions (src/discord/commands/localize.rs builds these ids
## from each command's path: `cmd-<command>-<subcommand>-<option>-name`, `-description`,
## `-choice-<choice>`). Names: at most 32 characters, lower-case, no spaces; the English
## names are the code's. Descriptions: at most 100 characters.

cmd-engarde-name = engarde
cmd-engarde-description = En Garde: fence your friends, one move at a time.

cmd-engarde-challenge-name = challenge
cmd-engarde-challenge-description = Challenge someone to a duel.
cmd-engarde-challenge-opponent-name = opponent
cmd-engarde-challenge-opponent-description = Who you want to fence
cmd-engarde-challenge-variant-name = variant
cmd-engarde-challenge-variant-description = Rules variant (default: this server's, engarde-standard unless changed)
cmd-engarde-challenge-hits-name = hits
cmd-engarde-challenge-hits-description = Hits or points to win: En Garde, Kengo 1 to 15 (default 5); Ready... Fence! 5, 10 or 15
cmd-engarde-challenge-turn-time-name = turn_time
cmd-engarde-challenge-turn-time-description = Time for each move, e.g. 30m, 12h, 2d (default: this server's, 48h unless changed)

cmd-engarde-practice-name = practice
cmd-engarde-practice-description = Practise against the bot (never rated).
cmd-engarde-practice-variant-name = variant
cmd-engarde-practice-variant-description = Rules variant (default: this server's)
cmd-engarde-practice-level-name = level
cmd-engarde-practice-level-description = How well the bot plays (default: medium)
cmd-engarde-practice-level-choice-easy = easy
cmd-engarde-practice-level-choice-medium = medium
cmd-engarde-practice-level-choice-hard = hard
cmd-engarde-practice-turn-time-name = turn_time
cmd-engarde-practice-turn-time-description = Time for each of your moves, e.g. 30m, 12h, 2d (default: this server's)

cmd-engarde-cancel-name = cancel
cmd-engarde-cancel-description = Withdraw your pending challenges (all, or the one to an opponent).
cmd-engarde-cancel-opponent-name = opponent
cmd-engarde-cancel-opponent-description = Only the challenge to this player

cmd-engarde-matches-name = matches
cmd-engarde-matches-description = Your unfinished matches in this server.

cmd-engarde-hand-name = hand
cmd-engarde-hand-description = See your hand (only you can see it) and play.
cmd-engarde-hand-match-name = match
cmd-engarde-hand-match-description = Which match (default: the one here, or your only one)

cmd-engarde-resign-name = resign
cmd-engarde-resign-description = Give up a match (asks to confirm).
cmd-engarde-resign-match-name = match
cmd-engarde-resign-match-description = Which match (default: the one here, or your only one)

cmd-engarde-rules-name = rules
cmd-engarde-rules-description = A short summary of the rules.
cmd-engarde-rules-variant-name = variant
cmd-engarde-rules-variant-description = Rules variant (default: this server's)

cmd-engarde-leaderboard-name = leaderboard
cmd-engarde-leaderboard-description = The server's leaderboard (Glicko-2 ratings) of a game, or of one variant.
cmd-engarde-leaderboard-variant-name = variant
cmd-engarde-leaderboard-variant-description = A game (every variant together) or one variant (default: this server's game)

cmd-engarde-stats-name = stats
cmd-engarde-stats-description = A player's rating, rank, results and habits in this server.
cmd-engarde-stats-player-name = player
cmd-engarde-stats-player-description = Whose stats (default: yours)

cmd-engarde-history-name = history
cmd-engarde-history-description = A player's last matches, with their records to download (only you see it).
cmd-engarde-history-player-name = player
cmd-engarde-history-player-description = Whose matches (default: yours)

cmd-engarde-admin-name = engarde-admin
cmd-engarde-admin-description = Server settings and moderation for En Garde (Manage Server).

cmd-engarde-admin-config-name = config
cmd-engarde-admin-config-description = Show this server's settings, or change them.
cmd-engarde-admin-config-turn-time-name = turn_time
cmd-engarde-admin-config-turn-time-description = Default time for each move, e.g. 12h or 2d (10m to 14d)
cmd-engarde-admin-config-challenge-expiry-name = challenge_expiry
cmd-engarde-admin-config-challenge-expiry-description = How long a challenge stays open, e.g. 1d (5m to 7d)
cmd-engarde-admin-config-threads-name = threads
cmd-engarde-admin-config-threads-description = Give each match its own thread
cmd-engarde-admin-config-board-channel-name = board_channel
cmd-engarde-admin-config-board-channel-description = Post the boards in this channel
cmd-engarde-admin-config-boards-where-challenged-name = boards_where_challenged
cmd-engarde-admin-config-boards-where-challenged-description = Post the boards where each challenge was made (undoes board_channel)
cmd-engarde-admin-config-default-variant-name = default_variant
cmd-engarde-admin-config-default-variant-description = The variant used when a challenge names none
cmd-engarde-admin-config-language-name = language
cmd-engarde-admin-config-language-description = The language of public messages (default: the server's Discord language)
cmd-engarde-admin-config-language-choice-server-default = The server's Discord language
cmd-engarde-admin-config-boards-name = boards
cmd-engarde-admin-config-boards-description = Boards with a picture of the game (default), or in text
cmd-engarde-admin-config-boards-choice-picture = picture
cmd-engarde-admin-config-boards-choice-text = text

cmd-engarde-admin-abort-name = abort
cmd-engarde-admin-abort-description = Abort a match: it ends now and does not count.
cmd-engarde-admin-abort-match-name = match
cmd-engarde-admin-abort-match-description = The match number

## /engarde-admin

admin-settings = **En Garde settings for this server**
    • Time for each move: { $turn }
    • Challenges expire after: { $challenge }
    • A thread for each match: { $threads ->
        [yes] yes
       *[no] no
    }
    • Boards go to: { $channel }
    • Default variant: { $variant }
    • Language of public messages: { $language }
    • Boards: { $pictures ->
        [yes] with a picture of the game
       *[no] in text
    }
admin-settings-boards-where-challenged = the channel where the challenge was made
admin-settings-language-server = the server's Discord language (currently { $language })
admin-saved = ✅ Saved.
admin-aborted = Match #{ $id } is aborted; it does not count.

## Playing

# The practice bot's level: `easy`, `medium` or `hard`.
play-level = { $level ->
    [easy] easy
    [hard] hard
   *[medium] medium
}
practice-announcement = 🤖 **{ $name }** practises { $variant } against me ({ $level }), match #{ $id }, not rated.
# A match offered by the `match` option's autocompletion (at most 100 characters).
play-match-choice = #{ $id } vs { $opponent } · { $variant }
play-resign-button = Resign
play-keep-fencing-button = Keep fencing
play-withdrawn = Withdrawn: { $n ->
    [one] { $n } challenge
   *[other] { $n } challenges
}.

## Leaderboards, stats and histories

# A game's title, by its name.
ladder-game = { $game ->
    [engarde] En Garde
    [forteresse] Forteresse
    [ready-fence] Ready... Fence!
   *[other] { $game }
}
ladder-board-every-variant = { $game }, every variant
ladder-you-are = { $mention }: you are **#{ $rank }** of { $total } · { $rating } ±{ $deviation }
ladder-you-are-unrated = { $mention }: you have no rated match on this board yet.
ladder-empty = Nobody has finished a rated match here yet: `/engarde challenge` someone!
ladder-title = 🏆 Leaderboard · { $board }
# `$rating` ends with `?` when provisional.
ladder-line = **{ $rank }.** { $name } · **{ $rating }** ±{ $deviation } · { $games ->
    [one] { $games } game
   *[other] { $games } games
} ({ $wins }W { $losses }L { $draws }D)
ladder-footer = Page { $page }/{ $pages } · { $total ->
    [one] { $total } rated player
   *[other] { $total } rated players
} · ? = provisional (deviation { $provisional } or more), listed after the established
ladder-previous = ◀ Previous
ladder-next = Next ▶

ladder-stats-none = 📊 **{ $name }** has not finished a match in this server yet.
ladder-stats-title = 📊 **{ $name }** in this server
ladder-stats-unrated = Not rated yet.
ladder-stats-rating = { $game }: rating **{ $rating }** ±{ $deviation } · { $rank }
ladder-stats-rating-provisional = { $game }: rating **{ $rating }** ±{ $deviation } (provisional) · { $rank }
ladder-stats-rank = rank **#{ $rank }** of { $of }
ladder-stats-inactive = inactive: off the leaderboard until their next rated match
ladder-stats-matches = Matches: { $games } · { $record }
ladder-record = { $wins } won, { $losses } lost, { $draws } drawn
ladder-stats-streak = Streak: { $streak } · best { $best ->
    [one] { $best } win
   *[other] { $best } wins
} in a row
ladder-streak-won = { $n ->
    [one] { $n } win
   *[other] { $n } wins
}
ladder-streak-lost = { $n ->
    [one] { $n } loss
   *[other] { $n } losses
}
ladder-streak-drawn = { $n ->
    [one] { $n } draw
   *[other] { $n } draws
}
ladder-stats-rounds = Rounds: { $won } won ({ $by }), { $lost } lost
ladder-rounds-none = –
# Rounds won one way: `$how` is how the round was won.
ladder-rounds-by = { $n } { $how ->
    [hit] by a hit
    [position] on position
    [hand_count] on hand count
    [stuck] opponent stuck
    [resign] by resignation
    [drawn] drawn
    [points] on points
   *[other] { $how }
}
ladder-list-separator = {", "}
ladder-stats-favourite = Favourite variant: { $variant } · { $n ->
    [one] { $n } match
   *[other] { $n } matches
}
ladder-stats-against = Against { $name }: { $record }

ladder-history-none = **{ $name }** has no ended match in this server yet.
ladder-history-title = 📜 **{ $name }**: last matches
# `$date` is a Discord timestamp, shown in the reader's own format.
ladder-history-line = • { $date } · #{ $id } vs { $opponent } · { $variant } · { $mine } – { $theirs } · { $result }
ladder-history-practice = practice ({ $level }), not rated
ladder-result-won = **won**
ladder-result-lost = **lost**
ladder-result-by-resignation = { $result } (resignation)
ladder-result-by-timeout = { $result } (time ran out)
ladder-result-drawn-agreed = **drawn** (agreed)
ladder-result-drawn-equal = **drawn** (equal score)
ladder-result-aborted = aborted (not rated)
ladder-history-export = Export a match's record (a file `engarde replay` plays back):
ladder-export-button = Export #{ $id }
ladder-export-note = 📎 The record of match #{ $id }: replay it with `engarde replay { $file }`.
