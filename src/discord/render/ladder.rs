//! Leaderboards, stats and histories as Discord messages. Nothing here is
//! secret: ratings and results of ended matches are public in the server.

use crate::i18n::Lang;
use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed};

use super::{MAX_CONTENT, ROW};
use crate::discord::custom_id::CustomId;
use crate::present::escape;
use crate::service::ratings::PROVISIONAL_DEVIATION;
use crate::service::{HistoryView, LeaderboardView, MatchResult, PlayerStats, Record, RecordFile, Standing, Streak};

const COLOUR_LADDER: u32 = 0x10b981;

fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// A rating as shown: rounded, with `?` when provisional.
fn rating(value: f64, provisional: bool) -> String {
    format!("{value:.0}{}", if provisional { "?" } else { "" })
}

fn wld(wins: u32, losses: u32, draws: u32) -> String {
    format!("{wins}W {losses}L {draws}D")
}

fn line(s: &Standing) -> String {
    format!(
        "**{}.** {} · **{}** ±{:.0} · {} game{} ({})",
        s.rank,
        escape(&s.player.name),
        rating(s.rating, s.provisional),
        s.deviation,
        s.games,
        if s.games == 1 { "" } else { "s" },
        wld(s.wins, s.losses, s.draws)
    )
}

/// A leaderboard page: the viewer's place (content), the page (embed), and
/// Previous / Next buttons that carry the page, the variant and the viewer.
pub fn leaderboard(lang: Lang, view: &LeaderboardView) -> (String, CreateEmbed, Vec<CreateActionRow>) {
    let scope = view.board.title();
    let content = match &view.viewer {
        Some(me) => format!(
            "{}: you are **#{}** of {} · {} ±{:.0}",
            mention(view.viewer_id),
            me.rank,
            view.total,
            rating(me.rating, me.provisional),
            me.deviation
        ),
        None => format!("{}: you have no rated match on this board yet.", mention(view.viewer_id)),
    };
    let description = if view.entries.is_empty() {
        "Nobody has finished a rated match here yet: `/engarde challenge` someone!".to_owned()
    } else {
        view.entries.iter().map(line).collect::<Vec<_>>().join("\n")
    };
    let embed = CreateEmbed::new()
        .title(format!("🏆 Leaderboard · {scope}"))
        .colour(COLOUR_LADDER)
        .description(description)
        .footer(serenity::CreateEmbedFooter::new(format!(
            "Page {}/{} · {} rated player{} · ? = provisional (deviation {PROVISIONAL_DEVIATION:.0} or more), \
             listed after the established",
            view.page,
            view.pages,
            view.total,
            if view.total == 1 { "" } else { "s" }
        )));
    let mut rows = Vec::new();
    if view.pages > 1 {
        let page = u32::try_from(view.page).unwrap_or(1);
        let to = |page: u32| CustomId::Leaderboard { board: view.board, page, owner: view.viewer_id }.encode();
        rows.push(CreateActionRow::Buttons(vec![
            CreateButton::new(to(page - 1)).label("◀ Previous").style(ButtonStyle::Secondary).disabled(view.page <= 1),
            CreateButton::new(to(page + 1))
                .label("Next ▶")
                .style(ButtonStyle::Secondary)
                .disabled(view.page >= view.pages),
        ]));
    }
    (content, embed, rows)
}

fn reason_words(reason: &str) -> &str {
    match reason {
        "hit" => "by a hit",
        "position" => "on position",
        "hand_count" => "on hand count",
        "stuck" => "opponent stuck",
        "resign" => "by resignation",
        "drawn" => "drawn",
        "points" => "on points",
        other => other,
    }
}

fn record_words(r: &Record) -> String {
    format!("{} won, {} lost, {} drawn", r.wins, r.losses, r.draws)
}

fn streak_words(s: Streak) -> String {
    let (one, many) = match s.result {
        MatchResult::Won => ("win", "wins"),
        MatchResult::Lost => ("loss", "losses"),
        MatchResult::Drawn | MatchResult::Aborted => ("draw", "draws"),
    };
    format!("{} {}", s.len, if s.len == 1 { one } else { many })
}

