//! The one renderer for every user-facing error: message, location, source line, carets, help.

use crate::span::{Span, floor_char_boundary, line_col};
use std::fmt::Write as _;

/// An error pointing into a source file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What went wrong, lowercase, names in backticks.
    pub message: String,
    /// Where; `None` for errors about a whole file.
    pub span: Option<Span>,
    /// Text under the carets: usually what was expected.
    pub label: String,
    /// An optional suggestion.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic at `span`.
    pub fn new(message: impl Into<String>, span: Span, label: impl Into<String>) -> Self {
        Self { message: message.into(), span: Some(span), label: label.into(), help: None }
    }

    /// A diagnostic about a whole file.
    pub fn whole_file(message: impl Into<String>) -> Self {
        Self { message: message.into(), span: None, label: String::new(), help: None }
    }

    /// Adds a help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Renders the diagnostic against the text of `file`, without colour.
    #[must_use]
    pub fn render(&self, file: &str, src: &str) -> String {
        FileError::new(file, self.clone(), src).to_string()
    }
}

/// An error as the command line shows it: a [`Diagnostic`] placed in its file, with its line,
/// column and source line computed once, so that the edge can render it as text
/// ([`std::fmt::Display`]), as a JSON object or as a table cell (in `crate::output`) without
/// reading rendered text back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file, when the error is about one.
    pub file: Option<String>,
    /// What went wrong, where, what was expected there, and help (boxed: errors travel in
    /// `Result`s, which stay small).
    pub diagnostic: Box<Diagnostic>,
    /// Where the diagnostic's span falls in the file; `None` when it has no span.
    pub place: Option<Place>,
}

/// Where a span falls in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// One-based line.
    pub line: usize,
    /// One-based column, in characters.
    pub column: usize,
    /// The source line, without its line ending.
    pub text: String,
    /// How many characters the carets underline (at least one).
    pub width: usize,
}

impl FileError {
    /// `diagnostic` placed in `file`, whose text is `src`.
    #[must_use]
    pub fn new(file: &str, diagnostic: Diagnostic, src: &str) -> Self {
        let place = diagnostic.span.map(|span| {
            let offset = floor_char_boundary(src, span.offset.min(src.len()));
            let (line, column) = line_col(src, offset);
            let line_start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
            let line_end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
            let text = src[line_start..line_end].trim_end_matches('\r').to_owned();
            let end = floor_char_boundary(src, (offset + span.len).min(line_end));
            let width = src[offset..end].chars().count().max(1);
            Place { line, column, text, width }
        });
        Self { file: Some(file.to_owned()), diagnostic: Box::new(diagnostic), place }
    }

    /// An error about a whole file, named `file`.
    #[must_use]
    pub fn whole_file(file: &str, message: impl Into<String>) -> Self {
        Self::new(file, Diagnostic::whole_file(message), "")
    }

    /// An error about no file (bad usage, an unknown card).
    #[must_use]
    pub fn message(message: impl Into<String>) -> Self {
        Self { file: None, diagnostic: Box::new(Diagnostic::whole_file(message)), place: None }
    }

    /// Adds a help line.
    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.diagnostic.help = Some(help.into());
        self
    }

    /// The text form, its first word `error:` given as `head` (so that it may be coloured).
    #[must_use]
    pub fn render_with(&self, head: &str) -> String {
        let d = &self.diagnostic;
        let mut out = format!("{head} {}\n", d.message);
        match (&self.file, &self.place) {
            (Some(file), Some(p)) => {
                let _ = writeln!(out, " --> {file}:{}:{}", p.line, p.column);
            }
            (Some(file), None) => {
                let _ = writeln!(out, " --> {file}");
            }
            (None, _) => {}
        }
        if let Some(p) = &self.place {
            let gutter = " ".repeat(p.line.to_string().len());
            let _ = writeln!(out, "{gutter} |");
            let _ = writeln!(out, "{} | {}", p.line, p.text);
            let pad = " ".repeat(p.column - 1);
            let carets = "^".repeat(p.width);
            let label = if d.label.is_empty() { String::new() } else { format!(" {}", d.label) };
            let _ = writeln!(out, "{gutter} | {pad}{carets}{label}");
            if let Some(help) = &d.help {
                let _ = writeln!(out, "{gutter} |");
                let _ = writeln!(out, "{gutter} = help: {help}");
            }
        } else if let Some(help) = &d.help {
            let _ = writeln!(out, "  = help: {help}");
        }
        out
    }
}

/// The text form, without colour: `error:`, the place, the underlined source line and help.
impl std::fmt::Display for FileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render_with("error:"))
    }
}

/// The closest candidate to `word` by edit distance, if close enough to be a likely typo; else
/// the one candidate that `word` begins or names one whole word of (`Bolt`, `Serra`).
#[must_use]
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    match suggestions(word, candidates).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// How many suggestions [`suggestions`] gives at most.
pub const MAX_SUGGESTIONS: usize = 6;

