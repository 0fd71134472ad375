//! A game between two lines: what a search or `judge moves` looks at and plays on from.
//!
//! A position is the engine itself, stopped where it would take its next line: cloning it is
//! cloning the game. Playing a line on it is done on a copy, so a refused line leaves the
//! position as it was (check, then apply).

use super::action::Line;
use super::script::Asked;
use super::state::{Game, PlayerId};
use super::{Engine, Outcome, Setup, Stop};

/// The game after some lines, before any play-out.
#[derive(Clone)]
pub struct Position<'a> {
    pub(super) e: Engine<'a>,
    /// Why play stopped before these lines ran out, if it did (the game is over, a line was
    /// refused, a choice no line makes).
    stopped: Option<Stop>,
}

impl<'a> Position<'a> {
    /// The position after the scenario's lines.
    #[must_use]
    pub fn after_lines(sc: &'a Setup) -> Self {
        let mut e = Engine::new(sc);
        let r = e.start().and_then(|()| e.take_lines());
        Self { e, stopped: r.err() }
    }

    /// After a refused line: the position as the refusal left it (untouched by the line), to
    /// play on from. `None` when play stopped for another reason, or did not stop.
    #[must_use]
    pub fn after_refusal(&self) -> Option<Self> {
        matches!(self.stopped, Some(Stop::Illegal(_))).then(|| Self { e: self.e.fork(), stopped: None })
    }

    /// The same position for a search: its copies record no events (an outcome's events are
    /// then empty) and a copy whose line is refused is left as play left it, not restored (a
    /// search drops it).
    #[must_use]
    pub fn unrecorded(mut self) -> Self {
        self.e.record = false;
        self
    }

    /// Why play stopped before the lines ran out.
    #[must_use]
    pub const fn stopped(&self) -> Option<&Stop> {
        self.stopped.as_ref()
    }

    /// A refused line's reason in words, as the trace prints it.
    #[must_use]
    pub fn reason(&self, il: &super::Illegal) -> String {
        self.e.refusal_text(&il.refusal)
    }

    /// The game.
    #[must_use]
    pub const fn game(&self) -> &Game {
        &self.e.game
    }

    /// The scenario.
    #[must_use]
    pub const fn setup(&self) -> &'a Setup {
        self.e.sc
    }

    /// How many lines have been given (the file's and those played since).
    #[must_use]
    pub fn lines(&self) -> usize {
        self.e.driver.len()
    }

    /// Who holds priority at the innermost moment.
    #[must_use]
    pub fn holder(&self) -> PlayerId {
        self.e.game.top().holder
    }

    /// Whether anyone may act now (false in the phases without priority, and between turns).
    #[must_use]
    pub fn priority_phase(&self) -> bool {
        self.e.pol.has_priority(self.e.game.phase) && !self.e.game.between_turns
    }

    /// Whether nothing is open: no spell being cast, no batch, no attack in progress.
    #[must_use]
    pub fn settled(&self) -> bool {
        self.e.game.ctx.len() == 1 && self.e.game.top().is_neutral() && self.e.game.combat().is_none()
    }

    /// The lines taken at the top level, each with the lines read while it was taken (a
    /// prevention read in the damage prevention step a `resolve` opened): `(first, end)`.
    #[must_use]
    pub fn moves_taken(&self) -> &[(usize, usize)] {
        &self.e.taken
    }

    /// The decisions asked with no answer while the last lines played.
    #[must_use]
    pub fn asked(&self) -> Vec<Asked> {
        self.e.asked.borrow().clone()
    }

    /// The position after `lines` (taken on a copy): the first line, and answers read while
    /// it is taken. `Err` when play stopped on the way: a refused line (the position is
    /// untouched), a choice that needs another line, the game over, or a later line that no
    /// decision of the first one read.
    ///
    /// # Errors
    /// Why the lines could not all be taken.
    pub fn play(&self, lines: &[Line]) -> Result<Self, Stop> {
        let next = self.try_play(lines);
        match next.stopped {
            None => Ok(next),
            Some(s) => Err(s),
        }
    }

    /// The position after `lines`, taken on a copy, with why play stopped on the way if it did
    /// (then the game is as play left it: mid-resolution for a choice, as before a refused
    /// line, over).
    #[must_use]
    pub fn try_play(&self, lines: &[Line]) -> Self {
        let mut e = self.e.fork();
        e.asked.borrow_mut().clear();
        let first = e.driver.len();
        for l in lines {
            e.push_line(l.clone());
        }
        let stopped = match e.take_lines() {
            // Lines after the first are answers read while it is taken, or nothing.
            Ok(()) if lines.len() > 1 && !e.taken.iter().any(|&(a, b)| a == first && b == first + lines.len()) => {
                Some(Stop::Choice { line: None, message: "a line was not read as an answer".into() })
            }
            Ok(()) => None,
            Err(s) => Some(s),
        };
        Self { e, stopped }
    }

    /// Plays on to the end with nobody acting (what is open resolves, an attack is fought to
    /// its end, `stop:`), as a run whose lines ran out here. The events are those of the
    /// play-out only.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        let mut e = self.e.fork();
        let r = match &self.stopped {
            Some(s) => Err(s.clone()),
            None => e.play_out(),
        };
        e.finish(r)
    }
}
