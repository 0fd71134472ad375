//! Cards as data: YAML definitions (schema 1 of the contract), abilities parsed by the grammar.
//!
//! The built-in library is embedded from `src/cards/*.yaml`; `--cards FILE` and a scenario's
//! `cards:` list add to it or redefine cards, in that order.

pub mod describe;

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::grammar::ability::{Ability, Effect, Keyword, parse_ability};
use crate::grammar::mana::{Color, ManaCost, parse_mana_cost};
use crate::yaml::{RawText, locate};
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};

/// The built-in card files: (path shown in errors, contents).
pub const BUILTIN: &[(&str, &str)] = &[
    ("src/cards/lands.yaml", include_str!("lands.yaml")),
    ("src/cards/creatures.yaml", include_str!("creatures.yaml")),
    ("src/cards/spells.yaml", include_str!("spells.yaml")),
    ("src/cards/artifacts.yaml", include_str!("artifacts.yaml")),
    ("src/cards/enchantments.yaml", include_str!("enchantments.yaml")),
];

/// The help given where a name is not in the library: how to add a card.
pub const NOT_IN_LIBRARY_HELP: &str = "a card the library does not hold can be defined in a card file passed with `--cards FILE`, or under the scenario's `cards:`";

/// The broad kind of a card, from its type line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum CardKind {
    /// A land (basic or not).
    Land,
    /// A summon spell: a creature once in play.
    Creature,
    /// An artifact.
    Artifact,
    /// An artifact creature.
    ArtifactCreature,
    /// A global enchantment.
    Enchantment,
    /// A local enchantment (`Enchant Creature`, ...).
    LocalEnchantment,
    /// An instant.
    Instant,
    /// An interrupt.
    Interrupt,
    /// A sorcery.
    Sorcery,
    /// A mana source spell (Dark Ritual in Fifth Edition).
    ManaSource,
}

impl CardKind {
    /// Whether a card of this kind becomes a permanent when it resolves.
    #[must_use]
    pub const fn is_permanent(self) -> bool {
        matches!(
            self,
            Self::Land
                | Self::Creature
                | Self::Artifact
                | Self::ArtifactCreature
                | Self::Enchantment
                | Self::LocalEnchantment
        )
    }

    /// Whether a permanent of this kind is a creature.
    #[must_use]
    pub const fn is_creature(self) -> bool {
        matches!(self, Self::Creature | Self::ArtifactCreature)
    }

    /// Whether a permanent of this kind is an artifact.
    #[must_use]
    pub const fn is_artifact(self) -> bool {
        matches!(self, Self::Artifact | Self::ArtifactCreature)
    }

    /// Whether a permanent of this kind is a target of this kind (players and spells are not).
    #[must_use]
    pub fn fits(self, tk: crate::grammar::ability::TargetKind) -> bool {
        use crate::grammar::ability::TargetKind as T;
        match tk {
            T::Creature => self.is_creature(),
            T::Artifact => self.is_artifact(),
            T::Land => self == Self::Land,
            T::Enchantment => matches!(self, Self::Enchantment | Self::LocalEnchantment),
            T::Permanent => self.is_permanent(),
            T::Player | T::Spell => false,
        }
    }

    /// Classifies a type line, or `None` when it is not a known type.
    #[must_use]
    pub fn from_type_line(t: &str) -> Option<Self> {
        let l = t.to_lowercase();
        Some(match l.as_str() {
            "land" | "basic land" => Self::Land,
            "artifact" | "mono artifact" | "poly artifact" | "continuous artifact" => Self::Artifact,
            "artifact creature" => Self::ArtifactCreature,
            "enchantment" => Self::Enchantment,
            "instant" => Self::Instant,
            "interrupt" => Self::Interrupt,
            "sorcery" => Self::Sorcery,
            "mana source" => Self::ManaSource,
            _ if l.starts_with("summon ") => Self::Creature,
            _ if l.starts_with("enchant ") => Self::LocalEnchantment,
            _ if l.starts_with("legendary land") => Self::Land,
            _ => return None,
        })
    }
}

