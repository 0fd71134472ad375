//! Splitting a card file into its entries without a YAML parser, so that a card is parsed only
//! when a scenario names it. The build script uses this module too (it includes the file), so it
//! depends on nothing but `std`.

/// One top-level entry of a card file: its byte range and its name as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece<'a> {
    /// Offset of the entry's `- `.
    pub start: usize,
    /// Offset just past the entry (the next entry's start, or the end of the file).
    pub end: usize,
    /// The `name:` value, unquoted.
    pub name: &'a str,
}

/// Splits a card file written as a top-level block sequence (`- {name: ...}` or `- name: ...`
/// followed by two-space-indented keys) into entries.
///
/// Returns `None` for any shape it does not recognise (a document marker, a top-level mapping,
/// a name with escapes, an entry whose name is not found); the caller then parses the whole
/// file instead, so an odd file is never misread, only read the slow way.
#[must_use]
pub fn split_cards(src: &str) -> Option<Vec<Piece<'_>>> {
    let mut starts = Vec::new();
    let mut at = 0;
    for line in src.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if bare.starts_with("- ") {
            starts.push(at);
        } else if !(bare.is_empty() || bare.starts_with('#') || bare.starts_with(' ')) {
            return None;
        } else if starts.is_empty() && bare.starts_with(' ') && !bare.trim().is_empty() {
            // Indented text before the first entry: not a plain sequence of cards.
            return None;
        }
        at += line.len();
    }
    let mut out = Vec::with_capacity(starts.len());
    for (k, &start) in starts.iter().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(src.len());
        let name = entry_name(&src[start..end])?;
        out.push(Piece { start, end, name });
    }
    Some(out)
}

/// The name of one entry (`- {name: X, ...}`, `- name: X` or a later `  name: X` line).
fn entry_name(entry: &str) -> Option<&str> {
    let first = entry.lines().next()?.strip_prefix("- ")?.trim_start();
    if let Some(flow) = first.strip_prefix('{') {
        let value = flow.trim_start().strip_prefix("name:")?;
        return scalar(value, true);
    }
    if let Some(value) = first.strip_prefix("name:") {
        return scalar(value, false);
    }
    entry.lines().skip(1).find_map(|l| l.strip_prefix("  name:")).and_then(|v| scalar(v, false))
}

/// A scalar value after `name:`: plain, or quoted without escapes.
fn scalar(value: &str, flow: bool) -> Option<&str> {
    let v = value.trim_start();
    let text = if let Some(q) = v.strip_prefix('"') {
        let (inner, _) = q.split_once('"')?;
        if inner.contains('\\') {
            return None;
        }
        inner
    } else if let Some(q) = v.strip_prefix('\'') {
        let (inner, rest) = q.split_once('\'')?;
        if rest.starts_with('\'') {
            return None;
        }
        inner
    } else {
        let end = if flow { v.find([',', '}']).unwrap_or(v.len()) } else { v.find(" #").unwrap_or(v.len()) };
        let plain = v[..end].trim_end();
        // A value that YAML would read as something else is left to the real parser.
        if plain.is_empty() || plain.starts_with(['[', '{', '&', '*', '!', '|', '>', '%', '@', '`']) {
            return None;
        }
        plain
    };
    (!text.trim().is_empty()).then_some(text)
}
