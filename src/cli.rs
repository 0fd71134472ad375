//! The command line: `judge run`, `check`, `diff`, `card`, `moves`, `explore`, `coverage`, `deck`,
//! `formats`, `schema`, `completions`, `man`.
//! The only module that prints, through [`crate::output::Out`] (text or JSON, colour on a
//! terminal only, tables fitted to its width).

use crate::cards::{Library, read_card_file};
use crate::check::run_and_check;
use crate::diagnostic::{Diagnostic, FileError, suggestions};
use crate::edition::Edition;
use crate::engine::Stop;
use crate::output::{ColourChoice, ErrorInfo, Out, Status, Stream, Style};
use crate::scenario::{Scenario, load_scenario_as};
use crate::trace::{EventKind, Report, render_text};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use serde::Serialize;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub use crate::output::Format;

const EXAMPLES: &str = "Examples:
  judge run scenarios/fizzles/giant-growth-answered-by-bolt.yaml
  judge run --format json FILE
  judge run --rules 4e FILE
  judge run - < my-scenario.yaml
  judge diff scenarios/editions/unicorn-giant-growth-bolt-5e.yaml
  judge check scenarios rulings
  judge check --failures --verbose --rules alpha scenarios
  judge card \"Healing Salve\"
  judge card --list
  judge moves FILE --at 1
  judge explore FILE --goal \"Pearled Unicorn is in play\" --for Alice
  judge deck my-deck.txt --format type2
  judge coverage rulings tests/fixtures/decks
  judge schema scenario > scenario.schema.json
  judge completions bash > judge.bash
  judge man | man -l -

Editions (--rules, and a scenario's `rules:`):
  5e     Fifth Edition (1997) and the Summary of 07/15/97 (the default)
  4e     Fourth Edition, as the Summary's list of changes from it gives
  alpha  the 1993 Alpha rulebook
  m13    the Magic 2013 basic rulebook (July 2012): the stack

Exit codes: 0 every expectation held; 1 an expectation failed or an unexpected
illegal line; 2 a file could not be read or understood, a choice no line makes,
a rule not modelled under the chosen edition, or bad usage. `judge diff`: 0
every edition ran, 2 one could not. `judge explore`: 0 yes, 1 no, 2 bad input
or no answer within its limit. `judge deck`: 0 legal, 1 not, 2 unreadable.

Colour is used on a terminal only; NO_COLOR turns it off, CLICOLOR_FORCE on,
and --color always|never decides.";

/// A tournament judge and rulings oracle for classic Magic: The Gathering (1993-1997 rules).
#[derive(Debug, Parser)]
#[command(name = "judge", version, about, after_help = EXAMPLES, max_term_width = 80)]
pub struct Cli {
    #[command(flatten)]
    common: Common,
    #[command(subcommand)]
    command: Command,
}

/// `--cards` and `--color`, taken before the subcommand or after it, by the subcommands where
/// they mean something (not `schema`, `completions`, `man`).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Common {
    /// Extra card definitions (schema 1 YAML) after the built-in library; `-` is standard input.
    #[arg(long, value_name = "FILE")]
    cards: Vec<PathBuf>,
    #[command(flatten)]
    colour: ColorArg,
}

/// `--color`, on every command that prints for people.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct ColorArg {
    /// When to colour ok, FAIL, ILLEGAL and ERROR: auto (on a terminal, without NO_COLOR).
    #[arg(long, value_enum, value_name = "WHEN")]
    pub color: Option<ColourChoice>,
}