/// A card's definition.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CardDef {
    /// The exact name.
    pub name: String,
    /// Mana cost (`None` for lands).
    pub cost: Option<ManaCost>,
    /// The type line as printed (`Summon Bears`).
    pub type_line: String,
    /// The broad kind.
    pub kind: CardKind,
    /// Power and toughness of a creature.
    pub pt: Option<(i32, i32)>,
    /// The effect in plain words.
    pub text: String,
    /// Abilities in the card grammar.
    pub abilities: Vec<Ability>,
    /// Named modes, each one spell effect.
    pub modes: Vec<(String, Ability)>,
    /// Type lines that differ under other editions (`4e` -> `Interrupt`).
    pub edition_types: BTreeMap<String, String>,
    /// Where the definition came from.
    pub origin: String,
}

impl CardDef {
    /// Whether the card is a legend ("Summon Legend", "Legendary Land", ...): only one of a name
    /// may be in play (002 Legends).
    #[must_use]
    pub fn is_legend(&self) -> bool {
        let t = self.type_line.to_lowercase();
        t.contains("legend")
    }

    /// Colours of the card (from its cost; artifacts and lands are colourless).
    #[must_use]
    pub fn colors(&self) -> Vec<Color> {
        self.cost.map(|c| c.colors()).unwrap_or_default()
    }

    /// Whether the card has the keyword.
    #[must_use]
    pub fn has_keyword(&self, k: &Keyword) -> bool {
        self.abilities.iter().any(|a| matches!(a, Ability::Keyword(x) if x == k))
    }

    /// The effect of the card when cast, for its only mode or the named one.
    #[must_use]
    pub fn spell_effects(&self) -> Vec<(Option<&str>, &Effect)> {
        let plain = self.abilities.iter().filter_map(|a| match a {
            Ability::Spell(e) => Some((None, e)),
            _ => None,
        });
        let modes = self.modes.iter().filter_map(|(m, a)| match a {
            Ability::Spell(e) => Some((Some(m.as_str()), e)),
            _ => None,
        });
        plain.chain(modes).collect()
    }

    /// The activated abilities, in order (numbered from 1 in action lines).
    #[must_use]
    pub fn activated(&self) -> Vec<(&crate::grammar::ability::ActivationCost, &Effect)> {
        self.abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Activated(c, e) => Some((c, e)),
                _ => None,
            })
            .collect()
    }

    /// What a local enchantment may be played on, from its type line (`Enchant Creature`):
    /// a targeting restriction (002 Enchantments).
    #[must_use]
    pub fn enchant_target(&self) -> Option<crate::grammar::ability::TargetSpec> {
        use crate::grammar::ability::{TargetKind as T, TargetSpec};
        if self.kind != CardKind::LocalEnchantment {
            return None;
        }
        let what = self.type_line.to_lowercase();
        let kind = match what.trim_start_matches("enchant ").trim() {
            "creature" => T::Creature,
            "land" => T::Land,
            "artifact" => T::Artifact,
            "enchantment" => T::Enchantment,
            _ => T::Permanent,
        };
        Some(TargetSpec { kinds: vec![kind], filters: Vec::new(), many: false })
    }

    /// Static effects while in play (`enchanted creature gets +1/+2`).
    pub fn statics(&self) -> impl Iterator<Item = &Effect> {
        self.abilities.iter().filter_map(|a| match a {
            Ability::Static(e) => Some(e),
            _ => None,
        })
    }

    /// The triggered abilities, in order.
    #[must_use]
    pub fn triggered(&self) -> Vec<(&crate::grammar::ability::Trigger, &Effect)> {
        self.abilities
            .iter()
            .filter_map(|a| match a {
                Ability::Triggered(t, e) => Some((t, e)),
                _ => None,
            })
            .collect()
    }

    /// Extra mana for each target after the first (Fireball).
    #[must_use]
    pub fn extra_target_cost(&self) -> Option<ManaCost> {
        self.abilities.iter().find_map(|a| match a {
            Ability::ExtraTargetCost(m) => Some(*m),
            _ => None,
        })
    }
}

