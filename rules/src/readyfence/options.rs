//! Rule options: every **Decision** of `ready-fence.md` section (d), with its default first,
//! and the bout's target. The names and values are part of the match-record interface: an
//! option is written `"concede": "forbid"` (or `"target": 10`) in a record's `options`.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Declares an option's enum: its values with their record names, the first one the default.
macro_rules! option_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant),+
        }

        impl $name {
            /// Every value, the default first.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value's name in match records.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::ALL[0]
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// Declares a numeric option: its values as numbers in records, the first one the default.
macro_rules! number_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $n:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// Every value, the default first.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The value as a number.
            #[must_use]
            pub const fn get(self) -> u8 {
                match self {
                    $($name::$variant => $n),+
                }
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::ALL[0]
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.get())
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_u8(self.get())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let n = u64::deserialize(d)?;
                Self::ALL.iter().copied().find(|v| u64::from(v.get()) == n).ok_or_else(|| {
                    let values: Vec<String> = Self::ALL.iter().map(|v| v.get().to_string()).collect();
                    serde::de::Error::custom(format!("{n} is not one of {}", values.join(", ")))
                })
            }
        }
    };
}

option_enum! {
    /// The three modes of the game, the variants `ready-fence-tutorial`, `-basic`, `-advanced`.
    Variant {
        /// The tutorial: 41 cards, lunge-distance phrases only.
        Tutorial = "ready-fence-tutorial",
        /// The basic game: 35 cards, a mandatory yellow Straight Thrust each.
        Basic = "ready-fence-basic",
        /// The advanced game: all 54 cards.
        Advanced = "ready-fence-advanced",
    }
}

/// The mode a deck is built for (the same as the variant).
pub type Mode = Variant;

impl Variant {
    /// The mode's short name: `tutorial`, `basic` or `advanced`.
    #[must_use]
    pub const fn mode_name(self) -> &'static str {
        match self {
            Variant::Tutorial => "tutorial",
            Variant::Basic => "basic",
            Variant::Advanced => "advanced",
        }
    }

    /// The targets this mode allows (R11.1), the default first.
    #[must_use]
    pub const fn targets(self) -> &'static [Target] {
        match self {
            Variant::Tutorial => &[Target::Five, Target::Ten, Target::Fifteen],
            Variant::Basic => &[Target::Five, Target::Ten],
            Variant::Advanced => &[Target::Five, Target::Fifteen],
        }
    }

    /// The number of periods of a bout to `target` (R11.1): the tutorial plays one; basic and
    /// advanced one per 5 points.
    #[must_use]
    pub const fn periods(self, target: Target) -> u8 {
        match self {
            Variant::Tutorial => 1,
            _ => target.get() / 5,
        }
    }
}

number_enum! {
    /// The bout's target (`target`): 5 (pool), 10 or 15 (direct elimination). Basic allows 5
    /// and 10, advanced 5 and 15, the tutorial all three (R11.1).
    Target {
        /// Default. 5 points.
        Five = 5,
        /// 10 points.
        Ten = 10,
        /// 15 points.
        Fifteen = 15,
    }
}

number_enum! {
    /// Where the fencers stand on guard (`start_gap`).
    StartGap {
        /// Default. Blocks 4 and 7: two empty blocks between them (long distance).
        Two = 2,
        /// Blocks 5 and 6: short distance.
        Zero = 0,
    }
}

option_enum! {
    /// Whether fencers may share a block (`overlap`).
    Overlap {
        /// Default. Fencers never share or cross blocks.
        Forbid = "forbid",
        /// A fencer may enter the opponent's block (gap 0), never pass it.
        Share = "share",
    }
}

option_enum! {
    /// Which mode marks build the decks (`deck_marks`).
    DeckMarks {
        /// Default. The whole-type split of R2.5 (`modes` in `cards.json`).
        Derived = "derived",
        /// Per-copy marks from `custom_modes` in `cards.json` (where a type gives none, its `modes`).
        Custom = "custom",
    }
}

option_enum! {
    /// The tutorial's timer (`tutorial_timer`).
    TutorialTimer {
        /// Default. The whole undealt deck is the draw pile and the timer.
        RestOfDeck = "rest_of_deck",
        /// 12 undealt cards are the timer (and draw pile); the rest is set aside as the reserve.
        Twelve = "twelve",
    }
}

option_enum! {
    /// The advanced timer (`adv_timer`).
    AdvTimer {
        /// Default. 12 cards, as in basic.
        Twelve = "twelve",
        /// Every undealt card.
        RestOfDeck = "rest_of_deck",
    }
}

