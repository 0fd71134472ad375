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

    /// `file:line:col` of this diagnostic in `src`.
    #[must_use]
    pub fn location(&self, file: &str, src: &str) -> String {
        match self.span {
            Some(span) => {
                let (line, col) = line_col(src, span.offset);
                format!("{file}:{line}:{col}")
            }
            None => file.to_owned(),
        }
    }

    /// Renders the diagnostic against the text of `file`, without colour.
    #[must_use]
    pub fn render(&self, file: &str, src: &str) -> String {
        let mut out = format!("error: {}\n", self.message);
        let _ = writeln!(out, " --> {}", self.location(file, src));
        if let Some(span) = self.span {
            let offset = floor_char_boundary(src, span.offset.min(src.len()));
            let (line, col) = line_col(src, offset);
            let line_start = src[..offset].rfind('\n').map_or(0, |i| i + 1);
            let line_end = src[offset..].find('\n').map_or(src.len(), |i| offset + i);
            let text = src[line_start..line_end].trim_end_matches('\r');
            let end = floor_char_boundary(src, (offset + span.len).min(line_end));
            let width = src[offset..end].chars().count().max(1);
            let gutter = " ".repeat(line.to_string().len());
            let _ = writeln!(out, "{gutter} |");
            let _ = writeln!(out, "{line} | {text}");
            let pad = " ".repeat(col - 1);
            let carets = "^".repeat(width);
            let label = if self.label.is_empty() { String::new() } else { format!(" {}", self.label) };
            let _ = writeln!(out, "{gutter} | {pad}{carets}{label}");
            if let Some(help) = &self.help {
                let _ = writeln!(out, "{gutter} |");
                let _ = writeln!(out, "{gutter} = help: {help}");
            }
        } else if let Some(help) = &self.help {
            let _ = writeln!(out, "  = help: {help}");
        }
        out
    }
}

/// The closest candidate to `word` by edit distance, if close enough to be a likely typo.
#[must_use]
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let w = word.to_lowercase();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(&w, &c.to_lowercase());
        let limit = (w.chars().count() / 3).max(2);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
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
}
