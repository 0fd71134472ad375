//! A whole scenario file: it must end in a trace or a positioned error, never a panic, and the
//! same input must give the same output.
#![no_main]

use judge::cli::{FileResult, load_library, run_source};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static LIB: OnceLock<judge::cards::Library> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    let lib = LIB.get_or_init(|| load_library(&[]).unwrap_or_else(|e| panic!("{e}")));
    let render = |r: FileResult| match r {
        FileResult::Ran(rep) => judge::trace::render_text(&rep),
        FileResult::Error(d) => {
            assert!(d.starts_with("error: "), "{d}");
            d
        }
    };
    let first = render(run_source("fuzz.yaml", src, lib));
    let again = render(run_source("fuzz.yaml", src, lib));
    assert_eq!(first, again, "nondeterministic output");
});
