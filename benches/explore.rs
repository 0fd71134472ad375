//! `judge explore`'s speed in positions searched per second, on two boards: a Lightning Bolt
//! answered with Healing Salve or Giant Growth (with a second Bolt and Giant Growth in hand),
//! and an attack with two creatures against two blockers and a Giant Growth.

use criterion::{Criterion, criterion_group, criterion_main};
use judge::cards::Library;
use judge::explore::{Limits, explore};
use judge::scenario::load_scenario_with_goals;
use std::hint::black_box;
use std::time::{Duration, Instant};

const BOLT: &str = "format: 1
scenario: bench, Bolt against Healing Salve and Giant Growth
turn: Bob
players:
  Alice:
    in_play: [Forest, Forest, Plains, Pearled Unicorn]
    hand: [Giant Growth, Giant Growth, Healing Salve]
  Bob:
    in_play: [Mountain, Mountain]
    hand: [Lightning Bolt, Lightning Bolt]
actions:
  - Bob casts Lightning Bolt#1 on Pearled Unicorn
";

const COMBAT: &str = "format: 1
scenario: bench, an attack against two blockers and a Giant Growth
turn: Bob
players:
  Alice:
    in_play: [Forest, Hill Giant, Grizzly Bears]
    hand: [Giant Growth]
  Bob:
    in_play: [Mountain, War Mammoth, Grizzly Bears]
    hand: [Lightning Bolt]
actions:
  - Bob attacks with War Mammoth, Grizzly Bears#2
";

fn search(src: &str, goal: &str, depth: u32, lib: &Library) -> u64 {
    let sc = load_scenario_with_goals(src, lib, &[goal.to_owned()]).unwrap_or_else(|e| panic!("{e:?}"));
    let limits = Limits { depth, positions: 10_000_000, time: Duration::from_secs(600) };
    explore(&sc, "Alice", limits, &mut |_, _| {}).map_or(0, |r| r.positions)
}

fn benches(c: &mut Criterion) {
    let lib = Library::builtin().unwrap_or_else(|e| panic!("{e}"));
    let boards = [
        ("explore bolt, salve, giant growth (depth 2)", BOLT, "Pearled Unicorn is in play", 2),
        ("explore combat (depth 2)", COMBAT, "Alice life 20", 2),
    ];
    for (name, src, goal, depth) in boards {
        // The figure the README reports: positions per second over 20 searches.
        let t = Instant::now();
        let n: u64 = (0..20).map(|_| search(src, goal, depth, &lib)).sum();
        let secs = t.elapsed().as_secs_f64();
        #[allow(clippy::cast_precision_loss)]
        let rate = n as f64 / secs;
        eprintln!("{name}: {} positions a search, {rate:.0} positions/s", n / 20);
        c.bench_function(name, |b| b.iter(|| black_box(search(src, goal, depth, &lib))));
    }
}

criterion_group! {
    name = explore_bench;
    config = Criterion::default().sample_size(10);
    targets = benches
}
criterion_main!(explore_bench);
