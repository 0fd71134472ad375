//! The card table of the era is embedded in the binary but parsed only by the deck commands:
//! playing a scenario must not load it. (Its own test binary, so no other test has loaded it.)

use judge::cli::{load_library, run_file};
use judge::deck::table::Table;

#[test]
fn running_a_scenario_does_not_load_the_card_table() {
    let lib = load_library(&[]).unwrap_or_else(|e| panic!("{e}"));
    let path = std::path::Path::new("scenarios/fizzles/giant-growth-answered-by-bolt.yaml");
    assert_eq!(run_file(path, &lib).code(), 0);
    assert!(!Table::loaded(), "judge run parsed the deck table");
    // And the deck commands do load it.
    assert!(Table::get().is_ok());
    assert!(Table::loaded());
}
