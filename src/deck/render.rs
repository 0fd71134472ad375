//! Text and JSON for a deck's verdict, and the table of formats.

use super::date::Date;
use super::formats::{FORMATS, Format, Sets, Sideboard};
use super::legality::Verdict;
use super::table::{ListKind, SetKind, Table};
use crate::span::line_col;
use comfy_table::{ContentArrangement, Table as Grid, presets::ASCII_FULL_CONDENSED};
use std::fmt::Write as _;

/// The verdict as text: one line of verdict, then each problem with its rule, citation and line.
#[must_use]
pub fn text(file: &str, src: &str, v: &Verdict) -> String {
    let mut out = String::new();
    if v.legal() {
        let _ = writeln!(out, "{file}: legal in {} on {}", v.format_name, v.date);
    } else {
        let n = v.problems.len();
        let s = if n == 1 { "" } else { "s" };
        let _ = writeln!(out, "{file}: NOT legal in {} on {}: {n} problem{s}", v.format_name, v.date);
    }
    let cards = |n: usize| if n == 1 { "1 card".to_owned() } else { format!("{n} cards") };
    let _ = writeln!(out, "  play deck {}, sideboard {}", cards(v.deck), cards(v.sideboard));
    for (i, p) in v.problems.iter().enumerate() {
        let _ = writeln!(out, "  {}. [{}] {} ({})", i + 1, p.rule, p.message, p.cite);
        if let Some(span) = p.span {
            let (line, col) = line_col(src, span.offset);
            let text = src.lines().nth(line - 1).unwrap_or("").trim_end();
            let _ = writeln!(out, "     --> {file}:{line}:{col}: {}", text.trim());
        }
    }
    for note in &v.notes {
        let _ = writeln!(out, "  note: {note}");
    }
    out
}