/// `--format` of the commands that print a trace or a table (`deck` takes its own, which also
/// names the tournament format).
#[derive(Debug, Clone, Copy, clap::Args)]
struct FormatArg {
    /// Output format: text for people, json for programs.
    ///
    /// JSON carries a top-level `version`; an error then goes to standard output as
    /// `{"version": 1, "error": {file, line, column, message, label, help}}`.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

/// The `--rules` values: every edition, with what it stands for.
fn edition_parser() -> impl TypedValueParser<Value = Edition> {
    PossibleValuesParser::new(Edition::ALL.map(|e| PossibleValue::new(e.name()).help(e.title())))
        .map(|s| Edition::from_name(&s).unwrap_or(Edition::Fifth))
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Resolve one scenario and print the annotated trace.
    Run {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        output: FormatArg,
        /// The scenario file; `-` reads it from standard input.
        file: PathBuf,
        /// Play under these rules instead of the file's `rules:`.
        #[arg(long, value_name = "EDITION", value_parser = edition_parser())]
        rules: Option<Edition>,
    },
    /// Run one scenario under several editions and show where the outcomes part ways.
    ///
    /// Exit 0 when every edition ran the file (whether or not the outcomes differ); 2 when an
    /// edition could not run it (its column reads "could not run" and its error follows the
    /// table, the others are still compared), or on bad input or usage.
    Diff {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        output: FormatArg,
        /// The scenario file; `-` reads it from standard input.
        file: PathBuf,
        /// The editions to compare, comma-separated.
        #[arg(long, value_name = "EDITION,...", default_value = "5e,4e,alpha,m13", value_delimiter = ',', value_parser = edition_parser())]
        rules: Vec<Edition>,
    },
    /// Run scenario files and folders (recursively) and report which expectations hold.
    Check {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        output: FormatArg,
        /// Files or folders; `-` reads one scenario from standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Play every file under these rules instead of its own `rules:`.
        #[arg(long, value_name = "EDITION", value_parser = edition_parser())]
        rules: Option<Edition>,
        /// Show only the files that do not hold (FAIL, ILLEGAL, ERROR).
        #[arg(long)]
        failures: bool,
        /// Print each error's full diagnostic after the table.
        #[arg(long, short)]
        verbose: bool,
    },
    /// Show a card: cost, type, P/T, text, abilities as parsed, and the scenarios using it.
    ///
    /// The scenarios counted are the files under ./scenarios and ./rulings of the current
    /// directory (run it from the repository's root).
    #[command(override_usage = "judge card [OPTIONS] <NAME>\n       judge card [OPTIONS] --list")]
    Card {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        output: FormatArg,
        /// The card's name (case-insensitive).
        #[arg(required_unless_present = "list")]
        name: Option<String>,
        /// List every card of the library instead.
        #[arg(long, conflicts_with = "name")]
        list: bool,
        /// Show the card as these rules read it (its `editions:` text, e.g. m13's modern wording).
        #[arg(long, value_name = "EDITION", value_parser = edition_parser())]
        rules: Option<Edition>,
    },
    /// List every legal move after a scenario's lines (or after line N), as lines to paste.
    Moves {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        output: FormatArg,
        /// The scenario file; `-` reads it from standard input.
        file: PathBuf,
        /// Look after this many of the file's action lines instead of all of them.
        #[arg(long, value_name = "LINE")]
        at: Option<usize>,
    },
    /// Search whether a player can make goals hold with at most N own actions, whatever the
    /// opponent replies (exit 0 yes, 1 no, 2 bad input or no answer within the limit).
    Explore {
        #[command(flatten)]
        common: Common,
        /// The scenario file; `-` reads it from standard input.
        file: PathBuf,
        /// An expectation that must hold once everything has resolved (repeat: all must hold).
        #[arg(long = "goal", required = true, value_name = "EXPECTATION")]
        goals: Vec<String>,
        /// The player searched for.
        #[arg(long = "for", value_name = "PLAYER")]
        player: String,
        /// The player's own actions at most (announcements, activations, lands, attacks, blocks,
        /// damage assignments; passes and mana do not count).
        #[arg(long, default_value_t = 1)]
        depth: u32,
        /// Positions searched at most.
        #[arg(long, default_value_t = 2_000_000)]
        limit: u64,
        /// Seconds at most.
        #[arg(long, default_value_t = 120)]
        seconds: u64,
        #[command(flatten)]
        output: FormatArg,
    },
    /// How much of the rulings catalogue the files encode: a table per section, the pending
    /// ids by kind of reason, and any id encoded and pending at once or in neither.
    ///
    /// The catalogue's sections and id ranges come from the headers of the PENDING.md found
    /// under the paths (`## Attack Phase (S002-A-001 .. S002-A-073)`); a file encodes the id
    /// its name begins with and the ids its `source:` names. Exit 0 when every id is encoded
    /// or pending, 1 when one is both, neither, listed twice or outside the catalogue, 2 on
    /// bad input.
    Coverage {
        #[command(flatten)]
        colour: ColorArg,
        #[command(flatten)]
        output: FormatArg,
        /// Folders (or files) holding the encoded rulings and PENDING.md.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// List each pending id with its reason, instead of the ids alone.
        #[arg(long)]
        reasons: bool,
    },
    /// Check a decklist against a 1997 DCI tournament format (exit 0 legal, 1 not, 2 unreadable).
    Deck(crate::deck::DeckArgs),
    /// Show each 1997 DCI tournament format: its sets, deck rules and lists.
    Formats(crate::deck::FormatsArgs),
    /// Print the JSON Schema of a scenario file or of a card file, for editors.
    Schema {
        /// Which file.
        #[arg(value_enum)]
        which: SchemaKind,
    },
    /// Print a shell completion script.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff); with a subcommand's name, that subcommand's page.
    Man {
        /// The subcommand (`judge man run` is the page judge-run(1)).
        #[arg(value_name = "SUBCOMMAND", value_parser = subcommand_names())]
        page: Option<String>,
    },
}

/// The subcommands that have a manual page of their own (`judge man NAME`).
const PAGES: [&str; 13] = [
    "run",
    "diff",
    "check",
    "card",
    "moves",
    "explore",
    "coverage",
    "deck",
    "formats",
    "schema",
    "completions",
    "man",
    "help",
];

/// The `judge man` values: each subcommand's name.
fn subcommand_names() -> PossibleValuesParser {
    PossibleValuesParser::new(PAGES)
}

/// `text` for roff: each line as written, with backslashes, dashes and a leading dot or quote
/// escaped.
fn roff_literal(text: &str) -> String {
    text.lines()
        .map(|l| {
            let l = l.replace('\\', "\\e").replace('-', "\\-");
            if l.starts_with('.') || l.starts_with('\'') { format!("\\&{l}") } else { l }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The manual page: `judge`'s own (its examples and notes printed as written, not filled), or
/// a subcommand's as `judge-NAME`.
fn man_page(page: Option<&str>) -> std::io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    let mut root = Cli::command();
    root.build();
    if let Some(name) = page {
        let Some(sub) = root.find_subcommand(name) else { return Ok(buf) };
        let sub = sub.clone().display_name(format!("judge-{name}"));
        clap_mangen::Man::new(sub).render(&mut buf)?;
        return Ok(buf);
    }
    let man = clap_mangen::Man::new(root);
    man.render_title(&mut buf)?;
    man.render_name_section(&mut buf)?;
    man.render_synopsis_section(&mut buf)?;
    man.render_description_section(&mut buf)?;
    man.render_options_section(&mut buf)?;
    man.render_subcommands_section(&mut buf)?;
    buf.extend_from_slice(format!(".SH NOTES\n.nf\n{}\n.fi\n", roff_literal(EXAMPLES)).as_bytes());
    man.render_version_section(&mut buf)?;
    Ok(buf)
}

/// The files `judge schema` describes.
#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
enum SchemaKind {
    /// A scenario file.
    Scenario,
    /// A card file (`--cards FILE`).
    Card,
}

/// The outcome of one file.
#[derive(Debug)]
pub enum FileResult {
    /// It ran; the report says whether it passed.
    Ran(Box<Report>),
    /// It could not be read or understood (exit 2): the diagnostic, placed in its file.
    Error(FileError),
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
/// A card file that cannot be read or understood.
pub fn load_library(extra: &[PathBuf]) -> Result<Library, FileError> {
    let mut lib = Library::builtin().map_err(FileError::message)?;
    for path in extra {
        let (name, src) = read_source(path)?;
        let cards = read_card_file(&src).map_err(|d| FileError::new(&name, d, &src))?;
        lib.add_source(&cards, &name, &src).map_err(|d| FileError::new(&name, d, &src))?;
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
    let name = path.display().to_string();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read `{name}`: {e}"))?;
    read_bounded(file, &name)
}

/// Reads at most [`MAX_INPUT`] bytes of UTF-8 text from `input`, named `name` in errors.
fn read_bounded(input: impl Read, name: &str) -> Result<String, String> {
    let mut bytes = Vec::new();
    input.take(MAX_INPUT + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read `{name}`: {e}"))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(format!("`{name}` is larger than {} KiB, the most this reads", MAX_INPUT / 1024));
    }
    String::from_utf8(bytes).map_err(|e| format!("`{name}` is not UTF-8 text (byte {})", e.utf8_error().valid_up_to()))
}

/// Loads and runs one scenario file, under `rules` instead of its own `rules:` when given.
#[must_use]
pub fn run_file_as(path: &Path, lib: &Library, rules: Option<Edition>) -> FileResult {
    match read_source(path) {
        Ok((name, src)) => run_source_as(&name, &src, lib, rules),
        Err(e) => FileResult::Error(e),
    }
}

/// The name standard input goes by in diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

/// Reads a file given on the command line, `-` being standard input: its name for diagnostics
/// and its text.
///
/// # Errors
/// The file cannot be read, or is a folder.
pub fn read_source(path: &Path) -> Result<(String, String), FileError> {
    if path.as_os_str() == "-" {
        return read_bounded(std::io::stdin().lock(), STDIN_NAME)
            .map(|src| (STDIN_NAME.to_owned(), src))
            .map_err(|e| FileError::whole_file(STDIN_NAME, e));
    }
    let name = path.display().to_string();
    if path.is_dir() {
        return Err(FileError::whole_file(&name, format!("`{name}` is a folder, not a file")));
    }
    match read_limited(path) {
        Ok(src) => Ok((name, src)),
        Err(e) => Err(FileError::whole_file(&name, e)),
    }
}

/// Loads and runs a scenario from its text.
#[must_use]
pub fn run_source(name: &str, src: &str, lib: &Library) -> FileResult {
    run_source_as(name, src, lib, None)
}

fn run_source_as(name: &str, src: &str, lib: &Library, rules: Option<Edition>) -> FileResult {
    let sc: Scenario = match load_scenario_as(src, lib, rules) {
        Ok(sc) => sc,
        Err(d) => return FileResult::Error(FileError::new(name, d, src)),
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
        return FileResult::Error(FileError::new(name, d, src));
    }
    FileResult::Ran(Box::new(report))
}

/// Every file under `dir` that `keep` accepts, in no particular order. A symbolic link to a
/// folder is not followed inside a walk: a link to a parent would make the walk endless (a
/// folder named on the command line is followed).
///
/// # Errors
/// A folder that cannot be read.
pub fn walk_files(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let p = entry.path();
        if entry.file_type()?.is_symlink() && p.is_dir() {
            continue;
        }
        if p.is_dir() {
            walk_files(&p, keep, out)?;
        } else if keep(&p) {
            out.push(p);
        }
    }
    Ok(())
}

/// Scenario files under the paths, sorted.
///
/// # Errors
/// A path that does not exist.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, FileError> {
    let yaml = |p: &Path| p.extension().is_some_and(|e| e == "yaml" || e == "yml");
    let mut out = Vec::new();
    for p in paths {
        if p.as_os_str() == "-" {
            out.push(p.clone());
        } else if p.is_dir() {
            walk_files(p, &yaml, &mut out)
                .map_err(|e| FileError::message(format!("cannot read folder `{}`: {e}", p.display())))?;
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(FileError::message(format!("`{}` does not exist", p.display())));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// What became of a file, as `check` shows it.
#[must_use]
pub fn status(r: &FileResult) -> Status {
    match r {
        FileResult::Ran(rep) if rep.passed() => Status::Ok,
        // Every expectation held, yet it did not pass: it stopped at an unexpected illegal line.
        FileResult::Ran(rep) if rep.verdicts.iter().all(|v| v.holds) => Status::Illegal,
        FileResult::Ran(_) => Status::Fail,
        FileResult::Error(_) => Status::Error,
    }
}

/// The illegal line a run stopped at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IllegalLine {
    /// Its number among the action lines, from 1.
    pub line: usize,
    /// The line as written.
    pub text: String,
    /// Why it is illegal, with the rule.
    pub reason: String,
    /// What would make it legal, when known.
    pub hint: Option<String>,
}

fn illegal_line(rep: &Report) -> Option<IllegalLine> {
    rep.events.iter().find_map(|e| match &e.kind {
        EventKind::Illegal { number, text, reason, hint } => {
            Some(IllegalLine { line: *number, text: text.clone(), reason: reason.clone(), hint: hint.clone() })
        }
        _ => None,
    })
}

/// One file of `judge check --format json`.
#[derive(Debug, Serialize)]
struct CheckRow<'a> {
    file: String,
    /// ok, fail, illegal or error.
    result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    expectations: Option<&'a [crate::trace::Verdict]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    illegal: Option<IllegalLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ErrorInfo>,
}

fn check_row<'a>(path: &Path, r: &'a FileResult) -> CheckRow<'a> {
    let (expectations, illegal, error) = match r {
        FileResult::Ran(rep) => (Some(rep.verdicts.as_slice()), illegal_line(rep), None),
        FileResult::Error(e) => (None, None, Some(e.info())),
    };
    CheckRow { file: path.display().to_string(), result: status(r).word().to_lowercase(), expectations, illegal, error }
}

/// What a `check` row says under the file's name: each failing expectation with what was
/// found, the illegal line the run stopped at, or the error with its place and underlined line.
fn check_detail(r: &FileResult, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    match r {
        FileResult::Ran(rep) if rep.passed() => {}
        FileResult::Ran(rep) => {
            for v in rep.verdicts.iter().filter(|v| !v.holds) {
                out.push(format!("expected: {}", v.line));
                out.push(format!("   found: {}", v.found.clone().unwrap_or_default()));
            }
            if let Some(il) = illegal_line(rep) {
                out.push(format!("stopped at illegal line {}: {}", il.line, il.text));
                out.push(format!("  reason: {}", il.reason));
                if let Some(h) = il.hint {
                    out.push(format!("  hint: {h}"));
                }
            }
        }
        FileResult::Error(e) => out.push(e.cell(width)),
    }
    out
}

fn check_table(results: &[(PathBuf, FileResult)], style: &Style, failures: bool) -> Option<String> {
    let mut table = style.table();
    table.set_header(vec!["result", "scenario"]);
    let mut rows = 0;
    for (path, r) in results {
        let s = status(r);
        if failures && s == Status::Ok {
            continue;
        }
        // The table's borders and the result column take 16 columns.
        let width = usize::from(style.width).saturating_sub(16);
        // An error's detail begins with `file:line:col`, which names the file already.
        let mut cell =
            if s == Status::Error { Vec::new() } else { vec![Style::break_path(&path.display().to_string(), width)] };
        cell.extend(check_detail(r, width));
        table.add_row(vec![style.status_cell(s), comfy_table::Cell::new(cell.join("\n"))]);
        rows += 1;
    }
    (rows > 0).then(|| table.to_string())
}

/// Runs the files, sharing the library, with a progress bar on standard error when it is a
/// terminal and the run takes more than a moment.
fn run_all(files: Vec<PathBuf>, lib: &Library, rules: Option<Edition>) -> Vec<(PathBuf, FileResult)> {
    let start = std::time::Instant::now();
    let terminal = std::io::stderr().is_terminal();
    let bar = indicatif::ProgressBar::hidden();
    bar.set_length(u64::try_from(files.len()).unwrap_or(u64::MAX));
    let mut shown = false;
    let mut out = Vec::with_capacity(files.len());
    for f in files {
        if !shown && terminal && start.elapsed() > std::time::Duration::from_millis(300) {
            let style = indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {wide_msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            shown = true;
        }
        bar.set_message(f.display().to_string());
        let r = run_file_as(&f, lib, rules);
        bar.inc(1);
        out.push((f, r));
    }
    bar.finish_and_clear();
    out
}

/// `judge card NAME`: the card as a table, or an error with suggestions.
fn show_card(out: &mut Out<impl Write, impl Write>, lib: &Library, name: &str, rules: Option<Edition>) -> u8 {
    let Some(id) = lib.find(name) else {
        let near = suggestions(name, lib.iter().map(|(_, d)| d.name.as_str()));
        let quoted: Vec<String> = near.iter().map(|s| format!("`{s}`")).collect();
        let help = match quoted.as_slice() {
            [] => crate::cards::NOT_IN_LIBRARY_HELP.to_owned(),
            [one] => format!("did you mean {one}?"),
            many => format!("did you mean one of {}?", many.join(", ")),
        };
        out.error(&FileError::message(format!("unknown card `{name}`")).with_help(help));
        return 2;
    };
    let printed = lib.printed(id);
    let key = rules.and_then(|e| e.policies().card_key);
    let d = key.and_then(|k| printed.variants.get(k)).map_or(printed, |v| v);
    let mut rows = crate::cards::describe::rows(d);
    if let (Some(e), Some(k)) = (rules, key) {
        let how = if printed.variants.contains_key(k) {
            format!("{}: the card's `editions: {k}` text and abilities", e.title())
        } else if let Some(t) = printed.edition_types.get(k) {
            format!("{}: its own text, with type {t}", e.title())
        } else {
            format!("{}: its own text (no `editions: {k}` entry)", e.title())
        };
        rows.insert(1, ("read under".to_owned(), how));
        // Under the stack the kind is played as 001 says (an interrupt is an instant).
        let words = (e.policies().stack == crate::edition::StackModel::Stack)
            .then(|| crate::cards::describe::stack_kind_words(d.kind))
            .flatten();
        if let (Some(words), Some(row)) = (words, rows.iter_mut().find(|(k, _)| k == "type")) {
            row.1 = format!("{} ({words})", d.type_line);
        }
    }
    let users = used_by(&d.name);
    if out.json() {
        #[derive(Serialize)]
        struct Row<'a> {
            field: &'a str,
            value: &'a str,
        }
        #[derive(Serialize)]
        struct CardJson<'a> {
            card: &'a crate::cards::CardDef,
            described: Vec<Row<'a>>,
            used_by: Vec<String>,
        }
        let described = rows.iter().map(|(k, v)| Row { field: k, value: v }).collect();
        let used_by = users.iter().map(|p| p.display().to_string()).collect();
        out.json_body(&CardJson { card: d, described, used_by });
        return 0;
    }
    // The borders and the first column (its longest name) take the rest of the width.
    let key_width = rows.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0).max(14);
    let path_width = usize::from(out.style.width).saturating_sub(key_width + 7);
    let mut table = out.style.table();
    for (k, v) in rows {
        table.add_row(vec![k, v]);
    }
    let shown: Vec<String> =
        users.iter().take(12).map(|p| Style::break_path(&p.display().to_string(), path_width)).collect();
    let more = users.len().saturating_sub(shown.len());
    let mut used = if users.is_empty() {
        "no scenario under ./scenarios or ./rulings names it".to_owned()
    } else {
        shown.join("\n")
    };
    if more > 0 {
        used.push_str(&format!("\n... and {more} more"));
    }
    table.add_row(vec![format!("used by ({})", users.len()), used]);
    out.text(&format!("{table}\n"));
    0
}

