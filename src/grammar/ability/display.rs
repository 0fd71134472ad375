//! How abilities print: the same words the grammar reads.

use super::{Ability, Affects, Amount, Change, Effect, Filter, TargetSpec, Who, WordKind};
use std::fmt;

/// The canonical text of a parsed ability: what `judge card` shows, and what parses back to it.
impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Keyword(k) => write!(f, "{k}"),
            Self::Spell(e) => write!(f, "spell: {e}"),
            Self::Activated(c, e) => write!(f, "{c}: {e}"),
            Self::ExtraTargetCost(m) => write!(f, "costs {m} more for each target after the first"),
            Self::Static(Effect::Pump(w, p, t)) => write!(f, "{w} gets {}/{}", signed(*p), signed(*t)),
            Self::Static(e) => write!(f, "{e}"),
            Self::Continuous(a, c) => {
                let one = matches!(a, Affects::Enchanted | Affects::EnchantedLand | Affects::EnchantedArtifact);
                let verb = |one_form: &'static str, many_form: &'static str| if one { one_form } else { many_form };
                match c {
                    Change::Pump(p, t) => write!(
                        f,
                        "{a} {} {}/{}",
                        verb("gets", "get"),
                        signed(Amount::Fixed(*p)),
                        signed(Amount::Fixed(*t))
                    ),
                    Change::SetPt(p, t) => {
                        write!(f, "{a} {} base power and toughness {p}/{t}", verb("has", "have"))
                    }
                    Change::Grant(k) => write!(f, "{a} {} {k}", verb("gains", "gain")),
                    Change::Lose(k) => write!(f, "{a} {} {k}", verb("loses", "lose")),
                    Change::LandType(t) => {
                        let t = if one { crate::cards::singular_type(t) } else { crate::cards::plural_type(t) };
                        write!(f, "{a} {} {t}", verb("is", "are"))
                    }
                    Change::ChosenLandType => write!(f, "{a} {} the chosen basic land type", verb("is", "are")),
                    Change::Animate { pt: None, .. } => {
                        write!(f, "{a} is a creature with power and toughness equal to its casting cost")
                    }
                    Change::Animate { pt: Some((p, t)), subtype, artifact } => {
                        let ty = subtype
                            .as_ref()
                            .map(|s| format!("{} ", crate::cards::singular_type(s)))
                            .unwrap_or_default();
                        let art = if *artifact { "artifact " } else { "" };
                        if one {
                            write!(f, "{a} is a {p}/{t} {ty}{art}creature")
                        } else {
                            write!(f, "{a} are {p}/{t} {ty}{art}creatures")
                        }
                    }
                    // Never written on a card: made by effects only.
                    Change::SetColor(_) | Change::Text(..) => write!(f, "{a} (changed)"),
                }
            }
            Self::Triggered(t, e) => write!(f, "{t}, {e}"),
            Self::EnchantOnly(x) => write!(f, "enchant only {} creatures", filter_word(*x)),
            Self::AsEnters(e) => write!(f, "as this enters play, {e}"),
            Self::UpkeepCost(m) => write!(f, "during your upkeep, pay {m} or bury this"),
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fixed(n) => write!(f, "{n}"),
            Self::X(1) => f.write_str("X"),
            Self::X(k) => write!(f, "{k}X"),
        }
    }
}

fn signed(a: Amount) -> String {
    match a {
        Amount::Fixed(n) if n < 0 => format!("{n}"),
        Amount::X(k) if k < 0 => "-X".to_owned(),
        other => format!("+{other}"),
    }
}

impl fmt::Display for TargetSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.many {
            f.write_str("any number of ")?;
        }
        f.write_str("target")?;
        if let Some(t) = &self.subtype {
            return write!(f, " {}", crate::cards::singular_type(t));
        }
        let filters: Vec<String> =
            self.filters.iter().filter(|x| **x != Filter::NotThis).map(|x| filter_word(*x)).collect();
        if !filters.is_empty() {
            write!(f, " {}", filters.join(", "))?;
        }
        let plural = if self.many { "s" } else { "" };
        let kinds: Vec<String> =
            self.kinds.iter().map(|k| format!("{}{plural}", format!("{k:?}").to_lowercase())).collect();
        match kinds.as_slice() {
            [] => Ok(()),
            [one] => write!(f, " {one}"),
            [rest @ .., last] => write!(f, " {} or {last}", rest.join(", ")),
        }?;
        if self.filters.contains(&Filter::NotThis) {
            f.write_str(" other than this")?;
        }
        Ok(())
    }
}

/// A target adjective as written.
fn filter_word(x: Filter) -> String {
    match x {
        Filter::Tapped => "tapped".to_owned(),
        Filter::Untapped => "untapped".to_owned(),
        Filter::Blocking => "blocking".to_owned(),
        Filter::Attacking => "attacking".to_owned(),
        Filter::NonArtifact => "nonartifact".to_owned(),
        Filter::NotColor(c) => format!("non{}", c.name()),
        Filter::IsColor(c) => c.name().to_owned(),
        Filter::Flying => "flying".to_owned(),
        Filter::NotThis => "other than this".to_owned(),
    }
}

