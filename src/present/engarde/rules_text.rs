//! Short rules summaries per variant, for `/engarde rules`.

use crate::i18n::Lang;
use engarde_rules::engarde::{Family, Level, Options, ParryRule, Variant};

/// A readable summary of a variant's rules (well under Discord's 2000 characters).
#[must_use]
pub fn summary(lang: Lang, variant: Variant) -> String {
    let o = Options::for_variant(variant);
    let mut s = format!("**{}**\n", variant.title());
    s.push_str(match variant.family() {
        Family::EnGarde => {
            "Two fencers face each other on a piste of 23 spaces, starting on the end spaces. \
             The deck has 25 cards, five each of 1 to 5; each player holds 5.\n"
        }
        Family::Kengo => {
            "Kengo, a redesign of En Garde: the fencers start just off the 23-space piste, so the \
             first move enters it. The deck has 25 cards, five each of 1 to 5; each player holds 5. \
             The loser of a round starts the next one.\n"
        }
    });
    s.push_str(
        "\n**Your turn**: play one card, then draw back to 5.\n\
         • **Advance**: move exactly that many spaces forward; you may not reach or pass the opponent.\n\
         • **Retreat**: move exactly that many spaces back; you may not leave the piste.\n\
         • **Attack**: play a card equal to the distance between you. You do not move.\n",
    );
    match variant.level() {
        Level::Basic => s.push_str("In the basic game every attack hits.\n"),
        Level::Standard | Level::Advanced => {
            s.push_str("You may add more cards of that value to strengthen the attack.\n");
            s.push_str(match o.parry {
                ParryRule::Identical => "\n**Parry**: answer an attack with exactly the same cards, or take the hit. ",
                ParryRule::SameCountSameTotal => {
                    "\n**Parry**: answer an attack with as many cards reaching the same total, or take the hit. "
                }
            });
            s.push_str(
                "After a parry you take your turn at once with the cards you have left (an attack then \
                 is a riposte), and only then draw.\n",
            );
        }
    }
    if variant.level() == Level::Advanced {
        s.push_str(
            "**Advance and attack** (lunge): one card to advance, then attack cards equal to the new \
             distance. The defender may parry the attack cards or retreat one card's worth instead.\n",
        );
    }
    s.push_str("\n**A round ends** when an attack hits, or when a player cannot move (they lose). ");
    s.push_str(match variant.level() {
        Level::Basic => {
            "When the last card is drawn, the other player wins if they hold a card equal to the distance; \
             otherwise whoever moved farther from their start wins (equal: a draw).\n"
        }
        _ => {
            "When the last card is drawn (after any pending parry), hands are shown: more cards equal to \
             the distance wins; if equal, whoever moved farther from their start wins; if equal again, \
             the round is drawn.\n"
        }
    });
    s.push_str(&format!("\nFirst to **{} hits** wins the match.", o.hits_to_win));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_summary_fits_in_a_message() {
        for v in Variant::ALL {
            let text = summary(Lang::En, v);
            assert!(text.chars().count() < 2000, "{v}: {} chars", text.chars().count());
            assert!(text.contains(v.title()));
        }
        assert!(summary(Lang::En, Variant::EngardeAdvanced).contains("lunge"));
        assert!(!summary(Lang::En, Variant::EngardeBasic).contains("Parry"));
    }
}
