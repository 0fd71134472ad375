//! A fast reader for the plain shapes the built-in card files use (`- {name: X, cost: Y}` on
//! one line, or `- name: X` with two-space-indented keys, one-line flow lists of quoted
//! abilities, `modes:` and `editions:` blocks). The YAML library costs about 80,000
//! instructions a card; this costs a few hundred. Anything it does not recognise, it leaves
//! to the YAML library (`None`), and a card it reads that does not parse is read again by the
//! YAML library for a positioned error; a test checks that it reads every built-in card to the
//! same definition as the YAML library.

use super::Fields;
use crate::span::{Span, Spanned};
use std::collections::BTreeMap;

const KEYS: &[&str] =
    &["name", "cost", "type", "pt", "text", "abilities", "modes", "editions", "color", "subtypes", "set"];

fn at(s: &str) -> Spanned<String> {
    // Positions are not needed: an error is reported by the slow path.
    Spanned::new(s.to_owned(), Span::new(0, 0))
}

/// Reads one entry (`- ...` up to the next entry), or `None` when it is not a plain shape.
pub(super) fn read(entry: &str) -> Option<Fields> {
    // Tabs, carriage returns and other control characters: the YAML library's business.
    if entry.chars().any(|c| (c.is_control() && c != '\n') || c == '\u{feff}') {
        return None;
    }
    let mut lines = entry.lines();
    let first = lines.next()?.strip_prefix("- ")?;
    let mut values: Vec<(&str, Value<'_>)> = Vec::new();
    if let Some(flow) = first.trim_end().strip_prefix('{') {
        let body = flow.strip_suffix('}')?;
        for pair in body.split(", ") {
            let (k, v) = pair.split_once(": ")?;
            // In a flow mapping a comma ends a plain value.
            if v.contains(',') {
                return None;
            }
            values.push((k.trim(), Value::Scalar(plain(v)?)));
        }
        if lines.any(|l| !is_blank(l)) {
            return None;
        }
    } else {
        let mut pending: Vec<&str> = vec![first];
        for l in lines {
            if is_blank(l) {
                continue;
            }
            pending.push(l.strip_prefix("  ")?);
        }
        let mut i = 0;
        while i < pending.len() {
            let line = pending[i];
            i += 1;
            let (k, v) = line.split_once(':')?;
            if k.starts_with(' ') {
                return None;
            }
            // `key:value` is not a key in YAML: a space (or the end of the line) must follow.
            let v = match v.strip_prefix(' ') {
                Some(v) => v,
                None if v.is_empty() => v,
                None => return None,
            };
            if !v.trim().is_empty() {
                values.push((k, value(v)?));
                continue;
            }
            // A nested block: the lines indented two more.
            let mut nested = Vec::new();
            while let Some(n) = pending.get(i).and_then(|l| l.strip_prefix("  ")) {
                nested.push(n);
                i += 1;
            }
            if nested.is_empty() {
                return None;
            }
            values.push((k, Value::Block(nested)));
        }
    }
    fields(values)
}

enum Value<'a> {
    Scalar(&'a str),
    List(Vec<&'a str>),
    Block(Vec<&'a str>),
}

fn is_blank(l: &str) -> bool {
    let t = l.trim_start();
    t.is_empty() || t.starts_with('#')
}

fn value(v: &str) -> Option<Value<'_>> {
    let t = v.trim_end();
    if let Some(list) = t.strip_prefix('[') {
        let mut rest = list.strip_suffix(']')?.trim();
        let mut items = Vec::new();
        while !rest.is_empty() {
            let (item, after) = if rest.starts_with(['"', '\'']) {
                quoted(rest)?
            } else {
                let end = rest.find(',').unwrap_or(rest.len());
                (plain(&rest[..end])?, &rest[end..])
            };
            items.push(item);
            rest = after.trim_start();
            rest = match rest.strip_prefix(',') {
                Some(r) => r.trim_start(),
                None if rest.is_empty() => rest,
                None => return None,
            };
        }
        return Some(Value::List(items));
    }
    Some(Value::Scalar(scalar(t)?))
}

/// A scalar: quoted without escapes, or plain.
fn scalar(t: &str) -> Option<&str> {
    if t.starts_with(['"', '\'']) {
        let (inner, rest) = quoted(t)?;
        return rest.trim().is_empty().then_some(inner);
    }
    plain(t)
}

/// A quoted string at the start of `t` and what follows it.
fn quoted(t: &str) -> Option<(&str, &str)> {
    let q = t.chars().next()?;
    if q != '"' && q != '\'' {
        return None;
    }
    let body = &t[1..];
    let end = body.find(q)?;
    let inner = &body[..end];
    if inner.contains('\\') || body[end + 1..].starts_with(q) {
        return None;
    }
    Some((inner, &body[end + 1..]))
}

/// A plain scalar that YAML reads as this very text (not a number, a boolean or a null, and
/// without the characters that would make it something else).
fn plain(v: &str) -> Option<&str> {
    let t = v.trim();
    let special = t.is_empty()
        || t.starts_with([
            '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`', '#', '?', ':', '-', '.',
        ])
        || t.contains(": ")
        || t.contains(" #")
        || t.ends_with(':')
        || t.contains(['{', '}', '[', ']', '\t']);
    let lower = t.to_ascii_lowercase();
    let typed = matches!(lower.as_str(), "~" | "null" | "true" | "false" | "yes" | "no" | "on" | "off" | "y" | "n")
        || (t.starts_with(|c: char| c.is_ascii_digit() || c == '+') && t.parse::<f64>().is_ok() && !whole(t))
        || lower.starts_with("0x")
        || lower.starts_with("0o");
    (!special && !typed).then_some(t)
}

fn fields(values: Vec<(&str, Value<'_>)>) -> Option<Fields> {
    let mut seen = Vec::new();
    let mut f = Fields {
        name: at(""),
        type_line: at(""),
        cost: None,
        pt: None,
        text: None,
        abilities: Vec::new(),
        modes: BTreeMap::new(),
        editions: BTreeMap::new(),
        color: None,
        subtypes: Vec::new(),
        set: None,
    };
    let (mut has_name, mut has_type) = (false, false);
    for (k, v) in values {
        if !KEYS.contains(&k) || seen.contains(&k) {
            return None;
        }
        seen.push(k);
        match (k, v) {
            ("name", Value::Scalar(s)) => (f.name, has_name) = (at(s), true),
            ("type", Value::Scalar(s)) => (f.type_line, has_type) = (at(s), true),
            ("cost", Value::Scalar(s)) => f.cost = Some(at(s)),
            ("pt", Value::Scalar(s)) => f.pt = Some(at(s)),
            ("text", Value::Scalar(s)) => f.text = Some(s.to_owned()),
            ("color", Value::Scalar(s)) => f.color = Some(at(s)),
            ("set", Value::Scalar(s)) => f.set = Some(at(s)),
            ("subtypes", Value::List(items)) => f.subtypes = items.into_iter().map(at).collect(),
            ("abilities", Value::List(items)) => f.abilities = items.into_iter().map(at).collect(),
            ("abilities", Value::Block(lines)) => {
                for l in lines {
                    f.abilities.push(at(scalar(l.strip_prefix("- ")?.trim_end())?));
                }
            }
            ("modes", Value::Block(lines)) => {
                for l in lines {
                    let (m, a) = l.split_once(": ")?;
                    if m.starts_with(' ') || f.modes.insert(plain(m)?.to_owned(), at(scalar(a.trim_end())?)).is_some() {
                        return None;
                    }
                }
            }
            ("editions", Value::Block(lines)) => {
                let mut j = 0;
                while j < lines.len() {
                    let (e, o) = lines[j].split_once(':')?;
                    j += 1;
                    let o = o.trim_end();
                    let fields = if o.is_empty() {
                        // A nested block: the lines indented two more.
                        let mut sub = Vec::new();
                        while let Some(n) = lines.get(j).and_then(|l| l.strip_prefix("  ")) {
                            sub.push(n);
                            j += 1;
                        }
                        edition_block(&sub)?
                    } else {
                        let t = o.strip_prefix(" {type: ")?.strip_suffix('}')?;
                        if t.contains(',') {
                            return None;
                        }
                        super::EditionFields { type_line: Some(plain(t)?.to_owned()), ..Default::default() }
                    };
                    if e.starts_with(' ') || f.editions.insert(plain(e)?.to_owned(), fields).is_some() {
                        return None;
                    }
                }
            }
            _ => return None,
        }
    }
    (has_name && has_type).then_some(f)
}

/// One edition's block under `editions:` (`type:`, `text:`, `abilities:` as a block or a flow
/// list), or `None` for any other shape.
fn edition_block(sub: &[&str]) -> Option<super::EditionFields> {
    if sub.is_empty() {
        return None;
    }
    let mut out = super::EditionFields::default();
    let mut k = 0;
    let mut seen: Vec<&str> = Vec::new();
    while k < sub.len() {
        let (key, v) = sub[k].split_once(':')?;
        k += 1;
        if key.starts_with(' ') || seen.contains(&key) {
            return None;
        }
        seen.push(key);
        let v = match v.strip_prefix(' ') {
            Some(v) => v.trim_end(),
            None if v.is_empty() => v,
            None => return None,
        };
        match (key, v.is_empty()) {
            ("type", false) => out.type_line = Some(scalar(v)?.to_owned()),
            ("text", false) => out.text = Some(scalar(v)?.to_owned()),
            ("abilities", false) => match value(v)? {
                Value::List(items) => out.abilities = Some(items.into_iter().map(at).collect()),
                _ => return None,
            },
            ("abilities", true) => {
                let mut items = Vec::new();
                while let Some(n) = sub.get(k).and_then(|l| l.strip_prefix("  - ")) {
                    items.push(at(scalar(n.trim_end())?));
                    k += 1;
                }
                if items.is_empty() {
                    return None;
                }
                out.abilities = Some(items);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// A whole number written as YAML and `to_string` write it (`3`, not `03` or `+3`).
fn whole(t: &str) -> bool {
    t.bytes().all(|b| b.is_ascii_digit()) && (t == "0" || !t.starts_with('0')) && t.parse::<u64>().is_ok()
}
