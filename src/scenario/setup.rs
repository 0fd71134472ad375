//! From a scenario file to a validated game and bound lines (the only fallible set-up step).

use super::{RawPlayer, RawScenario};
use crate::cards::{CardKind, DefId, Library, Redefinition};
use crate::diagnostic::Diagnostic;
use crate::edition::{Edition, Policies};
use crate::engine::action::{Action, Announce, Goal, TargetRef};
use crate::engine::state::{Card, CardId, Ctx, CtxKind, Game, Player, PlayerId, Source, Zone};
use crate::grammar::ability::{Effect, TargetKind};
use crate::grammar::action::{ActionSyntax, CastSyntax, Verb, parse_action};
use crate::grammar::entry::{StateSyntax, parse_entry};
use crate::grammar::expect::{ExpectSyntax, Fate, ZoneName, parse_expectation};
use crate::grammar::lexicon::RefSyntax;
use crate::grammar::mana::parse_mana_cost;
use crate::grammar::{Lexicon, NameKind};
use crate::span::{Span, Spanned};
use crate::yaml::{CountOrList, RawText, locate};

/// Where play goes on to after the lines (`stop:`).
pub type StopAt = Goal;

/// One action line, bound.
#[derive(Clone, Debug)]
pub struct Line {
    /// One-based number among the actions.
    pub number: usize,
    /// The line as written.
    pub text: String,
    /// Where it is written.
    pub span: Span,
    /// What it does.
    pub action: Action,
}

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
    /// The edition's policies.
    pub policies: Policies,
    /// Mana costs waived.
    pub costs_free: bool,
    /// Player names in file order.
    pub players: [String; 2],
    /// Card labels for the trace, by card id.
    pub labels: Vec<String>,
    /// The starting game.
    pub game: Game,
    /// Action lines.
    pub lines: Vec<Line>,
    /// Expectations.
    pub expects: Vec<Expect>,
    /// `stop:`.
    pub stop: Option<StopAt>,
    /// The card library (built-in, `--cards`, `cards:`).
    pub library: Library,
    /// Cards the scenario's `cards:` redefined.
    pub redefinitions: Vec<Redefinition>,
}

fn unsupported(what: &str, span: Span) -> Diagnostic {
    Diagnostic::new(
        format!("{what} is not supported yet"),
        span,
        "not supported yet",
    )
    .with_help("this engine plays the main phase of Fifth Edition without combat for now")
}

fn flag(raw: Option<&RawText>, src: &str, what: &str) -> Result<bool, Diagnostic> {
    let Some(raw) = raw else { return Ok(false) };
    let t = locate(raw, src);
    match t.node.trim() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(Diagnostic::new(
            format!("`{what}` must be true or false"),
            t.span,
            "expected true or false",
        )),
    }
}

/// Loads a scenario from its text, with `library` as the cards known before its `cards:`.
///
/// # Errors
/// The first thing in the file that cannot be read or understood, with its position.
pub fn load_scenario(src: &str, library: &Library) -> Result<Scenario, Diagnostic> {
    let raw: RawScenario = crate::yaml::from_str(src)?;
    Loader::new(src, library.clone()).load(raw)
}

