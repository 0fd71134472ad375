//! Every scenario under scenarios/ and rulings/: its expectations must hold, then its trace is
//! snapshotted. A snapshot never stands alone.

use judge::cli::{FileResult, load_library, run_file};
use judge::trace::render_text;

fn check_and_snapshot(path: &std::path::Path) {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("library: {e}"));
    match run_file(path, &lib) {
        FileResult::Ran(report) => {
            let text = render_text(&report);
            assert!(
                report.passed(),
                "expectations of {} do not hold:\n{text}",
                path.display()
            );
            insta::with_settings!({ description => report.scenario.clone(), omit_expression => true }, {
                insta::assert_snapshot!(text);
            });
        }
        FileResult::Error(d) => panic!("{} could not be run:\n{d}", path.display()),
    }
}

#[test]
fn scenarios() {
    insta::glob!("../scenarios", "**/*.yaml", check_and_snapshot);
}

#[test]
fn rulings() {
    insta::glob!("../rulings", "**/*.yaml", check_and_snapshot);
}
