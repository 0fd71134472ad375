//! Why a line is refused: a typed reason that carries its rule citation and its hint.
//!
//! A refusal holds ids and numbers, never prose; its words are made in one place
//! (`Engine::refusal_text` / `Engine::refusal_hint`) when the `Illegal` event is emitted, with
//! the scenario's names and labels. The citation lives with the reason (`Refusal::rule`); the
//! edition's citation table still translates it when the event is emitted.

use super::Engine;
use super::announce::KINDS;
use super::combat::{ATTACKERS, BAND, BLOCKERS, STEP0};
use super::legality::{DP_MAIN, DP_ONLY, STEP1, STEP2, TARGETING};
use super::mana::{MANA_SOURCE, PAY_FIRST, pool_text};
use super::state::{AttackStep, CardId, PlayerId, SpellId, Target, Zone};
use crate::grammar::ability::TargetKind;
use crate::grammar::mana::{Color, ManaCost};

/// The rule for sorcery-speed limits.
const SORCERY: Rule =
    Rule::g("Spell and Ability Timing, Kinds and Speeds: sorceries, summons, artifacts and enchantments");
/// The rule for preventing damage that is not there.
const NO_DAMAGE: Rule = Rule::g("Damage Prevention (glossary): only with damage to prevent");
/// The rule for a moment without priority.
const NO_PRIORITY: Rule = Rule::g("Turn Order: no spells before or during untap (Phase 1), none in cleanup (Phase 6)");
/// The rule for playing a land.
pub(super) const LANDS: Rule = Rule::g("Spell and Ability Timing, Kinds and Speeds: playing a land");
use crate::trace::Rule;

/// Why a line is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A reason not yet given its own variant: its words, rule and hint as text.
    Text {
        /// What is wrong, in plain words.
        reason: String,
        /// The rule that forbids it.
        rule: Rule,
        /// A hint for the scenario's author.
        hint: Option<String>,
    },
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
    /// A second attack in one turn.
    AlreadyAttacked {
        /// Who attacked.
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
    /// Regeneration of a buried creature.
    RegenerateBuried {
        /// The creature.
        card: CardId,
    },
    /// Regeneration of a creature not being destroyed.
    RegenerateNotDestroyed {
        /// The creature.
        card: CardId,
        /// Something is being cast or waiting.
        pending: bool,
    },
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
    /// It is not attacking.
    NotAttacking,
    /// It has protection from the spell's colour.
    Protection(Color),
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
}

impl Refusal {
    /// The rule that forbids the line.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        match self {
            Self::Text { rule, .. } => *rule,
            Self::AttackIntentionAnswered { .. } | Self::AttackOutsideOwnMain { .. } | Self::AlreadyAttacked { .. } => {
                STEP0
            }
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
            Self::NoTargets { .. } | Self::NeedsTarget { .. } | Self::OneTarget { .. } | Self::TargetTwice { .. } => {
                STEP1
            }
            Self::CannotTarget { at_spell: true, .. } => STEP2,
            Self::CannotTarget { at_spell: false, .. } => TARGETING,
            Self::NoColorDamage { .. } | Self::NoDamageToPrevent { .. } | Self::NothingToReverse { .. } => NO_DAMAGE,
            Self::NoPriority { .. } => NO_PRIORITY,
            Self::LandAsResponse
            | Self::LandOutsideOwnMain { .. }
            | Self::LandNotInHand { .. }
            | Self::NotALand { .. } => LANDS,
            Self::SecondLand { .. } => Rule::r5("Main Phase: one land per turn"),
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
            Self::NoSuchAbility { .. } => KINDS,
            Self::TappedTap { .. } => STEP1,
            Self::OneSourceOnly { .. } => Rule::g("Damage Prevention (glossary): all damage of a type"),
            Self::RegenerateBuried { .. } => Rule::g("Bury"),
            Self::RegenerateNotDestroyed { .. } => Rule::g("Regeneration"),
        }
    }
}

impl Engine<'_> {
    /// The refusal in words, as the trace prints it.
    pub(crate) fn refusal_text(&self, r: &Refusal) -> String {
        match r {
            Refusal::Text { reason, .. } => reason.clone(),
            Refusal::AttackIntentionAnswered { attacker } => format!(
                "{} has declared the intention to attack; only {} may respond to it now",
                self.pname(*attacker),
                self.pname(attacker.other())
            ),
            Refusal::DeclarationNotResponse { .. } => {
                "declarations of the attack are not responses: a spell is being cast or a batch is waiting".to_owned()
            }
            Refusal::AttackOutsideOwnMain { player } => {
                format!("{} may attack only in {}'s own main phase", self.pname(*player), self.pname(*player))
            }
            Refusal::AlreadyAttacked { player } => format!("{} has already attacked this turn", self.pname(*player)),
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
                        format!("it may attack only if {} controls an {land}", self.pname(player.other()))
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
            Refusal::SorceryResponds { card } => {
                format!("{} can only start a batch, never respond to one", self.label(*card))
            }
            Refusal::NoTargets { card } => format!("{} has no targets", self.label(*card)),
            Refusal::NeedsTarget { card } => format!("{} needs a target", self.label(*card)),
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
            Refusal::RegenerateBuried { card } => {
                format!("{} was buried: a buried creature may not be regenerated", self.label(*card))
            }
            Refusal::RegenerateNotDestroyed { card, .. } => format!(
                "{} is not being destroyed: regeneration is a specialized ability, used only when the creature would go to the graveyard",
                self.label(*card)
            ),
        }
    }

    /// The refusal's hint for the scenario's author, if it has one.
    pub(crate) fn refusal_hint(&self, r: &Refusal) -> Option<String> {
        let hint = match r {
            Refusal::Text { hint, .. } => return hint.clone(),
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
