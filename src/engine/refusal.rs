//! Why a line is refused: a typed reason that carries its rule citation and its hint.
//!
//! A refusal holds ids and numbers, never prose; its words are made in one place
//! (`Engine::refusal_text` / `Engine::refusal_hint`) when the `Illegal` event is emitted, with
//! the scenario's names and labels. The citation lives with the reason (`Refusal::rule`); the
//! edition's citation table still translates it when the event is emitted.

use super::Engine;
use super::combat::{ATTACKERS, BAND, BLOCKERS, STEP0};
use super::state::{AttackStep, CardId, PlayerId};
use crate::grammar::mana::Color;
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
        }
    }

    /// The refusal's hint for the scenario's author, if it has one.
    pub(crate) fn refusal_hint(&self, r: &Refusal) -> Option<String> {
        let hint = match r {
            Refusal::Text { hint, .. } => return hint.clone(),
            Refusal::AttackIntentionAnswered { .. } => {
                "write the spell before `declares an attack`, or after the attackers are declared"
            }
            Refusal::DeclarationNotResponse { .. } => "write `resolve` before this line",
            _ => return None,
        };
        Some(hint.to_owned())
    }
}
