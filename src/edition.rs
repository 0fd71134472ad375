//! Rules that differ between editions, as one table of policies the engine asks.

use crate::citation::Rule;

/// The rules a scenario is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Edition {
    /// Fifth Edition (1997) with the General Rulings Summary of 07/15/97: the default.
    Fifth,
    /// Fourth Edition timing.
    Fourth,
    /// The 1993 Alpha rulebook.
    Alpha,
    /// The Magic 2013 basic rulebook (001, July 2012): the stack, priority, state-based
    /// actions, combat as a phase of its own, no mana burn. Its legend rule and damage
    /// assignment order are those of 2012, not today's, hence the name.
    M13,
}

/// What mana burn does to a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManaBurn {
    /// Loss of life, which cannot be prevented (5e).
    LifeLoss,
    /// Damage (4e and older).
    Damage,
    /// None: unused mana simply disappears (001 L268, L1068-1070: no loss of life is named).
    None,
}

/// When damage prevention steps happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PreventionTiming {
    /// After each resolution that dealt damage (5e).
    AfterEachResolution,
    /// Saved until the end of the batch (4e).
    EndOfBatch,
    /// No damage prevention step: damage is dealt at once, and prevention must be in place
    /// before it, as a shield on its target (Alpha: 003 p.23, p.38 Samite Healer example).
    NoStep,
}

/// Which spells an interrupt may target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InterruptTargets {
    /// Only the most recently announced spell being cast (5e).
    Innermost,
    /// Any spell announced but not yet successfully cast (4e).
    AnyBeingCast,
}

/// When an interrupt that was successfully cast takes effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InterruptResolution {
    /// It waits in a batch of interrupts against the same spell, resolved last in first out
    /// when nobody adds another (5e; 002 Batches of Interrupts).
    Batch,
    /// It resolves as soon as it is successfully cast, before anything more is done to the
    /// spell it interrupts (two interrupts against one spell take effect in the order cast: one
    /// cast while an earlier one against the same spell is still being cast waits for it), and
    /// with no spell under it nobody may respond to it. An interrupt that targets no spell is
    /// still an interrupt. (4e: the Fourth Edition FAQ, Timing, "interrupts resolve as soon as
    /// they are successfully cast" and "an interrupt takes effect immediately unless another
    /// interrupt is used"; 002 Changes: Interrupts, "first-in-first-out", "untargeted interrupts
    /// were also allowed". Alpha: 003 p.12, p.19, p.30-31, p.37.)
    AtOnce,
}

/// What destroying, burying or lowering toughness does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Destruction {
    /// The permanent goes to the graveyard at once; only damage opens a prevention step (5e;
    /// 002 Changes: Damage Prevention).
    Immediate,
    /// The permanent is "on the way to the graveyard" in a damage prevention step that follows
    /// the spell (destroy, bury) or the batch (lethal damage, toughness lowered); it goes there
    /// when the step ends (4e: 4th Ed. FAQ, Damage Prevention and The Graveyard).
    PreventionStep,
}

/// How regeneration is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegenerationUse {
    /// A specialized ability used once, when the creature is destroyed; it removes the damage
    /// and the creature from combat (5e; 002 Regeneration).
    Specialized,
    /// An instant-speed effect played in a damage prevention step on a creature on its way to
    /// the graveyard; several may be tried, one succeeds; the damage is ignored and a combatant
    /// stays in combat dealing and receiving no damage (4e; 002 Changes: Regeneration).
    InPrevention,
    /// A shield set up in advance by a spell or ability that resolves; the next destruction this
    /// turn uses it up: tapped, removed from combat, damage removed; unused shields go away in
    /// cleanup (m13: 001 L1213-1219).
    Shield,
}

/// How spells and abilities wait to resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackModel {
    /// Interrupt windows and batches: a batch closes once both players decline to add to it,
    /// and resolves whole (5e, 4e, Alpha; 002 Spell and Ability Timing).
    Batches,
    /// The stack: a spell or ability goes on it at once and its controller keeps priority; when
    /// both players pass in a row only the top object resolves, then the active player gets
    /// priority; no interrupt windows (m13: 001 L250-252, L309-317, L1182-1186).
    Stack,
}

/// When unused mana leaves a pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManaEmpties {
    /// At the end of each phase and at the beginning and end of an attack, with mana burn
    /// (002 Turn Order, About The Phases; Attack Phase).
    AtLifeChecks,
    /// At the end of each step and phase (m13: 001 L268, L1068-1070).
    EachStep,
}

/// When a player with no life left loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LifeCheck {
    /// At the end of each phase and at the beginning and end of an attack (002 Losing the Game).
    PhaseEnds,
    /// At once: the game ends as soon as a player has 0 life (m13: 001 L540, L1030).
    StateBased,
}

/// Where triggered abilities go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TriggerTiming {
    /// They resolve at once, in a series after the event (002 Triggered Abilities).
    Series,
    /// They go on the stack the next time a player would receive priority (m13: 001 L342-348,
    /// L478, L1233-1235).
    OnTheStack,
}

/// Where an attack is fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CombatPlace {
    /// Inside the main phase, once per turn (002 Attack Phase).
    InMainPhase,
    /// In a combat phase of its own between the two main phases, with priority in each step,
    /// and no way to cancel it once begun (m13: 001 L500-526, L1355-1365).
    OwnPhase,
}

/// How an attacker's damage is divided among several blockers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BlockerDamage {
    /// As its controller likes (002 Attack Phase, Step 5+6).
    FreeDivision,
    /// In the damage assignment order the attacking player gave when blockers were declared:
    /// lethal damage to each blocker before any goes to the next (m13: 001 L370, L375, L514-518).
    AssignmentOrder,
}