/// Index of a card definition in a [`Library`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct DefId(pub u16);

/// All known card definitions.
#[derive(Clone, Debug, Default)]
pub struct Library {
    defs: Vec<CardDef>,
    by_name: HashMap<String, DefId>,
    /// Every redefinition so far, in order, for the trace.
    pub redefined: Vec<Redefinition>,
}

/// A card library entry as written in YAML.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCard {
    name: RawText,
    #[serde(default)]
    cost: Option<RawText>,
    #[serde(rename = "type")]
    type_line: RawText,
    #[serde(default)]
    pt: Option<RawText>,
    #[serde(default)]
    text: Option<RawText>,
    #[serde(default)]
    abilities: Vec<RawText>,
    #[serde(default)]
    modes: BTreeMap<String, RawText>,
    #[serde(default)]
    editions: BTreeMap<String, RawEdition>,
}

/// An edition override of a card.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEdition {
    #[serde(rename = "type")]
    type_line: Option<String>,
}

/// A redefinition of an earlier card, for the trace.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Redefinition {
    /// The card name.
    pub name: String,
    /// Where it was defined before.
    pub before: String,
    /// Where it is defined now.
    pub now: String,
}

impl Library {
    /// The built-in library.
    ///
    /// # Errors
    /// A card that does not parse (a bug in the shipped data; tests guard it), rendered.
    pub fn builtin() -> Result<Self, String> {
        let mut lib = Self::default();
        for (file, src) in BUILTIN {
            let cards: Vec<RawCard> = crate::yaml::from_str(src).map_err(|d| d.render(file, src))?;
            lib.add_source(&cards, file, src).map_err(|d| d.render(file, src))?;
        }
        Ok(lib)
    }

    /// Adds the cards of one source (file or scenario), returning the redefinitions.
    ///
    /// # Errors
    /// A card that does not parse, or a name defined twice in this source.
    pub fn add_source(&mut self, cards: &[RawCard], origin: &str, src: &str) -> Result<Vec<Redefinition>, Diagnostic> {
        let mut seen: Vec<String> = Vec::new();
        let mut redefined = Vec::new();
        for raw in cards {
            let def = parse_card(raw, origin, src)?;
            let key = def.name.to_lowercase();
            if seen.contains(&key) {
                let name = locate(&raw.name, src);
                return Err(Diagnostic::new(
                    format!("card `{}` is defined twice in this source", def.name),
                    name.span,
                    "defined again here",
                ));
            }
            seen.push(key.clone());
            if let Some(&id) = self.by_name.get(&key) {
                let before = std::mem::replace(&mut self.defs[usize::from(id.0)], def);
                let r = Redefinition { name: before.name, before: before.origin, now: origin.to_owned() };
                self.redefined.push(r.clone());
                redefined.push(r);
            } else {
                let id = DefId(u16::try_from(self.defs.len()).map_err(|_| Diagnostic::whole_file("too many cards"))?);
                self.by_name.insert(key, id);
                self.defs.push(def);
            }
        }
        Ok(redefined)
    }

    /// The definition with this id.
    #[must_use]
    pub fn get(&self, id: DefId) -> &CardDef {
        &self.defs[usize::from(id.0)]
    }

    /// Looks a card up by name, case-insensitively.
    #[must_use]
    pub fn find(&self, name: &str) -> Option<DefId> {
        self.by_name.get(&name.to_lowercase()).copied()
    }

    /// The closest known name, for did-you-mean.
    #[must_use]
    pub fn suggest(&self, name: &str) -> Option<&str> {
        did_you_mean(name, self.defs.iter().map(|d| d.name.as_str()))
    }

