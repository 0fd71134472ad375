//! Characteristics: what a permanent is now, computed from its printed card and the continuous
//! effects on it, never read from the card where a characteristic is meant.
//!
//! The rules (002, General Rulings Summary 07/15/97):
//! - effects apply in the order they entered play, so where two conflict the newest wins; this
//!   holds for enchantments, instants and abilities alike, and a one-shot effect enters play when
//!   it resolves (002 L2973-2999: Earthbind then Flight flies; a Jump makes an Earthbound
//!   creature fly);
//! - a permanent's own printed abilities are the oldest effects on it (002 L3000-3004: "all
//!   creatures lose flying" beats printed flying whenever the flier arrived);
//! - an effect that sets power and toughness rewrites the base numbers and every other effect
//!   stays, reapplied in order on the new base (002 L1927-1937: Hill Giant with Giant Growth and
//!   Holy Strength set to 0/2 by Sorceress Queen is 4/7);
//! - an effect that reaches "creatures of a type" or "red creatures" sees the permanent as the
//!   earlier effects left it (002 L2987-2994: the second Conversion finds no Mountains while the
//!   first has turned them into Plains), so whom a static effect reaches is decided as it is
//!   applied, in its turn.
//!
//! Timestamps: a static ability's is the moment its permanent entered play (the card's zone
//! order number, `seq`); an until-end-of-turn effect's is the moment it resolved (a fresh
//! number from the same counter).

use super::state::{CardId, Game, UntilEot, Zone};
use crate::cards::{CardDef, CardKind, Library};
use crate::grammar::ability::{Ability, Affects, Change, Keyword};
use crate::grammar::mana::Color;
use std::borrow::Cow;

/// The static abilities in play that change characteristics, by timestamp: what every
/// computation of characteristics walks. Kept between moves in [`Game::statics_cache`].
#[derive(Clone, Debug, Default)]
pub struct Statics {
    /// (timestamp, source, index in the source's abilities), oldest first.
    pub list: Vec<(u32, CardId, u16)>,
    /// Some of them change a land's type (and so its abilities).
    pub land_types: bool,
    /// Some of them make permanents creatures.
    pub animates: bool,
    /// Some of them give or take keywords.
    pub keywords: bool,
    /// Some of them change the mana symbols, so the base colour, of cards (Celestial Dawn).
    pub base_colors: bool,
}

/// What the continuous effects that may reach a card can change, found cheaply (the effects
/// on it and the kinds of static abilities in play), so that a question about one
/// characteristic computes the whole only when an effect may touch it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Touched {
    /// Its abilities (a land type or text change).
    pub abilities: bool,
    /// Its being a creature.
    pub creature: bool,
    /// Its keywords.
    pub keywords: bool,
    /// Its colour.
    pub colors: bool,
}

/// Whether a static ability in play may make permanents creatures (or a text change may).
#[must_use]
pub fn touched_statics_animate(lib: &Library, game: &Game) -> bool {
    statics(lib, game).animates || game.effects().iter().any(|e| matches!(e.change, Change::Text(..)))
}

/// What may be changed on card `c` now (see [`Touched`]).
#[must_use]
pub fn touched(lib: &Library, game: &Game, c: CardId) -> Touched {
    // A change of mana symbols reaches cards in every zone (Celestial Dawn: cards you own).
    let colors = statics(lib, game).base_colors && lib.get(game.card(c).def).kind != CardKind::Land;
    let mut t = Touched { colors, ..Touched::default() };
    if game.card(c).zone != Zone::Play && game.card(c).zone != Zone::Limbo {
        return t;
    }
    for e in game.effects().iter().filter(|e| e.card == c) {
        match e.change {
            Change::Text(..) => {
                t.abilities = true;
                t.keywords = true;
                // A colour stated by the text (the Kobolds) is rewritten with it.
                t.colors |= lib.get(game.card(c).def).color.is_some();
            }
            Change::Animate { .. } => t.creature = true,
            Change::Grant(_) | Change::Lose(_) => t.keywords = true,
            Change::SetColor(_) | Change::MarkColor(_) | Change::ManaSymbols(_) => t.colors = true,
            Change::LandType(_) | Change::ChosenLandType => t.abilities = true,
            Change::Pump(..) | Change::SetPt(..) | Change::SwitchPt | Change::PtEqual(_) => {}
        }
    }
    // A text change on a static ability's source may turn it into anything: be safe.
    if game.effects().iter().any(|e| matches!(e.change, Change::Text(..))) {
        return Touched { abilities: true, creature: true, keywords: true, colors: t.colors };
    }
    if game.card(c).zone == Zone::Play {
        let st = statics(lib, game);
        t.abilities |= st.land_types && lib.get(game.card(c).def).kind == CardKind::Land;
        t.creature |= st.animates;
        t.keywords |= st.keywords;
    }
    t
}