/// In what order the spells and abilities of a batch take effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BatchOrder {
    /// Last in, first out (4e, 5e; 002 Batches of Spells and Abilities).
    LastInFirstOut,
    /// All at once; where order matters the caster of the later spell chooses to place it
    /// before or after the spell it answers (Alpha: 003 p.30, p.32 Unsummon example). Without an
    /// `orders` line each later spell goes before, as in the rulebook's examples.
    LaterCasterChooses,
}

/// What protection from a colour covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProtectionScope {
    /// Damage, blocks and targeting by that colour; untargeted spells of the colour still affect
    /// the creature, and the damage it deals may be prevented by anything (5e, 4e: 002
    /// Protection, from the Mirage rulebook p.21).
    TargetsDamageBlocks,
    /// "Any magic of those colors": untargeted spells of the colour do not affect the creature
    /// either, and damage it deals cannot be prevented using cards of the colour (Alpha: 003
    /// p.28 Protection).
    AllMagic,
}

/// Which legends the legend rule covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LegendRule {
    /// Every legend: creatures, lands, artifacts (5e: 002 Changes: Legends).
    All,
    /// Summon Legend only (4e).
    SummonLegendOnly,
    /// None: there were no legends (Alpha).
    Absent,
    /// Two or more legendary permanents with the same name on the battlefield all go to their
    /// owners' graveyards, whoever controls them (001 L1020-1022, the 2012 rule).
    AllCopies,
}

/// A part of the rules whose difference under an edition is not modelled yet: a run that
/// reaches it stops (exit 2) rather than answer with Fifth Edition rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unmodelled {
    /// A response to the declared intention to attack cancelling it, a Mirage-era rule that the
    /// Fourth Edition sources do not confirm.
    AttackCancel,
    /// Alpha: a reversal of damage already dealt (Reverse Damage), which has no Alpha timing.
    AlphaReverseDamage,
    /// Banding, which 001 does not have (its keyword list, L362, and glossary name none).
    Banding,
    /// m13: Reverse Damage's text, which prevents damage after it was dealt; 001 has only
    /// shields set up before the damage (L1170-1176).
    RetroactivePrevention,
    /// m13: phase costs ("during your upkeep, pay ... or bury"), which 001 has no rule for.
    PhaseCosts,
    /// m13: a prevention shield that could apply to damage from several sources at once, whose
    /// source the damaged player chooses (001 L1176); no line makes that choice yet.
    ShieldSourceChoice,
}

impl Unmodelled {
    /// Whether the edition's own source has no rule for it (rather than the engine lacking one).
    #[must_use]
    pub const fn outside_source(self) -> bool {
        matches!(self, Self::Banding | Self::RetroactivePrevention | Self::PhaseCosts)
    }

    /// What is not modelled, in words, with the rule that differs.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Self::AttackCancel => {
                "responding to a declared intention to attack, which only the Mirage-era rules say cancels the attack (002 Attack Phase, Step 0); the older sources do not"
            }
            Self::AlphaReverseDamage => {
                "a reversal of damage already dealt (Reverse Damage), which the Alpha rulebook gives no timing for"
            }
            Self::Banding => {
                "banding, which the M13 rulebook (001) does not have: its keyword list (L362) and glossary name no banding"
            }
            Self::RetroactivePrevention => {
                "a prevention of damage already dealt (Reverse Damage's text), which the M13 rulebook (001) has no rule for: its prevention is a shield set up before the damage (L1170-1176)"
            }
            Self::PhaseCosts => {
                "a phase cost (\"during your upkeep, pay ... or bury\"), which the M13 rulebook (001) has no rule for"
            }
            Self::ShieldSourceChoice => {
                "a prevention shield that could prevent damage from several sources dealt at once but not all of it, whose source the damaged player chooses (001 L1176)"
            }
        }
    }
}

