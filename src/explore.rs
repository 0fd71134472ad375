//! `judge moves` (what may be done now) and `judge explore` (can a player make a goal hold).
//!
//! Both read the position after a file's lines (the engine stopped where it would take its next
//! line). `moves` lists every legal move there as lines to paste into the file. `explore`
//! searches the player's moves and every legal reply of the opponent, up to a number of the
//! player's own actions, for a sequence after which the goals hold once everything open has
//! resolved. The search builds no text: lines are written only for the answer.

use crate::check::holds;
use crate::engine::action::{Action, Line};
use crate::engine::legal::{Move, Scope};
use crate::engine::position::Position;
use crate::engine::state::{CtxKind, PlayerId};
use crate::engine::{Setup, Stop};
use crate::scenario::{Expect, ExpectKind, Scenario};
use serde::Serialize;
use std::time::{Duration, Instant};

/// The lines of a scenario up to line `at` (all when `None`).
#[must_use]
pub fn setup_at(sc: &Scenario, at: Option<usize>) -> Setup {
    let mut setup = sc.setup.clone();
    if let Some(n) = at {
        setup.lines.truncate(n);
    }
    setup
}

/// Who may act at a position, and why, in words.
#[must_use]
pub fn situation(pos: &Position<'_>) -> (Option<PlayerId>, String) {
    let setup = pos.setup();
    let g = pos.game();
    let name = |p: PlayerId| setup.players[p.ix()].clone();
    let phase = setup.policies.phases[g.phase];
    let mut s = format!("{}'s turn, {phase} phase", name(g.active));
    if let Some(cb) = g.combat() {
        s.push_str(&format!(", attack: {} step", cb.step.name()));
    }
    match pos.stopped() {
        Some(Stop::GameOver) => return (None, format!("{s}; the game is over")),
        Some(Stop::Illegal(il)) => return (None, format!("{s}; play stopped at a refused line: {}", pos.reason(il))),
        Some(Stop::Choice { message, .. }) => return (None, format!("{s}; a choice waits for its line: {message}")),
        Some(Stop::Unsupported { message, .. }) => return (None, format!("{s}; {message}")),
        None => {}
    }
    if g.between_turns {
        return (None, format!("{s}; the turn is over: only `go to` moves on"));
    }
    if !pos.priority_phase() {
        return (None, format!("{s}; nobody receives priority in this phase: only `go to` moves on"));
    }
    let top = g.top();
    let holder = top.holder;
    let what = if top.kind == CtxKind::Prevention {
        "a damage prevention step is open".to_owned()
    } else if let Some(w) = top.windows.last() {
        let spell = setup.labels.get(usize::from(g.spell(w.spell).card.0)).cloned().unwrap_or_default();
        format!("{spell} is being cast: only interrupts against it")
    } else if !top.batch.is_empty() && setup.policies.stack == crate::edition::StackModel::Stack {
        // m13: the batch of the innermost moment is the stack (001 L250-252).
        format!("{} on the stack, the top one resolving first", crate::trace::count(top.batch.len() as u64, "object"))
    } else if !top.batch.is_empty() {
        format!("a batch of {} waits to resolve: responses may be added", top.batch.len())
    } else {
        "the neutral state".to_owned()
    };
    let passed = if top.passes > 0 { format!(" ({} passed already)", name(holder.other())) } else { String::new() };
    (Some(holder), format!("{s}; {what}; {} holds priority{passed}", name(holder)))
}

/// `judge moves`: the position and every legal move.
#[derive(Clone, Debug, Serialize)]
pub struct MovesReport {
    /// The scenario's title.
    pub scenario: String,
    /// After how many of the file's lines.
    pub after_line: usize,
    /// Who may act and why.
    pub position: String,
    /// The player holding priority, if anyone does.
    pub holder: Option<String>,
    /// The legal moves, the holder's first.
    pub moves: Vec<MoveOut>,
}

/// One legal move.
#[derive(Clone, Debug, Serialize)]
pub struct MoveOut {
    /// Whose decision it is.
    pub player: Option<String>,
    /// The lines to write (an answer read while the first is taken follows it).
    pub lines: Vec<String>,
}

/// Lists the legal moves after the first `at` lines of a scenario (all lines when `None`).
#[must_use]
pub fn moves(sc: &Scenario, setup: &Setup) -> MovesReport {
    let mut pos = Position::after_lines(setup);
    let (mut holder, mut position) = situation(&pos);
    // A refused line leaves the game as it was: the moves are those of that game.
    if let Some(before) = pos.after_refusal() {
        let (h, p) = situation(&before);
        holder = h;
        position = format!("{position}; as the refusal left it: {p}");
        pos = before;
    }
    let name = |p: PlayerId| sc.setup.players[p.ix()].clone();
    let moves = if pos.stopped().is_some() {
        Vec::new()
    } else {
        pos.legal_moves(Scope::default())
            .into_iter()
            .map(|(m, _)| MoveOut { player: m.player.map(name), lines: m.texts(&pos) })
            .collect()
    };
    MovesReport { scenario: sc.title.clone(), after_line: setup.lines.len(), position, holder: holder.map(name), moves }
}

