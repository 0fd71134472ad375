//! How abilities print: the same words the grammar reads.

use super::{Ability, Amount, Effect, Filter, TargetSpec, Who};
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
            Self::Triggered(super::Trigger::Flanking, _) => f.write_str("flanking"),
            Self::Triggered(t, e) => write!(f, "{t}, {e}"),
            Self::UpkeepCost(m) => write!(f, "during your upkeep, pay {m} or bury this"),
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fixed(n) => write!(f, "{n}"),
            Self::X(1) | Self::Power => f.write_str("X"),
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
        let filters: Vec<String> = self
            .filters
            .iter()
            .map(|x| match x {
                Filter::Tapped => "tapped".to_owned(),
                Filter::Untapped => "untapped".to_owned(),
                Filter::Blocking => "blocking".to_owned(),
                Filter::Attacking => "attacking".to_owned(),
                Filter::NonArtifact => "nonartifact".to_owned(),
                Filter::NotColor(c) => format!("non{}", c.name()),
                Filter::IsColor(c) => c.name().to_owned(),
                Filter::NonWall => "non-wall".to_owned(),
                Filter::OpponentControls => String::new(),
            })
            .filter(|w| !w.is_empty())
            .collect();
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
        if self.filters.contains(&Filter::OpponentControls) {
            f.write_str(" an opponent controls")?;
        }
        Ok(())
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::This => f.write_str("this"),
            Self::Enchanted => f.write_str("enchanted creature"),
            Self::That => f.write_str("that creature"),
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
            Self::Pump(w, p, t) => {
                write!(f, "{w} gets {}/{} until end of turn", signed(*p), signed(*t))?;
                if *p == Amount::Power { f.write_str(", where X is its power") } else { Ok(()) }
            }
            Self::Then(a, b) => write!(f, "{a}; {b}"),
            Self::Grant(w, k) => write!(f, "{w} gains {k} until end of turn"),
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
            Self::DamageTo(n, to) => super::triggered::damage_text(f, *n, *to),
            Self::YouGain(n) => super::triggered::gain_text(f, *n),
            Self::MayPay(m, e) => super::triggered::may_pay_text(f, m, e),
            Self::UnlessPaid(e, m) => write!(f, "{e} unless you pay {m}"),
            Self::Scheduled(when, e) => {
                write!(f, "{e} {when}")?;
                if matches!(**e, Self::DestroyThat(_, true)) { f.write_str(" if it attacked this turn") } else { Ok(()) }
            }
            Self::DestroyThat(bury, _) => write!(f, "{} that creature", if *bury { "bury" } else { "destroy" }),
            Self::CounterThat(Some(m), _) => write!(f, "counter that spell unless its caster pays {m}"),
            Self::CounterThat(None, _) => {
                f.write_str("counter that spell if a card with the same name is in play or in any graveyard")
            }
            Self::RemoveGraveyards => f.write_str("remove all cards in all graveyards from the game"),
            Self::ReturnThis => f.write_str("return this to play under its owner's control"),
            Self::SkipNextDraw => f.write_str("you skip your next draw phase"),
            Self::DiscardAtRandom => f.write_str("that player discards a card at random"),
            Self::RemoveThis => f.write_str("remove this from the game"),
            Self::DamageInsteadOfCombat(a, t) => write!(
                f,
                "you may have this deal {a} damage to {t}; if you do, this deals no combat damage this turn"
            ),
            Self::GrantUntilNextUpkeep(t, k) => write!(f, "{t} gains {k} until your next upkeep"),
            Self::OpponentsEnterTapped => {
                f.write_str("artifacts, creatures and lands your opponents play come into play tapped")
            }
            Self::CountersOn(w, 1, k) => write!(f, "put a {k} counter on {w}"),
            Self::CountersOn(w, n, k) => write!(f, "put {n} {k} counters on {w}"),
        }
    }
}
