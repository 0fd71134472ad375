//! From a scenario file to a validated game and bound lines (the only fallible set-up step).

use super::RawScenario;
use crate::cards::Library;
use crate::diagnostic::Diagnostic;
use crate::edition::{Edition, Policies};
use crate::engine::Setup;
use crate::engine::action::{Goal, Line};
use crate::engine::state::{AttackStep, Card, CardId, Combat, Game, Player, PlayerId};
use crate::grammar::action::parse_action;
use crate::grammar::expect::{Fate, ZoneName, parse_expectation};
use crate::grammar::{Lexicon, NameKind};
use crate::span::{Span, Spanned};
use crate::yaml::{RawText, locate};

/// An expectation, bound.
#[derive(Clone, Debug)]
pub enum ExpectKind {
    /// Life total.
    Life(PlayerId, i64),
    /// Zone, with an optional owner.
    Zone(CardId, ZoneName, Option<PlayerId>),
    /// Tapped or untapped.
    Tapped(CardId, bool),
    /// Damage.
    Damage(CardId, u32),
    /// Power/toughness.
    Pt(CardId, i64, i64),
    /// Counters.
    Counters(CardId, u32, String),
    /// Has (true) or does not have a creature or land type.
    Subtype(CardId, String, bool),
    /// Is (true) or is not of a colour.
    Color(CardId, crate::grammar::mana::Color, bool),
    /// Has (true) or does not have a keyword.
    Keyword(CardId, crate::grammar::ability::Keyword, bool),
    /// Fate of the N-th (or every) announcement from a card.
    Fate(Option<u32>, CardId, Fate),
    /// Mana burn.
    Burned(PlayerId, u32),
    /// Lost.
    Lost(PlayerId),
    /// Won.
    Won(PlayerId),
    /// Nobody lost.
    NobodyLost,
    /// Damage prevention steps.
    DpSteps(u32),
    /// Illegal line containing text.
    Illegal(String),
    /// Trace contains text.
    TraceContains(String),
}

/// One expectation line.
#[derive(Clone, Debug)]
pub struct Expect {
    /// As written.
    pub text: String,
    /// What it checks.
    pub kind: ExpectKind,
}

/// A loaded scenario, ready to run.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// Title.
    pub title: String,
    /// Question.
    pub question: Option<String>,
    /// Citation.
    pub source: Option<String>,
    /// Expectations.
    pub expects: Vec<Expect>,
    /// What the engine plays.
    pub setup: Setup,
}

pub(super) fn unsupported(what: &str, span: Span) -> Diagnostic {
    Diagnostic::new(format!("{what} is not supported yet"), span, "not supported yet").with_help(
        "this engine plays Fifth Edition, and Fourth Edition in part; this part of the format is not built yet",
    )
}

pub(super) fn flag(raw: Option<&RawText>, src: &str, what: &str) -> Result<bool, Diagnostic> {
    let Some(raw) = raw else { return Ok(false) };
    let t = locate(raw, src);
    match t.node.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Diagnostic::new(format!("`{what}` must be true or false"), t.span, "expected true or false")),
    }
}

/// Loads a scenario from its text, with `library` as the cards known before its `cards:`.
///
/// # Errors
/// The first thing in the file that cannot be read or understood, with its position.
pub fn load_scenario(src: &str, library: &Library) -> Result<Scenario, Diagnostic> {
    load_scenario_as(src, library, None)
}

/// Loads a scenario to be played under `rules` instead of its own `rules:` when given
/// (`judge run --rules`, `judge diff`): phase names are read against those rules.
///
/// # Errors
/// As [`load_scenario`].
pub fn load_scenario_as(src: &str, library: &Library, rules: Option<Edition>) -> Result<Scenario, Diagnostic> {
    let raw: RawScenario = crate::yaml::from_str(src)?;
    let mut loader = Loader::new(src, library.clone());
    loader.rules = rules;
    loader.load(raw)
}

/// Why a scenario with goals could not be loaded.
#[derive(Debug)]
pub enum GoalError {
    /// The file (a diagnostic against its text).
    File(Diagnostic),
    /// Goal number `.0` (a diagnostic against the goal's own text).
    Goal(usize, Diagnostic),
}

