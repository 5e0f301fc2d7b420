//! Leaderboards, stats and histories as Discord messages. Nothing here is
//! secret: ratings and results of ended matches are public in the server.

use crate::i18n::Lang;
use crate::t;
use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed};

use super::{MAX_CONTENT, ROW};
use crate::discord::custom_id::CustomId;
use crate::present::{escape, variant_title};
use crate::service::ratings::PROVISIONAL_DEVIATION;
use crate::service::seasons::SeasonEnd;
use crate::service::{
    Board, HistoryView, LeaderboardView, MatchResult, PlayerStats, Record, RecordFile, Standing, Streak,
};
use engarde_rules::{Game, Level};

const COLOUR_LADDER: u32 = 0x10b981;

fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// A rating as shown: rounded, with `?` when provisional.
fn rating(value: f64, provisional: bool) -> String {
    format!("{value:.0}{}", if provisional { "?" } else { "" })
}

/// A rounded number as shown (a rating, a deviation).
fn round(value: f64) -> String {
    format!("{value:.0}")
}

/// A game's title, e.g. "En Garde".
#[must_use]
pub fn game_title(lang: Lang, game: Game) -> String {
    t!(lang, "ladder-game", game = game.name())
}

/// A board's title, e.g. "En Garde, every variant" or "Kengo (normal)".
#[must_use]
pub fn board_title(lang: Lang, board: Board) -> String {
    match board {
        Board::Game(g) if g.variants().count() > 1 => {
            t!(lang, "ladder-board-every-variant", game = game_title(lang, g))
        }
        Board::Game(g) => match g.variants().next() {
            Some(v) => variant_title(lang, v),
            None => game_title(lang, g),
        },
        Board::Variant(v) => variant_title(lang, v),
    }
}

/// The practice bot's level in words, e.g. "easy".
#[must_use]
pub fn level_words(lang: Lang, level: Level) -> String {
    t!(lang, "play-level", level = level.name())
}

fn line(lang: Lang, s: &Standing) -> String {
    t!(
        lang,
        "ladder-line",
        rank = s.rank,
        name = escape(&s.player.name),
        rating = rating(s.rating, s.provisional),
        deviation = round(s.deviation),
        games = s.games,
        wins = s.wins,
        losses = s.losses,
        draws = s.draws,
    )
}

/// A leaderboard page: the viewer's place (content), the page (embed), and
/// Previous / Next buttons that carry the page, the variant and the viewer.
pub fn leaderboard(lang: Lang, view: &LeaderboardView) -> (String, CreateEmbed, Vec<CreateActionRow>) {
    let scope = board_title(lang, view.board);
    let content = match &view.viewer {
        Some(me) => t!(
            lang,
            "ladder-you-are",
            mention = mention(view.viewer_id),
            rank = me.rank,
            total = view.total,
            rating = rating(me.rating, me.provisional),
            deviation = round(me.deviation),
        ),
        None => t!(lang, "ladder-you-are-unrated", mention = mention(view.viewer_id)),
    };
    let description = if view.entries.is_empty() {
        t!(lang, "ladder-empty")
    } else {
        view.entries.iter().map(|s| line(lang, s)).collect::<Vec<_>>().join("\n")
    };
    let embed = CreateEmbed::new()
        .title(match &view.season {
            Some(season) => t!(lang, "season-ladder-title", board = scope, season = escape(&season.name)),
            None => t!(lang, "ladder-title", board = scope),
        })
        .colour(COLOUR_LADDER)
        .description(description)
        .footer(serenity::CreateEmbedFooter::new(t!(
            lang,
            "ladder-footer",
            page = view.page,
            pages = view.pages,
            total = view.total,
            provisional = round(PROVISIONAL_DEVIATION),
        )));
    let mut rows = Vec::new();
    if view.pages > 1 {
        let page = u32::try_from(view.page).unwrap_or(1);
        let (board, owner) = (view.board, view.viewer_id);
        let to = |page: u32| match &view.season {
            Some(s) => CustomId::SeasonLeaderboard { season: s.id, board, page, owner }.encode(),
            None => CustomId::Leaderboard { board, page, owner }.encode(),
        };
        rows.push(CreateActionRow::Buttons(vec![
            CreateButton::new(to(page - 1))
                .label(t!(lang, "ladder-previous"))
                .style(ButtonStyle::Secondary)
                .disabled(view.page <= 1),
            CreateButton::new(to(page + 1))
                .label(t!(lang, "ladder-next"))
                .style(ButtonStyle::Secondary)
                .disabled(view.page >= view.pages),
        ]));
    }
    (content, embed, rows)
}

