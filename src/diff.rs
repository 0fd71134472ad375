//! `judge diff`: one scenario under several editions, the outcomes that differ and the first
//! step of the traces where they part ways (with the rule each side cites there).

use crate::cli::FileResult;
use crate::edition::Edition;
use crate::trace::{EventKind, Report, sentence};
use comfy_table::{ContentArrangement, Table, presets::ASCII_FULL_CONDENSED};
use std::collections::BTreeMap;

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
        FileResult::Error(d) => {
            out.insert("run".into(), d.lines().next().unwrap_or("error").trim_start_matches("error: ").to_owned());
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

/// The diff as text.
///
/// # Errors
/// Fewer than two editions, or no edition could run the file at all.
pub fn render(runs: &[(Edition, FileResult)]) -> Result<String, String> {
    if runs.len() < 2 {
        return Err("error: `judge diff` needs two editions or more, e.g. `--rules 5e,4e`\n".into());
    }
    if runs.iter().all(|(_, r)| matches!(r, FileResult::Error(_))) {
        let (_, r) = &runs[0];
        return Err(match r {
            FileResult::Error(d) => d.clone(),
            FileResult::Ran(_) => String::new(),
        });
    }
    let outcomes: Vec<BTreeMap<String, String>> = runs.iter().map(|(_, r)| outcome(r)).collect();
    let mut keys: Vec<&String> = outcomes.iter().flat_map(BTreeMap::keys).collect();
    keys.sort();
    keys.dedup();
    let mut table = Table::new();
    table.load_style(ASCII_FULL_CONDENSED).force_no_tty().set_content_arrangement(ContentArrangement::Disabled);
    let mut header = vec!["outcome".to_owned()];
    header.extend(runs.iter().map(|(e, _)| e.name().to_owned()));
    table.set_header(header);
    let mut differing = 0;
    for k in keys {
        // Where a run stopped before playing, only the "run" row says something.
        if k != "run" && outcomes.iter().any(|o| !o.contains_key(k)) {
            continue;
        }
        let values: Vec<String> = outcomes.iter().map(|o| o.get(k).cloned().unwrap_or_default()).collect();
        if values.iter().all(|v| *v == values[0]) {
            continue;
        }
        differing += 1;
        let mut row = vec![k.clone()];
        row.extend(values.into_iter().map(|v| if v.is_empty() { "none".to_owned() } else { v }));
        table.add_row(row);
    }
    let mut out = String::new();
    if differing == 0 {
        out.push_str("the outcomes are the same under ");
        out.push_str(&runs.iter().map(|(e, _)| e.name()).collect::<Vec<_>>().join(", "));
        out.push('\n');
    } else {
        out.push_str(&format!("{table}\n"));
    }
    // The first step where the traces part ways, between the first edition and each other.
    let (first_ed, first) = &runs[0];
    for (ed, r) in &runs[1..] {
        let (FileResult::Ran(a), FileResult::Ran(b)) = (first, r) else { continue };
        let (sa, sb) = (steps(a), steps(b));
        // Editions cite different documents for the same step: compare what happened only.
        let what = |s: &Vec<(String, String)>, i: usize| s.get(i).map(|(w, _)| w.clone());
        let Some(i) = (0..sa.len().max(sb.len())).find(|&i| what(&sa, i) != what(&sb, i)) else {
            out.push_str(&format!("{} and {}: the traces are the same\n", first_ed.name(), ed.name()));
            continue;
        };
        out.push_str(&format!("{} and {} part ways at step {}:\n", first_ed.name(), ed.name(), i + 1));
        for (name, s) in [(first_ed.name(), &sa), (ed.name(), &sb)] {
            let line = s.get(i).map_or("(the trace has ended)", |(_, shown)| shown.as_str());
            out.push_str(&format!("  {name}: {line}\n"));
        }
    }
    Ok(out)
}
