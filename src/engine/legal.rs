//! Every legal decision at a position, each written as an action line that pastes into a file.
//!
//! Candidates come from the board (cards in hand and in play, their modes, targets and X up
//! to the mana at hand; passes; attacks and blocks; answers to the decisions the last lines
//! asked). Each is then checked by taking it on a copy of the position: a candidate is legal
//! exactly when the engine takes it (a line is legal when its decision is in this set).

use super::action::{Action, Announce, Line, TargetRef};
use super::position::Position;
use super::script::Asked;
use super::state::{CardId, PlayerId, Source, Zone};
use crate::cards::CardKind;
use crate::grammar::ability::{Effect, Keyword, TargetKind};
use crate::span::Span;

/// What candidates to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scope {
    /// Tapping for mana (announcements pay automatically; mana floated before a resolution
    /// pays an "unless ... pays" under 5e).
    pub mana: bool,
    /// Mana, passes and `resolve` among the answers read inside a move (a search leaves them
    /// out there).
    pub answer_mana: bool,
    /// At most this X is tried for a cost with X.
    pub max_x: u32,
    /// At most this many targets for a card that may have several.
    pub max_targets: usize,
    /// A prevention's variants naming its source (`choosing SOURCE`); without them the
    /// prevention applies to whichever packet there is.
    pub sources: bool,
}

impl Default for Scope {
    fn default() -> Self {
        Self { mana: true, answer_mana: true, max_x: 20, max_targets: 3, sources: true }
    }
}

/// A legal move: one line, or a line followed by the answers read while it is taken (a
/// prevention in the damage prevention step that a `resolve` opens, say).
#[derive(Clone, Debug)]
pub struct Move {
    /// The lines, bound, with their text.
    pub lines: Vec<Line>,
    /// The player whose decision the first line is (`None`: `resolve` and the like).
    pub player: Option<PlayerId>,
}

impl Move {
    /// The lines as written (a search leaves them unwritten; [`Position::text`] writes them).
    #[must_use]
    pub fn texts(&self, at: &Position<'_>) -> Vec<String> {
        self.lines.iter().map(|l| if l.text.is_empty() { at.text(&l.action) } else { l.text.clone() }).collect()
    }
}

impl<'a> Position<'a> {
    /// The line for `action`, written so it replays (labels: an alias, or `NAME#N` when two
    /// cards share a name).
    #[must_use]
    pub fn line(&self, action: Action) -> Line {
        let number = self.lines() + 1;
        Line { number, text: self.text(&action), span: Span::new(0, 0), action }
    }

    fn label(&self, c: CardId) -> String {
        self.setup().labels.get(usize::from(c.0)).cloned().unwrap_or_else(|| format!("card {}", c.0))
    }

    fn player_name(&self, p: PlayerId) -> &str {
        &self.setup().players[p.ix()]
    }

    fn target_text(&self, t: TargetRef) -> String {
        match t {
            TargetRef::Card(c) => self.label(c),
            TargetRef::Player(p) => self.player_name(p).to_owned(),
        }
    }

