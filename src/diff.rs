//! `judge diff`: one scenario under several editions, the outcomes that differ and the first
//! step of the traces where they part ways (with the rule each side cites there).

use crate::cli::FileResult;
use crate::diagnostic::FileError;
use crate::edition::Edition;
use crate::output::{ErrorInfo, Style};
use crate::trace::{EventKind, Report, sentence};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The value of every outcome of an edition that could not run the file.
const COULD_NOT_RUN: &str = "could not run (see below)";

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
                    // By its number: editions word the same refusal differently (the reasons
                    // are listed under the table).
                    EventKind::Illegal { number, .. } => {
                        out.insert("illegal line".into(), format!("line {number}"));
                    }
                    _ => {}
                }
            }
            out.insert("fizzled".into(), fizzled.join(", "));
            out.insert("countered".into(), countered.join(", "));
            out.insert("damage prevention steps".into(), steps.to_string());
        }
        FileResult::Error(_) => {
            out.insert("run".into(), COULD_NOT_RUN.into());
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
                // The same line refused, whatever the wording of the reason.
                EventKind::Illegal { number, .. } => format!("illegal line {number}"),
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
    /// The value under each edition (`none` when empty; for an edition that could not run the
    /// file, `could not run (see below)` in the `run` row and `-` in the others).
    pub values: Vec<String>,
}

/// Where the traces of the first edition that ran and another part ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Parting {
    /// The first edition that ran, compared against.
    pub base: String,
    /// The other edition.
    pub rules: String,
    /// The first event (from 1, an index into `run`'s `events`) where what happens differs;
    /// `None` when the traces are the same.
    pub step: Option<usize>,
    /// The scenario's action line the parting comes at or after (`line N` in the trace);
    /// `None` when it comes before the first line.
    pub line: Option<usize>,
    /// That action line as written.
    pub line_text: Option<String>,
    /// Whether the parting is the action line itself rather than an event after it.
    pub at_line: bool,
    /// The first edition's line of the trace at that point, with its citation.
    pub first: Option<String>,
    /// The other edition's line of the trace at that point.
    pub other: Option<String>,
}

/// An illegal line a run stopped at, under one edition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IllegalNote {
    /// The edition.
    pub rules: String,
    /// The action line's number, from 1.
    pub line: usize,
    /// Why that edition refuses it, with the rule.
    pub reason: String,
}

/// An edition that could not run the file, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EditionError {
    /// The edition.
    pub rules: String,
    /// The error, placed in the file.
    pub error: ErrorInfo,
    /// The error as text (with the underlined line).
    #[serde(skip)]
    pub text: String,
}

/// The comparison of one scenario under several editions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiffReport {
    /// The editions, in the order of the columns.
    pub rules: Vec<String>,
    /// The outcomes that differ among the editions that ran, one row each.
    pub outcomes: Vec<OutcomeRow>,
    /// Between the first edition that ran and each other that ran.
    pub partings: Vec<Parting>,
    /// The illegal line each edition stopped at, with its reason.
    pub illegal: Vec<IllegalNote>,
    /// The editions that could not run the file (exit 2).
    pub errors: Vec<EditionError>,
}

impl DiffReport {
    /// The exit code: 0 when every edition ran the file, 2 when one could not.
    #[must_use]
    pub fn code(&self) -> u8 {
        if self.errors.is_empty() { 0 } else { 2 }
    }
}

