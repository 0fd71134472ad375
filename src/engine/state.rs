//! The game state: small, owned and cheap to clone. No rules here.

use crate::cards::DefId;
use crate::grammar::ability::Change;
use crate::grammar::mana::Color;

/// A physical card, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u16);

/// A player: 0 or 1, in file order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The other player.
    #[must_use]
    pub const fn other(self) -> Self {
        Self(1 - self.0)
    }

    /// As an index.
    #[must_use]
    pub const fn ix(self) -> usize {
        self.0 as usize
    }
}

/// A spell or ability announced during the run, by index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpellId(pub u16);

/// Where a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Zone {
    /// In a library.
    Library,
    /// In a hand.
    Hand,
    /// In play.
    Play,
    /// In a graveyard.
    Graveyard,
    /// Removed from the game.
    Removed,
    /// Announced and not yet resolved (002 Step 1: limbo).
    Limbo,
}

impl Zone {
    /// The zone's name in the trace.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Library => "library",
            Self::Hand => "hand",
            Self::Play => "play",
            Self::Graveyard => "graveyard",
            Self::Removed => "removed from game",
            Self::Limbo => "limbo",
        }
    }
}

/// One physical card and, in play, its permanent state.
#[derive(Clone, Debug, Hash)]
pub struct Card {
    /// Its definition.
    pub def: DefId,
    /// Its owner.
    pub owner: PlayerId,
    /// Its controller (in play) or caster (in limbo).
    pub controller: PlayerId,
    /// Where it is.
    pub zone: Zone,
    /// Order within its zone (graveyard top is highest).
    pub seq: u32,
    /// Tapped.
    pub tapped: bool,
    /// Damage marked this turn.
    pub damage: u32,
    /// Summoning sick.
    pub sick: bool,
    /// Counters by kind.
    pub counters: Vec<(String, u32)>,
    /// What a local enchantment enchants.
    pub enchanting: Option<CardId>,
    /// A word chosen as it was cast that its abilities use (Phantasmal Terrain's land type).
    pub chosen: Option<String>,
    /// Its toughness as it was last sacrificed, if it was a creature then (what an effect
    /// reading "the sacrificed creature's toughness" uses: Diamond Valley).
    pub sacrificed_toughness: Option<i32>,
    /// Its own definition while in play as a copy of another card (Clone): `def` is then the
    /// copied card's, and this one comes back when it leaves play.
    pub own_def: Option<DefId>,
    /// The controller it had before a control effect (Control Magic) took it, while one does.
    pub control_base: Option<PlayerId>,
    /// The copied definition it had as it last left play (what a Sacrifice paid with it
    /// reads: 002 L1776-1778); cleared by its next move.
    pub left_as: Option<DefId>,
}

/// A player's state.
#[derive(Clone, Debug, Hash)]
pub struct Player {
    /// Life total.
    pub life: i32,
    /// Mana pool in WUBRG order, then colourless.
    pub pool: [u32; 6],
    /// A land was played this turn.
    pub land_played: bool,
    /// Mana burn taken this run.
    pub burned: u32,
    /// Unknown cards in the library (below the known ones).
    pub library_unknown: u32,
    /// Unknown cards in the hand (drawn from the unknown part of the library).
    pub hand_unknown: u32,
    /// Lost the game.
    pub lost: bool,
}

/// A target as chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A card (a permanent).
    Card(CardId),
    /// A player.
    Player(PlayerId),
    /// A spell or ability being cast.
    Spell(SpellId),
}

/// Which of the card's effects a spell or ability uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// Cast from hand: the N-th of the card's spell effects (modes counted).
    Spell(u8),
    /// The N-th activated ability (from 0).
    Ability(u8),
    /// The N-th triggered ability (from 0).
    Triggered(u8),
}

/// What became of a spell or ability.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// In its interrupt window.
    BeingCast,
    /// In a batch, waiting.
    Waiting,
    /// Countered.
    Countered,
    /// Fizzled.
    Fizzled,
    /// Resolved (for some or all targets).
    Resolved,
}

/// A spell or ability announced.
#[derive(Clone, Debug, Hash)]
pub struct Spell {
    /// The card it comes from.
    pub card: CardId,
    /// Who announced it.
    pub controller: PlayerId,
    /// Which effect.
    pub source: Source,
    /// Targets in order.
    pub targets: Vec<Target>,
    /// X paid.
    pub x: u32,
    /// Source colours locked in at announcement (002 Step 1).
    pub colors: Vec<Color>,
    /// For damage prevention: the sources whose packets are meant (`choosing SOURCE, ...`),
    /// in the order named; empty when none was named.
    pub packet_sources: Vec<CardId>,
    /// A word chosen at announcement (`choosing blue`: the new word of a text change).
    pub chosen: Option<String>,
    /// The word a text change replaces, when named (`choosing Forest instead of Plains`).
    pub replaced: Option<String>,
    /// An ability's text changes as they stood when it was announced: later ones do not reach
    /// it (002 L3671-3676).
    pub text: Vec<(String, String)>,
    /// The permanents sacrificed to pay its cost (in their owners' graveyards now).
    pub sacrificed: Vec<CardId>,
    /// The cards discarded to pay its cost.
    pub discarded: Vec<CardId>,
    /// For an ability of a local enchantment: the permanent it enchanted when the ability was
    /// announced, which the ability affects even if the enchantment moves before it resolves
    /// (002 L2858-2863: locked in on announcement).
    pub enchanted: Option<CardId>,
    /// A condition of the effect held as it was announced, so its other amount applies
    /// (Gangrenous Zombies with a snow-covered Swamp: 002 L2821-2825).
    pub alternative: bool,
    /// Its source's power when it was announced (what an ability that uses its source's power
    /// reads: 002 L1215-1223).
    pub source_power: i32,
    /// Damage divided among its targets as its caster chose (`dividing`), in target order.
    pub division: Vec<u32>,
    /// What became of it.
    pub status: Status,
    /// For a triggered ability: what the event that triggered it names (`that player`, `that
    /// creature`, `that much`), and whether this is its delayed part.
    pub event: Option<EventContext>,
}

