//! How the command line prints: text or JSON, colour only on a terminal, tables that fit the
//! terminal's width, and errors as JSON objects when JSON is asked. Every subcommand goes
//! through [`Out`], so a new one gets the same habits by using it.

use crate::diagnostic::FileError;
use comfy_table::{Cell, Color, ContentArrangement, Table, presets::ASCII_FULL_CONDENSED};
use serde::Serialize;
use std::io::{IsTerminal, Write};

/// The version of the JSON output's shape; raised when a field changes meaning or goes away.
pub const JSON_VERSION: u32 = 1;

/// Table width when the output is not a terminal, so that piped output and tests are stable.
pub const DEFAULT_WIDTH: u16 = 80;

/// Output formats.
#[derive(Debug, Clone, Copy, clap::ValueEnum, PartialEq, Eq, Default)]
pub enum Format {
    /// Text for people: the annotated trace, or a table.
    #[default]
    Text,
    /// JSON for programs, with a top-level `version` field.
    Json,
}

/// When to colour (`--color`).
#[derive(Debug, Clone, Copy, clap::ValueEnum, PartialEq, Eq, Default)]
pub enum ColourChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Which stream a style is for: colour is decided for each stream on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// Whether to colour and how wide tables may be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Whether to print colour escapes.
    pub colour: bool,
    /// The width tables are fitted to.
    pub width: u16,
    /// Whether the stream is a terminal of known width, where long trace lines are folded
    /// (a pipe or a file gets them whole, one event a line).
    pub fold: bool,
}

impl Style {
    /// No colour, [`DEFAULT_WIDTH`] columns.
    #[must_use]
    pub const fn plain() -> Self {
        Self { colour: false, width: DEFAULT_WIDTH, fold: false }
    }

    /// The style for a stream of this process. Colour under `auto` only on a terminal and only
    /// without `NO_COLOR` (`CLICOLOR_FORCE` asks for it anyway); tables as wide as the
    /// terminal, or [`DEFAULT_WIDTH`] when it is not one.
    #[must_use]
    pub fn detect(stream: Stream, choice: ColourChoice) -> Self {
        let terminal = match stream {
            Stream::Stdout => std::io::stdout().is_terminal(),
            Stream::Stderr => std::io::stderr().is_terminal(),
        };
        let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
        let forced = std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0");
        let colour = match choice {
            ColourChoice::Always => true,
            ColourChoice::Never => false,
            ColourChoice::Auto => !set("NO_COLOR") && (terminal || forced),
        };
        // comfy-table asks the terminal for its size when standard output is one.
        let width = if terminal && stream == Stream::Stdout { Table::new().width() } else { None };
        let width = width.filter(|w| *w >= 20);
        Self { colour, width: width.unwrap_or(DEFAULT_WIDTH), fold: width.is_some() }
    }

    /// An empty table in the house style, fitted to the width, wrapping long cells.
    #[must_use]
    pub fn table(&self) -> Table {
        let mut t = Table::new();
        t.load_style(ASCII_FULL_CONDENSED).set_content_arrangement(ContentArrangement::Dynamic).set_width(self.width);
        if self.colour {
            t.enforce_styling();
        } else {
            t.force_no_tty();
        }
        t
    }

    /// `line` wrapped at spaces to the width, the lines after the first indented by `indent`.
    #[must_use]
    pub fn wrap(&self, line: &str, indent: usize) -> String {
        let width = usize::from(self.width);
        let body = line.trim_start_matches(' ');
        let mut out = line[..line.len() - body.len()].to_owned();
        let mut len = out.len();
        // Whether nothing has been written on this line yet (after the indent).
        let mut fresh = true;
        for word in body.split(' ') {
            let w = word.chars().count();
            if !fresh && len + 1 + w > width {
                out.truncate(out.trim_end().len());
                out.push('\n');
                out.push_str(&" ".repeat(indent));
                len = indent;
                fresh = true;
            }
            if fresh && word.is_empty() {
                continue;
            }
            if !fresh {
                out.push(' ');
                len += 1;
            }
            fresh = false;
            out.push_str(word);
            len += w;
        }
        out
    }

