//! Events the engine emits, each with the rule it applies. Renderers turn them into text or JSON.

mod json;
mod text;

pub use json::render_json;
pub(crate) use text::sentence;
pub use text::{and_list, count, render_board, render_text};

use serde::Serialize;

pub use crate::citation::{Doc, Rule};

/// One thing that happened.
/// The most entries an [`EventKind::EntersBatch`] lists.
pub const BATCH_SHOWN: usize = 6;

#[allow(clippy::trivially_copy_pass_by_ref)] // serde's skip_serializing_if passes a reference
fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    /// Where play starts.
    Start { player: String, phase: String, step: Option<String> },
    /// A card was redefined by a later source.
    Redefined { card: String, before: String, now: String },
    /// An action line is taken.
    Line { number: usize, text: String },
    /// A phase begins.
    PhaseBegins { phase: String, player: String },
    /// A phase ends.
    PhaseEnds { phase: String, checks: bool },
    /// m13: a step or phase of the turn begins (`part` names it: "upkeep step").
    PartBegins { part: String, player: String },
    /// m13: a step or phase ends (no mana burn, no life check).
    StepEnds { phase: String },
    /// m13: unused mana leaves a pool, with no loss of life.
    PoolEmpties { player: String, mana: String },
    /// m13: a spell or ability goes on top of the stack (`below`: what is under it, top first);
    /// its controller keeps priority.
    OnStack { spell: String, below: Vec<String>, keeps: String },
    /// m13: a triggered ability goes on the stack (`below`: what is under it, top first).
    TriggerOnStack { spell: String, below: Vec<String> },
    /// m13: both players passed in a row; the top object resolves (`left`: the rest, top first).
    TopResolves { spell: String, left: Vec<String> },
    /// m13: a creature with toughness 0 or less is put into its owner's graveyard.
    ToughnessZero { card: String },
    /// m13: a regeneration shield replaces a destruction.
    ShieldRegenerates { card: String },
    /// A land is played.
    LandPlayed { player: String, card: String },
    /// Mana goes to a pool.
    ManaAdded { player: String, source: String, mana: String, auto: bool },
    /// A spell or ability is announced and its costs paid.
    Announced {
        id: usize,
        player: String,
        verb: String,
        spell: String,
        targets: Vec<String>,
        cost: String,
        x: Option<u32>,
        mode: Option<String>,
    },
    /// A spell or ability enters its interrupt window.
    WindowOpens { spell: String, ability: bool, first: String },
    /// A window closes because the next line is not an interrupt.
    WindowCloses { spell: String, why: String },
    /// A player passes.
    Passes { player: String, implied: bool },
    /// A batch of interrupts begins to resolve.
    InterruptsResolve { spell: String, order: Vec<String> },
    /// A spell is successfully cast and enters a batch. `batch` lists the newest entries, oldest
    /// first, at most [`BATCH_SHOWN`] of them; `earlier` counts the ones before those, so that
    /// a long batch costs one line each, not the whole batch each.
    EntersBatch {
        spell: String,
        ability: bool,
        against: Option<String>,
        batch: Vec<String>,
        #[serde(skip_serializing_if = "is_zero")]
        earlier: usize,
        first: String,
    },
    /// An interrupt resolves as soon as it is successfully cast (4e).
    ResolvesAtOnce { spell: String },
    /// A successfully cast interrupt waits for one cast before it against the same spell,
    /// still being cast, to take effect first (4e first in first out; Alpha caster first).
    InterruptWaits { spell: String, first: String, target: String },
    /// An interrupt that waited its turn takes effect now.
    WaitedResolves { spell: String, after: String },
    /// A mana source resolves at once.
    ManaSourceResolves { spell: String },
    /// A batch begins to resolve.
    BatchResolves { order: Vec<String> },
    /// A spell or ability resolves.
    Resolves { spell: String },
    /// A spell or ability fizzles.
    Fizzles { spell: String, reason: String },
    /// Some targets were illegal.
    PartlyFizzles { spell: String, illegal: Vec<String> },
    /// A spell is countered.
    Countered { spell: String, by: String },
    /// Priority returns to the state before a countered spell.
    PriorityRestored { first: String, passed: bool },
    /// A card changes zone.
    Moved { card: String, from: String, to: String },
    /// A permanent spell enters play.
    EntersPlay { card: String, controller: String },
    /// A local enchantment is moved onto another permanent.
    EnchantmentMoved { card: String, from: String, to: String },
    /// Damage is assigned as a packet.
    DamageAssigned { source: String, to: String, amount: u32 },
    /// A damage prevention step begins.
    PreventionStep {
        number: u32,
        packets: Vec<String>,
        /// What is on its way to the graveyard in the step (4e), with why.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        on_its_way: Vec<String>,
    },
    /// The main part of a damage prevention step is over; damage is dealt next.
    PreventionStepEnds { number: u32 },
    /// A specialized ability resolves at once, outside any batch.
    Specialized { spell: String },
    /// An event was modified: a new series of specialized abilities begins.
    SeriesRestarts { first: String },
    /// A choice made on announcement (a source for a prevention, say).
    Chooses { spell: String, choice: String },
    /// The active player declares the intention to attack (5e step 0). `cancels`: whether a
    /// response to the declaration would cancel the attack under these rules (not that one
    /// did: [`EventKind::AttackCancelled`] says that); `response_cancels` in JSON.
    AttackIntention {
        player: String,
        #[serde(rename = "response_cancels")]
        cancels: bool,
    },
    /// A response to the intention cancels the attack.
    AttackCancelled { by: String },
    /// A step of the attack begins.
    StepBegins { step: String },
    /// A creature is declared as an attacker.
    Attacks { card: String, tapped: bool },
    /// A creature is declared as a blocker.
    Blocks { blocker: String, attacker: String },
    /// The defender declares no (more) blockers.
    NoBlockers { player: String, more: bool },
    /// An attacker is not blocked.
    Unblocked { card: String },
    /// A creature leaves the combat.
    RemovedFromCombat { card: String, why: String },
    /// Damage moves from one recipient to another (trample, in Sub-Step B).
    Redirected { source: String, from: String, to: String, amount: u32, why: String },
    /// The attack is over; the main phase goes on.
    CombatEnds,
    /// A continuous or lasting change (a counter, an effect for the turn).
    Lasting { what: String },
    /// A triggered ability triggers.
    Triggers { card: String, trigger: String },
    /// A card is discarded.
    Discards { player: String, card: String },
    /// A permanent is sacrificed, as a cost or by an effect (`why` says which).
    Sacrifices { player: String, card: String, why: String },
    /// How the rules read a line: a card played as another kind than printed.
    PlayedAs { card: String, kind: String, why: String },
    /// Attackers declared as one band.
    Band { members: Vec<String> },
    /// A blocker blocks every member of a band (mutual assistance).
    BlocksBand { blocker: String, members: Vec<String> },
    /// Who divides an attacker's damage among its blockers, when banding decides it.
    Divides { player: String, attacker: String, among: String, why: String },
    /// A player puts their abilities that triggered together in order, by source card.
    Orders { player: String, cards: Vec<String> },
    /// A player answers an "unless ... pays"; `cost`: the exact symbols, when the payment is a
    /// casting cost with coloured mana in it (Flash), else the amount alone is asked.
    Pays {
        player: String,
        amount: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        cost: Option<String>,
        by: String,
        paid: bool,
    },
    /// The life check at the end of a phase finds nobody below 1 life.
    LifeCheck,
    /// Damage is prevented; `gone`: all of its packet was, so the packet ceases to exist (002
    /// L2091; never set where the rules have no damage prevention step, and so no packets).
    Prevented { source: String, to: String, amount: u32, by: String, gone: bool },
    /// The damage prevention step ends: damage is successfully dealt.
    DamageDealt { source: String, to: String, amount: u32 },
    /// A life total changes.
    Life { player: String, from: i32, to: i32 },
    /// A creature is being destroyed (regeneration may be used now).
    BeingDestroyed { card: String, cause: String, creature: bool },
    /// A permanent is on its way to the graveyard, for the damage prevention step (4e).
    OnItsWay { card: String, cause: String },
    /// Alpha: the caster of a later spell places it before or after another in its batch.
    Places { player: String, spell: String, before: bool, other: String },
    /// Alpha: a batch takes effect together, in this order where order matters.
    BatchTakesEffect { order: Vec<String> },
    /// A creature on its way to the graveyard regenerates (4e).
    RegeneratedOnItsWay { card: String },
    /// A creature regenerates.
    Regenerated { card: String },
    /// A permanent is buried.
    Buried { card: String, creature: bool },
    /// A permanent is put into the graveyard.
    Dies { card: String },
    /// Power and toughness change until end of turn.
    Pumped { card: String, power: i32, toughness: i32, now: String },
    /// A keyword is granted until end of turn.
    Granted { card: String, keyword: String },
    /// A permanent becomes a creature until end of turn.
    Animated { card: String, now: String },
    /// A permanent becomes a creature until the end of combat (Jade Statue).
    AnimatedForCombat { card: String, now: String },
    /// The effects lasting until the end of combat end (002 Step 7).
    CombatEffectsEnd { cards: Vec<String> },
    /// A spell's or permanent's colour is set (a Lace).
    ColorSet { card: String, color: String, spell: bool },
    /// A word of a card's text is replaced (empty `old`: its text holds no word of the kind).
    TextChanged { card: String, old: String, new: String },
    /// A keyword is taken away until end of turn.
    Lost { card: String, keyword: String },
    /// The base power and toughness are set until end of turn (the other effects stay).
    BaseSet { card: String, power: i32, toughness: i32, now: String },
    /// A permanent is tapped or untapped by an effect.
    Tapped { card: String, tapped: bool, already: bool },
    /// A card returns to a hand.
    Bounced { card: String, owner: String },
    /// A regeneration resolves with no creature dying.
    Fails { spell: String, reason: String },
    /// Mana burn.
    ManaBurn {
        player: String,
        amount: u32,
        /// Burn is damage (before 5e), not loss of life.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        damage: bool,
    },
    /// Damage and until-end-of-turn effects wear off.
    WearsOff { what: String },
    /// A card is drawn.
    Draws { player: String },
    /// Permanents untap.
    Untaps { player: String },
    /// A player loses.
    Loses { player: String, reason: String },
    /// Lines not taken because the game ended.
    NotPlayed { number: usize, text: String },
    /// Play goes on with nobody acting.
    PlayOut { what: String },
    /// The run stopped at an illegal line.
    Illegal { number: usize, text: String, reason: String, hint: Option<String> },
}

