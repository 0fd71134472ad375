//! Why a line is refused: a typed reason that carries its rule citation and its hint.
//!
//! A refusal holds ids and numbers, never prose; its words are made in one place
//! (`Engine::refusal_text` / `Engine::refusal_hint`) when the `Illegal` event is emitted, with
//! the scenario's names and labels. The citation lives with the reason (`Refusal::rule`); the
//! edition's citation table still translates it when the event is emitted.

use super::Engine;
use super::alpha::LATER_CHOOSES;
use super::announce::KINDS;
use super::combat::{ATTACKERS, BAND, BLOCKERS, DAMAGE, STEP0};
use super::legality::{DP_MAIN, DP_ONLY, STEP1, STEP2, TARGETING};
use super::mana::{MANA_SOURCE, PAY_FIRST, pool_text};
use super::on_its_way::PLAYING;
use super::regeneration::{CONTROLLER_PAYS, REGEN};
use super::state::{AttackStep, CardId, PlayerId, SpellId, Target, Zone};
use super::triggers::ORDER;
use crate::grammar::ability::TargetKind;
use crate::grammar::mana::{Color, ManaCost};

/// The rule for sorcery-speed limits.
const SORCERY: Rule =
    Rule::g("Spell and Ability Timing, Kinds and Speeds: sorceries, summons, artifacts and enchantments");
/// The rule for preventing damage that is not there.
const NO_DAMAGE: Rule = Rule::g("Damage Prevention (glossary): only with damage to prevent");
/// The rule for a moment without priority.
const NO_PRIORITY: Rule = Rule::g("Turn Order: no spells before or during untap (Phase 1), none in cleanup (Phase 6)");
/// The rule for phase costs (upkeep).
pub(super) const UPKEEP_COSTS: Rule =
    Rule::g("Turn Order, About The Phases (phase costs are dealt with before part 3)");
/// The rule (Fourth Edition) that the active player ordered all effects that happen together.
pub(super) const ACTIVE_ORDERS_ALL: Rule =
    Rule::g("Changes from Fourth Edition: Phase Effects (the active player ordered them all)");
/// The rule for payments and answers during a resolution.
const STEP4: Rule = Rule::g("Spell and Ability Timing, Step 4: Resolution");
/// The rule that no mana source is used in the middle of a resolution.
const STEP4_MANA: Rule = Rule::g("Spell and Ability Timing, Step 4: Resolution (mana sources only between steps)");
/// The rule for playing a land.
pub(super) const LANDS: Rule = Rule::g("Spell and Ability Timing, Kinds and Speeds: playing a land");
use crate::trace::Rule;