/// Scenario files under ./scenarios and ./rulings that name the card (case-insensitive),
/// relative to the current directory, as `judge card --help` says.
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

/// `judge card --list`: every card of the library, sorted by name.
fn list_cards(out: &mut Out<impl Write, impl Write>, lib: &Library) {
    let mut cards: Vec<&crate::cards::CardDef> = lib.iter().map(|(_, d)| d).collect();
    cards.sort_by(|a, b| a.name.cmp(&b.name));
    let line = |d: &crate::cards::CardDef| {
        let cost = d.cost.map(|c| c.to_string()).unwrap_or_default();
        let pt = d.pt.map(|(p, t)| format!("{p}/{t}")).unwrap_or_default();
        (d.name.clone(), cost, d.type_line.clone(), pt)
    };
    if out.json() {
        let list: Vec<serde_json::Value> = cards
            .iter()
            .map(|d| {
                let (name, cost, type_line, pt) = line(d);
                serde_json::json!({ "name": name, "cost": cost, "type": type_line, "pt": pt })
            })
            .collect();
        out.json_body(&serde_json::json!({ "cards": list }));
        return;
    }
    let mut table = out.style.table();
    table.set_header(vec!["card", "cost", "type", "P/T"]);
    for d in &cards {
        let (name, cost, type_line, pt) = line(d);
        table.add_row(vec![name, cost, type_line, pt]);
    }
    out.text(&format!("{table}\n{} cards\n", cards.len()));
}