/// Loads a scenario whose expectations are `goals` (expectation lines given apart from the
/// file, `judge explore --goal`), in place of the file's own.
///
/// # Errors
/// The file's first problem, or the first goal that cannot be read against the scenario.
pub fn load_scenario_with_goals(src: &str, library: &Library, goals: &[String]) -> Result<Scenario, GoalError> {
    let raw: RawScenario = crate::yaml::from_str(src).map_err(GoalError::File)?;
    let mut loader = Loader::new(src, library.clone());
    loader.goals = Some(goals.to_vec());
    loader.load(raw).map_err(|mut d| match d.span.filter(|s| s.offset >= GOAL_BASE) {
        Some(sp) => {
            // Point into the goal's own text.
            let i = (sp.offset - GOAL_BASE) / GOAL_STRIDE;
            d.span = Some(Span::new(sp.offset - GOAL_BASE - i * GOAL_STRIDE, sp.len));
            GoalError::Goal(i, d)
        }
        None => GoalError::File(d),
    })
}

/// Goal `i` is bound as if written at `GOAL_BASE + i * GOAL_STRIDE`, so a diagnostic names it.
const GOAL_BASE: usize = 1 << 40;
const GOAL_STRIDE: usize = 1 << 20;

pub(super) struct Loader<'s> {
    /// Rules that override the file's `rules:`.
    pub(super) rules: Option<Edition>,
    pub(super) src: &'s str,
    pub(super) lib: Library,
    pub(super) lex: Lexicon,
    pub(super) players: Vec<String>,
    pub(super) cards: Vec<Card>,
    pub(super) aliases: Vec<(String, CardId)>,
    /// Each alias in ASCII lowercase, for lookups.
    pub(super) alias_index: std::collections::HashMap<String, CardId>,
    pub(super) labels: Vec<String>,
    /// Creatures written `attacking`, with the state's span.
    pub(super) attacking: Vec<(CardId, Span)>,
    /// Blockers written `blocking REF`, with the attacker and the state's span.
    pub(super) blocking: Vec<(CardId, CardId, Span)>,
    /// Where the first combat state is written, for errors.
    pub(super) combat_state: Option<Span>,
    /// Expectations given apart from the file, bound in place of its own.
    pub(super) goals: Option<Vec<String>>,
}

impl<'s> Loader<'s> {
    fn new(src: &'s str, lib: Library) -> Self {
        Self {
            src,
            lib,
            lex: Lexicon::new(),
            players: Vec::new(),
            cards: Vec::new(),
            aliases: Vec::new(),
            alias_index: std::collections::HashMap::new(),
            labels: Vec::new(),
            attacking: Vec::new(),
            blocking: Vec::new(),
            combat_state: None,
            rules: None,
            goals: None,
        }
    }

    pub(super) fn loc(&self, raw: &RawText) -> Spanned<String> {
        locate(raw, self.src)
    }

