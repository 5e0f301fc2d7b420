//! The draw pile: a fixed-capacity, copyable list of cards, next card first.

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::card::{Card, MAX_VALUE};

/// The most cards a deck can hold: 10 copies (the largest `copies`) of each value.
pub const MAX_DECK: usize = 10 * MAX_VALUE as usize;

/// A draw pile (or a whole deck), next card first: at most [`MAX_DECK`] cards, kept inline
/// so that a round's state is small and `Copy` and drawing allocates nothing.
///
/// It reads as a slice of cards (`pile.len()`, `pile[0]`, `pile.iter()`) and serialises
/// as the list of its values, next card first.
///
/// ```
/// use engarde_rules::engarde::{Card, Pile};
/// let mut pile: Pile = [2, 5, 1].iter().map(|&v| Card::new(v).unwrap()).collect();
/// assert_eq!(pile.len(), 3);
/// let drawn: Vec<u8> = pile.draw(2).map(|c| c.value()).collect();
/// assert_eq!(drawn, [2, 5]);
/// assert_eq!(pile[0].value(), 1);
/// ```
#[derive(Clone, Copy)]
pub struct Pile {
    cards: [Card; MAX_DECK],
    start: u8,
    end: u8,
}

impl Pile {
    /// An empty pile.
    pub const EMPTY: Pile = Pile { cards: [Card::ALL[0]; MAX_DECK], start: 0, end: 0 };

    /// Appends a card at the bottom.
    ///
    /// # Panics
    /// If the pile already holds [`MAX_DECK`] cards.
    pub fn push(&mut self, card: Card) {
        if usize::from(self.end) == MAX_DECK {
            // Room at the front, left by draws: move the cards back to the start.
            assert!(self.start > 0, "a pile holds at most {MAX_DECK} cards");
            self.cards.copy_within(usize::from(self.start).., 0);
            self.end -= self.start;
            self.start = 0;
        }
        self.cards[usize::from(self.end)] = card;
        self.end += 1;
    }

    /// Takes the next `n` cards (all that are left if there are fewer), next first.
    #[inline]
    pub fn draw(&mut self, n: usize) -> impl Iterator<Item = Card> + '_ {
        let take = n.min(self.len());
        let from = usize::from(self.start);
        self.start += take as u8;
        self.cards[from..from + take].iter().copied()
    }

    /// A pile of `cards`, first card first.
    ///
    /// # Panics
    /// If there are more than [`MAX_DECK`] cards.
    #[must_use]
    pub fn from_slice(cards: &[Card]) -> Pile {
        assert!(cards.len() <= MAX_DECK, "a pile holds at most {MAX_DECK} cards");
        let mut pile = Pile::EMPTY;
        pile.cards[..cards.len()].copy_from_slice(cards);
        pile.end = cards.len() as u8;
        pile
    }
}

impl Default for Pile {
    fn default() -> Self {
        Pile::EMPTY
    }
}

impl Deref for Pile {
    type Target = [Card];

    #[inline]
    fn deref(&self) -> &[Card] {
        &self.cards[usize::from(self.start)..usize::from(self.end)]
    }
}

impl DerefMut for Pile {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Card] {
        &mut self.cards[usize::from(self.start)..usize::from(self.end)]
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        **self == **other
    }
}

impl Eq for Pile {}

impl fmt::Debug for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Card> for Pile {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut pile = Pile::EMPTY;
        for card in iter {
            pile.push(card);
        }
        pile
    }
}

impl Serialize for Pile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<Card>::deserialize(d)?;
        if cards.len() > MAX_DECK {
            return Err(serde::de::Error::custom(format!("a pile holds at most {MAX_DECK} cards")));
        }
        Ok(Pile::from_slice(&cards))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_pile_drawn_from_takes_more_cards_at_the_bottom() {
        let mut pile: Pile = std::iter::repeat_n(Card::ALL[2], MAX_DECK).collect();
        assert_eq!(pile.draw(3).count(), 3);
        pile.push(Card::ALL[4]);
        assert_eq!(pile.len(), MAX_DECK - 2);
        assert_eq!(pile.last(), Some(&Card::ALL[4]));
        assert_eq!(pile.draw(100).count(), MAX_DECK - 2);
        assert!(pile.is_empty());
        let json = serde_json::to_string(&Pile::from_slice(&[Card::ALL[0], Card::ALL[3]])).unwrap();
        assert_eq!(json, "[1,4]");
        assert_eq!(serde_json::from_str::<Pile>(&json).unwrap().len(), 2);
    }
}