    /// A trace folded to the width on a terminal: each long line wrapped at spaces, its
    /// continuation indented four past the line's own indent; unchanged elsewhere.
    #[must_use]
    pub fn fold_trace(&self, text: &str) -> String {
        if !self.fold {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len());
        for line in text.lines() {
            let indent = line.len() - line.trim_start_matches(' ').len();
            out.push_str(&self.wrap(line, (indent + 4).min(usize::from(self.width) / 2)));
            out.push('\n');
        }
        if !text.ends_with('\n') {
            out.pop();
        }
        out
    }

    /// A file path cut into lines of at most `width` characters, each cut after a `/` or `-`
    /// where one is close enough, so that a table does not split a word of it; a path that fits
    /// is unchanged.
    #[must_use]
    pub fn break_path(path: &str, width: usize) -> String {
        let width = width.max(8);
        let chars: Vec<char> = path.chars().collect();
        let mut lines: Vec<String> = Vec::new();
        let mut start = 0;
        while chars.len() - start > width {
            let window = &chars[start..start + width];
            // The last `/` or `-` of the line, unless it leaves the line less than half full.
            let cut = window
                .iter()
                .rposition(|c| *c == '/' || *c == '-')
                .filter(|&i| i + 1 >= width / 2)
                .map_or(width, |i| i + 1);
            lines.push(chars[start..start + cut].iter().collect());
            start += cut;
        }
        lines.push(chars[start..].iter().collect());
        lines.join("\n")
    }

    /// A table cell for a status, coloured when colour is on.
    #[must_use]
    pub fn status_cell(&self, s: Status) -> Cell {
        let cell = Cell::new(s.word());
        if self.colour { cell.fg(s.colour()) } else { cell }
    }

    /// `text` in the colour of `s`, when colour is on.
    #[must_use]
    pub fn paint(&self, s: Status, text: &str) -> String {
        if self.colour { format!("\x1b[{}m{text}\x1b[0m", s.ansi()) } else { text.to_owned() }
    }

    /// A run's text trace with its marks coloured: `[ok  ]`, `[FAIL]`, `ILLEGAL line`.
    #[must_use]
    pub fn paint_trace(&self, text: &str) -> String {
        if !self.colour {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len() + 64);
        for line in text.split_inclusive('\n') {
            let body = line.trim_start();
            let indent = &line[..line.len() - body.len()];
            let marks = [("[ok  ]", Status::Ok), ("[FAIL]", Status::Fail), ("ILLEGAL", Status::Illegal)];
            match marks.iter().find(|(m, _)| body.starts_with(m)) {
                Some((m, s)) => {
                    out.push_str(indent);
                    out.push_str(&self.paint(*s, m));
                    out.push_str(&body[m.len()..]);
                }
                None => out.push_str(line),
            }
        }
        out
    }

    /// An error's text form, its `error:` coloured when colour is on.
    #[must_use]
    pub fn paint_error(&self, error: &FileError) -> String {
        error.render_with(&self.paint(Status::Error, "error:"))
    }
}

/// What became of a file or an expectation, as the tables and traces name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// It holds.
    Ok,
    /// An expectation failed.
    Fail,
    /// The run stopped at an illegal line.
    Illegal,
    /// The file could not be read or understood.
    Error,
}

impl Status {
    /// The word shown.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Fail => "FAIL",
            Self::Illegal => "ILLEGAL",
            Self::Error => "ERROR",
        }
    }

    const fn colour(self) -> Color {
        match self {
            Self::Ok => Color::Green,
            Self::Fail | Self::Error => Color::Red,
            Self::Illegal => Color::Yellow,
        }
    }

    const fn ansi(self) -> &'static str {
        match self {
            Self::Ok => "32",
            Self::Fail => "31",
            Self::Illegal => "33",
            Self::Error => "1;31",
        }
    }
}