option_enum! {
    /// The mulligan (`mulligan`).
    Mulligan {
        /// Default. Once per player before the first turn: hand back to the reserve, reshuffle, redeal.
        Reserve = "reserve",
        /// No mulligan.
        Off = "off",
    }
}

option_enum! {
    /// A lone non-play action (`short_turn`).
    ShortTurn {
        /// Default. Not a turn: a second action must follow.
        Forbid = "forbid",
        /// A turn: the player may end the turn after one action.
        Allow = "allow",
    }
}

option_enum! {
    /// Who moves after a phrase (`turn_after_phrase`).
    TurnAfterPhrase {
        /// Default. The player who did not open it.
        NonOpener = "non_opener",
        /// Plain alternation of turns (the same player, since a phrase always ends its opener's turn).
        AlternatePlain = "alternate_plain",
    }
}

option_enum! {
    /// Retreat's limits (advanced) (`retreat`).
    Retreat {
        /// Default. Once per turn; its swap counts as the turn's Discard/Draw.
        OnceShared = "once_shared",
        /// No limit; its swap does not count.
        Free = "free",
    }
}

option_enum! {
    /// What a Stall uses (`stall_skip`).
    StallSkip {
        /// Default. The current turn.
        ThisTurn = "this_turn",
        /// Also the staller's next turn, which is skipped.
        AlsoNext = "also_next",
    }
}

option_enum! {
    /// Leaving the strip (`offstrip`).
    Offstrip {
        /// Default. The opponent scores 1, even during Defence by Distance.
        Penalty = "penalty",
        /// A move, retreat or Defence by Distance into one's end zone is illegal.
        ForbidMove = "forbid_move",
    }
}

option_enum! {
    /// The weapon-position cycle (`rps_effect`).
    RpsEffect {
        /// Default. Weapon effects are unconditional.
        None = "none",
        /// A weapon effect applies only when its beneficiary's position beats the other's.
        OnlyWhenWinning = "only_when_winning",
    }
}

option_enum! {
    /// Straight Thrust's boost on ripostes (`riposte_boost`).
    RiposteBoost {
        /// Default. Not on a P&R or Infighting riposte.
        Off = "off",
        /// Also on ripostes.
        On = "on",
    }
}

option_enum! {
    /// Playing a card's SP (`sp_payment`).
    SpPayment {
        /// Default. Cost at most SP, and paid.
        Pay = "pay",
        /// Cost at most SP, not paid.
        Threshold = "threshold",
    }
}

option_enum! {
    /// Recovery after a point (`sp_recovery`).
    SpRecovery {
        /// Default. +1 in every mode, withheld from a player who spent SP in that phrase.
        AllModes = "all_modes",
        /// Not in the tutorial.
        BasicAdvanced = "basic_advanced",
    }
}

option_enum! {
    /// What the Joker answers (`joker_scope`).
    JokerScope {
        /// Default. Any non-immediate card at any distance.
        Universal = "universal",
        /// Not Toe-touch nor Infighting (the `[joker]` entries of the table).
        ColourBound = "colour_bound",
    }
}

option_enum! {
    /// A successful plain parry (`plain_parry`).
    PlainParry {
        /// Default. No point unless a Glide bonus ripostes.
        NoTouch = "no_touch",
        /// The parrier scores.
        ParrierScores = "parrier_scores",
    }
}

option_enum! {
    /// Conceding instead of answering (`concede`).
    Concede {
        /// Default. The pending threat scores.
        Allowed = "allowed",
        /// A player with a legal answer must answer.
        Forbid = "forbid",
    }
}

option_enum! {
    /// When a no-card defence is allowed (`nocard_precondition`).
    NocardPrecondition {
        /// Default. Only if no card in hand could stop the threat.
        Strict = "strict",
        /// Always (within its other limits).
        Free = "free",
    }
}

option_enum! {
    /// What a no-card defence answers (`nocard_targets`).
    NocardTargets {
        /// Default. The opening card, and a riposte by Parry.
        OpeningAndRiposteParry = "opening_and_riposte_parry",
        /// The opening card only.
        OpeningOnly = "opening_only",
    }
}

option_enum! {
    /// The no-card Parry's SP (`parry_cost`).
    ParryCost {
        /// Default. ceil((s - inv) / 2), at least 1.
        Ceil = "ceil",
        /// floor((s - inv) / 2) + 1.
        FloorPlusOne = "floor_plus_one",
    }
}

