//! `judge coverage`: how much of a rulings catalogue the files encode.
//!
//! The catalogue is read from a `PENDING.md` under the folders given: its section headers
//! name the id ranges (`## Attack Phase (S002-A-001 .. S002-A-073)`), so the full list of
//! ids lives in the repository. A file encodes the id its name begins with
//! (`s002-a-017-...yaml`, `s002-h-301-...txt`) and every id its `source:` names; an id listed
//! in `PENDING.md` is pending in full, unless its line marks it as a part (`(part)`, `(b)`, or
//! a line under a "not covered" header), which leaves the id encoded with a part still open.
//! Every id of the catalogue must be encoded or pending, never both.

use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::PathBuf;

/// A ruling's id in the project's catalogue: document, part letter, number (`S002-G-048`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Id {
    doc: u16,
    part: char,
    number: u16,
}

impl Id {
    /// Reads an id at the start of `s` (case-insensitive): `S002-G-048`.
    #[must_use]
    pub fn parse_prefix(s: &str) -> Option<Self> {
        let b = s.as_bytes();
        if b.len() < 10 || !b[0].eq_ignore_ascii_case(&b'S') || b[4] != b'-' || b[6] != b'-' {
            return None;
        }
        let digits = |r: std::ops::Range<usize>| {
            b[r.clone()].iter().all(u8::is_ascii_digit).then(|| s[r].parse::<u16>().ok()).flatten()
        };
        let part = char::from(b[5]).to_ascii_uppercase();
        if !part.is_ascii_alphabetic() || b.get(10).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        Some(Self { doc: digits(1..4)?, part, number: digits(7..10)? })
    }

    /// Every id written anywhere in `text`.
    fn all_in(text: &str) -> impl Iterator<Item = Self> + '_ {
        text.char_indices()
            .filter(|&(i, c)| {
                (c == 'S' || c == 's') && !text[..i].chars().next_back().is_some_and(char::is_alphanumeric)
            })
            .filter_map(|(i, _)| Self::parse_prefix(&text[i..]))
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S{:03}-{}-{:03}", self.doc, self.part, self.number)
    }
}

impl Serialize for Id {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The kind of reason a ruling is pending, read from its reason's words (see [`Kind::of`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Not a question about a game position: tournament procedure, penalties, ratings,
    /// information rules, definitions.
    Procedure,
    /// Needs more than two players.
    Multiplayer,
    /// The scenario format has no line or expectation for it.
    Format,
    /// The engine or the card grammar lacks a rule or an effect.
    Mechanic,
    /// Only cards are missing from the library.
    Card,
    /// None of the above words.
    Other,
}

/// The words that put a reason in a kind, tried in this order.
const KIND_WORDS: [(Kind, &[&str]); 5] = [
    (
        Kind::Procedure,
        &[
            "not a game scenario",
            "procedural",
            "tournament procedure",
            "penalty for",
            "penalty,",
            "penalty procedure",
            "rating arithmetic",
            "information rule",
            "hidden information",
            "definitional",
            "deck construction",
            "tournament policy",
            "physical deck",
        ],
    ),
    (Kind::Multiplayer, &["two players", "multiplayer"]),
    (
        Kind::Format,
        &[
            "the format",
            "cannot be written",
            "no line",
            "no expectation",
            "not expressible",
            "cannot name",
            "action grammar",
            "nothing to refuse",
        ],
    ),
    (
        Kind::Mechanic,
        &[
            "engine",
            "grammar",
            "supported",
            "not modelled",
            "effect",
            "trigger",
            "abilit",
            "redirection",
            "control change",
            "sacrifice",
            "upkeep",
            "cip",
            "cantrip",
            "phase cost",
            "coin flip",
            "phasing",
            "loader",
            "card format",
            "counters",
            "animation",
            "tokens",
            "copies",
            "draw",
            "must-attack",
            "must-block",
        ],
    ),
    (
        Kind::Card,
        &[
            "not in library",
            "not in the library",
            "none in the library",
            "in library",
            "no card",
            "(none)",
            "in the library",
        ],
    ),
];

impl Kind {
    /// All kinds, in the order they are reported.
    pub const ALL: [Self; 6] =
        [Self::Card, Self::Mechanic, Self::Format, Self::Multiplayer, Self::Procedure, Self::Other];