    /// An action as a line of a scenario file.
    #[must_use]
    pub fn text(&self, a: &Action) -> String {
        let p = a.player().map(|p| self.player_name(p).to_owned()).unwrap_or_default();
        let list = |cs: &[CardId]| cs.iter().map(|&c| self.label(c)).collect::<Vec<_>>().join(", ");
        match a {
            Action::Resolve => "resolve".to_owned(),
            Action::ResolveTop => "resolve top".to_owned(),
            Action::GoTo(_) => "go to next turn".to_owned(),
            Action::Pass(_) => format!("{p} passes"),
            Action::PlayLand(_, c) => format!("{p} plays {}", self.label(*c)),
            Action::Tap(_, c, m) => match m {
                Some(m) => format!("{p} taps {} for {m}", self.label(*c)),
                None => format!("{p} taps {}", self.label(*c)),
            },
            Action::Announce(an) => self.announce_text(&p, an),
            Action::Regenerate(_, c) => format!("{p} regenerates {}", self.label(*c)),
            Action::Pay(_, Some(n)) => format!("{p} pays {n}"),
            Action::Pay(_, None) => format!("{p} does not pay"),
            Action::PayLife(_, n) => format!("{p} pays {n} life"),
            Action::Targets(_, ts) if ts.is_empty() => format!("{p} targets nothing"),
            Action::Use(_, c, true) => format!("{p} uses {}", self.label(*c)),
            Action::Use(_, c, false) => format!("{p} declines {}", self.label(*c)),
            Action::HaveBlock(_, b, Some(a)) => format!("{p} has {} block {}", self.label(*b), self.label(*a)),
            Action::HaveBlock(_, b, None) => format!("{p} has {} block nothing", self.label(*b)),
            Action::Targets(_, ts) => {
                let names: Vec<String> = ts.iter().map(|t| self.target_text(*t)).collect();
                format!("{p} targets {}", names.join(", "))
            }
            Action::PaySacrificing(_, n, cs) => format!("{p} pays {n} sacrificing {}", list(cs)),
            Action::DeclareAttack(_) => format!("{p} declares an attack"),
            Action::AttackWith(_, cards, bands) => {
                if cards.is_empty() {
                    return format!("{p} attacks with nothing");
                }
                let mut groups: Vec<String> = bands.iter().map(|b| self.labels_joined(b, " + ")).collect();
                groups.extend(cards.iter().filter(|c| !bands.iter().any(|b| b.contains(c))).map(|&c| self.label(c)));
                format!("{p} attacks with {}", groups.join(", "))
            }
            Action::Block(_, None) => format!("{p} blocks with nothing"),
            Action::Block(_, Some((a, bs))) => format!("{p} blocks {} with {}", self.label(*a), list(bs)),
            Action::Discard(_, c) => format!("{p} discards {}", self.label(*c)),
            Action::DiscardRandom(_, c) => format!("{p} discards {} at random", self.label(*c)),
            Action::Choose(_, c) => format!("{p} chooses {}", self.label(*c)),
            Action::Assign(_, n, a, t) => {
                format!("{p} assigns {n} damage from {} to {}", self.label(*a), self.target_text(*t))
            }
            Action::Order(_, cs) => format!("{p} orders {}", list(cs)),
            Action::Sacrifice(_, c) => format!("{p} sacrifices {}", self.label(*c)),
            Action::PutIntoPlay(_, None) => format!("{p} puts nothing into play"),
            Action::PutIntoPlay(_, Some((c, ts))) if ts.is_empty() => format!("{p} puts {} into play", self.label(*c)),
            Action::PutIntoPlay(_, Some((c, ts))) => {
                let names: Vec<String> = ts.iter().map(|t| self.target_text(*t)).collect();
                format!("{p} puts {} into play on {}", self.label(*c), names.join(", "))
            }
        }
    }

    fn labels_joined(&self, cs: &[CardId], sep: &str) -> String {
        cs.iter().map(|&c| self.label(c)).collect::<Vec<_>>().join(sep)
    }

    fn announce_text(&self, p: &str, an: &Announce) -> String {
        let def = self.e.lib.get(self.game().card(an.card).def);
        let mut s = match an.source {
            Source::Ability(i) => {
                let mut s = format!("{p} activates {}", self.label(an.card));
                if def.activated().len() > 1 {
                    s.push_str(&format!(" ability {}", u32::from(i) + 1));
                }
                s
            }
            Source::Triggered(_) => format!("{p} plays the phase effect of {}", self.label(an.card)),
            Source::Spell(_) => format!("{p} casts {}", self.label(an.card)),
        };
        if !an.targets.is_empty() {
            let ts: Vec<String> = an.targets.iter().map(|&t| self.target_text(t)).collect();
            s.push_str(&format!(" on {}", ts.join(", ")));
        }
        if let Some(x) = an.x {
            s.push_str(&format!(" with X={x}"));
        }
        if !an.sacrifices.is_empty() {
            s.push_str(&format!(" sacrificing {}", self.labels_joined(&an.sacrifices, ", ")));
        }
        if !an.discards.is_empty() {
            s.push_str(&format!(" discarding {}", self.labels_joined(&an.discards, ", ")));
        }
        if !an.division.is_empty() {
            let parts: Vec<String> = an.division.iter().map(ToString::to_string).collect();
            s.push_str(&format!(" dividing {}", parts.join(", ")));
        }
        let mode = match an.source {
            Source::Spell(k) => def.spell_effects().get(usize::from(k)).and_then(|(m, _)| *m),
            _ => None,
        };
        if let Some(m) = mode {
            s.push_str(&format!(" choosing {m}"));
        } else if !an.packet_sources.is_empty() {
            s.push_str(&format!(" choosing {}", self.labels_joined(&an.packet_sources, ", ")));
        }
        s
    }

    /// Mana `p` could have at hand: the pool and the untapped lands (any, when costs are free).
    fn mana_at_hand(&self, p: PlayerId) -> u32 {
        if self.setup().costs_free {
            return u32::MAX;
        }
        let g = self.game();
        let pool: u32 = g.player(p).pool.iter().sum();
        let lands = g
            .zone(Zone::Play, Some(p))
            .into_iter()
            .filter(|&c| !g.card(c).tapped && self.e.kind(c) == CardKind::Land)
            .count();
        pool.saturating_add(u32::try_from(lands).unwrap_or(u32::MAX))
    }