/// `judge run`: the trace (or its JSON), or the error.
fn cmd_run(out: &mut Out<impl Write, impl Write>, lib: &Library, file: &Path, rules: Option<Edition>) -> u8 {
    if file.is_dir() {
        let name = file.display();
        out.error(
            &FileError::message(format!("`{name}` is a folder, not a scenario file"))
                .with_help(format!("`judge check {name}` runs every scenario under it")),
        );
        return 2;
    }
    let r = run_file_as(file, lib, rules);
    match &r {
        FileResult::Ran(rep) if out.json() => {
            #[derive(Serialize)]
            struct RunJson<'a> {
                file: String,
                result: String,
                #[serde(flatten)]
                report: &'a Report,
            }
            let result = status(&r).word().to_lowercase();
            out.json_body(&RunJson { file: display_name(file), result, report: rep });
        }
        FileResult::Ran(rep) => {
            let text = out.style.paint_trace(&out.style.fold_trace(&render_text(rep)));
            out.text(&text);
        }
        FileResult::Error(d) => out.error(d),
    }
    r.code()
}

/// The name a file goes by in output: `<stdin>` for `-`.
fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" { STDIN_NAME.to_owned() } else { path.display().to_string() }
}

/// `judge check`: a table of the files (or JSON), the worst exit code.
fn cmd_check(
    out: &mut Out<impl Write, impl Write>,
    lib: &Library,
    paths: &[PathBuf],
    rules: Option<Edition>,
    failures: bool,
    verbose: bool,
) -> u8 {
    let files = match collect(paths) {
        Ok(f) if f.is_empty() => {
            out.error(&FileError::message("no scenario files (*.yaml, *.yml) found"));
            return 2;
        }
        Ok(f) => f,
        Err(e) => {
            out.error(&e);
            return 2;
        }
    };
    let results = run_all(files, lib, rules);
    let code = results.iter().map(|(_, r)| r.code()).max().unwrap_or(0);
    let statuses: Vec<Status> = results.iter().map(|(_, r)| status(r)).collect();
    let count = |s: Status| statuses.iter().filter(|x| **x == s).count();
    if out.json() {
        let rows: Vec<CheckRow<'_>> = results
            .iter()
            .filter(|(_, r)| !failures || status(r) != Status::Ok)
            .map(|(p, r)| check_row(&display_path(p), r))
            .collect();
        #[derive(Serialize)]
        struct Summary {
            files: usize,
            ok: usize,
            fail: usize,
            illegal: usize,
            error: usize,
        }
        #[derive(Serialize)]
        struct CheckJson<'a> {
            summary: Summary,
            results: Vec<CheckRow<'a>>,
        }
        let summary = Summary {
            files: results.len(),
            ok: count(Status::Ok),
            fail: count(Status::Fail),
            illegal: count(Status::Illegal),
            error: count(Status::Error),
        };
        out.json_body(&CheckJson { summary, results: rows });
        return code;
    }
    let shown: Vec<(PathBuf, FileResult)> = results.into_iter().map(|(p, r)| (display_path(&p), r)).collect();
    if let Some(table) = check_table(&shown, &out.style, failures) {
        out.text(&format!("{table}\n"));
    }
    if verbose {
        for (_, r) in &shown {
            if let FileResult::Error(d) = r {
                let text = out.style.paint_error(d);
                out.text(&format!("\n{text}"));
            }
        }
    }
    let ok = count(Status::Ok);
    let mut summary = format!("{ok} of {} scenarios hold", shown.len());
    for s in [Status::Fail, Status::Illegal, Status::Error] {
        let n = count(s);
        if n > 0 {
            summary.push_str(&format!(", {n} {}", out.style.paint(s, s.word())));
        }
    }
    out.text(&format!("{summary}\n"));
    code
}