/// Builds or reads the list of static abilities in play.
fn statics(lib: &Library, game: &Game) -> std::sync::Arc<Statics> {
    if let Some(s) = game.statics_cache.borrow().as_ref() {
        return s.clone();
    }
    let mut list = Vec::new();
    // A plain scan: no list of the cards in play is built for it.
    for (k, card) in game.cards().iter().enumerate() {
        if card.zone != Zone::Play {
            continue;
        }
        let Ok(c) = u16::try_from(k).map(CardId) else { continue };
        for (i, a) in lib.get(card.def).abilities.iter().enumerate() {
            if matches!(a, Ability::Continuous(..)) {
                list.push((card.seq, c, u16::try_from(i).unwrap_or(u16::MAX)));
            }
        }
    }
    if list.is_empty() {
        // The usual case: one shared empty list, nothing allocated.
        static EMPTY: std::sync::OnceLock<std::sync::Arc<Statics>> = std::sync::OnceLock::new();
        let s = EMPTY.get_or_init(|| std::sync::Arc::new(Statics::default())).clone();
        *game.statics_cache.borrow_mut() = Some(s.clone());
        return s;
    }
    list.sort_by_key(|&(t, _, _)| t);
    let (mut land_types, mut animates, mut keywords, mut base_colors) = (false, false, false, false);
    for &(_, src, i) in &list {
        if let Some(Ability::Continuous(_, chg)) = lib.get(game.card(src).def).abilities.get(usize::from(i)) {
            match chg {
                Change::LandType(_) | Change::ChosenLandType => land_types = true,
                Change::Animate { .. } => animates = true,
                Change::Grant(_) | Change::Lose(_) => keywords = true,
                Change::ManaSymbols(_) => base_colors = true,
                _ => {}
            }
        }
    }
    let s = std::sync::Arc::new(Statics { list, land_types, animates, keywords, base_colors });
    *game.statics_cache.borrow_mut() = Some(s.clone());
    s
}

/// A permanent's (or a card's) characteristics now.
#[derive(Clone, Debug)]
pub struct Chars<'a> {
    /// The card type as printed.
    pub kind: CardKind,
    /// An effect made it a creature as well (an animated land or artifact).
    pub animated: bool,
    /// An effect made it an artifact as well (Mishra's Factory as an Assembly Worker).
    pub made_artifact: bool,
    /// Its colours, as a set of [`Color::index`] bits.
    pub colors: u8,
    /// Power and toughness (0/0 for a non-creature).
    pub pt: (i32, i32),
    /// Creature and land types (as [`crate::cards::type_key`] keeps them).
    pub subtypes: Cow<'a, [String]>,
    /// The printed card.
    pub def: &'a CardDef,
    /// Its abilities now: the printed ones, with the words text changes replaced.
    pub abilities: Cow<'a, [Ability]>,
    /// The text changes on it, (old word, new word), oldest first.
    pub text: Vec<(String, String)>,
    /// Keywords given (true) or taken away (false) by effects, in timestamp order: the last
    /// word on a keyword decides.
    pub keywords: Vec<(Keyword, bool)>,
}

