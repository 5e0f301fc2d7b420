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
    #[inline]
    pub const fn new(value: u8) -> Option<Card> {
        if value >= 1 && value <= MAX_VALUE {
            Some(Card(value))
        } else {
            None
        }
    }

    /// The card of index `i` (value `i + 1`), for `i` below [`MAX_VALUE`].
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Card {
        debug_assert!(i < MAX_VALUE as usize);
        Card(i as u8 + 1)
    }

    /// The card's value.
    #[must_use]
    #[inline]
    pub const fn value(self) -> u8 {
        self.0
    }

    #[inline]
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

/// The fields of values 1, 3 and 5 (for sums of pairs of fields).
const EVEN_FIELDS: u32 = 0b111111_000000_111111_000000_111111;
/// The top bit of each field.
const TOP_BITS: u32 = 0b100000_100000_100000_100000_100000;
/// The five low bits of each field.
const LOW_BITS: u32 = 0b011111_011111_011111_011111_011111;

/// The bit shift of a value's count in [`Cards`]: six bits per value, lowest value first,
/// in four bytes (so that an action holding cards stays five bytes long).
#[inline]
const fn shift(card: Card) -> u32 {
    6 * card.index() as u32
}

impl Cards {
    #[inline]
    const fn bits(self) -> u32 {
        u32::from_le_bytes(self.0)
    }

    #[inline]
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
    #[inline]
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
    #[inline]
    pub fn len(&self) -> u8 {
        // The counts of values 1, 3, 5 plus those of 2, 4 in twelve-bit lanes, then the lanes
        // summed (at most 5 × 63, which fits a lane).
        let x = self.bits();
        let pairs = (x & EVEN_FIELDS) + ((x >> 6) & EVEN_FIELDS);
        let n = (pairs + (pairs >> 12) + (pairs >> 24)) & 0xFFF;
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// Whether there are no cards.
    #[must_use]
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.bits() == 0
    }

    /// The sum of the values.
    #[must_use]
    #[inline]
    pub fn total(&self) -> u32 {
        Card::ALL.iter().map(|&c| u32::from(c.value()) * u32::from(self.count(c))).sum()
    }

    /// Adds `count` copies of `card`.
    ///
    /// # Panics
    /// If that makes more than [`MAX_COPIES`] copies of `card`.
    #[inline]
    pub fn add(&mut self, card: Card, count: u8) {
        assert!(self.count(card) + count <= MAX_COPIES, "at most {MAX_COPIES} copies of a card");
        // No carry into the next count: the sum fits its six bits.
        *self = Cards::from_bits(self.bits() + (u32::from(count) << shift(card)));
    }

    /// Adds every card of `other`.
    ///
    /// # Panics
    /// If that makes more than [`MAX_COPIES`] copies of a card.
    #[inline]
    pub fn add_all(&mut self, other: &Cards) {
        // One addition of the packed counts: a sum that does not fit its six bits carries
        // out of the top bit of its field (the lowest such field sees no carry from below).
        // The carry out of each bit of `a + b` is `a & b | (a | b) & !sum`.
        let (a, b) = (self.bits(), other.bits());
        let sum = a.wrapping_add(b);
        let carries = (a & b) | ((a | b) & !sum);
        assert!(carries & TOP_BITS == 0, "at most {MAX_COPIES} copies of a card");
        *self = Cards::from_bits(sum);
    }

    /// Whether every card of `other` is here (as a multiset).
    #[must_use]
    #[inline]
    pub fn contains(&self, other: &Cards) -> bool {
        // One subtraction of the packed counts: a count of `other` above the one here
        // borrows out of the top bit of its field (the lowest such field sees no borrow
        // from below). The borrow out of each bit of `a - b` is `!a & b | !(a ^ b) & diff`.
        let (a, b) = (self.bits(), other.bits());
        let diff = a.wrapping_sub(b);
        let borrows = (!a & b) | (!(a ^ b) & diff);
        borrows & TOP_BITS == 0
    }

    /// Removes every card of `other`.
    ///
    /// # Panics
    /// Panics if `other` is not contained in `self`.
    #[inline]
    pub fn remove_all(&mut self, other: &Cards) {
        assert!(self.contains(other), "removing cards that are not there");
        // No count borrows from the next: each count here is at least the one taken.
        *self = Cards::from_bits(self.bits() - other.bits());
    }

    /// Adds one copy of `card`, the caller knowing that it fits (a hand or a pile never holds
    /// more than a deck's copies).
    #[inline]
    pub(crate) fn add_one_unchecked(&mut self, card: Card) {
        debug_assert!(self.count(card) < MAX_COPIES);
        *self = Cards::from_bits(self.bits() + (1 << shift(card)));
    }

    /// Removes every card of `other`, the caller having checked that they are here.
    #[inline]
    pub(crate) fn remove_all_unchecked(&mut self, other: &Cards) {
        debug_assert!(self.contains(other));
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
    #[inline]
    pub(crate) fn present(&self) -> u8 {
        // The top bit of each field set when the field is not zero (the low five bits plus
        // 31 carry into it), then gathered.
        let x = self.bits();
        let nonzero = (((x & LOW_BITS) + LOW_BITS) | x) & TOP_BITS;
        let m = nonzero >> 5;
        (m | (m >> 5) | (m >> 10) | (m >> 15) | (m >> 20)) as u8 & 0b11111
    }

    /// The highest value present.
    #[must_use]
    #[inline]
    pub fn highest(&self) -> Option<Card> {
        // The field of the highest bit set: 0 to 4, the bits above the fifth field being clear.
        (!self.is_empty()).then(|| Card((31 - self.bits().leading_zeros()) as u8 / 6 + 1))
    }

    /// The single value of all the cards, if they all share one.
    #[must_use]
    #[inline]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every hand of at most 3 copies a value against every other: the packed arithmetic
    /// agrees with the count by count definitions.
    #[test]
    fn packed_counts_agree_with_counting() {
        let all: Vec<Cards> = (0..4u32.pow(5))
            .map(|n| {
                Card::ALL.iter().fold(Cards::EMPTY, |mut c, &card| {
                    c.add(card, (n / 4u32.pow(u32::from(card.value()) - 1) % 4) as u8);
                    c
                })
            })
            .collect();
        for a in &all {
            let len: u32 = Card::ALL.iter().map(|&c| u32::from(a.count(c))).sum();
            assert_eq!(u32::from(a.len()), len);
            let present = Card::ALL.iter().enumerate().fold(0, |m, (i, &c)| m | u8::from(a.count(c) != 0) << i);
            assert_eq!(a.present(), present);
            assert_eq!(a.highest(), a.counts().last().map(|(c, _)| c));
            for b in &all {
                assert_eq!(a.contains(b), Card::ALL.iter().all(|&c| a.count(c) >= b.count(c)), "{a:?} {b:?}");
            }
        }
        let full = Cards::of(Card::ALL[2], MAX_COPIES);
        assert!(full.contains(&Cards::of(Card::ALL[2], MAX_COPIES)));
        assert!(!Cards::EMPTY.contains(&full));
        let mut big = Cards::deck(60);
        big.add_all(&Cards::deck(3));
        assert_eq!(big, Cards::deck(63));
        assert_eq!(big.len(), u8::MAX);
        let overflow = std::panic::catch_unwind(|| {
            let mut c = Cards::of(Card::ALL[4], 60);
            c.add_all(&Cards::of(Card::ALL[4], 4));
        });
        assert!(overflow.is_err());
    }
}
