//! Scenario files: the format of docs/scenario-format.md (version 1) read into a typed setup.

mod bind;
mod refs;
mod setup;
mod zones;

pub use setup::{Expect, ExpectKind, GoalError, Scenario, load_scenario, load_scenario_as, load_scenario_with_goals};

use crate::cards::RawCard;
use crate::yaml::{CountOrList, OrderedMap, RawText};
use serde::Deserialize;

/// A scenario file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    #[serde(default)]
    format: Option<RawText>,
    scenario: RawText,
    #[serde(default)]
    rules: Option<RawText>,
    #[serde(default)]
    source: Option<RawText>,
    #[serde(default)]
    question: Option<RawText>,
    #[serde(default)]
    costs: Option<RawText>,
    turn: RawText,
    #[serde(default)]
    phase: Option<RawText>,
    #[serde(default)]
    step: Option<RawText>,
    #[serde(default)]
    attacked: Option<RawText>,
    #[serde(default)]
    first_turn: Option<RawText>,
    #[serde(default)]
    stop: Option<RawText>,
    players: OrderedMap<RawPlayer>,
    #[serde(default)]
    cards: Vec<RawCard>,
    #[serde(default)]
    actions: Vec<RawText>,
    #[serde(default)]
    expect: Vec<RawText>,
}

/// One player's part of a scenario.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawPlayer {
    #[serde(default)]
    life: Option<RawText>,
    #[serde(default)]
    land_played: Option<RawText>,
    #[serde(default)]
    in_play: Vec<RawText>,
    #[serde(default)]
    hand: Vec<RawText>,
    #[serde(default)]
    graveyard: Vec<RawText>,
    #[serde(default)]
    library: Option<CountOrList>,
    #[serde(default)]
    mana_pool: Option<RawText>,
}
