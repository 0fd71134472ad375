//! A card in rows of plain words, for `judge card`: what each parsed ability is and how it is
//! played under Fifth Edition (002 Spell and Ability Timing, Kinds and Speeds).

use super::{CardDef, CardKind};
use crate::grammar::ability::{Ability, Effect};

/// How an ability is played, in words.
#[must_use]
pub fn ability_kind(a: &Ability) -> String {
    match a {
        Ability::Keyword(_) => "keyword".to_owned(),
        Ability::Spell(_) => "what the spell does".to_owned(),
        Ability::Activated(cost, e) => {
            let speed = match e {
                Effect::AddMana(_) => "a mana source",
                Effect::Regenerate(_) => "a specialized ability, used when the creature is being destroyed",
                _ => "played like an instant",
            };
            format!("activated, cost {cost}; {speed}")
        }
        Ability::ExtraTargetCost(_) => "additional cost".to_owned(),
        Ability::Static(_) => "continuous, while in play".to_owned(),
        Ability::Triggered(crate::grammar::ability::Trigger::DuringUpkeep(_), _) => {
            "phase effect: mandatory, dealt with before the upkeep can end".to_owned()
        }
        Ability::Triggered(crate::grammar::ability::Trigger::MayDuringUpkeep(_), _) => {
            "phase effect: optional, played during the upkeep if its player chooses".to_owned()
        }
        Ability::Triggered(_, crate::grammar::ability::Effect::Scheduled(..)) => {
            "triggered: resolves just after its event, scheduling an effect for later".to_owned()
        }
        Ability::EnchantOnly(_) => "a restriction on what it may be cast on".to_owned(),
        Ability::Triggered(crate::grammar::ability::Trigger::CastAsInstant, _) => {
            "a permission: it may be cast as an instant, with a delayed effect when it is".to_owned()
        }
        Ability::EndOfBlockersOnly => "a restriction on when it may be cast".to_owned(),
        Ability::AsEnters(_) => "part of its resolution, as it enters play".to_owned(),
        Ability::Continuous(..) => "continuous, while in play; applied in timestamp order".to_owned(),
        Ability::Triggered(..) => "triggered: resolves just after its event".to_owned(),
        Ability::UpkeepCost(u) if u.mandatory => {
            "phase cost: paid when it can be before its controller's upkeep can end; its abilities wait until then"
                .to_owned()
        }
        Ability::UpkeepCost(_) => {
            "phase cost: paid or refused before its controller's upkeep can end; its abilities wait until then"
                .to_owned()
        }
        Ability::AdditionalCost(_) => "additional cost: paid once when the spell is cast".to_owned(),
        Ability::AlternativeCost(_) => {
            "alternative cost: may be paid instead of the mana cost (`sacrificing ...`)".to_owned()
        }
        Ability::CostChange(_) => "continuous: changes costs when they are announced".to_owned(),
        Ability::EntersWithCounters(..) | Ability::EntersWithXCounters(_) => {
            "comes into play with these counters".to_owned()
        }
        Ability::OpponentsTurnBeforeAttack => {
            "a limit on when it may be cast: an opponent's turn, before the attack".to_owned()
        }
        Ability::OpponentsUpkeepOnly => "a limit on when it may be cast: an opponent's upkeep".to_owned(),
        Ability::EntersAsCopy(_) => {
            "a copy card: targets as it is cast, enters play as a copy of the target".to_owned()
        }
    }
}

/// The card's kind in words, with the speed of casting it.
#[must_use]
pub fn kind_words(d: &CardDef) -> &'static str {
    match d.kind {
        CardKind::Land => "a land: played, not cast, once a turn in your main phase",
        CardKind::Creature => "a creature: cast at sorcery speed",
        CardKind::ArtifactCreature => "an artifact creature: cast at sorcery speed",
        CardKind::Artifact => "an artifact: cast at sorcery speed",
        CardKind::Enchantment => "a global enchantment: cast at sorcery speed",
        CardKind::LocalEnchantment => "a local enchantment: cast at sorcery speed on its target",
        CardKind::Sorcery => "a sorcery: your main phase, with nothing else pending",
        CardKind::Instant => "an instant: whenever you have priority, starting or joining a batch",
        CardKind::Interrupt => "an interrupt: while a spell is being cast (an instant if it targets no spell)",
        CardKind::ManaSource => "a mana source: cannot be interrupted or countered",
    }
}

/// Under the stack rules (m13) the words for the kinds 001 plays otherwise: an instant goes on
/// the stack, and 001 has no interrupts or mana source spells, which are played as instants
/// (001 L724, L309-313).
#[must_use]
pub fn stack_kind_words(kind: CardKind) -> Option<&'static str> {
    match kind {
        CardKind::Instant => Some("an instant: cast whenever you have priority, on the stack"),
        CardKind::Interrupt | CardKind::ManaSource => {
            Some("played as an instant under m13 (001 has no interrupts or mana source spells): on the stack")
        }
        _ => None,
    }
}

/// The rows of the card's table: (field, value).
#[must_use]
pub fn rows(d: &CardDef) -> Vec<(String, String)> {
    let mut out = vec![("name".to_owned(), d.name.clone())];
    if let Some(c) = d.cost {
        out.push(("cost".into(), c.to_string()));
    }
    out.push(("type".into(), format!("{} ({})", d.type_line, kind_words(d))));
    let star = d.abilities.iter().any(|a| {
        matches!(
            a,
            Ability::Continuous(crate::grammar::ability::Affects::This, crate::grammar::ability::Change::PtEqual(_))
        )
    });
    if star {
        out.push(("power/toughness".into(), "*/* (see its ability)".into()));
    } else if let Some((p, t)) = d.pt {
        out.push(("power/toughness".into(), format!("{p}/{t}")));
    }
    let colors: Vec<&str> = d.colors().iter().map(|c| c.name()).collect();
    out.push(("colour".into(), if colors.is_empty() { "colorless".into() } else { colors.join(", ") }));
    if let Some(set) = &d.set {
        out.push(("expansion symbol".into(), set.clone()));
    }
    if !d.text.is_empty() {
        out.push(("text".into(), d.text.clone()));
    }
    for (i, a) in d.abilities.iter().enumerate() {
        out.push((format!("ability {} ({})", i + 1, ability_kind(a)), a.to_string()));
    }
    for (m, a) in &d.modes {
        out.push((format!("mode `{m}`"), a.to_string()));
    }
    for (e, t) in &d.edition_types {
        out.push((format!("under {e}"), format!("type {t}")));
    }
    // A variant's words where they differ (`judge card NAME --rules E` shows it whole).
    for (e, v) in &d.variants {
        if v.text != d.text {
            out.push((format!("under {e}: text"), v.text.clone()));
        }
        if v.abilities != d.abilities {
            for (i, a) in v.abilities.iter().enumerate() {
                out.push((format!("under {e}: ability {}", i + 1), a.to_string()));
            }
        }
    }
    out.push(("defined in".into(), d.origin.clone()));
    out
}
