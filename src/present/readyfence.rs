//! Ready... Fence! in words and pictures: the strip, the cards by name, what a turn or a
//! phrase made happen, and the rules with every card, in a few messages.
//!
//! Seat A fences as Green (`G`, from block 1's end), seat B as Red (`R`). Everything here
//! is built from public views and events, except the labels of a player's own cards.

use crate::i18n::Lang;
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
pub fn colour(lang: Lang, seat: Seat) -> &'static str {
    match seat {
        Seat::A => "Green",
        Seat::B => "Red",
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
pub fn kind_name(lang: Lang, kind: Kind) -> &'static str {
    match kind {
        Kind::StraightThrust => "Straight Thrust",
        Kind::BeatThrust => "Beat Thrust",
        Kind::Disengage => "Disengage",
        Kind::ToeTouch => "Toe-touch",
        Kind::GlideAttack => "Glide Attack",
        Kind::Flick => "Flick",
        Kind::Flanconade => "Flanconade",
        Kind::Fleche => "Flèche",
        Kind::ParryRiposte => "Parry-Riposte",
        Kind::CedingParry => "Ceding Parry",
        Kind::Infighting => "Infighting",
        Kind::StopHit => "Stop Hit",
        Kind::CounterTime => "Counter-time",
        Kind::FeintInTime => "Feint in Time",
        Kind::Joker => "Joker",
        Kind::Angulation => "Angulation",
        Kind::RenewedAttack => "Renewed Attack",
        Kind::Feint => "Feint",
    }
}

/// A card by name and printed speed, e.g. "Stop Hit 5", or "Joker".
#[must_use]
pub fn card_name(lang: Lang, card: Card) -> String {
    match card.speed {
        Some(speed) => format!("{} {speed}", kind_name(lang, card.kind)),
        None => kind_name(lang, card.kind).to_owned(),
    }
}

/// A card with its Angulation if one is attached, e.g. "Stop Hit 5 + Angulation".
#[must_use]
pub fn with_angulation(lang: Lang, card: Card, angulation: bool) -> String {
    if angulation {
        format!("{} + Angulation", card_name(lang, card))
    } else {
        card_name(lang, card)
    }
}

/// The card's colour and kind of action, as the cards show it.
#[must_use]
pub fn kind_class(lang: Lang, kind: Kind) -> &'static str {
    match kind {
        Kind::StraightThrust | Kind::BeatThrust | Kind::ToeTouch | Kind::GlideAttack => "red, attack",
        Kind::Flick | Kind::Flanconade | Kind::Fleche => "red, attack",
        Kind::Disengage => "red attack or cyan counter-attack",
        Kind::ParryRiposte | Kind::CedingParry => "blue, parry",
        Kind::Infighting => "red attack or blue parry",
        Kind::StopHit => "cyan, counter-attack",
        Kind::CounterTime => "blue, special",
        Kind::FeintInTime => "cyan, special",
        Kind::Joker => "gold, special",
        Kind::Angulation | Kind::RenewedAttack | Kind::Feint => "orange, bonus",
    }
}

