//! Rule citations: which document and section a step of the engine applies.

use serde::Serialize;

/// A source document of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Doc {
    /// 002: the General Rulings Summary of 07/15/97.
    #[serde(rename = "002 General Rulings Summary 07/15/97")]
    Grs,
    /// 000: the Fifth Edition rulebook.
    #[serde(rename = "000 Fifth Edition rulebook")]
    Fifth,
}

/// A rule citation: document and section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rule {
    /// The document.
    pub doc: Doc,
    /// The section, as the document names it.
    pub section: &'static str,
}

impl Rule {
    /// A section of the General Rulings Summary 07/15/97 (seed 002).
    #[must_use]
    pub const fn g(section: &'static str) -> Self {
        Self { doc: Doc::Grs, section }
    }

    /// A section of the Fifth Edition rulebook (seed 000).
    #[must_use]
    pub const fn r5(section: &'static str) -> Self {
        Self { doc: Doc::Fifth, section }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.doc {
            Doc::Grs => write!(f, "GRS 07/15/97, {}", self.section),
            Doc::Fifth => write!(f, "5th Ed. rulebook, {}", self.section),
        }
    }
}
