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
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cards([u8; MAX_VALUE as usize]);

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards([0; MAX_VALUE as usize]);

    /// A whole deck: `copies` cards of every value.
    #[must_use]
    pub fn deck(copies: u8) -> Cards {
        Cards([copies; MAX_VALUE as usize])
    }

    /// `count` copies of `card`.
    #[must_use]
    pub fn of(card: Card, count: u8) -> Cards {
        let mut cards = Cards::EMPTY;
        cards.0[card.index()] = count;
        cards
    }

    /// How many copies of `card` there are.
    #[must_use]
    pub fn count(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    /// How many cards there are in all.
    #[must_use]
    pub fn len(&self) -> u8 {
        self.0.iter().sum()
    }

    /// Whether there are no cards.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The sum of the values.
    #[must_use]
    pub fn total(&self) -> u32 {
        Card::ALL.iter().map(|&c| u32::from(c.value()) * u32::from(self.count(c))).sum()
    }

    /// Adds `count` copies of `card`.
    pub fn add(&mut self, card: Card, count: u8) {
        self.0[card.index()] += count;
    }

    /// Adds every card of `other`.
    pub fn add_all(&mut self, other: &Cards) {
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine += theirs;
        }
    }

    /// Whether every card of `other` is here (as a multiset).
    #[must_use]
    pub fn contains(&self, other: &Cards) -> bool {
        self.0.iter().zip(other.0).all(|(&mine, theirs)| mine >= theirs)
    }

    /// Removes every card of `other`.
    ///
    /// # Panics
    /// Panics if `other` is not contained in `self`.
    pub fn remove_all(&mut self, other: &Cards) {
        assert!(self.contains(other), "removing cards that are not there");
        for (mine, theirs) in self.0.iter_mut().zip(other.0) {
            *mine -= theirs;
        }
    }

    /// The distinct values present, lowest first, with their counts.
    pub fn counts(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        Card::ALL.into_iter().map(|c| (c, self.count(c))).filter(|&(_, n)| n > 0)
    }

    /// Every card, lowest value first, repeated as many times as it is held.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.counts().flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
    }

    /// The single value of all the cards, if they all share one.
    #[must_use]
    pub fn single_value(&self) -> Option<Card> {
        let mut values = self.counts();
        let (card, _) = values.next()?;
        values.next().is_none().then_some(card)
    }
}

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
        Ok(Vec::<Card>::deserialize(d)?.into_iter().collect())
    }
}
