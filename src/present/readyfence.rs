//! Ready... Fence! in words and pictures: the strip, the cards by name, what a turn or a
//! phrase made happen, and the rules with every card, in a few messages.
//!
//! Seat A fences as Green (`G`, from block 1's end), seat B as Red (`R`). Everything here
//! is built from public views and events, except the labels of a player's own cards. Every
//! word comes from `locales/<language>/readyfence.ftl`.

use crate::i18n::Lang;
use crate::t;
use engarde_rules::readyfence::{
    table, Action, Awaiting, Card, Distance, EndReason, Event, Guard, Kind, Points, PublicView, Role, Step, Variant,
};
use engarde_rules::{BySeat, Seat};

use super::escape;

fn bold(names: &BySeat<String>, seat: Seat) -> String {
    format!("**{}**", escape(names.get(seat)))
}

/// A fencer's colour: Green for seat A, Red for seat B.
#[must_use]
pub fn colour(lang: Lang, seat: Seat) -> String {
    match seat {
        Seat::A => t!(lang, "readyfence-colour-green"),
        Seat::B => t!(lang, "readyfence-colour-red"),
    }
}

/// A fencer's letter on the strip.
#[must_use]
pub fn letter(seat: Seat) -> char {
    match seat {
        Seat::A => 'G',
        Seat::B => 'R',
    }
}

/// A card kind's name as printed.
#[must_use]
pub fn kind_name(lang: Lang, kind: Kind) -> String {
    let id = match kind {
        Kind::StraightThrust => "readyfence-kind-straight-thrust",
        Kind::BeatThrust => "readyfence-kind-beat-thrust",
        Kind::Disengage => "readyfence-kind-disengage",
        Kind::ToeTouch => "readyfence-kind-toe-touch",
        Kind::GlideAttack => "readyfence-kind-glide-attack",
        Kind::Flick => "readyfence-kind-flick",
        Kind::Flanconade => "readyfence-kind-flanconade",
        Kind::Fleche => "readyfence-kind-fleche",
        Kind::ParryRiposte => "readyfence-kind-parry-riposte",
        Kind::CedingParry => "readyfence-kind-ceding-parry",
        Kind::Infighting => "readyfence-kind-infighting",
        Kind::StopHit => "readyfence-kind-stop-hit",
        Kind::CounterTime => "readyfence-kind-counter-time",
        Kind::FeintInTime => "readyfence-kind-feint-in-time",
        Kind::Joker => "readyfence-kind-joker",
        Kind::Angulation => "readyfence-kind-angulation",
        Kind::RenewedAttack => "readyfence-kind-renewed-attack",
        Kind::Feint => "readyfence-kind-feint",
    };
    t!(lang, id)
}

/// A card by name and printed speed, e.g. "Stop Hit 5", or "Joker".
#[must_use]
pub fn card_name(lang: Lang, card: Card) -> String {
    match card.speed {
        Some(speed) => t!(lang, "readyfence-card-speed", name = kind_name(lang, card.kind), speed = speed),
        None => kind_name(lang, card.kind),
    }
}

/// A card with its Angulation if one is attached, e.g. "Stop Hit 5 + Angulation".
#[must_use]
pub fn with_angulation(lang: Lang, card: Card, angulation: bool) -> String {
    if angulation {
        t!(lang, "readyfence-with-angulation", card = card_name(lang, card))
    } else {
        card_name(lang, card)
    }
}

/// The card's colour and kind of action, as the cards show it.
#[must_use]
pub fn kind_class(lang: Lang, kind: Kind) -> String {
    let id = match kind {
        Kind::StraightThrust | Kind::BeatThrust | Kind::ToeTouch | Kind::GlideAttack => "readyfence-class-attack",
        Kind::Flick | Kind::Flanconade | Kind::Fleche => "readyfence-class-attack",
        Kind::Disengage => "readyfence-class-disengage",
        Kind::ParryRiposte | Kind::CedingParry => "readyfence-class-parry",
        Kind::Infighting => "readyfence-class-infighting",
        Kind::StopHit => "readyfence-class-counter",
        Kind::CounterTime => "readyfence-class-blue-special",
        Kind::FeintInTime => "readyfence-class-cyan-special",
        Kind::Joker => "readyfence-class-gold-special",
        Kind::Angulation | Kind::RenewedAttack | Kind::Feint => "readyfence-class-bonus",
    };
    t!(lang, id)
}