/// Why a line is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The active player answers their own intention to attack (only the defender may).
    AttackIntentionAnswered {
        /// The attacking player.
        attacker: PlayerId,
    },
    /// A declaration of the attack while a spell is being cast or a batch waits.
    DeclarationNotResponse {
        /// Under the Alpha rules (fast effects may come during the declarations).
        alpha: bool,
    },
    /// An attack outside the player's own main phase.
    AttackOutsideOwnMain {
        /// Who would attack.
        player: PlayerId,
    },
    /// A declaration of attackers leaving out a creature that must attack and can.
    MustAttack {
        /// The creature.
        card: CardId,
    },
    /// The main phase left with no attack while a creature must attack and can (002 L223-226).
    MustDeclareAttack {
        /// The creature.
        card: CardId,
    },
    /// A second attack in one turn.
    AlreadyAttacked {
        /// Who attacked.
        player: PlayerId,
    },
    /// An attack in a turn in which creatures cannot attack (Festival).
    AttacksForbidden {
        /// Who tried to attack.
        player: PlayerId,
    },
    /// Attackers declared after the declare attackers step.
    AttackersPastStep {
        /// The attack's step now.
        step: AttackStep,
    },
    /// Attackers declared by the player whose turn it is not.
    NotTheAttacker {
        /// The active player.
        active: PlayerId,
    },
    /// A creature named twice among the attackers.
    AttackerNamedTwice {
        /// The creature.
        card: CardId,
    },
    /// A band with more than one member without banding.
    BandWithoutBanding {
        /// The band's members.
        band: Vec<CardId>,
        /// The members without banding.
        without: Vec<CardId>,
    },
    /// A creature that cannot attack.
    CannotAttack {
        /// The creature.
        card: CardId,
        /// The attacking player.
        player: PlayerId,
        /// Why not.
        why: NoAttack,
    },
    /// A block with no attack in progress.
    NothingToBlock,
    /// Blockers declared after the declare blockers step.
    BlockersPastStep {
        /// The attack's step now.
        step: AttackStep,
    },
    /// Blockers declared after a spell cast at the end of the declaration (False Orders).
    BlocksClosed {
        /// The spell's card.
        card: CardId,
    },
    /// The attacking player declares blockers.
    AttackerBlocks {
        /// The attacking player.
        player: PlayerId,
    },
    /// A block of a creature that is not attacking.
    NotAttacking {
        /// The creature.
        card: CardId,
    },
    /// A creature that cannot block this attacker.
    CannotBlock {
        /// The blocker.
        blocker: CardId,
        /// The attacker.
        attacker: CardId,
        /// The blocking player.
        player: PlayerId,
        /// Why not.
        why: NoBlock,
    },
    /// A spell cast from elsewhere than its caster's hand.
    CastNotFromHand {
        /// The card.
        card: CardId,
        /// The caster.
        player: PlayerId,
        /// Where the card is.
        place: Place,
    },
    /// An ability of a card the player does not control in play.
    AbilityNotControlled {
        /// The card.
        card: CardId,
        /// The player.
        player: PlayerId,
        /// Where the card is.
        place: Place,
    },
    /// An ability of a tapped artifact.
    TappedArtifact {
        /// The artifact.
        card: CardId,
    },
    /// An interrupt aimed at a spell already cast and waiting.
    InterruptTooLate {
        /// The spell.
        spell: SpellId,
    },
    /// An interrupt aimed at a mana source.
    ManaSourceUninterruptible {
        /// The mana source.
        card: CardId,
    },
    /// An interrupt with no spell being cast.
    NothingToInterrupt,
    /// Something other than prevention in a damage prevention step.
    NotPreventionInStep {
        /// The card.
        card: CardId,
    },
    /// Prevention outside a damage prevention step.
    PreventionOutsideStep {
        /// The card.
        card: CardId,
        /// Under these rules prevention needs damage to prevent.
        needs_damage: bool,
        /// Something is being cast or waiting (the step may come when it resolves).
        pending: bool,
    },
    /// An announcement while a batch resolves.
    BatchResolving,
    /// An announcement in a phase without priority.
    NoPlayInPhase {
        /// The phase's index in the edition's phases.
        phase: usize,
        /// Mana sources may be used in it.
        mana: bool,
    },
    /// A sorcery-speed spell outside its caster's main phase.
    SorceryOutsideMain {
        /// The card.
        card: CardId,
        /// The active player.
        active: PlayerId,
        /// The phase's index.
        phase: usize,
    },
    /// A sorcery-speed spell during an attack.
    SorceryInAttack {
        /// The card.
        card: CardId,
        /// The attack's step.
        step: AttackStep,
    },
    /// A sorcery-speed spell as a response.
    SorceryResponds {
        /// The card.
        card: CardId,
    },
    /// Targets named for a spell that takes none.
    NoTargets {
        /// The card.
        card: CardId,
    },
    /// No target named for a spell that needs one.
    NeedsTarget {
        /// The card.
        card: CardId,
    },
    /// Not the number of targets a spell with targets of different kinds takes.
    TargetCount {
        /// The card.
        card: CardId,
        /// How many it takes.
        wanted: usize,
        /// How many the line names.
        named: usize,
    },
    /// More than one target for a spell that takes one.
    OneTarget {
        /// The card.
        card: CardId,
        /// How many the line names.
        named: usize,
    },
    /// The same target twice.
    TargetTwice {
        /// The target.
        target: Target,
    },
    /// A target the spell cannot have.
    CannotTarget {
        /// The card.
        card: CardId,
        /// The target.
        target: Target,
        /// Why not.
        fault: TargetFault,
        /// Aimed at a spell (the interrupt rules govern it).
        at_spell: bool,
    },
    /// An interrupt aimed past the innermost spell being cast.
    NotInnermost {
        /// The innermost spell being cast, if any.
        innermost: Option<SpellId>,
        /// The spell aimed at.
        spell: SpellId,
    },
    /// Prevention of a colour's damage when there is none.
    NoColorDamage {
        /// The player.
        player: PlayerId,
        /// The colour.
        color: Color,
    },
    /// Prevention for a target with no damage.
    NoDamageToPrevent {
        /// The target.
        target: Target,
    },
    /// A pass where nobody receives priority.
    NoPriority {
        /// The phase's index.
        phase: usize,
    },
    /// A land played as a response.
    LandAsResponse,
    /// A land played outside the player's own main phase.
    LandOutsideOwnMain {
        /// The player.
        player: PlayerId,
        /// The active player.
        active: PlayerId,
        /// The phase's index.
        phase: usize,
    },
    /// A land not in the player's hand.
    LandNotInHand {
        /// The card.
        card: CardId,
        /// The player.
        player: PlayerId,
    },
    /// A card played as a land that is not one.
    NotALand {
        /// The card.
        card: CardId,
    },
    /// A card of an expansion that a permanent in play bars (City in a Bottle).
    ExpansionBarred {
        /// The card.
        card: CardId,
        /// The permanent that bars it.
        by: CardId,
        /// The expansion.
        set: String,
    },
    /// A second land in one turn.
    SecondLand {
        /// The player.
        player: PlayerId,
    },
    /// A mana source the player does not control in play.
    ManaSourceNotControlled {
        /// The card.
        card: CardId,
        /// The player.
        player: PlayerId,
        /// Where the card is.
        place: Place,
    },
    /// A mana source already tapped.
    ManaSourceTapped {
        /// The card.
        card: CardId,
    },
    /// A summoning-sick creature's tap ability.
    SickTap {
        /// The creature.
        card: CardId,
    },
    /// A card without a tap-for-mana ability.
    NoManaAbility {
        /// The card.
        card: CardId,
    },
    /// A source making several kinds of mana, none named.
    ManaKindUnnamed {
        /// The card.
        card: CardId,
    },
    /// A source asked for mana it cannot make.
    CannotMake {
        /// The card.
        card: CardId,
        /// The mana asked for.
        mana: ManaCost,
    },
    /// A cost that cannot be paid in the middle of a resolution (no mana sources then).
    CannotPayMidResolution {
        /// The payer.
        player: PlayerId,
        /// The cost.
        cost: ManaCost,
        /// The label of what is paid for, as the payment names it.
        what: String,
        /// The payer's mana pool.
        have: [u32; 6],
    },
    /// A payment a permanent asks during another player's announcement (Imprison) that the
    /// pool cannot cover: nobody may get mana during an announcement (002 L603, L617-618).
    CannotPayInAnnouncement {
        /// The payer.
        player: PlayerId,
        /// The cost.
        cost: ManaCost,
        /// The label of what is paid for, as the payment names it.
        what: String,
        /// The payer's mana pool.
        have: [u32; 6],
    },
    /// A cost that cannot be paid.
    CannotPay {
        /// The payer.
        player: PlayerId,
        /// The cost.
        cost: ManaCost,
        /// The label of what is paid for, as the payment names it.
        what: String,
        /// The payer's mana pool.
        have: [u32; 6],
        /// What the untapped simple mana sources could add.
        could: [u32; 6],
    },
    /// A card without the ability named.
    NoSuchAbility {
        /// The card.
        card: CardId,
    },
    /// A tapped card's tap ability.
    TappedTap {
        /// The card.
        card: CardId,
    },
    /// Several sources named where one is chosen.
    OneSourceOnly {
        /// The card.
        card: CardId,
    },
    /// Reverse Damage with no damage dealt to reverse.
    NothingToReverse {
        /// The player.
        player: PlayerId,
    },
    /// Regeneration of a buried or sacrificed creature.
    RegenerateBuried {
        /// The creature.
        card: CardId,
        /// It was sacrificed (002 L3476-3478), not buried by an effect.
        sacrificed: bool,
    },
    /// Regeneration of a creature not being destroyed.
    RegenerateNotDestroyed {
        /// The creature.
        card: CardId,
        /// Something is being cast or waiting.
        pending: bool,
    },
    /// A step named with no attack in progress.
    NoAttackForStep {
        /// The step.
        step: AttackStep,
    },
    /// A step of the attack already past.
    StepPassed {
        /// The step named.
        step: AttackStep,
        /// The step now.
        now: AttackStep,
    },
    /// The draw phase of the first player's first turn.
    NoFirstDraw {
        /// The player who goes first.
        active: PlayerId,
    },
    /// A phase already past this turn.
    PhasePassed {
        /// The phase named (index).
        phase: usize,
        /// The phase now (index).
        now: usize,
        /// Named by `stop:` rather than a `go to` line.
        stop: bool,
    },
    /// A `chooses` line naming a card that is not among the cards offered.
    NotAChoice {
        /// The card named.
        card: CardId,
        /// What was to be chosen.
        what: String,
    },
    /// A discard of a card not in the player's hand.
    DiscardNotInHand {
        /// The card.
        card: CardId,
        /// The player.
        player: PlayerId,
    },
    /// An upkeep answered by a player who does not control the card.
    UpkeepNotYours {
        /// Who answered.
        player: PlayerId,
        /// Who pays.
        payer: PlayerId,
        /// The card.
        card: CardId,
    },
    /// A cost beyond mana that the line cannot pay (002 Costs; Sacrifice).
    Cost {
        /// The card whose cost it is.
        card: CardId,
        /// What is wrong.
        fault: super::costs::CostFault,
    },
    /// Damage divided as the caster chooses, with a division that does not fit its targets or
    /// its amount (002 Step 1: the division is chosen on announcement).
    Division {
        /// The card.
        card: CardId,
        /// The damage to divide.
        amount: u32,
        /// The division named.
        division: Vec<u32>,
        /// The number of targets.
        targets: usize,
    },
    /// An ability of a permanent whose upkeep cost is not yet dealt with (002 Phase Cost).
    UpkeepLock {
        /// The permanent.
        card: CardId,
    },
    /// An ability of a permanent whose own comes-into-play cost is not yet dealt with (002
    /// Comes Into Play Effects, L1679-1685: such effects follow the phase cost rules).
    EntryLock {
        /// The permanent.
        card: CardId,
    },
    /// An upkeep answered with the wrong amount.
    UpkeepAmount {
        /// The card.
        card: CardId,
        /// Who pays.
        payer: PlayerId,
        /// The upkeep cost.
        cost: ManaCost,
        /// The amount the line names.
        answer: u32,
    },
    /// An order by a player who is not the active player, where the active player orders all.
    NotActiveOrders {
        /// Who ordered.
        player: PlayerId,
        /// The active player.
        active: PlayerId,
    },
    /// An order that does not name each of the abilities once (the active player orders all).
    OrderAll {
        /// The cards whose abilities triggered together.
        cards: Vec<CardId>,
    },
    /// An order that does not name each of the player's abilities once.
    OrderOwn {
        /// The player.
        player: PlayerId,
        /// The cards whose abilities triggered together.
        cards: Vec<CardId>,
    },
    /// An Alpha order that does not name two spells of the batch.
    AlphaOrderTwo,
    /// An Alpha order naming the same spell twice.
    AlphaOrderSame,
    /// An Alpha order by the player who did not cast the later spell.
    AlphaLaterChooses {
        /// The later spell.
        later: SpellId,
        /// The other spell.
        other: SpellId,
    },
    /// A regeneration ability of the other player's permanent.
    RegenerationNotYours {
        /// The regeneration source.
        source: CardId,
        /// Its controller.
        controller: PlayerId,
        /// The creature.
        card: CardId,
    },
    /// No regeneration ability the player can use on the creature.
    NoRegeneration {
        /// The player.
        player: PlayerId,
        /// The creature.
        card: CardId,
    },
    /// A player does not control the card.
    DoesNotControl {
        /// The player.
        player: PlayerId,
        /// The card.
        card: CardId,
    },
    /// A mana source tapped before the answer to a resolving spell's payment.
    NoManaMidResolution {
        /// The resolving spell.
        spell: SpellId,
    },
    /// A payment of mana answered with life (`pays N life`).
    LifeForMana {
        /// What asks.
        what: String,
        /// Who pays.
        payer: PlayerId,
        /// The mana asked.
        amount: u32,
    },
    /// Life that cannot be paid: the payer has 0 or less, or would go below 0 (002 L1853-1854).
    CannotPayLife {
        /// Who pays.
        payer: PlayerId,
        /// The life asked.
        amount: u32,
        /// The payer's life.
        life: i32,
    },
    /// A triggered ability's targets answered with one it cannot take (or with none, for one
    /// that must be played).
    TriggerTarget {
        /// The card whose ability it is.
        card: CardId,
        /// Why.
        why: String,
    },
    /// A phase effect played by a line at a moment or by a player the rules do not allow, or a
    /// second time in one phase.
    PhaseEffect {
        /// The card whose phase effect it is.
        card: CardId,
        /// Why.
        why: String,
    },
    /// A copy card put into play other than by casting answered with a creature it cannot copy.
    CopyTarget {
        /// The copy card.
        card: CardId,
        /// Why.
        why: String,
    },
    /// An answer to a choice an effect asks as it resolves (`sacrifices`, `puts ... into
    /// play`) that the effect does not allow.
    ResolutionChoice {
        /// The card whose effect asks.
        card: CardId,
        /// Why.
        why: String,
        /// A card put into play without the target it needs (002 Targeting, L3683-3686).
        needs_target: bool,
    },
    /// A choice a resolving spell asks answered with one it does not offer (False Orders'
    /// new block).
    NotOffered {
        /// The spell's card.
        card: CardId,
        /// What it offers.
        why: String,
    },
    /// A payment answered with the wrong amount.
    LifeAmount {
        /// What asks.
        what: String,
        /// Who pays.
        payer: PlayerId,
        /// The amount asked.
        amount: u32,
        /// The amount the line names, as written.
        answer: String,
    },
    /// An answer naming another amount than the payment asked.
    PaymentAmount {
        /// The spell asking.
        spell: SpellId,
        /// Who pays.
        payer: PlayerId,
        /// The amount asked, or the exact symbols of a casting cost (`1WW`).
        amount: crate::grammar::mana::ManaCost,
        /// The amount the line names.
        answer: crate::grammar::mana::ManaCost,
    },
    /// An answer that no moment asks for.
    Unasked {
        /// The player.
        player: PlayerId,
        /// What the line answers.
        what: Unasked,
    },
    /// A line between turns.
    BetweenTurns,
    /// `resolve` with nothing to resolve.
    NothingToResolve,
    /// Tapping for mana in a phase without fast effects, where it is an interrupt (4e).
    ManaIsInterrupt {
        /// The phase's index.
        phase: usize,
    },
    /// m13: a combat line that breaks a rule of 001's combat (the damage assignment order).
    CombatM13 {
        /// Why, in words.
        reason: String,
        /// The rule of 001 it breaks.
        rule: Rule,
    },
    /// m13: a mana ability where nobody gets priority and no cost is being paid (untap,
    /// cleanup).
    ManaWithoutPriority {
        /// The phase's index.
        phase: usize,
    },
    /// Damage assigned outside the recipients allowed.
    AssignOutside {
        /// The creature dealing the damage.
        source: CardId,
        /// The recipients are a blocked band (else the attacker's blockers).
        band: bool,
    },
    /// Damage assigned that does not add up to the power.
    DivisionTotal {
        /// The creature dealing the damage.
        source: CardId,
        /// Its power.
        power: u32,
        /// What the lines assign.
        total: u32,
        /// The recipients are a blocked band (else the attacker's blockers).
        band: bool,
    },
    /// An `assigns` line that cannot divide this creature's damage.
    CannotDivide {
        /// The player of the line.
        player: PlayerId,
        /// The creature whose damage it divides.
        source: CardId,
        /// Why not.
        why: NoDivision,
    },
    /// A regeneration out of its moment under Fourth Edition.
    Regeneration4e {
        /// The creature.
        card: CardId,
        /// A damage prevention step is under way (the creature is just not on its way).
        in_step: bool,
    },
}

