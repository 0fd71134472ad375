//! Why a run stops early.

use crate::trace::Rule;

/// An illegal line: the reason and the rule that forbids it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Illegal {
    /// Index of the line among the actions, when known.
    pub line: Option<usize>,
    /// What is wrong, in plain words.
    pub reason: String,
    /// The rule that forbids it.
    pub rule: Rule,
    /// A hint for the scenario's author.
    pub hint: Option<String>,
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
    pub(crate) fn illegal(reason: impl Into<String>, rule: Rule, hint: Option<&str>) -> Self {
        Self::Illegal(Illegal { line: None, reason: reason.into(), rule, hint: hint.map(str::to_owned) })
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