/// What a card does and may answer, in one short line (the default rule options).
#[must_use]
pub fn kind_effect(lang: Lang, kind: Kind) -> String {
    let id = match kind {
        Kind::StraightThrust => "readyfence-effect-straight-thrust",
        Kind::BeatThrust => "readyfence-effect-beat-thrust",
        Kind::Disengage => "readyfence-effect-disengage",
        Kind::ToeTouch => "readyfence-effect-toe-touch",
        Kind::GlideAttack => "readyfence-effect-glide-attack",
        Kind::Flick => "readyfence-effect-flick",
        Kind::Flanconade => "readyfence-effect-flanconade",
        Kind::Fleche => "readyfence-effect-fleche",
        Kind::ParryRiposte => "readyfence-effect-parry-riposte",
        Kind::CedingParry => "readyfence-effect-ceding-parry",
        Kind::Infighting => "readyfence-effect-infighting",
        Kind::StopHit => "readyfence-effect-stop-hit",
        Kind::CounterTime => "readyfence-effect-counter-time",
        Kind::FeintInTime => "readyfence-effect-feint-in-time",
        Kind::Joker => "readyfence-effect-joker",
        Kind::Angulation => "readyfence-effect-angulation",
        Kind::RenewedAttack => "readyfence-effect-renewed-attack",
        Kind::Feint => "readyfence-effect-feint",
    };
    t!(lang, id)
}

/// A weapon position in words.
#[must_use]
pub fn guard_name(lang: Lang, guard: Guard) -> String {
    match guard {
        Guard::Line => t!(lang, "readyfence-guard-line"),
        Guard::Inv => t!(lang, "readyfence-guard-inv"),
        Guard::Eng => t!(lang, "readyfence-guard-eng"),
    }
}

/// A distance in words, e.g. "lunge (1 empty block)".
#[must_use]
pub fn distance_name(lang: Lang, distance: Distance, gap: u8) -> String {
    let name = match distance {
        Distance::Short => t!(lang, "readyfence-distance-short"),
        Distance::Lunge => t!(lang, "readyfence-distance-lunge"),
        Distance::Long => t!(lang, "readyfence-distance-long"),
        Distance::OutOfDistance => t!(lang, "readyfence-distance-out"),
    };
    t!(lang, "readyfence-distance", name = name, gap = gap)
}

/// The strip in two lines of 33 columns: block numbers, then the blocks with `G` and `R`
/// (`X` if both stand on one block), between the two end zones `|`.
#[must_use]
pub fn strip(p: &PublicView) -> String {
    let mut numbers = String::from(" ");
    let mut blocks = String::from("|");
    for block in 1..=10u8 {
        numbers.push_str(&format!("{block:>3}"));
        let here: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| *p.positions.get(s) == block).collect();
        let mark = match here.as_slice() {
            [] => '.',
            [seat] => letter(*seat),
            _ => 'X',
        };
        blocks.push_str(&format!("  {mark}"));
    }
    blocks.push_str(" |");
    format!("{numbers}\n{blocks}")
}

/// A points outcome in words.
fn points_line(lang: Lang, points: Points, names: &BySeat<String>) -> String {
    match points {
        Points::Touch(s) => t!(lang, "readyfence-points-touch", name = bold(names, s)),
        Points::Double => t!(lang, "readyfence-points-double"),
        Points::VoidDouble => t!(lang, "readyfence-points-void"),
        Points::Penalty(s) => t!(lang, "readyfence-points-penalty", name = bold(names, s)),
        Points::None => t!(lang, "readyfence-points-none"),
    }
}

