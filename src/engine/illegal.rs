//! Why a run stops early.

use super::refusal::Refusal;

/// An illegal line: why it is refused (with the rule that forbids it), and notes from its context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// Index of the line among the actions, when known.
    pub line: Option<usize>,
    /// Why the line is refused (boxed: some reasons carry pools and lists, and a `Stop` is
    /// returned on every path).
    pub refusal: Box<Refusal>,
    /// What the driver adds from the line's context (a phase its implied passes would have
    /// ended, a moment looked at and not taken). Text, because each note is assembled from the
    /// edition's phase names, the driver's own records and the line: they follow the refusal's
    /// hint, joined with "; ".
    pub notes: Vec<String>,
}

/// Why the engine stopped before the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// An illegal line (exit 1 unless expected).
    Illegal(Illegal),
    /// The game is over (contract, Consumption 6).
    GameOver,
    /// The rules give a player a choice that no line makes (exit 2).
    Choice {
        /// Index of the line being taken, when known.
        line: Option<usize>,
        /// The choice to make and how.
        message: String,
    },
    /// The scenario reaches a rule this engine does not model under its edition yet (exit 2).
    Unsupported {
        /// Index of the line being taken, when known.
        line: Option<usize>,
        /// What is not modelled, with the rule that differs.
        message: String,
    },
}

impl Stop {
    /// An illegal action.
    pub(crate) fn refuse(refusal: Refusal) -> Self {
        Self::Illegal(Illegal { line: None, refusal: Box::new(refusal), notes: Vec::new() })
    }

    /// Attaches the line being taken, unless one is already attached.
    #[must_use]
    pub(crate) fn at_line(self, i: usize) -> Self {
        match self {
            Self::Illegal(mut il) => {
                il.line.get_or_insert(i);
                Self::Illegal(il)
            }
            Self::Choice { line, message } => Self::Choice { line: line.or(Some(i)), message },
            Self::Unsupported { line, message } => Self::Unsupported { line: line.or(Some(i)), message },
            Self::GameOver => Self::GameOver,
        }
    }
}