/// The policy table of one edition: where editions differ, the engine asks this table instead
/// of matching on the edition. The differences in `unmodelled` stop a run that reaches them.
#[derive(Clone, Copy, Debug)]
pub struct Policies {
    /// The edition these policies belong to.
    pub edition: Edition,
    /// What mana burn is.
    pub mana_burn: ManaBurn,
    /// When damage prevention happens.
    pub prevention: PreventionTiming,
    /// What interrupts may target.
    pub interrupt_targets: InterruptTargets,
    /// When a successfully cast interrupt resolves.
    pub interrupt_resolution: InterruptResolution,
    /// Whether, among interrupts that take effect at once, those of the interrupted spell's
    /// caster come before the other player's, whichever was announced first (Alpha: 003
    /// p.30-31); otherwise interrupts against one spell take effect in the order announced.
    pub caster_interrupts_first: bool,
    /// In what order a batch takes effect.
    pub batch_order: BatchOrder,
    /// Whether the active player orders all effects that happen together, the opponent's
    /// included (4e), rather than each player their own, the active player's first (5e).
    pub active_orders_all: bool,
    /// Whether a card's ability triggers on its own trip to the graveyard (5e: 002 Changes from
    /// Fourth Edition, Triggered Abilities L4515-4517, "which was not the case before").
    pub own_trip_triggers: bool,
    /// Whether a prevention may target a creature or player with no damage to prevent (4e: 002
    /// Changes: Damage Prevention, "prevent zero damage").
    pub prevent_zero: bool,
    /// Whether an enchantment can be tapped (a rule forbade it before 5e: 002 Changes:
    /// Enchantments).
    pub enchantments_tap: bool,
    /// Whether any interrupt may be played during damage prevention (4e: 002 Changes: Damage
    /// Prevention), not only one targeting a spell being cast there (5e).
    pub interrupts_in_prevention: bool,
    /// Whether automatic redirection (trample, Veteran Bodyguard) happens at the end of a damage
    /// prevention step, for a second step (5e: 002 Sub-Step B), or when the damage is assigned,
    /// before the single step (4e: 4th Ed. FAQ, Creature Abilities and Damage Prevention).
    pub redirection_in_step: bool,
    /// Whether mana sources may be used where nobody may play fast effects (5e: 002 Turn Order;
    /// 4e: tapping for mana was an interrupt, 4th Ed. FAQ, Timing).
    pub mana_without_priority: bool,
    /// Which legends the legend rule covers.
    pub legend_rule: LegendRule,
    /// Whether a pass made before a spell that is then countered still stands (5e: 002 Who
    /// Announces First). Alpha has no such rule: nothing happens until both players have
    /// finished (003 p.30).
    pub passes_survive_counter: bool,
    /// Whether regeneration is used in a series, the active player first (5e: 000 Timing,
    /// Series and Batches), as a "specialized ability" (the trace's word for it); Alpha just
    /// uses it at the moment the creature would die (003 p.27), and the trace says so.
    pub specialized_series: bool,
    /// Whether a regenerated creature leaves the combat (5e: 002 Changes: Regeneration). In
    /// Alpha it stays: tapped, so as a blocker it deals no damage (003 p.25-27).
    pub regenerated_leaves_combat: bool,
    /// Whether fast effects may be played during the declarations of attackers and blockers
    /// without ending them (Alpha: 003 p.25); 5e ends the declaration (002 L301-304).
    pub fast_effects_in_declarations: bool,
    /// What protection from a colour covers.
    pub protection: ProtectionScope,
    /// Whether protection of a blocker from a trampler's colour stops all of that trampler's
    /// damage to it from carrying over (4e: 4th Ed. FAQ, Creature Abilities).
    pub trample_negated_by_protection: bool,
    /// Whether mana may be drawn while a spell resolves, to answer its "unless ... pays" (before
    /// 5e tapping for mana was an interrupt: 4th Ed. FAQ, Timing; 003 p.14). 5e forbids it (002
    /// Step 4, the 07/03/97 ruling).
    pub mana_mid_resolution: bool,
    /// What destroying, burying or lowering toughness does.
    pub destruction: Destruction,
    /// How regeneration is used.
    pub regeneration: RegenerationUse,
    /// Key of the card `editions:` overrides that apply (`4e`, `alpha`), if any.
    pub card_key: Option<&'static str>,
    /// The phases of a turn, in order.
    pub phases: &'static [&'static str],
    /// The phases in whose main body nobody may play fast effects (002 Turn Order: nothing
    /// before or during untap, nothing in cleanup; 4th Ed. FAQ, Rules About Phases: untap and
    /// heal creatures; Alpha: none, instants and interrupts at any time, 003 p.12).
    pub no_priority: &'static [&'static str],
    /// Fifth Edition sections and this edition's counterparts, for citations.
    pub cites: &'static [(&'static str, Rule)],
    /// Differences not modelled yet: reaching one stops the run.
    pub unmodelled: &'static [Unmodelled],
    /// The phase at whose end "at end of turn" abilities are played (5e: cleanup, after the
    /// healing; 4e: the End of Turn phase, before it; 002 Changes: Turn Order).
    pub end_of_turn_phase: &'static str,
    /// The phase in which damage and "until end of turn" effects wear off; none: they wear off
    /// as the turn's last phase ends.
    pub healing_phase: Option<&'static str>,
    /// Whether the player who goes first skips the first draw phase (added in 5e).
    pub play_or_draw: bool,
    /// How spells and abilities wait to resolve.
    pub stack: StackModel,
    /// When unused mana leaves a pool.
    pub mana_empties: ManaEmpties,
    /// When a player with no life left loses.
    pub life_check: LifeCheck,
    /// Where triggered abilities go.
    pub trigger_timing: TriggerTiming,
    /// Where an attack is fought.
    pub combat: CombatPlace,
    /// How an attacker's damage is divided among several blockers.
    pub blocker_damage: BlockerDamage,
    /// Whether a tapped blocker deals combat damage (m13: 001 L518, "each attacking or blocking
    /// creature that's still on the battlefield"); 002 L468-469: only untapped blockers do.
    pub tapped_blockers_deal_damage: bool,
    /// Whether a creature whose toughness is 0 or less is put into the graveyard without being
    /// destroyed, so regeneration cannot save it (m13: 001 L852-854, L1333), rather than being
    /// destroyed (002 L264-266).
    pub toughness_zero_not_destroyed: bool,
    /// Whether a tapped artifact (not a creature) loses its abilities while tapped (002
    /// Artifact; 003 p.16). 001 has no such rule: a static ability is true while the card is on
    /// the battlefield (L340), and only a tap cost needs it untapped.
    pub tapped_artifacts_off: bool,
}

/// The rows the 1997-era editions share where m13 differs.
const CLASSIC: (StackModel, ManaEmpties, LifeCheck, TriggerTiming, CombatPlace, BlockerDamage) = (
    StackModel::Batches,
    ManaEmpties::AtLifeChecks,
    LifeCheck::PhaseEnds,
    TriggerTiming::Series,
    CombatPlace::InMainPhase,
    BlockerDamage::FreeDivision,
);

/// m13: what 001 does not cover, or the engine does not play yet under it.
const M13_UNMODELLED: &[Unmodelled] =
    &[Unmodelled::Banding, Unmodelled::RetroactivePrevention, Unmodelled::PhaseCosts, Unmodelled::ShieldSourceChoice];

