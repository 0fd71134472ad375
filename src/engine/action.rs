//! The engine's input: action lines bound to physical cards and players.

use super::state::{AttackStep, CardId, PlayerId, Source};
use crate::grammar::mana::ManaCost;
use crate::span::Span;

/// A target as bound at load time; a card may turn out to be a spell when the line is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetRef {
    /// A card: a permanent, or a spell if the card is being cast or waiting in a batch.
    Card(CardId),
    /// A player.
    Player(PlayerId),
}

/// An announcement: casting a spell or activating an ability.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announce {
    /// Who announces.
    pub player: PlayerId,
    /// The card cast or whose ability is used.
    pub card: CardId,
    /// Which effect.
    pub source: Source,
    /// Targets, in order.
    pub targets: Vec<TargetRef>,
    /// X, when the cost has X.
    pub x: Option<u32>,
    /// For damage prevention: the sources whose packets are meant, in the order named
    /// (empty: whichever packet there is).
    pub packet_sources: Vec<CardId>,
    /// A word chosen at announcement (`choosing blue`, `choosing Island`): the new word of a
    /// text change.
    pub chosen: Option<String>,
    /// The word a text change replaces, when the line names it (`choosing Forest instead of
    /// Plains`); else the first word of the kind in the target's text.
    pub replaced: Option<String>,
    /// `sacrificing A, B`: the permanents sacrificed as a cost, in the order named.
    pub sacrifices: Vec<CardId>,
    /// `discarding A`: the cards discarded from hand as a cost.
    pub discards: Vec<CardId>,
    /// `dividing N, M`: damage divided among the targets as the caster chooses.
    pub division: Vec<u32>,
}

impl Announce {
    /// `player` casts `card` or uses one of its abilities with nothing more named: no target, no
    /// X, no sacrifice or other choice (each field is filled in afterwards where needed).
    #[must_use]
    pub const fn plain(player: PlayerId, card: CardId, source: Source) -> Self {
        Self {
            player,
            card,
            source,
            targets: Vec::new(),
            x: None,
            packet_sources: Vec::new(),
            sacrifices: Vec::new(),
            discards: Vec::new(),
            division: Vec::new(),
            chosen: None,
            replaced: None,
        }
    }
}

/// Where `go to` or `stop:` leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The start of the next occurrence of the phase with this index.
    Phase(usize),
    /// The end of the turn's last phase.
    EndOfTurn,
    /// The start of the next turn.
    NextTurn,
    /// The start of a step of the attack in progress.
    Step(AttackStep),
}

/// One action line, bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `resolve`
    Resolve,
    /// `resolve top`: two passes, the priority holder's first.
    ResolveTop,
    /// `go to ...`
    GoTo(Goal),
    /// `P passes`
    Pass(PlayerId),
    /// `P plays LAND`
    PlayLand(PlayerId, CardId),
    /// `P taps CARD [for M]`
    Tap(PlayerId, CardId, Option<ManaCost>),
    /// `P casts ...` / `P activates ...`
    Announce(Announce),
    /// `P regenerates CARD`
    Regenerate(PlayerId, CardId),
    /// `P pays N` or `P pays COST` (`Some`), or `P does not pay` (`None`): the answer to an
    /// "unless ... pays".
    Pay(PlayerId, Option<crate::grammar::mana::ManaCost>),
    /// `P pays N life`: the answer to a payment of life (`P pays N` also answers one).
    PayLife(PlayerId, u32),
    /// `P targets A, B` (empty: `targets nothing`): the targets of P's triggered ability as it is
    /// played; nothing declines an optional one.
    Targets(PlayerId, Vec<TargetRef>),
    /// `P pays N sacrificing A, B`: an upkeep cost paid with mana and sacrifices.
    PaySacrificing(PlayerId, u32, Vec<CardId>),
    /// `P declares an attack`: the intention to attack (5e step 0).
    DeclareAttack(PlayerId),
    /// `P attacks with A, B + C` (empty: with nothing): all attackers, then the bands among them.
    AttackWith(PlayerId, Vec<CardId>, Vec<Vec<CardId>>),
    /// `P blocks A with B, C` (`None`: blocks with nothing).
    Block(PlayerId, Option<(CardId, Vec<CardId>)>),
    /// `P discards CARD`: the answer to a discard the rules require.
    Discard(PlayerId, CardId),
    /// `P discards CARD at random`: the card chance picked for a random discard from P's hand
    /// (the scenario tells it; 002 L648-649: the random choice is made as the effect resolves).
    DiscardRandom(PlayerId, CardId),
    /// `P chooses CARD`: a card P chooses as an effect resolves (Flash's creature card).
    Choose(PlayerId, CardId),
    /// `P assigns N damage from A to B`.
    Assign(PlayerId, u32, CardId, TargetRef),
    /// `P orders A, B ...`: the order of P's abilities that triggered together.
    Order(PlayerId, Vec<CardId>),
    /// `P sacrifices A`: the answer to a sacrifice an effect asks as it resolves.
    Sacrifice(PlayerId, CardId),
    /// `P puts A into play [on T]` (`None`: `P puts nothing into play`): the answer to an
    /// effect that lets P put a card from the hand into play (Eureka).
    PutIntoPlay(PlayerId, Option<(CardId, Vec<TargetRef>)>),
    /// `P uses CARD` (`true`) / `P declines CARD`: whether P plays an optional triggered
    /// ability of CARD that has no target, as it triggers.
    Use(PlayerId, CardId, bool),
    /// `P has A block B` / `P has A block nothing`: the block a resolving spell lets P make
    /// (False Orders).
    HaveBlock(PlayerId, CardId, Option<CardId>),
}

impl Action {
    /// The acting player, if the line has one.
    #[must_use]
    pub const fn player(&self) -> Option<PlayerId> {
        match self {
            Self::Resolve | Self::ResolveTop | Self::GoTo(_) => None,
            Self::Pass(p)
            | Self::PlayLand(p, _)
            | Self::Tap(p, _, _)
            | Self::Regenerate(p, _)
            | Self::Pay(p, _)
            | Self::PayLife(p, _)
            | Self::Targets(p, _)
            | Self::PaySacrificing(p, ..)
            | Self::DeclareAttack(p)
            | Self::AttackWith(p, ..)
            | Self::Block(p, _)
            | Self::Discard(p, _)
            | Self::DiscardRandom(p, _)
            | Self::Choose(p, _)
            | Self::Order(p, _)
            | Self::Sacrifice(p, _)
            | Self::PutIntoPlay(p, _)
            | Self::Use(p, ..)
            | Self::HaveBlock(p, ..)
            | Self::Assign(p, ..) => Some(*p),
            Self::Announce(a) => Some(a.player),
        }
    }
}

/// One action line, bound.
#[derive(Clone, Debug)]
pub struct Line {
    /// One-based number among the actions.
    pub number: usize,
    /// The line as written.
    pub text: String,
    /// Where it is written.
    pub span: Span,
    /// What it does.
    pub action: Action,
}
