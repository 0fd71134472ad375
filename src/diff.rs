//! `judge diff`: one scenario under several editions, the outcomes that differ and the first
//! step of the traces where they part ways (with the rule each side cites there).

use crate::cli::FileResult;
use crate::diagnostic::FileError;
use crate::edition::Edition;
use crate::output::Style;
use crate::trace::{EventKind, Report, sentence};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// What one edition's run ended with, aspect by aspect ("Alice: life" -> "20").
fn outcome(r: &FileResult) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    match r {
        FileResult::Ran(rep) => {
            for p in &rep.board.players {
                let n = &p.name;
                out.insert(format!("{n}: life"), p.life.to_string());
                out.insert(format!("{n}: in play"), p.in_play.join(", "));
                out.insert(format!("{n}: hand"), p.hand.join(", "));
                out.insert(format!("{n}: graveyard"), p.graveyard.join(", "));
                out.insert(format!("{n}: removed from game"), p.removed.join(", "));
                out.insert(format!("{n}: in limbo"), p.limbo.join(", "));
            }
            out.insert(
                "run".into(),
                if rep.stopped_illegal() { "stopped at an illegal line" } else { "played out" }.into(),
            );
            // What became of spells, the illegal line and the prevention steps, from the events.
            let (mut fizzled, mut countered, mut steps) = (Vec::new(), Vec::new(), 0u32);
            out.insert("illegal line".into(), String::new());
            for e in &rep.events {
                match &e.kind {
                    EventKind::Fizzles { spell, .. } => fizzled.push(spell.clone()),
                    EventKind::Countered { spell, .. } => countered.push(spell.clone()),
                    EventKind::PreventionStep { .. } => steps += 1,
                    EventKind::Illegal { number, reason, .. } => {
                        out.insert("illegal line".into(), format!("line {number}: {reason}"));
                    }
                    _ => {}
                }
            }
            out.insert("fizzled".into(), fizzled.join(", "));
            out.insert("countered".into(), countered.join(", "));
            out.insert("damage prevention steps".into(), steps.to_string());
        }
        FileResult::Error(e) => {
            out.insert("run".into(), e.diagnostic.message.clone());
        }
    }
    out
}

/// The trace's steps, one per event: what happened, in a form comparable across editions
/// (wording that differs only because the editions word the same step differently is made the
/// same), and the line as the trace prints it, with its citation.
fn steps(rep: &Report) -> Vec<(String, String)> {
    rep.events
        .iter()
        .map(|e| {
            let what = match &e.kind {
                // One batch, worded as each edition's rule has it: compare its order only.
                EventKind::BatchResolves { order } | EventKind::BatchTakesEffect { order } => {
                    format!("batch: {}", order.join(", "))
                }
                // Whether a response would cancel it is a rule, not something that happened.
                EventKind::AttackIntention { player, .. } => format!("intention to attack: {player}"),
                k => serde_json::to_string(k).unwrap_or_default(),
            };
            let text = sentence(&e.kind);
            let first = text.lines().next().unwrap_or_default();
            let shown = e.rule.map_or_else(|| first.to_owned(), |r| format!("{first}  [{r}]"));
            (what, shown)
        })
        .collect()
}

/// One outcome row: an aspect and its value under each edition, in the order of the runs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeRow {
    /// What is compared (`Alice: life`, `fizzled`, ...).
    pub aspect: String,
    /// The value under each edition (`none` when empty).
    pub values: Vec<String>,
}

/// Where the traces of the first edition and another part ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Parting {
    /// The other edition.
    pub rules: String,
    /// The first step (from 1) where what happens differs; `None` when the traces are the same.
    pub step: Option<usize>,
    /// The first edition's line at that step, with its citation.
    pub first: Option<String>,
    /// The other edition's line at that step.
    pub other: Option<String>,
}

/// The comparison of one scenario under several editions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiffReport {
    /// The editions, in the order of the columns.
    pub rules: Vec<String>,
    /// The outcomes that differ, one row each.
    pub outcomes: Vec<OutcomeRow>,
    /// Between the first edition and each other that ran.
    pub partings: Vec<Parting>,
}

