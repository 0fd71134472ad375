//! Speed of the pieces a search over legal responses will lean on: cloning a game state,
//! loading a scenario, and running one to its end, under each edition (`judge diff` runs a
//! file three times); and the start-up cost as the card library grows: loading a one-line
//! scenario must cost the same with the built-in library and with 1,000 cards more (cards are
//! parsed only when a scenario names them, and looked up in a map).

use criterion::{Criterion, criterion_group, criterion_main};
use judge::cards::{BUILTIN, Library};
use judge::edition::Edition;
use judge::scenario::{load_scenario, load_scenario_as};
use std::hint::black_box;

const SCENARIO: &str = include_str!("../scenarios/damage-prevention/healer-and-salve-in-one-step.yaml");

fn benches(c: &mut Criterion) {
    let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    let sc = load_scenario(SCENARIO, &lib).unwrap_or_else(|d| panic!("{}", d.render("bench", SCENARIO)));
    c.bench_function("game state clone", |b| b.iter(|| black_box(sc.setup.game.clone())));
    c.bench_function("load scenario", |b| b.iter(|| black_box(load_scenario(black_box(SCENARIO), &lib).is_ok())));
    c.bench_function("run scenario", |b| b.iter(|| black_box(judge::engine::run(black_box(&sc.setup)).events.len())));
    for e in [Edition::Fourth, Edition::Alpha] {
        let sc =
            load_scenario_as(SCENARIO, &lib, Some(e)).unwrap_or_else(|d| panic!("{}", d.render("bench", SCENARIO)));
        c.bench_function(&format!("run scenario under {}", e.name()), |b| {
            b.iter(|| black_box(judge::engine::run(black_box(&sc.setup)).events.len()));
        });
    }
}

const ONE_LINE: &str = "scenario: one line\nturn: Alice\nplayers:\n  Alice: {in_play: [Grizzly Bears, Synthetic Card 999]}\n  Bob: {hand: [Lightning Bolt]}\n";

/// The built-in card files and a synthetic file of `n` creatures with an activated ability.
fn synthetic(n: usize) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = BUILTIN.iter().map(|(f, s)| ((*f).to_owned(), (*s).to_owned())).collect();
    let mut big = String::from("# synthetic cards for the start-up bench\n");
    for i in 0..n {
        big.push_str(&format!(
            "- name: Synthetic Card {i}\n  cost: 2R\n  type: Summon Test\n  pt: 1/1\n  abilities: [\"T: deal 1 damage to target creature or player\"]\n"
        ));
    }
    files.push(("synthetic.yaml".to_owned(), big));
    files
}

fn startup(c: &mut Criterion) {
    let small = Library::indexed(synthetic(1)).unwrap_or_else(|e| panic!("{e}"));
    let big = Library::indexed(synthetic(1000)).unwrap_or_else(|e| panic!("{e}"));
    for (label, lib) in [("1 synthetic card", &small), ("1,000 synthetic cards", &big)] {
        let one = if lib.find("Synthetic Card 999").is_some() {
            ONE_LINE.to_owned()
        } else {
            ONE_LINE.replace("Synthetic Card 999", "Synthetic Card 0")
        };
        c.bench_function(&format!("load a one-line scenario, library + {label}"), |b| {
            b.iter(|| black_box(load_scenario(black_box(&one), lib).is_ok()));
        });
    }
    // What `judge run` pays for the library: a fresh one (nothing parsed yet) each time.
    c.bench_function("fresh built-in library and a one-line scenario", |b| {
        let one = ONE_LINE.replace("Synthetic Card 999", "Llanowar Elves");
        b.iter(|| {
            let fresh = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
            black_box(load_scenario(black_box(&one), &fresh).is_ok())
        });
    });
    c.bench_function("index a 1,000-card file at run time", |b| {
        b.iter(|| black_box(Library::indexed(black_box(synthetic(1000))).is_ok()));
    });
}

criterion_group!(engine, benches, startup);
criterion_main!(engine);
