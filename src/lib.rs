//! `judge`: a tournament judge and rulings oracle for classic Magic: The Gathering.
//!
//! The pipeline, data flowing one way:
//! 1. [`scenario`] reads a YAML scenario (with the position of every value),
//! 2. [`grammar`] parses its little languages (mana, entries, actions, expectations, abilities),
//! 3. [`cards`] holds card definitions as data, their abilities parsed by the grammar,
//! 4. [`engine`] resolves the actions under an [`edition`]'s policies and emits [`trace`] events,
//! 5. [`trace`] renders those events as text or JSON, and [`cli`] is the only place that prints.

pub mod cards;
pub mod check;
pub mod citation;
pub mod cli;
pub mod coverage;
pub mod deck;
pub mod diagnostic;
pub mod diff;
pub mod edition;
pub mod engine;
pub mod explore;
pub mod grammar;
pub mod output;
pub mod scenario;
pub mod schema;
pub mod span;
pub mod trace;
pub mod yaml;