impl fmt::Display for Affects {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Enchanted => f.write_str("enchanted creature"),
            Self::OtherOfType(t) => write!(f, "other {}", crate::cards::plural_type(t)),
            Self::OfType(t) => write!(f, "all {}", crate::cards::plural_type(t)),
            Self::AllCreatures => f.write_str("all creatures"),
            Self::ColorCreatures(c) => write!(f, "{} creatures", c.name()),
            Self::OwnAttackers => f.write_str("attacking creatures you control"),
            Self::EnchantedLand => f.write_str("enchanted land"),
            Self::NonbasicLands => f.write_str("nonbasic lands"),
            Self::EnchantedArtifact => f.write_str("enchanted artifact"),
        }
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::This => f.write_str("this"),
            Self::Enchanted => f.write_str("enchanted creature"),
            Self::Target(t) => write!(f, "{t}"),
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::AddMana(m) => write!(f, "add {m}"),
            Self::Damage(a, t) => write!(f, "deal {a} damage to {t}"),
            Self::DamageDivided(a, t) => write!(f, "deal {a} damage divided evenly among {t}"),
            Self::DamageEachCreatureAndPlayer(a) => write!(f, "deal {a} damage to each creature and each player"),
            Self::NoCombatDamage => f.write_str("creatures deal no combat damage this turn"),
            Self::BuryThis => f.write_str("bury this"),
            Self::DamageDisintegrate(a, t) => write!(
                f,
                "deal {a} damage to {t}; that creature cannot regenerate this turn and is removed from the game instead of going to the graveyard this turn"
            ),
            Self::ReverseDamage => f.write_str(
                "all damage dealt to you this turn by one source is prevented retroactively, and you gain that much life",
            ),
            Self::TakeUnblockedDamage => {
                f.write_str("all damage that unblocked attackers would deal to you is dealt to this instead while this is untapped")
            }
            Self::CountersOnThis(n, k) => write!(f, "put {n} {k} counters on this"),
            Self::DamageEachNonFlyerAndPlayer(a) => {
                write!(f, "deal {a} damage to each creature without flying and each player")
            }
            Self::Pump(w, p, t) => write!(f, "{w} gets {}/{} until end of turn", signed(*p), signed(*t)),
            Self::Grant(w, k) => write!(f, "{w} gains {k} until end of turn"),
            Self::Lose(w, k) => write!(f, "{w} loses {k} until end of turn"),
            Self::SetPt(w, p, t) => write!(f, "{w} becomes {p}/{t} until end of turn"),
            Self::SetColor(w, c) => write!(f, "{w} becomes {}", c.name()),
            Self::Animate(w, Change::Animate { pt: Some((p, t)), subtype, artifact }) => {
                let ty = subtype.as_ref().map(|s| format!("{} ", crate::cards::singular_type(s))).unwrap_or_default();
                let art = if *artifact { "artifact " } else { "" };
                write!(f, "{w} becomes a {p}/{t} {ty}{art}creature until end of turn")
            }
            Self::Animate(w, _) => write!(f, "{w} becomes a creature until end of turn"),
            Self::ReplaceWord(k, t) => {
                let what = match k {
                    WordKind::Color => "color word",
                    WordKind::BasicLandType => "basic land type",
                };
                write!(f, "replace one {what} with another in the text of {t}")
            }
            Self::GainLife(t, a) => write!(f, "{t} gains {a} life"),
            Self::Bounce(t) => write!(f, "return {t} to its owner's hand"),
            Self::Destroy(t, bury) => write!(f, "{} {t}", if *bury { "bury" } else { "destroy" }),
            Self::DestroyAllCreatures(bury) => write!(f, "{} all creatures", if *bury { "bury" } else { "destroy" }),
            Self::Prevent(a, t) => write!(f, "prevent up to {a} damage to {t}"),
            Self::PreventAllFrom(c) => write!(f, "prevent all damage to you from a {} source", c.name()),
            Self::Counter(t) => write!(f, "counter {t}"),
            Self::CounterUnlessPaid(t, a, lands) => {
                write!(f, "counter {t} unless its caster pays {a}")?;
                if *lands { f.write_str("; if not, tap all lands its caster controls") } else { Ok(()) }
            }
            Self::Tap(t) => write!(f, "tap {t}"),
            Self::Untap(t) => write!(f, "untap {t}"),
            Self::Regenerate(w) => write!(f, "regenerate {w}"),
            Self::EntersPlay => f.write_str("(enters play)"),
            Self::Enchant(t) => write!(f, "(enters play enchanting {t})"),
            Self::DamageEnchanted(a) => write!(f, "deal {a} damage to enchanted creature"),
        }
    }
}
