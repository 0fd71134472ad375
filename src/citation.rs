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
    /// The Fourth Edition FAQ and General Rulings Summary (Wizards of the Coast, reposted
    /// 2009-08-17), the second witness for `rules: 4e`.
    #[serde(rename = "Fourth Edition FAQ and General Rulings Summary")]
    Faq4,
    /// 003: the 1993 Alpha rulebook.
    #[serde(rename = "003 Alpha rulebook 1993")]
    Alpha,
    /// 001: the Magic 2013 basic rulebook (July 2012), cited by section and line.
    #[serde(rename = "001 Magic 2013 basic rulebook")]
    M13,
    /// The Comprehensive Rules as they stood in July 2012 (Magic 2013), the second witness for
    /// `rules: m13` where 001 is silent.
    #[serde(rename = "Comprehensive Rules 2012")]
    Cr2012,
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

    /// A section of the Fourth Edition FAQ and General Rulings Summary.
    #[must_use]
    pub const fn f4(section: &'static str) -> Self {
        Self { doc: Doc::Faq4, section }
    }

    /// A page or section of the Alpha rulebook (seed 003).
    #[must_use]
    pub const fn a(section: &'static str) -> Self {
        Self { doc: Doc::Alpha, section }
    }

    /// A section and line of the Magic 2013 basic rulebook (seed 001).
    #[must_use]
    pub const fn m(section: &'static str) -> Self {
        Self { doc: Doc::M13, section }
    }

    /// A rule of the 2012 Comprehensive Rules (second witness where 001 is silent).
    #[must_use]
    pub const fn cr(section: &'static str) -> Self {
        Self { doc: Doc::Cr2012, section }
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.doc {
            Doc::Grs => write!(f, "GRS 07/15/97, {}", self.section),
            Doc::Fifth => write!(f, "5th Ed. rulebook, {}", self.section),
            Doc::Faq4 => write!(f, "4th Ed. FAQ, {}", self.section),
            Doc::Alpha => write!(f, "Alpha rulebook, {}", self.section),
            Doc::M13 => write!(f, "M13 rulebook, {}", self.section),
            Doc::Cr2012 => write!(f, "CR 2012, {}", self.section),
        }
    }
}