    #[allow(clippy::too_many_lines)]
    fn load(mut self, raw: RawScenario) -> Result<Scenario, Diagnostic> {
        if let Some(f) = &raw.format {
            let f = self.loc(f);
            if f.node.trim() != "1" {
                return Err(Diagnostic::new(
                    format!("format `{}` is not known", f.node),
                    f.span,
                    "this engine reads format 1",
                ));
            }
        }
        let edition = match &raw.rules {
            _ if let Some(e) = self.rules => e,
            Some(r) => {
                let r = self.loc(r);
                Edition::from_name(&r.node).ok_or_else(|| {
                    Diagnostic::new(format!("unknown rules `{}`", r.node), r.span, "expected 5e, 4e, alpha or m13")
                })?
            }
            None => Edition::Fifth,
        };
        let policies = edition.policies();
        // The cards as these rules read them: a card's `editions:` variant, if it has one.
        self.lib = std::mem::take(&mut self.lib).under(policies.card_key);
        let costs_free = match &raw.costs {
            Some(c) => {
                let c = self.loc(c);
                match c.node.trim() {
                    "paid" => false,
                    "free" => true,
                    _ => {
                        return Err(Diagnostic::new(
                            format!("unknown costs `{}`", c.node),
                            c.span,
                            "expected paid or free",
                        ));
                    }
                }
            }
            None => false,
        };
        let attacked = flag(raw.attacked.as_ref(), self.src, "attacked")?;
        let first_turn = flag(raw.first_turn.as_ref(), self.src, "first_turn")?;

        // Cards the scenario defines come after the built-in library and `--cards`.
        if !raw.cards.is_empty() {
            self.lib.add_source(&raw.cards, "this scenario's `cards:`", self.src)?;
        }
        let redefinitions = self.lib.redefined.clone();
        // Card names are looked up in the (shared) library, not copied into the lexicon.
        self.lex = Lexicon::with_cards(self.lib.clone());

        // Players, in file order.
        if raw.players.0.len() != 2 {
            let at = raw.players.0.first().map_or(Span::new(0, 0), |(k, _)| self.loc(k).span);
            return Err(Diagnostic::new(
                format!("a scenario has exactly two players, found {}", raw.players.0.len()),
                at,
                "players",
            ));
        }
        for (k, _) in &raw.players.0 {
            let k = self.loc(k);
            if k.node.is_empty() || k.node.contains(' ') {
                return Err(Diagnostic::new("a player's name is one word", k.span, "expected one word"));
            }
            if self.lib.find(&k.node).is_some() {
                return Err(Diagnostic::new(
                    format!("player `{}` has a card's name", k.node),
                    k.span,
                    "choose another name",
                ));
            }
            self.players.push(k.node.clone());
        }
        if self.players[0].eq_ignore_ascii_case(&self.players[1]) {
            let k = self.loc(&raw.players.0[1].0);
            return Err(Diagnostic::new("the two players have the same name", k.span, "choose another name"));
        }
        for p in self.players.clone() {
            self.lex.add(&p, NameKind::Player);
        }

        // Zones: in_play, hand, graveyard, library for each player (the order `NAME#N` counts in).
        let mut players = Vec::new();
        let mut pending_states = Vec::new();
        for (pi, (_, rp)) in raw.players.0.iter().enumerate() {
            let pid = PlayerId(u8::try_from(pi).unwrap_or(0));
            players.push(self.player(pid, rp, &mut pending_states)?);
        }
        // States that name other cards, now that every alias is known.
        for (card, state, _, text) in pending_states {
            self.bind_state(card, &state, &text)?;
        }
        self.make_labels();

        let turn = self.loc(&raw.turn);
        let active = self.player_named(&turn.node).ok_or_else(|| {
            Diagnostic::new(
                format!("`{}` is not a player of this scenario", turn.node),
                turn.span,
                format!("expected {} or {}", self.players[0], self.players[1]),
            )
        })?;
        let phase = match &raw.phase {
            Some(p) => {
                let p = self.loc(p);
                self.phase_index(&p, &policies)?
            }
            None => policies.main_phase(),
        };
        let mut combat = self.starting_combat(raw.step.as_ref(), phase, &policies, active)?;
        // Starting at a damage step or at the end of combat means that step is about to be
        // played: play starts just before it (after blocks), and the engine plays it first.
        let start_step = combat.as_ref().map(|c| c.step).filter(|&s| s > AttackStep::AfterBlocks);
        if let (Some(cb), Some(step)) = (combat.as_mut(), start_step) {
            cb.step = AttackStep::AfterBlocks;
            if step > AttackStep::FirstStrikeDamage {
                // The first strike step is over: its creatures have dealt their damage.
                cb.first_strikers = cb
                    .attackers
                    .iter()
                    .chain(cb.blocks.iter().flat_map(|(_, bs)| bs.iter()))
                    .copied()
                    .filter(|&c| {
                        self.lib
                            .get(self.cards[usize::from(c.0)].def)
                            .has_keyword(&crate::grammar::ability::Keyword::FirstStrike)
                    })
                    .collect();
            }
        }
        let attacked = attacked || combat.is_some();
        let stop = match &raw.stop {
            Some(s) => {
                let s = self.loc(s);
                Some(self.goal(&s.node, s.span, &policies)?)
            }
            None => None,
        };
        let [p0, p1]: [Player; 2] = players.try_into().map_err(|_| Diagnostic::whole_file("two players expected"))?;
        let mut game = Game::new(self.cards.clone(), [p0, p1], active, phase, combat);
        game.attacked = attacked;
        game.first_turn = first_turn;

        let mut lines = Vec::new();
        for (n, raw_line) in raw.actions.iter().enumerate() {
            let text = self.loc(raw_line);
            let syntax = parse_action(&text.node, &self.lex).map_err(|e| e.diagnostic(&text, "action line"))?;
            let action = self.bind_action(&syntax, &text, &policies)?;
            lines.push(Line { number: n + 1, text: text.node.clone(), span: text.span, action });
        }
        let mut expects = Vec::new();
        if let Some(goals) = &self.goals {
            for (i, g) in goals.iter().enumerate() {
                let text = Spanned { node: g.clone(), span: Span::new(GOAL_BASE + i * GOAL_STRIDE, g.len()) };
                let syntax = parse_expectation(&text.node, &self.lex).map_err(|e| e.diagnostic(&text, "goal"))?;
                let kind = self.bind_expect(&syntax, &text)?;
                expects.push(Expect { text: text.node.clone(), kind });
            }
        }
        for raw_e in raw.expect.iter().filter(|_| self.goals.is_none()) {
            let text = self.loc(raw_e);
            let syntax = parse_expectation(&text.node, &self.lex).map_err(|e| e.diagnostic(&text, "expectation"))?;
            let kind = self.bind_expect(&syntax, &text)?;
            expects.push(Expect { text: text.node.clone(), kind });
        }
        let players = [self.players[0].clone(), self.players[1].clone()];
        Ok(Scenario {
            title: raw.scenario.value.0.clone(),
            question: raw.question.map(|q| q.value.0),
            source: raw.source.map(|s| s.value.0),
            expects,
            setup: Setup {
                policies,
                costs_free,
                players,
                labels: self.labels,
                game,
                lines,
                stop,
                start_step,
                library: self.lib,
                redefinitions,
            },
        })
    }