/// Why an `assigns` line cannot divide a creature's damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoDivision {
    /// A blocker of a band: the attacking player divides.
    BandDamage,
    /// The creature is not attacking.
    NotAttacking,
    /// The creature is not blocked.
    NotBlocked,
    /// Another player divides.
    OtherDivides {
        /// Who divides.
        divider: PlayerId,
        /// Because a blocker has banding.
        banding: bool,
    },
    /// Damage to a creature not blocking it.
    NotToBlockers,
    /// A blocker of a band none of whose members has banding any more.
    BandWithoutBanding,
}

/// What a line answers that a later moment would ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unasked {
    /// An `assigns` line.
    Assign,
    /// An `orders` line.
    Order,
    /// A `discards` line.
    Discard,
    /// A `pays` line.
    Pay,
    /// A `targets` line.
    Target,
    /// A `sacrifices` line.
    Sacrifice,
    /// A `puts ... into play` line.
    Put,
    /// A `chooses` line.
    Choose,
    /// A `uses`, `declines` or `has ... block` line.
    Choice,
}

/// Where a card was when a line was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Its zone.
    pub zone: Zone,
    /// Its owner.
    pub owner: PlayerId,
    /// Its controller.
    pub controller: PlayerId,
}

/// Why something cannot be a target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetFault {
    /// Players are not allowed.
    PlayerNotAllowed,
    /// A spell where a permanent is wanted.
    SpellNotPermanent,
    /// The spell is no longer being cast.
    NoLongerCast,
    /// It lacks the colour asked for.
    NotColor(Color),
    /// It has the colour ruled out.
    IsColor(Color),
    /// The card is not in play.
    NotInPlay(Place),
    /// The card is none of these kinds.
    WrongKind(Vec<TargetKind>),
    /// It is not tapped.
    NotTapped,
    /// It is tapped.
    Tapped,
    /// It is an artifact.
    Artifact,
    /// It is not blocking.
    NotBlocking,
    /// It may never carry a local enchantment, cast or moved onto it (Bartel Runeaxe).
    NoEnchantments,
    /// It cannot be the target of spells or effects (Deadly Insect).
    Untargetable,
    /// It is not attacking.
    NotAttacking,
    /// It has protection from the spell's colour.
    Protection(Color),
    /// It is a Wall (`non-wall`).
    Wall,
    /// It does not have flying.
    NoFlying,
    /// It is not a creature the active player has controlled since the turn began.
    NotActiveSinceTurnBegan,
    /// It lacks the creature type the target names.
    NotOfType(String),
    /// It is the permanent whose ability this is (`other than this`).
    Itself,
    /// The caster where an opponent is wanted (`target opponent`).
    NotOpponent,
    /// Another card where the ability's own permanent is wanted (`prevent 1 damage to this`).
    NotItself,
    /// The permanent to be moved is not a local enchantment on a permanent.
    NotEnchanting,
    /// The card is in another player's graveyard (`in your graveyard`).
    NotYourGraveyard,
    /// It is not an attacking creature that is blocked.
    NotBlocked,
    /// The announcing player does not control it (`... you control`).
    NotYours,
    /// The defending player does not control it, or no attack is under way.
    NotDefenders,
    /// The enchantment being moved already enchants it.
    AlreadyEnchanted,
    /// The enchantment being moved could not legally be cast on it (002 L2873-2875).
    CannotCarry(CardId, Box<TargetFault>),
    /// A creature only by an effect, aimed at by a copy card.
    CreatureByEffect,
    /// A spell whose converted casting cost is not the X of a "with converted casting cost X"
    /// target (Spell Blast).
    CostNotX {
        /// The spell's converted casting cost.
        cost: u32,
        /// The X announced.
        x: u32,
    },
}