    /// The targets a spec could name: players, permanents of its kinds, spells being cast.
    fn target_candidates(&self, kinds: &[TargetKind]) -> Vec<TargetRef> {
        let g = self.game();
        let mut out = Vec::new();
        for (i, card) in g.cards().iter().enumerate() {
            let Ok(id) = u16::try_from(i).map(CardId) else { continue };
            let fits = match card.zone {
                Zone::Play => {
                    let kind = self.e.kind(id);
                    kinds.iter().any(|&k| kind.fits(k) || (k == TargetKind::Creature && self.e.is_creature(id)))
                }
                Zone::Limbo => kinds.contains(&TargetKind::Spell),
                Zone::Graveyard => {
                    kinds.contains(&TargetKind::GraveyardCreature) && self.e.lib.get(card.def).kind.is_creature()
                }
                _ => false,
            };
            if fits {
                out.push(TargetRef::Card(id));
            }
        }
        if kinds.contains(&TargetKind::Player) {
            out.extend([PlayerId(0), PlayerId(1)].map(TargetRef::Player));
        }
        out
    }

    /// Announcements of `card`'s effect `source` by `p`, with every target and X.
    fn announcements(&self, p: PlayerId, card: CardId, source: Source, scope: Scope, out: &mut Vec<Action>) {
        let def = self.e.lib.get(self.game().card(card).def);
        let (effect, spec, has_x) = match source {
            // A permanent spell with no spell effect (a summon, an artifact): its local
            // enchantment's or copy card's target, or none.
            Source::Spell(_) if def.spell_effects().is_empty() => {
                (None, def.enchant_target().or_else(|| def.copy_target()), def.cost.is_some_and(|c| c.x > 0))
            }
            Source::Spell(k) => {
                let Some((_, e)) = def.spell_effects().get(usize::from(k)).copied() else { return };
                let extra_x = def
                    .abilities
                    .iter()
                    .any(|a| matches!(a, crate::grammar::ability::Ability::AdditionalCost(c) if c.has_x()));
                (Some(e.clone()), e.target().cloned(), def.cost.is_some_and(|c| c.x > 0) || extra_x)
            }
            Source::Ability(i) => {
                let Some((cost, e)) = def.activated().get(usize::from(i)).copied() else { return };
                (Some(e.clone()), e.target().cloned(), cost.has_x())
            }
            // A phase effect a player may play at a time of their choice.
            Source::Triggered(i) => match def.triggered().get(usize::from(i)).copied() {
                Some((t, e)) if t.phase_effect().is_some() => (Some(e.clone()), e.target().cloned(), false),
                _ => return,
            },
        };
        let pair = effect.as_ref().and_then(|e| e.target_at(1).filter(|_| e.target_count() == Some(2)));
        let targets: Vec<Vec<TargetRef>> = match (&spec, pair) {
            // Two targets of different kinds (moving an enchantment): every ordered pair.
            (Some(first), Some(second)) => {
                let (a, b) = (self.target_candidates(&first.kinds), self.target_candidates(&second.kinds));
                a.iter().flat_map(|x| b.iter().filter(move |y| *y != x).map(move |y| vec![*x, *y])).collect()
            }
            (Some(spec), None) => {
                let each = self.target_candidates(&spec.kinds);
                // Several targets where the card allows them (Fireball), in board order.
                let most = if spec.many || def.extra_target_cost().is_some() { scope.max_targets } else { 1 };
                // Every non-empty choice: the empty subset sorts first.
                subsets(&each, most).split_off(1)
            }
            (None, _) => vec![Vec::new()],
        };
        let xs: Vec<Option<u32>> =
            if has_x { (0..=self.mana_at_hand(p).min(scope.max_x)).map(Some).collect() } else { vec![None] };
        // A prevention from a source of the player's choice may name the source (`choosing`).
        let mut chosen: Vec<Vec<CardId>> = vec![Vec::new()];
        if scope.sources
            && matches!(effect, Some(Effect::PreventAllFrom(_) | Effect::ReverseDamage | Effect::Prevent(..)))
        {
            let g = self.game();
            for (i, c) in g.cards().iter().enumerate() {
                if matches!(c.zone, Zone::Play | Zone::Limbo | Zone::Graveyard)
                    && let Ok(id) = u16::try_from(i).map(CardId)
                {
                    chosen.push(vec![id]);
                }
            }
            // Several sources of the damage waiting now, in the order named (002 Damage
            // Prevention: a prevention may be divided among packets).
            let mut sources: Vec<CardId> = Vec::new();
            for pk in &g.packets {
                if !sources.contains(&pk.source) {
                    sources.push(pk.source);
                }
            }
            for &a in &sources {
                for &b in &sources {
                    if a != b {
                        chosen.push(vec![a, b]);
                    }
                }
            }
        }
        let sacrifices = self.sacrifice_choices(p, card, source);
        let as_chosen = matches!(effect, Some(Effect::DamageDividedAsChosen(..)));
        for t in &targets {
            for &x in &xs {
                // Damage divided as the caster chooses among several targets: every division
                // of a small X (`dividing`).
                let divided = match effect {
                    Some(Effect::DamageDividedAsChosen(crate::grammar::ability::Amount::Fixed(n), _)) => {
                        u32::try_from(n).unwrap_or(0)
                    }
                    _ => x.unwrap_or(0),
                };
                let divisions =
                    if as_chosen && t.len() > 1 { compositions(divided, t.len()) } else { vec![Vec::new()] };
                for from in &chosen {
                    for (sac, dis) in &sacrifices {
                        for division in &divisions {
                            out.push(Action::Announce(Announce {
                                chosen: None,
                                replaced: None,
                                player: p,
                                card,
                                source,
                                targets: t.clone(),
                                x,
                                packet_sources: from.clone(),
                                sacrifices: sac.clone(),
                                discards: dis.clone(),
                                division: division.clone(),
                            }));
                        }
                    }
                }
            }
        }
    }