impl Chars<'_> {
    /// Whether it is a creature.
    #[must_use]
    pub const fn is_creature(&self) -> bool {
        self.kind.is_creature() || self.animated
    }

    /// Whether it is an artifact.
    #[must_use]
    pub const fn is_artifact(&self) -> bool {
        self.kind.is_artifact() || self.made_artifact
    }

    /// Whether it is a land.
    #[must_use]
    pub fn is_land(&self) -> bool {
        self.kind == CardKind::Land
    }

    /// Whether it fits a target kind now (an animated land is a creature and a land).
    #[must_use]
    pub fn fits(&self, tk: crate::grammar::ability::TargetKind) -> bool {
        use crate::grammar::ability::TargetKind as T;
        match tk {
            T::Creature => self.is_creature(),
            T::Artifact => self.is_artifact(),
            _ => self.kind.fits(tk),
        }
    }

    /// Whether it has the keyword now: the printed one unless a later effect took it away, or
    /// one an effect gave.
    #[must_use]
    pub fn has_keyword(&self, k: &Keyword) -> bool {
        self.keywords
            .iter()
            .rev()
            .find(|(x, _)| x == k)
            .map_or_else(|| self.abilities.iter().any(|a| matches!(a, Ability::Keyword(x) if x == k)), |(_, on)| *on)
    }

    /// Every keyword it has now: the printed ones not taken away, then those given.
    #[must_use]
    pub fn keyword_list(&self) -> Vec<Keyword> {
        let mut out: Vec<Keyword> = Vec::new();
        let printed = self.abilities.iter().filter_map(|a| match a {
            Ability::Keyword(k) => Some(k),
            _ => None,
        });
        for k in printed.chain(self.keywords.iter().map(|(k, _)| k)) {
            if !out.contains(k) && self.has_keyword(k) {
                out.push(k.clone());
            }
        }
        out
    }

    /// Its colours, in WUBRG order.
    #[must_use]
    pub fn color_list(&self) -> Vec<Color> {
        Color::ALL.into_iter().filter(|c| self.colors & bit(*c) != 0).collect()
    }

    /// Whether it has a creature or land type (a [`crate::cards::type_key`]).
    #[must_use]
    pub fn has_subtype(&self, key: &str) -> bool {
        self.subtypes.iter().any(|t| t == key)
    }
}

fn bit(c: Color) -> u8 {
    1 << c.index()
}

fn color_bits(cs: &[Color]) -> u8 {
    cs.iter().fold(0, |acc, c| acc | bit(*c))
}

/// Whether a tapped non-creature artifact's continuous abilities are off now: a tapped
/// artifact that is not a creature, printed or made one by an effect on it (an until-end-of-turn
/// or until-end-of-combat animation, Animate Artifact), which is enough without computing the
/// source's own characteristics inside another card's (002 L1015-1018).
fn switched_off(lib: &Library, game: &Game, src: CardId) -> bool {
    let card = game.card(src);
    if !card.tapped || lib.get(card.def).kind != CardKind::Artifact {
        return false;
    }
    let timed = game.effects().iter().any(|e| e.card == src && matches!(e.change, Change::Animate { .. }));
    let enchanted = game.zone(Zone::Play, None).into_iter().any(|e| {
        game.card(e).enchanting == Some(src)
            && lib
                .get(game.card(e).def)
                .abilities
                .iter()
                .any(|a| matches!(a, Ability::Continuous(Affects::EnchantedArtifact, Change::Animate { .. })))
    });
    !timed && !enchanted
}

