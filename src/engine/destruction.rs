//! Destruction at once (5e, Alpha): lethal damage and toughness checks, destroy and bury,
//! local enchantments and duplicate legends going to the graveyard, and the mana lines that
//! may come before a regeneration at those moments (002 Destroy, Bury, Rule Triggers, Legends).

use super::action::Action;
use super::script::Decision;
use super::script::Driver as _;
use super::state::{CardId, Check, Zone};
use super::{Engine, Stop};
use crate::grammar::ability::Keyword;
use crate::trace::{EventKind, Rule};

const SERIES: Rule = Rule::r5("Timing: Series and Batches; Specialized Abilities");

impl Engine<'_> {
    /// Creatures that lethal damage or toughness 0 or less would destroy now, with the cause.
    pub(super) fn dying_now(&self) -> Vec<(CardId, &'static str)> {
        let all = super::query::power_toughness_all(self.lib, &self.game);
        self.game
            .zone(Zone::Play, None)
            .into_iter()
            .filter(|&c| self.is_creature(c))
            .filter_map(|c| {
                let (_, t) = all.get(usize::from(c.0)).copied().unwrap_or_else(|| self.pt(c));
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
    /// Looks only when the journal shows a change that could matter since the last look that
    /// found nobody dying (see [`Check::reads`]).
    pub(super) fn check_lethal(&mut self, rule: Rule) -> Result<(), Stop> {
        if !self.game.changed_for(Check::Lethal) {
            // Every test run checks the journal's claim against a full look.
            debug_assert!(self.dying_now().is_empty(), "a change to damage or toughness missed the journal");
            self.game.checked(Check::Lethal);
            return Ok(());
        }
        // Each round needs a new regeneration line to keep a creature, so rounds end; the
        // bound only guards the lines' count.
        for _ in 0..64 {
            let dying = self.dying_now();
            if dying.is_empty() {
                self.game.checked(Check::Lethal);
                return Ok(());
            }
            self.destroy_each(&dying, rule)?;
        }
        Err(Stop::Unsupported {
            line: None,
            message: "creatures kept dying and regenerating for 64 rounds: a loop that would not end, stopped here"
                .to_owned(),
        })
    }

    /// The checks 002 makes at once whenever what they read changes (Rule Triggers; Damage:
    /// lethal damage is checked whenever damage or toughness changes), each run only when the
    /// journal shows such a change: lethal damage and toughness, unless they are state-based
    /// actions checked when a player would next receive priority (m13: 001 L332, L540); then
    /// local enchantments with nothing to enchant, and control from enchantments.
    pub(super) fn state_checks(&mut self, rule: Rule) -> Result<(), Stop> {
        // (In sub-step C the dead wait for sub-step D: 002 L1185-1187.)
        if self.pol.life_check != crate::edition::LifeCheck::StateBased && !self.side_effects {
            self.check_lethal(rule)?;
        }
        self.bury_orphans();
        Ok(())
    }

    /// Local enchantments in play that enchant nothing they may enchant.
    fn orphans(&self) -> Vec<CardId> {
        self.game
            .zone(Zone::Play, None)
            .into_iter()
            .filter(|&c| {
                self.kind(c) == crate::cards::CardKind::LocalEnchantment
                    && self.game.card(c).enchanting.is_none_or(|e| {
                        // Protection from the enchantment's colour makes it an illegal target
                        // too (000 Protection; 002 Enchantments).
                        self.game.card(e).zone != Zone::Play
                            || self.colors(c).iter().any(|col| self.has_keyword(e, &Keyword::Protection(*col)))
                            // What it enchants stopped being of its kind: a de-animated land
                            // loses its creature enchantments (002 L1309-1311).
                            || self.def(c).enchant_target().is_some_and(|t| {
                                let ch = self.chars(e);
                                !t.kinds.iter().any(|k| ch.fits(*k))
                            })
                    })
            })
            .collect()
    }

    /// A local enchantment whose permanent has left play, or gained protection from the
    /// enchantment's colour, is buried (002 Enchantments).
    pub(super) fn bury_orphans(&mut self) {
        // City in a Bottle reads zones and tapping, which the attachments check does not
        // follow: it looks every time (a scan of the permanents' abilities).
        self.bury_by_expansion();
        // Only when something it reads changed; what it changes itself is looked at next time.
        if !self.game.changed_for(Check::Attachments) {
            // Every test run checks the journal's claim against a full look.
            debug_assert!(self.orphans().is_empty(), "a change to attachments missed the journal");
            self.game.checked(Check::Attachments);
            return;
        }
        self.game.checked(Check::Attachments);
        for c in self.orphans() {
            if self.on_the_stack() {
                self.emit(
                    EventKind::PlayOut {
                        what: format!(
                            "{} enchants nothing it may enchant: it is put into its owner's graveyard",
                            self.label(c)
                        ),
                    },
                    Some(Rule::m("Aura (L685); Destroy (L854): not destroyed, put into the graveyard")),
                );
                self.put_in_graveyard(c);
                continue;
            }
            self.emit(
                EventKind::Buried { card: self.label(c), creature: false },
                Some(Rule::g(
                    "Rule Triggers: a local enchantment whose target becomes illegal is buried at once, not at the next trigger time",
                )),
            );
            self.put_in_graveyard(c);
        }
        self.sync_control();
    }

    /// The expansions barred by permanents in play (City in a Bottle: `SET cards cannot be
    /// played`, `other SET cards in play are buried`), each with its source and whether it
    /// buries (`true`) or forbids play (`false`). A tapped artifact's are off (002 L1339-1342).
    pub(super) fn barred_sets(&self) -> Vec<(CardId, String, bool)> {
        let mut out = Vec::new();
        for src in self.game.zone(Zone::Play, None) {
            if self.game.card(src).tapped
                && self.kind(src) == crate::cards::CardKind::Artifact
                && !self.is_creature(src)
                && self.pol.tapped_artifacts_off
            {
                continue;
            }
            for a in &self.def(src).abilities {
                match a {
                    crate::grammar::ability::Ability::Static(crate::grammar::ability::Effect::BuryOtherOfSet(s)) => {
                        out.push((src, s.clone(), true));
                    }
                    crate::grammar::ability::Ability::Static(crate::grammar::ability::Effect::SetCannotBePlayed(s)) => {
                        out.push((src, s.clone(), false))
                    }
                    _ => {}
                }
            }
        }
        out
    }

    /// Refuses to play card `c` if a permanent in play bars its expansion.
    pub(super) fn check_expansion(&self, c: CardId) -> Result<(), Stop> {
        let Some(set) = self.def(c).set.as_deref() else { return Ok(()) };
        match self.barred_sets().into_iter().find(|(_, s, bury)| !bury && s.eq_ignore_ascii_case(set)) {
            Some((by, set, _)) => Err(Stop::refuse(super::refusal::Refusal::ExpansionBarred { card: c, by, set })),
            None => Ok(()),
        }
    }

    /// Buries every other permanent bearing an expansion symbol that a permanent in play buries
    /// (City in a Bottle), as soon as both are in play.
    fn bury_by_expansion(&mut self) {
        let barred = self.barred_sets();
        if !barred.iter().any(|(_, _, bury)| *bury) {
            return;
        }
        for c in self.game.zone(Zone::Play, None) {
            let Some(set) = self.def(c).set.clone() else { continue };
            let by = barred.iter().find(|(src, s, bury)| *bury && *src != c && s.eq_ignore_ascii_case(&set));
            if let Some((src, s, _)) = by {
                self.emit(
                    EventKind::PlayOut {
                        what: format!(
                            "{} bears the {s} expansion symbol and {} buries every other {s} card in play",
                            self.label(c),
                            self.label(*src)
                        ),
                    },
                    Some(Rule::g("Token Creatures: \"expansion killer\" cards such as City in a Bottle read the expansion symbol")),
                );
                self.bury(&[c]);
            }
        }
    }

    /// Control from enchantments (Control Magic): a creature is controlled by the controller of
    /// the newest such enchantment on it, and goes back to its earlier controller when none is
    /// left; coming under a new controller gives it summoning sickness (002 L3579-3580).
    pub(super) fn sync_control(&mut self) {
        let in_play = self.game.zone(Zone::Play, None);
        let sources: Vec<CardId> = in_play
            .iter()
            .copied()
            .filter(|&e| {
                self.game.card(e).enchanting.is_some()
                    && self.def(e).statics().any(|x| *x == crate::grammar::ability::Effect::ControlEnchanted)
            })
            .collect();
        for c in in_play {
            let src = sources
                .iter()
                .copied()
                .filter(|&e| self.game.card(e).enchanting == Some(c))
                .max_by_key(|&e| self.game.card(e).seq);
            // A control change until end of turn (Wellspring) competes by timestamp with the
            // enchantments' (002 Order to Apply Effects: the newest wins).
            let until_eot = self.game.controls_until_eot().iter().filter(|e| e.0 == c).max_by_key(|e| e.2).copied();
            let card = self.game.card(c);
            let (want, src) = match (src, until_eot) {
                (Some(e), Some((_, p, stamp))) if stamp > self.game.card(e).seq => (Some(p), None),
                (Some(e), _) => (Some(self.game.card(e).controller), Some(e)),
                (None, Some((_, p, _))) => (Some(p), None),
                (None, None) => (card.control_base, None),
            };
            let held = src.is_some() || until_eot.is_some();
            let Some(want) = want else { continue };
            let was = card.controller;
            let base = card.control_base;
            self.game.set_control_base(c, if held { Some(base.unwrap_or(was)) } else { None });
            if want != was {
                self.game.set_controller(c, want);
                self.game.set_sick(c, true);
                let why = match (src, until_eot) {
                    (Some(e), _) => self.label(e),
                    (None, Some(_)) => "until end of turn".to_owned(),
                    (None, None) => "the control effect has ended".to_owned(),
                };
                self.emit(
                    EventKind::PlayOut {
                        what: format!("{} comes under {}'s control ({why})", self.label(c), self.pname(want)),
                    },
                    Some(Rule::g("Controller, Caster and Owner")),
                );
            }
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
        if self.pol.legend_rule == LegendRule::AllCopies {
            self.legend_rule_all_copies(c);
            return Ok(());
        }
        if !self.is_creature(c) && self.pol.legend_rule == LegendRule::SummonLegendOnly {
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
        let creature = self.is_creature(c);
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

    /// The enchant world rule: when an enchant world comes into play, any other one already
    /// in play is buried (002 Enchant World, L2272-2275).
    pub(super) fn bury_older_worlds(&mut self, c: CardId) {
        if !self.def(c).is_world() {
            return;
        }
        let older: Vec<CardId> =
            self.game.zone(Zone::Play, None).into_iter().filter(|&o| o != c && self.def(o).is_world()).collect();
        for o in older {
            self.emit(
                EventKind::PlayOut {
                    what: format!(
                        "{} is an enchant world and {} is already in play: only one may be, so the older is buried",
                        self.label(c),
                        self.label(o)
                    ),
                },
                Some(Rule::g("Enchant World")),
            );
            self.game.buried.push(o);
            self.emit(EventKind::Buried { card: self.label(o), creature: false }, Some(Rule::g("Enchant World")));
            self.put_in_graveyard(o);
        }
        self.bury_orphans();
    }

    /// Buries permanents: no regeneration (002 Bury).
    pub(super) fn bury(&mut self, cards: &[CardId]) {
        for &c in cards {
            if self.game.card(c).zone != Zone::Play {
                continue;
            }
            let creature = self.is_creature(c);
            self.game.buried.push(c);
            if self.on_the_stack() {
                // 001 has no "bury": the modern texts say "destroy ... it can't be regenerated".
                self.emit(
                    EventKind::PlayOut { what: format!("{} is destroyed; it can't be regenerated", self.label(c)) },
                    Some(Rule::m(
                        "Destroy (L852); Regenerate (L1215): \"can't be regenerated\" leaves no shield to use",
                    )),
                );
                self.put_in_graveyard(c);
                continue;
            }
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
        if self.pol.regeneration == crate::edition::RegenerationUse::Shield {
            self.destroy_with_shields(cards, rule);
            return Ok(());
        }
        let mut dying: Vec<CardId> = Vec::new();
        for &(c, cause) in cards {
            if self.game.card(c).zone != Zone::Play {
                continue;
            }
            dying.push(c);
            let creature = self.is_creature(c);
            self.emit(EventKind::BeingDestroyed { card: self.label(c), cause: cause.to_owned(), creature }, Some(rule));
        }
        // Specialized abilities: each is announced and resolved fully before the next.
        while let Some(answer) = self.offered(&Decision::Regenerate { dying: &dying }) {
            let end = answer.last;
            let Some(action) = self.action_of(end) else { break };
            // 000 Timing, Series and Batches: in a series the active player plays all of theirs
            // first; an opponent's line (mana included) means the active player has none to play.
            let active = self.game.active;
            if self.pol.specialized_series && action.player().is_some_and(|p| p != active) {
                self.emit(EventKind::Passes { player: self.pname(active), implied: true }, Some(SERIES));
            }
            while self.driver.position() < end {
                let Some(i) = self.driver.take() else { break };
                self.take_mana_line(i)?;
            }
            let Some(i) = self.take_line() else { break };
            self.depth += 1;
            let r = self.regenerate(&action).map_err(|s| s.at_line(i));
            self.depth -= 1;
            if let Some(c) = r? {
                dying.retain(|&d| d != c);
                // A modified event starts the series again (000 Timing: specialized abilities).
                if !dying.is_empty() && self.pol.specialized_series {
                    self.emit(EventKind::SeriesRestarts { first: self.pname(active) }, Some(SERIES));
                }
            }
        }
        if !dying.is_empty() {
            let names = self.labels(&dying);
            self.note_passed_by_go_to(
                |e, a| e.regeneration_target(a).is_some_and(|c| dying.contains(&c)),
                &format!("as {names} {} being destroyed", if dying.len() > 1 { "were" } else { "was" }),
            );
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
        self.show_line(i);
        self.depth = self.depth.saturating_add(1);
        let r = match self.action_of(i) {
            Some(Action::Tap(p, c, m)) => self.tap_for_mana(p, c, m, false).map(|_| ()),
            Some(Action::Announce(an)) => {
                self.effect_of(an.card, an.source).map_or(Ok(()), |e| self.mana_source(&an, &e))
            }
            _ => Ok(()),
        }
        .map_err(|s| s.at_line(i));
        self.depth = self.depth.saturating_sub(1);
        r
    }
}
