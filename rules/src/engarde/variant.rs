//! The named variants: En Garde and Kengo at their three levels each.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How much of the game is in play: the three levels shared by En Garde and Kengo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Every attack hits; no parries; one card per attack.
    Basic,
    /// Attacks may be strengthened with more cards and parried
    /// (En Garde "standard", Kengo "normal").
    Standard,
    /// Standard, plus advance-and-attack (lunge) and the retreat defence against it.
    Advanced,
}

/// The game a variant belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// Reiner Knizia's En Garde.
    EnGarde,
    /// Kengo, a redesign of En Garde.
    Kengo,
}

/// A named variant: a family and a level, which fix the default rule options.
///
/// ```
/// use engarde_rules::engarde::Variant;
/// let v: Variant = "kengo-normal".parse().unwrap();
/// assert_eq!(v, Variant::KengoNormal);
/// assert_eq!(v.to_string(), "kengo-normal");
/// assert_eq!(Variant::ALL.len(), 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// `engarde-basic`
    #[serde(rename = "engarde-basic")]
    EngardeBasic,
    /// `engarde-standard`
    #[serde(rename = "engarde-standard")]
    EngardeStandard,
    /// `engarde-advanced`
    #[serde(rename = "engarde-advanced")]
    EngardeAdvanced,
    /// `kengo-basic`
    #[serde(rename = "kengo-basic")]
    KengoBasic,
    /// `kengo-normal`
    #[serde(rename = "kengo-normal")]
    KengoNormal,
    /// `kengo-advanced`
    #[serde(rename = "kengo-advanced")]
    KengoAdvanced,
}

impl Variant {
    /// Every variant, in menu order.
    pub const ALL: [Variant; 6] = [
        Variant::EngardeBasic,
        Variant::EngardeStandard,
        Variant::EngardeAdvanced,
        Variant::KengoBasic,
        Variant::KengoNormal,
        Variant::KengoAdvanced,
    ];

    /// The variant's name in match records and commands, e.g. `engarde-standard`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Variant::EngardeBasic => "engarde-basic",
            Variant::EngardeStandard => "engarde-standard",
            Variant::EngardeAdvanced => "engarde-advanced",
            Variant::KengoBasic => "kengo-basic",
            Variant::KengoNormal => "kengo-normal",
            Variant::KengoAdvanced => "kengo-advanced",
        }
    }

    /// A human title, e.g. "En Garde (standard)".
    #[must_use]
    pub fn title(self) -> &'static str {
        match self {
            Variant::EngardeBasic => "En Garde (basic)",
            Variant::EngardeStandard => "En Garde (standard)",
            Variant::EngardeAdvanced => "En Garde (advanced)",
            Variant::KengoBasic => "Kengo (basic)",
            Variant::KengoNormal => "Kengo (normal)",
            Variant::KengoAdvanced => "Kengo (advanced)",
        }
    }

    /// The game this variant belongs to.
    #[must_use]
    pub fn family(self) -> Family {
        match self {
            Variant::EngardeBasic | Variant::EngardeStandard | Variant::EngardeAdvanced => Family::EnGarde,
            Variant::KengoBasic | Variant::KengoNormal | Variant::KengoAdvanced => Family::Kengo,
        }
    }

    /// The level of play.
    #[must_use]
    #[inline]
    pub fn level(self) -> Level {
        match self {
            Variant::EngardeBasic | Variant::KengoBasic => Level::Basic,
            Variant::EngardeStandard | Variant::KengoNormal => Level::Standard,
            Variant::EngardeAdvanced | Variant::KengoAdvanced => Level::Advanced,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing an unknown variant name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownVariant(pub String);

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant `{}` (expected one of: ", self.0)?;
        for (i, v) in Variant::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(v.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownVariant {}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}