/// The printed characteristics with the card's counters, before any effect.
fn printed<'a>(lib: &'a Library, game: &Game, c: CardId) -> Chars<'a> {
    let def = lib.get(game.card(c).def);
    let colors = match &def.color {
        Some(cs) => color_bits(cs),
        None => def
            .cost
            .map_or(0, |m| Color::ALL.into_iter().filter(|k| m.colored[k.index()] > 0).fold(0, |a, k| a | bit(k))),
    };
    let colors = mana_symbols(lib, game, c, def).unwrap_or(colors);
    // A `*/*` creature's own text defines its numbers: the oldest effect on it (002 L3000-3004).
    let pt = def
        .abilities
        .iter()
        .find_map(|a| match a {
            Ability::Continuous(Affects::This, Change::PtEqual(n)) => Some(count(lib, game, c, n)),
            _ => None,
        })
        .map_or_else(|| def.pt.unwrap_or((0, 0)), |n| (n, n));
    Chars {
        kind: def.kind,
        animated: false,
        made_artifact: false,
        colors,
        pt,
        subtypes: Cow::Borrowed(&def.subtypes),
        def,
        abilities: Cow::Borrowed(&def.abilities),
        text: Vec::new(),
        keywords: Vec::new(),
    }
}

/// The base colour an effect on the mana symbols gives card `c` (Celestial Dawn: "nonland
/// permanents you control and nonland cards you own"): the newest such effect that reaches it,
/// read with its source's text changes. The base colour stays under any effect that sets the
/// colour, whenever either came (002 L1652-1660); the card's own colour is back once the effect
/// ends (002 L1653-1656).
fn mana_symbols(lib: &Library, game: &Game, c: CardId, def: &CardDef) -> Option<u8> {
    if def.kind == CardKind::Land {
        return None;
    }
    let st = statics(lib, game);
    if !st.base_colors {
        return None;
    }
    let card = game.card(c);
    // In play (or being cast) its controller's; elsewhere its owner's.
    let who = if matches!(card.zone, Zone::Play | Zone::Limbo) { card.controller } else { card.owner };
    st.list.iter().rev().find_map(|&(_, src, i)| {
        if game.card(src).controller != who {
            return None;
        }
        let a = lib.get(game.card(src).def).abilities.get(usize::from(i))?;
        let text = text_changes(game, src);
        let a = if text.is_empty() { Cow::Borrowed(a) } else { Cow::Owned(swap_ability(a, &text)) };
        match a.as_ref() {
            Ability::Continuous(Affects::OwnNonland, Change::ManaSymbols(col)) => Some(bit(*col)),
            _ => None,
        }
    })
}

/// A count a characteristic is defined by, now.
fn count(lib: &Library, game: &Game, c: CardId, n: &crate::grammar::ability::Count) -> i32 {
    use crate::grammar::ability::Count;
    let k = match n {
        Count::InPlayNamed(name) => game
            .zone(Zone::Play, None)
            .into_iter()
            .filter(|&x| lib.get(game.card(x).def).name.eq_ignore_ascii_case(name))
            .count(),
        Count::ControllerHand => {
            let p = game.card(c).controller;
            let unknown = usize::try_from(game.player(p).hand_unknown).unwrap_or(usize::MAX);
            game.zone(Zone::Hand, Some(p)).len().saturating_add(unknown)
        }
    };
    i32::try_from(k).unwrap_or(i32::MAX)
}

/// Counters change power and toughness on top of the base (a +1/+1 counter is a modifier, kept
/// however the base is set). A count too large for an `i32` saturates.
fn counters(game: &Game, c: CardId) -> (i32, i32) {
    let mut d = (0i32, 0i32);
    for (kind, n) in &game.card(c).counters {
        let n = i32::try_from(*n).unwrap_or(i32::MAX);
        match counter_kind(kind) {
            "+1/+1" => d = (d.0.saturating_add(n), d.1.saturating_add(n)),
            "-1/-1" => d = (d.0.saturating_sub(n), d.1.saturating_sub(n)),
            _ => {}
        }
    }
    d
}

/// Whether a counter kind is unnamed: one with just a value, such as +1/+1 (002 L1890-1893).
#[must_use]
pub fn is_unnamed_counter(kind: &str) -> bool {
    kind.starts_with(['+', '-'])
}

/// The kind of a counter as it acts: an unnamed counter kept under the card that made it
/// (`Dwarven Weaponsmith's +1/+1`) is a +1/+1 counter all the same for power and toughness.
#[must_use]
pub fn counter_kind(key: &str) -> &str {
    key.rsplit_once("'s ").map_or(key, |(_, k)| k)
}

