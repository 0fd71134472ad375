//! A seeded mutation test over the whole corpus (stable Rust, no fuzzing engine): every file of
//! scenarios/ and rulings/ is changed a few ways (lines deleted, duplicated or swapped, numbers
//! made huge, words swapped for names and keywords, bytes inserted) and each result must end in
//! a trace or a positioned error, never a panic. The seed is fixed, so a failure reproduces;
//! `JUDGE_MUTATIONS=N` runs N mutations a file instead of the default few (longer campaigns
//! use the cargo-fuzz targets under fuzz/).

use judge::cli::{FileResult, load_library, run_source};
use judge::trace::render_text;
use std::path::{Path, PathBuf};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next() % u64::try_from(n.max(1)).unwrap_or(1)).unwrap_or(0)
    }
}

const WORDS: &[&str] = &[
    "4294967295",
    "-1",
    "0",
    "99999999999999999999",
    "X=4294967295",
    "Grizzly Bears",
    "Alice",
    "Bob's",
    "#0",
    "#65536",
    "(tapped)",
    "(attacking)",
    "(blocking Grizzly Bears)",
    "(4294967295 -1/-1 counters)",
    "(enchanting Alice)",
    "resolve",
    "go to next turn",
    "go to damage",
    "casts",
    "activates",
    "blocks",
    "on",
    "with",
    ": ",
    "- ",
    "[",
    "{",
    "\"",
    "'",
    "&a",
    "*a",
    "---",
    "\t",
    "é",
    "",
];

fn mutate(src: &str, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = src.lines().map(str::to_owned).collect();
    if lines.is_empty() {
        return String::new();
    }
    let i = rng.below(lines.len());
    match rng.below(6) {
        0 => {
            lines.remove(i);
        }
        1 => {
            let l = lines[i].clone();
            lines.insert(i, l);
        }
        2 => {
            let j = rng.below(lines.len());
            lines.swap(i, j);
        }
        3 => {
            // Replace one word of the line.
            let words: Vec<&str> = lines[i].split(' ').collect();
            let k = rng.below(words.len());
            let w = WORDS[rng.below(WORDS.len())];
            let new: Vec<&str> = words.iter().enumerate().map(|(n, x)| if n == k { w } else { *x }).collect();
            lines[i] = new.join(" ");
        }
        4 => {
            // Insert a word at a character boundary.
            let l = &lines[i];
            let cut = l.char_indices().map(|(n, _)| n).nth(rng.below(l.chars().count() + 1)).unwrap_or(l.len());
            lines[i] = format!("{}{}{}", &l[..cut], WORDS[rng.below(WORDS.len())], &l[cut..]);
        }
        _ => {
            // Cut the line short.
            let l = &lines[i];
            let cut = l.char_indices().map(|(n, _)| n).nth(rng.below(l.chars().count() + 1)).unwrap_or(l.len());
            lines[i] = l[..cut].to_owned();
        }
    }
    lines.join("\n") + "\n"
}

fn corpus() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else { return };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "yaml") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(Path::new("scenarios"), &mut out);
    walk(Path::new("rulings"), &mut out);
    out.sort();
    out
}

#[test]
fn mutated_corpus_files_end_in_a_trace_or_a_positioned_error() {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("{e}"));
    let per_file: usize = std::env::var("JUDGE_MUTATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let files = corpus();
    assert!(files.len() > 100, "the corpus is read from the crate's folder");
    let mut unpositioned = Vec::new();
    for path in &files {
        let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
        for _ in 0..per_file {
            // One to three mutations stacked.
            let mut m = src.clone();
            for _ in 0..=rng.below(3) {
                m = mutate(&m, &mut rng);
            }
            match run_source("mut.yaml", &m, &lib) {
                FileResult::Ran(r) => assert!(render_text(&r).starts_with("scenario: "), "{m}"),
                FileResult::Error(e) => {
                    assert_eq!(e.file.as_deref(), Some("mut.yaml"), "{}:\n{m}\n{e}", path.display());
                    if e.place.is_none() {
                        unpositioned.push(format!("{}\n{e}", path.display()));
                    }
                }
            }
        }
    }
    assert!(unpositioned.is_empty(), "errors without a position:\n{}", unpositioned.join("\n"));
}
