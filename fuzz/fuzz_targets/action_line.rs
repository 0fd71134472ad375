//! One action line and one expectation against the built-in card names: a parse or an error.
#![no_main]

use judge::grammar::{Lexicon, NameKind};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static LEX: OnceLock<Lexicon> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else { return };
    let lex = LEX.get_or_init(|| {
        let lib = judge::cards::Library::builtin().unwrap_or_else(|e| panic!("{e}"));
        let mut lex = Lexicon::with_cards(lib);
        lex.add("Alice", NameKind::Player);
        lex.add("Bob", NameKind::Player);
        lex
    });
    let _ = judge::grammar::action::parse_action(line, lex);
    let _ = judge::grammar::expect::parse_expectation(line, lex);
    let _ = judge::grammar::ability::parse_ability(line);
});