    /// The kind of a reason, by the words it uses ([`KIND_WORDS`]): first a procedure,
    /// multiplayer or format reason in its first clause (up to its first `;`, where a reason
    /// names its main obstacle); then procedure or multiplayer anywhere in it (no card makes
    /// those playable); then a missing mechanic (a card named missing beside a missing rule
    /// needs the rule first); then a missing card; then the format; else [`Kind::Other`].
    #[must_use]
    pub fn of(reason: &str) -> Self {
        let lower = reason.to_lowercase();
        let first = lower.split(';').next().unwrap_or_default();
        let has = |kind: Self, text: &str| {
            KIND_WORDS.iter().any(|(k, words)| *k == kind && words.iter().any(|w| text.contains(w)))
        };
        let all = lower.as_str();
        let passes = [
            (Self::Procedure, first),
            (Self::Multiplayer, first),
            (Self::Format, first),
            (Self::Procedure, all),
            (Self::Multiplayer, all),
            (Self::Mechanic, all),
            (Self::Card, all),
            (Self::Format, all),
        ];
        for (kind, text) in passes {
            if has(kind, text) {
                return kind;
            }
        }
        Self::Other
    }

    /// The kind's name in JSON and in the text's headings.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Procedure => "procedure",
            Self::Multiplayer => "multiplayer",
            Self::Format => "format",
            Self::Mechanic => "mechanic",
            Self::Card => "card",
            Self::Other => "other",
        }
    }

    /// What the kind means.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::Procedure => "not a game situation (procedure, penalties, ratings, information, definitions)",
            Self::Multiplayer => "needs more than two players",
            Self::Format => "not expressible in the scenario format (no line or expectation for it)",
            Self::Mechanic => "missing mechanic (the engine or the card grammar lacks a rule or effect)",
            Self::Card => "missing card (the library lacks a card the situation needs)",
            Self::Other => "other reasons",
        }
    }
}

/// A section of the catalogue: its title and its id range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Section {
    /// The header's words before the range.
    pub title: String,
    /// The first id.
    pub first: Id,
    /// The last id.
    pub last: Id,
}

impl Section {
    fn contains(&self, id: Id) -> bool {
        id.doc == self.first.doc
            && id.part == self.first.part
            && (self.first.number..=self.last.number).contains(&id.number)
    }

    fn ids(&self) -> impl Iterator<Item = Id> + '_ {
        (self.first.number..=self.last.number).map(|number| Id { number, ..self.first })
    }
}

/// One id's line in `PENDING.md`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pending {
    /// The id.
    pub id: Id,
    /// The ruling's short title, when the line gives one.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub title: String,
    /// Why it is pending.
    pub reason: String,
    /// The kind of that reason.
    pub kind: Kind,
    /// The line in `PENDING.md`, from 1.
    pub line: usize,
}

/// `PENDING.md` read: the catalogue's sections, the ids pending in full and the parts.
#[derive(Debug, Clone, Default)]
pub struct PendingFile {
    /// The sections, in the file's order.
    pub sections: Vec<Section>,
    /// The ids pending in full.
    pub whole: Vec<Pending>,
    /// Parts of encoded ids that are pending.
    pub parts: Vec<Pending>,
    /// Ids listed in full more than once.
    pub twice: Vec<Id>,
}