/// What an event gives the triggered ability it triggers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct EventContext {
    /// `that creature`, `enchanted creature` as it was, the spell's card, the land tapped.
    pub card: Option<CardId>,
    /// `that player`.
    pub player: Option<PlayerId>,
    /// `that much`: the damage dealt.
    pub amount: u32,
    /// `that spell`: the spell cast.
    pub spell: Option<SpellId>,
    /// The controller of `card` when the event happened (`its controller`).
    pub card_controller: Option<PlayerId>,
    /// The toughness `card` last had in play, for `damage equal to its toughness`.
    pub toughness: i32,
    /// This is the delayed part of a scheduled effect, happening now.
    pub delayed: bool,
    /// The block that triggered it, (blocker, attacker): undone if the block is (False Orders).
    pub block: Option<(CardId, CardId)>,
}

/// Something that happened in the game, recorded where it happens so that the abilities it
/// triggers are found from the records (002 Triggered Abilities: a trigger happens when its
/// condition is met at any time, and is dealt with at the next trigger time).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Happening {
    /// A phase began (after its beginning effects of the engine: untap, draw).
    PhaseBegins(usize),
    /// A creature was declared an attacker.
    Attacks(CardId),
    /// A creature blocks an attacker: `assigned` when it was declared against it (not through
    /// a band; 002 Flanking keys on assignment).
    Blocks {
        /// The blocker.
        blocker: CardId,
        /// The attacker.
        attacker: CardId,
        /// Declared against this attacker rather than a member of its band.
        assigned: bool,
    },
    /// An attacker is unblocked at the end of the declaration of blockers.
    NotBlocked(CardId),
    /// A spell was announced (cast, not yet successfully: 002 L964-969).
    Announced(SpellId),
    /// A spell was successfully cast (not an ability).
    Cast(SpellId),
    /// A permanent came into play.
    EntersPlay(CardId),
    /// A local enchantment was moved onto another permanent: it counts as freshly entering
    /// play for its own comes-into-play abilities only; other cards see a move (002 L2838-2845).
    Moved(CardId),
    /// A permanent left play for `to`; its state as it last was in play.
    LeavesPlay {
        /// The card.
        card: CardId,
        /// Where it went.
        to: Zone,
        /// Its controller then.
        controller: PlayerId,
        /// What enchanted it then.
        attached: Vec<CardId>,
        /// Its counters then.
        counters: Vec<(String, u32)>,
        /// Its until-end-of-turn power and toughness changes then.
        eot: (i32, i32),
    },
    /// Damage was successfully dealt (002 Damage, Sub-Step C).
    Damage {
        /// The source.
        source: CardId,
        /// The recipient.
        to: Target,
        /// How much.
        amount: u32,
    },
    /// Damage was assigned: a packet as a damage prevention step starts (002 L1110-1114).
    DamageAssigned {
        /// The source.
        source: CardId,
        /// The recipient.
        to: Target,
        /// How much.
        amount: u32,
    },
    /// A player tapped a permanent for mana (the mana source has resolved).
    TappedForMana {
        /// The permanent.
        card: CardId,
        /// Who tapped it.
        player: PlayerId,
    },
    /// An activated ability was announced.
    Activated(CardId),
}

/// An effect scheduled by a resolution to happen later (002 Delayed or Scheduled Effects).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Delayed {
    /// When it happens.
    pub when: crate::grammar::ability::Moment,
    /// The card whose ability scheduled it.
    pub card: CardId,
    /// That ability: the card's triggered ability (`Source::Triggered`) or spell effect.
    pub source: Source,
    /// Who controls it.
    pub controller: PlayerId,
    /// What its event named.
    pub event: EventContext,
}

/// A packet of damage: one source to one recipient (002 Damage).
#[derive(Clone, Debug, Hash)]
pub struct Packet {
    /// The card whose spell or ability dealt it.
    pub source: CardId,
    /// Colours of the source when it was dealt.
    pub colors: Vec<Color>,
    /// Recipient: a creature or a player.
    pub to: Target,
    /// Damage left in the packet.
    pub amount: u32,
    /// Combat damage from a trampling attacker to a blocker (redirected in Sub-Step B).
    pub trample: bool,
    /// Combat damage from an unblocked attacker to the defending player.
    pub unblocked: bool,
}

/// The steps of an attack, in order (002 Attack Phase; contract step names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AttackStep {
    /// Step 0: the intention to attack has been declared; the defender may respond.
    DeclareAttack,
    /// Beginning of the attack.
    BeginningOfAttack,
    /// Step 1: attackers are declared.
    DeclareAttackers,
    /// Step 2: fast effects before blocking.
    BeforeBlocks,
    /// Step 3: blockers are declared.
    DeclareBlockers,
    /// Step 4: fast effects after blocking.
    AfterBlocks,
    /// Step 5: first strike damage.
    FirstStrikeDamage,
    /// Step 6: damage.
    Damage,
    /// Step 7: end of combat.
    EndOfCombat,
}

impl AttackStep {
    /// Every step, in order.
    pub const ALL: [Self; 9] = [
        Self::DeclareAttack,
        Self::BeginningOfAttack,
        Self::DeclareAttackers,
        Self::BeforeBlocks,
        Self::DeclareBlockers,
        Self::AfterBlocks,
        Self::FirstStrikeDamage,
        Self::Damage,
        Self::EndOfCombat,
    ];