/// 001 Parts of the Turn (L1347-1370): the combat phase's steps are an attack in progress
/// between `main` and `main 2` (001 L500-526).
const M13_PHASES: &[&str] = &["untap", "upkeep", "draw", "main", "main 2", "end", "cleanup"];

/// Where a Fifth Edition rule the engine applies has its counterpart in 001 (sections matched by
/// their start, the longest first).
const M13_CITES: &[(&str, Rule)] = &[
    ("Mana Source", Rule::m("Making Mana (L193, L264-268); Mana Ability (L1060-1062)")),
    ("Phases of the Turn", Rule::m("Parts of the Turn (L478-536, L1347-1370)")),
    ("Untap", Rule::m("Untap Step (L484-486)")),
    ("Draw", Rule::m("Draw Step (L492-494)")),
    ("Cleanup", Rule::m("Cleanup Step (L534-536)")),
    ("Turn Order, Starting the Game", Rule::m("Draw Step (L494): the player who goes first skips the first draw")),
    ("Turn Order, About The Phases", Rule::m("Parts of the Turn (L478)")),
    ("Losing the Game", Rule::m("The Next Turn (L540); Life (L1028-1030); drawing from an empty library (L472)")),
    (
        "Spell and Ability Timing, Kinds and Speeds: playing a land",
        Rule::m("First Main Phase (L526); Land (L1152-1154)"),
    ),
    (
        "Spell and Ability Timing, Kinds and Speeds: sorceries",
        Rule::m("Casting Spells (L289): sorcery-speed spells in your main phase with the stack empty"),
    ),
    ("Spell and Ability Timing, Who Announces First", Rule::m("Priority (L1182-1186)")),
    ("Spell and Ability Timing, Step 1", Rule::m("Casting a Spell (L291-307)")),
    ("Fizzle", Rule::m("Target (L303); Resolve (L1237): with no legal target it is countered")),
    ("Targeting", Rule::m("Target (L297-303)")),
    ("Controller, Caster and Owner: a card goes to its owner's graveyard", Rule::m("Graveyard (L248)")),
    ("Damage:", Rule::m("Attacking and Blocking (L382); Toughness (L1333)")),
    ("Destroy", Rule::m("Destroy (L850-852): moved from the battlefield to its owner's graveyard")),
    ("Summoning Sickness", Rule::m("Attacking and Blocking (L368): under your control since the turn began")),
    ("Protection from Color", Rule::m("Protection (L1188-1195)")),
    ("Duration of a Spell/Ability", Rule::m("Cleanup Step (L536): \"until end of turn\" effects end")),
    ("Main Phase: one land", Rule::m("First Main Phase (L526): one land a turn")),
    ("Spell and Ability Timing, Step 4", Rule::m("Resolving a Spell (L315-317)")),
    (
        "Spell and Ability Timing, Step 4: Resolution (then the spell's card",
        Rule::m("Graveyard (L248): instants and sorceries go to the graveyard when they resolve"),
    ),
    ("Spell and Ability Timing, Kinds and Speeds of Abilities", Rule::m("Activated Abilities (L350-356)")),
    ("Spell and Ability Timing, Step 2", Rule::m("Responding to a Spell (L309-313)")),
    // (Under m13 this 5e section is cited only where a spell is countered.)
    ("Spell and Ability Timing, Step 2: Interrupting", Rule::m("Counter a Spell or Ability (L802-804)")),
    ("Spell and Ability Timing, Step 3", Rule::m("Responding to a Spell (L309-313)")),
    ("Countering Spells", Rule::m("Counter a Spell or Ability (L802-804)")),
    ("Regeneration", Rule::m("Regenerate (L1213-1219)")),
    ("Bury", Rule::m("Destroy (L852); Regenerate (L1215)")),
    (
        "Damage",
        Rule::m(
            "Attacking and Blocking (L372-382): damage dealt; a player loses that much life (L378), lethal damage destroys (L382)",
        ),
    ),
    ("Damage Prevention", Rule::m("Prevention Effect (L1170-1176): a shield set up before the damage")),
    ("Turn Order: no spells", Rule::m("Priority (L1182): no priority in the untap and cleanup steps")),
    ("Turn Order, Phase 6: Cleanup", Rule::m("Cleanup Step (L534-536)")),
    ("Turn Order, Phase 5: Discard", Rule::m("Cleanup Step (L534): discard down to seven")),
    ("Controller, Caster and Owner", Rule::m("Graveyard (L248); Owner and Controller (glossary)")),
    ("Removed from the Game", Rule::m("Exile (L254-256)")),
    ("Turn Order Rules", Rule::m("Parts of the Turn (L1347-1370)")),
    ("Sacrifice", Rule::m("Sacrifice (L1247-1249)")),
    (
        "Damage Prevention: a single step after each combat damage",
        Rule::m("Replacement Effect (L1229-1231): the damage is dealt to the other creature instead"),
    ),
    ("Counters", Rule::m("Counter on a Permanent (L806-808)")),
    ("Costs", Rule::m("Cost (L798-800)")),
    ("Activation Cost", Rule::m("Activated Abilities (L352-356)")),
    ("Who Plays Abilities", Rule::m("Activated Abilities (L352-356)")),
    ("Creature Power and Toughness", Rule::m("Power (L1162-1164); Toughness (L1331-1333)")),
    ("Attack Phase, Step 0", Rule::m("Combat Phase (L500-504); Attacking and Blocking (L368)")),
    (
        "Spell and Ability Timing, Specialized Abilities (several at once",
        Rule::cr("603.3b: each player puts the triggered abilities they control on the stack in the order they choose"),
    ),
    ("Spell and Ability Timing, Triggered Abilities", Rule::m("Triggered Abilities (L342-348)")),
    ("Attack Phase, Step 1", Rule::m("Declare Attackers Step (L506-508)")),
    ("Attack Phase, Step 3", Rule::m("Declare Blockers Step (L510-514)")),
    ("Attack Phase, Step 5+6", Rule::m("Combat Damage Step (L516-518)")),
    ("Attack Phase, Other", Rule::m("Remove from Combat (L1225-1227)")),
    ("Creature Abilities: trample", Rule::m("Trample (L1335-1337)")),
    // Alpha's damage at once and shields serve m13 too (no damage prevention step).
    (
        "p.23 Damage",
        Rule::m(
            "Attacking and Blocking (L372-382); Prevention Effect (L1172): damage is dealt at once, with no damage prevention step",
        ),
    ),
    ("p.38", Rule::m("Prevention Effect (L1170-1176): a shield set up before the damage")),
    ("p.20, p.37", Rule::m("Prevention Effect (L1172-1176): a shield against one source")),
];