/// Reads a `PENDING.md`. A header with an id range opens a section; a header containing
/// "not covered" opens a list of parts; a line starting with an id is a pending id, a part
/// when it is under such a header or its id is followed by a parenthesis (`(part)`, `(b)`).
/// Its words are split at ` — `: the id, a title, the reason (a line with one dash has no
/// title).
#[must_use]
pub fn read_pending(text: &str) -> PendingFile {
    let mut out = PendingFile::default();
    let mut parts_header = false;
    let mut seen = BTreeSet::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            parts_header = line.contains("not covered");
            let mut ids = Id::all_in(line);
            if let (Some(first), Some(last)) = (ids.next(), ids.next()) {
                let words = line.trim_start_matches('#');
                let title = words.split('(').next().unwrap_or_default().trim().to_owned();
                out.sections.push(Section { title, first, last });
            }
            continue;
        }
        let Some(first) = Id::parse_prefix(line) else { continue };
        let fields: Vec<&str> = line.split(" — ").collect();
        let head = fields.first().copied().unwrap_or_default();
        let ids: Vec<Id> = Id::all_in(head).collect();
        let marked = head.contains('(');
        let (title, reason) = match fields.as_slice() {
            [_, title, rest @ ..] if !rest.is_empty() => ((*title).to_owned(), rest.join(" — ")),
            [_, reason] => (String::new(), (*reason).to_owned()),
            _ => (String::new(), String::new()),
        };
        let kind = Kind::of(&reason);
        for id in if ids.is_empty() { vec![first] } else { ids } {
            let p = Pending { id, title: title.clone(), reason: reason.clone(), kind, line: n + 1 };
            if parts_header || marked {
                out.parts.push(p);
            } else {
                if !seen.insert(id) {
                    out.twice.push(id);
                }
                out.whole.push(p);
            }
        }
    }
    // "as S002-G-054": the reason of the id named.
    let kinds: BTreeMap<Id, Kind> = out.whole.iter().map(|p| (p.id, p.kind)).collect();
    for p in out.whole.iter_mut().chain(out.parts.iter_mut()) {
        if p.kind == Kind::Other
            && let Some(k) = p.reason.strip_prefix("as ").and_then(Id::parse_prefix).and_then(|id| kinds.get(&id))
        {
            p.kind = *k;
        }
    }
    out
}

/// The ids a file cites: the id its name begins with, and the ids on its `source:` line and
/// the lines continuing it (a YAML scenario's citation).
#[must_use]
pub fn cited_ids(file_name: &str, text: &str) -> BTreeSet<Id> {
    let mut out: BTreeSet<Id> = Id::parse_prefix(file_name).into_iter().collect();
    let mut in_source = false;
    for line in text.lines() {
        if line.starts_with("source:") {
            in_source = true;
        } else if !line.starts_with([' ', '\t']) {
            in_source = false;
        }
        if in_source {
            out.extend(Id::all_in(line));
        }
    }
    out
}

/// One section's counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SectionCount {
    /// The section.
    #[serde(flatten)]
    pub section: Section,
    /// Ids in the section.
    pub ids: usize,
    /// Ids encoded by a file.
    pub encoded: usize,
    /// Encoded ids with a part still pending.
    pub parts_pending: usize,
    /// Ids pending in full.
    pub pending: usize,
    /// Ids neither encoded nor pending.
    pub missing: usize,
    /// Ids both encoded and pending in full.
    pub both: usize,
}

/// Pending ids of one kind of reason.
#[derive(Debug, Clone, Serialize)]
pub struct Group {
    /// The kind.
    pub kind: Kind,
    /// What it means.
    pub title: &'static str,
    /// The ids, each with its reason.
    pub ids: Vec<Pending>,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Coverage {
    /// The `PENDING.md` read.
    pub pending_file: String,
    /// The totals in one sentence ([`summary`]).
    pub summary: String,
    /// One row a section.
    pub sections: Vec<SectionCount>,
    /// The sums of the rows.
    pub totals: Totals,
    /// The ids pending in full, by kind of reason.
    pub pending: Vec<Group>,
    /// Parts of encoded ids still pending.
    pub parts: Vec<Pending>,
    /// The files that encode each id.
    pub encoded: BTreeMap<Id, Vec<String>>,
    /// What is inconsistent (empty when all is well).
    pub problems: Problems,
}

/// The totals.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Totals {
    /// Ids in the catalogue.
    pub ids: usize,
    /// Ids encoded.
    pub encoded: usize,
    /// Encoded ids with a part pending.
    pub parts_pending: usize,
    /// Ids pending in full.
    pub pending: usize,
    /// Ids pending because they are not game situations ([`Kind::Procedure`]).
    pub not_game_situations: usize,
    /// Ids neither encoded nor pending.
    pub missing: usize,
    /// Ids encoded and pending at once.
    pub both: usize,
}

/// Inconsistencies between the files and `PENDING.md`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Problems {
    /// Encoded by a file and listed as pending in full.
    pub both: Vec<Id>,
    /// In the catalogue, neither encoded nor pending.
    pub missing: Vec<Id>,
    /// Listed in full more than once.
    pub listed_twice: Vec<Id>,
    /// Cited by a file or listed, but outside every section's range.
    pub outside_catalogue: Vec<Id>,
}