/// An error as a JSON object: where it is, what went wrong, what was expected there, and help.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
pub struct ErrorInfo {
    /// The file, when the error is about one.
    pub file: Option<String>,
    /// One-based line.
    pub line: Option<usize>,
    /// One-based column, in characters.
    pub column: Option<usize>,
    /// What went wrong.
    pub message: String,
    /// What was expected at that place (the text under the carets).
    pub label: Option<String>,
    /// A suggestion.
    pub help: Option<String>,
}

impl FileError {
    /// The error as a JSON object.
    #[must_use]
    pub fn info(&self) -> ErrorInfo {
        let d = &self.diagnostic;
        let label = d.label.trim();
        ErrorInfo {
            file: self.file.clone(),
            line: self.place.as_ref().map(|p| p.line),
            column: self.place.as_ref().map(|p| p.column),
            message: d.message.clone(),
            // What the carets say: there is none without a place to put them.
            label: (self.place.is_some() && !label.is_empty()).then(|| label.to_owned()),
            help: d.help.clone(),
        }
    }

    /// The lines a table cell shows: `file:line:col`, the message, the underlined source line
    /// and the help. The source line is cut to `width` characters around the carets, and what
    /// the carets say goes on its own line, so that wrapping the cell never moves the carets
    /// off their text.
    #[must_use]
    pub fn cell(&self, width: usize) -> String {
        let d = &self.diagnostic;
        let mut out = Vec::new();
        if let Some(file) = &self.file {
            out.push(match &self.place {
                Some(p) => format!("{file}:{}:{}", p.line, p.column),
                None => file.clone(),
            });
        }
        out.push(d.message.clone());
        if let Some(p) = &self.place {
            let num = p.line.to_string();
            let (shown, at) = window(&p.text, p.column - 1, p.width, width.saturating_sub(num.len() + 3));
            let g = " ".repeat(num.len());
            out.push(format!("{num} | {shown}"));
            out.push(format!("{g} | {}{}", " ".repeat(at), "^".repeat(p.width.max(1))));
            let label = d.label.trim();
            if !label.is_empty() {
                out.push(label.to_owned());
            }
        }
        if let Some(help) = &d.help {
            out.push(format!("help: {help}"));
        }
        out.join("\n")
    }
}

/// At most `width` characters of `line` that show the `len` characters from `at`, with `...`
/// where it is cut; and where `at` falls in what is shown.
fn window(line: &str, at: usize, len: usize, width: usize) -> (String, usize) {
    let chars: Vec<char> = line.chars().collect();
    let width = width.max(len + 8);
    if chars.len() <= width {
        return (line.to_owned(), at);
    }
    // Start far enough left to show a few characters before the carets, and cut the end.
    let start = if at + len + 3 <= width { 0 } else { (at + len + 6).saturating_sub(width).min(at) };
    let mut shown = String::new();
    let mut pos = at - start;
    if start > 0 {
        shown.push_str("...");
        pos += 3;
    }
    let room = width - shown.len();
    let body: String = chars.iter().skip(start).take(room).collect();
    let cut = chars.len().saturating_sub(start) > room;
    if cut {
        let keep: String = body.chars().take(room.saturating_sub(3)).collect();
        shown.push_str(&keep);
        shown.push_str("...");
    } else {
        shown.push_str(&body);
    }
    (shown, pos)
}

/// Wraps a command's JSON body with the top-level `version` field.
#[derive(Serialize)]
struct Versioned<'a, T: Serialize> {
    version: u32,
    #[serde(flatten)]
    body: &'a T,
}

/// Where a command prints: its format, the style of each stream, and whether a write failed.
pub struct Out<O: Write, E: Write> {
    /// Text or JSON.
    pub format: Format,
    /// The style of standard output.
    pub style: Style,
    /// The style of standard error.
    pub err_style: Style,
    stdout: O,
    stderr: E,
    failed: bool,
}