    /// The step's name in scenario files.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::DeclareAttack => "declare attack",
            Self::BeginningOfAttack => "beginning of attack",
            Self::DeclareAttackers => "declare attackers",
            Self::BeforeBlocks => "before blocks",
            Self::DeclareBlockers => "declare blockers",
            Self::AfterBlocks => "after blocks",
            Self::FirstStrikeDamage => "first strike damage",
            Self::Damage => "damage",
            Self::EndOfCombat => "end of combat",
        }
    }

    /// The step named, if any.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|x| x.name() == s)
    }

    /// The step of the M13 rules' combat phase this moment belongs to: the priority after a
    /// declaration is part of the declaration's step (001 L506-514).
    #[must_use]
    pub const fn m13_owner(self) -> Self {
        match self {
            Self::BeginningOfAttack => Self::DeclareAttack,
            Self::BeforeBlocks => Self::DeclareAttackers,
            Self::AfterBlocks => Self::DeclareBlockers,
            other => other,
        }
    }

    /// The step before.
    #[must_use]
    pub fn prev(self) -> Option<Self> {
        Self::ALL.iter().position(|&x| x == self).and_then(|i| i.checked_sub(1)).map(|i| Self::ALL[i])
    }

    /// The next step.
    #[must_use]
    pub fn next(self) -> Option<Self> {
        Self::ALL.iter().position(|&x| x == self).and_then(|i| Self::ALL.get(i + 1)).copied()
    }
}

/// An attack in progress.
#[derive(Clone, Debug, Hash)]
pub struct Combat {
    /// The current step.
    pub step: AttackStep,
    /// Attackers, in the order declared.
    pub attackers: Vec<CardId>,
    /// Blocks: each attacker with its blockers, in the order declared.
    pub blocks: Vec<(CardId, Vec<CardId>)>,
    /// Creatures removed from combat (killed, regenerated, bounced).
    pub removed: Vec<CardId>,
    /// Creatures with first strike at the start of the first strike damage step (002 L457-461).
    pub first_strikers: Vec<CardId>,
    /// Attacking bands, fixed when declared (002 Banding, L1413-1416).
    pub bands: Vec<Vec<CardId>>,
    /// Each blocker with the attacker it was declared against (a band's other members follow).
    pub declared: Vec<(CardId, CardId)>,
    /// Fourth Edition: regenerated combatants, still in the combat but dealing and receiving
    /// no more damage (002 Changes: Regeneration).
    pub inert: Vec<CardId>,
    /// A spell cast at the end of the declaration of blockers (False Orders): the blocks are
    /// all made, and no more may be declared (002 L428-431).
    pub blocks_closed_by: Option<CardId>,
}

impl Combat {
    /// A new attack at `step`.
    #[must_use]
    pub const fn new(step: AttackStep) -> Self {
        Self {
            step,
            attackers: Vec::new(),
            blocks: Vec::new(),
            removed: Vec::new(),
            first_strikers: Vec::new(),
            bands: Vec::new(),
            declared: Vec::new(),
            inert: Vec::new(),
            blocks_closed_by: None,
        }
    }

    /// The blockers of an attacker (empty if unblocked).
    #[must_use]
    pub fn blockers_of(&self, a: CardId) -> &[CardId] {
        self.blocks.iter().find(|(x, _)| *x == a).map_or(&[], |(_, b)| b.as_slice())
    }

    /// Whether the attacker is blocked (it stays blocked when its blockers leave: 002 Step 3).
    #[must_use]
    pub fn is_blocked(&self, a: CardId) -> bool {
        !self.blockers_of(a).is_empty()
    }

    /// The attacker a creature blocks, if it blocks.
    #[must_use]
    pub fn blocked_by(&self, b: CardId) -> Option<CardId> {
        self.declared
            .iter()
            .find(|(x, _)| *x == b)
            .map(|(_, a)| *a)
            .or_else(|| self.blocks.iter().find(|(_, bs)| bs.contains(&b)).map(|(a, _)| *a))
    }

    /// The attacking band a creature belongs to, if any.
    #[must_use]
    pub fn band_of(&self, a: CardId) -> Option<&[CardId]> {
        self.bands.iter().find(|band| band.contains(&a)).map(Vec::as_slice)
    }

    /// Whether the creature is still in combat (declared and not removed).
    #[must_use]
    pub fn in_combat(&self, c: CardId) -> bool {
        !self.removed.contains(&c) && (self.attackers.contains(&c) || self.blocked_by(c).is_some())
    }
}

/// An effect lasting until end of turn on a permanent.
#[derive(Clone, Debug, Hash)]
pub struct UntilEot {
    /// The permanent.
    pub card: CardId,
    /// When it took effect (from the counter of [`Game::seq`]: 002 L2996-2999, a one-shot
    /// effect enters play when it resolves).
    pub stamp: u32,
    /// What it changes.
    pub change: Change,
    /// It lasts as long as the card stays in play (a Lace, a Sleight of Mind), not until the
    /// end of the turn; one made on a spell carries over to the permanent it becomes (002
    /// L1665-1668).
    pub lasting: bool,
    /// A tap-and-hold effect: it ends when this permanent untaps or leaves play (002
    /// Tap-and-Hold, L3593-3606), and does not end with the turn.
    pub while_tapped: Option<CardId>,
    /// It ends with the combat (Jade Statue's "until end of combat"), or with the turn if no
    /// end of combat comes.
    pub until_combat_end: bool,
}

/// What a priority context is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CtxKind {
    /// The main body of a phase.
    Phase,
    /// The main part of a damage prevention step: only prevention may be played.
    Prevention,
}

/// An interrupt window: a spell being cast and the interrupts that succeeded against it.
#[derive(Clone, Debug, Hash)]
pub struct Window {
    /// The spell being cast.
    pub spell: SpellId,
    /// Its batch of interrupts, in order cast.
    pub interrupts: Vec<SpellId>,
    /// Priority before the spell was announced, restored if it is countered (002 Who Announces First).
    pub saved: (PlayerId, u8),
    /// Interrupts already successfully cast against the same spell as this one, waiting for it
    /// to take effect first (4e, Alpha), in the order they take effect.
    pub waiting: Vec<SpellId>,
}

/// A place where players take turns to act: windows, a batch, who holds priority.
#[derive(Clone, Debug, Hash)]
pub struct Ctx {
    /// What it is for.
    pub kind: CtxKind,
    /// Interrupt windows, innermost last.
    pub windows: Vec<Window>,
    /// The batch, in order cast.
    pub batch: Vec<SpellId>,
    /// Who may act now.
    pub holder: PlayerId,
    /// Passes in a row.
    pub passes: u8,
}

