//! A `--cards` file: read whole, and indexed card by card as the built-in library is; both
//! must give an error or a library, never a panic; and the fast card reader must read each
//! entry as the YAML library does whenever it reads it.
#![no_main]

use judge::cards::{Library, read_card_file};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else { return };
    if let Ok(cards) = read_card_file(src) {
        let mut lib = Library::default();
        let _ = lib.add_source(&cards, "fuzz.yaml", src);
    }
    if let Some(pieces) = judge::cards::split::split_cards(src) {
        for p in pieces {
            if let Err(m) = judge::cards::fast_reader_agrees(&src[p.start..p.end]) {
                panic!("{m}");
            }
        }
    }
    if let Ok(lib) = Library::indexed(vec![("fuzz.yaml".to_owned(), src.to_owned())]) {
        for id in lib.ids() {
            let _ = lib.check(id);
            let _ = lib.get(id);
        }
    }
});