/// What a card does and may answer, in one short line (the default rule options).
#[must_use]
pub fn kind_effect(lang: Lang, kind: Kind) -> &'static str {
    match kind {
        Kind::StraightThrust => "opens at lunge distance; +2 if you are in line and they are in invitation",
        Kind::BeatThrust => "opens at lunge distance, not against invitation; +1 against point-in-line",
        Kind::Disengage => {
            "opens only against engagement (and ignores its −1); or counters a Flanconade, Beat Thrust or Glide Attack"
        }
        Kind::ToeTouch => "opens at lunge distance; cannot be parried: only a Stop Hit or Defence by Distance answer",
        Kind::GlideAttack => "opens only against point-in-line; or ripostes at speed 4 after your own parry",
        Kind::Flick => "opens at lunge distance, not against invitation; +1 against point-in-line",
        Kind::Flanconade => "opens only against point-in-line",
        Kind::Fleche => "opens at long distance only; you play nothing more in that phrase",
        Kind::ParryRiposte => "parries any attack or riposte of speed ≤ its own, then ripostes at its speed −2",
        Kind::CedingParry => "scores at once against a Glide Attack or Flanconade; else parries at 4, no riposte",
        Kind::Infighting => "short distance only: opens, or parries Infighting and ripostes at its speed −2",
        Kind::StopHit => {
            "counters a Straight Thrust, Beat Thrust, Toe-touch, Flick, Flèche or riposte: faster wins, equal is a double"
        }
        Kind::CounterTime => "answers a counter-attack: a point unless Feint in Time answers it",
        Kind::FeintInTime => "answers Counter-time only: a point at once",
        Kind::Joker => "answers anything but a card that scores at once: a point at once; never opens",
        Kind::Angulation => "attach to your own attack or counter-attack: +2 speed",
        Kind::RenewedAttack => "after your first attack is parried: it comes back at +2 and cancels the riposte",
        Kind::Feint => "after your first attack is parried: switch to another attack card, or stop the phrase",
    }
}

/// A weapon position in words.
#[must_use]
pub fn guard_name(lang: Lang, guard: Guard) -> &'static str {
    match guard {
        Guard::Line => "point-in-line",
        Guard::Inv => "invitation",
        Guard::Eng => "engagement",
    }
}

/// A distance in words, e.g. "lunge (1 empty block)".
#[must_use]
pub fn distance_name(lang: Lang, distance: Distance, gap: u8) -> String {
    let name = match distance {
        Distance::Short => "short",
        Distance::Lunge => "lunge",
        Distance::Long => "long",
        Distance::OutOfDistance => "out of distance",
    };
    format!("{name} ({gap} empty block{})", if gap == 1 { "" } else { "s" })
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
fn points_line(points: Points, names: &BySeat<String>) -> String {
    match points {
        Points::Touch(s) => format!("🎯 Touch for {}!", bold(names, s)),
        Points::Double => "🎯🎯 Double touch: a point each.".to_owned(),
        Points::VoidDouble => "Double touch, void: no point.".to_owned(),
        Points::Penalty(s) => format!("🚩 Off the strip: a point for {}.", bold(names, s)),
        Points::None => "The phrase ends with no point.".to_owned(),
    }
}

/// The role of a step in a phrase, in a few words.
#[must_use]
pub fn role_name(lang: Lang, role: Role) -> &'static str {
    match role {
        Role::Opening => "attack",
        Role::Renewed => "renewed attack",
        Role::Parry => "parry",
        Role::Riposte => "riposte",
        Role::GlideRiposte => "Glide riposte",
        Role::Counter => "counter-attack",
        Role::CounterTime => "counter-time",
        Role::Immediate => "scores at once",
        Role::FeintCard => "feint into",
        Role::FeintStop => "feint, phrase stopped",
        Role::NocardParry => "parry without a card",
        Role::Distance => "defence by distance",
        Role::Concede => "concedes",
    }
}

/// One card or no-card action of a phrase, as narrated.
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
    let at = speed.map(|s| format!(" at speed **{s}**")).unwrap_or_default();
    let mut line = match role {
        Role::Opening => format!("⚔️ {who} opens a phrase with {card}{at}"),
        Role::Renewed => format!("⚔️ {who} renews the attack{at}"),
        Role::Parry => format!("🛡️ {who} parries with {card}{at}"),
        Role::Riposte => format!("↩️ {who} ripostes{at}"),
        Role::GlideRiposte => format!("↩️ {who} ripostes with {card}{at}"),
        Role::Counter => format!("⚡ {who} counter-attacks with {card}{at}"),
        Role::CounterTime => format!("🔁 {who} plays {card}: a point unless Feint in Time answers"),
        Role::Immediate => format!("✨ {who} plays {card}, which scores at once"),
        Role::FeintCard => format!("🎭 {who} feints into {card}{at}"),
        Role::FeintStop => format!("🎭 {who} feints and stops the phrase"),
        Role::NocardParry => format!("🛡️ {who} parries without a card{at}"),
        Role::Distance => format!("↔️ {who} breaks distance (Defence by Distance)"),
        Role::Concede => format!("{who} concedes the touch"),
    };
    if paid > 0 {
        line.push_str(&format!(" ({paid} SP)"));
    }
    line.push('.');
    line
}