impl Ctx {
    /// A fresh context where `first` acts first.
    #[must_use]
    pub const fn new(kind: CtxKind, first: PlayerId) -> Self {
        Self { kind, windows: Vec::new(), batch: Vec::new(), holder: first, passes: 0 }
    }

    /// Nothing open: no window, empty batch.
    #[must_use]
    pub fn is_neutral(&self) -> bool {
        self.windows.is_empty() && self.batch.is_empty()
    }
}

/// One change to a card, a player, an effect or the attack, recorded as it is made. Every
/// change goes through a [`Game`] method that appends one of these to the journal; the state
/// checks read the journal to know whether anything they look at has changed since they last
/// looked (`Engine::state_checks`), instead of each rule remembering to call them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Mutation {
    /// A card changed zones.
    Moved {
        /// The card.
        card: CardId,
        /// Where it was.
        from: Zone,
        /// Where it went.
        to: Zone,
    },
    /// A permanent was tapped; `true` when it may be the source of a static ability that
    /// changes characteristics (a tapped artifact's are off: 002 L1015-1018).
    Tapped(CardId, bool),
    /// A permanent was untapped (the flag as for `Tapped`).
    Untapped(CardId, bool),
    /// Damage was marked on a creature.
    Damaged(CardId, u32),
    /// The damage marked on a creature was removed (regeneration, cleanup).
    DamageRemoved(CardId),
    /// Counters were put on (positive) or removed from (negative) a permanent.
    Counters(CardId, i64),
    /// A permanent changed controller.
    Control(CardId, PlayerId),
    /// A local enchantment was attached to a permanent, or unattached (`None`).
    Attached(CardId, Option<CardId>),
    /// A permanent's summoning sickness was set or cleared.
    Sickness(CardId, bool),
    /// A card took on another definition (a copy) or a chosen word.
    Became(CardId),
    /// A player's life total changed.
    Life(PlayerId, i32),
    /// A player lost the game.
    Lost(PlayerId),
    /// A continuous effect began or ended on a card.
    Effect(CardId),
    /// Unknown cards entered or left a player's hand.
    UnknownHand(PlayerId),
    /// An unknown card left a player's library for the graveyard (a draw denied by Zur's
    /// Weirding).
    UnknownMilled(PlayerId),
    /// The attack changed (declared, a creature removed from it, a step passed).
    Combat,
    /// The game was set up: everything is new to every check.
    SetUp,
}

/// The whole game.
#[derive(Clone, Debug)]
pub struct Game {
    /// Every physical card (changed only through the recording methods below).
    cards: Vec<Card>,
    /// Both players (changed only through the recording methods below).
    players: [Player; 2],
    /// The active player.
    pub active: PlayerId,
    /// Index of the current phase in the edition's phase list.
    pub phase: usize,
    /// Turns begun during the run.
    pub turn: u32,
    /// Priority contexts, innermost last; the first is the phase's main body.
    pub ctx: Vec<Ctx>,
    /// Every spell and ability announced.
    pub spells: Vec<Spell>,
    /// Damage waiting in the current damage prevention step.
    pub packets: Vec<Packet>,
    /// Until-end-of-turn and lasting effects on cards (changed through the recording methods).
    eot: Vec<UntilEot>,
    /// Counter for zone order.
    pub seq: u32,
    /// Damage prevention steps so far.
    pub dp_steps: u32,
    /// The attack in progress, if any (changed through [`Game::combat_mut`], which records).
    combat: Option<Combat>,
    /// Creatures deal no combat damage this turn (Fog).
    pub no_combat_damage: bool,
    /// Creatures cannot attack this turn (Festival): no attack may be declared, and attack-or-die
    /// effects are not legal (002 L1395-1397).
    pub no_attack: bool,
    /// (source, creature) pairs: damage successfully dealt this turn.
    pub damaged: Vec<(CardId, CardId)>,
    /// Creatures put into the graveyard from play since triggers were last looked at.
    pub died: Vec<CardId>,
    /// What has happened since triggers were last looked at, in order.
    pub happened: Vec<Happening>,
    /// Effects scheduled for later, in the order scheduled.
    pub delayed: Vec<Delayed>,
    /// Activated abilities announced this turn, by card (for `activated N times this turn`).
    pub activations: Vec<(CardId, u32)>,
    /// Draw phases each player is to skip (one entry per skip).
    pub skip_draws: Vec<PlayerId>,
    /// Creatures that deal no combat damage this turn (Farrel's Zealot used its ability).
    pub no_combat_from: Vec<CardId>,
    /// Permanent spells cast as instants at a moment a sorcery could not be (Armor of Thorns):
    /// their delayed effect is scheduled as they come into play.
    pub cast_as_instant: Vec<CardId>,
    /// Effects until end of turn made by abilities a block triggered: (blocker, attacker,
    /// first stamp, last stamp), undone with the block if it is undone (False Orders).
    pub block_effects: Vec<(CardId, CardId, u32, u32)>,
    /// Keywords granted until a player's next upkeep: (creature, keyword, that player).
    until_upkeep: Vec<(CardId, crate::grammar::ability::Keyword, PlayerId)>,
    /// State triggers that fired and whose condition still holds (they fire once per time the
    /// condition becomes true).
    pub state_fired: Vec<(CardId, u8)>,
    /// Permanents buried during the run (a buried creature may not be regenerated).
    pub buried: Vec<CardId>,
    /// Creatures that cannot regenerate and leave the game instead of dying this turn.
    pub disintegrated: Vec<CardId>,
    /// Damage successfully dealt to players this turn: (player, source, amount).
    pub player_damage: Vec<(PlayerId, CardId, u32)>,
    /// The active player has attacked this turn.
    pub attacked: bool,
    /// The turn's last phase has ended and the next turn has not begun: no time to act.
    pub between_turns: bool,
    /// The run starts on the game's first turn: its player skips that turn's draw.
    pub first_turn: bool,
    /// Fourth Edition: permanents "on the way to the graveyard" in the damage prevention step
    /// now open, sent there by a destroy or bury effect (bury: true), with the cause.
    pub on_its_way: Vec<(CardId, bool, String)>,
    /// Fourth Edition: creatures regenerated in the damage prevention step now open (only one
    /// regeneration succeeds; their damage is ignored at the end of the step).
    pub regenerated: Vec<CardId>,
    /// Permanents whose upkeep cost has been dealt with in the upkeep now under way (their
    /// abilities are free again: 002 Phase Cost, L3038-3045).
    pub upkeep_dealt: Vec<CardId>,
    /// Phase effects a player has played in the phase now under way: (card, triggered ability
    /// index, the ability played). Each is used once per phase (002 L3118).
    pub phase_effects: Vec<(CardId, u8, SpellId)>,
    /// Alpha: preventions set up before the damage they prevent.
    pub shields: Vec<super::alpha::Shield>,
    /// Control changes until end of turn: (permanent, new controller, timestamp) (Wellspring).
    control_eot: Vec<(CardId, PlayerId, u32)>,
    /// Creatures that must attack this turn and are destroyed at end of turn if they did not
    /// (Nettling Imp, Siren's Call: 002 Attack or Die Effects).
    pub must_attack: Vec<CardId>,
    /// The creatures declared as attackers this turn.
    pub attacked_with: Vec<CardId>,
    /// Mana spent this turn on capped abilities: (card, ability index, total).
    pub spent: Vec<(CardId, u8, u32)>,
    /// Once-each-turn abilities used this turn: (card, ability index, player).
    pub used: Vec<(CardId, u8, PlayerId)>,
    /// m13: regeneration shields, one entry per shield, used up by the next destruction this
    /// turn and gone in cleanup (001 L1213-1217).
    pub regen_shields: Vec<CardId>,
    /// The cards in play in order, kept between moves: the rules look at every permanent
    /// many times a turn, and scanning every card each time (libraries included) would make
    /// a long game quadratic. Emptied by [`Game::move_card`], the only way zones change.
    pub in_play_cache: std::cell::RefCell<Option<Vec<CardId>>>,
    /// The static abilities in play that change characteristics, in timestamp order, kept
    /// between moves (see `engine::chars`). Emptied by [`Game::move_card`].
    pub statics_cache: std::cell::RefCell<Option<std::sync::Arc<super::chars::Statics>>>,
    /// The rules switch off a tapped non-creature artifact's continuous effects (5e, 4e and
    /// Alpha: 002 L1339-1342): set from the edition as the game is set up, never in play.
    pub tapped_artifacts_off: bool,
    /// Every change, in order, since the journal was last cleared (see [`Mutation`]).
    journal: Vec<Mutation>,
    /// How far into the journal each state check has read (see [`Check`]).
    read: [usize; Check::COUNT],
}

