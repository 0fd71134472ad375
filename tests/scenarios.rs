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

/// A snapshot whose scenario is gone would never be checked again: none may be left.
#[test]
fn no_orphan_snapshots() {
    let dir = Path::new(ROOT).join("tests/snapshots");
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{e}")) {
        let name = entry.unwrap_or_else(|e| panic!("{e}")).file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".snap") else { continue };
        let Some((test, file)) = stem.split_once('@') else { continue };
        let folder = match test {
            "scenarios__scenarios" => "scenarios",
            "scenarios__rulings" => "rulings",
            "errors__malformed_inputs" => "tests/fixtures/errors",
            _ => continue,
        };
        // insta names a globbed snapshot by the path below the files' common folder.
        let rel = file.replace("__", "/");
        let found = yaml_files(&Path::new(ROOT).join(folder)).iter().any(|f| f.ends_with(&rel));
        assert!(found, "snapshot {name} has no scenario `{rel}` under {folder}/");
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