/// Where a trace step comes: the last action line at or before it, and whether it is that line.
fn under_line(rep: &Report, step: usize) -> (Option<(usize, String)>, bool) {
    let found = rep.events.iter().take(step + 1).enumerate().rev().find_map(|(i, e)| match &e.kind {
        EventKind::Line { number, text } => Some((i, *number, text.clone())),
        _ => None,
    });
    match found {
        Some((i, n, t)) => (Some((n, t)), i == step),
        None => (None, false),
    }
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
    let ran: Vec<bool> = runs.iter().map(|(_, r)| matches!(r, FileResult::Ran(_))).collect();
    let mut keys: Vec<&String> = outcomes.iter().flat_map(BTreeMap::keys).collect();
    keys.sort();
    keys.dedup();
    let mut rows = Vec::new();
    for k in keys {
        // An edition that could not run has its `run` row only: the other rows compare the
        // editions that ran, and show it as not run.
        let values: Vec<String> = outcomes
            .iter()
            .zip(&ran)
            .map(|(o, &r)| match (r, k == "run") {
                (true, _) => o.get(k).cloned().unwrap_or_default(),
                (false, true) => COULD_NOT_RUN.to_owned(),
                (false, false) => "-".to_owned(),
            })
            .collect();
        let compared: Vec<&String> = values.iter().zip(&ran).filter(|(_, r)| **r).map(|(v, _)| v).collect();
        let differs = compared.iter().any(|v| *v != compared[0]);
        // With one edition run only, nothing compares: its outcome is shown whole.
        let alone = compared.len() < 2 && compared.iter().any(|v| !v.is_empty());
        // With an edition not run, the run row says so even when the others agree.
        let not_run = k == "run" && ran.contains(&false);
        if !(differs || alone || not_run) {
            continue;
        }
        let values = values.into_iter().map(|v| if v.is_empty() { "none".to_owned() } else { v }).collect();
        rows.push(OutcomeRow { aspect: k.clone(), values });
    }
    // The first step where the traces part ways, between the first edition that ran and each
    // other that ran.
    let mut partings = Vec::new();
    let base = runs.iter().find_map(|(e, r)| match r {
        FileResult::Ran(rep) => Some((*e, rep)),
        FileResult::Error(_) => None,
    });
    if let Some((base_ed, a)) = base {
        for (ed, r) in runs {
            let FileResult::Ran(b) = r else { continue };
            if *ed == base_ed {
                continue;
            }
            let (sa, sb) = (steps(a), steps(b));
            // Editions cite different documents for the same step: compare what happened only.
            let what = |s: &Vec<(String, String)>, i: usize| s.get(i).map(|(w, _)| w.clone());
            let step = (0..sa.len().max(sb.len())).find(|&i| what(&sa, i) != what(&sb, i));
            let shown = |s: &Vec<(String, String)>| {
                step.map(|i| s.get(i).map_or("(the trace has ended)".to_owned(), |(_, l)| l.clone()))
            };
            // The action line is the same on both sides up to the parting.
            let (line, at_line) = step.map_or((None, false), |i| {
                let (la, at_a) = under_line(a, i);
                let (lb, at_b) = under_line(b, i);
                (la.or(lb), at_a || at_b)
            });
            partings.push(Parting {
                base: base_ed.name().to_owned(),
                rules: ed.name().to_owned(),
                step: step.map(|i| i + 1),
                line: line.as_ref().map(|(n, _)| *n),
                line_text: line.map(|(_, t)| t),
                at_line,
                first: shown(&sa),
                other: shown(&sb),
            });
        }
    }
    let mut illegal = Vec::new();
    let mut errors = Vec::new();
    for (ed, r) in runs {
        match r {
            FileResult::Ran(rep) => {
                for e in &rep.events {
                    if let EventKind::Illegal { number, reason, .. } = &e.kind {
                        illegal.push(IllegalNote {
                            rules: ed.name().to_owned(),
                            line: *number,
                            reason: reason.clone(),
                        });
                    }
                }
            }
            FileResult::Error(e) => {
                errors.push(EditionError { rules: ed.name().to_owned(), error: e.info(), text: e.to_string() });
            }
        }
    }
    Ok(DiffReport {
        rules: runs.iter().map(|(e, _)| e.name().to_owned()).collect(),
        outcomes: rows,
        partings,
        illegal,
        errors,
    })
}

/// The diff as text, its table fitted to `style`.
#[must_use]
pub fn render_text(d: &DiffReport, style: &Style) -> String {
    let mut out = String::new();
    let ran: Vec<&str> =
        d.rules.iter().filter(|r| !d.errors.iter().any(|e| e.rules == **r)).map(String::as_str).collect();
    if d.outcomes.is_empty() {
        let _ = writeln!(out, "the outcomes are the same under {}", ran.join(", "));
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
    for il in &d.illegal {
        let head = format!("{} stops at illegal line {}: ", il.rules, il.line);
        let _ = writeln!(out, "{}", style.wrap(&format!("{head}{}", il.reason), 4));
    }
    for p in &d.partings {
        match (p.step, &p.first, &p.other) {
            (Some(_), Some(a), Some(b)) => {
                let place = match (&p.line, &p.line_text) {
                    (Some(n), Some(t)) if p.at_line => format!("at line {n} ({t})"),
                    (Some(n), Some(t)) => format!("after line {n} ({t})"),
                    _ => "before the first line".to_owned(),
                };
                let _ = writeln!(out, "{}", style.wrap(&format!("{} and {} part ways {place}:", p.base, p.rules), 4));
                // Each side's line and citation, wrapped to the width under its edition's name.
                for (name, line) in [(p.base.as_str(), a), (p.rules.as_str(), b)] {
                    let _ = writeln!(out, "{}", style.wrap(&format!("  {name}: {line}"), name.len() + 4));
                }
            }
            _ => {
                let _ = writeln!(out, "{} and {}: the traces are the same", p.base, p.rules);
            }
        }
    }
    for e in &d.errors {
        let _ = writeln!(out, "\n{} could not run the file:\n{}", e.rules, e.text.trim_end());
    }
    out
}