/// A state check that reads the journal: each keeps its own place in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// Lethal damage and toughness 0 or less.
    Lethal,
    /// Local enchantments with nothing they may enchant, and control from enchantments.
    Attachments,
}

impl Check {
    const COUNT: usize = 2;

    /// Whether a change can matter to this check. Anything that may change a characteristic
    /// (a move changes the statics in play and hand sizes; an effect; the attack, for effects
    /// on attackers; tapping a permanent whose static abilities change characteristics, since a
    /// tapped artifact's continuous effects are off, 002 L1015-1018) matters to both; life and
    /// other tapping matter to neither.
    #[must_use]
    pub const fn reads(self, m: &Mutation) -> bool {
        match m {
            Mutation::Life(..) | Mutation::Lost(_) | Mutation::Tapped(_, false) | Mutation::Untapped(_, false) => false,
            Mutation::Damaged(..) | Mutation::DamageRemoved(_) | Mutation::Counters(..) | Mutation::Sickness(..) => {
                matches!(self, Self::Lethal)
            }
            _ => true,
        }
    }
}

/// The whole state but the caches and the journal (a search tells positions apart by it; the
/// journal only tells the checks where to look, and they find the same from the state).
impl std::hash::Hash for Game {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.cards.hash(h);
        self.players.hash(h);
        (self.active, self.phase, self.turn, self.seq, self.dp_steps).hash(h);
        self.ctx.hash(h);
        self.spells.hash(h);
        self.packets.hash(h);
        self.eot.hash(h);
        self.combat.hash(h);
        (self.no_combat_damage, self.no_attack, self.attacked, self.between_turns, self.first_turn).hash(h);
        self.damaged.hash(h);
        self.died.hash(h);
        self.happened.hash(h);
        self.delayed.hash(h);
        self.activations.hash(h);
        self.no_combat_from.hash(h);
        self.cast_as_instant.hash(h);
        self.block_effects.hash(h);
        self.skip_draws.hash(h);
        self.until_upkeep.hash(h);
        self.state_fired.hash(h);
        self.buried.hash(h);
        (&self.must_attack, &self.attacked_with, &self.spent, &self.used).hash(h);
        self.disintegrated.hash(h);
        self.player_damage.hash(h);
        self.on_its_way.hash(h);
        self.regenerated.hash(h);
        self.shields.hash(h);
        self.regen_shields.hash(h);
        self.upkeep_dealt.hash(h);
        self.phase_effects.hash(h);
        self.control_eot.hash(h);
    }
}