option_enum! {
    /// Defence by Distance's speed limit (`distance_speed`).
    DistanceSpeed {
        /// Default. The attack's effective speed at most 5, in basic and advanced.
        EffectiveBa = "effective_ba",
        /// Its printed speed at most 5, in basic and advanced.
        Printed = "printed",
        /// Its effective speed at most 5, in every mode.
        AllModes = "all_modes",
    }
}

option_enum! {
    /// The card Defence by Distance discards (advanced) (`distance_pick`).
    DistancePick {
        /// Default. Seeded random among the defender's whole hand.
        Any6 = "any6",
        /// The defender's choice, as in the tutorial.
        Choice = "choice",
    }
}

option_enum! {
    /// When a Glide bonus may riposte (`glide_bonus`).
    GlideBonus {
        /// Default. After P&R, Ceding or a no-card Parry.
        AnyParry = "any_parry",
        /// After a no-card Parry only.
        NocardOnly = "nocard_only",
    }
}

option_enum! {
    /// Placing the Flèche attacker (`fleche_place`).
    FlechePlace {
        /// Default. Clamped to the last in-bounds block.
        Clamp = "clamp",
        /// Placed off the strip: the defender scores a penalty point.
        Penalty = "penalty",
    }
}

option_enum! {
    /// When Renewed Attack and Feint may follow (`renewed`).
    Renewed {
        /// Default. After a parry card or a no-card action.
        AfterParry = "after_parry",
        /// Also after a counter-attack card that overtook the first attack.
        AfterAnyDefence = "after_any_defence",
    }
}

option_enum! {
    /// Feint against Defence by Distance (`feint_vs_distance`).
    FeintVsDistance {
        /// Default. Only option 2.
        StopOnly = "stop_only",
        /// Option 1 too, against speed 0.
        CompareZero = "compare_zero",
    }
}

option_enum! {
    /// What Angulation attaches to (`angulation`).
    Angulation {
        /// Default. Its owner's red- or cyan-role card with a speed.
        RedCyan = "red_cyan",
        /// Any own card with a speed.
        Any = "any",
    }
}

option_enum! {
    /// Infighting's defensive step (`infighting_step`).
    InfightingStep {
        /// Default. Nothing when blocked.
        Noop = "noop",
        /// Pushes the attacker back 1 block.
        Push = "push",
    }
}

option_enum! {
    /// Tutorial refill order (`refill_order`).
    RefillOrder {
        /// Default. The single scorer first, else the opener.
        ScorerThenOpener = "scorer_then_opener",
        /// Always the opener first.
        Opener = "opener",
    }
}

option_enum! {
    /// After a Joker (`joker_refill`).
    JokerRefill {
        /// Default. Its owner draws 1 from the timer at phrase end.
        Draw = "draw",
        /// No draw.
        None = "none",
    }
}

option_enum! {
    /// When a double touch is void (`double_void`).
    DoubleVoid {
        /// Default. Both at target - 1.
        TargetMinusOne = "target_minus_one",
        /// Both at 4, 9 or 14.
        At4914 = "at_4_9_14",
    }
}

option_enum! {
    /// When an empty timer ends the period (`period_end`).
    PeriodEnd {
        /// Default. Once the action or phrase that emptied it resolves.
        AfterResolution = "after_resolution",
        /// At once: nothing more of that turn or phrase follows.
        Immediately = "immediately",
    }
}

option_enum! {
    /// Later periods' timer (`period_timer`).
    PeriodTimer {
        /// Default. 12 of the reshuffled non-hand cards.
        Twelve = "twelve",
        /// All of them.
        AllRemaining = "all_remaining",
    }
}

option_enum! {
    /// What a new period resets (`period_reset`).
    PeriodReset {
        /// Default. Fencers on guard and weapons to Point-in-Line.
        Both = "both",
        /// Fencers only.
        FencersOnly = "fencers_only",
    }
}

option_enum! {
    /// The extra-time timer (`extra_timer`).
    ExtraTimer {
        /// Default. 4 random discards, topped up from the reserve.
        TopUp = "top_up",
        /// Only the discards there are, up to 4.
        Short = "short",
    }
}

option_enum! {
    /// A double touch in extra time (`extra_double`).
    ExtraDouble {
        /// Default. Void.
        Void = "void",
        /// Both score; still tied, extra time goes on.
        BothScore = "both_score",
    }
}

option_enum! {
    /// The tutorial's tie rule (`tutorial_tie`).
    TutorialTie {
        /// Default. Only a single touch decides.
        SingleTouch = "single_touch",
        /// A double touch ends the bout too, drawn.
        AnyTouch = "any_touch",
    }
}