    /// The ways `p` could name the sacrifices of the cost (002 Costs): none when the cost has
    /// none; with an alternative cost (Fireblast), paying the mana cost or the alternative.
    fn sacrifice_choices(&self, p: PlayerId, card: CardId, source: Source) -> Vec<(Vec<CardId>, Vec<CardId>)> {
        let mut an = Announce::plain(p, card, source);
        let mut bills = vec![self.e.bill(&an, 1)];
        let def = self.e.lib.get(self.game().card(card).def);
        if matches!(source, Source::Spell(_))
            && def.abilities.iter().any(|a| matches!(a, crate::grammar::ability::Ability::AlternativeCost(_)))
        {
            an.sacrifices = vec![card];
            bills.push(self.e.bill(&an, 1));
        }
        let mut out = Vec::new();
        for bill in bills {
            // Cards to discard: any of the known cards in the hand (the card cast excepted).
            let hand: Vec<CardId> = self.game().zone(Zone::Hand, Some(p)).into_iter().filter(|&c| c != card).collect();
            let n = usize::try_from(bill.discard).unwrap_or(usize::MAX);
            let discards: Vec<Vec<CardId>> = subsets(&hand, n).into_iter().filter(|s| s.len() == n).collect();
            let need = usize::try_from(bill.named()).unwrap_or(usize::MAX);
            let mut sacs: Vec<Vec<CardId>> = Vec::new();
            if need == 0 {
                sacs.push(Vec::new());
            }
            let mut pool: Vec<CardId> = Vec::new();
            for s in &bill.sacrifice {
                for c in self.e.sacrifice_candidates(p, s, card) {
                    if !pool.contains(&c) {
                        pool.push(c);
                    }
                }
            }
            if need > 0 {
                sacs.extend(subsets(&pool, need).into_iter().filter(|s| s.len() == need));
            }
            for s in &sacs {
                out.extend(discards.iter().map(|d| (s.clone(), d.clone())));
            }
        }
        out
    }