/// `-` as `<stdin>` in tables.
fn display_path(p: &Path) -> PathBuf {
    PathBuf::from(display_name(p))
}

/// `judge diff`: the table of differing outcomes and where the traces part ways (or JSON).
fn cmd_diff(out: &mut Out<impl Write, impl Write>, lib: &Library, file: &Path, editions: &[Edition]) -> u8 {
    // Standard input can be read once: read the file once, run it under each edition.
    let (name, src) = match read_source(file) {
        Ok(x) => x,
        Err(e) => {
            out.error(&e);
            return 2;
        }
    };
    let runs: Vec<(Edition, FileResult)> =
        editions.iter().map(|&e| (e, run_source_as(&name, &src, lib, Some(e)))).collect();
    match crate::diff::compare(&runs) {
        Ok(d) if out.json() => {
            #[derive(Serialize)]
            struct DiffJson<'a> {
                file: &'a str,
                #[serde(flatten)]
                diff: &'a crate::diff::DiffReport,
            }
            out.json_body(&DiffJson { file: &name, diff: &d });
            d.code()
        }
        Ok(d) => {
            let text = crate::diff::render_text(&d, &out.style);
            out.text(&text);
            d.code()
        }
        Err(e) => {
            out.error(&e);
            2
        }
    }
}