/// The text of `judge moves`.
#[must_use]
pub fn render_moves(r: &MovesReport) -> String {
    let mut s = format!("{}\nafter line {}: {}\n", r.scenario, r.after_line, r.position);
    if r.moves.is_empty() {
        s.push_str("no legal move\n");
        return s;
    }
    let mut last: Option<&Option<String>> = None;
    for m in &r.moves {
        if last != Some(&m.player) {
            let who = m.player.clone().unwrap_or_else(|| "anyone".into());
            let why = if m.player == r.holder { " (holds priority)" } else { " (after the other's implied pass)" };
            s.push_str(&format!("{who} may write{why}:\n"));
            last = Some(&m.player);
        }
        let mut lines = m.lines.iter();
        if let Some(first) = lines.next() {
            s.push_str(&format!("  {first}\n"));
        }
        for l in lines {
            s.push_str(&format!("      then {l}\n"));
        }
    }
    s
}

/// How far a search may go.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The player's own actions at most.
    pub depth: u32,
    /// Positions searched at most.
    pub positions: u64,
    /// Time at most.
    pub time: Duration,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A sequence exists.
    Yes,
    /// None within the depth.
    No,
    /// The search stopped at its limit before an answer.
    Unknown,
}

/// `judge explore`'s answer.
#[derive(Clone, Debug, Serialize)]
pub struct ExploreReport {
    /// The scenario's title.
    pub scenario: String,
    /// The player searched for.
    pub player: String,
    /// The goals.
    pub goals: Vec<String>,
    /// The depth searched.
    pub depth: u32,
    /// The answer.
    pub verdict: Verdict,
    /// One winning sequence (with the opponent's replies that matter), for `yes`.
    pub lines: Vec<String>,
    /// Positions searched.
    pub positions: u64,
    /// Time taken, in milliseconds.
    pub millis: u64,
}

/// Why a search could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExploreError {
    /// A goal is not about the board (`illegal:`, `trace contains:`).
    NotBoardGoal(String),
    /// The player is not one of the scenario's.
    UnknownPlayer(String),
    /// Play stopped before the lines ran out.
    Stopped(String),
}

impl std::fmt::Display for ExploreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotBoardGoal(g) => {
                write!(f, "goal `{g}` is not about the game: write a life, zone, damage, P/T or result expectation")
            }
            Self::UnknownPlayer(p) => write!(f, "`{p}` is not a player of this scenario"),
            Self::Stopped(why) => {
                write!(f, "play stops before the lines run out, so there is nothing to explore from: {why}")
            }
        }
    }
}

struct Search<'s, 'p> {
    sc: &'s Scenario,
    goals: &'s [Expect],
    player: PlayerId,
    start_turn: u32,
    limits: Limits,
    started: Instant,
    positions: u64,
    aborted: bool,
    progress: &'p mut dyn FnMut(u64, Duration),
    next_report: Duration,
    /// Fingerprints of the games on the path searched now: a move back to one of them (an
    /// empty attack group, say) changes nothing and is not searched again.
    path: Vec<u64>,
    /// Positions (fingerprint, own actions left) already searched without a win: the same
    /// game reached in another order (two lands tapped one way or the other) is not searched
    /// again.
    lost: std::collections::HashSet<(u64, u32)>,
}

/// A fingerprint of a game (its whole state, priority included).
fn fingerprint(pos: &Position<'_>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = Fx(0);
    pos.game().hash(&mut h);
    h.finish()
}

/// A fast hash for fingerprints (multiply and rotate, as in rustc's `FxHasher`): nothing here
/// is chosen by an adversary, and a collision only skips a move as already on the path.
struct Fx(u64);

impl std::hash::Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// The player's own actions in a move: announcements, activations, land plays, attacks,
/// blocks and damage assignments (not passes, `resolve`, `go to` or tapping for mana).
fn own_actions(m: &Move, p: PlayerId) -> u32 {
    let counted = |a: &Action| {
        a.player() == Some(p)
            && matches!(
                a,
                Action::Announce(_)
                    | Action::PlayLand(..)
                    | Action::Regenerate(..)
                    | Action::DeclareAttack(_)
                    | Action::AttackWith(..)
                    | Action::Block(..)
                    | Action::Assign(..)
            )
    };
    u32::try_from(m.lines.iter().filter(|l| counted(&l.action)).count()).unwrap_or(u32::MAX)
}

