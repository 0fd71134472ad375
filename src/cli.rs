//! The command line: `judge run`, `judge check`, `judge card`. The only module that prints.

use crate::cards::{Library, read_card_file};
use crate::check::run_and_check;
use crate::diagnostic::Diagnostic;
use crate::edition::Edition;
use crate::engine::Stop;
use crate::scenario::{Scenario, load_scenario_as};
use crate::trace::{Report, render_json, render_text};
use clap::{Parser, Subcommand, ValueEnum};
use comfy_table::{ContentArrangement, Table, presets::ASCII_FULL_CONDENSED};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXAMPLES: &str = "Examples:
  judge run scenarios/fizzles/giant-growth-answered-by-bolt.yaml
  judge run --format json scenarios/batches/lifo-giant-growth-response-saves-bears.yaml
  judge run --rules 4e scenarios/editions/unicorn-giant-growth-bolt-5e.yaml
  judge diff scenarios/editions/unicorn-giant-growth-bolt-5e.yaml
  judge check scenarios rulings
  judge card \"Healing Salve\"
  judge card --list

Exit codes: 0 every expectation held; 1 an expectation failed or an unexpected
illegal line; 2 a file could not be read or understood, a choice no line makes,
a rule not modelled under the chosen edition, or bad usage.";

/// A tournament judge and rulings oracle for classic Magic: The Gathering (1993-1997 rules).
#[derive(Debug, Parser)]
#[command(name = "judge", version, about, after_help = EXAMPLES)]
pub struct Cli {
    /// Extra card definitions (schema 1 YAML), after the built-in library.
    #[arg(long, global = true, value_name = "FILE")]
    cards: Vec<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

/// Output formats.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// The annotated trace (run) or a table (check).
    Text,
    /// JSON events (run) or results (check).
    Json,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Resolve one scenario and print the annotated trace.
    Run {
        /// The scenario file.
        file: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Play under these rules instead of the file's `rules:` (5e or 4e).
        #[arg(long)]
        rules: Option<String>,
    },
    /// Run one scenario under several editions and show where the outcomes part ways.
    Diff {
        /// The scenario file.
        file: PathBuf,
        /// The editions to compare, comma-separated.
        #[arg(long, default_value = "5e,4e,alpha", value_delimiter = ',')]
        rules: Vec<String>,
    },
    /// Run scenario files and folders (recursively) and report which expectations hold.
    Check {
        /// Files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Show a card: cost, type, P/T, text, abilities as parsed, and the scenarios using it.
    Card {
        /// The card's name (case-insensitive).
        #[arg(required_unless_present = "list")]
        name: Option<String>,
        /// List every card of the library instead.
        #[arg(long, conflicts_with = "name")]
        list: bool,
    },
    /// Check a decklist against a 1997 DCI tournament format (exit 0 legal, 1 not, 2 unreadable).
    Deck(crate::deck::DeckArgs),
    /// Show each 1997 DCI tournament format: its sets, deck rules and lists.
    Formats(crate::deck::FormatsArgs),
}

/// The outcome of one file.
#[derive(Debug)]
pub enum FileResult {
    /// It ran; the report says whether it passed.
    Ran(Box<Report>),
    /// It could not be read or understood (exit 2), with the rendered diagnostic.
    Error(String),
}

impl FileResult {
    /// The exit code this result asks for.
    #[must_use]
    pub fn code(&self) -> u8 {
        match self {
            Self::Ran(r) if r.passed() => 0,
            Self::Ran(_) => 1,
            Self::Error(_) => 2,
        }
    }
}

/// Loads the library: built-in cards, then each `--cards` file.
///
/// # Errors
/// A rendered diagnostic.
pub fn load_library(extra: &[PathBuf]) -> Result<Library, String> {
    let mut lib = Library::builtin()?;
    for path in extra {
        let name = path.display().to_string();
        let src = read_limited(path).map_err(|e| Diagnostic::whole_file(e).render(&name, ""))?;
        let cards = read_card_file(&src).map_err(|d| d.render(&name, &src))?;
        lib.add_source(&cards, &name, &src).map_err(|d| d.render(&name, &src))?;
    }
    Ok(lib)
}

/// Loads and runs one scenario file.
#[must_use]
pub fn run_file(path: &Path, lib: &Library) -> FileResult {
    run_file_as(path, lib, None)
}

/// The largest scenario or card file read (1 MiB): a bigger one, or an endless one like
/// `/dev/zero`, is refused before it fills the memory.
pub const MAX_INPUT: u64 = 1 << 20;

/// Reads a text file of at most [`MAX_INPUT`] bytes.
///
/// # Errors
/// The file cannot be read, is larger, or is not UTF-8, as a message naming it.
pub fn read_limited(path: &Path) -> Result<String, String> {
    use std::io::Read as _;
    let name = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read `{name}`: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_INPUT + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read `{name}`: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(format!("`{name}` is larger than {} KiB, the most this reads", MAX_INPUT / 1024));
    }
    String::from_utf8(bytes).map_err(|e| format!("`{name}` is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
}

/// Loads and runs one scenario file, under `rules` instead of its own `rules:` when given.
#[must_use]
pub fn run_file_as(path: &Path, lib: &Library, rules: Option<Edition>) -> FileResult {
    let name = path.display().to_string();
    let src = match read_limited(path) {
        Ok(s) => s,
        Err(e) => return FileResult::Error(Diagnostic::whole_file(e).render(&name, "")),
    };
    run_source_as(&name, &src, lib, rules)
}

/// Loads and runs a scenario from its text.
#[must_use]
pub fn run_source(name: &str, src: &str, lib: &Library) -> FileResult {
    run_source_as(name, src, lib, None)
}

fn run_source_as(name: &str, src: &str, lib: &Library, rules: Option<Edition>) -> FileResult {
    let sc: Scenario = match load_scenario_as(src, lib, rules) {
        Ok(sc) => sc,
        Err(d) => return FileResult::Error(d.render(name, src)),
    };
    let (outcome, report) = run_and_check(&sc);
    let stop = match &outcome.stopped {
        Some(Stop::Choice { line, message }) => Some((
            line,
            message,
            "a choice the rules give is not made",
            "after this line, a choice the rules give is not made",
        )),
        Some(Stop::Unsupported { line, message }) => Some((
            line,
            message,
            "not supported yet under these rules",
            "after this line: not supported yet under these rules",
        )),
        _ => None,
    };
    if let Some((line, message, here, after)) = stop {
        // A stop met while playing out after the last line points at that line.
        let (span, label) = match line.and_then(|i| sc.setup.lines.get(i)) {
            Some(l) => (Some(l.span), here),
            None => (sc.setup.lines.last().map(|l| l.span), after),
        };
        let d = match span {
            Some(sp) => Diagnostic::new(message.clone(), sp, label),
            None => Diagnostic::whole_file(message.clone()),
        };
        return FileResult::Error(d.render(name, src));
    }
    FileResult::Ran(Box::new(report))
}

/// Scenario files under the paths, sorted.
///
/// # Errors
/// A path that does not exist.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            let p = entry.path();
            // A symbolic link to a folder is not followed inside a walk: a link to a parent
            // would make the walk endless (a folder named on the command line is followed).
            if entry.file_type()?.is_symlink() && p.is_dir() {
                continue;
            }
            if p.is_dir() {
                walk(&p, out)?;
            } else if p.extension().is_some_and(|e| e == "yaml" || e == "yml") {
                out.push(p);
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out).map_err(|e| format!("error: cannot read folder `{}`: {e}", p.display()))?;
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(format!("error: `{}` does not exist", p.display()));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn check_table(results: &[(PathBuf, FileResult)]) -> String {
    let mut table = Table::new();
    table.load_style(ASCII_FULL_CONDENSED).force_no_tty().set_content_arrangement(ContentArrangement::Disabled);
    table.set_header(vec!["scenario", "result", "failing expectations (found)"]);
    for (path, r) in results {
        let (result, detail) = match r {
            FileResult::Ran(rep) if rep.passed() => ("ok".to_owned(), String::new()),
            FileResult::Ran(rep) => {
                let mut lines: Vec<String> = rep
                    .verdicts
                    .iter()
                    .filter(|v| !v.holds)
                    .map(|v| format!("{} ({})", v.line, v.found.clone().unwrap_or_default()))
                    .collect();
                if rep.stopped_illegal() && lines.is_empty() {
                    lines.push("stopped at an illegal line that no `illegal:` expected".to_owned());
                }
                ("FAIL".to_owned(), lines.join("\n"))
            }
            FileResult::Error(d) => ("ERROR".to_owned(), d.lines().next().unwrap_or("").to_owned()),
        };
        table.add_row(vec![path.display().to_string(), result, detail]);
    }
    table.to_string()
}

fn check_json(results: &[(PathBuf, FileResult)]) -> String {
    let items: Vec<serde_json::Value> = results
        .iter()
        .map(|(p, r)| match r {
            FileResult::Ran(rep) => serde_json::json!({
                "file": p.display().to_string(),
                "result": if rep.passed() { "ok" } else { "fail" },
                "expectations": rep.verdicts,
            }),
            FileResult::Error(d) => {
                serde_json::json!({"file": p.display().to_string(), "result": "error", "error": d})
            }
        })
        .collect();
    serde_json::to_string_pretty(&items).unwrap_or_default()
}

fn show_card(lib: &Library, name: &str) -> Result<String, String> {
    let Some(id) = lib.find(name) else {
        let hint = lib.suggest(name).map(|s| format!("\n  = help: did you mean `{s}`?")).unwrap_or_default();
        return Err(format!("error: unknown card `{name}`{hint}\n"));
    };
    let d = lib.get(id);
    let mut table = Table::new();
    table.load_style(ASCII_FULL_CONDENSED).force_no_tty().set_content_arrangement(ContentArrangement::Disabled);
    for (k, v) in crate::cards::describe::rows(d) {
        table.add_row(vec![k, v]);
    }
    let users = used_by(&d.name);
    let shown: Vec<String> = users.iter().take(12).map(|p| p.display().to_string()).collect();
    let more = users.len().saturating_sub(shown.len());
    let mut used = if users.is_empty() { "no scenario here names it".to_owned() } else { shown.join("\n") };
    if more > 0 {
        used.push_str(&format!("\n... and {more} more"));
    }
    table.add_row(vec![format!("used by ({})", users.len()), used]);
    Ok(format!("{table}\n"))
}

/// Scenario files under ./scenarios and ./rulings that name the card (case-insensitive).
fn used_by(name: &str) -> Vec<PathBuf> {
    let dirs: Vec<PathBuf> = ["scenarios", "rulings"].iter().map(PathBuf::from).filter(|p| p.is_dir()).collect();
    let needle = name.to_lowercase();
    collect(&dirs)
        .unwrap_or_default()
        .into_iter()
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|s| names_word(&s.to_lowercase(), &needle)))
        .collect()
}