/// The verdict as JSON.
#[must_use]
pub fn json(file: &str, src: &str, v: &Verdict) -> String {
    let problems: Vec<serde_json::Value> = v
        .problems
        .iter()
        .map(|p| {
            let mut o = serde_json::json!({"rule": p.rule, "message": p.message, "cite": p.cite});
            if let Some(span) = p.span {
                let (line, col) = line_col(src, span.offset);
                o["line"] = line.into();
                o["column"] = col.into();
            }
            o
        })
        .collect();
    let doc = serde_json::json!({
        "file": file,
        "format": v.format,
        "format_name": v.format_name,
        "date": v.date,
        "legal": v.legal(),
        "deck": v.deck,
        "sideboard": v.sideboard,
        "problems": problems,
        "notes": v.notes,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

fn grid() -> Grid {
    let mut g = Grid::new();
    g.load_style(ASCII_FULL_CONDENSED).force_no_tty().set_content_arrangement(ContentArrangement::Disabled);
    g
}

/// Words joined with ", " and broken into lines of about `width` characters.
fn wrap(words: &[String], width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for (i, w) in words.iter().enumerate() {
        let piece = if i + 1 < words.len() { format!("{w},") } else { w.clone() };
        if line > 0 && line + 1 + piece.chars().count() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        line += piece.chars().count();
        out.push_str(&piece);
    }
    out
}

fn in_force(f: &Format, date: Date) -> String {
    let mut s = match (f.from, f.until) {
        (Some(a), Some(b)) => format!("{} to {}", a.date, b.date),
        (Some(a), None) => format!("from {}", a.date),
        (None, Some(b)) => format!("until {}", b.date),
        (None, None) => "yes".to_owned(),
    };
    if f.out_of_force(date).is_some() {
        s.push_str("\n(not on this date)");
    }
    s
}

/// One row of facts per format, as on `date`.
#[derive(Debug, serde::Serialize)]
struct Row {
    format: &'static str,
    name: &'static str,
    in_force: bool,
    from: Option<Date>,
    until: Option<Date>,
    deck_minimum: usize,
    sideboard: &'static str,
    four_of: bool,
    sets: Vec<String>,
    also: Option<String>,
    restricted: Vec<String>,
    banned: Vec<String>,
    section: &'static str,
}

fn rows(t: &Table, date: Date) -> Vec<Row> {
    FORMATS
        .iter()
        .map(|f| {
            let list = |kind: ListKind| -> Vec<String> {
                let mut names: Vec<String> = t
                    .lists
                    .iter()
                    .filter(|l| l.format == f.id && l.kind == kind && l.from <= date)
                    .map(|l| t.cards[l.card].name.clone())
                    .collect();
                if kind == ListKind::Restricted
                    && f.legends_rule
                    && super::formats::LEGENDS_RULE.0 <= date
                    && date < super::formats::LEGENDS_RULE.1
                {
                    names.push("every Summon Legend and Legendary Land".to_owned());
                }
                names
            };
            let also = match (f.sets.0, f.old_sets_banned) {
                (Sets::OnlyPlusBasics(_), _) => Some("basic lands of any set".to_owned()),
                (_, Some((old, _))) => Some(format!("banned: cards only in {}", old.join(" "))),
                (Sets::All, _) => Some("not CE, IE; PO by name of a legal card".to_owned()),
                _ => None,
            };
            Row {
                format: f.id,
                name: f.name,
                in_force: f.out_of_force(date).is_none(),
                from: f.from.map(|b| b.date),
                until: f.until.map(|b| b.date),
                deck_minimum: f.minimum.0,
                sideboard: match f.sideboard.0 {
                    Sideboard::NoneOrFifteen => "0 or 15",
                    Sideboard::Rest => "the rest",
                },
                four_of: f.four_of.is_some(),
                sets: f.legal_sets(t, date).into_iter().map(|i| t.sets[i].code.clone()).collect(),
                also,
                restricted: list(ListKind::Restricted),
                banned: list(ListKind::Banned),
                section: f.section,
            }
        })
        .collect()
}

/// Every format as on `date`, as a table, then the sets and when each joins constructed play.
#[must_use]
pub fn formats_text(t: &Table, date: Date) -> String {
    let mut g = grid();
    g.set_header(vec!["format", "in force", "deck", "sets", "restricted", "banned", "002"]);
    for (f, r) in FORMATS.iter().zip(rows(t, date)) {
        let deck = format!(
            "{}+ cards\nsideboard {}\n{}",
            r.deck_minimum,
            r.sideboard,
            if r.four_of { "4 of a card" } else { "no 4-of rule" }
        );
        let mut sets = wrap(&r.sets, 24);
        if let Some(a) = &r.also {
            sets.push_str(&format!("\n+ {a}"));
        }
        let none = |v: &[String]| if v.is_empty() { "-".to_owned() } else { wrap(v, 40) };
        g.add_row(vec![
            format!("{}\n{}", r.format, r.name),
            in_force(f, date),
            deck,
            sets,
            none(&r.restricted),
            none(&r.banned),
            r.section.trim_start_matches("002 ").to_owned(),
        ]);
    }
    let mut s = grid();
    s.set_header(vec!["set", "name", "released", "constructed from", "kind"]);
    for set in &t.sets {
        let kind = match set.kind {
            SetKind::Core => "basic set",
            SetKind::Expansion => "expansion",
            SetKind::Collector => "collector's (not for play)",
            SetKind::Promo => "promotional",
            SetKind::Portal => "Portal",
        };
        s.add_row(vec![
            set.code.clone(),
            set.name.clone(),
            set.released.to_string(),
            set.released.effective().to_string(),
            kind.to_owned(),
        ]);
    }
    format!(
        "Formats on {date} (002 General Rulings Summary 07/15/97, Tournament Rulings)\n{g}\n{s}\n{} card names from Alpha to Weatherlight\n",
        t.cards.len()
    )
}

/// Every format as on `date`, as JSON.
#[must_use]
pub fn formats_json(t: &Table, date: Date) -> String {
    let sets: Vec<serde_json::Value> = t
        .sets
        .iter()
        .map(|s| serde_json::json!({"code": s.code, "name": s.name, "released": s.released, "constructed_from": s.released.effective()}))
        .collect();
    let doc = serde_json::json!({"date": date, "formats": rows(t, date), "sets": sets, "cards": t.cards.len()});
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}
