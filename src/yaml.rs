//! The only module that touches serde-saphyr: YAML with the position of every value.

use crate::diagnostic::Diagnostic;
use crate::span::{Span, Spanned};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;

/// A scalar read as text whatever YAML thinks it is (`17`, `true`, `1G`), or a one-pair
/// mapping taken back as the line `KEY: VALUE` (contract: "Shape").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Text(pub String);

impl<'de> de::Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Text;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a line of text")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Text, E> {
                Ok(Text(v.to_owned()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Text, E> {
                Ok(Text(v.to_string()))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Text, E> {
                Ok(Text(String::new()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Text, A::Error> {
                let Some((k, v)) = map.next_entry::<Text, Text>()? else {
                    return Err(de::Error::custom("expected a line of text, found an empty mapping"));
                };
                if map.next_key::<Text>()?.is_some() {
                    return Err(de::Error::custom(
                        "expected a line of text, found a mapping: quote a line that holds `: ` twice",
                    ));
                }
                Ok(Text(format!("{}: {}", k.0, v.0)))
            }
        }
        d.deserialize_any(V)
    }
}

/// A [`Text`] with its position, as read by serde-saphyr.
pub type RawText = serde_saphyr::Spanned<Text>;

/// Converts a positioned value into a byte span of the text it holds in `src`.
#[must_use]
pub fn locate(raw: &RawText, src: &str) -> Spanned<String> {
    let text = raw.value.0.clone();
    let loc = &raw.referenced;
    let mut offset = loc
        .span()
        .byte_offset()
        .and_then(|o| usize::try_from(o).ok())
        .unwrap_or_else(|| offset_of(src, loc.line(), loc.column()));
    // A quoted scalar's position is its opening quote; point at the text itself.
    if matches!(src.as_bytes().get(offset), Some(b'"' | b'\'')) {
        offset += 1;
    }
    // A one-pair mapping's key is where the line starts; nothing to adjust.
    let len = text.len();
    Spanned::new(text, Span::new(offset.min(src.len()), len))
}

/// Byte offset of a one-based line and column.
fn offset_of(src: &str, line: u64, column: u64) -> usize {
    let mut off = 0;
    for (n, l) in src.split_inclusive('\n').enumerate() {
        if n as u64 + 1 == line {
            return off
                + l.char_indices().nth(usize::try_from(column.saturating_sub(1)).unwrap_or(0)).map_or(0, |(i, _)| i);
        }
        off += l.len();
    }
    src.len()
}

/// Deserializes `src`, turning a YAML or schema error into a [`Diagnostic`] at its position.
///
/// # Errors
/// The first YAML or schema error, with its position.
pub fn from_str<T: de::DeserializeOwned>(src: &str) -> Result<T, Diagnostic> {
    serde_saphyr::from_str::<T>(src).map_err(|e| {
        let plain = e.without_snippet();
        let message = plain_message(plain);
        match plain.location().or_else(|| e.location()) {
            Some(loc) if loc.line() > 0 => {
                let offset = loc
                    .span()
                    .byte_offset()
                    .and_then(|o| usize::try_from(o).ok())
                    .unwrap_or_else(|| offset_of(src, loc.line(), loc.column()));
                let len = src[offset.min(src.len())..].find([':', '\n']).unwrap_or(1).max(1);
                let help = unknown_key_help(&message);
                let d = Diagnostic::new(message, Span::new(offset, len), "here");
                match help {
                    Some(h) => d.with_help(h),
                    None => d,
                }
            }
            _ => Diagnostic::whole_file(message),
        }
    })
}

/// For "unknown field `KEY`, expected one of A, B, ...": the key the misspelling is closest
/// to, as a did-you-mean (a header key such as `player:`, a zone key such as `hnd:`).
fn unknown_key_help(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (key, rest) = rest.split_once('`')?;
    let list = rest.split_once("expected ")?.1;
    let list = list.strip_prefix("one of ").unwrap_or(list);
    let keys: Vec<&str> =
        list.split([',', ' ']).map(|k| k.trim_matches('`')).filter(|k| !k.is_empty() && *k != "or").collect();
    crate::diagnostic::did_you_mean(key, keys).map(|k| format!("did you mean `{k}`?"))
}

/// The error's message without its location suffix, lowercase first letter.
fn plain_message(e: &serde_saphyr::Error) -> String {
    let text = e.to_string();
    let first = text.lines().next().unwrap_or("").trim();
    let cut = first.find(" at line ").map_or(first, |i| &first[..i]);
    let cut = cut.strip_prefix("error: ").unwrap_or(cut);
    let mut chars = cut.chars();
    let plain = chars.next().map_or_else(String::new, |c| c.to_lowercase().collect::<String>() + chars.as_str());
    in_our_words(&plain)
}

/// Rewords the YAML library's messages that name its own API or internals.
fn in_our_words(message: &str) -> String {
    if message.contains("from_str_multiple") || message.starts_with("multiple yaml documents") {
        return "a file holds one scenario or card list: a second YAML document (`---`) begins here".to_owned();
    }
    if let Some(what) = message.strip_prefix("budget breached: ") {
        let what = what.split([' ', '{']).next().unwrap_or("").to_lowercase();
        let what = match what.as_str() {
            "nodes" => "values",
            "depth" => "nesting levels",
            "aliases" | "anchors" => "anchors and aliases",
            "events" => "YAML events",
            _ => "YAML elements",
        };
        return format!(
            "this file has too many {what} to be a scenario or a card list (a limit that keeps reading small)"
        );
    }
    if let Some((head, _)) = message.split_once(", set DuplicateKeyPolicy") {
        let key = head.strip_prefix("duplicate mapping key: ").unwrap_or(head);
        return format!("key `{key}` is written twice in the same mapping");
    }
    message.to_owned()
}

/// A mapping kept in file order, each key with its position.
#[derive(Debug)]
pub struct OrderedMap<V>(pub Vec<(RawText, V)>);

impl<'de, V: de::Deserialize<'de>> de::Deserialize<'de> for OrderedMap<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct M<V>(std::marker::PhantomData<V>);
        impl<'de, V: de::Deserialize<'de>> Visitor<'de> for M<V> {
            type Value = OrderedMap<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<RawText, V>()? {
                    out.push((k, v));
                }
                Ok(OrderedMap(out))
            }
        }
        d.deserialize_map(M(std::marker::PhantomData))
    }
}

/// A library: a count of unknown cards, or a list of card names, top first.
#[derive(Debug)]
pub enum CountOrList {
    /// A count.
    Count(u32),
    /// Card entries.
    List(Vec<RawText>),
}

impl<'de> de::Deserialize<'de> for CountOrList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = CountOrList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a count of cards or a list of card names")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<CountOrList, E> {
                u32::try_from(v).map(CountOrList::Count).map_err(|_| E::custom("library count is too large"))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<CountOrList, E> {
                u32::try_from(v).map(CountOrList::Count).map_err(|_| E::custom("library count must be 0 or more"))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<CountOrList, A::Error> {
                let mut out = Vec::new();
                while let Some(x) = seq.next_element::<RawText>()? {
                    out.push(x);
                }
                Ok(CountOrList::List(out))
            }
        }
        d.deserialize_any(V)
    }
}