impl Problems {
    /// Whether there is none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.both.is_empty()
            && self.missing.is_empty()
            && self.listed_twice.is_empty()
            && self.outside_catalogue.is_empty()
    }
}

/// Counts `pending` against the encoded ids (`encoded`: id to the files citing it).
#[must_use]
pub fn count(pending_file: String, pending: &PendingFile, encoded: BTreeMap<Id, Vec<String>>) -> Coverage {
    let whole: BTreeSet<Id> = pending.whole.iter().map(|p| p.id).collect();
    let parts: BTreeSet<Id> = pending.parts.iter().map(|p| p.id).collect();
    let mut sections = Vec::new();
    let mut totals = Totals::default();
    let mut problems = Problems::default();
    for s in &pending.sections {
        let mut row =
            SectionCount { section: s.clone(), ids: 0, encoded: 0, parts_pending: 0, pending: 0, missing: 0, both: 0 };
        for id in s.ids() {
            row.ids += 1;
            let (e, p) = (encoded.contains_key(&id), whole.contains(&id));
            row.encoded += usize::from(e);
            row.pending += usize::from(p);
            row.parts_pending += usize::from(e && !p && parts.contains(&id));
            if e && p {
                row.both += 1;
                problems.both.push(id);
            } else if !e && !p {
                row.missing += 1;
                problems.missing.push(id);
            }
        }
        totals.ids += row.ids;
        totals.encoded += row.encoded;
        totals.parts_pending += row.parts_pending;
        totals.pending += row.pending;
        totals.missing += row.missing;
        totals.both += row.both;
        sections.push(row);
    }
    let in_catalogue = |id: &Id| pending.sections.iter().any(|s| s.contains(*id));
    let mut outside: BTreeSet<Id> = encoded.keys().copied().filter(|id| !in_catalogue(id)).collect();
    outside.extend(whole.iter().chain(&parts).copied().filter(|id| !in_catalogue(id)));
    problems.outside_catalogue = outside.into_iter().collect();
    problems.listed_twice = pending.twice.clone();
    let mut groups: Vec<Group> = Kind::ALL
        .iter()
        .map(|&kind| Group {
            kind,
            title: kind.title(),
            ids: pending.whole.iter().filter(|p| p.kind == kind).cloned().collect(),
        })
        .filter(|g| !g.ids.is_empty())
        .collect();
    // In the catalogue's order: by section, then by number.
    let place = |id: Id| (pending.sections.iter().position(|s| s.contains(id)).unwrap_or(usize::MAX), id);
    for g in &mut groups {
        g.ids.sort_by_key(|p| place(p.id));
    }
    totals.not_game_situations = groups.iter().filter(|g| g.kind == Kind::Procedure).map(|g| g.ids.len()).sum();
    let mut parts = pending.parts.clone();
    parts.sort_by_key(|p| place(p.id));
    let mut c =
        Coverage { pending_file, summary: String::new(), sections, totals, pending: groups, parts, encoded, problems };
    c.summary = summary(&c);
    c
}

/// Reads the folders (or files): the first `PENDING.md` found (in sorted order) and every
/// `.yaml`, `.yml` and `.txt` file whose name begins with an id.
///
/// # Errors
/// A path that does not exist or cannot be read, or no `PENDING.md` among them.
pub fn scan(paths: &[PathBuf]) -> Result<Coverage, String> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            crate::cli::walk_files(p, &|_| true, &mut files)
                .map_err(|e| format!("cannot read folder `{}`: {e}", p.display()))?;
        } else if p.is_file() {
            files.push(p.clone());
        } else {
            return Err(format!("`{}` does not exist", p.display()));
        }
    }
    files.sort();
    files.dedup();
    let Some(pending_path) = files.iter().find(|p| p.file_name().is_some_and(|n| n == "PENDING.md")) else {
        return Err("no PENDING.md under the paths given: its section headers name the catalogue's ids".to_owned());
    };
    let pending_text = crate::cli::read_limited(pending_path)?;
    let pending = read_pending(&pending_text);
    if pending.sections.is_empty() {
        return Err(format!(
            "`{}` has no section header with an id range, such as `## Attack Phase (S002-A-001 .. S002-A-073)`",
            pending_path.display()
        ));
    }
    let mut encoded: BTreeMap<Id, Vec<String>> = BTreeMap::new();
    for f in &files {
        let Some(name) = f.file_name().and_then(|n| n.to_str()) else { continue };
        let Some(_) = Id::parse_prefix(name) else { continue };
        if ![".yaml", ".yml", ".txt"].iter().any(|e| name.ends_with(e)) {
            continue;
        }
        let text = crate::cli::read_limited(f)?;
        for id in cited_ids(name, &text) {
            encoded.entry(id).or_default().push(f.display().to_string());
        }
    }
    Ok(count(pending_path.display().to_string(), &pending, encoded))
}