/// Why a creature cannot attack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoAttack {
    /// The player does not control it in play.
    NotControlled,
    /// It is not a creature.
    NotCreature,
    /// It is tapped.
    Tapped,
    /// It is summoning sick.
    Sick,
    /// It is a wall.
    Wall,
    /// It attacks only if the defender controls a land of this type.
    DefenderLacks(String),
    /// It is already attacking in a band with these others.
    InBand(Vec<CardId>),
    /// It is already attacking.
    AlreadyAttacking,
}

/// Why a creature cannot block an attacker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoBlock {
    /// The player does not control it in play.
    NotControlled,
    /// It is not a creature.
    NotCreature,
    /// It is tapped.
    Tapped,
    /// It already blocks.
    AlreadyBlocks,
    /// The attacker flies and the blocker does not.
    Flying,
    /// The attacker has protection from one of the blocker's colours.
    Protection(Color),
    /// The attacker walks through a land type the blocking player controls.
    Landwalk(String),
    /// The attacker has fear and the blocker is neither black nor an artifact creature.
    Fear,
}

impl Refusal {
    /// The rule that forbids the line.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        match self {
            Self::AttackIntentionAnswered { .. }
            | Self::AttackOutsideOwnMain { .. }
            | Self::AlreadyAttacked { .. }
            | Self::AttacksForbidden { .. } => STEP0,
            Self::MustAttack { .. } => Rule::g("Must Attack or Block"),
            Self::MustDeclareAttack { .. } => Rule::g("Turn Order, Phase 4: Main Phase (an attack must be declared)"),
            Self::DeclarationNotResponse { alpha: true } => Rule::a(
                "p.25: fast effects may come during the declarations; p.19, p.30: while a spell is being cast only interrupts may, and nothing else happens until both players have finished",
            ),
            Self::DeclarationNotResponse { alpha: false } => Rule::g("Spell and Ability Timing, Who Announces First"),
            Self::AttackersPastStep { .. }
            | Self::NotTheAttacker { .. }
            | Self::AttackerNamedTwice { .. }
            | Self::CannotAttack { .. } => ATTACKERS,
            Self::BandWithoutBanding { .. } => BAND,
            Self::NothingToBlock
            | Self::BlockersPastStep { .. }
            | Self::BlocksClosed { .. }
            | Self::AttackerBlocks { .. }
            | Self::NotAttacking { .. }
            | Self::CannotBlock { .. } => BLOCKERS,
            Self::CastNotFromHand { .. } => Rule::g(
                "Spell and Ability Timing, Kinds and Speeds: casting a spell means playing a card from your hand",
            ),
            // A card out of play has no ability to play; Alpha says so of a permanent an
            // interrupt destroyed (003 p.34), hence its own section for the citation tables.
            Self::AbilityNotControlled { place, .. } => Rule::g(if matches!(place.zone, Zone::Play) {
                "Who Plays Abilities"
            } else {
                "Who Plays Abilities: the controller of the card in play"
            }),
            Self::TappedArtifact { .. } => Rule::g("Artifact: tapped artifacts lose their abilities"),
            Self::InterruptTooLate { .. } | Self::NothingToInterrupt | Self::NotInnermost { .. } => STEP2,
            Self::ManaSourceUninterruptible { .. } => Rule::g("Mana Source"),
            Self::NotPreventionInStep { .. } => DP_MAIN,
            Self::PreventionOutsideStep { .. } => DP_ONLY,
            Self::BatchResolving => Rule::g("Spell and Ability Timing, Step 4: Resolution"),
            Self::NoPlayInPhase { .. } => {
                Rule::g("Turn Order: no spells before or during untap (Phase 1), none in cleanup (Phase 6)")
            }
            Self::SorceryOutsideMain { .. } | Self::SorceryInAttack { .. } | Self::SorceryResponds { .. } => SORCERY,
            Self::NoTargets { .. }
            | Self::NeedsTarget { .. }
            | Self::OneTarget { .. }
            | Self::TargetCount { .. }
            | Self::TargetTwice { .. } => STEP1,
            Self::CannotTarget { at_spell: true, .. } => STEP2,
            Self::CannotTarget { at_spell: false, .. } => TARGETING,
            Self::NoColorDamage { .. } | Self::NoDamageToPrevent { .. } | Self::NothingToReverse { .. } => NO_DAMAGE,
            Self::NoPriority { .. } => NO_PRIORITY,
            Self::LandAsResponse
            | Self::LandOutsideOwnMain { .. }
            | Self::LandNotInHand { .. }
            | Self::NotALand { .. } => LANDS,
            Self::SecondLand { .. } => Rule::r5("Main Phase: one land per turn"),
            Self::ExpansionBarred { .. } => Rule::g(
                "Token Creatures: \"expansion killer\" cards such as City in a Bottle read the expansion symbol",
            ),
            Self::ManaSourceNotControlled { .. }
            | Self::ManaSourceTapped { .. }
            | Self::NoManaAbility { .. }
            | Self::ManaKindUnnamed { .. }
            | Self::CannotMake { .. } => MANA_SOURCE,
            Self::SickTap { .. } => Rule::g("Summoning Sickness"),
            Self::CannotPayMidResolution { .. } => {
                Rule::g("Spell and Ability Timing, Step 4: Resolution (mana sources only between steps)")
            }
            Self::CannotPay { .. } => PAY_FIRST,
            Self::CannotPayInAnnouncement { .. } => STEP1,
            Self::NoSuchAbility { .. } => KINDS,
            Self::TappedTap { .. } => STEP1,
            Self::OneSourceOnly { .. } => Rule::g("Damage Prevention (glossary): all damage of a type"),
            Self::RegenerateBuried { sacrificed: false, .. } => Rule::g("Bury"),
            Self::RegenerateBuried { sacrificed: true, .. } => {
                Rule::g("Sacrifice: a sacrificed creature may not even be regenerated, cost or effect")
            }
            Self::RegenerateNotDestroyed { .. } => Rule::g("Regeneration"),
            Self::NoAttackForStep { .. } | Self::StepPassed { .. } => Rule::g("Attack Phase Rules and Rulings"),
            Self::NoFirstDraw { .. } => Rule::g("Turn Order, Starting the Game"),
            Self::PhasePassed { .. } => Rule::g("Turn Order Rules and Rulings"),
            Self::DiscardNotInHand { .. } => Rule::g("Turn Order, Phase 5: Discard"),
            Self::NotAChoice { .. } => STEP4,
            Self::UpkeepNotYours { .. } | Self::UpkeepAmount { .. } => UPKEEP_COSTS,
            Self::Cost { fault, .. } => fault.rule(),
            Self::UpkeepLock { .. } => super::costs::PHASE_COST,
            Self::EntryLock { .. } => Rule::g(
                "Comes Into Play Effects: a permanent's abilities wait for its own comes-into-play effect, mana sources too",
            ),
            Self::Division { .. } => STEP1,
            Self::NotActiveOrders { .. } | Self::OrderAll { .. } => ACTIVE_ORDERS_ALL,
            Self::OrderOwn { .. } => ORDER,
            Self::AlphaOrderTwo | Self::AlphaOrderSame | Self::AlphaLaterChooses { .. } => LATER_CHOOSES,
            Self::RegenerationNotYours { .. } | Self::DoesNotControl { .. } => CONTROLLER_PAYS,
            Self::NoRegeneration { .. } => REGEN,
            Self::NoManaMidResolution { .. } => STEP4_MANA,
            Self::PaymentAmount { .. } | Self::LifeForMana { .. } | Self::LifeAmount { .. } => STEP4,
            Self::TriggerTarget { .. } => Rule::g("Spell and Ability Timing, Triggered Abilities"),
            Self::PhaseEffect { .. } => Rule::g("Phase Effects and Phase Abilities"),
            Self::CopyTarget { .. } => Rule::g("Copy Cards"),
            Self::ResolutionChoice { needs_target: true, .. } => {
                Rule::g("Targeting: a card that needs a target when cast needs one however it is brought into play")
            }
            Self::ResolutionChoice { .. } => STEP4,
            Self::NotOffered { .. } => STEP4,
            Self::CannotPayLife { .. } => Rule::g("Costs: life cannot be paid below zero"),
            Self::Unasked { what, .. } => match what {
                Unasked::Assign => Rule::g("Attack Phase, Step 5+6: First Strike and non-FirstStrike Damage Dealing"),
                Unasked::Order => ORDER,
                Unasked::Discard => {
                    Rule::g("Turn Order, Phase 5: Discard (only down to seven, at the end of the phase)")
                }
                Unasked::Pay => STEP4,
                Unasked::Sacrifice | Unasked::Put | Unasked::Choose => STEP4,
                Unasked::Target | Unasked::Choice => Rule::g("Spell and Ability Timing, Triggered Abilities"),
            },
            Self::BetweenTurns => Rule::g("Turn Order, Phase 6: Cleanup"),
            Self::NothingToResolve => Rule::g("Spell and Ability Timing, Batches of Spells and Abilities"),
            Self::AssignOutside { band: true, .. } | Self::DivisionTotal { band: true, .. } => BAND,
            Self::AssignOutside { band: false, .. } | Self::DivisionTotal { band: false, .. } => DAMAGE,
            Self::CannotDivide { .. } => DAMAGE,
            Self::Regeneration4e { .. } => PLAYING,
            Self::ManaIsInterrupt { .. } => {
                Rule::f4("Timing: tapping a land for mana is always an interrupt; Rules About Phases")
            }
            Self::CombatM13 { rule, .. } => *rule,
            Self::ManaWithoutPriority { .. } => {
                Rule::m("Priority (L1182): nobody gets priority in the untap and cleanup steps; Mana Ability (L1062)")
            }
        }
    }
}

