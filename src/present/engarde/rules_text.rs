//! Short rules summaries per variant, for `/engarde rules`.

use crate::i18n::Lang;
use crate::present::variant_title;
use crate::t;
use engarde_rules::engarde::{Family, Level, Options, ParryRule, Variant};

/// A readable summary of a variant's rules (well under Discord's 2000 characters).
#[must_use]
pub fn summary(lang: Lang, variant: Variant) -> String {
    let o = Options::for_variant(variant);
    let mut lines = vec![format!("**{}**", variant_title(lang, engarde_rules::Variant::EnGarde(variant)))];
    lines.push(match variant.family() {
        Family::EnGarde => t!(lang, "engarde-rules-engarde"),
        Family::Kengo => t!(lang, "engarde-rules-kengo"),
    });
    lines.push(String::new());
    lines.push(t!(lang, "engarde-rules-turn"));
    lines.push(format!("• {}", t!(lang, "engarde-rules-advance")));
    lines.push(format!("• {}", t!(lang, "engarde-rules-retreat")));
    lines.push(format!("• {}", t!(lang, "engarde-rules-attack")));
    match variant.level() {
        Level::Basic => lines.push(t!(lang, "engarde-rules-basic-hits")),
        Level::Standard | Level::Advanced => {
            lines.push(t!(lang, "engarde-rules-strengthen"));
            lines.push(String::new());
            let parry = match o.parry {
                ParryRule::Identical => t!(lang, "engarde-rules-parry-identical"),
                ParryRule::SameCountSameTotal => t!(lang, "engarde-rules-parry-same-total"),
            };
            lines.push(format!("{parry} {}", t!(lang, "engarde-rules-after-parry")));
        }
    }
    if variant.level() == Level::Advanced {
        lines.push(t!(lang, "engarde-rules-lunge"));
    }
    lines.push(String::new());
    let pile = match variant.level() {
        Level::Basic => t!(lang, "engarde-rules-pile-basic"),
        Level::Standard | Level::Advanced => t!(lang, "engarde-rules-pile-standard"),
    };
    lines.push(format!("{} {pile}", t!(lang, "engarde-rules-round-end")));
    lines.push(String::new());
    lines.push(t!(lang, "engarde-rules-first-to", hits = o.hits_to_win));
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_summary_fits_in_a_message() {
        for lang in Lang::ALL {
            for v in Variant::ALL {
                let text = summary(lang, v);
                assert!(text.chars().count() < 2000, "{lang} {v}: {} chars", text.chars().count());
                assert!(text.contains(&variant_title(lang, engarde_rules::Variant::EnGarde(v))));
                assert!(!text.contains("engarde-"), "{lang} {v}: a message is missing: {text}");
            }
        }
        assert!(summary(Lang::En, Variant::EngardeAdvanced).contains("lunge"));
        assert!(!summary(Lang::En, Variant::EngardeBasic).contains("Parry"));
    }
}