/// The exit code: 0 when consistent, 1 when an id is encoded and pending, in neither, listed
/// twice or outside the catalogue.
#[must_use]
pub fn code(c: &Coverage) -> u8 {
    u8::from(!c.problems.is_empty())
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".to_owned();
    }
    // Whole per-mille, rounded, shown with one decimal.
    let pm = (part * 1000 + whole / 2) / whole;
    format!("{}.{}%", pm / 10, pm % 10)
}

/// The totals in one sentence, as the README quotes them.
#[must_use]
pub fn summary(c: &Coverage) -> String {
    let t = &c.totals;
    let situations = t.ids.saturating_sub(t.not_game_situations);
    format!(
        "Encoded: {} of the {} catalogued rulings ({}); pending: {}, of which {} are not game situations (so {} of the {situations} game situations are encoded, {}).",
        t.encoded,
        t.ids,
        percent(t.encoded, t.ids),
        t.pending,
        t.not_game_situations,
        t.encoded,
        percent(t.encoded, situations)
    )
}

/// The text report: a table per section, the totals, the pending ids by kind of reason (each
/// id with its reason when `reasons`), the parts, and the problems.
#[must_use]
pub fn render_text(c: &Coverage, style: &crate::output::Style, reasons: bool) -> String {
    let mut out = format!("Rulings catalogue coverage ({})\n", c.pending_file);
    let mut table = style.table();
    table.set_header(vec!["section", "ids", "encoded", "%", "part open", "pending", "missing"]);
    for r in &c.sections {
        table.add_row(vec![
            format!("{}\n{}..{:03}", r.section.title, r.section.first, r.section.last.number),
            r.ids.to_string(),
            r.encoded.to_string(),
            percent(r.encoded, r.ids),
            r.parts_pending.to_string(),
            r.pending.to_string(),
            r.missing.to_string(),
        ]);
    }
    let t = &c.totals;
    table.add_row(vec![
        "total".to_owned(),
        t.ids.to_string(),
        t.encoded.to_string(),
        percent(t.encoded, t.ids),
        t.parts_pending.to_string(),
        t.pending.to_string(),
        t.missing.to_string(),
    ]);
    out.push_str(&format!("{table}\n"));
    let summary = summary(c);
    out.push_str(&style.wrap(&summary, 0));
    out.push('\n');
    out.push_str("\nPending, by kind of reason:\n");
    for g in &c.pending {
        out.push_str(&format!("\n{} ({}): {}\n", g.kind.name(), g.ids.len(), g.title));
        if reasons {
            for p in &g.ids {
                let line = format!(
                    "  {} {}",
                    p.id,
                    if p.title.is_empty() { p.reason.clone() } else { format!("{} — {}", p.title, p.reason) }
                );
                out.push_str(&style.wrap(&line, 13));
                out.push('\n');
            }
        } else {
            let ids: Vec<String> = g.ids.iter().map(|p| p.id.to_string()).collect();
            out.push_str(&style.wrap(&format!("  {}", ids.join(" ")), 2));
            out.push('\n');
        }
    }
    if !c.parts.is_empty() {
        let mut ids: Vec<String> = c.parts.iter().map(|p| p.id.to_string()).collect();
        ids.dedup();
        out.push_str(&format!("\nEncoded, with a part still pending ({}):\n", ids.len()));
        out.push_str(&style.wrap(&format!("  {}", ids.join(" ")), 2));
        out.push('\n');
    }
    let p = &c.problems;
    for (what, ids) in [
        ("Encoded and pending at once", &p.both),
        ("Neither encoded nor pending", &p.missing),
        ("Listed as pending twice", &p.listed_twice),
        ("Cited or listed, outside every section", &p.outside_catalogue),
    ] {
        if !ids.is_empty() {
            let list: Vec<String> = ids.iter().map(ToString::to_string).collect();
            out.push_str(&format!("\n{what} ({}):\n", ids.len()));
            out.push_str(&style.wrap(&format!("  {}", list.join(" ")), 2));
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PENDING: &str = "# Pending\n\n## Attack Phase (S002-A-001 .. S002-A-004)\n\n\
        S002-A-001 — Title — card Foo not in library\n\
        S002-A-002 (b) — Part — the format has no line for it\n\n\
        ## Parts of encoded rulings that are not covered\n\n\
        S002-A-003, S002-A-004 — shown in the trace only\n";

    fn id(s: &str) -> Id {
        Id::parse_prefix(s).unwrap_or(Id { doc: 0, part: '?', number: 0 })
    }

    #[test]
    fn ids_read_and_print() {
        assert_eq!(id("s002-g-048-bands.yaml").to_string(), "S002-G-048");
        assert_eq!(Id::parse_prefix("S002-G-0481"), None);
        assert_eq!(Id::parse_prefix("S002-G-04"), None);
        let all: Vec<String> = Id::all_in("(S002-S-001 .. S002-S-060), XS002-S-002").map(|i| i.to_string()).collect();
        assert_eq!(all, ["S002-S-001", "S002-S-060"]);
    }

    #[test]
    fn pending_file_sections_whole_and_parts() {
        let p = read_pending(PENDING);
        assert_eq!(p.sections.len(), 1);
        assert_eq!(p.sections[0].title, "Attack Phase");
        assert_eq!(p.whole.len(), 1);
        assert_eq!(p.whole[0].kind, Kind::Card);
        assert_eq!(p.whole[0].title, "Title");
        let parts: Vec<String> = p.parts.iter().map(|x| x.id.to_string()).collect();
        assert_eq!(parts, ["S002-A-002", "S002-A-003", "S002-A-004"]);
    }

    #[test]
    fn both_and_missing_are_problems() {
        let p = read_pending(PENDING);
        let mut enc = BTreeMap::new();
        for s in ["S002-A-001", "S002-A-002", "S002-A-003", "S002-B-001"] {
            enc.insert(id(s), vec![String::new()]);
        }
        let c = count(String::new(), &p, enc);
        assert_eq!(c.problems.both, [id("S002-A-001")]);
        assert_eq!(c.problems.missing, [id("S002-A-004")]);
        assert_eq!(c.problems.outside_catalogue, [id("S002-B-001")]);
        assert_eq!(c.totals.encoded, 3);
        assert_eq!(c.totals.parts_pending, 2);
        assert_eq!(code(&c), 1);
    }

    #[test]
    fn reasons_are_sorted_by_their_first_clause() {
        assert_eq!(Kind::of("procedural (taking back an action), not a game-state question"), Kind::Procedure);
        assert_eq!(Kind::of("needs a spell (none in the library); the order is not a game-state question"), Kind::Card);
        assert_eq!(Kind::of("Siren's Call not in library; no must-attack effects"), Kind::Mechanic);
        assert_eq!(Kind::of("cards Maro and Wheel of Fortune not in library"), Kind::Card);
        assert_eq!(Kind::of("upkeep costs not in the engine"), Kind::Mechanic);
        assert_eq!(Kind::of("the engine plays exactly two players"), Kind::Multiplayer);
        assert_eq!(Kind::of("the format has no game start"), Kind::Format);
    }

    #[test]
    fn a_source_line_cites_ids() {
        let ids = cited_ids(
            "s002-h-042-x.yaml",
            "format: 1\nsource: \"... S002-H-037;\n  S002-H-042\"\nquestion: S002-A-001\n",
        );
        let ids: Vec<String> = ids.iter().map(ToString::to_string).collect();
        assert_eq!(ids, ["S002-H-037", "S002-H-042"]);
    }
}