/// `judge moves`: the position after the file's lines (or its first `at`), who may act and
/// why, and every legal move as lines to paste (or JSON).
fn cmd_moves(out: &mut Out<impl Write, impl Write>, lib: &Library, file: &Path, at: Option<usize>) -> u8 {
    let (name, src) = match read_source(file) {
        Ok(x) => x,
        Err(e) => {
            out.error(&e);
            return 2;
        }
    };
    let sc = match load_scenario_as(&src, lib, None) {
        Ok(sc) => sc,
        Err(d) => {
            out.error(&FileError::new(&name, d, &src));
            return 2;
        }
    };
    let r = crate::explore::moves(&sc, &crate::explore::setup_at(&sc, at));
    if out.json() {
        out.json_body(&r);
    } else {
        out.text(&crate::explore::render_moves(&r));
    }
    0
}

/// `judge explore`: loads the file with the goals, searches, prints the answer (progress on a
/// terminal past a second); exit 0 yes, 1 no, 2 bad input or no answer within the limits.
fn cmd_explore(
    out: &mut Out<impl Write, impl Write>,
    lib: &Library,
    file: &Path,
    (goals, player, limits): (&[String], &str, crate::explore::Limits),
) -> u8 {
    let (name, src) = match read_source(file) {
        Ok(x) => x,
        Err(e) => {
            out.error(&e);
            return 2;
        }
    };
    let sc = match crate::scenario::load_scenario_with_goals(&src, lib, goals) {
        Ok(sc) => sc,
        Err(crate::scenario::GoalError::File(d)) => {
            out.error(&FileError::new(&name, d, &src));
            return 2;
        }
        Err(crate::scenario::GoalError::Goal(i, d)) => {
            let goal = goals.get(i).map_or("", String::as_str);
            out.error(&FileError::new("--goal", d, goal));
            return 2;
        }
    };
    let tty = std::io::stderr().is_terminal();
    let mut progress = |n: u64, t: std::time::Duration| {
        if tty {
            eprint!("\rsearching: {n} positions, {:.1} s", t.as_secs_f64());
        }
    };
    let r = crate::explore::explore(&sc, player, limits, &mut progress);
    if tty {
        eprint!("\r\x1b[K");
    }
    match r {
        Ok(rep) => {
            if out.json() {
                out.json_body(&rep);
            } else {
                out.text(&crate::explore::render_explore(&rep));
            }
            match rep.verdict {
                crate::explore::Verdict::Yes => 0,
                crate::explore::Verdict::No => 1,
                crate::explore::Verdict::Unknown => 2,
            }
        }
        Err(e) => {
            out.error(&FileError::message(e.to_string()));
            2
        }
    }
}

