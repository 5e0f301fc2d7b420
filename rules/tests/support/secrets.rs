//! Shared by the rules' property tests and the bot's `tests/no_leaks.rs` (included
//! there by path): a game that differs from another only in what is hidden.

use engarde_rules::engarde::{Cards, EnGarde};
use engarde_rules::Seat;

/// The same game with every secret of `hidden` changed: the seat's cards are
/// exchanged with the pile's and the pile reversed, and the seed changed.
pub fn with_secrets_changed(game: &EnGarde, hidden: &[Seat]) -> EnGarde {
    let mut setup = game.to_setup();
    setup.seed = setup.seed.wrapping_add(0x9e37_79b9);
    let r = &mut setup.round;
    r.pile.reverse();
    for &seat in hidden {
        let hand = *r.hands.get(seat);
        // Swap each card of the hand with a pile card of another value, if any.
        let mut new_hand = Cards::EMPTY;
        for card in hand.iter() {
            if let Some(i) = r.pile.iter().position(|&p| p != card) {
                new_hand.add(r.pile[i], 1);
                r.pile[i] = card;
            } else {
                new_hand.add(card, 1);
            }
        }
        *r.hands.get_mut(seat) = new_hand;
    }
    EnGarde::from_setup(setup).expect("still a consistent state")
}