    pub(super) fn player_named(&self, name: &str) -> Option<PlayerId> {
        self.players.iter().position(|p| p.eq_ignore_ascii_case(name)).and_then(|i| u8::try_from(i).ok()).map(PlayerId)
    }

    /// The attack a scenario starts inside (`step:` with `attacking` / `blocking` states).
    fn starting_combat(
        &self,
        step: Option<&RawText>,
        phase: usize,
        pol: &Policies,
        active: PlayerId,
    ) -> Result<Option<Combat>, Diagnostic> {
        // Attackers are the active player's creatures, blockers the defender's.
        let creature_of = |c: CardId, p: PlayerId| {
            let card = &self.cards[usize::from(c.0)];
            card.controller == p && self.lib.get(card.def).kind.is_creature()
        };
        for &(c, sp) in &self.attacking {
            if !creature_of(c, active) {
                return Err(Diagnostic::new(
                    format!(
                        "`{}` cannot be attacking: only {}'s creatures attack this turn",
                        self.labels[usize::from(c.0)],
                        self.players[active.ix()]
                    ),
                    sp,
                    "not an attacker",
                ));
            }
        }
        for &(b, _, sp) in &self.blocking {
            if !creature_of(b, active.other()) {
                return Err(Diagnostic::new(
                    format!(
                        "`{}` cannot be blocking: only {}'s creatures block this turn",
                        self.labels[usize::from(b.0)],
                        self.players[active.other().ix()]
                    ),
                    sp,
                    "not a blocker",
                ));
            }
        }
        let Some(raw) = step else {
            return match self.combat_state {
                Some(sp) => Err(Diagnostic::new(
                    "`attacking` and `blocking` need the header `step:`",
                    sp,
                    "no attack in progress",
                )
                .with_help("add `step: after blocks` (or the step the scenario starts in)")),
                None => Ok(None),
            };
        };
        let s = self.loc(raw);
        let name = s.node.trim().to_lowercase();
        let Some(step) = step_named(pol, &name) else {
            return Err(Diagnostic::new(format!("`{}` is not a step of the attack", s.node), s.span, "unknown step")
                .with_help(format!("the steps are: {}", step_names(pol))));
        };
        if pol.phases.get(phase) != Some(&"main") {
            return Err(Diagnostic::new("an attack happens inside the main phase", s.span, "write `phase: main`"));
        }
        if step < AttackStep::DeclareAttackers && !self.attacking.is_empty() {
            return Err(Diagnostic::new(
                format!("no attacker is declared yet in the {} step", step.name()),
                s.span,
                "too early for `attacking`",
            )
            .with_help("attackers are declared in the declare attackers step"));
        }
        if step > AttackStep::DeclareAttackers && step < AttackStep::EndOfCombat && self.attacking.is_empty() {
            return Err(Diagnostic::new(
                format!("the attack is in its {} step but no creature is `attacking`", step.name()),
                s.span,
                "no attackers",
            )
            .with_help("mark attackers with the state `attacking`"));
        }
        let mut combat = Combat::new(step);
        combat.attackers = self.attacking.iter().map(|(c, _)| *c).collect();
        for &(b, a, sp) in &self.blocking {
            if !self.attacking.iter().any(|(c, _)| *c == a) {
                return Err(Diagnostic::new(
                    format!("`{}` is not attacking", self.labels[usize::from(a.0)]),
                    sp,
                    "not an attacker",
                ));
            }
            if step < AttackStep::DeclareBlockers {
                return Err(Diagnostic::new(
                    format!("blockers are declared later than the {} step", step.name()),
                    sp,
                    "too early",
                ));
            }
            match combat.blocks.iter_mut().find(|(x, _)| *x == a) {
                Some((_, bs)) => bs.push(b),
                None => combat.blocks.push((a, vec![b])),
            }
        }
        Ok(Some(combat))
    }