    /// The lines `p` could write now, legal or not (the engine decides which are).
    #[must_use]
    pub fn candidates(&self, p: PlayerId, scope: Scope) -> Vec<Action> {
        let g = self.game();
        let lib = self.e.lib;
        let mut out = vec![Action::Pass(p)];
        for c in g.zone(Zone::Hand, Some(p)) {
            let def = lib.get(g.card(c).def);
            if def.kind == CardKind::Land {
                out.push(Action::PlayLand(p, c));
                continue;
            }
            for k in 0..def.spell_effects().len().max(1) {
                self.announcements(p, c, Source::Spell(u8::try_from(k).unwrap_or(0)), scope, &mut out);
            }
        }
        let mine = g.zone(Zone::Play, Some(p));
        for &c in &mine {
            let def = lib.get(g.card(c).def);
            let mana_source = self.e.kind(c) == CardKind::Land
                || def.activated().iter().any(|(cost, e)| cost.tap && matches!(e, Effect::AddMana(_)));
            if scope.mana && mana_source && !g.card(c).tapped {
                out.push(Action::Tap(p, c, None));
            }
            for (i, (cost, e)) in def.activated().iter().enumerate() {
                // A mana ability is used by tapping for mana (`taps`), listed above; one with
                // other costs (a sacrifice) is activated.
                if matches!(e, Effect::AddMana(_)) && cost.tap && cost.mana.total() == 0 && cost.mana_only() {
                    continue;
                }
                self.announcements(p, c, Source::Ability(u8::try_from(i).unwrap_or(0)), scope, &mut out);
            }
            if self.e.is_creature(c) && !self.e.regeneration_sources(p, c).is_empty() {
                out.push(Action::Regenerate(p, c));
            }
        }
        // Abilities of other players' permanents that any player may use (Land's Edge).
        for c in g.zone(Zone::Play, Some(p.other())) {
            let def = lib.get(g.card(c).def);
            for (i, (cost, _)) in def.activated().iter().enumerate() {
                if cost.any_player {
                    self.announcements(p, c, Source::Ability(u8::try_from(i).unwrap_or(0)), scope, &mut out);
                }
            }
        }
        // A phase effect may be played at any time in its upkeep (the rules check whose it is).
        if self.e.phase_name() == "upkeep" {
            for c in g.zone(Zone::Play, None) {
                let def = lib.get(g.card(c).def);
                for (i, (t, _)) in def.triggered().iter().enumerate() {
                    if t.phase_effect().is_some() {
                        let source = Source::Triggered(u8::try_from(i).unwrap_or(u8::MAX));
                        self.announcements(p, c, source, scope, &mut out);
                    }
                }
            }
        }
        // An upkeep cost may be dealt with at any time in its controller's upkeep.
        if let Some((c, u)) = self.e.upkeep_owed(p).into_iter().next() {
            let n = crate::grammar::mana::ManaCost::amount(u.cost.mana.total());
            out.extend([Action::Pay(p, Some(n)), Action::Pay(p, None)]);
            if let Some(s) = u.cost.sacrifice.as_deref() {
                let need = usize::try_from(s.count).unwrap_or(usize::MAX);
                let fits = self.e.sacrifice_candidates(p, s, c);
                for set in subsets(&fits, need).into_iter().filter(|x| x.len() == need) {
                    out.push(Action::PaySacrificing(p, n.total(), set));
                }
            }
        }
        let creatures: Vec<CardId> =
            mine.iter().copied().filter(|&c| self.e.is_creature(c) && !g.card(c).tapped).collect();
        if p == g.active {
            out.push(Action::DeclareAttack(p));
            for group in subsets(&creatures, 4) {
                // A group with a bander may attack as one band (002 Banding).
                let bander = group.iter().any(|&c| self.e.has_keyword(c, &Keyword::Banding));
                if bander && group.len() > 1 {
                    out.push(Action::AttackWith(p, group.clone(), vec![group.clone()]));
                }
                out.push(Action::AttackWith(p, group, Vec::new()));
            }
        } else if let Some(cb) = g.combat() {
            out.push(Action::Block(p, None));
            for &a in &cb.attackers {
                // Up to three blockers on one attacker (rampage counts the blockers beyond the first).
                for group in subsets(&creatures, 3).into_iter().filter(|s| !s.is_empty()) {
                    out.push(Action::Block(p, Some((a, group))));
                }
            }
        }
        out
    }

    /// `p`'s spells and abilities that target a spell (their targets left empty).
    fn spell_answers(&self, p: PlayerId) -> Vec<Announce> {
        let g = self.game();
        let mut out = Vec::new();
        let hand = g.zone(Zone::Hand, Some(p)).into_iter().map(|c| (c, true));
        let play = g.zone(Zone::Play, Some(p)).into_iter().map(|c| (c, false));
        for (c, cast) in hand.chain(play) {
            let def = self.e.lib.get(g.card(c).def);
            let effects: Vec<(Source, &Effect)> = if cast {
                def.spell_effects()
                    .into_iter()
                    .enumerate()
                    .map(|(k, (_, e))| (Source::Spell(u8::try_from(k).unwrap_or(0)), e))
                    .collect()
            } else {
                def.activated()
                    .into_iter()
                    .enumerate()
                    .map(|(i, (_, e))| (Source::Ability(u8::try_from(i).unwrap_or(0)), e))
                    .collect()
            };
            for (source, e) in effects {
                if e.target().is_some_and(|t| t.kinds.contains(&TargetKind::Spell)) {
                    out.push(Announce::plain(p, c, source));
                }
            }
        }
        out
    }