/// The role of a step in a phrase, in a few words.
#[must_use]
pub fn role_name(lang: Lang, role: Role) -> String {
    let id = match role {
        Role::Opening => "readyfence-role-opening",
        Role::Renewed => "readyfence-role-renewed",
        Role::Parry => "readyfence-role-parry",
        Role::Riposte => "readyfence-role-riposte",
        Role::GlideRiposte => "readyfence-role-glide-riposte",
        Role::Counter => "readyfence-role-counter",
        Role::CounterTime => "readyfence-role-counter-time",
        Role::Immediate => "readyfence-role-immediate",
        Role::FeintCard => "readyfence-role-feint-card",
        Role::FeintStop => "readyfence-role-feint-stop",
        Role::NocardParry => "readyfence-role-nocard-parry",
        Role::Distance => "readyfence-role-distance",
        Role::Concede => "readyfence-role-concede",
    };
    t!(lang, id)
}

/// One card or no-card action of a phrase, as narrated.
#[allow(clippy::too_many_arguments)]
fn phrase_line(
    lang: Lang,
    seat: Seat,
    role: Role,
    card: Option<Card>,
    angulation: bool,
    speed: Option<u8>,
    paid: u8,
    names: &BySeat<String>,
) -> String {
    let who = bold(names, seat);
    let card = card.map(|c| format!("**{}**", with_angulation(lang, c, angulation))).unwrap_or_default();
    let at = speed.map(|s| t!(lang, "readyfence-at-speed", speed = s)).unwrap_or_default();
    let paid = if paid > 0 { t!(lang, "readyfence-paid", sp = paid) } else { String::new() };
    let id = match role {
        Role::Opening => "readyfence-phrase-opening",
        Role::Renewed => "readyfence-phrase-renewed",
        Role::Parry => "readyfence-phrase-parry",
        Role::Riposte => "readyfence-phrase-riposte",
        Role::GlideRiposte => "readyfence-phrase-glide-riposte",
        Role::Counter => "readyfence-phrase-counter",
        Role::CounterTime => "readyfence-phrase-counter-time",
        Role::Immediate => "readyfence-phrase-immediate",
        Role::FeintCard => "readyfence-phrase-feint-card",
        Role::FeintStop => "readyfence-phrase-feint-stop",
        Role::NocardParry => "readyfence-phrase-nocard-parry",
        Role::Distance => "readyfence-phrase-distance",
        Role::Concede => "readyfence-phrase-concede",
    };
    t!(lang, id, who = who, card = card, at = at, paid = paid)
}

fn end_words(lang: Lang, reason: EndReason) -> String {
    let id = match reason {
        EndReason::Target => "readyfence-end-target",
        EndReason::Points => "readyfence-end-points",
        EndReason::ExtraTimePoint => "readyfence-end-extra-time-point",
        EndReason::Priority => "readyfence-end-priority",
        EndReason::TieTouch => "readyfence-end-tie-touch",
        EndReason::EmptyHand => "readyfence-end-empty-hand",
        EndReason::TieDouble => "readyfence-end-tie-double",
        EndReason::Resign => "readyfence-end-resign",
        EndReason::DrawAgreed => "readyfence-end-draw-agreed",
    };
    t!(lang, id)
}

/// What a bout is played to, e.g. "first to 10 points, 2 periods".
#[must_use]
pub fn terms(lang: Lang, p: &PublicView) -> String {
    t!(lang, "readyfence-terms", target = p.target, periods = p.periods)
}

/// The lines that open a bout.
#[must_use]
pub fn opening(lang: Lang, p: &PublicView, names: &BySeat<String>) -> Vec<String> {
    let mut lines = vec![
        t!(
            lang,
            "readyfence-opening",
            green = bold(names, Seat::A),
            red = bold(names, Seat::B),
            mode = mode_words(lang, p.variant),
            terms = terms(lang, p)
        ),
        t!(lang, "readyfence-opening-coin", name = bold(names, p.first_player)),
    ];
    if p.stage == Awaiting::Mulligan {
        lines.push(t!(lang, "readyfence-opening-mulligan"));
    }
    lines
}

