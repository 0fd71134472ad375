//! Malformed inputs: each must be exit 2 with a diagnostic naming file:line:col; the diagnostic
//! is snapshotted.

use judge::cli::{FileResult, load_library, run_file};

#[test]
fn malformed_inputs() {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("library: {e}"));
    insta::glob!("fixtures/errors", "*.yaml", |path| {
        let result = run_file(path, &lib);
        assert_eq!(result.code(), 2, "{} should be exit 2", path.display());
        let FileResult::Error(e) = result else { panic!("{} ran", path.display()) };
        assert!(e.place.is_some(), "no line and column in\n{e}");
        assert_eq!(e.file, Some(path.display().to_string()), "{e}");
        let d = e.to_string();
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        assert!(d.contains(&format!("{name}:")), "no file:line:col in\n{d}");
        // Paths differ between machines: keep the file name only.
        let d = d.replace(&path.display().to_string(), &format!("tests/fixtures/errors/{name}"));
        insta::with_settings!({ omit_expression => true }, {
            insta::assert_snapshot!(d);
        });
    });
}