    /// What `p` could use at a special moment: regenerations (and, in a damage prevention
    /// step, preventions); only these are read there (002 Damage Prevention; Regeneration).
    fn special(&self, p: PlayerId, scope: Scope, prevention: bool) -> Vec<Action> {
        let g = self.game();
        let mut out: Vec<Action> = self
            .candidates(p, Scope { mana: scope.answer_mana, ..scope })
            .into_iter()
            .filter(|a| match a {
                // Mana sources are legal wherever a player may act (002 L550-559); a search
                // leaves them out (announcements pay automatically).
                Action::Tap(..) => scope.answer_mana,
                // In a damage prevention step a player may also pass, letting a batch of
                // preventions resolve (a search leaves passes there to the step's end).
                Action::Pass(_) => prevention && scope.answer_mana,
                // 4e regenerates in the step.
                Action::Regenerate(..) => prevention,
                Action::Announce(an) => {
                    let def = self.e.lib.get(g.card(an.card).def);
                    let effect = match an.source {
                        Source::Spell(k) => def.spell_effects().get(usize::from(k)).map(|(_, e)| (*e).clone()),
                        Source::Ability(i) => def.activated().get(usize::from(i)).map(|(_, e)| (*e).clone()),
                        Source::Triggered(_) => None,
                    };
                    let interrupt = def.kind == CardKind::Interrupt && matches!(an.source, Source::Spell(_));
                    match effect {
                        Some(Effect::Regenerate(_)) => true,
                        Some(Effect::AddMana(_)) => scope.answer_mana,
                        Some(
                            Effect::Prevent(..)
                            | Effect::PreventAllFrom(_)
                            | Effect::ReverseDamage
                            | Effect::Counter(_)
                            | Effect::CounterUnlessPaid(..),
                        ) => prevention,
                        _ => prevention && interrupt,
                    }
                }
                _ => false,
            })
            .collect();
        if prevention && scope.answer_mana {
            out.push(Action::Resolve);
        }
        out
    }

    /// Answers to a decision asked while the last lines were taken, each one or more lines.
    #[must_use]
    pub fn answers(&self, asked: &Asked, scope: Scope) -> Vec<Vec<Action>> {
        self.answers_memo(asked, scope, &mut Memo::default())
    }

