//! Every scenario under scenarios/ and rulings/: its expectations must hold, then its trace is
//! snapshotted. A snapshot never stands alone.

use judge::cli::{FileResult, load_library, run_file};
use judge::trace::render_text;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs a scenario, asserts that its expectations hold, and returns its trace.
fn checked_trace(path: &Path) -> (String, String) {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("library: {e}"));
    match run_file(path, &lib) {
        FileResult::Ran(report) => {
            let text = render_text(&report);
            assert!(report.passed(), "expectations of {} do not hold:\n{text}", path.display());
            (report.scenario.clone(), text)
        }
        FileResult::Error(d) => panic!("{} could not be run:\n{d}", path.display()),
    }
}

#[test]
fn scenarios() {
    insta::glob!("../scenarios", "**/*.yaml", |path| {
        let (title, text) = checked_trace(path);
        insta::with_settings!({ description => title, omit_expression => true }, {
            insta::assert_snapshot!(text);
        });
    });
}

#[test]
fn rulings() {
    insta::glob!("../rulings", "**/*.yaml", |path| {
        let (title, text) = checked_trace(path);
        insta::with_settings!({ description => title, omit_expression => true }, {
            insta::assert_snapshot!(text);
        });
    });
}

/// A snapshot whose scenario is gone would never be checked again: none may be left. Nor may a
/// file there have a name some systems cannot check out, or be empty. insta
/// names a globbed snapshot by the file's path below the common folder of all matched files.
#[test]
fn no_orphan_snapshots() {
    let dir = Path::new(ROOT).join("tests/snapshots");
    let expected = |folder: &str| -> Vec<String> {
        let base = Path::new(ROOT).join(folder);
        let rel: Vec<Vec<String>> = yaml_files(&base)
            .iter()
            .filter_map(|f| f.strip_prefix(&base).ok())
            .map(|r| r.iter().map(|c| c.to_string_lossy().into_owned()).collect())
            .collect();
        // The common leading folders of every file (never the file name itself).
        let mut common = rel.first().map_or(0, |f| f.len().saturating_sub(1));
        for f in &rel {
            common = common.min(f.len().saturating_sub(1));
            while common > 0 && rel[0][..common] != f[..common] {
                common -= 1;
            }
        }
        rel.iter().map(|f| f[common..].join("__")).collect()
    };
    let known = [
        ("scenarios__scenarios", expected("scenarios")),
        ("scenarios__rulings", expected("rulings")),
        ("errors__malformed_inputs", expected("tests/fixtures/errors")),
    ];
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{e}")) {
        let entry = entry.unwrap_or_else(|e| panic!("{e}"));
        let name = entry.file_name().to_string_lossy().into_owned();
        // A name some systems cannot check out, or an empty file, is a slip (a shell glob
        // written as a file), never a snapshot.
        assert!(!name.contains(['*', '?', '<', '>', '|', ':', '"', '\\']), "{name}: not a portable file name");
        let empty = entry.metadata().is_ok_and(|m| m.len() == 0);
        assert!(!empty, "{name} is empty");
        let Some(stem) = name.strip_suffix(".snap") else { continue };
        let Some((test, file)) = stem.split_once('@') else { continue };
        let Some((_, files)) = known.iter().find(|(t, _)| *t == test) else { continue };
        assert!(files.iter().any(|f| f == file), "snapshot {name} has no scenario");
    }
}

fn yaml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let p = entry.path();
        if p.is_dir() {
            out.extend(yaml_files(&p));
        } else if p.extension().is_some_and(|e| e == "yaml") {
            out.push(p);
        }
    }
    out
}