const FOURTH_UNMODELLED: &[Unmodelled] = &[Unmodelled::AttackCancel];

/// Alpha: what the 1993 rulebook leaves open, or the engine does not play yet.
const ALPHA_UNMODELLED: &[Unmodelled] = &[Unmodelled::AttackCancel, Unmodelled::AlphaReverseDamage];

const FIFTH_PHASES: &[&str] = &["beginning of turn", "untap", "upkeep", "draw", "main", "discard", "cleanup"];
const FOURTH_PHASES: &[&str] = &["untap", "upkeep", "draw", "main", "discard", "end", "heal"];
const ALPHA_PHASES: &[&str] = &["untap", "upkeep", "draw", "main", "discard", "end"];

/// Where a Fifth Edition rule the engine applies has its Fourth Edition counterpart: sections
/// (matched by their start, the longest first) and the 4e source that says it for 4e.
const FOURTH_CITES: &[(&str, Rule)] = &[
    ("Mana Source", Rule::f4("Timing: tapping a land for mana is always considered an interrupt")),
    ("Phases of the Turn", Rule::f4("Rules About Phases")),
    (
        "Turn Order: no spells before or during untap",
        Rule::f4("Rules About Phases: no fast effects in the untap and heal creatures phases"),
    ),
    (
        "Rule Triggers: a local enchantment",
        Rule::f4(
            "Resolving Spells and Effects: Enchant cards recheck their target and are buried if it becomes illegal",
        ),
    ),
    (
        "Damage Prevention (glossary): prevention targets what the card says",
        Rule::g("Changes from Fourth Edition: Damage Prevention (zero damage could be prevented)"),
    ),
    // 002 L2087-2091 (only on damage there is to prevent) is new in 5e; what 4e shares is
    // the step.
    (
        "Damage Prevention (glossary): only during a damage prevention step",
        Rule::f4("Playing Spells or Using Abilities: damage prevention only during a damage prevention step"),
    ),
];

