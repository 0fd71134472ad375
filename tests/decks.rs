//! Decklists under tests/fixtures/decks: each states its format, date, expected verdict and the
//! exact rules it breaks in `#` header lines; the check must agree before its report is
//! snapshotted. Files under errors/ must be unreadable (exit 2) with file:line:col.

use judge::deck::date::Date;
use judge::deck::legality::Event;
use judge::deck::{check_source, render};
use std::path::Path;

/// The header lines of a fixture: `# key: value`.
fn header<'a>(src: &'a str, key: &str) -> Option<&'a str> {
    src.lines()
        .filter_map(|l| l.strip_prefix('#'))
        .find_map(|l| l.trim().strip_prefix(key).and_then(|r| r.strip_prefix(':')).map(str::trim))
}

fn display_name(path: &Path) -> String {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let dir = path.parent().and_then(|p| p.file_name()).map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if dir == "errors" { format!("decks/errors/{name}") } else { format!("decks/{name}") }
}

#[test]
fn decklists() {
    insta::glob!("fixtures/decks", "*.txt", |path| {
        let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
        let name = display_name(path);
        let format = header(&src, "format").unwrap_or_else(|| panic!("{name}: no `# format:`"));
        let date = header(&src, "date").map_or(Date::SUMMARY, |d| Date::parse(d).unwrap_or_else(|e| panic!("{e}")));
        let event = Event { ante: header(&src, "ante") == Some("yes") };
        let expect = header(&src, "expect").unwrap_or_else(|| panic!("{name}: no `# expect:`"));
        let v = check_source(&src, format, date, event).unwrap_or_else(|e| panic!("{}", e.render(&name, &src)));
        let report = render::text(&name, &src, &v);
        match expect {
            "legal" => assert!(v.legal(), "{name} should be legal:\n{report}"),
            "illegal" => {
                let mut want: Vec<&str> = header(&src, "problems")
                    .unwrap_or_else(|| panic!("{name}: an illegal deck names its `# problems:`"))
                    .split(',')
                    .map(str::trim)
                    .collect();
                let mut got: Vec<&str> = v.problems.iter().map(|p| p.rule).collect();
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "{name}: the rules broken differ:\n{report}");
                assert!(
                    v.problems.iter().all(|p| p.cite.starts_with("002 L")),
                    "{name}: a problem without its line:\n{report}"
                );
            }
            other => panic!("{name}: `# expect: {other}`: expected legal or illegal"),
        }
        insta::with_settings!({ omit_expression => true }, {
            insta::assert_snapshot!(report);
        });
    });
}

#[test]
fn unreadable_decklists() {
    insta::glob!("fixtures/decks/errors", "*.txt", |path| {
        let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{e}"));
        let name = display_name(path);
        let Err(e) = check_source(&src, "type2", Date::SUMMARY, Event::default()) else {
            panic!("{name} should not be readable");
        };
        let text = e.render(&name, &src);
        assert!(text.contains(&format!("{name}:")), "no file:line:col in\n{text}");
        assert!(text.contains('^'), "nothing underlined in\n{text}");
        insta::with_settings!({ omit_expression => true }, {
            insta::assert_snapshot!(text);
        });
    });
}

#[test]
fn json_report_carries_each_problem_with_its_line() {
    let src = "# x\n61 Forest\n5 Incinerate\n";
    let v = check_source(src, "type2", Date::SUMMARY, Event::default())
        .unwrap_or_else(|e| panic!("{}", e.render("x", src)));
    let doc: serde_json::Value =
        serde_json::from_str(&render::json("x.txt", src, &v)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(doc["legal"], false);
    assert_eq!(doc["deck"], 66);
    assert_eq!(doc["problems"][0]["rule"], "four-of");
    assert_eq!(doc["problems"][0]["line"], 3);
    assert_eq!(doc["problems"][0]["cite"], "002 L4138-4141");
}

#[test]
fn every_list_entry_names_a_card_and_its_line() {
    let t = judge::deck::table::Table::get().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.lists.len(), 30 + 15 + 3 + 46 + 27 + 4 + 1 + 3 + 3);
    for l in &t.lists {
        assert!(judge::deck::formats::find(&l.format).is_some(), "{}", l.format);
        assert!(l.cite.starts_with("002 L"), "{}", l.cite);
    }
}

#[test]
fn extended_bans_every_card_never_reprinted_after_the_old_sets() {
    // 002 L4218-4220 gives the rule; L4232-4295 a "(hopefully) complete" list of 271 names.
    // The rule over the card data gives those (with the list's misspellings read as the cards
    // they name) and three Legends cards the list leaves out.
    let t = judge::deck::table::Table::get().unwrap_or_else(|e| panic!("{e}"));
    let old = ["LA", "LB", "UL", "CE", "IE", "AN", "AQ", "LG"];
    let never: Vec<&str> = t
        .cards
        .iter()
        .filter(|c| c.sets.iter().all(|&s| old.contains(&t.sets[s].code.as_str())))
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(never.len(), 271 + 3);
    for name in
        ["Darkness", "Raging Bull", "Silhouette", "Juzám Djinn", "Moat", "Mox Pearl", "The Tabernacle at Pendrell Vale"]
    {
        assert!(never.contains(&name), "{name}");
    }
    // Each is a problem in an Extended deck.
    let src: String = never.iter().map(|n| format!("1 {n}\n")).collect();
    let v = check_source(&src, "extended", Date::SUMMARY, Event::default())
        .unwrap_or_else(|e| panic!("{}", e.render("x", &src)));
    let banned = v.problems.iter().filter(|p| p.rule == "banned").count();
    assert_eq!(banned, never.len());
}