    /// [`Self::answers`], reusing what `memo` holds of this position.
    fn answers_memo(&self, asked: &Asked, scope: Scope, memo: &mut Memo) -> Vec<Vec<Action>> {
        let g = self.game();
        let both = [g.active, g.active.other()];
        match asked {
            Asked::Pay(p, n) => vec![vec![Action::Pay(*p, Some(*n))], vec![Action::Pay(*p, None)]],
            Asked::Target(p, options, optional) => options
                .iter()
                .map(|&t| vec![Action::Targets(*p, vec![t])])
                .chain(optional.then(|| vec![Action::Targets(*p, Vec::new())]))
                .collect(),
            Asked::PayLife(p, n) => {
                let k = crate::grammar::mana::ManaCost::amount(*n);
                vec![vec![Action::PayLife(*p, *n)], vec![Action::Pay(*p, Some(k))], vec![Action::Pay(*p, None)]]
            }
            Asked::Sacrifice(p, cs) => cs.iter().map(|&c| vec![Action::Sacrifice(*p, c)]).collect(),
            Asked::PutIntoPlay(p, cs) => {
                let mut out: Vec<Vec<Action>> = Vec::new();
                for (c, targets) in cs {
                    match targets {
                        None => out.push(vec![Action::PutIntoPlay(*p, Some((*c, Vec::new())))]),
                        Some(ts) => {
                            out.extend(ts.iter().map(|&t| vec![Action::PutIntoPlay(*p, Some((*c, vec![t])))]));
                        }
                    }
                }
                out.push(vec![Action::PutIntoPlay(*p, None)]);
                out
            }
            Asked::Upkeep(p, n, c) => {
                let k = crate::grammar::mana::ManaCost::amount(*n);
                let mut out = vec![vec![Action::Pay(*p, Some(k))], vec![Action::Pay(*p, None)]];
                let mut costs = self.e.upkeep_costs_of(*c);
                costs.extend(self.e.entry_costs_of(*c));
                for s in costs.iter().filter_map(|u| u.cost.sacrifice.as_deref()) {
                    let need = usize::try_from(s.count).unwrap_or(usize::MAX);
                    let fits = self.e.sacrifice_candidates(*p, s, *c);
                    for set in subsets(&fits, need).into_iter().filter(|x| x.len() == need) {
                        out.push(vec![Action::PaySacrificing(*p, *n, set)]);
                    }
                }
                out
            }
            Asked::Discard(p) => {
                g.zone(Zone::Hand, Some(*p)).into_iter().map(|c| vec![Action::Discard(*p, c)]).collect()
            }
            Asked::DiscardRandom(p) => {
                g.zone(Zone::Hand, Some(*p)).into_iter().map(|c| vec![Action::DiscardRandom(*p, c)]).collect()
            }
            Asked::Choose(p, options) => options.iter().map(|&c| vec![Action::Choose(*p, c)]).collect(),
            Asked::OneOf(options) => options.iter().map(|a| vec![a.clone()]).collect(),
            Asked::Order(p, cards) => permutations(cards).into_iter().map(|o| vec![Action::Order(*p, o)]).collect(),
            Asked::Place => {
                let spells: Vec<CardId> = g.zone(Zone::Limbo, None);
                let mut out = Vec::new();
                for &a in &spells {
                    for &b in &spells {
                        if a != b {
                            out.extend(both.iter().map(|&p| vec![Action::Order(p, vec![a, b])]));
                        }
                    }
                }
                out
            }
            Asked::Regenerate(dying) => {
                let mut out = Vec::new();
                for &c in dying {
                    for &p in &both {
                        out.push(vec![Action::Regenerate(p, c)]);
                    }
                }
                for &p in &both {
                    out.extend(memo.special(self, p, scope, false).iter().map(|a| vec![a.clone()]));
                }
                out
            }
            Asked::Prevent { spells, sources } => {
                let mut out = Vec::new();
                for &p in &both {
                    let special = memo.special(self, p, scope, true).to_vec();
                    // The spells and sources of the moment, which the position before the move
                    // does not show yet: an interrupt aimed at a prevention being cast, a
                    // prevention naming the sources of the damage waiting.
                    for an in memo.spell_answers(self, p).to_vec() {
                        for &s in spells {
                            let mut v = an.clone();
                            v.targets = vec![TargetRef::Card(s)];
                            if !out.iter().any(|o: &Vec<Action>| o.first() == Some(&Action::Announce(v.clone()))) {
                                out.push(vec![Action::Announce(v)]);
                            }
                        }
                    }
                    for a in &special {
                        let Action::Announce(an) = a else { continue };
                        if scope.sources && an.packet_sources.is_empty() && !an.targets.is_empty() {
                            for (i, &s1) in sources.iter().enumerate() {
                                for &s2 in &sources[i + 1..] {
                                    let mut v = an.clone();
                                    v.packet_sources = vec![s1, s2];
                                    out.push(vec![Action::Announce(v)]);
                                }
                            }
                        }
                    }
                    out.extend(special.into_iter().map(|a| vec![a]));
                }
                out
            }
            // Mana sources while a triggered ability is being played.
            Asked::TriggerMana => {
                let mut out = Vec::new();
                for &p in &both {
                    out.extend(
                        memo.special(self, p, scope, false)
                            .iter()
                            .filter(|a| self.e.is_mana_line(a))
                            .map(|a| vec![a.clone()]),
                    );
                }
                out
            }
            Asked::Assign(dealing) => {
                let mut out = Vec::new();
                let Some(cb) = g.combat() else { return out };
                for &from in dealing {
                    // An attacker's damage goes to its blockers; a blocker's to the band it blocks.
                    let facing: Vec<CardId> = if cb.attackers.contains(&from) {
                        cb.blockers_of(from).to_vec()
                    } else {
                        cb.blocked_by(from).and_then(|a| cb.band_of(a)).map(<[CardId]>::to_vec).unwrap_or_default()
                    };
                    // m13: a trampler may assign damage to the defending player too (001 L1337).
                    let tramples = self.e.pol.blocker_damage == crate::edition::BlockerDamage::AssignmentOrder
                        && cb.attackers.contains(&from)
                        && self.e.has_keyword(from, &crate::grammar::ability::Keyword::Trample);
                    if facing.is_empty() || (facing.len() < 2 && !tramples) {
                        continue;
                    }
                    let power = u32::try_from(super::power_toughness(self.e.lib, g, from).0.max(0)).unwrap_or(0);
                    if tramples {
                        let defender = TargetRef::Player(g.card(from).controller.other());
                        for &p in &both {
                            for &b in &facing {
                                for k in 1..power {
                                    out.push(vec![
                                        Action::Assign(p, k, from, TargetRef::Card(b)),
                                        Action::Assign(p, power - k, from, defender),
                                    ]);
                                }
                            }
                        }
                    }
                    for &p in &both {
                        for &b in &facing {
                            out.push(vec![Action::Assign(p, power, from, TargetRef::Card(b))]);
                        }
                        for (i, &b1) in facing.iter().enumerate() {
                            for &b2 in &facing[i + 1..] {
                                for k in 1..power {
                                    out.push(vec![
                                        Action::Assign(p, k, from, TargetRef::Card(b1)),
                                        Action::Assign(p, power - k, from, TargetRef::Card(b2)),
                                    ]);
                                }
                            }
                        }
                    }
                }
                out
            }
        }
    }