impl<O: Write, E: Write> Out<O, E> {
    /// Prints to these streams in these styles.
    pub const fn new(format: Format, style: Style, err_style: Style, stdout: O, stderr: E) -> Self {
        Self { format, style, err_style, stdout, stderr, failed: false }
    }

    /// Whether JSON was asked.
    #[must_use]
    pub fn json(&self) -> bool {
        self.format == Format::Json
    }

    /// Prints text to standard output.
    pub fn text(&mut self, text: &str) {
        if self.stdout.write_all(text.as_bytes()).and_then(|()| self.stdout.flush()).is_err() {
            self.failed = true;
        }
    }

    /// Prints a JSON body with the `version` field to standard output.
    pub fn json_body<T: Serialize>(&mut self, body: &T) {
        let text = serde_json::to_string_pretty(&Versioned { version: JSON_VERSION, body })
            .unwrap_or_else(|e| format!("{{\"version\": {JSON_VERSION}, \"error\": {{\"message\": \"{e}\"}}}}"));
        self.text(&(text + "\n"));
    }

    /// Prints an error: to standard error as text, or to standard output as
    /// `{"version", "error": {file, line, column, message, label, help}}` when JSON was asked,
    /// so that a program reading the output gets it too.
    pub fn error(&mut self, error: &FileError) {
        if self.json() {
            self.json_error(error.info());
        } else {
            let text = self.err_style.paint_error(error);
            let _ = self.stderr.write_all(text.as_bytes());
        }
    }

    /// Prints `{"version", "error": {...}}` to standard output.
    pub fn json_error(&mut self, error: ErrorInfo) {
        #[derive(Serialize)]
        struct ErrorJson {
            error: ErrorInfo,
        }
        self.json_body(&ErrorJson { error });
    }