/// A mode's name in a sentence, e.g. "Ready... Fence! basic game".
fn mode_words(lang: Lang, variant: Variant) -> String {
    match variant {
        Variant::Tutorial => t!(lang, "readyfence-mode-tutorial"),
        Variant::Basic => t!(lang, "readyfence-mode-basic"),
        Variant::Advanced => t!(lang, "readyfence-mode-advanced"),
    }
}

/// The state of a bout in a few lines, when its board is posted again.
#[must_use]
pub fn status(lang: Lang, p: &PublicView, names: &BySeat<String>) -> Vec<String> {
    if let Some(reason) = p.end {
        return vec![match p.winner {
            Some(w) => t!(lang, "readyfence-status-won", name = bold(names, w), how = end_words(lang, reason)),
            None => t!(lang, "readyfence-status-drawn", how = end_words(lang, reason)),
        }];
    }
    let mut lines = vec![t!(
        lang,
        "readyfence-status-period",
        period = p.period,
        periods = p.periods,
        green = bold(names, Seat::A),
        green_score = p.score.a,
        red_score = p.score.b,
        red = bold(names, Seat::B)
    )];
    if let Some(phrase) = &p.phrase {
        if let Some(last) = phrase.steps.last() {
            let step = phrase_step_text(lang, last.seat, last.role, last.card, last.angulation, last.speed, names);
            lines.push(t!(lang, "readyfence-status-phrase", step = step));
        }
    }
    lines
}

/// A phrase step in plain words for the board, e.g. "Alice, attack: Stop Hit 5 → speed 6".
#[must_use]
pub fn phrase_step_text(
    lang: Lang,
    seat: Seat,
    role: Role,
    card: Option<Card>,
    angulation: bool,
    speed: Option<u8>,
    names: &BySeat<String>,
) -> String {
    let card =
        card.map(|c| t!(lang, "readyfence-step-card", card = with_angulation(lang, c, angulation))).unwrap_or_default();
    let speed = speed.map(|s| t!(lang, "readyfence-step-speed", speed = s)).unwrap_or_default();
    t!(
        lang,
        "readyfence-step",
        letter = letter(seat).to_string(),
        name = escape(names.get(seat)),
        role = role_name(lang, role),
        card = card,
        speed = speed
    )
}

