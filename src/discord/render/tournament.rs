//! Tournaments in words: the announcement with Join / Leave, round starts, standings
//! (split into messages within Discord's limit), the podium and a player's own pairing.

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateButton};

use super::{clamp, MAX_CONTENT};
use crate::discord::custom_id::CustomId;
use crate::i18n::{duration, Lang};
use crate::present::{escape, variant_title};
use crate::service::tournament::{EventState, Mine, RoundStart, StandingLine, StandingsView, TournamentView};
use crate::t;
use engarde_tournament::Format;

/// The longest name shown in a list (longer ones are cut).
const NAME_SHOWN: usize = 32;
/// Discord's limit on a thread's name.
pub const THREAD_NAME_MAX: usize = 100;
/// The most players the announcement lists by name (the rest are counted).
const LISTED: usize = 64;

fn secs(s: i64) -> std::time::Duration {
    std::time::Duration::from_secs(u64::try_from(s).unwrap_or_default())
}

/// A name as shown in lists: escaped, on one line, cut short.
fn short_name(name: &str) -> String {
    let one_line: String = name.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    let cut: String = if one_line.chars().count() > NAME_SHOWN {
        let mut s: String = one_line.chars().take(NAME_SHOWN - 1).collect();
        s.push('…');
        s
    } else {
        one_line
    };
    escape(&cut)
}