    /// The exit code, made 2 if standard output could not be written (a full disk, a closed
    /// pipe): the output is incomplete.
    #[must_use]
    pub fn finish(mut self, code: u8) -> u8 {
        if self.failed {
            let _ = writeln!(self.stderr, "error: cannot write to standard output");
            return 2;
        }
        code
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_path_breaks_after_a_slash_or_a_dash() {
        let p = "rulings/damage-prevention/s002-d-009-counterspell-on-healing-salve.yaml";
        let b = Style::break_path(p, 64);
        assert_eq!(b, "rulings/damage-prevention/s002-d-009-counterspell-on-healing-\nsalve.yaml");
        assert_eq!(Style::break_path("short.yaml", 64), "short.yaml");
        // No `/` or `-` in reach: cut at the width.
        assert_eq!(Style::break_path("abcdefghijkl", 8), "abcdefgh\nijkl");
    }
    use crate::diagnostic::Diagnostic;
    use crate::span::Span;

    #[test]
    fn an_error_gives_its_parts() {
        let src = "a: 1\nactions:\n  - Alice cats Bolt\n";
        let at = src.find("cats").unwrap_or(0);
        let d = Diagnostic::new("unknown verb `cats`", Span::new(at, 4), "expected a verb")
            .with_help("did you mean `casts`?");
        let info = FileError::new("C:/dir/x.yaml", d.clone(), src).info();
        assert_eq!(info.file.as_deref(), Some("C:/dir/x.yaml"));
        assert_eq!((info.line, info.column), (Some(3), Some(11)));
        assert_eq!(info.message, "unknown verb `cats`");
        assert_eq!(info.label.as_deref(), Some("expected a verb"));
        assert_eq!(info.help.as_deref(), Some("did you mean `casts`?"));
        let whole = FileError::whole_file("a:b", "cannot read").info();
        assert_eq!((whole.file.as_deref(), whole.line, whole.label), (Some("a:b"), None, None));
        let bare = FileError::message("unknown card `X`").with_help("try `judge card --list`");
        assert_eq!(bare.to_string(), "error: unknown card `X`\n  = help: try `judge card --list`\n");
        assert_eq!((bare.info().file, bare.info().help.as_deref()), (None, Some("try `judge card --list`")));
        let cell = FileError::new("x.yaml", d, src).cell(60);
        assert_eq!(
            cell,
            "x.yaml:3:11\nunknown verb `cats`\n3 |   - Alice cats Bolt\n  |           ^^^^\nexpected a verb\nhelp: did you mean `casts`?"
        );
        // A long line is cut around the carets, which stay under their text.
        let long = format!("a: 1\nactions:\n  - Alice casts Lightning Bolt on {} Bears cats\n", "x".repeat(80));
        let at = long.find("cats").unwrap_or(0);
        let d = Diagnostic::new("unknown verb `cats`", Span::new(at, 4), "expected a verb");
        let cell = FileError::new("x.yaml", d, &long).cell(40);
        let lines: Vec<&str> = cell.lines().collect();
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{cell}");
        let caret = lines[3].find('^').unwrap_or(0);
        assert_eq!(&lines[2][caret..caret + 4], "cats", "{cell}");
    }

    #[test]
    fn a_cell_never_panics_and_keeps_carets_under_their_text() {
        let srcs = [
            "a: 1\nactions:\n  - Alice casts Éclair de Feu on Bob cats\n".to_owned(),
            format!("a: {}\n", "é".repeat(200)),
            "x".to_owned(),
        ];
        for src in &srcs {
            for (at, len) in [(0, 1), (src.len() / 2, 3), (src.len().saturating_sub(1), 1), (src.len(), 0)] {
                let at = crate::span::floor_char_boundary(src, at);
                let e = FileError::new("f", Diagnostic::new("m", Span::new(at, len), "label"), src);
                for width in 0..120 {
                    let cell = e.cell(width);
                    let lines: Vec<&str> = cell.lines().collect();
                    if let Some(i) = lines.iter().position(|l| l.trim_start().starts_with('|') && l.contains('^')) {
                        let caret = lines[i].chars().position(|c| c == '^').unwrap_or(0);
                        assert!(lines[i - 1].chars().count() >= caret, "{cell}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_trace_is_folded_only_on_a_terminal() {
        let text = "line 1: Alice casts Lightning Bolt on Grizzly Bears\n  Lightning Bolt resolves  [GRS 07/15/97, Spell and Ability Timing, Step 4: Resolution]\n";
        assert_eq!(Style::plain().fold_trace(text), text);
        let narrow = Style { colour: false, width: 40, fold: true };
        let folded = narrow.fold_trace(text);
        assert!(folded.lines().all(|l| l.chars().count() <= 40), "{folded}");
        // Continuations sit four columns past their line's own indent.
        let expected = "line 1: Alice casts Lightning Bolt on\n    Grizzly Bears\n  Lightning Bolt resolves  [GRS\n      07/15/97, Spell and Ability\n      Timing, Step 4: Resolution]\n";
        assert_eq!(folded, expected);
        let words = |t: &str| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
        assert_eq!(words(&folded), words(text));
        assert!(folded.ends_with('\n'));
    }

    #[test]
    fn colour_only_when_asked() {
        let on = Style { colour: true, width: 80, fold: false };
        let text = "x\n  [FAIL] a -- found: b\n  [ok  ] c\nILLEGAL line 2: d\n";
        assert!(on.paint_trace(text).contains("\x1b[31m[FAIL]\x1b[0m a"));
        assert!(on.paint_trace(text).contains("\x1b[33mILLEGAL\x1b[0m line 2"));
        assert_eq!(Style::plain().paint_trace(text), text);
        let narrow = Style { colour: false, width: 12, fold: false };
        assert_eq!(narrow.wrap("  5e: one two three four", 6), "  5e: one\n      two\n      three\n      four");
        assert!(!Style::plain().table().to_string().contains('\x1b'));
    }
}