/// Where a Fifth Edition rule the engine applies has its Alpha counterpart: sections (matched
/// by their start, the longest first) and the 003 pages that say the same for Alpha.
const ALPHA_CITES: &[(&str, Rule)] = &[
    ("Mana Source", Rule::a("p.14: mana drawn into the pool; adding mana is an interrupt")),
    (
        "Spell and Ability Timing, Who Announces First",
        Rule::a("p.30 Timing: the player whose turn it is announces first, then the other responds"),
    ),
    ("Spell and Ability Timing, Step 1", Rule::a("p.30 Timing: once a spell is announced, its mana is spent")),
    ("Spell and Ability Timing, Step 2", Rule::a("p.19, p.30-31: interrupts are cast while a spell is being cast")),
    ("Spell and Ability Timing, Step 3", Rule::a("p.30 Timing: nothing happens until both players have finished")),
    ("Spell and Ability Timing, Step 4", Rule::a("p.30 Timing: the spells take effect")),
    (
        "Spell and Ability Timing, Step 4: Resolution (then the spell's card",
        Rule::a("p.15: once cast, a spell that does not become a permanent goes to the caster's graveyard"),
    ),
    ("Removed from the Game", Rule::a("p.23: a card removed from the game is set aside until the next game")),
    ("Countering Spells", Rule::a("p.23: a spell countered as it is being cast goes into the graveyard")),
    (
        "Controller, Caster and Owner: a card goes to its owner's graveyard",
        Rule::a("p.23: a destroyed or discarded card is placed into the graveyard"),
    ),
    (
        "Controller, Caster and Owner: a card goes to its owner's hand",
        Rule::a("p.32 example: Unsummon puts the creature back into its player's hand"),
    ),
    ("Spell and Ability Timing, Batches", Rule::a("p.30 Timing: the spells take effect together")),
    (
        "Spell and Ability Timing, Specialized",
        Rule::a("p.27: regeneration is used at the moment the creature would leave play"),
    ),
    ("Spell and Ability Timing, Kinds and Speeds: playing a land", Rule::a("p.11 Main: put one land into play")),
    (
        "Spell and Ability Timing, Kinds and Speeds: sorceries",
        Rule::a("p.19: sorceries and summonings only in your main phase"),
    ),
    ("Damage", Rule::a("p.23 Damage")),
    ("Damage:", Rule::a("p.23 Damage: damage equal to toughness destroys the creature")),
    ("Damage Prevention", Rule::a("p.38: prevention is used before the damage")),
    ("Losing the Game", Rule::a("p.9: a player loses at zero life, or when unable to draw; both at once, a draw")),
    ("Attack Phase, Step 0", Rule::a("p.23 The Attack: one attack may be announced in the main phase")),
    ("Attack Phase, Step 1/2", Rule::a("p.14: the mana pool is cleared when an attack begins")),
    ("Attack Phase, Step 1:", Rule::a("p.24: Player Declares Attack; attackers are tapped")),
    ("Attack Phase, Step 2", Rule::a("p.25: fast effects may be used during the declarations")),
    ("Attack Phase, Step 3", Rule::a("p.24-25: Opponent Declares Defense")),
    ("Attack Phase, Step 4", Rule::a("p.25: Fast Effects after the defense is declared")),
    ("Attack Phase, Step 5+6", Rule::a("p.26, p.29: Damage Dealing, first strikers first")),
    ("Attack Phase, Step 7", Rule::a("p.14: the mana pool is cleared when an attack ends")),
    ("Attack Phase, Other", Rule::a("p.24-26 The Attack")),
    ("Destroy", Rule::a("p.23: a destroyed card goes to the graveyard")),
    // p.27 speaks only of sacrificed creatures; "cannot be regenerated" is the card's own text,
    // which wins over the rules.
    ("Bury", Rule::a("p.33 About the Rules: the card's text (cannot be regenerated) takes precedence")),
    (
        "Who Plays Abilities: the controller of the card in play",
        Rule::a(
            "p.34 Shatter Q&A: a card out of play cannot be used; an interrupt that destroys it gets it out of play before its controller can use it, an instant does not",
        ),
    ),
    ("Regeneration", Rule::a("p.27 Regeneration")),
    ("Fizzle", Rule::a("p.31: a spell whose target has disappeared is ignored, its mana spent")),
    ("Targeting", Rule::a("p.31: a spell that needs a target cannot be used unless one exists")),
    ("Protection from Color", Rule::a("p.28 Protection")),
    ("Banding", Rule::a("p.28 Bands; p.36 Clarification to Rules: Banding")),
    ("Duration of a Spell/Ability", Rule::a("p.21, p.29: until the end of the turn")),
    ("Summoning Sickness", Rule::a("p.19, p.21-22: usable once you begin a turn with it in play")),
    ("Turn Order, About The Phases", Rule::a("p.11 Game Turn; p.14: mana lost when a phase ends")),
    ("Turn Order, Phase 5: Discard", Rule::a("p.11 Discard; p.36 Clarification to Rules: Discarding")),
    ("Changes from Fourth Edition: Turn Order", Rule::a("p.11 Game Turn: End")),
    ("Changes from Fourth Edition: Mana Source", Rule::a("p.14, p.31: effects that add mana are interrupts")),
    ("Changes from Fourth Edition: Interrupts", Rule::a("p.12, p.19: interrupts may be played at any time")),
    ("Main Phase: one land", Rule::a("p.11 Main: put one land into play")),
    (
        "Rule Triggers: a local enchantment",
        Rule::a("p.18, p.36: an enchantment on a card put out of play is discarded"),
    ),
    ("Changes from Fourth Edition: Enchantments", Rule::a("p.18: an enchantment is never tapped")),
    (
        "Damage Prevention: a single step after each combat damage",
        Rule::a("p.26 Damage Dealing (the card's own text moves the damage)"),
    ),
    ("Artifact: tapped artifacts", Rule::a("p.16: a tapped artifact may not be used, even its continuous effects")),
    (
        "Creature Abilities: trample damage reduced to zero by protection",
        Rule::a("p.28 Trample and Protection: a protected blocker never has enough damage for trample to carry over"),
    ),
    // Rules of the other witnesses the engine shares with Alpha.
    ("Timing: interrupts resolve", Rule::a("p.30-31, p.37: interrupts take place as soon as they are cast")),
    (
        "Timing: an interrupt takes effect immediately",
        Rule::a("p.12, p.19: interrupts at any time; p.30-31, p.37: they take place as soon as cast"),
    ),
    ("Creature Abilities: trample", Rule::a("p.28 Trample: damage beyond lethal is applied to the defender")),
    ("Phases of the Turn", Rule::a("p.11 Game Turn")),
    ("Untap", Rule::a("p.11 Game Turn: Untap")),
    ("Draw", Rule::a("p.11 Game Turn: Draw")),
];

impl Policies {
    /// The citation for a rule under these policies: a Fifth Edition section with a counterpart
    /// in this edition's sources cites that instead (the 1993 rulebook's page for Alpha).
    #[must_use]
    pub fn cite(&self, rule: Rule) -> Rule {
        let own = match self.edition {
            Edition::Alpha => rule.doc == crate::citation::Doc::Alpha,
            // Alpha's pages name rules m13 shares (damage at once, shields): they are mapped.
            _ => {
                matches!(
                    rule.doc,
                    crate::citation::Doc::Alpha | crate::citation::Doc::M13 | crate::citation::Doc::Cr2012
                ) && !(self.edition == Edition::M13 && rule.doc == crate::citation::Doc::Alpha)
            }
        };
        if own {
            return rule;
        }
        self.cites
            .iter()
            .filter(|(from, _)| rule.section.starts_with(from))
            .max_by_key(|(from, _)| from.len())
            .map_or(rule, |(_, to)| *to)
    }

    /// Whether players may play fast effects in this phase's main body.
    #[must_use]
    pub fn has_priority(&self, phase: usize) -> bool {
        self.phases.get(phase).is_none_or(|p| !self.no_priority.contains(p))
    }

    /// Index of the main phase in the phase list (every edition has one).
    #[must_use]
    pub fn main_phase(&self) -> usize {
        self.phases.iter().position(|&x| x == "main").unwrap_or(0)
    }
}