impl Search<'_, '_> {
    fn goals_hold(&self, pos: &Position<'_>) -> bool {
        let out = pos.outcome();
        self.goals.iter().all(|g| holds(self.sc, &out, g))
    }

    fn tick(&mut self) -> bool {
        self.positions += 1;
        let spent = self.started.elapsed();
        if spent >= self.next_report {
            (self.progress)(self.positions, spent);
            self.next_report = spent + Duration::from_millis(250);
        }
        if self.positions > self.limits.positions || spent > self.limits.time {
            self.aborted = true;
        }
        !self.aborted
    }

    /// A winning line sequence from `pos` with `depth` own actions left, if there is one.
    fn solve(&mut self, pos: &Position<'_>, depth: u32) -> Option<Vec<Line>> {
        if !self.tick() {
            return None;
        }
        match pos.stopped() {
            None => {}
            Some(Stop::GameOver) => return self.goals_hold(pos).then(Vec::new),
            Some(_) => return None,
        }
        if pos.settled() && self.goals_hold(pos) {
            return Some(Vec::new());
        }
        // The search looks at the current turn only.
        if pos.game().turn != self.start_turn || pos.game().between_turns || !pos.priority_phase() {
            return None;
        }
        if self.path.len() > 400 {
            return None;
        }
        let here = fingerprint(pos);
        let key = (here, depth);
        if self.lost.contains(&key) {
            return None;
        }
        let mover = pos.holder();
        let scope = Scope { mana: true, answer_mana: false, max_x: 20, max_targets: 3, sources: false };
        let mut moves = pos.legal_moves_of(mover, scope);
        // Every legal position reached counts as searched, expanded later or not.
        self.positions += u64::try_from(moves.len()).unwrap_or(u64::MAX);
        moves.retain(|(_, next)| {
            let f = fingerprint(next);
            f != here && !self.path.contains(&f)
        });
        if moves.is_empty() {
            return None;
        }
        self.path.push(here);
        let r = self.choose(pos, mover, moves, depth);
        self.path.pop();
        // (The moves the path cuts change nothing in the game, so a loss holds elsewhere too.)
        if r.is_none() && !self.aborted {
            self.lost.insert(key);
        }
        r
    }