/// The announcement of a season's end: each game's podium (`None`: nobody played in it).
#[must_use]
pub fn season_podium(lang: Lang, end: &SeasonEnd) -> Option<String> {
    if end.podiums.is_empty() {
        return None;
    }
    let mut lines = vec![t!(lang, "season-over", season = escape(&end.season.name))];
    for podium in &end.podiums {
        lines.push(t!(lang, "season-podium-game", game = game_title(lang, podium.game)));
        for s in &podium.top {
            let medal = ["🥇", "🥈", "🥉"].get(s.rank - 1).copied().unwrap_or("•");
            lines.push(t!(
                lang,
                "season-podium-line",
                medal = medal,
                mention = mention(s.player.user_id),
                rating = rating(s.rating, s.provisional),
                games = s.games,
            ));
        }
    }
    // In a code span, where Markdown is not read (season names hold no backtick).
    lines.push(t!(lang, "season-podium-more", season = end.season.name.clone()));
    Some(lines.join("\n"))
}

fn record_words(lang: Lang, r: &Record) -> String {
    t!(lang, "ladder-record", wins = r.wins, losses = r.losses, draws = r.draws)
}

fn streak_words(lang: Lang, s: Streak) -> String {
    match s.result {
        MatchResult::Won => t!(lang, "ladder-streak-won", n = s.len),
        MatchResult::Lost => t!(lang, "ladder-streak-lost", n = s.len),
        MatchResult::Drawn | MatchResult::Aborted => t!(lang, "ladder-streak-drawn", n = s.len),
    }
}

/// A player's stats, as a public message.
#[must_use]
pub fn stats(lang: Lang, s: &PlayerStats) -> String {
    let name = escape(&s.player.name);
    if s.record.games() == 0 {
        return t!(lang, "ladder-stats-none", name = name);
    }
    let mut lines = vec![t!(lang, "ladder-stats-title", name = &name)];
    if s.ratings.is_empty() {
        lines.push(t!(lang, "ladder-stats-unrated"));
    }
    for (game, r) in &s.ratings {
        let rank = match r.rank {
            Some(rank) => t!(lang, "ladder-stats-rank", rank = rank, of = r.of),
            None => t!(lang, "ladder-stats-inactive"),
        };
        let id = if r.provisional { "ladder-stats-rating-provisional" } else { "ladder-stats-rating" };
        lines.push(t!(
            lang,
            id,
            game = game_title(lang, *game),
            rating = round(r.rating),
            deviation = round(r.deviation),
            rank = rank,
        ));
    }
    lines.push(t!(lang, "ladder-stats-matches", games = s.record.games(), record = record_words(lang, &s.record)));
    if let Some(streak) = s.current_streak {
        lines.push(t!(lang, "ladder-stats-streak", streak = streak_words(lang, streak), best = s.best_streak));
    }
    let won: u32 = s.rounds_won.iter().map(|(_, n)| n).sum();
    let by = if s.rounds_won.is_empty() {
        t!(lang, "ladder-rounds-none")
    } else {
        s.rounds_won
            .iter()
            .map(|(how, n)| t!(lang, "ladder-rounds-by", n = n, how = how.as_str()))
            .collect::<Vec<_>>()
            .join(&t!(lang, "ladder-list-separator"))
    };
    lines.push(t!(lang, "ladder-stats-rounds", won = won, by = by, lost = s.rounds_lost));
    if let Some((variant, n)) = s.favourite {
        lines.push(t!(lang, "ladder-stats-favourite", variant = variant_title(lang, variant), n = n));
    }
    if let Some((viewer, h2h)) = &s.head_to_head {
        lines.push(t!(lang, "ladder-stats-against", name = escape(&viewer.name), record = record_words(lang, h2h)));
    }
    if let Some(best) = s.tournaments.best {
        lines.push(t!(lang, "tournament-stats", played = i64::from(s.tournaments.played), best = i64::from(best)));
    }
    if !s.season_finishes.is_empty() {
        lines.push(t!(lang, "season-stats-finishes"));
        for f in &s.season_finishes {
            lines.push(t!(
                lang,
                "season-stats-finish",
                season = escape(&f.season),
                game = game_title(lang, f.game),
                rank = f.rank,
                of = f.of,
                rating = rating(f.rating, f.provisional),
            ));
        }
    }
    let mut text = lines.join("\n");
    text.push('\n');
    text
}

fn result_words(lang: Lang, result: MatchResult, reason: &str) -> String {
    let outcome = match result {
        MatchResult::Won => t!(lang, "ladder-result-won"),
        MatchResult::Lost => t!(lang, "ladder-result-lost"),
        MatchResult::Drawn if reason == "draw" => return t!(lang, "ladder-result-drawn-agreed"),
        MatchResult::Drawn => return t!(lang, "ladder-result-drawn-equal"),
        MatchResult::Aborted => return t!(lang, "ladder-result-aborted"),
    };
    match reason {
        "resign" => t!(lang, "ladder-result-by-resignation", result = outcome),
        "timeout" => t!(lang, "ladder-result-by-timeout", result = outcome),
        _ => outcome,
    }
}