/// One continuous effect that may reach a card, with its timestamp.
// A short-lived list built per query: boxing each static would allocate on the hottest path.
#[allow(clippy::large_enum_variant)]
enum Applied<'a> {
    /// A static ability of a permanent in play (with its source's text changes made).
    Static(u32, CardId, &'a Ability),
    /// An until-end-of-turn effect on this card.
    Timed(&'a UntilEot),
}

impl Applied<'_> {
    const fn stamp(&self) -> u32 {
        match self {
            Self::Static(t, ..) => *t,
            Self::Timed(e) => e.stamp,
        }
    }
}

/// The characteristics of card `c` now (002 Order to Apply Effects, L2973-3010).
#[must_use]
pub fn chars<'a>(lib: &'a Library, game: &'a Game, c: CardId) -> Chars<'a> {
    let mut ch = printed(lib, game, c);
    let zone = game.card(c).zone;
    // A spell being cast keeps the changes made to it (002 L3889-3893); static abilities reach
    // permanents only.
    if zone != Zone::Play && zone != Zone::Limbo {
        return ch;
    }
    // A colour stated by the card's text (the Kobolds) is text: a colour word change rewrites
    // it, under any Lace that sets the colour (002 L1638-1643, L1658-1660).
    if let Some(stated) = &ch.def.color {
        let swaps = text_changes(game, c);
        if !swaps.is_empty() {
            ch.colors = color_bits(&stated_colors(stated, &swaps));
        }
    }
    let timed = game.effects().iter().filter(|e| e.card == c);
    let st;
    let swapped: Vec<Option<Ability>>;
    let mut effects: Vec<Applied<'_>> = Vec::new();
    if zone == Zone::Play {
        st = statics(lib, game);
        // A text change on the source (Magical Hack on Conversion) changes what its static
        // ability does; its place in the order stays (002 L3005-3007).
        swapped = st
            .list
            .iter()
            .map(|&(_, src, i)| {
                let text = text_changes(game, src);
                if text.is_empty() {
                    return None;
                }
                lib.get(game.card(src).def).abilities.get(usize::from(i)).map(|a| swap_ability(a, &text))
            })
            .collect();
        for (k, &(t, src, i)) in st.list.iter().enumerate() {
            let own = swapped.get(k).and_then(Option::as_ref);
            if let Some(a) = own.or_else(|| lib.get(game.card(src).def).abilities.get(usize::from(i))) {
                effects.push(Applied::Static(t, src, a));
            }
        }
    }
    effects.extend(timed.map(Applied::Timed));
    let (dp, dt) = counters(game, c);
    if effects.is_empty() {
        ch.pt = (ch.pt.0.saturating_add(dp), ch.pt.1.saturating_add(dt));
        return ch;
    }
    // Printed abilities are the oldest; the effects follow in the order they entered play.
    effects.sort_by_key(Applied::stamp);
    // Setting P/T rewrites the base; the modifiers are summed and put on top of whatever base
    // is left (002 L1927-1937), counters among them.
    let mut base = ch.pt;
    let mut plus = (dp, dt);
    for e in &effects {
        let change = match e {
            Applied::Static(_, src, a) => {
                let Ability::Continuous(a, chg) = a else { continue };
                // A tapped artifact's continuous effects are off, unless it is a creature
                // (002 L1015-1018, L1339-1342).
                if game.tapped_artifacts_off && switched_off(lib, game, *src) {
                    continue;
                }
                if !reaches(game, &ch, c, *src, a) {
                    continue;
                }
                chg
            }
            Applied::Timed(u) => &u.change,
        };
        match change {
            Change::Pump(p, t) => plus = (plus.0.saturating_add(*p), plus.1.saturating_add(*t)),
            Change::SetPt(p, t) => base = (*p, *t),
            Change::SwitchPt => {
                // What the older effects left, swapped, becomes the base for the newer ones.
                base = (base.1.saturating_add(plus.1), base.0.saturating_add(plus.0));
                plus = (0, 0);
            }
            Change::Grant(k) => ch.keywords.push((k.clone(), true)),
            Change::Lose(k) => ch.keywords.push((k.clone(), false)),
            Change::SetColor(cs) | Change::MarkColor(cs) => ch.colors = color_bits(cs),
            Change::Text(old, new) => ch.text.push((old.clone(), new.clone())),
            Change::LandType(t) => become_land_type(&mut ch, t),
            // A card's own `*/*` text: applied with its printed values; mana symbols make the
            // base colour (in `printed`).
            Change::PtEqual(_) | Change::ManaSymbols(_) => {}
            // Animate Artifact on what is a creature already changes nothing.
            Change::Animate { pt: None, .. } if ch.is_creature() => {}
            Change::Animate { pt, subtype, artifact } => {
                // 002 L1958-1962: the effect names the creature type when it gives one; an
                // animated land has no colour and no creature type otherwise (002 L1296-1302).
                ch.animated = true;
                ch.made_artifact |= *artifact;
                base = pt.unwrap_or_else(|| {
                    let cc = i32::try_from(ch.def.cost.map_or(0, |c| c.total())).unwrap_or(i32::MAX);
                    (cc, cc)
                });
                if let Some(t) = subtype
                    && !ch.has_subtype(t)
                {
                    let mut v = ch.subtypes.to_vec();
                    v.push(t.clone());
                    ch.subtypes = Cow::Owned(v);
                }
            }
            Change::ChosenLandType => {
                let src = match e {
                    Applied::Static(_, src, ..) => Some(*src),
                    Applied::Timed(_) => None,
                };
                if let Some(t) = src.and_then(|s| game.card(s).chosen.clone()) {
                    become_land_type(&mut ch, &t);
                }
            }
        }
    }
    if !ch.text.is_empty() {
        let swapped: Vec<Ability> = ch.abilities.iter().map(|a| swap_ability(a, &ch.text)).collect();
        ch.abilities = Cow::Owned(swapped);
    }
    ch.pt = (base.0.saturating_add(plus.0), base.1.saturating_add(plus.1));
    ch
}