impl Game {
    /// A game about to start from a scenario's setup: its cards, players, active player and
    /// phase, and the attack it starts in, if any.
    #[must_use]
    pub fn new(cards: Vec<Card>, players: [Player; 2], active: PlayerId, phase: usize, combat: Option<Combat>) -> Self {
        let seq = u32::try_from(cards.len()).unwrap_or(u32::MAX);
        let attacked = combat.is_some();
        Self {
            cards,
            players,
            active,
            phase,
            turn: 1,
            ctx: vec![Ctx::new(CtxKind::Phase, active)],
            spells: Vec::new(),
            packets: Vec::new(),
            eot: Vec::new(),
            seq,
            dp_steps: 0,
            combat,
            no_combat_damage: false,
            no_attack: false,
            damaged: Vec::new(),
            died: Vec::new(),
            happened: Vec::new(),
            delayed: Vec::new(),
            activations: Vec::new(),
            no_combat_from: Vec::new(),
            cast_as_instant: Vec::new(),
            block_effects: Vec::new(),
            skip_draws: Vec::new(),
            until_upkeep: Vec::new(),
            disintegrated: Vec::new(),
            state_fired: Vec::new(),
            buried: Vec::new(),
            player_damage: Vec::new(),
            attacked,
            between_turns: false,
            first_turn: false,
            on_its_way: Vec::new(),
            regenerated: Vec::new(),
            shields: Vec::new(),
            control_eot: Vec::new(),
            regen_shields: Vec::new(),
            upkeep_dealt: Vec::new(),
            phase_effects: Vec::new(),
            must_attack: Vec::new(),
            attacked_with: Vec::new(),
            spent: Vec::new(),
            used: Vec::new(),
            in_play_cache: std::cell::RefCell::new(None),
            statics_cache: std::cell::RefCell::new(None),
            tapped_artifacts_off: false,
            journal: vec![Mutation::SetUp],
            read: [0; Check::COUNT],
        }
    }