/// A player's stats, as a public message.
#[must_use]
pub fn stats(lang: Lang, s: &PlayerStats) -> String {
    let name = escape(&s.player.name);
    if s.record.games() == 0 {
        return format!("📊 **{name}** has not finished a match in this server yet.");
    }
    let mut text = format!("📊 **{name}** in this server\n");
    if s.ratings.is_empty() {
        text.push_str("Not rated yet.\n");
    }
    for (game, r) in &s.ratings {
        let rank = match r.rank {
            Some(rank) => format!("rank **#{rank}** of {}", r.of),
            None => "inactive: off the leaderboard until their next rated match".to_owned(),
        };
        text.push_str(&format!(
            "{}: rating **{:.0}** ±{:.0}{} · {rank}\n",
            game.title(),
            r.rating,
            r.deviation,
            if r.provisional { " (provisional)" } else { "" },
        ));
    }
    text.push_str(&format!("Matches: {} · {}\n", s.record.games(), record_words(&s.record)));
    if let Some(streak) = s.current_streak {
        text.push_str(&format!(
            "Streak: {} · best {} win{} in a row\n",
            streak_words(streak),
            s.best_streak,
            if s.best_streak == 1 { "" } else { "s" }
        ));
    }
    let won: u32 = s.rounds_won.iter().map(|(_, n)| n).sum();
    let by: Vec<String> = s.rounds_won.iter().map(|(r, n)| format!("{n} {}", reason_words(r))).collect();
    text.push_str(&format!(
        "Rounds: {won} won ({}), {} lost\n",
        if by.is_empty() { "–".into() } else { by.join(", ") },
        s.rounds_lost
    ));
    if let Some((variant, n)) = s.favourite {
        text.push_str(&format!(
            "Favourite variant: {} ({n} match{})\n",
            variant.title(),
            if n == 1 { "" } else { "es" }
        ));
    }
    if let Some((viewer, h2h)) = &s.head_to_head {
        text.push_str(&format!("Against {}: {}\n", escape(&viewer.name), record_words(h2h)));
    }
    text
}

fn result_words(result: MatchResult, reason: &str) -> String {
    let how = match reason {
        "resign" => " (resignation)",
        "timeout" => " (time ran out)",
        _ => "",
    };
    match result {
        MatchResult::Won => format!("**won**{how}"),
        MatchResult::Lost => format!("**lost**{how}"),
        MatchResult::Drawn if reason == "draw" => "**drawn** (agreed)".to_owned(),
        MatchResult::Drawn => "**drawn** (equal score)".to_owned(),
        MatchResult::Aborted => "aborted (not rated)".to_owned(),
    }
}

/// A player's last matches, with a button to export each one's record.
#[must_use]
pub fn history(lang: Lang, h: &HistoryView) -> (String, Vec<CreateActionRow>) {
    let name = escape(&h.player.name);
    if h.entries.is_empty() {
        return (format!("**{name}** has no ended match in this server yet."), Vec::new());
    }
    let mut text = format!("📜 **{name}**: last matches\n");
    for e in &h.entries {
        let change = match e.practice {
            Some(level) => format!(" · practice ({level}), not rated"),
            None => e.rating_change.map(|d| format!(" · {d:+.0}")).unwrap_or_default(),
        };
        let entry = format!(
            "• <t:{}:d> · #{} vs {} · {} · {} – {} · {}{}\n",
            e.ended_at,
            e.match_id,
            escape(&e.opponent.name),
            e.variant.title(),
            e.score.0,
            e.score.1,
            result_words(e.result, &e.reason),
            change
        );
        if text.chars().count() + entry.chars().count() > MAX_CONTENT - 80 {
            break;
        }
        text.push_str(&entry);
    }
    text.push_str("Export a match's record (a file `engarde replay` plays back):");
    let buttons: Vec<CreateButton> = h
        .entries
        .iter()
        .map(|e| {
            CreateButton::new(CustomId::Export { match_id: e.match_id }.encode())
                .label(format!("Export #{}", e.match_id))
                .style(ButtonStyle::Secondary)
        })
        .collect();
    let rows = buttons.chunks(ROW).take(5).map(|c| CreateActionRow::Buttons(c.to_vec())).collect();
    (text, rows)
}

/// The words that come with an exported record.
#[must_use]
pub fn export_note(lang: Lang, file: &RecordFile) -> String {
    format!("📎 The record of match #{}: replay it with `engarde replay {}`.", file.match_id, file.filename)
}
