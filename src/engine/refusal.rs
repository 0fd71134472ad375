//! Why a line is refused: a typed reason that carries its rule citation and its hint.
//!
//! A refusal holds ids and numbers, never prose; its words are made in one place
//! (`Engine::refusal_text` / `Engine::refusal_hint`) when the `Illegal` event is emitted, with
//! the scenario's names and labels. The citation lives with the reason (`Refusal::rule`); the
//! edition's citation table still translates it when the event is emitted.

use super::Engine;
use crate::trace::Rule;

/// Why a line is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A reason not yet given its own variant: its words, rule and hint as text.
    Text {
        /// What is wrong, in plain words.
        reason: String,
        /// The rule that forbids it.
        rule: Rule,
        /// A hint for the scenario's author.
        hint: Option<String>,
    },
}

impl Refusal {
    /// The rule that forbids the line.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        match self {
            Self::Text { rule, .. } => *rule,
        }
    }
}

impl Engine<'_> {
    /// The refusal in words, as the trace prints it.
    pub(crate) fn refusal_text(&self, r: &Refusal) -> String {
        match r {
            Refusal::Text { reason, .. } => reason.clone(),
        }
    }

    /// The refusal's hint for the scenario's author, if it has one.
    pub(crate) fn refusal_hint(&self, r: &Refusal) -> Option<String> {
        match r {
            Refusal::Text { hint, .. } => hint.clone(),
        }
    }
}