fn end_words(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Target => "reaching the target",
        EndReason::Points => "on points at the end of time",
        EndReason::ExtraTimePoint => "with the point in extra time",
        EndReason::Priority => "on priority, extra time having run out",
        EndReason::TieTouch => "with the deciding touch",
        EndReason::EmptyHand => "as the other had to act with an empty hand",
        EndReason::TieDouble => "with a double touch",
        EndReason::Resign => "by resignation",
        EndReason::DrawAgreed => "by agreement",
    }
}

/// What a bout is played to, e.g. "first to 10 points, 2 periods".
#[must_use]
pub fn terms(lang: Lang, p: &PublicView) -> String {
    format!("first to {} points, {} period{}", p.target, p.periods, if p.periods == 1 { "" } else { "s" })
}

/// The lines that open a bout.
#[must_use]
pub fn opening(lang: Lang, p: &PublicView, names: &BySeat<String>) -> Vec<String> {
    let mut lines = vec![
        format!(
            "🤺 En garde! {} (Green) against {} (Red): {}, {}.",
            bold(names, Seat::A),
            bold(names, Seat::B),
            mode_words(p.variant),
            terms(lang, p)
        ),
        format!("The coin says {} plays first.", bold(names, p.first_player)),
    ];
    if p.stage == Awaiting::Mulligan {
        lines.push("Each fencer first keeps their hand or takes the mulligan (once).".to_owned());
    }
    lines
}

/// A mode's name in a sentence, e.g. "Ready... Fence! basic game".
fn mode_words(variant: Variant) -> &'static str {
    match variant {
        Variant::Tutorial => "Ready... Fence! tutorial",
        Variant::Basic => "Ready... Fence! basic game",
        Variant::Advanced => "Ready... Fence! advanced game",
    }
}

