//! Speed of the pieces a search over legal responses will lean on: cloning a game state,
//! loading a scenario, and running one to its end, under each edition (`judge diff` runs a
//! file three times).

use criterion::{Criterion, criterion_group, criterion_main};
use judge::cards::Library;
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

criterion_group!(engine, benches);
criterion_main!(engine);