/// A land becomes a basic land type: that type only, and only the ability to tap for its mana
/// (002 L2545-2549: Phantasmal Terrain on Mishra's Factory leaves a Mountain that taps for R);
/// colour and the rest stay (002 L2550-2553).
fn become_land_type(ch: &mut Chars<'_>, t: &str) {
    if ch.kind != CardKind::Land {
        return;
    }
    let mana = match t {
        "plains" => "W",
        "island" => "U",
        "swamp" => "B",
        "mountain" => "R",
        _ => "G",
    };
    ch.subtypes = Cow::Owned(vec![t.to_owned()]);
    if let Ok(a) = crate::grammar::ability::parse_ability(&format!("T: add {mana}")) {
        ch.abilities = Cow::Owned(vec![a]);
    }
}

/// A card's stated colours after colour word changes, one after the other.
fn stated_colors(stated: &[Color], swaps: &[(String, String)]) -> Vec<Color> {
    stated
        .iter()
        .map(|col| {
            swaps.iter().fold(*col, |col, (old, new)| {
                if col.name() == old.to_lowercase() {
                    Color::ALL.into_iter().find(|c| c.name() == new.to_lowercase()).unwrap_or(col)
                } else {
                    col
                }
            })
        })
        .collect()
}

/// The text changes on a card, oldest first.
fn text_changes(game: &Game, c: CardId) -> Vec<(String, String)> {
    let mut t: Vec<&UntilEot> =
        game.effects().iter().filter(|e| e.card == c && matches!(e.change, Change::Text(..))).collect();
    t.sort_by_key(|e| e.stamp);
    t.into_iter()
        .filter_map(|e| match &e.change {
            Change::Text(o, n) => Some((o.clone(), n.clone())),
            _ => None,
        })
        .collect()
}