impl Engine<'_> {
    /// The refusal in words, as the trace prints it.
    pub(crate) fn refusal_text(&self, r: &Refusal) -> String {
        match r {
            Refusal::AttackIntentionAnswered { attacker } => format!(
                "{} has declared the intention to attack; only {} may respond to it now",
                self.pname(*attacker),
                self.pname(attacker.other())
            ),
            Refusal::DeclarationNotResponse { .. } if self.on_the_stack() => {
                "attackers and blockers are declared as a step begins, and a step ends only when both players pass with the stack empty (M13 rulebook, Parts of the Turn, 001 L478): something is still on the stack".to_owned()
            }
            Refusal::DeclarationNotResponse { .. } => {
                "declarations of the attack are not responses: a spell is being cast or a batch is waiting".to_owned()
            }
            Refusal::AttackOutsideOwnMain { player } => {
                format!("{} may attack only in {}'s own main phase", self.pname(*player), self.pname(*player))
            }
            Refusal::AlreadyAttacked { player } => format!("{} has already attacked this turn", self.pname(*player)),
            Refusal::AttacksForbidden { player } => {
                format!("creatures cannot attack this turn, so {} cannot declare an attack", self.pname(*player))
            }
            Refusal::MustDeclareAttack { card } => format!(
                "{} must attack this turn and is able to: an attack must be declared before the main phase ends",
                self.label(*card)
            ),
            Refusal::MustAttack { card } => {
                format!("{} must attack this turn and is able to: it must be among the attackers", self.label(*card))
            }
            Refusal::AttackersPastStep { step } => format!(
                "attackers are declared in the declare attackers step, and the attack is in its {} step",
                step.name()
            ),
            Refusal::NotTheAttacker { active } => format!("only {} attacks this turn", self.pname(*active)),
            Refusal::AttackerNamedTwice { card } => format!("{} is named twice", self.label(*card)),
            Refusal::BandWithoutBanding { band, without } => format!(
                "{} cannot attack in one band: only one member of a band may lack banding, and {} have none",
                self.labels(band),
                without.iter().map(|&c| self.label(c)).collect::<Vec<_>>().join(" and ")
            ),
            Refusal::CannotAttack { card, player, why } => {
                let name = self.label(*card);
                let w = match why {
                    NoAttack::NotControlled => format!("{} does not control {name} in play", self.pname(*player)),
                    NoAttack::NotCreature => format!("{name} is not a creature"),
                    NoAttack::Tapped => format!("{name} is tapped"),
                    NoAttack::Sick => {
                        format!("{name} is summoning sick: it has not been in play since the start of the turn")
                    }
                    NoAttack::Wall => format!("{name} is a wall and cannot attack"),
                    NoAttack::DefenderLacks(land) => {
                        {
                            // "an Island", "a Swamp": the land may have been changed by a text change.
                            let article = if land.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
                            format!("it may attack only if {} controls {article} {land}", self.pname(player.other()))
                        }
                    }
                    NoAttack::InBand(others) => format!(
                        "{name} is already attacking, in a band with {}; a creature added to a band cannot leave it (002 Banding)",
                        self.labels(others)
                    ),
                    NoAttack::AlreadyAttacking => format!("{name} is already attacking"),
                };
                format!("{name} cannot attack: {w}")
            }
            Refusal::NothingToBlock => "no attack is in progress, so there is nothing to block".to_owned(),
            Refusal::BlocksClosed { card } => format!(
                "{} was cast at the end of the declaration of blockers, once every block was made: no more blockers may be declared",
                self.label(*card)
            ),
            Refusal::BlockersPastStep { step } => format!(
                "blockers are declared in the declare blockers step, and the attack is in its {} step",
                step.name()
            ),
            Refusal::AttackerBlocks { player } => format!("{} is attacking and cannot block", self.pname(*player)),
            Refusal::NotAttacking { card } => format!("{} is not an attacking creature", self.label(*card)),
            Refusal::CannotBlock { blocker, attacker, player, why } => {
                let name = self.label(*blocker);
                let a = self.label(*attacker);
                let w = match why {
                    NoBlock::NotControlled => format!("{} does not control {name} in play", self.pname(*player)),
                    NoBlock::NotCreature => format!("{name} is not a creature"),
                    NoBlock::Tapped => format!("{name} is tapped; only untapped creatures can block"),
                    NoBlock::AlreadyBlocks => format!("{name} already blocks; a blocker can block only one attacker"),
                    NoBlock::Flying => format!("{a} has flying and {name} does not"),
                    NoBlock::Protection(col) => format!("{a} has protection from {}", col.name()),
                    NoBlock::Fear => format!("{a} has fear and {name} is neither black nor an artifact creature"),
                    NoBlock::Landwalk(land) => {
                        format!("{a} has {land}walk and {} controls a {land}", self.pname(*player))
                    }
                };
                format!("{name} cannot block {a}: {w}")
            }
            Refusal::CastNotFromHand { card, player, place } => format!(
                "{} is not in {}'s hand (it is in {})",
                self.label(*card),
                self.pname(*player),
                self.place_text(place)
            ),
            Refusal::AbilityNotControlled { card, player, place } => format!(
                "{} does not control {} in play (it is in {})",
                self.pname(*player),
                self.label(*card),
                self.place_text(place)
            ),
            Refusal::TappedArtifact { card } => {
                format!("{} is a tapped artifact: it has lost its abilities until it untaps", self.label(*card))
            }
            Refusal::InterruptTooLate { spell } => format!(
                "{} was already successfully cast and waits in a batch; an interrupt may target only a spell while it is being cast",
                self.slabel(*spell)
            ),
            Refusal::ManaSourceUninterruptible { card } => format!(
                "{} is a mana source: it resolved as soon as it was announced and can never be interrupted",
                self.label(*card)
            ),
            Refusal::NothingToInterrupt => {
                "no spell is being cast, so there is nothing an interrupt can target".to_owned()
            }
            Refusal::NotPreventionInStep { card } => format!(
                "only spells and abilities that prevent or redirect damage may be played in a damage prevention step, and {} does not",
                self.label(*card)
            ),
            Refusal::PreventionOutsideStep { card, needs_damage, .. } => format!(
                "{} prevents damage, so it may be played only during a damage prevention step{}",
                self.label(*card),
                if *needs_damage { " where there is damage to prevent" } else { "" }
            ),
            Refusal::BatchResolving => {
                "a batch is resolving: nothing new may be announced until it is empty".to_owned()
            }
            Refusal::NoPlayInPhase { phase, mana } => {
                let phase = self.pol.phases[*phase];
                if *mana {
                    format!("no spell or ability may be played in the {phase} phase (only mana sources)")
                } else {
                    format!("no spell or ability may be played in the {phase} phase, not even for mana")
                }
            }
            Refusal::SorceryOutsideMain { card, active, phase } => format!(
                "{} may be cast only during its caster's own main phase (now: {}'s {} phase)",
                self.label(*card),
                self.pname(*active),
                self.pol.phases[*phase]
            ),
            Refusal::SorceryInAttack { card, step } => {
                format!("{} cannot be cast during an attack (now: its {} step)", self.label(*card), step.name())
            }
            Refusal::SorceryResponds { card } if self.on_the_stack() => {
                format!("{} may be cast only while the stack is empty", self.label(*card))
            }
            Refusal::SorceryResponds { card } => {
                format!("{} can only start a batch, never respond to one", self.label(*card))
            }
            Refusal::NoTargets { card } => format!("{} has no targets", self.label(*card)),
            Refusal::NeedsTarget { card } => format!("{} needs a target", self.label(*card)),
            Refusal::TargetCount { card, wanted, named } => {
                format!("{} takes {wanted} targets, the line names {named}", self.label(*card))
            }
            Refusal::OneTarget { card, named } => {
                format!("{} takes one target, the line names {named}", self.label(*card))
            }
            Refusal::TargetTwice { target } => {
                format!("{} is chosen twice; the same target may not be selected twice", self.tlabel(*target))
            }
            Refusal::CannotTarget { card, target, fault, .. } => format!(
                "{} cannot target {}: {}",
                self.label(*card),
                self.tlabel(*target),
                self.target_fault_text(*target, fault)
            ),
            Refusal::NotInnermost { innermost, spell } => format!(
                "an interrupt may target only the spell most recently announced and still being cast ({}), not {}",
                innermost.map_or_else(|| "nothing".to_owned(), |w| self.slabel(w)),
                self.slabel(*spell)
            ),
            Refusal::NoColorDamage { player, color } => {
                format!("there is no damage to {} from a {} source to prevent", self.pname(*player), color.name())
            }
            Refusal::NoDamageToPrevent { target } => {
                format!("there is no damage to {} to prevent", self.tlabel(*target))
            }
            Refusal::NoPriority { phase } => {
                format!("nobody receives priority in the {} phase", self.pol.phases[*phase])
            }
            Refusal::LandAsResponse => {
                "a land cannot be played while a spell is being cast or a batch is waiting: a land is not a response"
                    .to_owned()
            }
            Refusal::LandOutsideOwnMain { player, active, phase } => format!(
                "{} may play a land only in {}'s own main phase (now: {}'s {} phase)",
                self.pname(*player),
                self.pname(*player),
                self.pname(*active),
                self.pol.phases[*phase]
            ),
            Refusal::LandNotInHand { card, player } => {
                format!("{} is not in {}'s hand", self.label(*card), self.pname(*player))
            }
            Refusal::NotALand { card } => format!("{} is not a land", self.label(*card)),
            Refusal::ExpansionBarred { card, by, set } => format!(
                "{} bears the {set} expansion symbol, and {} in play says {set} cards cannot be played",
                self.label(*card),
                self.label(*by)
            ),
            Refusal::SecondLand { player } => format!("{} has already played a land this turn", self.pname(*player)),
            Refusal::ManaSourceNotControlled { card, player, place } => format!(
                "{} does not control {} in play (it is in {})",
                self.pname(*player),
                self.label(*card),
                self.place_text(place)
            ),
            Refusal::ManaSourceTapped { card } => format!("{} is already tapped", self.label(*card)),
            Refusal::SickTap { card } => {
                format!("{} is summoning sick: its tap ability cannot be used", self.label(*card))
            }
            Refusal::NoManaAbility { card } => format!("{} has no ability that taps it for mana", self.label(*card)),
            Refusal::ManaKindUnnamed { card } => format!("{} makes more than one kind of mana", self.label(*card)),
            Refusal::CannotMake { card, mana } => format!("{} cannot make {mana}", self.label(*card)),
            Refusal::CannotPayMidResolution { player, cost, what, have } => format!(
                "{} cannot pay {cost} for {what}: mana pool {}, and no mana source may be used while {what} resolves",
                self.pname(*player),
                pool_text(have)
            ),
            Refusal::CannotPayInAnnouncement { player, cost, what, have } => format!(
                "{} cannot pay {cost} for {what}: mana pool {}, and nobody may get mana during an announcement",
                self.pname(*player),
                pool_text(have)
            ),
            Refusal::CannotPay { player, cost, what, have, could } => {
                let could = pool_text(could);
                format!(
                    "{} cannot pay {cost} for {what}: mana pool {}; untapped mana sources that pay automatically: {}",
                    self.pname(*player),
                    pool_text(have),
                    if could == "empty" { "none".to_owned() } else { could }
                )
            }
            Refusal::NoSuchAbility { card } => format!("{} has no such ability", self.label(*card)),
            Refusal::TappedTap { card } => {
                format!("{} is tapped, so its tap ability cannot be used", self.label(*card))
            }
            Refusal::OneSourceOnly { card } => {
                format!("{} prevents damage from one source only; name one", self.label(*card))
            }
            Refusal::NothingToReverse { player } => format!(
                "no damage has been dealt to {} this turn by that source, so there is none to reverse",
                self.pname(*player)
            ),
            Refusal::RegenerateBuried { card, sacrificed: false } => {
                format!("{} was buried: a buried creature may not be regenerated", self.label(*card))
            }
            Refusal::RegenerateBuried { card, sacrificed: true } => {
                format!("{} was sacrificed: a sacrificed creature may not be regenerated", self.label(*card))
            }
            Refusal::NoAttackForStep { step } => {
                format!("no attack is in progress, so there is no {} step", step.name())
            }
            Refusal::StepPassed { step, now } => {
                format!("the {} step does not come again in this attack (now: {})", step.name(), now.name())
            }
            Refusal::NoFirstDraw { active } => {
                format!("{} goes first: this turn has no draw phase", self.pname(*active))
            }
            Refusal::PhasePassed { phase, now, stop } => {
                let reason = format!(
                    "the {} phase does not come again this turn (now: the {} phase)",
                    self.pol.phases[*phase], self.pol.phases[*now]
                );
                if *stop { format!("`stop:` cannot be reached: {reason}") } else { reason }
            }
            Refusal::NotAChoice { card, what } => format!("{} is not {what}", self.label(*card)),
            Refusal::DiscardNotInHand { card, player } => {
                format!("{} is not in {}'s hand", self.label(*card), self.pname(*player))
            }
            Refusal::UpkeepNotYours { player, payer, card } => format!(
                "{} does not control {}: {} pays its upkeep",
                self.pname(*player),
                self.label(*card),
                self.pname(*payer)
            ),
            Refusal::Cost { card, fault } => self.cost_fault_text(*card, fault),
            Refusal::Division { card, amount, division, targets } => {
                let named: Vec<String> = division.iter().map(ToString::to_string).collect();
                format!(
                    "{} divides {amount} damage among its {targets} target(s): write one amount of at least 1 for each target, in their order, adding up to {amount} (`dividing {}` does not)",
                    self.label(*card),
                    named.join(", ")
                )
            }
            Refusal::EntryLock { card } => format!(
                "{}'s comes-into-play cost is not dealt with yet: none of its abilities may be used until it is, mana abilities included",
                self.label(*card)
            ),
            Refusal::UpkeepLock { card } => format!(
                "{} has an upkeep cost not yet dealt with: its abilities may not be used in its controller's upkeep until then",
                self.label(*card)
            ),
            Refusal::UpkeepAmount { card, cost, answer, .. } => {
                format!("{}'s upkeep costs {cost}, not {answer}", self.label(*card))
            }
            Refusal::NotActiveOrders { player, active } => format!(
                "{} is not the active player: under these rules {} orders all the effects that happen together",
                self.pname(*player),
                self.pname(*active)
            ),
            Refusal::OrderAll { cards } => format!(
                "the abilities that triggered together are those of {}: the order must name each of them once",
                self.names_joined(cards)
            ),
            Refusal::OrderOwn { player, cards } => format!(
                "{}'s abilities that triggered together are those of {}: the order must name each of them once",
                self.pname(*player),
                self.names_joined(cards)
            ),
            Refusal::AlphaOrderTwo => "under the Alpha rules an order names two spells of the batch taking effect: the later one and the one it goes before or after".to_owned(),
            Refusal::AlphaOrderSame => "the order names the same spell twice".to_owned(),
            Refusal::AlphaLaterChooses { later, other } => format!(
                "{} was cast after {} by the other player: the caster of the later spell chooses",
                self.slabel(*later),
                self.slabel(*other)
            ),
            Refusal::RegenerationNotYours { source, controller, card } => format!(
                "{} is controlled by {}: only a permanent's controller may pay its activation cost, whoever controls {}",
                self.label(*source),
                self.pname(*controller),
                self.label(*card)
            ),
            Refusal::NoRegeneration { player, card } => format!(
                "{} has no regeneration ability that {} can use on {}",
                self.pname(*player),
                self.pname(*player),
                self.label(*card)
            ),
            Refusal::DoesNotControl { player, card } => {
                format!("{} does not control {}", self.pname(*player), self.label(*card))
            }
            Refusal::NoManaMidResolution { spell } => {
                format!("no mana source may be used while {} resolves", self.slabel(*spell))
            }
            Refusal::LifeAmount { what, amount, answer, .. } => format!("{what} asks for {amount}, not {answer}"),
            Refusal::PaymentAmount { spell, amount, answer, .. } => {
                format!("{} asks for {amount}, not {answer}", self.slabel(*spell))
            }
            Refusal::ResolutionChoice { card, why, .. } => {
                format!("{}'s effect does not allow that answer: {why}", self.label(*card))
            }
            Refusal::TriggerTarget { card, why } => {
                format!("{}'s triggered ability cannot be played so: {why}", self.label(*card))
            }
            Refusal::NotOffered { card, why } => format!("{} does not offer that choice: {why}", self.label(*card)),
            Refusal::CopyTarget { card, why } => format!("{} cannot copy so: {why}", self.label(*card)),
            Refusal::PhaseEffect { card, why } => {
                format!("{}'s phase effect cannot be played so: {why}", self.label(*card))
            }
            Refusal::LifeForMana { what, amount, .. } => {
                format!("{what} asks for {amount} mana, not life")
            }
            Refusal::CannotPayLife { payer, amount, life } => format!(
                "{} cannot pay {amount} life with {life} life: life cannot be paid below zero",
                self.pname(*payer)
            ),
            Refusal::Unasked { player, what } => {
                let what = match what {
                    Unasked::Assign => "has no combat damage to assign now",
                    Unasked::Order => "has no abilities that triggered together to order now",
                    Unasked::Discard => "is not asked to discard now",
                    Unasked::Pay => "is not asked to pay now",
                    Unasked::Target => "has no triggered ability asking for targets now",
                    Unasked::Sacrifice => "is not asked to sacrifice a permanent now",
                    Unasked::Put => "is not asked to put a card into play now",
                    Unasked::Choose => "is not asked to choose a card now",
                    Unasked::Choice => "is not asked that choice now",
                };
                format!("{} {what}", self.pname(*player))
            }
            Refusal::BetweenTurns => {
                "the turn is over and the next has not begun: there is no time between turns to act".to_owned()
            }
            Refusal::NothingToResolve => {
                "nothing is being cast or waiting in a batch, so there is nothing to resolve".to_owned()
            }
            Refusal::AssignOutside { source, band } => format!(
                "{} can assign damage only to {}",
                self.label(*source),
                if *band { "the members of the band it blocks" } else { "the creatures blocking it" }
            ),
            Refusal::DivisionTotal { source, power, total, band } => format!(
                "{} has {power} power to divide among {}, and the lines assign {total}",
                self.label(*source),
                if *band { "the band" } else { "its blockers" }
            ),
            Refusal::CannotDivide { player, source, why } => {
                let (p, from) = (self.pname(*player), self.label(*source));
                match why {
                    NoDivision::BandDamage => format!(
                        "{p} does not divide the damage of {from}: the attacking player divides a band's damage (002 Banding)"
                    ),
                    NoDivision::NotAttacking => {
                        format!("{from} is not an attacking creature; only an attacker's damage is divided")
                    }
                    NoDivision::NotBlocked => {
                        format!("{from} is not blocked: all its damage goes to the defending player")
                    }
                    NoDivision::OtherDivides { divider, banding } => format!(
                        "{p} does not divide the damage of {from}: {} does, since {} (002 Banding: damage sharing, L1417-1419)",
                        self.pname(*divider),
                        if *banding {
                            "one of its blockers has banding"
                        } else {
                            "none of its blockers still in the combat has banding"
                        }
                    ),
                    NoDivision::NotToBlockers => format!("{from} can assign damage only to the creatures blocking it"),
                    NoDivision::BandWithoutBanding => format!(
                        "{p} does not divide the damage of {from}: no member of the band it blocks has banding any more, so the band stays together but shares no damage (002 Banding, L1450-1453)"
                    ),
                }
            }
            Refusal::Regeneration4e { card, in_step } => self.regeneration_4e_text(*card, *in_step),
            Refusal::CombatM13 { reason, .. } => reason.clone(),
            Refusal::ManaWithoutPriority { phase } => format!(
                "nobody gets priority in the {} step and no cost is being paid, so no mana ability may be activated",
                self.pol.phases[*phase]
            ),
            Refusal::ManaIsInterrupt { phase } => format!(
                "no fast effect may be played in the {} phase, and under these rules tapping for mana is an interrupt",
                self.pol.phases[*phase]
            ),
            Refusal::RegenerateNotDestroyed { card, .. } => format!(
                "{} is not being destroyed: regeneration is a specialized ability, used only when the creature would go to the graveyard",
                self.label(*card)
            ),
        }
    }

    /// Card labels joined with commas.
    /// A cost fault in words.
    fn cost_fault_text(&self, card: CardId, fault: &super::costs::CostFault) -> String {
        use super::costs::CostFault as F;
        let name = self.label(card);
        match fault {
            F::NoSacrificeCost => format!("{name}'s cost has no sacrifice in it: nothing may be sacrificed to it"),
            F::SacrificeCount { needed, named, what } => {
                format!("{name}'s cost is to {what}: {needed} to sacrifice, {named} named")
            }
            F::NotYours(c) => format!(
                "{} is controlled by {}: a player may sacrifice only what they control",
                self.label(*c),
                self.pname(self.game.card(*c).controller)
            ),
            F::NotInPlay(c) => format!("{} is not in play, so it cannot be sacrificed", self.label(*c)),
            F::OnItsWay(c) => {
                format!("{} is on its way to the graveyard, so it cannot be sacrificed", self.label(*c))
            }
            F::DiscardCount { needed, named } => {
                format!("{name}'s cost discards {needed} card(s) from the payer's hand: {named} named")
            }
            F::ReturnCount { needed, have, land } => {
                format!("{name}'s cost returns {needed} {land}(s) to hand, and the payer controls {have}")
            }
            F::NotInHand(c) => format!("{} is not in the payer's hand, so it cannot be discarded", self.label(*c)),
            F::Twice(c) => format!("{} is named twice: a permanent can be sacrificed only once", self.label(*c)),
            F::DoesNotFit(c, what) => format!("{}'s cost is to {what}, and {} is not one", name, self.label(*c)),
            F::Draw { have, need } => {
                format!("the cost draws {need} cards and the library holds {have}: a cost must be paid in full")
            }
            F::Life { life, cost } => format!(
                "paying {cost} life at {life} life would take the payer below 0 (a life cost needs more than 0 life and may go down to exactly 0)"
            ),
            F::Counters { have, need, kind } => {
                if crate::engine::chars::is_unnamed_counter(kind) {
                    // 002 L1890-1893: only the counters it made itself count.
                    format!(
                        "{name} has {have} {kind} counters of its own, and the cost removes {need} (an unnamed counter another card put on it works only with that card)"
                    )
                } else {
                    format!("{name} has {have} {kind} counters, and the cost removes {need}")
                }
            }
            F::Mandatory => format!("{name}'s upkeep cost must be paid when it can be: it is not optional"),
            F::OnlyInUpkeep => format!("{name}'s ability may be used only during its controller's upkeep"),
            F::OnlyAfterBlocks => {
                format!("{name}'s ability may be used only in an attack, after blockers are declared and before damage")
            }
            F::OnlyAtEndOfBlocks => format!(
                "{name} may be cast only at the end of the declaration of blockers, once the blocks are made (write it right after the last `blocks` line)"
            ),
            F::OnlyDuringCombat => format!(
                "{name}'s ability may be used only during combat, from the declaration of attackers on (before it, fast effects are played in the main phase)"
            ),
            F::OnceEachTurn => {
                format!("{name}'s ability may be used only once each turn, and its player has used it this turn")
            }
            F::SpendCap { cap, spent, cost } => format!(
                "no more than {cap} may be spent on {name}'s ability each turn: {spent} spent already, and this use costs {cost}"
            ),
            F::OnlyBeforeOpponentsAttack => format!(
                "{name} may be played only during an opponent's turn, before the attack (not after the main phase, nor once attackers are declared)"
            ),
            F::NoAttackThisTurn => format!(
                "{name} may be played only when the player it forces can still declare an attack this turn, and creatures cannot attack this turn"
            ),
            F::OnlyInOpponentsUpkeep => format!("{name} may be cast only during an opponent's upkeep"),
        }
    }

    fn names_joined(&self, cards: &[CardId]) -> String {
        cards.iter().map(|&c| self.label(c)).collect::<Vec<_>>().join(", ")
    }

    /// The refusal's hint for the scenario's author, if it has one.
    pub(crate) fn refusal_hint(&self, r: &Refusal) -> Option<String> {
        let hint = match r {
            Refusal::UpkeepAmount { payer, cost, .. } => {
                let (name, n) = (self.pname(*payer), cost.total());
                return Some(format!("write `{name} pays {n}` or `{name} does not pay`"));
            }
            Refusal::PaymentAmount { payer, amount, .. } => {
                let name = self.pname(*payer);
                return Some(format!("write `{name} pays {amount}` or `{name} does not pay`"));
            }
            Refusal::LifeForMana { payer, amount, .. } | Refusal::LifeAmount { payer, amount, .. } => {
                let name = self.pname(*payer);
                return Some(format!("write `{name} pays {amount}` or `{name} does not pay`"));
            }
            Refusal::CannotPayLife { payer, .. } => {
                return Some(format!("write `{} does not pay`", self.pname(*payer)));
            }
            Refusal::NoAttackForStep { .. } => "declare the attack first: `declares an attack` or `attacks with`",
            Refusal::NoFirstDraw { .. } => "write `go to main`",
            Refusal::PhasePassed { stop: false, .. } => "write `go to next turn` first",
            Refusal::PhasePassed { stop: true, .. } => "use `stop: next turn`",
            Refusal::AlphaOrderTwo => "write `P orders LATER, EARLIER` (before) or `P orders EARLIER, LATER` (after)",
            Refusal::NoManaMidResolution { .. } => "tap the mana before the line that resolves it",
            Refusal::Unasked { what, .. } => match what {
                Unasked::Assign => "`assigns` lines belong to an attack, before its damage step",
                Unasked::Order => "write it right after the line whose resolution makes them trigger",
                Unasked::Discard => {
                    "write it right after the line that ends the discard phase, such as a `go to` the phase after it"
                }
                Unasked::Pay => "write the answer right after the line that resolves the spell asking for it",
                Unasked::Target => "write it right after the line that makes the ability trigger",
                Unasked::Sacrifice | Unasked::Put | Unasked::Choose => {
                    "write it right after the line that resolves the spell or ability asking for it"
                }
                Unasked::Choice => "write it right after the line that makes the ability trigger or the spell resolve",
            },
            Refusal::BetweenTurns => "write `go to next turn` (or `go to PHASE`) first",
            Refusal::NothingToResolve => "remove this line, or write `go to PHASE` to move on",
            Refusal::AttackIntentionAnswered { .. } => {
                "write the spell before `declares an attack`, or after the attackers are declared"
            }
            Refusal::DeclarationNotResponse { .. } | Refusal::SorceryResponds { .. } => {
                "write `resolve` before this line"
            }
            Refusal::InterruptTooLate { .. } => {
                "write the interrupt right after the line that announces the spell it answers"
            }
            Refusal::PreventionOutsideStep { pending: true, .. } => {
                "write `resolve` before this line: the damage prevention step comes when the damage is dealt"
            }
            Refusal::NeedsTarget { .. } => "add `on TARGET`",
            Refusal::NoPriority { .. } => "write `go to PHASE` to move on",
            Refusal::LandAsResponse => "write `resolve` before this line",
            Refusal::ManaKindUnnamed { .. } => "write `taps CARD for M`",
            Refusal::CannotPayMidResolution { .. } => {
                "tap the mana before the line that resolves it: `taps` lines while you hold priority"
            }
            Refusal::CannotPayInAnnouncement { .. } => {
                "the mana must be in the pool before the line that announces the ability: `taps` lines before it"
            }
            Refusal::CannotPay { .. } => {
                "mana must be in the pool before announcing: write `taps` lines for other sources, or use `costs: free`"
            }
            Refusal::RegenerateNotDestroyed { pending: true, .. } => {
                "write `resolve` before this line: regeneration is used when the creature is being destroyed"
            }
            _ => return None,
        };
        Some(hint.to_owned())
    }
}