    /// The card.
    #[must_use]
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id.0)]
    }

    /// The card, mutably: only for the recording methods of this module.
    fn card_mut(&mut self, id: CardId) -> &mut Card {
        &mut self.cards[usize::from(id.0)]
    }

    /// Every card's id, in setup order.
    pub fn card_ids(&self) -> impl Iterator<Item = CardId> + use<> {
        (0..self.cards.len()).filter_map(|i| u16::try_from(i).ok().map(CardId))
    }

    /// Every card, in setup order.
    #[must_use]
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// Both players, in file order.
    #[must_use]
    pub const fn players(&self) -> &[Player; 2] {
        &self.players
    }

    /// A player.
    #[must_use]
    pub const fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.ix()]
    }

    /// The effects on cards, in the order they began.
    #[must_use]
    pub fn effects(&self) -> &[UntilEot] {
        &self.eot
    }

    /// The attack in progress.
    #[must_use]
    pub const fn combat(&self) -> Option<&Combat> {
        self.combat.as_ref()
    }

    /// The attack, to change it: recorded as a change to the attack whatever is done with it.
    pub fn combat_mut(&mut self) -> &mut Option<Combat> {
        self.journal.push(Mutation::Combat);
        &mut self.combat
    }

    /// The changes recorded since the journal was last cleared.
    #[must_use]
    pub fn journal(&self) -> &[Mutation] {
        &self.journal
    }

    /// Whether anything `check` reads has changed since it last finished looking.
    #[must_use]
    pub fn changed_for(&self, check: Check) -> bool {
        let from = self.read[check as usize];
        self.journal.get(from..).is_some_and(|new| new.iter().any(|m| check.reads(m)))
    }

    /// The check has looked at the game as it is now. The journal is emptied once every
    /// check has read all of it.
    pub fn checked(&mut self, check: Check) {
        self.read[check as usize] = self.journal.len();
        if self.read.iter().all(|&r| r == self.journal.len()) {
            self.journal.clear();
            self.read = [0; Check::COUNT];
        }
    }

    fn record(&mut self, m: Mutation) {
        self.journal.push(m);
    }

    /// Whether a permanent may be the source of a static ability that changes characteristics
    /// (when the statics in play are not known yet, it may).
    fn static_source(&self, id: CardId) -> bool {
        self.statics_cache.borrow().as_ref().is_none_or(|s| s.list.iter().any(|&(_, src, _)| src == id))
    }

    /// Taps a permanent.
    pub fn tap(&mut self, id: CardId) {
        self.card_mut(id).tapped = true;
        let source = self.static_source(id);
        self.record(Mutation::Tapped(id, source));
    }

    /// Marks damage on a creature (002 Damage, Sub-Step C: damage successfully dealt).
    pub fn mark_damage(&mut self, id: CardId, amount: u32) {
        let c = self.card_mut(id);
        c.damage = c.damage.saturating_add(amount);
        self.record(Mutation::Damaged(id, amount));
    }

    /// Removes the damage marked on a permanent.
    pub fn clear_damage(&mut self, id: CardId) {
        if self.card(id).damage > 0 {
            self.card_mut(id).damage = 0;
            self.record(Mutation::DamageRemoved(id));
        }
    }

    /// Puts `n` counters of `kind` on a permanent.
    pub fn add_counters(&mut self, id: CardId, kind: &str, n: u32) {
        let c = self.card_mut(id);
        match c.counters.iter_mut().find(|(k, _)| k == kind) {
            Some(slot) => slot.1 = slot.1.saturating_add(n),
            None => c.counters.push((kind.to_owned(), n)),
        }
        self.record(Mutation::Counters(id, i64::from(n)));
    }

    /// Removes up to `n` counters of `kind` from a permanent; how many were removed.
    pub fn remove_counters(&mut self, id: CardId, kind: &str, n: u32) -> u32 {
        let c = self.card_mut(id);
        let mut taken = 0;
        if let Some(slot) = c.counters.iter_mut().find(|(k, _)| k == kind) {
            taken = slot.1.min(n);
            slot.1 -= taken;
        }
        c.counters.retain(|(_, k)| *k > 0);
        if taken > 0 {
            self.record(Mutation::Counters(id, -i64::from(taken)));
        }
        taken
    }

    /// Removes every counter from a permanent.
    pub fn clear_counters(&mut self, id: CardId) {
        let n: u32 = self.card(id).counters.iter().map(|(_, n)| n).sum();
        self.card_mut(id).counters.clear();
        if n > 0 {
            self.record(Mutation::Counters(id, -i64::from(n)));
        }
    }

    /// Gives a permanent a new controller.
    pub fn set_controller(&mut self, id: CardId, p: PlayerId) {
        if self.card(id).controller != p {
            *self.in_play_cache.get_mut() = None;
            *self.statics_cache.get_mut() = None;
        }
        self.card_mut(id).controller = p;
        self.record(Mutation::Control(id, p));
    }

    /// Records the controller a control effect took a permanent from (`None` when it ends).
    pub fn set_control_base(&mut self, id: CardId, p: Option<PlayerId>) {
        self.card_mut(id).control_base = p;
    }

    /// Sets or clears a permanent's summoning sickness.
    pub fn set_sick(&mut self, id: CardId, sick: bool) {
        self.card_mut(id).sick = sick;
        self.record(Mutation::Sickness(id, sick));
    }

    /// Attaches a local enchantment to a permanent, or unattaches it.
    pub fn attach(&mut self, id: CardId, to: Option<CardId>) {
        *self.statics_cache.get_mut() = None;
        self.card_mut(id).enchanting = to;
        self.record(Mutation::Attached(id, to));
    }

    /// Sets the word chosen for a permanent's abilities (Phantasmal Terrain's land type).
    pub fn set_chosen(&mut self, id: CardId, word: Option<String>) {
        *self.statics_cache.get_mut() = None;
        self.card_mut(id).chosen = word;
        self.record(Mutation::Became(id));
    }

    /// Makes a card a copy of another definition, keeping its own to come back to.
    pub fn become_copy_of(&mut self, id: CardId, def: DefId) {
        *self.statics_cache.get_mut() = None;
        let c = self.card_mut(id);
        if c.own_def.is_none() {
            c.own_def = Some(c.def);
        }
        c.def = def;
        self.record(Mutation::Became(id));
    }

    /// Keeps the toughness a creature had as it was sacrificed.
    pub fn set_sacrificed_toughness(&mut self, id: CardId, t: Option<i32>) {
        self.card_mut(id).sacrificed_toughness = t;
    }

    /// Changes a player's life total by `delta`; returns (before, after).
    pub fn change_life(&mut self, p: PlayerId, delta: i32) -> (i32, i32) {
        let from = self.players[p.ix()].life;
        let to = from.saturating_add(delta);
        self.players[p.ix()].life = to;
        self.record(Mutation::Life(p, delta));
        (from, to)
    }

    /// A player loses the game.
    pub fn set_lost(&mut self, p: PlayerId) {
        self.players[p.ix()].lost = true;
        self.record(Mutation::Lost(p));
    }

    /// A player's mana pool, to add or spend mana (not a state any check reads).
    pub fn pool_mut(&mut self, p: PlayerId) -> &mut [u32; 6] {
        &mut self.players[p.ix()].pool
    }

    /// Empties a player's pool, counting what burned; returns the mana that was in it.
    pub fn empty_pool(&mut self, p: PlayerId, burn: bool) -> u32 {
        let pl = &mut self.players[p.ix()];
        let amount: u32 = pl.pool.iter().sum();
        pl.pool = [0; 6];
        if burn {
            pl.burned = pl.burned.saturating_add(amount);
        }
        amount
    }

    /// Marks that a player has played a land this turn (or not, as a turn begins).
    pub fn set_land_played(&mut self, p: PlayerId, played: bool) {
        self.players[p.ix()].land_played = played;
    }

    /// Takes the count of unknown cards in a player's hand (they are discarded).
    pub fn take_hand_unknown(&mut self, p: PlayerId) -> u32 {
        self.record(Mutation::UnknownHand(p));
        std::mem::take(&mut self.players[p.ix()].hand_unknown)
    }

    /// Puts the unknown top card of a player's library into the graveyard; false when none.
    pub fn mill_unknown(&mut self, p: PlayerId) -> bool {
        let pl = &mut self.players[p.ix()];
        if pl.library_unknown == 0 {
            return false;
        }
        pl.library_unknown -= 1;
        self.record(Mutation::UnknownMilled(p));
        true
    }

    /// Draws one unknown card from the unknown part of a player's library; false when none.
    pub fn draw_unknown(&mut self, p: PlayerId) -> bool {
        let pl = &mut self.players[p.ix()];
        if pl.library_unknown == 0 {
            return false;
        }
        pl.library_unknown -= 1;
        pl.hand_unknown += 1;
        self.record(Mutation::UnknownHand(p));
        true
    }

    /// Adds an effect on a card.
    pub fn add_effect(&mut self, e: UntilEot) {
        self.record(Mutation::Effect(e.card));
        self.eot.push(e);
    }

    /// Ends the effects `ends` picks.
    pub fn end_effects(&mut self, mut ends: impl FnMut(&UntilEot) -> bool) {
        let mut ended = Vec::new();
        self.eot.retain(|e| {
            let end = ends(e);
            if end {
                ended.push(e.card);
            }
            !end
        });
        for c in ended {
            self.record(Mutation::Effect(c));
        }
    }

    /// The spell.
    #[must_use]
    pub fn spell(&self, id: SpellId) -> &Spell {
        &self.spells[usize::from(id.0)]
    }

    /// The spell, mutably.
    pub fn spell_mut(&mut self, id: SpellId) -> &mut Spell {
        &mut self.spells[usize::from(id.0)]
    }

    /// The innermost priority context.
    #[must_use]
    pub fn top(&self) -> &Ctx {
        let n = self.ctx.len() - 1;
        &self.ctx[n]
    }

    /// The innermost priority context, mutably.
    pub fn top_mut(&mut self) -> &mut Ctx {
        let n = self.ctx.len() - 1;
        &mut self.ctx[n]
    }

    /// Cards in a zone (of one player for hand/graveyard/library; controller for play), in order.
    #[must_use]
    pub fn zone(&self, zone: Zone, player: Option<PlayerId>) -> Vec<CardId> {
        if zone == Zone::Play {
            let mut cache = self.in_play_cache.borrow_mut();
            let all = cache.get_or_insert_with(|| self.scan(Zone::Play, None));
            return all.iter().copied().filter(|&id| player.is_none_or(|p| self.card(id).controller == p)).collect();
        }
        self.scan(zone, player)
    }

    fn scan(&self, zone: Zone, player: Option<PlayerId>) -> Vec<CardId> {
        let mut ids: Vec<CardId> = (0..self.cards.len())
            .filter_map(|i| u16::try_from(i).ok().map(CardId))
            .filter(|&id| {
                let c = self.card(id);
                c.zone == zone
                    && player.is_none_or(|p| if zone == Zone::Play { c.controller == p } else { c.owner == p })
            })
            .collect();
        ids.sort_by_key(|&id| self.card(id).seq);
        ids
    }

    /// Moves a card to a zone, resetting its permanent state when it leaves play.
    pub fn move_card(&mut self, id: CardId, zone: Zone) {
        *self.in_play_cache.get_mut() = None;
        *self.statics_cache.get_mut() = None;
        self.seq += 1;
        let seq = self.seq;
        let before = self.card(id).clone();
        if before.zone == Zone::Play && zone != Zone::Play {
            let attached = (0..self.cards.len())
                .filter_map(|i| u16::try_from(i).ok().map(CardId))
                .filter(|&e| self.card(e).zone == Zone::Play && self.card(e).enchanting == Some(id))
                .collect();
            let eot = self
                .eot
                .iter()
                .filter(|e| e.card == id)
                .filter_map(|e| match e.change {
                    crate::grammar::ability::Change::Pump(p, t) => Some((p, t)),
                    _ => None,
                })
                .fold((0i32, 0i32), |(p, t), (dp, dt)| (p.saturating_add(dp), t.saturating_add(dt)));
            self.happened.push(Happening::LeavesPlay {
                card: id,
                to: zone,
                controller: before.controller,
                attached,
                counters: before.counters.clone(),
                eot,
            });
        } else if before.zone != Zone::Play && zone == Zone::Play {
            self.happened.push(Happening::EntersPlay(id));
        }
        self.record(Mutation::Moved { card: id, from: before.zone, to: zone });
        let c = self.card_mut(id);
        let left_play = c.zone == Zone::Play && zone != Zone::Play;
        c.zone = zone;
        c.seq = seq;
        if zone != Zone::Play {
            c.tapped = false;
            c.damage = 0;
            c.counters.clear();
            c.enchanting = None;
            c.chosen = None;
            c.controller = c.owner;
            c.left_as = None;
            c.control_base = None;
            if let Some(own) = c.own_def.take() {
                c.left_as = Some(c.def);
                c.def = own;
            }
        }
        // Effects on a card end when it goes anywhere but into play (a spell's Lace carries
        // over to the permanent it becomes).
        if left_play || zone != Zone::Play {
            self.end_effects(|e| e.card == id || e.while_tapped == Some(id));
            self.until_upkeep.retain(|e| e.0 != id);
            self.control_eot.retain(|e| e.0 != id);
        }
    }

    /// Untaps a permanent; the tap-and-hold effects it holds end (002 L3593-3606).
    pub fn untap(&mut self, id: CardId) {
        self.card_mut(id).tapped = false;
        let source = self.static_source(id);
        self.record(Mutation::Untapped(id, source));
        self.end_effects(|e| e.while_tapped == Some(id));
    }

    /// An effect on `card` until end of turn, stamped now (002 L2996-2999).
    pub fn until_end_of_turn(&mut self, card: CardId, change: crate::grammar::ability::Change) {
        let stamp = self.stamp();
        self.add_effect(UntilEot { card, stamp, change, lasting: false, while_tapped: None, until_combat_end: false });
    }

    /// An effect on `card` until the end of combat, stamped now.
    pub fn until_end_of_combat(&mut self, card: CardId, change: crate::grammar::ability::Change) {
        let stamp = self.stamp();
        self.add_effect(UntilEot { card, stamp, change, lasting: false, while_tapped: None, until_combat_end: true });
    }

    /// Ends the effects that last until the end of combat; returns the cards they were on.
    pub fn end_combat_effects(&mut self) -> Vec<CardId> {
        let mut ended: Vec<CardId> = self.eot.iter().filter(|e| e.until_combat_end).map(|e| e.card).collect();
        ended.dedup();
        self.end_effects(|e| e.until_combat_end);
        ended
    }

    /// The control changes until end of turn: (permanent, new controller, timestamp).
    #[must_use]
    pub fn controls_until_eot(&self) -> &[(CardId, PlayerId, u32)] {
        &self.control_eot
    }

    /// `p` gains control of the permanent until end of turn, stamped now (Wellspring); the
    /// controller itself changes when control is brought up to date (`sync_control`).
    pub fn control_until_eot(&mut self, card: CardId, p: PlayerId) {
        let stamp = self.stamp();
        self.control_eot.push((card, p, stamp));
        self.record(Mutation::Effect(card));
    }

    /// Ends every control change until end of turn (cleanup); whether there was one.
    pub fn end_controls_until_eot(&mut self) -> bool {
        let ended = std::mem::take(&mut self.control_eot);
        for (c, _, _) in &ended {
            self.record(Mutation::Effect(*c));
        }
        !ended.is_empty()
    }

    /// The keywords granted until a player's next upkeep: (creature, keyword, that player).
    #[must_use]
    pub fn until_upkeep_grants(&self) -> &[(CardId, crate::grammar::ability::Keyword, PlayerId)] {
        &self.until_upkeep
    }

    /// A keyword granted until a player's next upkeep.
    pub fn grant_until_upkeep(&mut self, card: CardId, k: crate::grammar::ability::Keyword, p: PlayerId) {
        self.record(Mutation::Effect(card));
        self.until_upkeep.push((card, k, p));
    }

    /// The keywords granted until `p`'s upkeep end.
    pub fn end_until_upkeep(&mut self, p: PlayerId) {
        let ended: Vec<CardId> = self.until_upkeep.iter().filter(|e| e.2 == p).map(|e| e.0).collect();
        self.until_upkeep.retain(|e| e.2 != p);
        for c in ended {
            self.record(Mutation::Effect(c));
        }
    }

    /// A fresh timestamp for an effect taking effect now (the zone order counter: a card
    /// entering play and an effect resolving are ordered on one clock).
    pub fn stamp(&mut self) -> u32 {
        self.seq += 1;
        self.seq
    }

    /// Adds a spell, returning its id.
    pub fn add_spell(&mut self, spell: Spell) -> SpellId {
        let id = SpellId(u16::try_from(self.spells.len()).unwrap_or(u16::MAX));
        self.spells.push(spell);
        id
    }
}