    /// Every legal move now, the player holding priority first, then the other (whose lines
    /// imply the holder's pass). A move that asks a decision is followed by each legal answer.
    #[must_use]
    pub fn legal_moves(&self, scope: Scope) -> Vec<(Move, Position<'a>)> {
        let holder = self.holder();
        let mut out = self.legal_moves_of(holder, scope);
        out.extend(self.legal_moves_of(holder.other(), scope));
        out
    }

    /// Every legal move of `p` now.
    #[must_use]
    pub fn legal_moves_of(&self, p: PlayerId, scope: Scope) -> Vec<(Move, Position<'a>)> {
        let candidates = self.candidates(p, scope);
        let mut out = Vec::with_capacity(candidates.len());
        let mut memo = Memo::default();
        for a in candidates {
            self.extend(&[a], Some(p), scope, 0, &mut memo, &mut out);
        }
        out
    }

    /// Tries `actions` as one move; when it asks decisions with no answer, tries each answer
    /// after it too (up to three answers deep).
    fn extend(
        &self,
        actions: &[Action],
        player: Option<PlayerId>,
        scope: Scope,
        deep: u8,
        memo: &mut Memo,
        out: &mut Vec<(Move, Position<'a>)>,
    ) {
        // No text while searching: the lines are written only for the answer.
        let number = self.lines() + 1;
        let lines: Vec<Line> = actions
            .iter()
            .enumerate()
            .map(|(k, a)| Line { number: number + k, text: String::new(), span: Span::new(0, 0), action: a.clone() })
            .collect();
        let next = self.try_play(&lines);
        match next.stopped() {
            None | Some(super::Stop::GameOver) => {
                let asked = next.asked();
                let over = next.stopped().is_some();
                out.push((Move { lines, player }, next));
                if over || deep >= 3 {
                    return;
                }
                // Decisions it asked and left to their default: each answer is another move.
                for q in &asked {
                    for ans in self.answers_memo(q, scope, memo) {
                        let mut more = actions.to_vec();
                        more.extend(ans);
                        self.extend(&more, player, scope, deep + 1, memo, out);
                    }
                }
            }
            Some(super::Stop::Choice { .. }) if deep < 3 => {
                // The move needs an answer: each legal one completes it.
                for q in &next.asked() {
                    for ans in self.answers_memo(q, scope, memo) {
                        let mut more = actions.to_vec();
                        more.extend(ans);
                        self.extend(&more, player, scope, deep + 1, memo, out);
                    }
                }
            }
            Some(_) => {}
        }
    }
}

/// What the answers to decisions asked after the moves from one position draw on, derived
/// once for all of them (the position and the scope are the same for each).
#[derive(Default)]
struct Memo {
    /// [`Position::special`] by player and by whether it is a damage prevention step.
    special: [[Option<Vec<Action>>; 2]; 2],
    /// [`Position::spell_answers`] by player.
    spell_answers: [Option<Vec<Announce>>; 2],
}

impl Memo {
    fn special(&mut self, at: &Position<'_>, p: PlayerId, scope: Scope, prevention: bool) -> &[Action] {
        self.special[p.ix()][usize::from(prevention)].get_or_insert_with(|| at.special(p, scope, prevention))
    }

    fn spell_answers(&mut self, at: &Position<'_>, p: PlayerId) -> &[Announce] {
        self.spell_answers[p.ix()].get_or_insert_with(|| at.spell_answers(p))
    }
}

/// Subsets of `items` with at most `max` members, smallest first, in order (the empty one too).
fn subsets<T: Copy>(items: &[T], max: usize) -> Vec<Vec<T>> {
    let n = items.len().min(12);
    let mut out: Vec<Vec<T>> = (0u32..1 << n)
        .map(|m| (0..n).filter(|i| m & (1 << i) != 0).map(|i| items[i]).collect::<Vec<_>>())
        .filter(|s: &Vec<T>| s.len() <= max)
        .collect();
    out.sort_by_key(Vec::len);
    out
}

/// The ways to write `total` as `parts` amounts of at least 1, in order (none past a total of
/// 8, to keep the list of moves short).
fn compositions(total: u32, parts: usize) -> Vec<Vec<u32>> {
    if total > 8 || parts == 0 {
        return Vec::new();
    }
    if parts == 1 {
        return if total >= 1 { vec![vec![total]] } else { Vec::new() };
    }
    let mut out = Vec::new();
    for first in 1..total {
        for mut rest in compositions(total - first, parts - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Every order of `items`.
fn permutations(items: &[CardId]) -> Vec<Vec<CardId>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}