/// Compares the runs.
///
/// # Errors
/// Fewer than two editions, or no edition could run the file at all (the first error).
pub fn compare(runs: &[(Edition, FileResult)]) -> Result<DiffReport, FileError> {
    if runs.len() < 2 {
        return Err(FileError::message("`judge diff` needs two editions or more, e.g. `--rules 5e,4e`"));
    }
    if let Some((_, FileResult::Error(e))) = runs.first()
        && runs.iter().all(|(_, r)| matches!(r, FileResult::Error(_)))
    {
        return Err(e.clone());
    }
    let outcomes: Vec<BTreeMap<String, String>> = runs.iter().map(|(_, r)| outcome(r)).collect();
    let mut keys: Vec<&String> = outcomes.iter().flat_map(BTreeMap::keys).collect();
    keys.sort();
    keys.dedup();
    let mut rows = Vec::new();
    for k in keys {
        // Where a run stopped before playing, only the "run" row says something.
        if k != "run" && outcomes.iter().any(|o| !o.contains_key(k)) {
            continue;
        }
        let values: Vec<String> = outcomes.iter().map(|o| o.get(k).cloned().unwrap_or_default()).collect();
        if values.iter().all(|v| *v == values[0]) {
            continue;
        }
        let values = values.into_iter().map(|v| if v.is_empty() { "none".to_owned() } else { v }).collect();
        rows.push(OutcomeRow { aspect: k.clone(), values });
    }
    // The first step where the traces part ways, between the first edition and each other.
    let (_, first) = &runs[0];
    let mut partings = Vec::new();
    for (ed, r) in &runs[1..] {
        let (FileResult::Ran(a), FileResult::Ran(b)) = (first, r) else { continue };
        let (sa, sb) = (steps(a), steps(b));
        // Editions cite different documents for the same step: compare what happened only.
        let what = |s: &Vec<(String, String)>, i: usize| s.get(i).map(|(w, _)| w.clone());
        let step = (0..sa.len().max(sb.len())).find(|&i| what(&sa, i) != what(&sb, i));
        let shown = |s: &Vec<(String, String)>| {
            step.map(|i| s.get(i).map_or("(the trace has ended)".to_owned(), |(_, l)| l.clone()))
        };
        partings.push(Parting {
            rules: ed.name().to_owned(),
            step: step.map(|i| i + 1),
            first: shown(&sa),
            other: shown(&sb),
        });
    }
    Ok(DiffReport { rules: runs.iter().map(|(e, _)| e.name().to_owned()).collect(), outcomes: rows, partings })
}

/// The diff as text, its table fitted to `style`.
#[must_use]
pub fn render_text(d: &DiffReport, style: &Style) -> String {
    let mut out = String::new();
    if d.outcomes.is_empty() {
        let _ = writeln!(out, "the outcomes are the same under {}", d.rules.join(", "));
    } else {
        let mut table = style.table();
        let mut header = vec!["outcome".to_owned()];
        header.extend(d.rules.iter().cloned());
        table.set_header(header);
        for row in &d.outcomes {
            let mut cells = vec![row.aspect.clone()];
            cells.extend(row.values.iter().cloned());
            table.add_row(cells);
        }
        let _ = writeln!(out, "{table}");
    }
    let first = d.rules.first().map_or("", String::as_str);
    for p in &d.partings {
        match (p.step, &p.first, &p.other) {
            (Some(step), Some(a), Some(b)) => {
                let _ = writeln!(out, "{first} and {} part ways at step {step}:", p.rules);
                // Each side's line and citation, wrapped to the width under its edition's name.
                for (name, line) in [(first, a), (p.rules.as_str(), b)] {
                    let _ = writeln!(out, "{}", style.wrap(&format!("  {name}: {line}"), name.len() + 4));
                }
            }
            _ => {
                let _ = writeln!(out, "{first} and {}: the traces are the same", p.rules);
            }
        }
    }
    out
}
