//! Damage packets, the damage prevention step, destruction, regeneration and burial
//! (002 Spell and Ability Timing: Damage Prevention; glossary: Damage, Regeneration, Bury).

use super::action::{Action, TargetRef};
use super::state::{CardId, Ctx, CtxKind, PlayerId, Source, Status, Target, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::{Effect, Keyword, Who};
use crate::grammar::mana::Color;
use crate::trace::{EventKind, Rule};

const DP: Rule = Rule::g("Spell and Ability Timing, Damage Prevention");
const REGEN: Rule = Rule::g("Regeneration");
const SERIES: Rule = Rule::r5("Timing: Series and Batches; Specialized Abilities");

/// 002 Controller, Caster and Owner; Enchantments (L2243-2244): only the controller pays.
const CONTROLLER_PAYS: Rule =
    Rule::g("Controller, Caster and Owner (only a permanent's controller uses its abilities)");

impl Engine<'_> {
    /// Whether there is damage to `t` (from one of `sources`, if any are named) to prevent.
    pub(super) fn has_packet(&self, t: Target, sources: &[CardId]) -> bool {
        self.game
            .packets
            .iter()
            .any(|p| p.to == t && p.amount > 0 && (sources.is_empty() || sources.contains(&p.source)))
    }

    /// Sources of a colour with damage waiting for player `p` (only those `chosen`, if any).
    pub(super) fn sources_of_color(&self, p: PlayerId, col: Color, chosen: &[CardId]) -> Vec<CardId> {
        if self.pol.prevention == crate::edition::PreventionTiming::NoStep {
            // Alpha: the source is chosen before it deals damage, among the cards of that
            // colour in play or being cast (003 p.20, p.37).
            return (0..self.game.cards.len())
                .map(|i| CardId(u16::try_from(i).unwrap_or(0)))
                .filter(|&c| self.game.card(c).zone == Zone::Play || self.live_spell_of(c).is_some())
                .filter(|&c| self.colors(c).contains(&col))
                .filter(|c| chosen.is_empty() || chosen.contains(c))
                .collect();
        }
        let mut out: Vec<CardId> = self
            .game
            .packets
            .iter()
            .filter(|k| k.to == Target::Player(p) && k.amount > 0 && k.colors.contains(&col))
            .filter(|k| chosen.is_empty() || chosen.contains(&k.source))
            .map(|k| k.source)
            .collect();
        out.dedup();
        out
    }

    /// The one source among `sources` (none if empty); several is a choice no line made.
    pub(super) fn one_source(&self, sources: &[CardId], what: &str) -> Result<Option<CardId>, Stop> {
        match sources {
            [] => Ok(None),
            [one] => Ok(Some(*one)),
            several => {
                let names: Vec<String> = several.iter().map(|&s| format!("`choosing {}`", self.label(s))).collect();
                Err(Stop::Choice { line: None, message: format!("{what}: add {}", names.join(" or ")) })
            }
        }
    }

    /// Prevents up to `n` damage to `t`. With sources named, the amount is divided among
    /// their packets in the order named, as much to each as it can take (002 Damage
    /// Prevention, 07/03/97: one or more packets); with none named there must be one packet.
    pub(super) fn prevent(&mut self, t: Target, n: u32, chosen: &[CardId], by: &str) -> Result<(), Stop> {
        let mut present: Vec<CardId> = Vec::new();
        for p in &self.game.packets {
            if p.to == t && p.amount > 0 && !present.contains(&p.source) {
                present.push(p.source);
            }
        }
        let order: Vec<CardId> = if chosen.is_empty() {
            let what = format!("{by} must choose which packet of damage to {} it prevents", self.tlabel(t));
            self.one_source(&present, &what)?.into_iter().collect()
        } else {
            chosen.iter().copied().filter(|s| present.contains(s)).collect()
        };
        let mut left = n;
        let picks = order.iter().flat_map(|&s| {
            self.game.packets.iter().enumerate().filter(move |(_, p)| p.to == t && p.source == s).map(|(i, _)| i)
        });
        for i in picks.collect::<Vec<usize>>() {
            let p = &self.game.packets[i];
            if left == 0 || p.amount == 0 {
                continue;
            }
            let k = left.min(p.amount);
            left -= k;
            let src = p.source;
            self.game.packets[i].amount -= k;
            let gone = self.game.packets[i].amount == 0;
            self.emit(
                EventKind::Prevented {
                    source: self.label(src),
                    to: self.tlabel(t),
                    amount: k,
                    by: by.to_owned(),
                    gone,
                },
                Some(if n == u32::MAX {
                    Rule::g("Damage Prevention (glossary): all damage of a type")
                } else {
                    Rule::g("Damage Prevention (glossary): a specific amount")
                }),
            );
        }
        // A packet with all its damage prevented ceases to exist.
        self.game.packets.retain(|p| p.amount > 0);
        Ok(())
    }

    /// Why an announcement cannot be played in the damage prevention step now open, if it cannot.
    fn prevention_problem(&self, an: &super::action::Announce) -> Option<String> {
        let Some(effect) = self.effect_of(an.card, an.source) else {
            return Some("it has no such effect".to_owned());
        };
        // Fourth Edition: any interrupt could be used during damage prevention.
        if self.pol.interrupts_in_prevention
            && matches!(an.source, Source::Spell(_))
            && self.kind_under_rules(an.card) == crate::cards::CardKind::Interrupt
        {
            return None;
        }
        match effect {
            Effect::PreventAllFrom(col) => self
                .sources_of_color(an.player, col, &an.packet_sources)
                .is_empty()
                .then(|| format!("there was no damage to {} from a {} source", self.pname(an.player), col.name())),
            Effect::Prevent(_, ref spec) => {
                let colors = self.colors(an.card);
                an.targets.iter().find_map(|t| {
                    let t = match *t {
                        TargetRef::Card(c) => Target::Card(c),
                        TargetRef::Player(p) => Target::Player(p),
                    };
                    if !self.has_packet(t, &an.packet_sources) && !self.pol.prevent_zero {
                        Some(format!("there was no damage to {} to prevent", self.tlabel(t)))
                    } else {
                        self.target_problem(spec, t, &colors)
                            .map(|p| format!("it could not target {}: {p}", self.tlabel(t)))
                    }
                })
            }
            Effect::Regenerate(_) if self.regeneration_in_prevention() => {
                self.regeneration_problem_4e(&Action::Announce(an.clone()))
            }
            e if self.speed(an.card, an.source, &e) == super::announce::Speed::Interrupt => {
                self.game.top().windows.is_empty().then(|| "nothing was being cast there to interrupt".to_owned())
            }
            _ if self.regeneration_in_prevention() => Some(
                "only spells and abilities that prevent or redirect damage, regenerate a creature on its way to the graveyard, or interrupt may be played there".to_owned(),
            ),
            _ => Some("only spells and abilities that prevent or redirect damage may be played there".to_owned()),
        }
    }

    /// Whether a line may be taken in the damage prevention step now open.
    fn legal_in_prevention(&self, a: &Action) -> bool {
        match a {
            Action::Announce(an) => self.prevention_problem(an).is_none(),
            Action::Regenerate(..) if self.regeneration_in_prevention() => self.regeneration_problem_4e(a).is_none(),
            Action::Pass(_) | Action::Resolve => !self.game.top().is_neutral(),
            _ => false,
        }
    }

    /// The line index ending the group at the cursor (mana lines, then one line) if `pred`
    /// accepts its last line (contract, Consumption 4: the engine peeks).
    pub(super) fn peek(&self, pred: impl Fn(&Self, &Action) -> bool) -> Option<usize> {
        if self.quiet {
            return None;
        }
        let mut j = self.cursor;
        while self.is_mana_line(&self.sc.lines.get(j)?.action) {
            j += 1;
        }
        pred(self, &self.sc.lines.get(j)?.action).then_some(j)
    }

    /// A damage prevention step (002 Damage Prevention, Sub-Steps A to D).
    pub(super) fn prevention_step(&mut self) -> Result<(), Stop> {
        if self.pol.prevention == crate::edition::PreventionTiming::NoStep {
            return self.deal_at_once();
        }
        self.game.dp_steps += 1;
        let packets = self
            .game
            .packets
            .iter()
            .map(|p| format!("{} from {} to {}", p.amount, self.label(p.source), self.tlabel(p.to)))
            .collect();
        let on_its_way = if self.destruction_stepped() { self.on_its_way_list() } else { Vec::new() };
        self.emit(EventKind::PreventionStep { number: self.game.dp_steps, packets, on_its_way }, Some(DP));
        self.depth += 1;
        self.protect_automatically();
        // Then batches of prevention, the active player first.
        let active = self.game.active;
        self.game.ctx.push(Ctx::new(CtxKind::Prevention, active));
        let r = self.prevention_batches();
        self.game.ctx.pop();
        r?;
        self.emit(
            EventKind::PreventionStepEnds { number: self.game.dp_steps },
            Some(Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step B")),
        );
        // Sub-step B: automatic redirection (trample) moves damage on, for a second step.
        let moved = if self.pol.redirection_in_step { self.redirect_automatically() } else { Vec::new() };
        // Sub-step C: the damage is successfully dealt; players lose life.
        self.deal_packets(Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step C"));
        // Sub-step D: creatures with lethal damage go to the graveyard (they may regenerate).
        // Fourth Edition: what is still on its way goes there; regeneration was in the step.
        let r = if self.destruction_stepped() {
            self.end_of_step_4e()
        } else {
            self.check_lethal(Rule::g("Spell and Ability Timing, Damage Prevention, Sub-Step D"))
        };
        self.depth -= 1;
        r?;
        if moved.is_empty() {
            return Ok(());
        }
        // 002 Sub-Step B: redirected damage is handled in a second damage prevention step.
        self.game.packets = moved;
        self.prevention_step()
    }

    /// Sub-step A's automatic prevention: protection from a colour stops damage of that colour.
    pub(super) fn protect_automatically(&mut self) {
        for i in 0..self.game.packets.len() {
            let p = self.game.packets[i].clone();
            if let Target::Card(c) = p.to
                && let Some(col) = p.colors.iter().find(|col| self.has_keyword(c, &Keyword::Protection(**col)))
            {
                let by = format!("protection from {}", col.name());
                self.game.packets[i].amount = 0;
                self.emit(
                    EventKind::Prevented {
                        source: self.label(p.source),
                        to: self.label(c),
                        amount: p.amount,
                        by,
                        gone: true,
                    },
                    Some(Rule::g("Protection from Color")),
                );
            }
        }
        self.game.packets.retain(|p| p.amount > 0);
    }

    /// The damage left is successfully dealt; players lose life.
    pub(super) fn deal_packets(&mut self, rule: Rule) {
        let packets = std::mem::take(&mut self.game.packets);
        for p in packets {
            match p.to {
                Target::Card(c) if self.is_creature_in_play(c) => {
                    let card = self.game.card_mut(c);
                    card.damage = card.damage.saturating_add(p.amount);
                    self.game.damaged.push((p.source, c));
                    self.emit(
                        EventKind::DamageDealt { source: self.label(p.source), to: self.label(c), amount: p.amount },
                        Some(rule),
                    );
                }
                Target::Player(pl) => {
                    self.game.player_damage.push((pl, p.source, p.amount));
                    self.emit(
                        EventKind::DamageDealt { source: self.label(p.source), to: self.pname(pl), amount: p.amount },
                        Some(rule),
                    );
                    self.change_life(pl, -i32::try_from(p.amount).unwrap_or(i32::MAX), Some(Rule::g("Damage")));
                }
                _ => {}
            }
        }
    }

    fn prevention_batches(&mut self) -> Result<(), Stop> {
        loop {
            if let Some(end) = self.peek(Self::legal_in_prevention) {
                while self.cursor <= end {
                    let i = self.cursor;
                    self.cursor += 1;
                    self.take(i)?;
                }
            } else if !self.game.top().is_neutral() {
                self.settle_top()?;
            } else {
                self.note_declined();
                return Ok(());
            }
        }
    }

    /// Records why the next announcement was not taken in this damage prevention step.
    fn note_declined(&mut self) {
        let Some(end) = self.peek(|_, a| matches!(a, Action::Announce(_))) else { return };
        let Action::Announce(an) = &self.sc.lines[end].action else { return };
        let Some(problem) = self.prevention_problem(an) else { return };
        if self.declined.iter().any(|(j, _)| *j == end) {
            return;
        }
        let n = self.game.dp_steps;
        let mut why = format!(
            "in damage prevention step {n} it was not taken: {problem} (GRS 07/15/97, Spell and Ability Timing, Damage Prevention)"
        );
        if self.resolving > 0 {
            why.push_str(
                "; nor could it be announced later while the batch was resolving: until the batch is empty only specialized abilities, and damage prevention in its step, may be used (GRS 07/15/97, Step 4: Resolution)",
            );
        }
        if !self.declined.iter().any(|(j, _)| *j == end) {
            self.declined.push((end, why));
        }
    }

    /// Creatures that lethal damage or toughness 0 or less would destroy now, with the cause.
    pub(super) fn dying_now(&self) -> Vec<(CardId, &'static str)> {
        self.game
            .zone(Zone::Play, None)
            .into_iter()
            .filter(|&c| self.def(c).kind.is_creature())
            .filter_map(|c| {
                let (_, t) = self.pt(c);
                if t <= 0 {
                    Some((c, "toughness 0 or less"))
                } else {
                    (i64::from(self.game.card(c).damage) >= i64::from(t)).then_some((c, "lethal damage"))
                }
            })
            .collect()
    }

    /// Creatures whose damage reaches their toughness, or whose toughness is 0 or less, are
    /// destroyed. A creature that regenerates but is still at toughness 0 or less is destroyed
    /// again at once, so only another regeneration keeps it (002 L264-266, L2463-2468).
    pub(super) fn check_lethal(&mut self, rule: Rule) -> Result<(), Stop> {
        // Each round needs a new regeneration line to keep a creature, so rounds end; the
        // bound only guards the lines' count.
        for _ in 0..64 {
            let dying = self.dying_now();
            if dying.is_empty() {
                return Ok(());
            }
            self.destroy_each(&dying, rule)?;
        }
        Ok(())
    }

    /// A local enchantment whose permanent has left play, or gained protection from the
    /// enchantment's colour, is buried (002 Enchantments).
    pub(super) fn bury_orphans(&mut self) {
        let orphans: Vec<CardId> = self
            .game
            .zone(Zone::Play, None)
            .into_iter()
            .filter(|&c| {
                self.def(c).kind == crate::cards::CardKind::LocalEnchantment
                    && self.game.card(c).enchanting.is_none_or(|e| {
                        // Protection from the enchantment's colour makes it an illegal target
                        // too (000 Protection; 002 Enchantments).
                        self.game.card(e).zone != Zone::Play
                            || self.colors(c).iter().any(|col| self.has_keyword(e, &Keyword::Protection(*col)))
                    })
            })
            .collect();
        for c in orphans {
            self.emit(
                EventKind::Buried { card: self.label(c), creature: false },
                Some(Rule::g(
                    "Rule Triggers: a local enchantment whose target becomes illegal is buried at once, not at the next trigger time",
                )),
            );
            self.put_in_graveyard(c);
        }
    }

    /// A legend entering play while one of the same name is in play is buried at once, a rule
    /// trigger faster than any interrupt; its controller is the one burying it (002 Legends,
    /// L2609-2612, L2634-2639; Rule Triggers, L995-1004).
    pub(super) fn bury_duplicate_legend(&mut self, c: CardId) -> Result<(), Stop> {
        use crate::edition::LegendRule;
        if !self.def(c).is_legend() || self.pol.legend_rule == LegendRule::Absent {
            return Ok(());
        }
        if !self.def(c).kind.is_creature() && self.pol.legend_rule == LegendRule::SummonLegendOnly {
            // 5e extended the rule to legendary lands and artifacts (002 Changes: Legends).
            self.emit(
                EventKind::PlayOut {
                    what: format!(
                        "{} is a legend but not a creature: the legend rule does not apply to it",
                        self.label(c)
                    ),
                },
                Some(Rule::g("Changes from Fourth Edition: Legends (only Summon Legend before)")),
            );
            return Ok(());
        }
        let name = self.def(c).name.clone();
        let other = self.game.zone(Zone::Play, None).into_iter().find(|&o| o != c && self.def(o).name == name);
        let Some(other) = other else { return Ok(()) };
        let creature = self.def(c).kind.is_creature();
        self.emit(
            EventKind::PlayOut {
                what: format!(
                    "{} is a legend and {} is already in play: the new one is buried",
                    self.label(c),
                    self.label(other)
                ),
            },
            Some(Rule::g("Rule Triggers: a duplicate legend is buried at once")),
        );
        self.game.buried.push(c);
        self.emit(EventKind::Buried { card: self.label(c), creature }, Some(Rule::g("Legends")));
        self.put_in_graveyard(c);
        self.bury_orphans();
        Ok(())
    }

    /// Buries permanents: no regeneration (002 Bury).
    pub(super) fn bury(&mut self, cards: &[CardId]) {
        for &c in cards {
            if self.game.card(c).zone != Zone::Play {
                continue;
            }
            let creature = self.def(c).kind.is_creature();
            self.game.buried.push(c);
            self.emit(EventKind::Buried { card: self.label(c), creature }, Some(Rule::g("Bury")));
            self.put_in_graveyard(c);
        }
        self.bury_orphans();
    }

    /// Destroys permanents; a creature being destroyed may regenerate now (002 Regeneration).
    pub(super) fn destroy(&mut self, cards: &[CardId], cause: &str, rule: Rule) -> Result<(), Stop> {
        let each: Vec<(CardId, &str)> = cards.iter().map(|&c| (c, cause)).collect();
        self.destroy_each(&each, rule)
    }

    /// Destroys permanents at once, each with its own cause.
    fn destroy_each(&mut self, cards: &[(CardId, &str)], rule: Rule) -> Result<(), Stop> {
        let mut dying: Vec<CardId> = Vec::new();
        for &(c, cause) in cards {
            if self.game.card(c).zone != Zone::Play {
                continue;
            }
            dying.push(c);
            let creature = self.def(c).kind.is_creature();
            self.emit(EventKind::BeingDestroyed { card: self.label(c), cause: cause.to_owned(), creature }, Some(rule));
        }
        // Specialized abilities: each is announced and resolved fully before the next.
        while let Some(end) = self.peek(|e, a| e.regeneration_target(a).is_some_and(|c| dying.contains(&c))) {
            // 000 Timing, Series and Batches: in a series the active player plays all of theirs
            // first; an opponent's line (mana included) means the active player has none to play.
            let active = self.game.active;
            if self.pol.specialized_series && self.sc.lines[end].action.player().is_some_and(|p| p != active) {
                self.emit(EventKind::Passes { player: self.pname(active), implied: true }, Some(SERIES));
            }
            while self.cursor < end {
                let i = self.cursor;
                self.cursor += 1;
                self.take_mana_line(i)?;
            }
            let i = self.cursor;
            self.cursor += 1;
            let line = &self.sc.lines[i];
            self.emit(EventKind::Line { number: line.number, text: line.text.clone() }, None);
            self.depth += 1;
            let r = self.regenerate(&line.action).map_err(|s| s.at_line(i));
            self.depth -= 1;
            if let Some(c) = r? {
                dying.retain(|&d| d != c);
                // A modified event starts the series again (000 Timing: specialized abilities).
                if !dying.is_empty() && self.pol.specialized_series {
                    self.emit(EventKind::SeriesRestarts { first: self.pname(active) }, Some(SERIES));
                }
            }
        }
        for c in dying {
            self.emit(EventKind::Dies { card: self.label(c) }, Some(Rule::g("Destroy")));
            self.put_in_graveyard(c);
        }
        self.bury_orphans();
        Ok(())
    }

    /// Whether a line uses a mana source: tapping for mana, or a mana source spell or ability
    /// (Dark Ritual). Mana sources are legal wherever a player may act (002 L550-559, L1119).
    pub(super) fn is_mana_line(&self, a: &Action) -> bool {
        match a {
            Action::Tap(..) => true,
            Action::Announce(an) => self
                .effect_of(an.card, an.source)
                .is_some_and(|e| self.speed(an.card, an.source, &e) == super::announce::Speed::ManaSource),
            _ => false,
        }
    }

    /// A mana line used at a special moment (before a specialized ability): nobody's priority
    /// changes, the mana just goes to the pool (002 Who Announces First: mana sources go with
    /// priority to play specialized abilities).
    pub(super) fn take_mana_line(&mut self, i: usize) -> Result<(), Stop> {
        let line = &self.sc.lines[i];
        self.emit(EventKind::Line { number: line.number, text: line.text.clone() }, None);
        self.depth = self.depth.saturating_add(1);
        let r = match &line.action {
            Action::Tap(p, c, m) => self.tap_for_mana(*p, *c, *m, false).map(|_| ()),
            Action::Announce(an) => self.effect_of(an.card, an.source).map_or(Ok(()), |e| self.mana_source(an, &e)),
            _ => Ok(()),
        }
        .map_err(|s| s.at_line(i));
        self.depth = self.depth.saturating_sub(1);
        r
    }

    /// The creature a regeneration line would save.
    pub(super) fn regeneration_target(&self, a: &Action) -> Option<CardId> {
        match a {
            Action::Regenerate(_, c) => Some(*c),
            Action::Announce(an) => match self.effect_of(an.card, an.source)? {
                Effect::Regenerate(Who::This) => Some(an.card),
                Effect::Regenerate(Who::Enchanted) => self.game.card(an.card).enchanting,
                Effect::Regenerate(Who::Target(_)) => an.targets.iter().find_map(|t| match t {
                    super::action::TargetRef::Card(c) => Some(*c),
                    super::action::TargetRef::Player(_) => None,
                }),
                _ => None,
            },
            _ => None,
        }
    }

    /// The regeneration abilities `p` can use on `c`: (card with the ability, ability index).
    pub(super) fn regeneration_sources(&self, p: PlayerId, c: CardId) -> Vec<(CardId, u8)> {
        let mut out = Vec::new();
        for s in self.game.zone(Zone::Play, Some(p)) {
            for (i, (_, e)) in self.def(s).activated().iter().enumerate() {
                let fits = match e {
                    Effect::Regenerate(Who::This) => s == c,
                    Effect::Regenerate(Who::Enchanted) => self.game.card(s).enchanting == Some(c),
                    _ => false,
                };
                if fits {
                    out.push((s, u8::try_from(i).unwrap_or(0)));
                }
            }
        }
        out
    }

    /// Uses a regeneration ability on a creature being destroyed; returns the creature saved.
    /// Why `p` has no regeneration ability for `c`.
    pub(super) fn no_regeneration_source(&self, p: PlayerId, c: CardId) -> Stop {
        // The opponent's regeneration (Regeneration on this creature) is not theirs to pay.
        if let Some(&(s, _)) = self.regeneration_sources(p.other(), c).first() {
            return Stop::illegal(
                format!(
                    "{} is controlled by {}: only a permanent's controller may pay its activation cost, whoever controls {}",
                    self.label(s),
                    self.pname(p.other()),
                    self.label(c)
                ),
                CONTROLLER_PAYS,
                None,
            );
        }
        Stop::illegal(
            format!(
                "{} has no regeneration ability that {} can use on {}",
                self.pname(p),
                self.pname(p),
                self.label(c)
            ),
            REGEN,
            None,
        )
    }

    fn regenerate(&mut self, a: &Action) -> Result<Option<CardId>, Stop> {
        let (p, source, target) = match a {
            Action::Regenerate(p, c) => {
                let srcs = self.regeneration_sources(*p, *c);
                match srcs.as_slice() {
                    [] => return Err(self.no_regeneration_source(*p, *c)),
                    [one] => (*p, *one, *c),
                    _ => {
                        return Err(Stop::Choice {
                            line: None,
                            message: format!(
                                "several regeneration abilities can save {}: write `activates CARD` to pick one",
                                self.label(*c)
                            ),
                        });
                    }
                }
            }
            Action::Announce(an) => {
                let Source::Ability(i) = an.source else {
                    return Ok(None);
                };
                let Some(target) = self.regeneration_target(a) else {
                    return Ok(None);
                };
                if self.game.card(an.card).controller != an.player {
                    return Err(Stop::illegal(
                        format!("{} does not control {}", self.pname(an.player), self.label(an.card)),
                        CONTROLLER_PAYS,
                        None,
                    ));
                }
                (an.player, (an.card, i), target)
            }
            _ => return Ok(None),
        };
        let an = super::action::Announce {
            player: p,
            card: source.0,
            source: Source::Ability(source.1),
            targets: Vec::new(),
            x: None,
            packet_sources: Vec::new(),
        };
        let id = self.announce_paid(&an, Vec::new())?;
        // 002 Step 2 still applies (only mana sources escape it); no card in the library can
        // target an ability, so the window closes at once. Step 3 is skipped: no batch.
        let caster = self.pname(p);
        self.emit(
            EventKind::WindowOpens { spell: self.slabel(id), ability: true, first: caster },
            Some(Rule::g("Spell and Ability Timing, Step 2: Interrupting a Spell/Ability")),
        );
        self.emit(
            EventKind::WindowCloses {
                spell: self.slabel(id),
                why: "no card in the library can target an ability".into(),
            },
            None,
        );
        self.emit(
            EventKind::Specialized { spell: self.slabel(id) },
            Some(Rule::g("Spell and Ability Timing, Specialized Abilities")),
        );
        self.emit(
            EventKind::Resolves { spell: self.slabel(id) },
            Some(Rule::g("Spell and Ability Timing, Step 4: Resolution")),
        );
        self.game.spell_mut(id).status = Status::Resolved;
        // Its effects nest under the resolution, like any other.
        self.depth = self.depth.saturating_add(1);
        if self.game.disintegrated.contains(&target) {
            // It may be attempted, but does nothing (002 Regeneration: "cannot regenerate").
            self.emit(
                EventKind::Fails {
                    spell: self.slabel(id),
                    reason: format!("{} cannot regenerate this turn", self.label(target)),
                },
                Some(REGEN),
            );
            self.depth = self.depth.saturating_sub(1);
            return Ok(None);
        }
        let c = self.game.card_mut(target);
        c.tapped = true;
        c.damage = 0;
        self.emit(EventKind::Regenerated { card: self.label(target) }, Some(REGEN));
        if self.pol.regenerated_leaves_combat {
            self.remove_from_combat(target, "it regenerated");
        } else if self.game.combat.as_ref().is_some_and(|cb| cb.in_combat(target)) {
            // Alpha: tapped, it stays in the combat; a tapped blocker deals no damage.
            self.emit(
                EventKind::Lasting {
                    what: format!(
                        "{} stays in the combat, tapped (a tapped blocker deals no damage)",
                        self.label(target)
                    ),
                },
                Some(Rule::a(
                    "p.27: a regenerated creature is tapped; p.25-26: blocks stand, a tapped blocker deals no damage",
                )),
            );
        }
        self.depth = self.depth.saturating_sub(1);
        Ok(Some(target))
    }
}