/// What a decision made happen, in public words (cards drawn or discarded are counted, never named).
#[must_use]
pub fn events(lang: Lang, events: &[Event], names: &BySeat<String>) -> Vec<String> {
    events
        .iter()
        .filter_map(|event| {
            Some(match event {
                Event::Mulligan { seat, cards } => {
                    t!(lang, "readyfence-event-mulligan", name = bold(names, *seat), cards = *cards)
                }
                Event::Kept { seat } => t!(lang, "readyfence-event-kept", name = bold(names, *seat)),
                Event::TurnStarted { .. } | Event::TurnEnded { .. } => return None,
                Event::Passed { seat } => t!(lang, "readyfence-event-passed", name = bold(names, *seat)),
                Event::TurnSkipped { seat } => t!(lang, "readyfence-event-skipped", name = bold(names, *seat)),
                Event::Moved { seat, to: 0 | 11 } => t!(lang, "readyfence-event-off-strip", name = bold(names, *seat)),
                Event::Moved { seat, to } => {
                    t!(lang, "readyfence-event-moved", name = bold(names, *seat), block = *to)
                }
                Event::WeaponChanged { seat, guard } => {
                    t!(lang, "readyfence-event-weapon", name = bold(names, *seat), guard = guard_name(lang, *guard))
                }
                Event::Swapped { seat, discarded, drawn } => t!(
                    lang,
                    "readyfence-event-swapped",
                    name = bold(names, *seat),
                    discarded = *discarded,
                    drawn = *drawn
                ),
                Event::Stalled { seat, stamina } => {
                    t!(lang, "readyfence-event-stalled", name = bold(names, *seat), stamina = *stamina)
                }
                Event::Phrase { seat, role, card, angulation, speed, paid } => {
                    phrase_line(lang, *seat, *role, *card, *angulation, *speed, *paid, names)
                }
                Event::PhraseEnded { points } | Event::TurnPoint { points } => points_line(lang, *points, names),
                Event::OnGuard => t!(lang, "readyfence-event-on-guard"),
                Event::PeriodEnded { period } => t!(lang, "readyfence-event-period-ended", period = *period),
                Event::PeriodStarted { period, timer } => {
                    t!(lang, "readyfence-event-period-started", period = *period, timer = *timer)
                }
                Event::ExtraTime { priority, timer } => {
                    t!(lang, "readyfence-event-extra-time", timer = *timer, name = bold(names, *priority))
                }
                Event::TutorialTie => t!(lang, "readyfence-event-tutorial-tie"),
                Event::Resigned { seat } => t!(lang, "readyfence-event-resigned", name = bold(names, *seat)),
                Event::DrawAgreed { .. } => t!(lang, "readyfence-event-draw-agreed"),
                Event::BoutEnded { winner: Some(w), reason, score } => t!(
                    lang,
                    "readyfence-event-won",
                    name = bold(names, *w),
                    how = end_words(lang, *reason),
                    score = *score.get(*w),
                    other = *score.get(w.other())
                ),
                Event::BoutEnded { winner: None, reason, score } => {
                    t!(lang, "readyfence-event-drawn", how = end_words(lang, *reason), green = score.a, red = score.b)
                }
            })
        })
        .collect()
}

/// A decision as a short label for a button or a menu option (at most ~50 characters).
#[must_use]
pub fn label(lang: Lang, action: Action) -> String {
    match action {
        Action::Mulligan => t!(lang, "readyfence-label-mulligan"),
        Action::Keep => t!(lang, "readyfence-label-keep"),
        Action::Move(Step::Forward) => t!(lang, "readyfence-label-forward"),
        Action::Move(Step::Back) => t!(lang, "readyfence-label-back"),
        Action::Weapon(g) => t!(lang, "readyfence-label-weapon", guard = guard_name(lang, g)),
        Action::Swap(c) => t!(lang, "readyfence-label-swap", card = card_name(lang, c)),
        Action::Stall => t!(lang, "readyfence-label-stall"),
        Action::Retreat(None) => t!(lang, "readyfence-label-retreat"),
        Action::Retreat(Some(c)) => t!(lang, "readyfence-label-retreat-swap", card = card_name(lang, c)),
        Action::EndTurn => t!(lang, "readyfence-label-end-turn"),
        Action::Play { card, angulation } => {
            t!(lang, "readyfence-label-play", card = with_angulation(lang, card, angulation))
        }
        Action::Answer { card, angulation } => with_angulation(lang, card, angulation),
        Action::Parry => t!(lang, "readyfence-label-parry"),
        Action::Distance(None) => t!(lang, "readyfence-label-distance"),
        Action::Distance(Some(c)) => t!(lang, "readyfence-label-distance-swap", card = card_name(lang, c)),
        Action::Concede => t!(lang, "readyfence-label-concede"),
        Action::Renew => t!(lang, "readyfence-label-renew"),
        Action::Feint { card: None, .. } => t!(lang, "readyfence-label-feint-stop"),
        Action::Feint { card: Some(card), angulation } => {
            t!(lang, "readyfence-label-feint", card = with_angulation(lang, card, angulation))
        }
        Action::Glide { card, angulation } => {
            t!(lang, "readyfence-label-glide", card = with_angulation(lang, card, angulation))
        }
        Action::Pass => t!(lang, "readyfence-label-pass"),
        Action::Resign => t!(lang, "readyfence-label-resign"),
        Action::AgreeDraw => t!(lang, "readyfence-label-agree-draw"),
    }
}

