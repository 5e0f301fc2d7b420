//! Cards and small multisets of cards (hands, parries, discards).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The highest card value; card values are `1..=MAX_VALUE`.
pub const MAX_VALUE: u8 = 5;

/// A fencing card, valued 1 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// Every card value, lowest first.
    pub const ALL: [Card; MAX_VALUE as usize] = [Card(1), Card(2), Card(3), Card(4), Card(5)];

    /// The card of value `value`, if it is one of 1 to 5.
    #[must_use]
    pub const fn new(value: u8) -> Option<Card> {
        if value >= 1 && value <= MAX_VALUE {
            Some(Card(value))
        } else {
            None
        }
    }

    /// The card's value.
    #[must_use]
    pub const fn value(self) -> u8 {
        self.0
    }

    const fn index(self) -> usize {
        (self.0 - 1) as usize
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = u8::deserialize(d)?;
        Card::new(v).ok_or_else(|| serde::de::Error::custom(format!("{v} is not a card value (1 to 5)")))
    }
}

/// A multiset of cards, such as a hand or the cards of a parry.
///
/// Order never matters in a hand, so a hand is kept as a count per value.
/// It serialises as the sorted list of its values, for example `[2, 4, 4]`.
///
/// ```
/// use engarde_rules::engarde::{Card, Cards};
/// let hand: Cards = [3, 1, 3].iter().map(|&v| Card::new(v).unwrap()).collect();
/// assert_eq!(hand.count(Card::new(3).unwrap()), 2);
/// assert_eq!(hand.to_string(), "1, 3, 3");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Cards([u8; 4]);

/// The most copies of one value a [`Cards`] holds.
pub const MAX_COPIES: u8 = 63;

/// The bit shift of a value's count in [`Cards`]: six bits per value, lowest value first,
/// in four bytes (so that an action holding cards stays five bytes long).
const fn shift(card: Card) -> u32 {
    6 * card.index() as u32
}

impl Cards {
    const fn bits(self) -> u32 {
        u32::from_le_bytes(self.0)
    }

    const fn from_bits(bits: u32) -> Cards {
        Cards(bits.to_le_bytes())
    }
}

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards([0; 4]);

    /// A whole deck: `copies` cards of every value.
    ///
    /// # Panics
    /// If `copies` is more than [`MAX_COPIES`].
    #[must_use]
    pub fn deck(copies: u8) -> Cards {
        assert!(copies <= MAX_COPIES, "at most {MAX_COPIES} copies of a card");
        Cards::from_bits(u32::from(copies) * 0b000001_000001_000001_000001_000001)
    }

    /// `count` copies of `card`.
    ///
    /// # Panics
    /// If `count` is more than [`MAX_COPIES`].
    #[must_use]
    pub fn of(card: Card, count: u8) -> Cards {
        assert!(count <= MAX_COPIES, "at most {MAX_COPIES} copies of a card");
        Cards::from_bits(u32::from(count) << shift(card))
    }

    /// How many copies of `card` there are.
    #[must_use]
    #[inline]
    pub fn count(&self, card: Card) -> u8 {
        (self.bits() >> shift(card)) as u8 & MAX_COPIES
    }

    /// How many cards there are in all (255 for more).
    #[must_use]
    pub fn len(&self) -> u8 {
        let n: u32 = Card::ALL.iter().map(|&c| u32::from(self.count(c))).sum();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// Whether there are no cards.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bits() == 0
    }

    /// The sum of the values.
    #[must_use]
    pub fn total(&self) -> u32 {
        Card::ALL.iter().map(|&c| u32::from(c.value()) * u32::from(self.count(c))).sum()
    }

    /// Adds `count` copies of `card`.
    ///
    /// # Panics
    /// If that makes more than [`MAX_COPIES`] copies of `card`.
    pub fn add(&mut self, card: Card, count: u8) {
        assert!(self.count(card) + count <= MAX_COPIES, "at most {MAX_COPIES} copies of a card");
        // No carry into the next count: the sum fits its six bits.
        *self = Cards::from_bits(self.bits() + (u32::from(count) << shift(card)));
    }

    /// Adds every card of `other`.
    ///
    /// # Panics
    /// If that makes more than [`MAX_COPIES`] copies of a card.
    pub fn add_all(&mut self, other: &Cards) {
        let fits = Card::ALL.iter().all(|&c| self.count(c) + other.count(c) <= MAX_COPIES);
        assert!(fits, "at most {MAX_COPIES} copies of a card");
        // No count carries into the next: each sum fits its six bits.
        *self = Cards::from_bits(self.bits() + other.bits());
    }

    /// Whether every card of `other` is here (as a multiset).
    #[must_use]
    pub fn contains(&self, other: &Cards) -> bool {
        Card::ALL.iter().all(|&c| self.count(c) >= other.count(c))
    }

    /// Removes every card of `other`.
    ///
    /// # Panics
    /// Panics if `other` is not contained in `self`.
    pub fn remove_all(&mut self, other: &Cards) {
        assert!(self.contains(other), "removing cards that are not there");
        // No count borrows from the next: each count here is at least the one taken.
        *self = Cards::from_bits(self.bits() - other.bits());
    }

    /// The distinct values present, lowest first, with their counts.
    pub fn counts(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        let cards = *self;
        Card::ALL.into_iter().map(move |c| (c, cards.count(c))).filter(|&(_, n)| n > 0)
    }

    /// Every card, lowest value first, repeated as many times as it is held.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.counts().flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
    }

    /// The values present, as a mask: bit `v - 1` for value `v`.
    #[must_use]
    pub(crate) fn present(&self) -> u8 {
        Card::ALL.iter().enumerate().fold(0, |m, (i, &c)| m | u8::from(self.count(c) != 0) << i)
    }

    /// The highest value present.
    #[must_use]
    pub fn highest(&self) -> Option<Card> {
        (!self.is_empty()).then(|| Card::ALL[(31 - self.bits().leading_zeros()) as usize / 6])
    }

    /// The single value of all the cards, if they all share one.
    #[must_use]
    pub fn single_value(&self) -> Option<Card> {
        let mut values = self.counts();
        let (card, _) = values.next()?;
        values.next().is_none().then_some(card)
    }
}

impl fmt::Debug for Cards {
    /// The count of each value, lowest first: `Cards([1, 0, 2, 0, 0])`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Cards").field(&Card::ALL.map(|c| self.count(c))).finish()
    }
}

/// # Panics
/// If there are more than [`MAX_COPIES`] cards of one value.
impl FromIterator<Card> for Cards {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut cards = Cards::EMPTY;
        for card in iter {
            cards.add(card, 1);
        }
        cards
    }
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        let mut counts = [0usize; MAX_VALUE as usize];
        for card in &cards {
            counts[card.index()] += 1;
        }
        if counts.iter().any(|&n| n > usize::from(MAX_COPIES)) {
            return Err(serde::de::Error::custom(format!("at most {MAX_COPIES} cards of one value")));
        }
        Ok(cards.into_iter().collect())
    }
}