/// A player's last matches, with a button to export each one's record.
#[must_use]
pub fn history(lang: Lang, h: &HistoryView) -> (String, Vec<CreateActionRow>) {
    let name = escape(&h.player.name);
    if h.entries.is_empty() {
        return (t!(lang, "ladder-history-none", name = name), Vec::new());
    }
    let mut text = t!(lang, "ladder-history-title", name = name);
    text.push('\n');
    let footer = t!(lang, "ladder-history-export");
    for e in &h.entries {
        let mut entry = t!(
            lang,
            "ladder-history-line",
            date = format!("<t:{}:d>", e.ended_at),
            id = e.match_id,
            opponent = escape(&e.opponent.name),
            variant = variant_title(lang, e.variant),
            mine = e.score.0,
            theirs = e.score.1,
            result = result_words(lang, e.result, &e.reason),
        );
        match e.practice {
            Some(level) => {
                entry.push_str(" · ");
                entry.push_str(&t!(lang, "ladder-history-practice", level = level_words(lang, level)));
            }
            None => {
                if let Some(d) = e.rating_change {
                    entry.push_str(&format!(" · {d:+.0}"));
                }
            }
        }
        if let Some((event, round)) = &e.event {
            entry.push_str(" · ");
            entry.push_str(&t!(lang, "tournament-history-event", name = escape(event), round = i64::from(*round)));
        }
        entry.push('\n');
        if text.chars().count() + entry.chars().count() + footer.chars().count() > MAX_CONTENT - 20 {
            break;
        }
        text.push_str(&entry);
    }
    text.push_str(&footer);
    let buttons: Vec<CreateButton> = h
        .entries
        .iter()
        .map(|e| {
            CreateButton::new(CustomId::Export { match_id: e.match_id }.encode())
                .label(t!(lang, "ladder-export-button", id = e.match_id))
                .style(ButtonStyle::Secondary)
        })
        .collect();
    let rows = buttons.chunks(ROW).take(5).map(|c| CreateActionRow::Buttons(c.to_vec())).collect();
    (text, rows)
}