struct Loader<'s> {
    src: &'s str,
    lib: Library,
    lex: Lexicon,
    players: Vec<String>,
    cards: Vec<Card>,
    aliases: Vec<(String, CardId)>,
    labels: Vec<String>,
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
            labels: Vec::new(),
        }
    }

    fn loc(&self, raw: &RawText) -> Spanned<String> {
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
            Some(r) => {
                let r = self.loc(r);
                let e = Edition::from_name(&r.node).ok_or_else(|| {
                    Diagnostic::new(
                        format!("unknown rules `{}`", r.node),
                        r.span,
                        "expected 5e, 4e or alpha",
                    )
                })?;
                if !e.supported() {
                    return Err(unsupported(&format!("`rules: {}`", e.name()), r.span));
                }
                e
            }
            None => Edition::Fifth,
        };
        let policies = edition.policies();
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
        if let Some(s) = &raw.step {
            return Err(unsupported(
                "starting inside an attack (`step:`)",
                self.loc(s).span,
            ));
        }
        if flag(raw.attacked.as_ref(), self.src, "attacked")? {
            let s = self.loc(raw.attacked.as_ref().unwrap_or(&raw.turn)).span;
            return Err(unsupported("`attacked: true`", s));
        }
        let _first_turn = flag(raw.first_turn.as_ref(), self.src, "first_turn")?;

        // Cards the scenario defines come after the built-in library and `--cards`.
        let redefinitions = if raw.cards.is_empty() {
            Vec::new()
        } else {
            self.lib
                .add_source(&raw.cards, "this scenario's `cards:`", self.src)?
        };

        // Players, in file order.
        if raw.players.0.len() != 2 {
            let at = raw
                .players
                .0
                .first()
                .map_or(Span::new(0, 0), |(k, _)| self.loc(k).span);
            return Err(Diagnostic::new(
                format!(
                    "a scenario has exactly two players, found {}",
                    raw.players.0.len()
                ),
                at,
                "players",
            ));
        }
        for (k, _) in &raw.players.0 {
            let k = self.loc(k);
            if k.node.is_empty() || k.node.contains(' ') {
                return Err(Diagnostic::new(
                    "a player's name is one word",
                    k.span,
                    "expected one word",
                ));
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
            return Err(Diagnostic::new(
                "the two players have the same name",
                k.span,
                "choose another name",
            ));
        }
        for p in self.players.clone() {
            self.lex.add(&p, NameKind::Player);
        }
        let names: Vec<String> = self.lib.iter().map(|(_, d)| d.name.clone()).collect();
        for n in &names {
            self.lex.add(n, NameKind::Card);
        }

        // Zones: in_play, hand, graveyard, library for each player (the order `NAME#N` counts in).
        let mut players = Vec::new();
        let mut pending_states = Vec::new();
        for (pi, (_, rp)) in raw.players.0.iter().enumerate() {
            let pid = PlayerId(u8::try_from(pi).unwrap_or(0));
            players.push(self.player(pid, rp, &mut pending_states)?);
        }
        // States that name other cards, now that every alias is known.
        for (card, state, at, text) in pending_states {
            self.bind_state(card, &state, at, &text)?;
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
            None => policies
                .phases
                .iter()
                .position(|&x| x == "main")
                .unwrap_or(0),
        };
        let stop = match &raw.stop {
            Some(s) => {
                let s = self.loc(s);
                Some(self.goal(&s.node, s.span, &policies)?)
            }
            None => None,
        };
        let [p0, p1]: [Player; 2] = players
            .try_into()
            .map_err(|_| Diagnostic::whole_file("two players expected"))?;
        let seq = u32::try_from(self.cards.len()).unwrap_or(u32::MAX);
        let game = Game {
            cards: self.cards.clone(),
            players: [p0, p1],
            active,
            phase,
            turn: 1,
            ctx: vec![Ctx::new(CtxKind::Phase, active)],
            spells: Vec::new(),
            packets: Vec::new(),
            eot: Vec::new(),
            seq,
            dp_steps: 0,
            over: false,
        };

        let mut lines = Vec::new();
        for (n, raw_line) in raw.actions.iter().enumerate() {
            let text = self.loc(raw_line);
            let syntax = parse_action(&text.node, &self.lex)
                .map_err(|e| e.diagnostic(&text, "action line"))?;
            let action = self.bind_action(&syntax, &text, &policies, &game)?;
            lines.push(Line {
                number: n + 1,
                text: text.node.clone(),
                span: text.span,
                action,
            });
        }
        let mut expects = Vec::new();
        for raw_e in &raw.expect {
            let text = self.loc(raw_e);
            let syntax = parse_expectation(&text.node, &self.lex)
                .map_err(|e| e.diagnostic(&text, "expectation"))?;
            let kind = self.bind_expect(&syntax, &text)?;
            expects.push(Expect {
                text: text.node.clone(),
                kind,
            });
        }
        let players = [self.players[0].clone(), self.players[1].clone()];
        Ok(Scenario {
            title: raw.scenario.value.0.clone(),
            question: raw.question.map(|q| q.value.0),
            source: raw.source.map(|s| s.value.0),
            policies,
            costs_free,
            players,
            labels: self.labels,
            game,
            lines,
            expects,
            stop,
            library: self.lib,
            redefinitions,
        })
    }

    fn player_named(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
            .and_then(|i| u8::try_from(i).ok())
            .map(PlayerId)
    }

    fn phase_index(&self, p: &Spanned<String>, pol: &Policies) -> Result<usize, Diagnostic> {
        let name = p.node.trim().to_lowercase();
        if let Some(i) = pol.phases.iter().position(|&x| x == name) {
            if name == "untap" || name == "cleanup" {
                return Err(unsupported(
                    &format!("starting in the {name} phase"),
                    p.span,
                ));
            }
            return Ok(i);
        }
        if is_attack_step(&name) {
            return Err(unsupported("combat", p.span));
        }
        Err(Diagnostic::new(
            format!("`{}` is not a phase of {}", p.node, pol.edition.name()),
            p.span,
            "unknown phase",
        )
        .with_help(format!("the phases are: {}", pol.phases.join(", "))))
    }

    fn goal(&self, text: &str, span: Span, pol: &Policies) -> Result<Goal, Diagnostic> {
        let name = text.trim().to_lowercase();
        match name.as_str() {
            "end of turn" => Ok(Goal::EndOfTurn),
            "next turn" => Ok(Goal::NextTurn),
            _ => {
                if let Some(i) = pol.phases.iter().position(|&x| x == name) {
                    return Ok(Goal::Phase(i));
                }
                if is_attack_step(&name) {
                    return Err(unsupported("combat", span));
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

    fn player(
        &mut self,
        pid: PlayerId,
        rp: &RawPlayer,
        pending: &mut Vec<(CardId, StateSyntax, usize, Spanned<String>)>,
    ) -> Result<Player, Diagnostic> {
        let life = match &rp.life {
            Some(l) => {
                let l = self.loc(l);
                l.node.trim().parse::<i32>().map_err(|_| {
                    Diagnostic::new("life must be a whole number", l.span, "expected a number")
                })?
            }
            None => 20,
        };
        let land_played = flag(rp.land_played.as_ref(), self.src, "land_played")?;
        let mut pool = [0u32; 6];
        if let Some(m) = &rp.mana_pool {
            let m = self.loc(m);
            let cost = parse_mana_cost(&m.node).map_err(|e| e.diagnostic(&m, "mana pool"))?;
            if cost.x > 0 {
                return Err(Diagnostic::new(
                    "a mana pool cannot hold X",
                    m.span,
                    "expected mana like RR or 2G",
                ));
            }
            pool[..5].copy_from_slice(&cost.colored);
            pool[5] = cost.generic;
        }
        for e in &rp.in_play {
            self.entry(pid, e, Zone::Play, pending)?;
        }
        for e in &rp.hand {
            self.entry(pid, e, Zone::Hand, pending)?;
        }
        for e in &rp.graveyard {
            self.entry(pid, e, Zone::Graveyard, pending)?;
        }
        let library_unknown = match &rp.library {
            None => 20,
            Some(CountOrList::Count(n)) => *n,
            Some(CountOrList::List(list)) => {
                // Top first: the top card gets the highest order.
                let start = self.cards.len();
                for e in list {
                    self.entry(pid, e, Zone::Library, pending)?;
                }
                let n = u32::try_from(self.cards.len() - start).unwrap_or(0);
                for (k, c) in self.cards[start..].iter_mut().enumerate() {
                    c.seq = n - u32::try_from(k).unwrap_or(0);
                }
                0
            }
        };
        Ok(Player {
            life,
            pool,
            land_played,
            burned: 0,
            library_unknown,
            lost: false,
        })
    }

    fn entry(
        &mut self,
        pid: PlayerId,
        raw: &RawText,
        zone: Zone,
        pending: &mut Vec<(CardId, StateSyntax, usize, Spanned<String>)>,
    ) -> Result<(), Diagnostic> {
        let text = self.loc(raw);
        let e =
            parse_entry(&text.node, &self.lex).map_err(|e| e.diagnostic(&text, "zone entry"))?;
        let def = self.lib.find(&e.name).ok_or_else(|| {
            Diagnostic::new(
                format!("unknown card `{}`", e.name),
                text.span,
                "not in the library",
            )
        })?;
        let id = CardId(
            u16::try_from(self.cards.len())
                .map_err(|_| Diagnostic::new("too many cards", text.span, "here"))?,
        );
        let mut card = Card {
            def,
            owner: pid,
            controller: pid,
            zone,
            seq: u32::from(id.0),
            tapped: false,
            damage: 0,
            sick: false,
            counters: Vec::new(),
            enchanting: None,
        };
        for (state, at) in &e.states {
            let sp = text.span.at(*at, 1);
            if zone != Zone::Play {
                return Err(Diagnostic::new(
                    "only a permanent in play has states",
                    sp,
                    "remove this state",
                ));
            }
            match state {
                StateSyntax::Tapped => card.tapped = true,
                StateSyntax::SummoningSick => card.sick = true,
                StateSyntax::Damage(n) => card.damage = *n,
                StateSyntax::Counters(n, k) => card.counters.push((k.clone(), *n)),
                StateSyntax::Attacking | StateSyntax::Blocking(..) => {
                    return Err(unsupported("combat", sp));
                }
                StateSyntax::Enchanting(..) | StateSyntax::OwnedBy(..) => {
                    pending.push((id, state.clone(), *at, text.clone()));
                }
            }
        }
        self.cards.push(card);
        if let Some((alias, at)) = &e.alias {
            let sp = text.span.at(*at, alias.len());
            if self.lex.lookup(alias).is_some() {
                return Err(Diagnostic::new(
                    format!("alias `{alias}` is already a card, player or alias name"),
                    sp,
                    "choose another alias",
                ));
            }
            self.lex.add(alias, NameKind::Alias);
            self.aliases.push((alias.clone(), id));
        }
        Ok(())
    }

    fn bind_state(
        &mut self,
        card: CardId,
        state: &StateSyntax,
        _at: usize,
        text: &Spanned<String>,
    ) -> Result<(), Diagnostic> {
        match state {
            StateSyntax::OwnedBy(who, off) => {
                let sp = text.span.at(*off, who.len());
                let p = self.player_named(who).ok_or_else(|| {
                    Diagnostic::new(format!("`{who}` is not a player"), sp, "expected a player")
                })?;
                self.cards[usize::from(card.0)].owner = p;
            }
            StateSyntax::Enchanting(what, off) => {
                let sp = text.span.at(*off, what.len());
                let cx = crate::grammar::lexicon::Ctx {
                    lex: &self.lex,
                    full: what,
                };
                let r = cx
                    .reference(what)
                    .ok()
                    .filter(|(rest, _)| rest.trim().is_empty())
                    .map(|(_, r)| r)
                    .ok_or_else(|| {
                        Diagnostic::new(
                            format!("`{what}` names no card of this scenario"),
                            sp,
                            "expected a card name or alias",
                        )
                    })?;
                let target = self.bind_card(&r, sp, None)?;
                self.cards[usize::from(card.0)].enchanting = Some(target);
            }
            _ => {}
        }
        Ok(())
    }

    /// Labels: the alias, or the name, made unique with `#N` when a name is shared.
    fn make_labels(&mut self) {
        self.labels = (0..self.cards.len())
            .map(|i| {
                let id = CardId(u16::try_from(i).unwrap_or(0));
                if let Some((a, _)) = self.aliases.iter().find(|(_, c)| *c == id) {
                    return a.clone();
                }
                let def = self.cards[i].def;
                let name = self.lib.get(def).name.clone();
                let same: Vec<usize> = (0..self.cards.len())
                    .filter(|&j| self.cards[j].def == def)
                    .collect();
                if same.len() > 1 {
                    let n = same.iter().position(|&j| j == i).unwrap_or(0) + 1;
                    format!("{name}#{n}")
                } else {
                    name
                }
            })
            .collect();
    }

    fn ref_span(text: &Spanned<String>, r: &RefSyntax) -> Span {
        text.span.at(r.at, r.len)
    }

    /// Binds a card reference. `prefer` narrows several candidates to one player's cards in one zone.
    fn bind_card(
        &self,
        r: &RefSyntax,
        sp: Span,
        prefer: Option<(PlayerId, Zone)>,
    ) -> Result<CardId, Diagnostic> {
        match r.kind {
            NameKind::Player => Err(Diagnostic::new(
                format!("`{}` is a player, not a card", r.name),
                sp,
                "expected a card",
            )),
            NameKind::Alias => self
                .aliases
                .iter()
                .find(|(a, _)| a.eq_ignore_ascii_case(&r.name))
                .map(|(_, c)| *c)
                .ok_or_else(|| {
                    Diagnostic::new(format!("unknown alias `{}`", r.name), sp, "not defined")
                }),
            NameKind::Card => {
                let def: Option<DefId> = self.lib.find(&r.name);
                let all: Vec<CardId> = (0..self.cards.len())
                    .map(|i| CardId(u16::try_from(i).unwrap_or(0)))
                    .filter(|id| Some(self.cards[usize::from(id.0)].def) == def)
                    .collect();
                if all.is_empty() {
                    return Err(Diagnostic::new(
                        format!("no `{}` in this scenario", r.name),
                        sp,
                        "not in any zone of the scenario",
                    )
                    .with_help("add the card to a player's zone, or check the name"));
                }
                if let Some(n) = r.nth {
                    return all
                        .get(usize::try_from(n).unwrap_or(0).wrapping_sub(1))
                        .copied()
                        .ok_or_else(|| {
                            Diagnostic::new(
                                format!(
                                    "there are only {} `{}` in this scenario",
                                    all.len(),
                                    r.name
                                ),
                                sp,
                                format!("expected #1 to #{}", all.len()),
                            )
                        });
                }
                let mut cands = all.clone();
                if let Some(p) = &r.possessor {
                    let pid = self.player_named(p);
                    cands.retain(|id| {
                        let c = &self.cards[usize::from(id.0)];
                        Some(if c.zone == Zone::Play {
                            c.controller
                        } else {
                            c.owner
                        }) == pid
                    });
                    if cands.is_empty() {
                        return Err(Diagnostic::new(
                            format!("{p} has no `{}`", r.name),
                            sp,
                            "no such card",
                        ));
                    }
                }
                if cands.len() > 1
                    && let Some((p, z)) = prefer
                {
                    let narrowed: Vec<CardId> = cands
                        .iter()
                        .copied()
                        .filter(|id| {
                            let c = &self.cards[usize::from(id.0)];
                            c.zone == z
                                && (if z == Zone::Play {
                                    c.controller
                                } else {
                                    c.owner
                                }) == p
                        })
                        .collect();
                    if narrowed.len() == 1 {
                        return Ok(narrowed[0]);
                    }
                }
                if cands.len() > 1 {
                    let owner = self
                        .player_named(
                            &self.players[usize::from(self.cards[usize::from(cands[0].0)].owner.0)],
                        )
                        .map_or(0, |p| p.ix());
                    return Err(Diagnostic::new(
                        format!("`{}` could be any of {} cards", r.name, cands.len()),
                        sp,
                        "ambiguous",
                    )
                    .with_help(format!(
                        "write `{}'s {}` or `{}#2`",
                        self.players[owner], r.name, r.name
                    )));
                }
                Ok(cands[0])
            }
        }
    }

    fn bind_player(&self, name: &str, sp: Span) -> Result<PlayerId, Diagnostic> {
        self.player_named(name).ok_or_else(|| {
            Diagnostic::new(format!("`{name}` is not a player"), sp, "expected a player")
        })
    }

    fn bind_target(&self, r: &RefSyntax, text: &Spanned<String>) -> Result<TargetRef, Diagnostic> {
        let sp = Self::ref_span(text, r);
        if r.kind == NameKind::Player && r.possessor.is_none() {
            return Ok(TargetRef::Player(self.bind_player(&r.name, sp)?));
        }
        Ok(TargetRef::Card(self.bind_card(r, sp, None)?))
    }

    #[allow(clippy::too_many_lines)]
    fn bind_action(
        &self,
        syn: &ActionSyntax,
        text: &Spanned<String>,
        pol: &Policies,
        game: &Game,
    ) -> Result<Action, Diagnostic> {
        let (player, verb) = match syn {
            ActionSyntax::Resolve => return Ok(Action::Resolve),
            ActionSyntax::GoTo { phase, at } => {
                let sp = text.span.at(*at, phase.len());
                return Ok(Action::GoTo(self.goal(phase, sp, pol)?));
            }
            ActionSyntax::Act { player, verb } => (self.bind_player(player, text.span)?, verb),
        };
        let whole = text.span;
        match verb {
            Verb::Passes => Ok(Action::Pass(player)),
            Verb::Plays(r) => {
                let sp = Self::ref_span(text, r);
                let card = self.bind_card(r, sp, Some((player, Zone::Hand)))?;
                if self.lib.get(self.cards[usize::from(card.0)].def).kind == CardKind::Land {
                    Ok(Action::PlayLand(player, card))
                } else {
                    let cs = CastSyntax {
                        card: r.clone(),
                        ability: None,
                        targets: Vec::new(),
                        x: None,
                        choosing: None,
                    };
                    self.bind_cast(player, &cs, text, false, game)
                }
            }
            Verb::Taps(r, mana) => {
                let sp = Self::ref_span(text, r);
                let card = self.bind_card(r, sp, Some((player, Zone::Play)))?;
                Ok(Action::Tap(player, card, mana.as_ref().map(|(m, _)| m.0)))
            }
            Verb::Casts(cs) => self.bind_cast(player, cs, text, false, game),
            Verb::Activates(cs) => self.bind_cast(player, cs, text, true, game),
            Verb::Announces(cs) => {
                let sp = Self::ref_span(text, &cs.card);
                let card = self.bind_card(&cs.card, sp, None)?;
                let c = &self.cards[usize::from(card.0)];
                let def = self.lib.get(c.def);
                let castable = c.zone == Zone::Hand && def.kind != CardKind::Land;
                let activatable = c.zone == Zone::Play && !def.activated().is_empty();
                match (castable, activatable) {
                    (true, false) => self.bind_cast(player, cs, text, false, game),
                    (false, true) => self.bind_cast(player, cs, text, true, game),
                    _ => Err(Diagnostic::new(
                        format!(
                            "`announces {}` fits both or neither of casting and activating",
                            def.name
                        ),
                        sp,
                        "ambiguous",
                    )
                    .with_help("write `casts` or `activates`")),
                }
            }
            Verb::Regenerates(r) => {
                let sp = Self::ref_span(text, r);
                let card = self.bind_card(r, sp, Some((player, Zone::Play)))?;
                Ok(Action::Regenerate(player, card))
            }
            Verb::DeclaresAttack | Verb::AttacksWith(_) | Verb::Blocks(_) | Verb::Assigns(..) => {
                Err(unsupported("combat", whole))
            }
            Verb::Pays(_) | Verb::DoesNotPay => {
                Err(unsupported("paying for an \"unless\" choice", whole))
            }
            Verb::Discards(_) => Err(unsupported("discarding", whole)),
            Verb::Orders(_) => Err(unsupported("ordering simultaneous effects", whole)),
        }
    }

    #[allow(clippy::too_many_lines)]
    fn bind_cast(
        &self,
        player: PlayerId,
        cs: &CastSyntax,
        text: &Spanned<String>,
        activate: bool,
        _game: &Game,
    ) -> Result<Action, Diagnostic> {
        let sp = Self::ref_span(text, &cs.card);
        let zone = if activate { Zone::Play } else { Zone::Hand };
        let card = self.bind_card(&cs.card, sp, Some((player, zone)))?;
        let def = self.lib.get(self.cards[usize::from(card.0)].def);
        let targets = cs
            .targets
            .iter()
            .map(|t| self.bind_target(t, text))
            .collect::<Result<Vec<_>, _>>()?;
        let mut packet_source = None;
        let source = if activate {
            let acts = def.activated();
            if acts.is_empty() {
                return Err(Diagnostic::new(
                    format!("`{}` has no activated ability", def.name),
                    sp,
                    "nothing to activate",
                ));
            }
            match cs.ability {
                Some(n) if n >= 1 && (n as usize) <= acts.len() => {
                    Source::Ability(u8::try_from(n - 1).unwrap_or(0))
                }
                Some(n) => {
                    return Err(Diagnostic::new(
                        format!("`{}` has no ability {n}", def.name),
                        text.span,
                        format!("expected ability 1 to {}", acts.len()),
                    ));
                }
                None if acts.len() == 1 => Source::Ability(0),
                None => {
                    return Err(Diagnostic::new(
                        format!("`{}` has {} activated abilities", def.name, acts.len()),
                        sp,
                        "which one?",
                    )
                    .with_help("write `activates CARD ability N`"));
                }
            }
        } else {
            if def.kind == CardKind::Land {
                return Err(Diagnostic::new(
                    format!("`{}` is a land: it is played, not cast", def.name),
                    sp,
                    "a land",
                )
                .with_help("write `plays`"));
            }
            let effects = def.spell_effects();
            let modes: Vec<(usize, &str, &Effect)> = effects
                .iter()
                .enumerate()
                .filter_map(|(i, (m, e))| m.map(|m| (i, m, *e)))
                .collect();
            if modes.is_empty() {
                if let Some((choice, at)) = &cs.choosing {
                    packet_source = Some(self.bind_choosing(choice, *at, text)?);
                }
                Source::Spell(0)
            } else {
                let named = cs.choosing.as_ref().and_then(|(c, _)| {
                    modes
                        .iter()
                        .find(|(_, m, _)| m.eq_ignore_ascii_case(c.trim()))
                });
                let idx = if let Some((i, _, _)) = named {
                    *i
                } else {
                    if let Some((choice, at)) = &cs.choosing {
                        packet_source = Some(self.bind_choosing(choice, *at, text)?);
                    }
                    let fits: Vec<&(usize, &str, &Effect)> = modes
                        .iter()
                        .filter(|(_, _, e)| self.targets_fit(e, &targets))
                        .collect();
                    if fits.len() == 1 {
                        fits[0].0
                    } else {
                        let names: Vec<String> = modes
                            .iter()
                            .map(|(_, m, _)| format!("`choosing {m}`"))
                            .collect();
                        return Err(Diagnostic::new(
                            format!("`{}` has modes; these targets do not say which", def.name),
                            sp,
                            "choose a mode",
                        )
                        .with_help(format!("add {}", names.join(" or "))));
                    }
                };
                Source::Spell(u8::try_from(idx).unwrap_or(0))
            }
        };
        let cost_has_x = match source {
            Source::Spell(_) => def.cost.is_some_and(|c| c.x > 0),
            Source::Ability(i) => def
                .activated()
                .get(usize::from(i))
                .is_some_and(|(c, _)| c.mana.x > 0),
        };
        if cost_has_x && cs.x.is_none() {
            return Err(Diagnostic::new(
                format!("`{}` has X in its cost; the line must choose it", def.name),
                text.span,
                "X not chosen",
            )
            .with_help("add `with X=N`"));
        }
        if !cost_has_x && let Some(x) = cs.x {
            return Err(Diagnostic::new(
                format!("`{}` has no X in its cost", def.name),
                text.span,
                format!("remove `with X={x}`"),
            ));
        }
        Ok(Action::Announce(Announce {
            player,
            card,
            source,
            targets,
            x: cs.x,
            packet_source,
        }))
    }

    fn bind_choosing(
        &self,
        choice: &str,
        at: usize,
        text: &Spanned<String>,
    ) -> Result<CardId, Diagnostic> {
        let sp = text.span.at(at, choice.len());
        let cx = crate::grammar::lexicon::Ctx {
            lex: &self.lex,
            full: choice,
        };
        let r = cx
            .reference(choice)
            .ok()
            .filter(|(rest, _)| rest.trim().is_empty())
            .map(|(_, r)| r)
            .ok_or_else(|| {
                Diagnostic::new(
                    format!("`{choice}` is neither a mode of this card nor a card of the scenario"),
                    sp,
                    "expected a mode or a damage source",
                )
            })?;
        self.bind_card(&r, sp, None)
    }

    /// Whether the effect's target kinds accept the given targets (modes are chosen from syntax only).
    fn targets_fit(&self, e: &Effect, targets: &[TargetRef]) -> bool {
        let Some(spec) = e.target() else {
            return targets.is_empty();
        };
        !targets.is_empty()
            && targets.iter().all(|t| match t {
                TargetRef::Player(_) => spec.kinds.contains(&TargetKind::Player),
                TargetRef::Card(c) => {
                    let k = self.lib.get(self.cards[usize::from(c.0)].def).kind;
                    spec.kinds.iter().any(|tk| match tk {
                        TargetKind::Creature => k.is_creature(),
                        TargetKind::Artifact => k.is_artifact(),
                        TargetKind::Land => k == CardKind::Land,
                        TargetKind::Enchantment => {
                            matches!(k, CardKind::Enchantment | CardKind::LocalEnchantment)
                        }
                        TargetKind::Spell => {
                            !k.is_permanent() || self.cards[usize::from(c.0)].zone == Zone::Hand
                        }
                        TargetKind::Player => false,
                    })
                }
            })
    }

    fn bind_expect(
        &self,
        syn: &ExpectSyntax,
        text: &Spanned<String>,
    ) -> Result<ExpectKind, Diagnostic> {
        let card = |r: &RefSyntax| self.bind_card(r, Self::ref_span(text, r), None);
        let player = |p: &str| self.bind_player(p, text.span);
        Ok(match syn {
            ExpectSyntax::Life(p, n) => ExpectKind::Life(player(p)?, *n),
            ExpectSyntax::Zone(r, z, o) => {
                ExpectKind::Zone(card(r)?, *z, o.as_deref().map(player).transpose()?)
            }
            ExpectSyntax::Tapped(r, t) => ExpectKind::Tapped(card(r)?, *t),
            ExpectSyntax::Damage(r, n) => ExpectKind::Damage(card(r)?, *n),
            ExpectSyntax::Pt(r, p, t) => ExpectKind::Pt(card(r)?, *p, *t),
            ExpectSyntax::Counters(r, n, k) => ExpectKind::Counters(card(r)?, *n, k.clone()),
            ExpectSyntax::Fate(n, r, f) => ExpectKind::Fate(*n, card(r)?, *f),
            ExpectSyntax::Burned(p, n) => ExpectKind::Burned(player(p)?, *n),
            ExpectSyntax::Lost(p) => ExpectKind::Lost(player(p)?),
            ExpectSyntax::Won(p) => ExpectKind::Won(player(p)?),
            ExpectSyntax::NobodyLost => ExpectKind::NobodyLost,
            ExpectSyntax::DpSteps(n) => ExpectKind::DpSteps(*n),
            ExpectSyntax::Illegal(t) => ExpectKind::Illegal(t.clone()),
            ExpectSyntax::TraceContains(t) => ExpectKind::TraceContains(t.clone()),
        })
    }
}

fn is_attack_step(name: &str) -> bool {
    matches!(
        name,
        "declare attack"
            | "beginning of attack"
            | "declare attackers"
            | "before blocks"
            | "declare blockers"
            | "after blocks"
            | "first strike damage"
            | "damage"
            | "end of combat"
    )
}