/// The state of a bout in a few lines, when its board is posted again.
#[must_use]
pub fn status(lang: Lang, p: &PublicView, names: &BySeat<String>) -> Vec<String> {
    if let Some(reason) = p.end {
        return vec![match p.winner {
            Some(w) => format!("The bout is over: {} won {}.", bold(names, w), end_words(reason)),
            None => format!("The bout is over: drawn {}.", end_words(reason)),
        }];
    }
    let mut lines = vec![format!(
        "Period {} of {}: {} {} – {} {}.",
        p.period,
        p.periods,
        bold(names, Seat::A),
        p.score.a,
        p.score.b,
        bold(names, Seat::B)
    )];
    if let Some(phrase) = &p.phrase {
        if let Some(last) = phrase.steps.last() {
            lines.push(format!(
                "Phrase in progress, last: {}.",
                phrase_step_text(lang, last.seat, last.role, last.card, last.angulation, last.speed, names)
            ));
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
    let card = card.map(|c| format!(": {}", with_angulation(lang, c, angulation))).unwrap_or_default();
    let speed = speed.map(|s| format!(" → speed **{s}**")).unwrap_or_default();
    format!("{} {}, {}{card}{speed}", letter(seat), escape(names.get(seat)), role_name(lang, role))
}

/// What a decision made happen, in public words (cards drawn or discarded are counted, never named).
#[must_use]
pub fn events(lang: Lang, events: &[Event], names: &BySeat<String>) -> Vec<String> {
    events
        .iter()
        .filter_map(|event| {
            Some(match event {
                Event::Mulligan { seat, cards } => {
                    format!("🔄 {} takes the mulligan: {cards} cards exchanged.", bold(names, *seat))
                }
                Event::Kept { seat } => format!("{} keeps their hand.", bold(names, *seat)),
                Event::TurnStarted { .. } | Event::TurnEnded { .. } => return None,
                Event::Passed { seat } => format!("{} passes.", bold(names, *seat)),
                Event::TurnSkipped { seat } => format!("{}'s turn is skipped (after a Stall).", bold(names, *seat)),
                Event::Moved { seat, to: 0 | 11 } => format!("{} steps off the strip!", bold(names, *seat)),
                Event::Moved { seat, to } => format!("👣 {} moves to block {to}.", bold(names, *seat)),
                Event::WeaponChanged { seat, guard } => {
                    format!("🗡️ {} takes the {} position.", bold(names, *seat), guard_name(lang, *guard))
                }
                Event::Swapped { seat, discarded, drawn } => format!(
                    "🃏 {} discards {discarded} card{} and draws {drawn}.",
                    bold(names, *seat),
                    if *discarded == 1 { "" } else { "s" }
                ),
                Event::Stalled { seat, stamina } => {
                    format!("⏸️ {} stalls: stamina now {stamina}, a timer card burned.", bold(names, *seat))
                }
                Event::Phrase { seat, role, card, angulation, speed, paid } => {
                    phrase_line(lang, *seat, *role, *card, *angulation, *speed, *paid, names)
                }
                Event::PhraseEnded { points } | Event::TurnPoint { points } => points_line(*points, names),
                Event::OnGuard => "The fencers go back on guard.".to_owned(),
                Event::PeriodEnded { period } => format!("⏱️ Period {period} is over."),
                Event::PeriodStarted { period, timer } => {
                    format!("⏱️ Period {period} begins: {timer} cards in the timer, fencers on guard.")
                }
                Event::ExtraTime { priority, timer } => format!(
                    "⏱️ Tied: extra time! The next point wins; {timer} cards in the timer; {} has priority.",
                    bold(names, *priority)
                ),
                Event::TutorialTie => "⏱️ Tied with no cards left to draw: the next single touch wins.".to_owned(),
                Event::Resigned { seat } => format!("{} resigns.", bold(names, *seat)),
                Event::DrawAgreed { .. } => "🤝 The fencers agree to a draw.".to_owned(),
                Event::BoutEnded { winner: Some(w), reason, score } => format!(
                    "🏆 {} wins the bout {}, {} to {}!",
                    bold(names, *w),
                    end_words(*reason),
                    score.get(*w),
                    score.get(w.other())
                ),
                Event::BoutEnded { winner: None, reason, score } => {
                    format!("🤝 The bout is drawn {}, {} to {}.", end_words(*reason), score.a, score.b)
                }
            })
        })
        .collect()
}

/// A decision as a short label for a button or a menu option (at most ~50 characters).
#[must_use]
pub fn label(lang: Lang, action: Action) -> String {
    match action {
        Action::Mulligan => "Take the mulligan".to_owned(),
        Action::Keep => "Keep this hand".to_owned(),
        Action::Move(Step::Forward) => "Move forward".to_owned(),
        Action::Move(Step::Back) => "Move back".to_owned(),
        Action::Weapon(g) => format!("Weapon: {}", guard_name(lang, g)),
        Action::Swap(c) => format!("Discard {} and draw", card_name(lang, c)),
        Action::Stall => "Stall (+2 SP)".to_owned(),
        Action::Retreat(None) => "Retreat 2 blocks".to_owned(),
        Action::Retreat(Some(c)) => format!("Retreat, swap {}", card_name(lang, c)),
        Action::EndTurn => "End the turn".to_owned(),
        Action::Play { card, angulation } => format!("Attack: {}", with_angulation(lang, card, angulation)),
        Action::Answer { card, angulation } => with_angulation(lang, card, angulation),
        Action::Parry => "Parry without a card".to_owned(),
        Action::Distance(None) => "Defence by Distance".to_owned(),
        Action::Distance(Some(c)) => format!("Distance, discard {}", card_name(lang, c)),
        Action::Concede => "Concede the touch".to_owned(),
        Action::Renew => "Renewed Attack (+2)".to_owned(),
        Action::Feint { card: None, .. } => "Feint: stop the phrase".to_owned(),
        Action::Feint { card: Some(card), angulation } => {
            format!("Feint into {}", with_angulation(lang, card, angulation))
        }
        Action::Glide { card, angulation } => format!("Riposte: {}", with_angulation(lang, card, angulation)),
        Action::Pass => "Pass".to_owned(),
        Action::Resign => "Resign".to_owned(),
        Action::AgreeDraw => "Agree to a draw".to_owned(),
    }
}

/// The confirmation of a player's own decision.
#[must_use]
pub fn done(lang: Lang, action: Action) -> String {
    match action {
        Action::Mulligan => "You took the mulligan.".to_owned(),
        Action::Keep => "You kept your hand.".to_owned(),
        Action::Move(Step::Forward) => "You moved forward.".to_owned(),
        Action::Move(Step::Back) => "You moved back.".to_owned(),
        Action::Weapon(g) => format!("You took the {} position.", guard_name(lang, g)),
        Action::Swap(c) => format!("You discarded {} and drew a card.", card_name(lang, c)),
        Action::Stall => "You stalled.".to_owned(),
        Action::Retreat(None) => "You retreated.".to_owned(),
        Action::Retreat(Some(c)) => format!("You retreated, discarding {} and drawing a card.", card_name(lang, c)),
        Action::EndTurn => "You ended your turn.".to_owned(),
        Action::Play { card, angulation } => format!("You attacked with {}.", with_angulation(lang, card, angulation)),
        Action::Answer { card, angulation } => {
            format!("You answered with {}.", with_angulation(lang, card, angulation))
        }
        Action::Parry => "You parried without a card.".to_owned(),
        Action::Distance(None) => "You broke distance.".to_owned(),
        Action::Distance(Some(c)) => format!("You broke distance, discarding {}.", card_name(lang, c)),
        Action::Concede => "You conceded the touch.".to_owned(),
        Action::Renew => "You renewed the attack.".to_owned(),
        Action::Feint { card: None, .. } => "You feinted and stopped the phrase.".to_owned(),
        Action::Feint { card: Some(card), angulation } => {
            format!("You feinted into {}.", with_angulation(lang, card, angulation))
        }
        Action::Glide { card, angulation } => format!("You riposted with {}.", with_angulation(lang, card, angulation)),
        Action::Pass => "You passed.".to_owned(),
        Action::Resign => "You resigned.".to_owned(),
        Action::AgreeDraw => "You accepted the draw.".to_owned(),
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
    let mut s = format!(
        "**{}**: épée with fencing cards. Two fencers, Green and Red, on a strip of 10 blocks; \
         leaving it at your end gives your opponent a point. Distance is the number of empty blocks \
         between you: **short** (0), **lunge** (1), **long** (2), out of distance (3+).\n\n",
        mode_words(variant)
    );
    s.push_str(
        "**A turn** is two game actions, or one and then an attack, or an attack alone: \
         **move** 1 block, **change weapon position** (once a turn)",
    );
    if variant != Variant::Tutorial {
        s.push_str(", **discard and draw** 1 card (once), **stall** (the whole turn: +2 stamina, burns a timer card; not twice in a row)");
    }
    if variant == Variant::Advanced {
        s.push_str(", **retreat** 2 blocks (may swap a card)");
    }
    s.push_str(
        ". An **attack** opens a phrase with a red card; it ends the turn.\n\n\
         **A phrase**: the defender answers the attack card by card: red is answered by blue \
         (parry) or cyan (counter-attack), cyan by blue, blue by cyan, each card's own limits aside; \
         at most 2 main cards each. A **parry** holds if its speed is at least the attack's, then \
         ripostes; a **counter-attack** faster than the threat takes over, an equal one is a double \
         touch, a slower one is hit. Without a card you may **parry** (stamina: 1 per 2 speed)",
    );
    s.push_str(if variant == Variant::Tutorial {
        " or, in the tutorial, only **break distance** (back 2 blocks, 1 stamina)"
    } else {
        " or **break distance** (back 2 blocks, 1 stamina, attacks of speed 5 or less)"
    });
    s.push_str(
        ", once a phrase, only when no card of yours would stop the attack. You may always concede the touch.\n\n\
         **Speed** = the card's speed, +1 for a defence from invitation, −1 for an attack against \
         engagement, plus the card's own bonus. Weapon positions: point-in-line beats invitation, \
         invitation beats engagement, engagement beats point-in-line.\n\n",
    );
    s.push_str(match variant {
        Variant::Tutorial => {
            "**Tutorial**: 41 cards, 6 in hand; card stamina is ignored; phrases open only at lunge \
             distance; after a phrase every played card is discarded and both draw back to 6. After a \
             turn without a phrase you may swap a card for free. The timer is the draw pile; bouts to \
             5, 10 or 15 points.\n\n"
        }
        Variant::Basic => {
            "**Basic**: 35 cards; each fencer holds a yellow Straight Thrust 3 and 5 more; a card \
             costs its stamina (SP, 0 to 6, 6 at the start). Played cards come back to your hand. \
             12 cards form the timer: a period ends when it is empty. Pool: 5 points, 1 period; direct \
             elimination: 10 points, 2 periods. A tie goes to extra time.\n\n"
        }
        Variant::Advanced => {
            "**Advanced**: all 54 cards, 6 in hand; a card costs its stamina (SP 6, then 5 and 4 in \
             later periods). Played cards come back, the Joker is discarded. 12 cards form the timer. \
             Pool: 5 points, 1 period; direct elimination: 15 points, 3 periods. A tie goes to extra time.\n\n"
        }
    });
    s.push_str("After a touch both fencers go back on guard and each gains 1 stamina unless they spent some in that phrase.\n\n");
    s.push_str("**The cards** (name, copies and speeds, stamina cost):\n");
    let t = table();
    for (kind, n, speeds) in deck_kinds(variant) {
        let speeds = if speeds.is_empty() {
            String::new()
        } else {
            let list: Vec<String> = speeds.iter().map(u8::to_string).collect();
            format!(", speed {}", list.join("/"))
        };
        let mut costs: Vec<u8> = t.copies().iter().filter(|c| c.card.kind == kind).map(|c| c.sp).collect();
        costs.dedup();
        let costs: Vec<String> = costs.iter().map(u8::to_string).collect();
        s.push_str(&format!(
            "• **{}** ×{n}{speeds}, SP {} ({}): {}.\n",
            kind_name(lang, kind),
            costs.join("/"),
            kind_class(lang, kind),
            kind_effect(lang, kind)
        ));
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
    }

    #[test]
    fn every_card_has_a_name_and_an_effect() {
        for kind in Kind::ALL {
            assert!(!kind_name(Lang::En, kind).is_empty() && kind_effect(Lang::En, kind).len() > 20, "{kind}");
            assert!(kind_effect(Lang::En, kind).chars().count() <= 110, "{kind}: a line on a phone");
        }
        assert_eq!(card_name(Lang::En, "stop_hit:5".parse().unwrap()), "Stop Hit 5");
        assert_eq!(with_angulation(Lang::En, "joker".parse().unwrap(), false), "Joker");
    }

    #[test]
    fn the_rules_name_every_card_of_each_mode() {
        for variant in Variant::ALL {
            let text = rules_summary(Lang::En, *variant);
            for (kind, _, _) in deck_kinds(*variant) {
                assert!(text.contains(&format!("**{}**", kind_name(Lang::En, kind))), "{variant}: {kind}");
            }
            let total: usize = deck_kinds(*variant).iter().map(|(_, n, _)| n).sum();
            assert_eq!(total, [41, 35, 54][*variant as usize], "{variant}");
        }
        assert!(!rules_summary(Lang::En, Variant::Basic).contains("**Feint**"), "Feint is advanced only");
        assert!(rules_summary(Lang::En, Variant::Advanced).contains("**Feint**"));
    }
}