/// The rule options of a Ready... Fence! match: one field per Decision of `ready-fence.md`,
/// and the target.
///
/// ```
/// use engarde_rules::readyfence::{Concede, OptionOverrides, Options, Target};
/// let overrides: OptionOverrides = serde_json::from_str(r#"{"concede": "forbid", "target": 10}"#).unwrap();
/// let options = Options::default().with(&overrides);
/// assert_eq!((options.concede, options.target), (Concede::Forbid, Target::Ten));
/// assert_eq!(options.overrides_from(), overrides);
/// let err = serde_json::from_str::<OptionOverrides>(r#"{"parry": "identical"}"#).unwrap_err();
/// assert!(err.to_string().contains("unknown field `parry`"));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// The bout's target: 5, 10 or 15 points.
    pub target: Target,
    /// Where the fencers stand on guard.
    pub start_gap: StartGap,
    /// Whether fencers may share a block.
    pub overlap: Overlap,
    /// Which mode marks build the decks.
    pub deck_marks: DeckMarks,
    /// The tutorial's timer.
    pub tutorial_timer: TutorialTimer,
    /// The advanced timer.
    pub adv_timer: AdvTimer,
    /// The mulligan.
    pub mulligan: Mulligan,
    /// A lone non-play action.
    pub short_turn: ShortTurn,
    /// Who moves after a phrase.
    pub turn_after_phrase: TurnAfterPhrase,
    /// Retreat's limits (advanced).
    pub retreat: Retreat,
    /// What a Stall uses.
    pub stall_skip: StallSkip,
    /// Leaving the strip.
    pub offstrip: Offstrip,
    /// The weapon-position cycle.
    pub rps_effect: RpsEffect,
    /// Straight Thrust's boost on ripostes.
    pub riposte_boost: RiposteBoost,
    /// Playing a card's SP.
    pub sp_payment: SpPayment,
    /// Recovery after a point.
    pub sp_recovery: SpRecovery,
    /// What the Joker answers.
    pub joker_scope: JokerScope,
    /// A successful plain parry.
    pub plain_parry: PlainParry,
    /// Conceding instead of answering.
    pub concede: Concede,
    /// When a no-card defence is allowed.
    pub nocard_precondition: NocardPrecondition,
    /// What a no-card defence answers.
    pub nocard_targets: NocardTargets,
    /// The no-card Parry's SP.
    pub parry_cost: ParryCost,
    /// Defence by Distance's speed limit.
    pub distance_speed: DistanceSpeed,
    /// The card Defence by Distance discards (advanced).
    pub distance_pick: DistancePick,
    /// When a Glide bonus may riposte.
    pub glide_bonus: GlideBonus,
    /// Placing the Flèche attacker.
    pub fleche_place: FlechePlace,
    /// When Renewed Attack and Feint may follow.
    pub renewed: Renewed,
    /// Feint against Defence by Distance.
    pub feint_vs_distance: FeintVsDistance,
    /// What Angulation attaches to.
    pub angulation: Angulation,
    /// Infighting's defensive step.
    pub infighting_step: InfightingStep,
    /// Tutorial refill order.
    pub refill_order: RefillOrder,
    /// After a Joker.
    pub joker_refill: JokerRefill,
    /// When a double touch is void.
    pub double_void: DoubleVoid,
    /// When an empty timer ends the period.
    pub period_end: PeriodEnd,
    /// Later periods' timer.
    pub period_timer: PeriodTimer,
    /// What a new period resets.
    pub period_reset: PeriodReset,
    /// The extra-time timer.
    pub extra_timer: ExtraTimer,
    /// A double touch in extra time.
    pub extra_double: ExtraDouble,
    /// The tutorial's tie rule.
    pub tutorial_tie: TutorialTie,
}

/// Calls `$m!(field, …)` with every option's name, so code touching all options lists them once.
macro_rules! every_option {
    ($m:ident) => {
        $m!(
            target,
            start_gap,
            overlap,
            deck_marks,
            tutorial_timer,
            adv_timer,
            mulligan,
            short_turn,
            turn_after_phrase,
            retreat,
            stall_skip,
            offstrip,
            rps_effect,
            riposte_boost,
            sp_payment,
            sp_recovery,
            joker_scope,
            plain_parry,
            concede,
            nocard_precondition,
            nocard_targets,
            parry_cost,
            distance_speed,
            distance_pick,
            glide_bonus,
            fleche_place,
            renewed,
            feint_vs_distance,
            angulation,
            infighting_step,
            refill_order,
            joker_refill,
            double_void,
            period_end,
            period_timer,
            period_reset,
            extra_timer,
            extra_double,
            tutorial_tie
        )
    };
}