/// Likely meant candidates for `word`: the closest by edit distance when it is one edit away;
/// else every candidate that `word` begins or names a whole word of (at most
/// [`MAX_SUGGESTIONS`], sorted); else the closest by edit distance when close enough.
#[must_use]
pub fn suggestions<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    suggest_counted(word, candidates, true).0
}

/// The closest candidate by edit distance alone (a misspelling), if close enough.
#[must_use]
pub fn closest_typo<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    suggest_counted(word, candidates, false).0.first().copied()
}

/// [`suggestions`], with the number of edit-distance cells computed. The work stays bounded
/// whatever the length of `word`: a candidate whose length differs from the word's by more than
/// the distance allowed cannot be close enough, so it is not compared.
fn suggest_counted<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    by_word: bool,
) -> (Vec<&'a str>, usize) {
    let w = word.trim().to_lowercase();
    let n = w.chars().count();
    if n == 0 {
        return (Vec::new(), 0);
    }
    let limit = (n / 3).max(2);
    let mut work = 0;
    let mut best: Option<(usize, &str)> = None;
    let mut named: Vec<&str> = Vec::new();
    for c in candidates {
        let lc = c.to_lowercase();
        let m = lc.chars().count();
        if n.abs_diff(m) <= limit {
            work += n * m;
            let d = edit_distance(&w, &lc);
            if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, c));
            }
        }
        // Three letters at least, so that `of` does not name every Circle of Protection.
        if by_word
            && n >= 3
            && n < m
            && (lc.starts_with(&w) || lc.split(|ch: char| !ch.is_alphanumeric()).any(|p| p == w))
        {
            named.push(c);
        }
    }
    named.sort_unstable();
    named.dedup();
    named.truncate(MAX_SUGGESTIONS);
    // One edit away is surely a typo; two edits on a short word (`Bolt` -> `Bob`) are weaker
    // evidence than the word itself naming one card.
    match best {
        Some((d, c)) if d <= 1 || named.len() != 1 => (vec![c], work),
        _ => (named, work),
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != *cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_caret_under_span() {
        let src = "a: 1\nactions:\n  - Alice cats Bolt\n";
        let at = src.find("cats").unwrap_or(0);
        let d = Diagnostic::new("unknown verb `cats`", Span::new(at, 4), "expected a verb")
            .with_help("did you mean `casts`?");
        let text = d.render("x.yaml", src);
        assert!(text.contains(" --> x.yaml:3:11"), "{text}");
        assert!(text.contains("  |           ^^^^ expected a verb"), "{text}");
    }

    #[test]
    fn suggests_close_names() {
        assert_eq!(did_you_mean("Grizly Bears", ["Grizzly Bears", "Hill Giant"]), Some("Grizzly Bears"));
        assert_eq!(did_you_mean("Zzz", ["Grizzly Bears"]), None);
    }

    #[test]
    fn suggests_names_from_a_prefix_or_a_word() {
        let cards = ["Lightning Bolt", "Serra Angel", "Wall of Stone", "Wall of Ice", "Circle of Protection: Red"];
        assert_eq!(did_you_mean("Bolt", cards), Some("Lightning Bolt"));
        assert_eq!(did_you_mean("serra", cards), Some("Serra Angel"));
        assert_eq!(did_you_mean("Light", cards), Some("Lightning Bolt"));
        assert_eq!(did_you_mean("of", cards), None);
        assert_eq!(did_you_mean("Wall", cards), None, "two walls: no single guess");
        assert_eq!(suggestions("Wall", cards), ["Wall of Ice", "Wall of Stone"]);
        // Two edits from a player's name, but the word names one card.
        assert_eq!(did_you_mean("Bolt", ["Bob", "Lightning Bolt"]), Some("Lightning Bolt"));
        assert_eq!(did_you_mean("Bobb", ["Bob", "Lightning Bolt"]), Some("Bob"));
        assert_eq!(closest_typo("Bolt", ["Lightning Bolt"]), None);
    }

    #[test]
    fn a_long_unknown_name_costs_no_comparison() {
        let cards: Vec<String> = (0..1000).map(|i| format!("Synthetic Card Number {i}")).collect();
        let long = "x".repeat(100_000);
        let (found, work) = suggest_counted(&long, cards.iter().map(String::as_str), true);
        assert!(found.is_empty());
        assert_eq!(work, 0, "no candidate is within reach of a 100 KB name");
        // A name of ordinary length is compared with each card once, a few hundred cells each.
        let (found, work) = suggest_counted("Synthetic Card Numbr 7", cards.iter().map(String::as_str), true);
        assert_eq!(found, ["Synthetic Card Number 7"]);
        assert!(work <= 1000 * 30 * 30, "{work}");
        // Long, but near a card's length: the work is bounded by the card's length.
        let (_, work) = suggest_counted(&"y".repeat(30), cards.iter().map(String::as_str), true);
        assert!(work <= 1000 * 40 * 30, "{work}");
    }
}