    /// Every definition, in library order.
    pub fn iter(&self) -> impl Iterator<Item = (DefId, &CardDef)> {
        self.defs.iter().enumerate().map(|(i, d)| (DefId(u16::try_from(i).unwrap_or(u16::MAX)), d))
    }
}

fn parse_card(raw: &RawCard, origin: &str, src: &str) -> Result<CardDef, Diagnostic> {
    let name = locate(&raw.name, src);
    let type_text = locate(&raw.type_line, src);
    let kind = CardKind::from_type_line(&type_text.node).ok_or_else(|| {
        Diagnostic::new(
            format!("unknown card type `{}`", type_text.node),
            type_text.span,
            "expected Land, Summon KIND, Artifact, Artifact Creature, Enchantment, Enchant KIND, Instant, Interrupt, Sorcery or Mana Source",
        )
    })?;
    let cost = match &raw.cost {
        Some(c) => {
            let c = locate(c, src);
            Some(parse_mana_cost(&c.node).map_err(|e| e.diagnostic(&c, "mana cost"))?)
        }
        None if kind == CardKind::Land => None,
        None => Some(ManaCost::default()),
    };
    let pt = match &raw.pt {
        Some(p) => {
            let p = locate(p, src);
            Some(
                parse_pt(&p.node)
                    .ok_or_else(|| Diagnostic::new("cannot read power/toughness", p.span, "expected P/T, like 2/2"))?,
            )
        }
        None => None,
    };
    if kind.is_creature() && pt.is_none() {
        return Err(Diagnostic::new(format!("creature `{}` has no `pt:`", name.node), name.span, "add `pt: P/T`"));
    }
    let mut abilities = Vec::new();
    for a in &raw.abilities {
        let a = locate(a, src);
        abilities.push(parse_ability(&a.node).map_err(|e| e.diagnostic(&a, "ability"))?);
    }
    let mut modes = Vec::new();
    for (m, a) in &raw.modes {
        let a = locate(a, src);
        let ab = parse_ability(&a.node).map_err(|e| e.diagnostic(&a, "mode"))?;
        if !matches!(ab, Ability::Spell(_)) {
            return Err(Diagnostic::new("a mode must be `spell: EFFECT`", a.span, "not a spell effect"));
        }
        modes.push((m.to_lowercase(), ab));
    }
    let edition_types = raw.editions.iter().filter_map(|(e, o)| o.type_line.clone().map(|t| (e.clone(), t))).collect();
    Ok(CardDef {
        name: name.node,
        cost,
        type_line: type_text.node,
        kind,
        pt,
        text: raw.text.as_ref().map(|t| t.value.0.clone()).unwrap_or_default(),
        abilities,
        modes,
        edition_types,
        origin: origin.to_owned(),
    })
}

fn parse_pt(s: &str) -> Option<(i32, i32)> {
    let (p, t) = s.split_once('/')?;
    Some((p.trim().parse().ok()?, t.trim().parse().ok()?))
}

/// Reads a card file (`--cards FILE`) into raw entries.
///
/// # Errors
/// A YAML or schema error with its position.
pub fn read_card_file(src: &str) -> Result<Vec<RawCard>, Diagnostic> {
    crate::yaml::from_str(src)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_card_parses() {
        let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
        assert!(lib.iter().count() >= 40);
        let bolt = lib.get(lib.find("lightning bolt").unwrap_or(DefId(0)));
        assert_eq!(bolt.name, "Lightning Bolt");
        assert_eq!(bolt.kind, CardKind::Instant);
    }

    #[test]
    fn bad_ability_points_at_the_word() {
        let src = "- name: Foo\n  cost: R\n  type: Instant\n  abilities: [\"spell: deal 3 damage to target wizard\"]\n";
        let cards = read_card_file(src).unwrap_or_default();
        let mut lib = Library::default();
        let e = lib.add_source(&cards, "x.yaml", src).err().unwrap_or_else(|| panic!("should fail"));
        assert!(e.render("x.yaml", src).contains("x.yaml:4:47"), "{}", e.render("x.yaml", src));
    }
}