/// `judge coverage`: the coverage table (or JSON); exit 0 consistent, 1 not, 2 bad input.
fn cmd_coverage(out: &mut Out<impl Write, impl Write>, paths: &[PathBuf], reasons: bool) -> u8 {
    match crate::coverage::scan(paths) {
        Ok(c) => {
            if out.json() {
                out.json_body(&c);
            } else {
                let text = crate::coverage::render_text(&c, &out.style, reasons);
                out.text(&text);
            }
            crate::coverage::code(&c)
        }
        Err(e) => {
            out.error(&FileError::message(e));
            2
        }
    }
}

/// `judge schema`, `judge completions`, `judge man`: text made from the command line itself.
fn cmd_generated(out: &mut Out<impl Write, impl Write>, command: &Command) {
    let mut buf: Vec<u8> = Vec::new();
    match command {
        Command::Schema { which } => {
            let schema = match which {
                SchemaKind::Scenario => crate::schema::scenario(),
                SchemaKind::Card => crate::schema::card(),
            };
            buf = serde_json::to_string_pretty(&schema).unwrap_or_default().into_bytes();
            buf.push(b'\n');
        }
        Command::Completions { shell } => clap_complete::generate(*shell, &mut Cli::command(), "judge", &mut buf),
        Command::Man { page } => match man_page(page.as_deref()) {
            Ok(b) => buf = b,
            Err(e) => out.error(&FileError::message(format!("cannot write the manual page: {e}"))),
        },
        _ => {}
    }
    out.text(&String::from_utf8_lossy(&buf));
}