impl Options {
    /// These options with `overrides` applied.
    #[must_use]
    pub fn with(mut self, overrides: &OptionOverrides) -> Options {
        macro_rules! apply {
            ($($field:ident),*) => { $( if let Some(v) = overrides.$field { self.$field = v; } )* };
        }
        every_option!(apply);
        self
    }

    /// The overrides that turn the defaults into these options: only the options that
    /// differ, so that records stay minimal.
    #[must_use]
    pub fn overrides_from(&self) -> OptionOverrides {
        let d = Options::default();
        macro_rules! diff {
            ($($field:ident),*) => {
                OptionOverrides { $( $field: (self.$field != d.$field).then_some(self.$field), )* }
            };
        }
        every_option!(diff)
    }
}

/// Optional changes to the default options: the `options` object of a match record.
/// An unknown name (an En Garde option, say) is an error naming it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(missing_docs)]
pub struct OptionOverrides {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_gap: Option<StartGap>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overlap: Option<Overlap>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck_marks: Option<DeckMarks>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tutorial_timer: Option<TutorialTimer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adv_timer: Option<AdvTimer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mulligan: Option<Mulligan>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short_turn: Option<ShortTurn>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_after_phrase: Option<TurnAfterPhrase>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retreat: Option<Retreat>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stall_skip: Option<StallSkip>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offstrip: Option<Offstrip>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rps_effect: Option<RpsEffect>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub riposte_boost: Option<RiposteBoost>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sp_payment: Option<SpPayment>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sp_recovery: Option<SpRecovery>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker_scope: Option<JokerScope>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plain_parry: Option<PlainParry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub concede: Option<Concede>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nocard_precondition: Option<NocardPrecondition>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nocard_targets: Option<NocardTargets>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parry_cost: Option<ParryCost>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance_speed: Option<DistanceSpeed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distance_pick: Option<DistancePick>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glide_bonus: Option<GlideBonus>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fleche_place: Option<FlechePlace>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renewed: Option<Renewed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feint_vs_distance: Option<FeintVsDistance>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angulation: Option<Angulation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub infighting_step: Option<InfightingStep>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refill_order: Option<RefillOrder>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker_refill: Option<JokerRefill>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_void: Option<DoubleVoid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_end: Option<PeriodEnd>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_timer: Option<PeriodTimer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_reset: Option<PeriodReset>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_timer: Option<ExtraTimer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_double: Option<ExtraDouble>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tutorial_tie: Option<TutorialTie>,
}

impl OptionOverrides {
    /// Whether nothing is overridden.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        *self == OptionOverrides::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_first_values_and_names_are_the_rules() {
        let json = serde_json::to_string(&Options::default()).unwrap();
        assert!(json.starts_with(r#"{"target":5,"start_gap":2,"overlap":"forbid","deck_marks":"derived""#), "{json}");
        assert!(json.ends_with(r#""extra_double":"void","tutorial_tie":"single_touch"}"#), "{json}");
        assert_eq!(serde_json::to_value(Options::default()).unwrap().as_object().unwrap().len(), 39);
        assert!(Options::default().overrides_from().is_empty());
        assert_eq!(serde_json::to_string(&OptionOverrides::default()).unwrap(), "{}");
    }

    #[test]
    fn every_non_default_value_round_trips() {
        let o: OptionOverrides = serde_json::from_str(
            r#"{"target": 15, "start_gap": 0, "distance_speed": "all_modes", "double_void": "at_4_9_14"}"#,
        )
        .unwrap();
        let options = Options::default().with(&o);
        assert_eq!(options.target, Target::Fifteen);
        assert_eq!(options.start_gap, StartGap::Zero);
        assert_eq!(options.overrides_from(), o);
        let err = serde_json::from_str::<OptionOverrides>(r#"{"target": 7}"#).unwrap_err().to_string();
        assert!(err.starts_with("7 is not one of 5, 10, 15"), "{err}");
        let err = serde_json::from_str::<OptionOverrides>(r#"{"concede": "never"}"#).unwrap_err().to_string();
        assert!(err.contains("unknown variant `never`"), "{err}");
        assert_eq!(Variant::Basic.periods(Target::Ten), 2);
        assert_eq!(Variant::Tutorial.periods(Target::Fifteen), 1);
    }
}