/// Half points as shown: `3`, `3½`, `½`.
#[must_use]
pub fn half_points(half: u32) -> String {
    match (half / 2, half % 2) {
        (0, 1) => "½".to_owned(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// Quarter points as shown: `2`, `2¼`, `2½`, `2¾`.
#[must_use]
pub fn quarter_points(quarter: u32) -> String {
    let frac = ["", "¼", "½", "¾"][(quarter % 4) as usize];
    match quarter / 4 {
        0 if !frac.is_empty() => frac.to_owned(),
        n => format!("{n}{frac}"),
    }
}

fn format_words(lang: Lang, e: &TournamentView) -> String {
    match e.format {
        Format::Swiss if e.rounds > 0 => t!(lang, "tournament-format-swiss-rounds", rounds = i64::from(e.rounds)),
        Format::Swiss => t!(lang, "tournament-format-swiss"),
        Format::RoundRobin if e.double => t!(lang, "tournament-format-double-round-robin"),
        Format::RoundRobin => t!(lang, "tournament-format-round-robin"),
    }
}

fn state_words(lang: Lang, e: &TournamentView) -> String {
    match e.state {
        EventState::SigningUp => t!(lang, "tournament-state-signup", closes = format!("<t:{}:R>", e.signup_closes_at)),
        EventState::Running => t!(
            lang,
            "tournament-state-running",
            round = i64::from(e.current_round),
            due = e.round_deadline.map_or_else(String::new, |d| format!("<t:{d}:R>"))
        ),
        EventState::Paused => t!(lang, "tournament-state-paused", round = i64::from(e.current_round)),
        EventState::Finished => t!(lang, "tournament-state-finished"),
        EventState::Cancelled => t!(lang, "tournament-state-cancelled"),
    }
}

/// The announcement: what the event is, its players so far, and where it stands.
#[must_use]
pub fn announcement(lang: Lang, e: &TournamentView) -> String {
    let players: Vec<&_> = e.players().collect();
    let mut names: Vec<String> = players.iter().take(LISTED).map(|p| short_name(&p.player.name)).collect();
    if players.len() > LISTED {
        names.push(t!(lang, "tournament-more-players", count = (players.len() - LISTED) as i64));
    }
    let list = if names.is_empty() { t!(lang, "tournament-no-players-yet") } else { names.join(", ") };
    let text = t!(
        lang,
        "tournament-announcement",
        name = escape(&e.name),
        id = e.id,
        variant = variant_title(lang, e.variant),
        format = format_words(lang, e),
        turn = duration(lang, secs(e.turn_seconds)),
        round = duration(lang, secs(e.round_seconds)),
        rated = if e.rated { "yes" } else { "no" },
        count = players.len() as i64,
        max = i64::from(e.max_players),
        players = list,
        state = state_words(lang, e)
    );
    fit(text)
}

/// Cuts a text to Discord's limit, at a line if it can.
fn fit(text: String) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text;
    }
    clamp(text)
}

/// The announcement's buttons: Join and Leave while players may join, none after.
#[must_use]
pub fn announcement_buttons(lang: Lang, e: &TournamentView) -> Vec<CreateActionRow> {
    if !e.open_to_join() {
        return Vec::new();
    }
    vec![CreateActionRow::Buttons(vec![
        CreateButton::new(CustomId::TournamentJoin(e.id).encode())
            .label(t!(lang, "tournament-button-join"))
            .style(ButtonStyle::Success),
        CreateButton::new(CustomId::TournamentLeave(e.id).encode())
            .label(t!(lang, "tournament-button-leave"))
            .style(ButtonStyle::Secondary),
    ])]
}

/// The name of the event's own thread.
#[must_use]
pub fn event_thread_name(lang: Lang, e: &TournamentView) -> String {
    cut(t!(lang, "tournament-thread-event", name = e.name.clone()), THREAD_NAME_MAX)
}

/// The name of a pairing's match thread: the event, the round and the players.
#[must_use]
pub fn match_thread_name(lang: Lang, e: &TournamentView, round: u32, a: &str, b: &str) -> String {
    let text = t!(
        lang,
        "tournament-thread-match",
        name = cut(e.name.clone(), 40),
        round = i64::from(round),
        a = cut(a.to_owned(), 24),
        b = cut(b.to_owned(), 24)
    );
    cut(text, THREAD_NAME_MAX)
}

fn cut(text: String, max: usize) -> String {
    let clean: String = text.chars().filter(|c| !matches!(c, '\u{2068}' | '\u{2069}')).collect();
    if clean.chars().count() <= max {
        return clean;
    }
    let mut s: String = clean.chars().take(max - 1).collect();
    s.push('…');
    s
}

/// Splits lines into messages within Discord's limit, the header on the first.
fn pages(header: String, lines: Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = header;
    for line in lines {
        if current.chars().count() + line.chars().count() + 1 > MAX_CONTENT - 16 {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(&line);
    }
    if !current.is_empty() {
        out.push(current);
    }
    out.into_iter().map(clamp).collect()
}

/// A round's start, posted in the event's thread: its pairings, bye and forfeits (as
/// many messages as it takes).
#[must_use]
pub fn round_started(lang: Lang, e: &TournamentView, start: &RoundStart) -> Vec<String> {
    let header = t!(
        lang,
        "tournament-round-started",
        name = escape(&e.name),
        round = i64::from(start.round),
        due = e.round_deadline.map_or_else(String::new, |d| format!("<t:{d}:R>"))
    );
    let mut lines: Vec<String> = start
        .boards
        .iter()
        .map(|b| {
            t!(
                lang,
                "tournament-pairing-line",
                a = short_name(&b.players.a.name),
                b = short_name(&b.players.b.name),
                id = b.match_id
            )
        })
        .collect();
    for (winner, gone) in &start.forfeits {
        lines.push(t!(
            lang,
            "tournament-forfeit-line",
            winner = short_name(&winner.name),
            gone = short_name(&gone.name)
        ));
    }
    if let Some(bye) = &start.bye {
        let id = if e.format == Format::Swiss { "tournament-bye-line" } else { "tournament-rest-line" };
        lines.push(t!(lang, id, name = short_name(&bye.name)));
    }
    pages(header, lines)
}

fn standing_line(lang: Lang, format: Format, l: &StandingLine) -> String {
    let tiebreak = match format {
        Format::Swiss => t!(
            lang,
            "tournament-tiebreak-swiss",
            buchholz = half_points(l.buchholz),
            sb = quarter_points(l.sonneborn_berger)
        ),
        Format::RoundRobin => t!(
            lang,
            "tournament-tiebreak-round-robin",
            sb = quarter_points(l.sonneborn_berger),
            h2h = half_points(l.head_to_head)
        ),
    };
    let withdrawn = if l.withdrawn { t!(lang, "tournament-withdrawn-mark") } else { String::new() };
    t!(
        lang,
        "tournament-standing-line",
        rank = i64::from(l.rank),
        name = short_name(&l.player.name),
        points = half_points(l.points),
        wins = i64::from(l.wins),
        draws = i64::from(l.draws),
        losses = i64::from(l.losses),
        tiebreak = tiebreak,
        withdrawn = withdrawn
    )
}

/// The standings, as messages within Discord's limit (64 players take a few).
#[must_use]
pub fn standings(lang: Lang, s: &StandingsView) -> Vec<String> {
    let header = if s.event.state == EventState::Finished {
        t!(lang, "tournament-standings-final", name = escape(&s.event.name))
    } else {
        t!(lang, "tournament-standings-header", name = escape(&s.event.name), round = i64::from(s.after_round))
    };
    let lines = s.lines.iter().map(|l| standing_line(lang, s.event.format, l)).collect();
    pages(header, lines)
}

/// One page (from 1) of the standings, for a command's answer; the number of pages.
#[must_use]
pub fn standings_page(lang: Lang, s: &StandingsView, page: usize) -> (String, usize) {
    let all = standings(lang, s);
    let count = all.len();
    let shown = all.into_iter().nth(page.clamp(1, count.max(1)) - 1).unwrap_or_default();
    if count > 1 {
        let footer = t!(lang, "tournament-standings-page", page = page.clamp(1, count) as i64, pages = count as i64);
        return (clamp(format!("{shown}\n{footer}")), count);
    }
    (shown, count)
}

/// The podium, posted in the event's channel when it ends: the three best places among
/// the players who did not withdraw ([`StandingLine::place`](crate::service::tournament::StandingLine)).
#[must_use]
pub fn podium(lang: Lang, s: &StandingsView) -> String {
    let place = |place: u32| -> String {
        let names: Vec<String> =
            s.lines.iter().filter(|l| l.place == Some(place)).map(|l| short_name(&l.player.name)).collect();
        if names.is_empty() {
            "—".to_owned()
        } else {
            names.join(", ")
        }
    };
    clamp(t!(
        lang,
        "tournament-podium",
        name = escape(&s.event.name),
        first = place(1),
        second = place(2),
        third = place(3)
    ))
}

/// An event cancelled (by a manager, or too few players when sign-ups closed).
#[must_use]
pub fn cancelled(lang: Lang, e: &TournamentView, too_few: bool) -> String {
    if too_few {
        t!(lang, "tournament-cancelled-too-few", name = escape(&e.name))
    } else {
        t!(lang, "tournament-cancelled", name = escape(&e.name))
    }
}

/// A player's own pairing: `/engarde tournament mine`.
#[must_use]
pub fn mine(lang: Lang, m: &Mine) -> String {
    match m {
        Mine::SignedUp { event } => t!(
            lang,
            "tournament-mine-signed-up",
            name = escape(&event.name),
            closes = format!("<t:{}:R>", event.signup_closes_at)
        ),
        Mine::Playing { event, round, opponent, match_id, board } => {
            let text = t!(
                lang,
                "tournament-mine-playing",
                name = escape(&event.name),
                round = i64::from(*round),
                opponent = escape(&opponent.name),
                id = *match_id
            );
            match board {
                Some(link) => format!("{text}\n{}", link.url()),
                None => text,
            }
        }
        Mine::Waiting { event, round } => {
            t!(lang, "tournament-mine-waiting", name = escape(&event.name), round = i64::from(*round))
        }
        Mine::Bye { event, round } => {
            t!(lang, "tournament-mine-bye", name = escape(&event.name), round = i64::from(*round))
        }
        Mine::Late { event, round } => {
            t!(lang, "tournament-mine-late", name = escape(&event.name), round = i64::from(*round))
        }
        Mine::Withdrawn { event } => t!(lang, "tournament-mine-withdrawn", name = escape(&event.name)),
        Mine::Over { event, rank: Some(rank) } => {
            t!(lang, "tournament-mine-over-rank", name = escape(&event.name), rank = i64::from(*rank))
        }
        Mine::Over { event, rank: None } => t!(lang, "tournament-mine-over", name = escape(&event.name)),
    }
}

/// What a player is told when they join.
#[must_use]
pub fn joined(lang: Lang, e: &TournamentView, late: bool) -> String {
    if late {
        t!(lang, "tournament-joined-late", name = escape(&e.name), round = i64::from(e.current_round + 1))
    } else {
        t!(lang, "tournament-joined", name = escape(&e.name))
    }
}

/// What a player is told when they leave (before the start, or withdrawing).
#[must_use]
pub fn left(lang: Lang, e: &TournamentView) -> String {
    if e.state == EventState::SigningUp {
        t!(lang, "tournament-left-signup", name = escape(&e.name))
    } else {
        t!(lang, "tournament-left-withdrawn", name = escape(&e.name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_as_fractions() {
        assert_eq!(half_points(0), "0");
        assert_eq!(half_points(1), "½");
        assert_eq!(half_points(7), "3½");
        assert_eq!(quarter_points(0), "0");
        assert_eq!(quarter_points(1), "¼");
        assert_eq!(quarter_points(10), "2½");
        assert_eq!(quarter_points(11), "2¾");
    }

    #[test]
    fn pages_stay_within_the_limit() {
        let lines: Vec<String> =
            (0..64).map(|i| format!("{i:>2}. {} — 4½ (4-1-1) · Bh 12½ · SB 10¼", "W".repeat(32))).collect();
        let pages = pages("header".to_owned(), lines.clone());
        assert!(pages.len() >= 2);
        assert!(pages.iter().all(|p| p.chars().count() <= MAX_CONTENT));
        let joined = pages.join("\n");
        assert!(lines.iter().all(|l| joined.contains(l.as_str())), "no line is lost");
    }
}
