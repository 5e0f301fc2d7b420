# Away time, quiet hours and each user's own settings (issue #28).

## Commands

cmd-engarde-away-name = away
cmd-engarde-away-description = Away time: your clocks stop in all your matches in this server
cmd-engarde-away-start-name = start
cmd-engarde-away-start-description = Be away for a while: your clocks stop and nobody pings you
cmd-engarde-away-start-until-name = until
cmd-engarde-away-start-until-description = How long or until when, e.g. 3d, 36h, 2026-12-24 or 2026-12-24T18:00
cmd-engarde-away-end-name = end
cmd-engarde-away-end-description = Come back now: your clocks start again
cmd-engarde-settings-name = settings
cmd-engarde-settings-description = Your own settings: language, quiet hours, time zone, digests
cmd-engarde-settings-language-name = language
cmd-engarde-settings-language-description = The language I speak to you (default: your Discord language)
cmd-engarde-settings-language-choice-discord = My Discord language
cmd-engarde-settings-quiet-hours-name = quiet_hours
cmd-engarde-settings-quiet-hours-description = Hours without pings, e.g. 22:00-08:00 (off: none)
cmd-engarde-settings-timezone-name = timezone
cmd-engarde-settings-timezone-description = Your time zone, e.g. Europe/Paris (default: UTC)
cmd-engarde-settings-digest-name = digest
cmd-engarde-settings-digest-description = One reminder listing all your waiting matches (off: one per match)
cmd-engarde-admin-config-away-allowance-name = away_allowance
cmd-engarde-admin-config-away-allowance-description = Days of away time a player may take per 90 days (default 14)

## Replies

life-away-started = 🏖️ You are away until { $until }: your clocks are stopped and nobody pings you. Away time in the last 90 days: { $used } of { $allowance }.
life-away-ended = 👋 Welcome back: your clocks run again. { $moved ->
    [0] No deadline needed moving.
    [one] One deadline moved by your time away.
   *[other] { $moved } deadlines moved by your time away.
} Away time in the last 90 days: { $used } of { $allowance }.
life-settings = **Your En Garde settings**
    • Language: { $language }
    • Quiet hours: { $quiet }
    • Time zone: { $timezone }
    • Reminders of several matches: { $digest ->
        [yes] in one digest
       *[no] one per match
    }
    • Away time in this server: { $away }
life-settings-language-discord = your Discord language
life-settings-quiet-none = none
life-settings-away-until = until { $until }
life-settings-away-none = not away
life-admin-allowance = • Away time allowed: { $allowance } per 90 days

## Boards and challenges

life-board-away = 🏖️ { $name } is away, back { $until }: their clock is stopped.
life-challenge-away = 🏖️ { $name } is away, back { $until }; they may still accept.

## Refusals

life-error-away-past = That moment has passed: give a duration such as `3d`, or a date to come.
life-error-allowance = That is more away time than this server allows ({ $allowance } per 90 days): you have { $left } left.
life-error-allowance-range = The away allowance must be between { $min } and { $max }.
life-error-not-away = You are not away in this server.
life-error-until-unreadable = I can't read `{ $input }`: try `3d`, `36h`, `2026-12-24` or `2026-12-24T18:00`.
life-error-timezone = `{ $input }` is not a time zone I know: pick one from the list, e.g. `Europe/Paris`.
life-error-quiet-unreadable = I can't read `{ $input }` as quiet hours: write them like `22:00-08:00`, or `off`.
life-error-quiet-empty = Quiet hours `{ $input }` start and end at the same time: write them like `22:00-08:00`.