/// Runs the command line; returns the exit code. Only this function prints.
#[must_use]
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> ExitCode {
    let args: Vec<std::ffi::OsString> = args.into_iter().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) if e.use_stderr() && asks_json(&args) => {
            // Bad usage while JSON is asked: the error as JSON too.
            let text = e.render().to_string();
            // clap's message runs to the first blank line; a `tip:` line is its help.
            let message: Vec<&str> = text.lines().take_while(|l| !l.trim().is_empty()).map(str::trim).collect();
            let info = ErrorInfo {
                message: message.join(" ").trim_start_matches("error: ").to_owned(),
                help: text.lines().find_map(|l| l.trim().strip_prefix("tip: ")).map(str::to_owned),
                ..ErrorInfo::default()
            };
            let mut out = Out::new(Format::Json, Style::plain(), Style::plain(), std::io::stdout(), std::io::stderr());
            out.json_error(info);
            return ExitCode::from(out.finish(2));
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let stdout = std::io::stdout().lock();
    let stderr = std::io::stderr().lock();
    let common = cli.common();
    let colour = common.colour.color.unwrap_or_default();
    let (style, err_style) = (Style::detect(Stream::Stdout, colour), Style::detect(Stream::Stderr, colour));
    let format = match &cli.command {
        Command::Run { output, .. }
        | Command::Diff { output, .. }
        | Command::Check { output, .. }
        | Command::Card { output, .. }
        | Command::Moves { output, .. }
        | Command::Explore { output, .. }
        | Command::Coverage { output, .. } => output.format,
        _ => Format::Text,
    };
    let mut out = Out::new(format, style, err_style, stdout, stderr);
    let code = run_command(&mut out, &cli);
    ExitCode::from(out.finish(code))
}

impl Cli {
    /// `--cards` and `--color` as given before the subcommand and after it (the cards of both,
    /// the colour given after it first).
    fn common(&self) -> Common {
        let sub = match &self.command {
            Command::Run { common, .. }
            | Command::Diff { common, .. }
            | Command::Check { common, .. }
            | Command::Card { common, .. }
            | Command::Moves { common, .. }
            | Command::Explore { common, .. } => common.clone(),
            Command::Deck(a) => Common { cards: Vec::new(), colour: a.colour },
            Command::Formats(a) => Common { cards: Vec::new(), colour: a.colour },
            Command::Coverage { colour, .. } => Common { cards: Vec::new(), colour: *colour },
            Command::Schema { .. } | Command::Completions { .. } | Command::Man { .. } => Common::default(),
        };
        let mut cards = self.common.cards.clone();
        cards.extend(sub.cards);
        Common { cards, colour: ColorArg { color: sub.colour.color.or(self.common.colour.color) } }
    }
}

/// Whether the arguments ask for JSON (`--format json` or `--format=json`), read before they
/// parse, so that a usage error can answer in JSON.
fn asks_json(args: &[std::ffi::OsString]) -> bool {
    args.windows(2).any(|w| w[0] == "--format" && w[1] == "json") || args.iter().any(|a| a == "--format=json")
}

/// Runs the parsed command, printing through `out`; returns the exit code.
fn run_command(out: &mut Out<impl Write, impl Write>, cli: &Cli) -> u8 {
    match &cli.command {
        Command::Schema { .. } | Command::Completions { .. } | Command::Man { .. } => {
            cmd_generated(out, &cli.command);
            return 0;
        }
        // The deck commands need the card table of the era, not the rules engine's library.
        Command::Deck(args) => return crate::deck::run_deck(args, out),
        Command::Formats(args) => return crate::deck::run_formats(args, out),
        // Coverage reads file names and PENDING.md, not cards.
        Command::Coverage { paths, reasons, .. } => return cmd_coverage(out, paths, *reasons),
        _ => {}
    }
    let lib = match load_library(&cli.common().cards) {
        Ok(l) => l,
        Err(e) => {
            out.error(&e);
            return 2;
        }
    };
    match &cli.command {
        Command::Run { file, rules, .. } => cmd_run(out, &lib, file, *rules),
        Command::Check { paths, rules, failures, verbose, .. } => {
            cmd_check(out, &lib, paths, *rules, *failures, *verbose)
        }
        Command::Diff { file, rules, .. } => cmd_diff(out, &lib, file, rules),
        Command::Card { list: true, .. } => {
            list_cards(out, &lib);
            0
        }
        Command::Card { name, rules, .. } => show_card(out, &lib, name.as_deref().unwrap_or_default(), *rules),
        Command::Moves { file, at, .. } => cmd_moves(out, &lib, file, *at),
        Command::Explore { file, goals, player, depth, limit, seconds, .. } => cmd_explore(
            out,
            &lib,
            file,
            (
                goals,
                player,
                crate::explore::Limits {
                    depth: *depth,
                    positions: *limit,
                    time: std::time::Duration::from_secs(*seconds),
                },
            ),
        ),
        // Dispatched above, before the library loads.
        Command::Schema { .. }
        | Command::Completions { .. }
        | Command::Man { .. }
        | Command::Deck(_)
        | Command::Formats(_)
        | Command::Coverage { .. } => 0,
    }
}