/// An event with its rule and nesting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
    /// The rule applied.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<Rule>,
    /// Nesting depth, for indentation (inside a resolution, a damage prevention step...).
    pub depth: u8,
}

/// The final state, for the answer at the end of a trace.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Where the run stopped (phase and turn).
    pub moment: String,
    /// Each player, in file order.
    pub players: Vec<PlayerBoard>,
    /// The zones are named as 001 names them (the battlefield, exile, the stack), for rules
    /// with a stack (001 L242-256).
    #[serde(skip)]
    pub modern_zones: bool,
}

/// One player's final state.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlayerBoard {
    /// Name.
    pub name: String,
    /// Life total.
    pub life: i32,
    /// Mana left in the pool.
    pub pool: String,
    /// Permanents: label, tapped, damage, P/T.
    pub in_play: Vec<String>,
    /// Cards in hand.
    pub hand: Vec<String>,
    /// Unknown cards in hand (drawn from an unknown library).
    pub hand_unknown: u32,
    /// Graveyard, bottom first.
    pub graveyard: Vec<String>,
    /// Cards removed from the game.
    pub removed: Vec<String>,
    /// Cards in limbo: cast, not yet resolved, when the run stopped (002 Step 1).
    pub limbo: Vec<String>,
    /// Library size.
    pub library: u32,
}

/// One expectation's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The line as written.
    pub line: String,
    /// Whether it held.
    pub holds: bool,
    /// What was found, when it did not hold.
    pub found: Option<String>,
}

/// Everything a run produced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Scenario title.
    pub scenario: String,
    /// The question, if any.
    pub question: Option<String>,
    /// Source citation, if any.
    pub source: Option<String>,
    /// Rules name.
    pub rules: String,
    /// The events.
    pub events: Vec<Event>,
    /// Final board.
    pub board: Board,
    /// Expectation results.
    pub verdicts: Vec<Verdict>,
}

impl Report {
    /// Whether every expectation held and the run did not stop at an unexpected illegal line.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.verdicts.iter().all(|v| v.holds) && (!self.stopped_illegal() || self.expects_illegal())
    }

    /// Whether the run stopped at an illegal line.
    #[must_use]
    pub fn stopped_illegal(&self) -> bool {
        self.events.iter().any(|e| matches!(e.kind, EventKind::Illegal { .. }))
    }

    fn expects_illegal(&self) -> bool {
        self.verdicts.iter().any(|v| v.line.trim_start().to_lowercase().starts_with("illegal:"))
    }
}