impl Edition {
    /// Every edition this engine plays, the default first.
    pub const ALL: [Self; 4] = [Self::Fifth, Self::Fourth, Self::Alpha, Self::M13];

    /// What the edition's name stands for, in a few words (for help texts).
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Self::Fifth => "Fifth Edition (1997) with the General Rulings Summary of 07/15/97 (the default)",
            Self::Fourth => "Fourth Edition, as the Summary's list of changes from it gives",
            Self::Alpha => "the 1993 Alpha rulebook",
            Self::M13 => "the Magic 2013 basic rulebook (July 2012): the stack, as its own rules play it",
        }
    }

    /// Reads a `rules:` value.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Self> {
        match s.trim().to_lowercase().as_str() {
            "5e" => Some(Self::Fifth),
            "4e" => Some(Self::Fourth),
            "alpha" => Some(Self::Alpha),
            "m13" => Some(Self::M13),
            _ => None,
        }
    }

    /// The `rules:` name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Fifth => "5e",
            Self::Fourth => "4e",
            Self::Alpha => "alpha",
            Self::M13 => "m13",
        }
    }

    /// This edition's policies.
    #[must_use]
    pub const fn policies(self) -> Policies {
        match self {
            // 002, Changes from Fourth Edition: Mana Burn, Damage Prevention, Interrupts, Regeneration.
            Self::Fifth => Policies {
                edition: self,
                mana_burn: ManaBurn::LifeLoss,
                prevention: PreventionTiming::AfterEachResolution,
                interrupt_targets: InterruptTargets::Innermost,
                interrupt_resolution: InterruptResolution::Batch,
                caster_interrupts_first: false,
                batch_order: BatchOrder::LastInFirstOut,
                active_orders_all: false,
                own_trip_triggers: true,
                prevent_zero: false,
                enchantments_tap: true,
                interrupts_in_prevention: false,
                redirection_in_step: true,
                mana_without_priority: true,
                legend_rule: LegendRule::All,
                passes_survive_counter: true,
                specialized_series: true,
                regenerated_leaves_combat: true,
                fast_effects_in_declarations: false,
                protection: ProtectionScope::TargetsDamageBlocks,
                trample_negated_by_protection: false,
                mana_mid_resolution: false,
                destruction: Destruction::Immediate,
                regeneration: RegenerationUse::Specialized,
                card_key: None,
                phases: FIFTH_PHASES,
                no_priority: &["beginning of turn", "untap", "cleanup"],
                cites: &[],
                unmodelled: &[],
                end_of_turn_phase: "cleanup",
                healing_phase: Some("cleanup"),
                play_or_draw: true,
                stack: CLASSIC.0,
                mana_empties: CLASSIC.1,
                life_check: CLASSIC.2,
                trigger_timing: CLASSIC.3,
                combat: CLASSIC.4,
                blocker_damage: CLASSIC.5,
                tapped_blockers_deal_damage: false,
                toughness_zero_not_destroyed: false,
                tapped_artifacts_off: true,
            },
            Self::Fourth => Policies {
                edition: self,
                mana_burn: ManaBurn::Damage,
                prevention: PreventionTiming::EndOfBatch,
                interrupt_targets: InterruptTargets::AnyBeingCast,
                interrupt_resolution: InterruptResolution::AtOnce,
                // 002 Changes: Interrupts: first in, first out, whoever cast them.
                caster_interrupts_first: false,
                batch_order: BatchOrder::LastInFirstOut,
                active_orders_all: true,
                own_trip_triggers: false,
                prevent_zero: true,
                enchantments_tap: false,
                interrupts_in_prevention: true,
                redirection_in_step: false,
                mana_without_priority: false,
                legend_rule: LegendRule::SummonLegendOnly,
                passes_survive_counter: true,
                specialized_series: true,
                regenerated_leaves_combat: true,
                fast_effects_in_declarations: false,
                protection: ProtectionScope::TargetsDamageBlocks,
                trample_negated_by_protection: true,
                mana_mid_resolution: true,
                destruction: Destruction::PreventionStep,
                regeneration: RegenerationUse::InPrevention,
                card_key: Some("4e"),
                phases: FOURTH_PHASES,
                no_priority: &["untap", "heal"],
                cites: FOURTH_CITES,
                unmodelled: FOURTH_UNMODELLED,
                end_of_turn_phase: "end",
                healing_phase: Some("heal"),
                play_or_draw: false,
                stack: CLASSIC.0,
                mana_empties: CLASSIC.1,
                life_check: CLASSIC.2,
                trigger_timing: CLASSIC.3,
                combat: CLASSIC.4,
                blocker_damage: CLASSIC.5,
                tapped_blockers_deal_damage: false,
                toughness_zero_not_destroyed: false,
                tapped_artifacts_off: true,
            },
            // 003 (the 1993 rulebook): pages cited on each row.
            Self::Alpha => Policies {
                edition: self,
                // p.14: "You lose a life point for each mana lost".
                mana_burn: ManaBurn::LifeLoss,
                // p.21-26, p.38: no prevention step; prevention is used before the damage.
                prevention: PreventionTiming::NoStep,
                // p.19, p.30-31: several interrupts may be played against one spell being cast,
                // the caster's first (the p.31 example aims one at the original spell while the
                // rival's Blast is being cast).
                interrupt_targets: InterruptTargets::AnyBeingCast,
                // p.30-31, p.37: interrupts take effect as soon as they are cast.
                interrupt_resolution: InterruptResolution::AtOnce,
                // p.30-31: "the caster of that spell does his or her interrupts first, regardless
                // of whether it was announced first" (the p.31 Elemental Blast example).
                caster_interrupts_first: true,
                // p.30: the later caster places theirs before or after the conflicting spell.
                batch_order: BatchOrder::LaterCasterChooses,
                // Alpha gives no rule for effects that happen together; the active player
                // announces first (p.30), and the 4e practice is kept.
                active_orders_all: true,
                own_trip_triggers: false,
                prevent_zero: true,
                // p.18: an enchantment "is never tapped".
                enchantments_tap: false,
                interrupts_in_prevention: true,
                // p.28: trample damage beyond lethal is applied to the defender.
                redirection_in_step: false,
                // p.14: adding mana is an interrupt, and p.12: those may be cast at any time.
                mana_without_priority: true,
                // No legends in 1993.
                legend_rule: LegendRule::Absent,
                passes_survive_counter: false,
                specialized_series: false,
                regenerated_leaves_combat: false,
                fast_effects_in_declarations: true,
                // p.28: "cannot be affected by any magic of those colors", and "damage done by
                // such a creature cannot be prevented using" cards of those colours.
                protection: ProtectionScope::AllMagic,
                // p.23: a creature with lethal damage is destroyed at once.
                // p.28: a protected blocker is never dealt enough damage to let trample over.
                trample_negated_by_protection: true,
                mana_mid_resolution: true,
                destruction: Destruction::Immediate,
                // p.27: regeneration is used at the moment the creature would leave play.
                regeneration: RegenerationUse::Specialized,
                card_key: Some("alpha"),
                phases: ALPHA_PHASES,
                no_priority: &[],
                cites: ALPHA_CITES,
                unmodelled: ALPHA_UNMODELLED,
                end_of_turn_phase: "end",
                healing_phase: None,
                play_or_draw: false,
                stack: CLASSIC.0,
                mana_empties: CLASSIC.1,
                life_check: CLASSIC.2,
                trigger_timing: CLASSIC.3,
                combat: CLASSIC.4,
                blocker_damage: CLASSIC.5,
                tapped_blockers_deal_damage: false,
                toughness_zero_not_destroyed: false,
                tapped_artifacts_off: true,
            },
            // 001 (the M13 basic rulebook, July 2012): sections and lines cited on each row.
            Self::M13 => Policies {
                edition: self,
                // L268: unused mana "disappears"; no loss of life anywhere in 001.
                mana_burn: ManaBurn::None,
                // L1170-1176: prevention is a shield set up before the damage; no step.
                prevention: PreventionTiming::NoStep,
                // (No interrupts: L107 lists the card types. These rows are not asked under the
                // stack, which opens no window.)
                interrupt_targets: InterruptTargets::AnyBeingCast,
                interrupt_resolution: InterruptResolution::Batch,
                caster_interrupts_first: false,
                // L252: the last spell or ability put onto the stack resolves first.
                batch_order: BatchOrder::LastInFirstOut,
                active_orders_all: false,
                own_trip_triggers: true,
                // L1174: Fog may be cast long before combat: a shield needs no damage present.
                prevent_zero: true,
                enchantments_tap: true,
                interrupts_in_prevention: false,
                // L1229-1231: redirection is a replacement applied as the damage is dealt.
                redirection_in_step: false,
                // L486, L536, L1182: nobody gets priority in untap and cleanup.
                mana_without_priority: false,
                // L1020-1022.
                legend_rule: LegendRule::AllCopies,
                passes_survive_counter: false,
                specialized_series: false,
                // L1217: a regenerated creature is removed from combat.
                regenerated_leaves_combat: true,
                // L508, L514: players get priority after each declaration.
                fast_effects_in_declarations: false,
                // L1188-1195.
                protection: ProtectionScope::TargetsDamageBlocks,
                // L1337: lethal damage to every blocker first; protection does not negate it.
                trample_negated_by_protection: false,
                // 001 is silent; CR 605.3a (2012) lets mana abilities pay a cost asked during a
                // resolution.
                mana_mid_resolution: true,
                // L382, L1333: lethal damage destroys at once (a state-based action).
                destruction: Destruction::Immediate,
                // L1213-1219.
                regeneration: RegenerationUse::Shield,
                card_key: Some("m13"),
                phases: M13_PHASES,
                // L1182: no priority in the untap and cleanup steps.
                no_priority: &["untap", "cleanup"],
                cites: M13_CITES,
                unmodelled: M13_UNMODELLED,
                // L530-532: "at the beginning of the end step".
                end_of_turn_phase: "end",
                // L536: damage is removed in the cleanup step.
                healing_phase: Some("cleanup"),
                // L494.
                play_or_draw: true,
                stack: StackModel::Stack,
                mana_empties: ManaEmpties::EachStep,
                life_check: LifeCheck::StateBased,
                trigger_timing: TriggerTiming::OnTheStack,
                combat: CombatPlace::OwnPhase,
                blocker_damage: BlockerDamage::AssignmentOrder,
                tapped_blockers_deal_damage: true,
                toughness_zero_not_destroyed: true,
                tapped_artifacts_off: false,
            },
        }
    }

    /// The rule the mana burn of this edition applies.
    #[must_use]
    pub const fn mana_burn_rule(self) -> Rule {
        match self {
            Self::Fifth => Rule::g("Mana Burn"),
            Self::Fourth => Rule::g("Changes from Fourth Edition: Mana Burn"),
            Self::Alpha => {
                Rule::a("p.14: mana lost when a phase ends, or an attack begins or ends, costs a life point each")
            }
            Self::M13 => Rule::m("Making Mana (L268): unused mana disappears at the end of each step and phase"),
        }
    }
}