/// The confirmation of a player's own decision.
#[must_use]
pub fn done(lang: Lang, action: Action) -> String {
    match action {
        Action::Mulligan => t!(lang, "readyfence-done-mulligan"),
        Action::Keep => t!(lang, "readyfence-done-keep"),
        Action::Move(Step::Forward) => t!(lang, "readyfence-done-forward"),
        Action::Move(Step::Back) => t!(lang, "readyfence-done-back"),
        Action::Weapon(g) => t!(lang, "readyfence-done-weapon", guard = guard_name(lang, g)),
        Action::Swap(c) => t!(lang, "readyfence-done-swap", card = card_name(lang, c)),
        Action::Stall => t!(lang, "readyfence-done-stall"),
        Action::Retreat(None) => t!(lang, "readyfence-done-retreat"),
        Action::Retreat(Some(c)) => t!(lang, "readyfence-done-retreat-swap", card = card_name(lang, c)),
        Action::EndTurn => t!(lang, "readyfence-done-end-turn"),
        Action::Play { card, angulation } => {
            t!(lang, "readyfence-done-play", card = with_angulation(lang, card, angulation))
        }
        Action::Answer { card, angulation } => {
            t!(lang, "readyfence-done-answer", card = with_angulation(lang, card, angulation))
        }
        Action::Parry => t!(lang, "readyfence-done-parry"),
        Action::Distance(None) => t!(lang, "readyfence-done-distance"),
        Action::Distance(Some(c)) => t!(lang, "readyfence-done-distance-swap", card = card_name(lang, c)),
        Action::Concede => t!(lang, "readyfence-done-concede"),
        Action::Renew => t!(lang, "readyfence-done-renew"),
        Action::Feint { card: None, .. } => t!(lang, "readyfence-done-feint-stop"),
        Action::Feint { card: Some(card), angulation } => {
            t!(lang, "readyfence-done-feint", card = with_angulation(lang, card, angulation))
        }
        Action::Glide { card, angulation } => {
            t!(lang, "readyfence-done-glide", card = with_angulation(lang, card, angulation))
        }
        Action::Pass => t!(lang, "readyfence-done-pass"),
        Action::Resign => t!(lang, "readyfence-done-resign"),
        Action::AgreeDraw => t!(lang, "readyfence-done-agree-draw"),
    }
}

/// The kinds of a mode's deck, in table order, with how many copies and their printed speeds.
fn deck_kinds(variant: Variant) -> Vec<(Kind, usize, Vec<u8>)> {
    let t = table();
    let deck = t.deck(variant, Default::default());
    let mut out: Vec<(Kind, usize, Vec<u8>)> = Vec::new();
    for id in deck {
        let card = t.card(id);
        match out.iter_mut().find(|(k, _, _)| *k == card.kind) {
            Some((_, n, speeds)) => {
                *n += 1;
                speeds.extend(card.speed);
            }
            None => out.push((card.kind, 1, card.speed.into_iter().collect())),
        }
    }
    out
}