    fn choose(
        &mut self,
        _pos: &Position<'_>,
        mover: PlayerId,
        moves: Vec<(Move, Position<'_>)>,
        depth: u32,
    ) -> Option<Vec<Line>> {
        // Moves with the same first line differ by the answers read while it is taken: each
        // group is a run of `moves` (kept in place, as positions are large to move).
        let mut groups: Vec<std::ops::Range<usize>> = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            match groups.last_mut() {
                Some(g) if moves[g.start].0.lines[0].action == m.0.lines[0].action => g.end = i + 1,
                _ => groups.push(i..i + 1),
            }
        }
        let groups: Vec<&[(Move, Position<'_>)]> = groups.into_iter().map(|g| &moves[g]).collect();
        if mover == self.player {
            // The player's choice: any winning move, acting before passing (a witness without
            // needless passes), in board order otherwise.
            let mut groups = groups;
            groups.sort_by_key(|g| match &g[0].0.lines[0].action {
                Action::Pass(_) => 2,
                Action::Block(_, None) => 3,
                Action::AttackWith(_, cards, _) if cards.is_empty() => 1,
                _ => 0,
            });
            for g in groups {
                if let Some(lines) = self.group(g, depth) {
                    return Some(lines);
                }
                if self.aborted {
                    return None;
                }
            }
            None
        } else {
            // The opponent's choice: every reply must lose for them. The witness shows the
            // reply that needed the longest answer.
            let mut best: Option<Vec<Line>> = None;
            for g in groups {
                let lines = self.group(g, depth)?;
                if best.as_ref().is_none_or(|b| lines.len() > b.len()) {
                    best = Some(lines);
                }
            }
            best
        }
    }

    /// The value of one first line with its variants (the answers read while it is taken).
    fn group(&mut self, variants: &[(Move, Position<'_>)], depth: u32) -> Option<Vec<Line>> {
        let first = &variants[0].0.lines[..1];
        self.answered(variants, first, depth)
    }

    /// The value of the lines `prefix` of a move: the player picks between stopping there (when
    /// the rules allow it: a variant is exactly `prefix`) and answering after it; each answer of
    /// the opponent after it must be won too, and the player may answer that in turn.
    fn answered(&mut self, variants: &[(Move, Position<'_>)], prefix: &[Line], depth: u32) -> Option<Vec<Line>> {
        let same = |a: &[Line], b: &[Line]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.action == y.action);
        let extends = |v: &[Line], p: &[Line]| v.len() > p.len() && same(&v[..p.len()], p);
        // The variants one answer longer than `prefix` (an answer may be two lines: a division).
        let children: Vec<usize> = (0..variants.len())
            .filter(|&j| extends(&variants[j].0.lines, prefix))
            .filter(|&j| {
                let v = &variants[j].0.lines;
                !variants.iter().any(|(u, _)| extends(&u.lines, prefix) && extends(v, &u.lines))
            })
            .collect();
        let me = self.player;
        let mine = |j: usize| variants[j].0.lines[prefix.len()].action.player().is_none_or(|q| q == me);
        let mut win: Option<Vec<Line>> = None;
        if let Some((m, next)) = variants.iter().find(|(m, _)| same(&m.lines, prefix)) {
            let cost = own_actions(m, self.player);
            if cost <= depth
                && let Some(mut rest) = self.solve(next, depth - cost)
            {
                let mut lines = m.lines.clone();
                lines.append(&mut rest);
                win = Some(lines);
            }
        }
        for &j in children.iter().filter(|&&j| mine(j)) {
            if win.is_some() || self.aborted {
                break;
            }
            let longer = variants[j].0.lines.clone();
            win = self.answered(variants, &longer, depth);
        }
        // When the player has a choice here, one of them must win; when only the opponent
        // chooses (an answer the rules require of them), every choice must lose for them.
        let player_chooses = variants.iter().any(|(m, _)| same(&m.lines, prefix)) || children.iter().any(|&j| mine(j));
        let mut best: Option<Vec<Line>> = if player_chooses { Some(win?) } else { None };
        for &j in children.iter().filter(|&&j| !mine(j)) {
            let longer = variants[j].0.lines.clone();
            let lines = self.answered(variants, &longer, depth)?;
            if best.as_ref().is_none_or(|b| lines.len() > b.len()) {
                best = Some(lines);
            }
        }
        best
    }
}

/// Searches whether `player` can make every goal hold with at most `limits.depth` own actions
/// from the end of the scenario's lines, against every legal reply of the opponent.
///
/// # Errors
/// A goal that is not about the board, an unknown player, or play that stops before the end.
pub fn explore(
    sc: &Scenario,
    player: &str,
    limits: Limits,
    progress: &mut dyn FnMut(u64, Duration),
) -> Result<ExploreReport, ExploreError> {
    if let Some(g) = sc.expects.iter().find(|e| matches!(e.kind, ExpectKind::Illegal(_) | ExpectKind::TraceContains(_)))
    {
        return Err(ExploreError::NotBoardGoal(g.text.clone()));
    }
    let Some(p) = sc.setup.players.iter().position(|n| n.eq_ignore_ascii_case(player)) else {
        return Err(ExploreError::UnknownPlayer(player.to_owned()));
    };
    let p = PlayerId(u8::try_from(p).unwrap_or(0));
    let root = Position::after_lines(&sc.setup);
    if let Some(stop) = root.stopped() {
        let why = match stop {
            Stop::Illegal(il) => root.reason(il),
            Stop::Choice { message, .. } | Stop::Unsupported { message, .. } => message.clone(),
            Stop::GameOver => "the game is over".to_owned(),
        };
        return Err(ExploreError::Stopped(why));
    }
    // The search builds no trace: its copies record nothing.
    let root = root.unrecorded();
    let mut s = Search {
        sc,
        goals: &sc.expects,
        player: p,
        start_turn: root.game().turn,
        limits,
        started: Instant::now(),
        positions: 0,
        aborted: false,
        progress,
        next_report: Duration::from_secs(1),
        path: Vec::new(),
        lost: std::collections::HashSet::new(),
    };
    let found = s.solve(&root, limits.depth);
    let verdict = match (&found, s.aborted) {
        (Some(_), _) => Verdict::Yes,
        (None, true) => Verdict::Unknown,
        (None, false) => Verdict::No,
    };
    Ok(ExploreReport {
        scenario: sc.title.clone(),
        player: sc.setup.players[p.ix()].clone(),
        goals: sc.expects.iter().map(|e| e.text.clone()).collect(),
        depth: limits.depth,
        verdict,
        lines: found.unwrap_or_default().iter().map(|l| root.text(&l.action)).collect(),
        positions: s.positions,
        millis: u64::try_from(s.started.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}

/// The text of `judge explore`.
#[must_use]
pub fn render_explore(r: &ExploreReport) -> String {
    let goals = r.goals.join("; ");
    let mut s = match r.verdict {
        Verdict::Yes => format!("yes: {} can make `{goals}` hold, with these lines:\n", r.player),
        Verdict::No => format!(
            "no: {} cannot make `{goals}` hold with at most {} own action(s) against every reply\n",
            r.player, r.depth
        ),
        Verdict::Unknown => format!("unknown: the search reached its limit before an answer for `{goals}`\n"),
    };
    for l in &r.lines {
        s.push_str(&format!("  - {l}\n"));
    }
    s.push_str(&format!("{} positions searched in {} ms\n", r.positions, r.millis));
    s
}