/// Whether `needle` occurs in `hay` as a whole name (so `Plains` does not match `plainswalk`).
fn names_word(hay: &str, needle: &str) -> bool {
    hay.match_indices(needle).any(|(i, _)| {
        let before = hay[..i].chars().next_back();
        let after = hay[i + needle.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Every card of the library, sorted by name.
fn list_cards(lib: &Library) -> String {
    let mut cards: Vec<&crate::cards::CardDef> = lib.iter().map(|(_, d)| d).collect();
    cards.sort_by(|a, b| a.name.cmp(&b.name));
    let mut table = Table::new();
    table.load_style(ASCII_FULL_CONDENSED).force_no_tty().set_content_arrangement(ContentArrangement::Disabled);
    table.set_header(vec!["card", "cost", "type", "P/T"]);
    for d in &cards {
        let cost = d.cost.map(|c| c.to_string()).unwrap_or_default();
        let pt = d.pt.map(|(p, t)| format!("{p}/{t}")).unwrap_or_default();
        table.add_row(vec![d.name.clone(), cost, d.type_line.clone(), pt]);
    }
    format!("{table}\n{} cards\n", cards.len())
}

/// Prints a command's text to stdout (exit 0), or its error to stderr (exit 2).
fn print_outcome(r: Result<String, String>, stdout: &mut impl Write, stderr: &mut impl Write) -> ExitCode {
    match r {
        Ok(text) => {
            let _ = write!(stdout, "{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = write!(stderr, "{e}");
            ExitCode::from(2)
        }
    }
}

/// A `--rules` value: an edition this engine plays.
fn parse_rules(s: &str) -> Result<Edition, String> {
    match Edition::from_name(s) {
        Some(e) => Ok(e),
        None => Err(format!("error: unknown rules `{s}`: expected 5e, 4e or alpha\n")),
    }
}

/// Runs the command line; returns the exit code. Only this function prints.
#[must_use]
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    let mut stdout = Checked { inner: std::io::stdout().lock(), error: None };
    let code = dispatch(args, &mut stdout);
    let _ = stdout.flush();
    if let Some(e) = stdout.error {
        // A full disk or a closed pipe: the output is incomplete, which must not pass as success.
        let _ = writeln!(std::io::stderr(), "error: cannot write to standard output: {e}");
        return ExitCode::from(2);
    }
    code
}

/// A writer that remembers its first error (the commands write with `let _ =`).
struct Checked<W: Write> {
    inner: W,
    error: Option<String>,
}

impl<W: Write> Checked<W> {
    fn note<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r
            && e.kind() != std::io::ErrorKind::Interrupted
            && self.error.is_none()
        {
            self.error = Some(e.to_string());
        }
        r
    }
}

impl<W: Write> Write for Checked<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        self.note(r)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.note(r)
    }
}

fn dispatch(args: impl IntoIterator<Item = std::ffi::OsString>, stdout: &mut impl Write) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let mut stderr = std::io::stderr().lock();
    // The deck commands need the card table of the era, not the rules engine's library.
    match &cli.command {
        Command::Deck(args) => return crate::deck::run_deck(args, stdout, &mut stderr),
        Command::Formats(args) => return crate::deck::run_formats(args, stdout, &mut stderr),
        _ => {}
    }
    let lib = match load_library(&cli.cards) {
        Ok(l) => l,
        Err(e) => {
            let _ = write!(stderr, "{e}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Run { file, format, rules } => {
            let rules = match rules.as_deref().map(parse_rules).transpose() {
                Ok(r) => r,
                Err(e) => {
                    let _ = write!(stderr, "{e}");
                    return ExitCode::from(2);
                }
            };
            let r = run_file_as(&file, &lib, rules);
            match &r {
                FileResult::Ran(rep) => {
                    let text = if format == Format::Json { render_json(rep) + "\n" } else { render_text(rep) };
                    let _ = write!(stdout, "{text}");
                }
                FileResult::Error(d) => {
                    let _ = write!(stderr, "{d}");
                }
            }
            ExitCode::from(r.code())
        }
        Command::Check { paths, format } => {
            let files = match collect(&paths) {
                Ok(f) if f.is_empty() => {
                    let _ = writeln!(stderr, "error: no scenario files (*.yaml, *.yml) found");
                    return ExitCode::from(2);
                }
                Ok(f) => f,
                Err(e) => {
                    let _ = writeln!(stderr, "{e}");
                    return ExitCode::from(2);
                }
            };
            let results: Vec<(PathBuf, FileResult)> = files
                .into_iter()
                .map(|f| {
                    let r = run_file(&f, &lib);
                    (f, r)
                })
                .collect();
            let code = results.iter().map(|(_, r)| r.code()).max().unwrap_or(0);
            let text = if format == Format::Json { check_json(&results) } else { check_table(&results) };
            let _ = writeln!(stdout, "{text}");
            if format == Format::Text {
                let ok = results.iter().filter(|(_, r)| r.code() == 0).count();
                let _ = writeln!(stdout, "{ok} of {} scenarios hold", results.len());
            }
            ExitCode::from(code)
        }
        Command::Diff { file, rules } => {
            let editions = match rules.iter().map(|r| parse_rules(r)).collect::<Result<Vec<_>, _>>() {
                Ok(e) => e,
                Err(e) => {
                    let _ = write!(stderr, "{e}");
                    return ExitCode::from(2);
                }
            };
            let runs: Vec<(Edition, FileResult)> =
                editions.iter().map(|&e| (e, run_file_as(&file, &lib, Some(e)))).collect();
            print_outcome(crate::diff::render(&runs), stdout, &mut stderr)
        }
        Command::Card { list: true, .. } => {
            let _ = write!(stdout, "{}", list_cards(&lib));
            ExitCode::SUCCESS
        }
        Command::Card { name, .. } => {
            print_outcome(show_card(&lib, name.as_deref().unwrap_or_default()), stdout, &mut stderr)
        }
        // Dispatched above, before the library loads.
        Command::Deck(_) | Command::Formats(_) => ExitCode::SUCCESS,
    }
}