/// The rules of a mode, then each card of its deck, in paragraphs separated by blank lines
/// (longer than one Discord message: split it at the blank lines, see
/// [`crate::discord::render::split_message`]).
#[must_use]
pub fn rules_summary(lang: Lang, variant: Variant) -> String {
    let (turn, phrase, mode) = match variant {
        Variant::Tutorial => (
            t!(lang, "readyfence-rules-turn-tutorial"),
            t!(lang, "readyfence-rules-phrase-tutorial"),
            t!(lang, "readyfence-rules-mode-tutorial"),
        ),
        Variant::Basic => (
            t!(lang, "readyfence-rules-turn-basic"),
            t!(lang, "readyfence-rules-phrase"),
            t!(lang, "readyfence-rules-mode-basic"),
        ),
        Variant::Advanced => (
            t!(lang, "readyfence-rules-turn-advanced"),
            t!(lang, "readyfence-rules-phrase"),
            t!(lang, "readyfence-rules-mode-advanced"),
        ),
    };
    let paragraphs = [
        t!(lang, "readyfence-rules-intro", mode = mode_words(lang, variant)),
        turn,
        phrase,
        t!(lang, "readyfence-rules-speed"),
        mode,
        t!(lang, "readyfence-rules-recovery"),
    ];
    let mut s = paragraphs.join("\n\n");
    s.push_str("\n\n");
    s.push_str(&t!(lang, "readyfence-rules-cards"));
    s.push('\n');
    let t = table();
    for (kind, n, speeds) in deck_kinds(variant) {
        let speeds = if speeds.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = speeds.iter().map(u8::to_string).collect();
            t!(lang, "readyfence-rules-speeds", list = list.join("/"))
        };
        let mut costs: Vec<u8> = t.copies().iter().filter(|c| c.card.kind == kind).map(|c| c.sp).collect();
        costs.dedup();
        let costs: Vec<String> = costs.iter().map(u8::to_string).collect();
        s.push_str(&t!(
            lang,
            "readyfence-rules-card",
            name = kind_name(lang, kind),
            copies = n,
            speeds = speeds,
            sp = costs.join("/"),
            class = kind_class(lang, kind),
            effect = kind_effect(lang, kind)
        ));
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use engarde_rules::readyfence::{Config, ReadyFence};

    use super::*;

    #[test]
    fn the_strip_is_narrow_and_shows_both_fencers() {
        let game = ReadyFence::new(Config::new(Variant::Basic, 3)).unwrap();
        let p = game.public_view();
        let picture = strip(&p);
        let lines: Vec<&str> = picture.lines().collect();
        assert_eq!(lines.len(), 2, "{picture}");
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "fits a phone:\n{picture}");
        assert_eq!(lines[1], "|  .  .  .  G  .  .  R  .  .  . |", "on guard on 4 and 7");
        // Each fencer's letter stands under its block number.
        assert_eq!(lines[0].find(" 4").map(|i| i + 1), lines[1].find('G'));
        assert_eq!(lines[0].find("10").map(|i| i + 1), Some(lines[1].len() - 3));
        assert_eq!(distance_name(Lang::En, p.distance, p.gap), "long (2 empty blocks)");
        assert_eq!(distance_name(Lang::Fr, Distance::Lunge, 1), "fente (1 case vide)");
    }

    #[test]
    fn every_card_has_a_name_and_an_effect() {
        for lang in Lang::ALL {
            for kind in Kind::ALL {
                assert!(!kind_name(lang, kind).is_empty() && kind_effect(lang, kind).chars().count() > 5, "{kind}");
                assert!(kind_effect(lang, kind).chars().count() <= 130, "{lang} {kind}: a line on a phone");
            }
        }
        assert_eq!(card_name(Lang::En, "stop_hit:5".parse().unwrap()), "Stop Hit 5");
        assert_eq!(with_angulation(Lang::En, "joker".parse().unwrap(), false), "Joker");
    }

    #[test]
    fn the_rules_name_every_card_of_each_mode() {
        for lang in Lang::ALL {
            for variant in Variant::ALL {
                let text = rules_summary(lang, *variant);
                for (kind, _, _) in deck_kinds(*variant) {
                    assert!(text.contains(&format!("**{}**", kind_name(lang, kind))), "{lang} {variant}: {kind}");
                }
                for paragraph in text.split("\n\n") {
                    assert!(paragraph.chars().count() <= 2000 || paragraph.lines().count() > 1, "{lang}: {paragraph}");
                }
            }
            let feint = format!("**{}**", kind_name(lang, Kind::Feint));
            assert!(!rules_summary(lang, Variant::Basic).contains(&feint), "Feint is advanced only");
            assert!(rules_summary(lang, Variant::Advanced).contains(&feint));
        }
        for variant in Variant::ALL {
            let total: usize = deck_kinds(*variant).iter().map(|(_, n, _)| n).sum();
            assert_eq!(total, [41, 35, 54][*variant as usize], "{variant}");
        }
    }
}