    pub(super) fn phase_index(&self, p: &Spanned<String>, pol: &Policies) -> Result<usize, Diagnostic> {
        let name = p.node.trim().to_lowercase();
        if let Some(i) = phase_position(pol, &name) {
            if name == "untap" || name == "cleanup" || Some(name.as_str()) == pol.healing_phase {
                return Err(unsupported(&format!("starting in the {name} phase"), p.span));
            }
            return Ok(i);
        }
        if step_named(pol, &name).is_some() {
            return Err(Diagnostic::new(format!("`{name}` is a step of the attack, not a phase"), p.span, "a step")
                .with_help("write `phase: main` and `step: NAME` to start inside an attack"));
        }
        Err(Diagnostic::new(format!("`{}` is not a phase of {}", p.node, pol.edition.name()), p.span, "unknown phase")
            .with_help(format!("the phases are: {}", pol.phases.join(", "))))
    }

    pub(super) fn goal(&self, text: &str, span: Span, pol: &Policies) -> Result<Goal, Diagnostic> {
        let name = text.trim().to_lowercase();
        match name.as_str() {
            "end of turn" => Ok(Goal::EndOfTurn),
            "next turn" => Ok(Goal::NextTurn),
            _ => {
                if let Some(i) = phase_position(pol, &name) {
                    return Ok(Goal::Phase(i));
                }
                if let Some(step) = step_named(pol, &name) {
                    return Ok(Goal::Step(step));
                }
                if AttackStep::from_name(&name).is_some() {
                    return Err(Diagnostic::new(
                        format!("`{text}` is not a step of {}", pol.edition.name()),
                        span,
                        "unknown step",
                    )
                    .with_help(format!("the steps are: {}", step_names(pol))));
                }
                Err(Diagnostic::new(
                    format!("`{text}` is not a phase of {}", pol.edition.name()),
                    span,
                    "unknown phase",
                )
                .with_help(format!(
                    "the phases are: {}; `end of turn` and `next turn` also work",
                    pol.phases.join(", ")
                )))
            }
        }
    }
}

/// M13 rules: the steps of the combat phase (001 L500-522), with the Fifth Edition names of the
/// moments after each declaration and of the damage kept as aliases.
const M13_STEPS: &[(&str, AttackStep)] = &[
    ("beginning of combat", AttackStep::DeclareAttack),
    ("declare attackers", AttackStep::DeclareAttackers),
    ("before blocks", AttackStep::BeforeBlocks),
    ("declare blockers", AttackStep::DeclareBlockers),
    ("after blocks", AttackStep::AfterBlocks),
    ("first strike damage", AttackStep::FirstStrikeDamage),
    ("combat damage", AttackStep::Damage),
    ("damage", AttackStep::Damage),
    ("end of combat", AttackStep::EndOfCombat),
];

/// The step of the attack a name gives under these rules.
fn step_named(pol: &Policies, name: &str) -> Option<AttackStep> {
    if pol.combat == crate::edition::CombatPlace::OwnPhase {
        return M13_STEPS.iter().find(|(n, _)| *n == name).map(|(_, s)| *s);
    }
    AttackStep::from_name(name)
}

/// The step names valid under these rules, for help texts.
fn step_names(pol: &Policies) -> String {
    if pol.combat == crate::edition::CombatPlace::OwnPhase {
        return M13_STEPS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
    }
    AttackStep::ALL.iter().map(|x| x.name()).collect::<Vec<_>>().join(", ")
}

/// A phase's index under these rules; `cleanup` names the phase where damage wears off, which
/// Fourth Edition called Heal Creatures (002 Changes: Turn Order), so one file runs under both.
fn phase_position(pol: &Policies, name: &str) -> Option<usize> {
    let name = if name == "cleanup" { pol.healing_phase? } else { name };
    pol.phases.iter().position(|&x| x == name)
}
