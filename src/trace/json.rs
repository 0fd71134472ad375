//! JSON rendering of a run's report.

use super::Report;

/// The report as pretty JSON (deterministic: struct fields in declaration order).
#[must_use]
pub fn render_json(report: &Report) -> String {
    serde_json::to_string_pretty(report).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