/// The words that come with an exported record.
#[must_use]
pub fn export_note(lang: Lang, file: &RecordFile) -> String {
    t!(lang, "ladder-export-note", id = file.match_id, file = &file.filename)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::seasons::{Podium, SeasonFinish, SeasonInfo, SeasonKind, FINISHES_SHOWN, NAME_MAX, PODIUM};
    use crate::service::{HistoryEntry, Player, RatingSummary};
    use engarde_rules::Variant;

    /// The longest display name Discord allows, all of it escaped.
    fn long_name(n: u64) -> Player {
        Player { user_id: n, name: "*".repeat(32) }
    }

    fn standing(rank: usize) -> Standing {
        Standing {
            rank,
            player: long_name(rank as u64),
            rating: 2999.5,
            deviation: 349.9,
            provisional: true,
            games: 99_999,
            wins: 33_333,
            losses: 33_333,
            draws: 33_333,
        }
    }

    /// A season with the longest name an admin may give, all of it escaped.
    fn longest_season() -> SeasonInfo {
        SeasonInfo {
            id: i64::MAX,
            name: "*".repeat(NAME_MAX),
            kind: SeasonKind::Manual,
            starts_at: 0,
            ends_at: Some(4_000_000_000),
        }
    }

    #[test]
    fn a_full_podium_fits_a_message_in_every_language() {
        let end = SeasonEnd {
            guild_id: u64::MAX,
            channel_id: Some(u64::MAX),
            season: longest_season(),
            podiums: Game::ALL.iter().map(|&game| Podium { game, top: (1..=PODIUM).map(standing).collect() }).collect(),
        };
        for lang in Lang::ALL {
            let text = season_podium(lang, &end).expect("a podium");
            assert!(text.chars().count() <= MAX_CONTENT, "{lang}: {text}");
            assert_eq!(text.matches("<@").count(), Game::ALL.len() * PODIUM, "{lang}: {text}");
        }
        assert_eq!(season_podium(Lang::En, &SeasonEnd { podiums: Vec::new(), ..end }), None, "nobody played");
    }

    fn longest_variant() -> Variant {
        Variant::all()
            .max_by_key(|&v| Lang::ALL.iter().map(|&l| variant_title(l, v).chars().count()).max())
            .expect("variants")
    }

    fn chars(value: &serde_json::Value) -> usize {
        value.as_str().map_or(0, |s| s.chars().count())
    }

    #[test]
    fn a_full_leaderboard_page_fits_discord_in_every_language() {
        for lang in Lang::ALL {
            for board in [Board::Game(Game::EnGarde), Board::Variant(longest_variant())] {
                let view = LeaderboardView {
                    board,
                    season: Some(longest_season()),
                    page: 2,
                    pages: 3,
                    total: 99_999,
                    entries: (11..=20).map(standing).collect(),
                    viewer_id: u64::MAX,
                    viewer: Some(standing(99_999)),
                };
                let (content, embed, rows) = leaderboard(lang, &view);
                assert!(content.chars().count() <= MAX_CONTENT, "{lang}: {content}");
                let embed = serde_json::to_value(&embed).unwrap();
                assert!(chars(&embed["title"]) <= 256, "{lang}: {embed}");
                assert!(chars(&embed["description"]) <= 4096, "{lang}: {embed}");
                assert!(chars(&embed["footer"]["text"]) <= 2048, "{lang}: {embed}");
                let total = chars(&embed["title"]) + chars(&embed["description"]) + chars(&embed["footer"]["text"]);
                assert!(total <= 6000, "{lang}: {total}");
                let rows = serde_json::to_value(&rows).unwrap();
                for button in rows[0]["components"].as_array().unwrap() {
                    assert!((1..=80).contains(&chars(&button["label"])), "{lang}: {button}");
                }
            }
        }
    }

    #[test]
    fn full_stats_and_histories_fit_a_message_in_every_language() {
        let summary =
            RatingSummary { rating: 2999.0, deviation: 350.0, provisional: true, rank: Some(99_999), of: 99_999 };
        let stats_view = PlayerStats {
            player: long_name(1),
            ratings: Game::ALL.iter().map(|&g| (g, summary.clone())).collect(),
            record: Record { wins: 99_999, losses: 99_999, draws: 99_999 },
            current_streak: Some(Streak { result: MatchResult::Lost, len: 99_999 }),
            best_streak: 99_999,
            rounds_won: ["hit", "position", "hand_count", "stuck", "resign", "drawn", "points"]
                .into_iter()
                .map(|how| (how.to_owned(), 99_999))
                .collect(),
            rounds_lost: 99_999,
            favourite: Some((longest_variant(), 99_999)),
            head_to_head: Some((long_name(2), Record { wins: 99_999, losses: 99_999, draws: 99_999 })),
            tournaments: crate::service::tournament::EventRecord { played: 99_999, best: Some(64) },
            season_finishes: (0..FINISHES_SHOWN)
                .map(|_| SeasonFinish {
                    season: longest_season().name,
                    game: Game::ReadyFence,
                    rank: 99_999,
                    of: 99_999,
                    rating: 2999.0,
                    provisional: true,
                })
                .collect(),
        };
        let entry = |n: i64, practice| HistoryEntry {
            match_id: 1_000_000_000 + n,
            opponent: long_name(2),
            variant: longest_variant(),
            score: (15, 15),
            result: MatchResult::Lost,
            reason: "timeout".to_owned(),
            ended_at: 4_000_000_000,
            rating_change: Some(-350.0),
            practice,
            event: Some(("W".repeat(60), 15)),
        };
        let history_view = HistoryView {
            player: long_name(1),
            entries: (0..10).map(|n| entry(n, (n % 2 == 0).then_some(Level::Medium))).collect(),
        };
        for lang in Lang::ALL {
            let text = stats(lang, &stats_view);
            assert!(text.chars().count() <= MAX_CONTENT, "{lang}: {} characters", text.chars().count());
            assert!(!text.contains("hand_count"), "{lang}: every way to win a round has words: {text}");
            let (text, rows) = history(lang, &history_view);
            assert!(text.chars().count() <= MAX_CONTENT, "{lang}: {} characters", text.chars().count());
            assert!(text.lines().filter(|l| l.starts_with('•')).count() >= 5, "{lang}: {text}");
            let rows = serde_json::to_value(&rows).unwrap();
            for row in rows.as_array().unwrap() {
                for button in row["components"].as_array().unwrap() {
                    assert!((1..=80).contains(&chars(&button["label"])), "{lang}: {button}");
                }
            }
            let note = export_note(
                lang,
                &RecordFile { match_id: 1, filename: "engarde-match-1.json".into(), json: String::new() },
            );
            assert!(note.contains("engarde replay engarde-match-1.json"), "{lang}: {note}");
        }
    }

    #[test]
    fn board_titles_name_the_game_or_the_variant() {
        for lang in Lang::ALL {
            for &game in Game::ALL {
                let title = board_title(lang, Board::Game(game));
                assert!(!title.is_empty() && !title.contains("ladder-"), "{lang}: {title}");
            }
        }
        assert_eq!(board_title(Lang::En, Board::Game(Game::EnGarde)), "En Garde, every variant");
        assert_eq!(board_title(Lang::En, Board::Game(Game::Forteresse)), "Forteresse");
    }
}
