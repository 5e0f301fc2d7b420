//! The seats' colours, the same in every game, picture and embed (`docs/boards.md`):
//! seat A is blue, seat B orange.

use engarde_rules::Seat;

/// Seat A's colour, `#3b82f6`, as RGB.
pub const SEAT_A_RGB: [u8; 3] = [0x3b, 0x82, 0xf6];
/// Seat B's colour, `#f59e0b`, as RGB.
pub const SEAT_B_RGB: [u8; 3] = [0xf5, 0x9e, 0x0b];

/// A seat's colour as RGB.
#[must_use]
pub const fn rgb(seat: Seat) -> [u8; 3] {
    match seat {
        Seat::A => SEAT_A_RGB,
        Seat::B => SEAT_B_RGB,
    }
}

/// A seat's colour as the number Discord embeds take (`0x3b82f6`, `0xf59e0b`).
#[must_use]
pub const fn embed_colour(seat: Seat) -> u32 {
    let [r, g, b] = rgb(seat);
    (r as u32) << 16 | (g as u32) << 8 | b as u32
}

/// The square emoji of a seat's colour for embed text: 🟦 for A, 🟧 for B.
#[must_use]
pub const fn emoji(seat: Seat) -> &'static str {
    match seat {
        Seat::A => "🟦",
        Seat::B => "🟧",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_the_agreed_ones() {
        assert_eq!(embed_colour(Seat::A), 0x3b82f6);
        assert_eq!(embed_colour(Seat::B), 0xf59e0b);
        assert_eq!(emoji(Seat::A), "🟦");
        assert_eq!(emoji(Seat::B), "🟧");
    }
}
