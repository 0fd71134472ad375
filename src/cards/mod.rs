//! Cards as data: YAML definitions (schema 1 of the contract), abilities parsed by the grammar.
//!
//! The built-in library is embedded from `src/cards/*.yaml`; `--cards FILE` and a scenario's
//! `cards:` list add to it or redefine cards, in that order.

pub mod describe;
mod quick;
pub mod split;

use crate::diagnostic::{Diagnostic, did_you_mean};
use crate::grammar::ability::{Ability, Effect, Keyword, parse_ability};
use crate::grammar::mana::{Color, ManaCost, parse_mana_cost};
use crate::span::Spanned;
use crate::yaml::{RawText, locate};
use serde::Deserialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, OnceLock};

/// The built-in card files: (path shown in errors, contents).
pub const BUILTIN: &[(&str, &str)] = &[
    ("src/cards/lands.yaml", include_str!("lands.yaml")),
    ("src/cards/creatures.yaml", include_str!("creatures.yaml")),
    ("src/cards/spells.yaml", include_str!("spells.yaml")),
    ("src/cards/artifacts.yaml", include_str!("artifacts.yaml")),
    ("src/cards/enchantments.yaml", include_str!("enchantments.yaml")),
    ("src/cards/characteristics.yaml", include_str!("characteristics.yaml")),
    ("src/cards/costs.yaml", include_str!("costs.yaml")),
    ("src/cards/triggers.yaml", include_str!("triggers.yaml")),
    ("src/cards/costs2.yaml", include_str!("costs2.yaml")),
    ("src/cards/rulings.yaml", include_str!("rulings.yaml")),
    ("src/cards/upkeep2.yaml", include_str!("upkeep2.yaml")),
    ("src/cards/combat2.yaml", include_str!("combat2.yaml")),
    ("src/cards/statics2.yaml", include_str!("statics2.yaml")),
    ("src/cards/wave3a.yaml", include_str!("wave3a.yaml")),
    ("src/cards/wave3b.yaml", include_str!("wave3b.yaml")),
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
            T::Player | T::Spell | T::GraveyardCreature => false,
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
            // An Enchant World is a global enchantment of which only one may be in play (002
            // L2272-2275).
            "enchantment" | "enchant world" => Self::Enchantment,
            "instant" => Self::Instant,
            "interrupt" => Self::Interrupt,
            "sorcery" => Self::Sorcery,
            "mana source" => Self::ManaSource,
            _ if l.starts_with("summon ") => Self::Creature,
            _ if l.starts_with("enchant ") => Self::LocalEnchantment,
            _ if l.starts_with("legendary land") => Self::Land,
            // Modern type lines (001 L724, L1295-1307): "Creature — Ooze", "Legendary Creature
            // — Elder Dragon", "Artifact Creature — Golem", "Enchantment — Aura", "Basic Land —
            // Forest".
            _ => return Self::from_modern_type_line(&l),
        })
    }

    /// A modern type line: the types before the dash (a legendary or basic supertype
    /// ignored); an Aura is a local enchantment.
    fn from_modern_type_line(l: &str) -> Option<Self> {
        let (types, subtypes) = l.split_once('—').or_else(|| l.split_once(" - ")).unwrap_or((l, ""));
        let types: Vec<&str> =
            types.split_whitespace().filter(|w| !matches!(*w, "legendary" | "basic" | "snow")).collect();
        let aura = subtypes.split_whitespace().any(|w| w == "aura");
        Some(match types.as_slice() {
            ["creature"] => Self::Creature,
            ["artifact", "creature"] => Self::ArtifactCreature,
            ["artifact"] => Self::Artifact,
            ["enchantment"] if aura => Self::LocalEnchantment,
            ["enchantment"] => Self::Enchantment,
            ["land"] => Self::Land,
            ["instant"] => Self::Instant,
            ["sorcery"] => Self::Sorcery,
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
    /// The card as another edition's rules read it, where its `editions:` entry gives a text,
    /// abilities or modes (`m13`: the card's modern wording and meaning).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub variants: BTreeMap<String, Box<CardDef>>,
    /// The colours stated by the card's `color:` field, when its cost does not give them
    /// (002 L1638-1643: a zero-cost card whose text gives its colour).
    pub color: Option<Vec<Color>>,
    /// Creature or land types: those of the type line (`Summon Goblins` is a Goblin), of a basic
    /// land's name, and of the `subtypes:` field, each as [`type_key`] keeps it.
    pub subtypes: Vec<String>,
    /// The expansion whose symbol the card bears (`set: Arabian Nights`), for the cards that
    /// ask (City in a Bottle: 002 L3765-3767, L2552). Given only where every printing of the
    /// era bears it, or for a scenario's own printing of a card.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set: Option<String>,
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

    /// Colours of the card (the stated colour, else from its cost; artifacts and lands are
    /// colourless).
    #[must_use]
    pub fn colors(&self) -> Vec<Color> {
        if let Some(c) = &self.color {
            return c.clone();
        }
        self.cost.map(|c| c.colors()).unwrap_or_default()
    }

    /// Whether the card is an enchant world: only one may be in play (002 Enchant World).
    #[must_use]
    pub fn is_world(&self) -> bool {
        self.type_line.to_lowercase().starts_with("enchant world")
    }

    /// Whether the card is a basic land (its type line says so).
    #[must_use]
    pub fn is_basic(&self) -> bool {
        self.type_line.to_lowercase().starts_with("basic land")
    }

    /// Whether the card has this creature or land type (a [`type_key`]).
    #[must_use]
    pub fn has_subtype(&self, key: &str) -> bool {
        self.subtypes.iter().any(|t| t == key)
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

    /// What a copy card (Clone) targets as it is cast: `enters play as a copy of TARGET`.
    #[must_use]
    pub fn copy_target(&self) -> Option<crate::grammar::ability::TargetSpec> {
        self.abilities.iter().find_map(|a| match a {
            Ability::EntersAsCopy(t) => Some(t.clone()),
            _ => None,
        })
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
        // A modern Aura says what it enchants in its text: "Enchant creature" (001 L685).
        let text = self.text.to_lowercase();
        let what = match what.strip_prefix("enchant ") {
            Some(w) => w.trim().to_owned(),
            None => text
                .split(['.', '\n'])
                .find_map(|s| s.trim().strip_prefix("enchant ").map(|w| w.trim().to_owned()))
                .unwrap_or_default(),
        };
        let kind = match what.as_str() {
            "creature" => T::Creature,
            "land" => T::Land,
            "artifact" => T::Artifact,
            "enchantment" => T::Enchantment,
            _ => T::Permanent,
        };
        let filters = self
            .abilities
            .iter()
            .filter_map(|a| match a {
                Ability::EnchantOnly(x) => Some(*x),
                _ => None,
            })
            .collect();
        Some(TargetSpec { kinds: vec![kind], filters, many: false, subtype: None })
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

/// One card of an indexed source: where its text is and its name, found without parsing.
#[derive(Clone, Debug)]
struct IndexEntry {
    /// Which source file.
    file: usize,
    /// Byte range of the entry in that file.
    start: usize,
    end: usize,
    /// The name as written.
    name: Cow<'static, str>,
    /// The name in lowercase, the lookup key.
    lower: Cow<'static, str>,
}

// The built-in library's index, made by build.rs from src/cards/*.yaml.
include!(concat!(env!("OUT_DIR"), "/builtin_index.rs"));

/// Card files indexed by name, each card parsed the first time it is asked for and then kept
/// (shared, read-only, by every scenario that uses the library).
struct Indexed {
    /// (path shown in errors, text) of each file.
    files: Vec<(String, Cow<'static, str>)>,
    entries: Cow<'static, [IndexEntry]>,
    /// Positions in `entries`, sorted by lowercase name (binary search).
    sorted: Cow<'static, [u16]>,
    /// The distinct lengths of the lowercase names, in bytes, longest first.
    lengths: Cow<'static, [usize]>,
    /// The parsed definitions, filled on first use.
    parsed: Vec<OnceLock<Box<Result<CardDef, String>>>>,
}

impl Indexed {
    fn new(
        files: Vec<(String, Cow<'static, str>)>,
        entries: Cow<'static, [IndexEntry]>,
        sorted: Cow<'static, [u16]>,
        lengths: Cow<'static, [usize]>,
    ) -> Self {
        let parsed = entries.iter().map(|_| OnceLock::new()).collect();
        Self { files, entries, sorted, lengths, parsed }
    }

    fn position(&self, lower: &str) -> Option<usize> {
        let entries = &self.entries;
        self.sorted
            .binary_search_by(|&i| entries[usize::from(i)].lower.as_ref().cmp(lower))
            .ok()
            .map(|k| usize::from(self.sorted[k]))
    }

    fn def(&self, i: usize) -> Result<&CardDef, &str> {
        let Some(cell) = self.parsed.get(i) else { return Err("no such card") };
        match &**cell.get_or_init(|| Box::new(self.parse(i))) {
            Ok(d) => Ok(d),
            Err(e) => Err(e.as_str()),
        }
    }

    /// Parses entry `i` alone; an error is rendered against its whole file.
    fn parse(&self, i: usize) -> Result<CardDef, String> {
        let e = &self.entries[i];
        let (file, text) = &self.files[e.file];
        let piece = text.get(e.start..e.end).ok_or_else(|| format!("{file}: the card index is out of date"))?;
        // The fast reader first; whatever it does not read, or reads into an error, goes
        // through the YAML library (which positions the error).
        if let Some(def) = quick::read(piece).and_then(|f| parse_fields(f, file).ok())
            && def.name.to_lowercase() == e.lower
        {
            return Ok(def);
        }
        let shifted = |d: Diagnostic| Diagnostic { span: d.span.map(|s| s.at(e.start, s.len)), ..d };
        let cards: Vec<RawCard> = crate::yaml::from_str(piece).map_err(|d| shifted(d).render(file, text))?;
        let [raw] = cards.as_slice() else {
            return Err(format!("{file}: the entry of `{}` is not one card", e.name));
        };
        let def = parse_card(raw, file, piece).map_err(|d| shifted(d).render(file, text))?;
        if def.name.to_lowercase() != e.lower {
            return Err(format!("{file}: the card index reads `{}` where the file says `{}`", e.name, def.name));
        }
        Ok(def)
    }
}

/// The cards one source added (a `--cards` file or a scenario's `cards:`), parsed.
#[derive(Debug)]
struct Layer {
    /// The id of `defs[0]`.
    first: usize,
    defs: Vec<CardDef>,
    /// Lowercase name to position in `defs`.
    names: HashMap<String, usize>,
    /// The distinct lengths of its lowercase names.
    lengths: std::collections::BTreeSet<usize>,
}

/// All known card definitions: an indexed base (the built-in cards, parsed on first use) and
/// the sources added after it, newest first when names are looked up. Cloning is cheap: the
/// base and every layer are shared.
#[derive(Clone, Default)]
pub struct Library {
    base: Option<Arc<Indexed>>,
    layers: Vec<Arc<Layer>>,
    /// Every redefinition so far, in order, for the trace.
    pub redefined: Vec<Redefinition>,
    /// The `editions:` key whose variants [`Library::get`] hands out (`m13`), if any.
    rules_key: Option<&'static str>,
}

impl std::fmt::Debug for Library {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Library")
            .field("base", &self.base.as_ref().map_or(0, |b| b.entries.len()))
            .field("layers", &self.layers)
            .field("redefined", &self.redefined)
            .finish()
    }
}

/// What a definition that failed to parse reads as; never handed out by [`Library::find`]
/// before [`Library::check`] reported the error.
static UNREADABLE: CardDef = CardDef {
    name: String::new(),
    cost: None,
    type_line: String::new(),
    kind: CardKind::Land,
    pt: None,
    text: String::new(),
    abilities: Vec::new(),
    modes: Vec::new(),
    edition_types: BTreeMap::new(),
    variants: BTreeMap::new(),
    color: None,
    subtypes: Vec::new(),
    set: None,
    origin: String::new(),
};

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
    #[serde(default)]
    color: Option<RawText>,
    #[serde(default)]
    subtypes: Vec<RawText>,
    #[serde(default)]
    set: Option<RawText>,
}

/// An edition override of a card: any of its type line, text, abilities and modes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEdition {
    #[serde(rename = "type")]
    type_line: Option<String>,
    #[serde(default)]
    text: Option<RawText>,
    #[serde(default)]
    abilities: Option<Vec<RawText>>,
    #[serde(default)]
    modes: Option<BTreeMap<String, RawText>>,
}

/// The editions a card's `editions:` map may name (Fifth Edition is the card's own text).
pub const EDITION_KEYS: [&str; 3] = ["4e", "alpha", "m13"];

/// An edition override as read, with positions.
#[derive(Clone, Debug, Default)]
pub(crate) struct EditionFields {
    /// The type line under that edition.
    pub(crate) type_line: Option<String>,
    /// The text under that edition.
    pub(crate) text: Option<String>,
    /// The abilities under that edition, replacing the card's.
    pub(crate) abilities: Option<Vec<Spanned<String>>>,
    /// The modes under that edition, replacing the card's.
    pub(crate) modes: Option<BTreeMap<String, Spanned<String>>>,
}

impl EditionFields {
    /// Whether the override changes more than the type line (then the card has a variant).
    fn rewords(&self) -> bool {
        self.text.is_some() || self.abilities.is_some() || self.modes.is_some()
    }
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
    /// The library as one edition's rules read it: [`Library::get`] hands out a card's variant
    /// for `key` (its `editions:` text, abilities and modes) where it has one.
    #[must_use]
    pub fn under(mut self, key: Option<&'static str>) -> Self {
        self.rules_key = key;
        self
    }

    /// The built-in library (indexed at build time; each card is parsed when first used).
    ///
    /// # Errors
    /// None today; kept fallible for callers that read card files.
    pub fn builtin() -> Result<Self, String> {
        let files = BUILTIN.iter().map(|(f, s)| ((*f).to_owned(), Cow::Borrowed(*s))).collect();
        let base = Indexed::new(
            files,
            Cow::Borrowed(BUILTIN_INDEX),
            Cow::Borrowed(BUILTIN_SORTED),
            Cow::Borrowed(BUILTIN_LENGTHS),
        );
        Ok(Self { base: Some(Arc::new(base)), layers: Vec::new(), redefined: Vec::new(), rules_key: None })
    }

    /// A library whose base is these card files, indexed now and parsed card by card on first
    /// use (as the built-in library is); a file the index cannot split is parsed whole.
    ///
    /// # Errors
    /// A file that does not parse, or a name defined twice, rendered.
    pub fn indexed(files: Vec<(String, String)>) -> Result<Self, String> {
        let mut entries = Vec::new();
        let mut whole = Vec::new();
        let mut kept = Vec::new();
        for (name, text) in files {
            match split::split_cards(&text) {
                Some(pieces) => {
                    let file = kept.len();
                    for p in pieces {
                        entries.push(IndexEntry {
                            file,
                            start: p.start,
                            end: p.end,
                            name: Cow::Owned(p.name.to_owned()),
                            lower: Cow::Owned(p.name.to_lowercase()),
                        });
                    }
                    kept.push((name, Cow::Owned(text)));
                }
                None => whole.push((name, text)),
            }
        }
        let mut sorted: Vec<usize> = (0..entries.len()).collect();
        sorted.sort_by(|&a, &b| entries[a].lower.cmp(&entries[b].lower));
        if let Some(w) = sorted.windows(2).find(|w| entries[w[0]].lower == entries[w[1]].lower) {
            return Err(format!("error: card `{}` is defined twice in the library\n", entries[w[0]].name));
        }
        let sorted = sorted.into_iter().map(u16::try_from).collect::<Result<Vec<u16>, _>>();
        let sorted = sorted.map_err(|_| "error: too many cards\n".to_owned())?;
        let mut lengths: Vec<usize> = entries.iter().map(|e| e.lower.len()).collect();
        lengths.sort_unstable_by(|a, b| b.cmp(a));
        lengths.dedup();
        let base = Indexed::new(kept, Cow::Owned(entries), Cow::Owned(sorted), Cow::Owned(lengths));
        let mut lib = Self { base: Some(Arc::new(base)), layers: Vec::new(), redefined: Vec::new(), rules_key: None };
        for (name, text) in whole {
            let cards = read_card_file(&text).map_err(|d| d.render(&name, &text))?;
            lib.add_source(&cards, &name, &text).map_err(|d| d.render(&name, &text))?;
        }
        Ok(lib)
    }

    fn base_len(&self) -> usize {
        self.base.as_ref().map_or(0, |b| b.entries.len())
    }

    /// Adds the cards of one source (file or scenario), returning the redefinitions.
    ///
    /// # Errors
    /// A card that does not parse, or a name defined twice in this source.
    pub fn add_source(&mut self, cards: &[RawCard], origin: &str, src: &str) -> Result<Vec<Redefinition>, Diagnostic> {
        let first = self.layers.last().map_or(self.base_len(), |l| l.first + l.defs.len());
        let mut layer =
            Layer { first, defs: Vec::new(), names: HashMap::new(), lengths: std::collections::BTreeSet::new() };
        let mut redefined = Vec::new();
        for raw in cards {
            let def = parse_card(raw, origin, src)?;
            let key = def.name.to_lowercase();
            if layer.names.contains_key(&key) {
                let name = locate(&raw.name, src);
                return Err(Diagnostic::new(
                    format!("card `{}` is defined twice in this source", def.name),
                    name.span,
                    "defined again here",
                ));
            }
            if u16::try_from(first + layer.defs.len()).is_err() {
                return Err(Diagnostic::whole_file("too many cards"));
            }
            if let Some(id) = self.find(&key) {
                let r = Redefinition {
                    name: self.name(id).to_owned(),
                    before: self.origin(id).to_owned(),
                    now: origin.to_owned(),
                };
                self.redefined.push(r.clone());
                redefined.push(r);
            }
            layer.lengths.insert(key.len());
            layer.names.insert(key, layer.defs.len());
            layer.defs.push(def);
        }
        self.layers.push(Arc::new(layer));
        Ok(redefined)
    }

    /// The definition with this id (parsed now if it was not yet), as the library's rules read
    /// it (see [`Library::under`]).
    #[must_use]
    pub fn get(&self, id: DefId) -> &CardDef {
        let def = self.printed(id);
        self.rules_key.and_then(|k| def.variants.get(k)).map_or(def, |v| v)
    }

    /// The definition with this id as its own text gives it, whatever the rules.
    #[must_use]
    pub fn printed(&self, id: DefId) -> &CardDef {
        let i = usize::from(id.0);
        if i < self.base_len() {
            return self.base.as_ref().and_then(|b| b.def(i).ok()).unwrap_or(&UNREADABLE);
        }
        self.layers.iter().rev().find(|l| l.first <= i).and_then(|l| l.defs.get(i - l.first)).unwrap_or(&UNREADABLE)
    }

    /// Parses the definition with this id if it was not yet.
    ///
    /// # Errors
    /// The definition does not parse (a bug in the shipped card files; a test guards it), rendered.
    pub fn check(&self, id: DefId) -> Result<(), String> {
        let i = usize::from(id.0);
        match &self.base {
            Some(b) if i < b.entries.len() => b.def(i).map(|_| ()).map_err(ToOwned::to_owned),
            _ => Ok(()),
        }
    }

    /// Looks a card up by name, case-insensitively (without parsing it).
    #[must_use]
    pub fn find(&self, name: &str) -> Option<DefId> {
        let lower = name.to_lowercase();
        self.find_lower(&lower)
    }

    fn find_lower(&self, lower: &str) -> Option<DefId> {
        let id = |i: usize| u16::try_from(i).ok().map(DefId);
        for l in self.layers.iter().rev() {
            if let Some(&k) = l.names.get(lower) {
                return id(l.first + k);
            }
        }
        self.base.as_ref().and_then(|b| b.position(lower)).and_then(id)
    }

    /// The name of a card, as its definition spells it (without parsing it).
    #[must_use]
    pub fn name(&self, id: DefId) -> &str {
        let i = usize::from(id.0);
        match &self.base {
            Some(b) if i < b.entries.len() => &b.entries[i].name,
            _ => &self.get(id).name,
        }
    }

    /// Where a card's definition comes from (without parsing it).
    fn origin(&self, id: DefId) -> &str {
        let i = usize::from(id.0);
        match &self.base {
            Some(b) if i < b.entries.len() => &b.files[b.entries[i].file].0,
            _ => &self.get(id).origin,
        }
    }

    /// The length in bytes of the longest lowercase name: no name is longer.
    #[must_use]
    pub fn max_name_len(&self) -> usize {
        self.name_lengths().first().copied().unwrap_or(0)
    }

    /// The distinct lengths in bytes of the lowercase names, longest first: the only lengths
    /// a name lookup needs to try.
    #[must_use]
    pub fn name_lengths(&self) -> Vec<usize> {
        let mut all: Vec<usize> = self.base.as_ref().map(|b| b.lengths.to_vec()).unwrap_or_default();
        for l in &self.layers {
            all.extend(l.lengths.iter().copied());
        }
        all.sort_unstable_by(|a, b| b.cmp(a));
        all.dedup();
        all
    }

    /// The closest known name, for did-you-mean.
    #[must_use]
    pub fn suggest(&self, name: &str) -> Option<&str> {
        did_you_mean(name, self.names())
    }

    /// Every name once (its newest definition), in library order: the base's order, a
    /// redefinition in the place of what it redefines, then new names in the order added.
    #[must_use]
    pub fn ids(&self) -> Vec<DefId> {
        let mut out = Vec::new();
        if let Some(b) = &self.base {
            for (i, e) in b.entries.iter().enumerate() {
                out.extend(self.find_lower(&e.lower).or_else(|| u16::try_from(i).ok().map(DefId)));
            }
        }
        for (n, l) in self.layers.iter().enumerate() {
            for d in &l.defs {
                let lower = d.name.to_lowercase();
                let earlier = self.layers[..n].iter().any(|e| e.names.contains_key(&lower))
                    || self.base.as_ref().is_some_and(|b| b.position(&lower).is_some());
                if !earlier {
                    out.extend(self.find_lower(&lower));
                }
            }
        }
        out
    }

    /// Every name, in library order (see [`Library::ids`]).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.ids().into_iter().map(|id| self.name(id))
    }

    /// Every definition, in library order (parsing each one that was not yet).
    pub fn iter(&self) -> impl Iterator<Item = (DefId, &CardDef)> {
        self.ids().into_iter().map(|id| (id, self.get(id)))
    }

    /// Parses every definition not parsed yet.
    ///
    /// # Errors
    /// The first that does not parse, rendered.
    pub fn check_all(&self) -> Result<(), String> {
        self.ids().into_iter().try_for_each(|id| self.check(id))
    }
}

/// A card entry's values with their positions, however it was read.
pub(crate) struct Fields {
    pub(crate) name: Spanned<String>,
    pub(crate) type_line: Spanned<String>,
    pub(crate) cost: Option<Spanned<String>>,
    pub(crate) pt: Option<Spanned<String>>,
    pub(crate) text: Option<String>,
    pub(crate) abilities: Vec<Spanned<String>>,
    /// Named modes, sorted by name.
    pub(crate) modes: BTreeMap<String, Spanned<String>>,
    /// Edition overrides, sorted by edition.
    pub(crate) editions: BTreeMap<String, EditionFields>,
    /// The stated colour.
    pub(crate) color: Option<Spanned<String>>,
    /// Types beyond the type line's.
    pub(crate) subtypes: Vec<Spanned<String>>,
    /// The expansion symbol.
    pub(crate) set: Option<Spanned<String>>,
}

impl Fields {
    fn from_raw(raw: &RawCard, src: &str) -> Self {
        Self {
            name: locate(&raw.name, src),
            type_line: locate(&raw.type_line, src),
            cost: raw.cost.as_ref().map(|c| locate(c, src)),
            pt: raw.pt.as_ref().map(|p| locate(p, src)),
            text: raw.text.as_ref().map(|t| t.value.0.clone()),
            abilities: raw.abilities.iter().map(|a| locate(a, src)).collect(),
            modes: raw.modes.iter().map(|(m, a)| (m.clone(), locate(a, src))).collect(),
            editions: raw
                .editions
                .iter()
                .map(|(e, o)| {
                    let f = EditionFields {
                        type_line: o.type_line.clone(),
                        text: o.text.as_ref().map(|t| t.value.0.clone()),
                        abilities: o.abilities.as_ref().map(|v| v.iter().map(|a| locate(a, src)).collect()),
                        modes: o.modes.as_ref().map(|m| m.iter().map(|(k, a)| (k.clone(), locate(a, src))).collect()),
                    };
                    (e.clone(), f)
                })
                .collect(),
            color: raw.color.as_ref().map(|c| locate(c, src)),
            subtypes: raw.subtypes.iter().map(|t| locate(t, src)).collect(),
            set: raw.set.as_ref().map(|t| locate(t, src)),
        }
    }
}

fn parse_card(raw: &RawCard, origin: &str, src: &str) -> Result<CardDef, Diagnostic> {
    parse_fields(Fields::from_raw(raw, src), origin)
}

fn parse_fields(f: Fields, origin: &str) -> Result<CardDef, Diagnostic> {
    let Fields {
        name,
        type_line: type_text,
        cost,
        pt,
        text,
        abilities: raw_abilities,
        modes: raw_modes,
        editions,
        color,
        subtypes: raw_subtypes,
        set,
    } = f;
    if let Some(e) = editions.keys().find(|e| !EDITION_KEYS.contains(&e.as_str())) {
        return Err(Diagnostic::new(
            format!("unknown edition `{e}` under `editions:` of `{}`", name.node),
            name.span,
            "an `editions:` key is 4e, alpha or m13 (the card's own text is Fifth Edition's)",
        ));
    }
    // A variant: the card as that edition reads it, each field given replacing the card's.
    let mut variants = BTreeMap::new();
    for (e, o) in &editions {
        if !o.rewords() {
            continue;
        }
        let v = Fields {
            name: name.clone(),
            type_line: o
                .type_line
                .as_ref()
                .map_or_else(|| type_text.clone(), |t| Spanned::new(t.clone(), type_text.span)),
            cost: cost.clone(),
            pt: pt.clone(),
            text: o.text.clone().or_else(|| text.clone()),
            abilities: o.abilities.clone().unwrap_or_else(|| raw_abilities.clone()),
            modes: o.modes.clone().unwrap_or_else(|| raw_modes.clone()),
            editions: BTreeMap::new(),
            color: color.clone(),
            subtypes: raw_subtypes.clone(),
            set: set.clone(),
        };
        variants.insert(e.clone(), Box::new(parse_fields(v, origin)?));
    }
    let kind = CardKind::from_type_line(&type_text.node).ok_or_else(|| {
        Diagnostic::new(
            format!("unknown card type `{}`", type_text.node),
            type_text.span,
            "expected Land, Summon KIND, Artifact, Artifact Creature, Enchantment, Enchant KIND, Instant, Interrupt, Sorcery or Mana Source, or a modern type line (Creature — KIND, Enchantment — Aura)",
        )
    })?;
    let cost = match cost {
        Some(c) => Some(parse_mana_cost(&c.node).map_err(|e| e.diagnostic(&c, "mana cost"))?),
        None if kind == CardKind::Land => None,
        None => Some(ManaCost::default()),
    };
    let pt = match pt {
        Some(p) => Some(
            parse_pt(&p.node)
                .ok_or_else(|| Diagnostic::new("cannot read power/toughness", p.span, "expected P/T, like 2/2"))?,
        ),
        None => None,
    };
    if kind.is_creature() && pt.is_none() {
        return Err(Diagnostic::new(format!("creature `{}` has no `pt:`", name.node), name.span, "add `pt: P/T`"));
    }
    let mut abilities = Vec::new();
    let old_type = type_text.node.to_lowercase();
    for a in &raw_abilities {
        let mut ab = parse_ability(&a.node).map_err(|e| e.diagnostic(a, "ability"))?;
        if let Ability::Activated(c, _) = &mut ab {
            // Errata (002 L1290-1293, L1354-1362): a "Mono Artifact" taps as part of each
            // activation cost; a "Continuous Artifact" has no activated ability.
            match old_type.as_str() {
                "mono artifact" => c.tap = true,
                "continuous artifact" => {
                    return Err(Diagnostic::new(
                        "a Continuous Artifact has no activated abilities (002 L1360-1361)",
                        a.span,
                        "remove this ability, or give the card the type Artifact",
                    ));
                }
                _ => {}
            }
        }
        abilities.push(ab);
    }
    let mut modes = Vec::new();
    for (m, a) in &raw_modes {
        let ab = parse_ability(&a.node).map_err(|e| e.diagnostic(a, "mode"))?;
        if !matches!(ab, Ability::Spell(_)) {
            return Err(Diagnostic::new("a mode must be `spell: EFFECT`", a.span, "not a spell effect"));
        }
        modes.push((m.to_lowercase(), ab));
    }
    let edition_types = editions.into_iter().filter_map(|(e, o)| o.type_line.map(|t| (e, t))).collect();
    let color = match color {
        Some(c) => Some(parse_colors(&c.node).ok_or_else(|| {
            Diagnostic::new(
                format!("cannot read the colour `{}`", c.node),
                c.span,
                "expected colour words: white, blue, black, red, green (joined by `and` or commas), or colorless",
            )
        })?),
        None => None,
    };
    let subtypes = card_subtypes(kind, &name.node, &type_text.node, raw_subtypes.iter().map(|t| t.node.as_str()));
    Ok(CardDef {
        name: name.node,
        cost,
        type_line: type_text.node,
        kind,
        pt,
        text: text.unwrap_or_default(),
        abilities,
        modes,
        edition_types,
        variants,
        color,
        subtypes,
        set: set.map(|s| s.node.trim().to_owned()).filter(|s| !s.is_empty()),
        origin: origin.to_owned(),
    })
}

/// Reads a `color:` field: colour words joined by `and` or commas, or `colorless`.
fn parse_colors(s: &str) -> Option<Vec<Color>> {
    let mut out = Vec::new();
    for w in s.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty() && *w != "and") {
        match w.to_lowercase().as_str() {
            "colorless" | "colourless" if out.is_empty() => {}
            other => out.push(Color::ALL.into_iter().find(|c| c.name() == other)?),
        }
    }
    out.sort_by_key(|c| c.index());
    out.dedup();
    Some(out)
}

/// The creature or land types of a card: a creature's are the words after "Summon" (002
/// L1942-1945; a Legend's type line gives type Legend), a basic land's is its name (a
/// Snow-Covered one's too), and the `subtypes:` field adds more ("counts as a Wall", 002 L1969-1971).
fn card_subtypes<'a>(kind: CardKind, name: &str, type_line: &str, extra: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut out = Vec::new();
    let lower = type_line.to_lowercase();
    if let Some(t) = lower.strip_prefix("summon ") {
        out.push(type_key(t.trim()));
    }
    if kind == CardKind::Land {
        let n = name.to_lowercase();
        let n = n.strip_prefix("snow-covered ").unwrap_or(&n);
        if BASIC_LAND_TYPES.contains(&n) {
            out.push(n.to_owned());
        }
    }
    for t in extra {
        let k = type_key(t);
        if !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// The five basic land types (002 Basic Lands), as [`type_key`] keeps them.
pub const BASIC_LAND_TYPES: [&str; 5] = ["plains", "island", "swamp", "mountain", "forest"];

/// A creature or land type as compared: lowercase and singular, and one gender, since plural and
/// singular are the same type (002 L1945-1947: Goblin and Goblins) and so are the gendered forms
/// (002 L1948-1950: Actor and Actress, Sorcerer and Sorceress, Brother and Sister); anything
/// else must match exactly (002 L1951-1953: Spirit is not Blinking Spirit).
#[must_use]
pub fn type_key(t: &str) -> String {
    let l = t.trim().to_lowercase();
    let l = l.split_whitespace().collect::<Vec<_>>().join(" ");
    // The last word carries the number and the gender ("Goblin Scouts").
    let (head, last) = match l.rsplit_once(' ') {
        Some((h, w)) => (format!("{h} "), w.to_owned()),
        None => (String::new(), l.clone()),
    };
    let irregular: &[(&str, &str)] = &[
        ("elves", "elf"),
        ("dwarves", "dwarf"),
        ("wolves", "wolf"),
        ("actress", "actor"),
        ("actresses", "actor"),
        ("sorceress", "sorcerer"),
        ("sorceresses", "sorcerer"),
        ("sister", "brother"),
        ("sisters", "brother"),
        ("men", "man"),
        ("plains", "plains"),
        ("djinn", "djinn"),
        ("efreet", "efreet"),
    ];
    let singular = if let Some((_, s)) = irregular.iter().find(|(p, _)| *p == last) {
        (*s).to_owned()
    } else if let Some(stem) = last.strip_suffix("ies").filter(|s| s.len() > 2) {
        // Faeries and Faerie, Harpies and Harpy: all kept as `...ie`.
        format!("{stem}ie")
    } else if last.ends_with("ss") || last.ends_with("us") {
        last.clone()
    } else if let Some(stem) = last.strip_suffix('s').filter(|s| s.len() > 2) {
        stem.to_owned()
    } else if let Some(stem) = last.strip_suffix('y').filter(|s| s.len() > 2 && !s.ends_with(['a', 'e', 'o', 'u'])) {
        format!("{stem}ie")
    } else {
        last.clone()
    };
    format!("{head}{singular}")
}

/// A type as shown in an ability's words, singular and capitalised (`Plains`, `Island`).
#[must_use]
pub fn singular_type(key: &str) -> String {
    key.split(' ')
        .map(|w| {
            let mut cs = w.chars();
            cs.next().map(|f| f.to_uppercase().chain(cs).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A type as shown in an ability's words: capitalised and plural (`Goblins`).
#[must_use]
pub fn plural_type(key: &str) -> String {
    let mut out = String::new();
    for (n, w) in key.split(' ').enumerate() {
        if n > 0 {
            out.push(' ');
        }
        let mut cs = w.chars();
        if let Some(f) = cs.next() {
            out.extend(f.to_uppercase());
            out.push_str(cs.as_str());
        }
    }
    if !out.ends_with('s') {
        out.push('s');
    }
    out
}

fn parse_pt(s: &str) -> Option<(i32, i32)> {
    // `*/*`: defined by the card's own text (Plague Rats, Maro); 0/0 before that text applies.
    if s.trim() == "*/*" {
        return Some((0, 0));
    }
    let (p, t) = s.split_once('/')?;
    Some((p.trim().parse().ok()?, t.trim().parse().ok()?))
}

/// Whether the fast reader and the YAML library read one entry (`- ...`) alike: when both read
/// it into a definition, the definitions are the same. For tests and fuzzing.
///
/// # Errors
/// The two readings, when they differ.
#[doc(hidden)]
pub fn fast_reader_agrees(entry: &str) -> Result<(), String> {
    let Some(fast) = quick::read(entry).and_then(|f| parse_fields(f, "x").ok()) else { return Ok(()) };
    let Ok(cards) = crate::yaml::from_str::<Vec<RawCard>>(entry) else {
        return Err(format!("the fast reader reads what YAML refuses: {entry:?}"));
    };
    let slow = match cards.as_slice() {
        [raw] => parse_card(raw, "x", entry).map_err(|d| format!("YAML reading fails ({}): {entry:?}", d.message))?,
        _ => return Err(format!("not one card for YAML: {entry:?}")),
    };
    let json = |d: &CardDef| serde_json::to_string(d).unwrap_or_default();
    if json(&fast) == json(&slow) { Ok(()) } else { Err(format!("{}\n{}\n{entry:?}", json(&fast), json(&slow))) }
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

    /// An `editions:` key must name an edition; an `m13` entry's abilities make a variant that
    /// the library hands out under those rules only.
    #[test]
    fn edition_variants_and_keys() {
        let src = "- name: Zap\n  cost: R\n  type: Instant\n  abilities: [\"spell: deal 1 damage to target creature or player\"]\n  editions:\n    m13:\n      text: Two.\n      abilities: [\"spell: deal 2 damage to target creature or player\"]\n";
        let cards = read_card_file(src).unwrap_or_else(|d| panic!("{}", d.message));
        let mut lib = Library::default();
        lib.add_source(&cards, "x", src).unwrap_or_else(|d| panic!("{}", d.message));
        let id = lib.find("zap").unwrap_or(DefId(0));
        assert_eq!(lib.get(id).abilities[0].to_string(), "spell: deal 1 damage to target creature or player");
        let m13 = lib.clone().under(Some("m13"));
        assert_eq!(m13.get(id).abilities[0].to_string(), "spell: deal 2 damage to target creature or player");
        assert_eq!(m13.get(id).text, "Two.");
        assert_eq!(lib.clone().under(Some("4e")).get(id).text, "");
        let bad = src.replace("m13:", "m14:");
        let cards = read_card_file(&bad).unwrap_or_else(|d| panic!("{}", d.message));
        let err = Library::default().add_source(&cards, "x", &bad).err().map(|d| d.message).unwrap_or_default();
        assert!(err.contains("unknown edition `m14`"), "{err}");
    }

    /// The old artifact type lines (002 L1354-1362): Mono taps as part of each activation, Poly
    /// does not, Continuous has no activated ability.
    #[test]
    fn old_artifact_type_lines() {
        let card = |ty: &str| {
            format!(
                "- name: Rod\n  cost: 2\n  type: {ty}\n  abilities: [\"1: deal 1 damage to target creature or player\"]\n"
            )
        };
        let tap_of = |ty: &str| {
            let src = card(ty);
            let cards = read_card_file(&src).unwrap_or_else(|d| panic!("{}", d.message));
            let mut lib = Library::default();
            lib.add_source(&cards, "x", &src).map(|_| {
                let def = lib.get(lib.find("rod").unwrap_or(DefId(0)));
                assert_eq!(def.kind, CardKind::Artifact);
                matches!(&def.abilities[0], Ability::Activated(c, _) if c.tap)
            })
        };
        assert_eq!(tap_of("Mono Artifact").ok(), Some(true));
        assert_eq!(tap_of("Poly Artifact").ok(), Some(false));
        let err = tap_of("Continuous Artifact").err().map(|d| d.message).unwrap_or_default();
        assert!(err.contains("Continuous Artifact has no activated abilities"), "{err}");
    }

    /// A built-in card's `set:` names an expansion of the card table, and the only one that
    /// printed the card in the era (so every copy bears its symbol).
    #[test]
    fn builtin_sets_are_the_only_printing() {
        let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
        let table = crate::deck::table::Table::get().unwrap_or_else(|e| panic!("{e}"));
        let mut seen = 0;
        for (_, def) in lib.iter() {
            let Some(set) = &def.set else { continue };
            seen += 1;
            let card = table.find(&def.name).map(|i| &table.cards[i]);
            let sets: Vec<&str> =
                card.map(|c| c.sets.iter().map(|&i| table.sets[i].name.as_str()).collect()).unwrap_or_default();
            assert_eq!(sets, vec![set.as_str()], "{}: `set: {set}`, printed in {sets:?}", def.name);
        }
        assert!(seen >= 2);
    }

    #[test]
    fn every_builtin_card_parses() {
        let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
        lib.check_all().unwrap_or_else(|e| panic!("{e}"));
        assert!(lib.iter().count() >= 40);
        let bolt = lib.get(lib.find("lightning bolt").unwrap_or(DefId(0)));
        assert_eq!(bolt.name, "Lightning Bolt");
        assert_eq!(bolt.kind, CardKind::Instant);
    }

    /// The build-time index finds exactly the cards a full parse of each file finds, in order,
    /// and covers every file of `BUILTIN`.
    #[test]
    fn the_index_agrees_with_a_full_parse() {
        let mut names = Vec::new();
        for (file, src) in BUILTIN {
            let cards = read_card_file(src).unwrap_or_else(|d| panic!("{}", d.render(file, src)));
            let mut lib = Library::default();
            lib.add_source(&cards, file, src).unwrap_or_else(|d| panic!("{}", d.render(file, src)));
            names.extend(lib.iter().map(|(_, d)| d.name.clone()));
        }
        let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
        let indexed: Vec<String> = lib.names().map(str::to_owned).collect();
        assert_eq!(indexed, names);
        let files: Vec<&str> = BUILTIN_INDEX.iter().map(|e| BUILTIN[e.file].0).collect();
        for (f, _) in BUILTIN {
            assert!(files.contains(f), "{f} is not indexed: add it to FILES in build.rs");
        }
    }

    /// The fast reader reads every built-in card, to the same definition as the YAML library.
    #[test]
    fn the_fast_reader_agrees_with_the_yaml_library() {
        for (i, e) in BUILTIN_INDEX.iter().enumerate() {
            let (file, src) = BUILTIN[e.file];
            let piece = &src[e.start..e.end];
            let fast = quick::read(piece).unwrap_or_else(|| panic!("{file}: the fast reader skips `{}`", e.name));
            let fast = parse_fields(fast, file).unwrap_or_else(|d| panic!("{}: {}", e.name, d.message));
            let cards: Vec<RawCard> = crate::yaml::from_str(piece).unwrap_or_else(|d| panic!("{}", d.message));
            let slow = parse_card(&cards[0], file, piece).unwrap_or_else(|d| panic!("{}", d.message));
            let json = |d: &CardDef| serde_json::to_string(d).unwrap_or_default();
            assert_eq!(json(&fast), json(&slow), "card {i}, {}", e.name);
        }
        // Shapes left to the YAML library.
        for odd in [
            "- {name: \"A\\\"B\", type: Land}\n",
            "- {name: Circle of Protection: Red, type: Enchantment}\n",
            "- name: X\n  type: Land\n  text: |\n    two\n",
            "- name: X\n  type: Land\n  cost: 1.5\n",
            "- name: X\n  type: Land\n  text: yes\n",
            "- name: X\n  type: Land\n  text: a # comment\n",
            "- name: X\n  type: Land\n  unknown: 1\n",
            "- name: X\n  name: Y\n  type: Land\n",
            "- name: X\n  type: Land\n  abilities:\n",
        ] {
            assert!(quick::read(odd).is_none(), "{odd}");
        }
    }

    /// Damaged built-in entries (a character deleted, doubled, or a YAML-significant one
    /// inserted, at a sample of positions) read alike through the fast reader and the YAML
    /// library, whenever the fast reader reads them. (Every position with more insertions, and
    /// three million random two-point mutations, were run once in a release build.)
    #[test]
    fn the_fast_reader_agrees_on_damaged_entries() {
        for e in BUILTIN_INDEX {
            let piece = &BUILTIN[e.file].1[e.start..e.end];
            for (i, ch) in piece.char_indices().step_by(9) {
                let cut = format!("{}{}", &piece[..i], &piece[i + ch.len_utf8()..]);
                fast_reader_agrees(&cut).unwrap_or_else(|m| panic!("{m}"));
                let doubled = format!("{}{ch}{}", &piece[..i], &piece[i..]);
                fast_reader_agrees(&doubled).unwrap_or_else(|m| panic!("{m}"));
                for ins in [":", "#", "\"", ",", "\n  ", "{", "\t", "1", "yes"] {
                    let put = format!("{}{ins}{}", &piece[..i], &piece[i..]);
                    fast_reader_agrees(&put).unwrap_or_else(|m| panic!("{m}"));
                }
            }
        }
    }

    /// A card file indexed at run time reads as the same file parsed whole, redefinitions too.
    #[test]
    fn an_indexed_library_parses_cards_on_first_use() {
        let src = "# cards\n- {name: Foo Bar, cost: R, type: Instant, abilities: [\"spell: deal 1 damage to target creature or player\"]}\n- name: 'Baz'\n  type: Land\n";
        let mut lib = Library::indexed(vec![("a.yaml".to_owned(), src.to_owned())]).unwrap_or_else(|e| panic!("{e}"));
        let id = lib.find("foo bar").unwrap_or(DefId(9));
        assert_eq!(lib.name(id), "Foo Bar");
        assert_eq!(lib.get(id).kind, CardKind::Instant);
        assert_eq!(lib.get(lib.find("BAZ").unwrap_or(DefId(9))).kind, CardKind::Land);
        assert_eq!(lib.max_name_len(), 7);
        let more = "- {name: Baz, type: Summon Baz, pt: 1/1}\n";
        let cards = read_card_file(more).unwrap_or_default();
        let r = lib.add_source(&cards, "b.yaml", more).unwrap_or_default();
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].before.as_str(), r[0].now.as_str()), ("a.yaml", "b.yaml"));
        assert_eq!(lib.get(lib.find("baz").unwrap_or(DefId(9))).kind, CardKind::Creature);
        assert_eq!(lib.names().collect::<Vec<_>>(), ["Foo Bar", "Baz"]);
        let broken = "- {name: Qux, cost: R, type: Instant, abilities: [\"spell: frobnicate\"]}\n";
        let lib = Library::indexed(vec![("c.yaml".to_owned(), broken.to_owned())]).unwrap_or_else(|e| panic!("{e}"));
        let e = lib.check(lib.find("qux").unwrap_or(DefId(9))).err().unwrap_or_default();
        assert!(e.contains("c.yaml:1:"), "{e}");
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