/// An ability with its text changes made: its words replaced, one change after the other, and
/// read again (a change the language cannot read leaves the ability as it was).
#[must_use]
pub fn swap_ability(a: &Ability, swaps: &[(String, String)]) -> Ability {
    let text = a.to_string();
    let mut new = text.clone();
    for (old, to) in swaps {
        new = swap_words(&new, old, to);
    }
    if new == text {
        return a.clone();
    }
    crate::grammar::ability::parse_ability(&new).unwrap_or_else(|_| a.clone())
}

/// Replaces a word in an ability's text wherever it stands alone or in the forms the language
/// builds from it: plural (`islands`), `non...` (`nonblack`), `...walk` (`swampwalk`).
fn swap_words(text: &str, old: &str, new: &str) -> String {
    let old = old.to_lowercase();
    let new = new.to_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    let flush = |word: &mut String, out: &mut String| {
        let lower = word.to_lowercase();
        let forms = [
            (old.clone(), new.clone()),
            (format!("{old}s"), format!("{new}s")),
            (format!("non{old}"), format!("non{new}")),
            (format!("{old}walk"), format!("{new}walk")),
        ];
        match forms.iter().find(|(f, _)| *f == lower) {
            Some((_, to)) => out.push_str(to),
            None => out.push_str(word),
        }
        word.clear();
    };
    for ch in text.chars() {
        if ch.is_alphanumeric() || ch == '-' {
            word.push(ch);
        } else {
            flush(&mut word, &mut out);
            out.push(ch);
        }
    }
    flush(&mut word, &mut out);
    out
}

/// The first word of a kind the card's text holds now (what a text change replaces).
#[must_use]
pub fn first_word(ch: &Chars<'_>, kind: crate::grammar::ability::WordKind) -> Option<String> {
    let text: String = ch.abilities.iter().map(|a| format!("{a} ")).collect::<String>().to_lowercase();
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let found = words.iter().find_map(|w| {
        kind.words()
            .iter()
            .find(|k| *w == **k || *w == format!("{k}s") || *w == format!("non{k}") || *w == format!("{k}walk"))
    });
    if let Some(k) = found {
        return Some((*k).to_owned());
    }
    // A stated colour is a colour word of the text too (the Kobolds' "this card is red").
    match kind {
        crate::grammar::ability::WordKind::Color if ch.def.color.is_some() => {
            ch.color_list().first().map(|c| c.name().to_owned())
        }
        _ => None,
    }
}

/// Whether a static effect of `src` reaches card `c`, as the earlier effects left it.
fn reaches(game: &Game, ch: &Chars<'_>, c: CardId, src: CardId, a: &Affects) -> bool {
    match a {
        Affects::Enchanted => game.card(src).enchanting == Some(c),
        Affects::OtherOfType(t) => c != src && ch.is_creature() && ch.has_subtype(t),
        Affects::OfType(t) => ch.has_subtype(t),
        Affects::EnchantedLand | Affects::EnchantedArtifact => game.card(src).enchanting == Some(c),
        // Its own text: applied with the printed values, not here.
        Affects::This => false,
        Affects::NonbasicLands => ch.kind == CardKind::Land && !ch.def.is_basic(),
        Affects::OwnLands => ch.kind == CardKind::Land && game.card(c).controller == game.card(src).controller,
        Affects::OwnNonland => ch.kind != CardKind::Land && game.card(c).controller == game.card(src).controller,
        Affects::AllCreatures => ch.is_creature(),
        Affects::ColorCreatures(col) => ch.is_creature() && ch.colors & bit(*col) != 0,
        Affects::OwnAttackers => {
            ch.is_creature()
                && game.card(c).controller == game.card(src).controller
                && game.combat().is_some_and(|cb| cb.in_combat(c) && cb.attackers.contains(&c))
        }
    }
}

/// Whether any continuous effect is in play or lasting this turn: when none is, every
/// characteristic is the printed one (a fast path for the many questions of a search).
#[must_use]
pub fn any_effects(lib: &Library, game: &Game) -> bool {
    !game.effects().is_empty() || !statics(lib, game).list.is_empty()
}
