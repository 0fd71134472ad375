//! The card ability language: what a card's `abilities:` lines say.
//!
//! ```text
//! ability  = keyword | "spell:" effect | cost ":" effect | static | trigger "," effect
//!          | "costs" mana "more for each target after the first"
//! keyword  = "flying" | "first strike" | "trample" | "banding" | "wall" | "does not tap to attack"
//!          | LAND "walk" | "protection from" color
//!          | "cannot attack unless the defending player controls a(n)" LAND
//! static   = "enchanted creature gets" signed "/" signed
//!          | "all damage that unblocked attackers would deal to you is dealt to this instead while
//!             this is untapped"
//! phase    = "during your upkeep, pay" mana_cost "or bury this"
//! trigger  = "when you control no" LAND-plural | "at end of turn, if no creatures are in play"
//!          | "whenever a creature this damaged this turn is put into the graveyard"
//!          | "at the beginning of" whose "upkeep" | "during" whose "upkeep"   (a phase effect)
//!          | "whenever this attacks" | "whenever this attacks and is not blocked"
//!          | "whenever this blocks or becomes blocked by a" ("non-wall" | color ("or" color)*) "creature"
//!          | "whenever a player" ["successfully"] "casts a" [color] "spell"
//!          | "whenever a creature is put into the graveyard from play"
//!          | "when enchanted creature is put into the graveyard"
//!          | "whenever enchanted creature deals damage"
//!          | "whenever a" color "creature or spell deals damage"   (on damage assigned)
//!          | "whenever a player taps a" LAND "for mana" | "when this comes into play"
//!          | "when this is put into the graveyard from play" | "whenever this deals damage to an opponent"
//!          | "when this has been activated" N "times this turn"
//! keyword += "flanking"      (a triggered ability: an assigned blocker without flanking gets -1/-1)
//! whose    = "your" | "each opponent's" | "each player's" | "enchanted creature's controller's"
//! cost     = part ("," part)*        part = "T" | mana_cost      (mana parts add up)
//! effect   = "add" mana
//!          | "deal" amount "damage to" target [disintegrate_rider]
//!          | "deal" amount "damage divided evenly among any number of" target
//!          | "deal" amount "damage to each creature without flying and each player"
//!          | "deal" amount "damage to each creature and each player"
//!          | who "gets" signed "/" signed "until end of turn" | who "gains" keyword "until end of turn"
//!          | target "gains" amount "life" | "return" target "to its owner's hand"
//!          | ("destroy" | "bury") (target | "all creatures") | "bury this"
//!          | "prevent" ["up to"] amount "damage to" target
//!          | "prevent all damage to you from a" color "source"
//!          | "counter" target ["unless its caster pays" amount ["; if not, tap all lands its caster controls"]]
//!          | "tap" target | "untap" target | "regenerate" who
//!          | "creatures deal no combat damage this turn"
//!          | "all damage dealt to you this turn by one source is prevented retroactively, and you
//!             gain that much life"
//!          | "put" ["a"] [N] KIND ("counter" | "counters") "on this"
//!          | "deal" count "damage to" recipient | "deal damage equal to its toughness to" recipient
//!          | "deal 1 damage to" recipient ("for each card in their hand over" N
//!             | "for each card fewer than" N "in their hand")
//!          | "you gain" count "life" | "you may pay" payment "; if you do," effect
//!          | ("destroy" | "bury") "that creature" | "that creature gets" signed "/" signed "until end of turn"
//!          | "put" ["a"] [N] KIND ("counter" | "counters") "on enchanted creature"
//!          | "counter that spell unless its caster pays" mana_cost
//!          | "counter that spell if a card with the same name is in play or in any graveyard"
//!          | "remove all cards in all graveyards from the game" | "remove this from the game"
//!          | "return this to play under its owner's control" | "you skip your next draw phase"
//!          | "that player discards a card at random"
//!          | effect "unless you pay" payment | effect ("at end of combat" | "at end of turn")
//!          | "destroy that creature at end of turn if it attacked this turn"
//!          | who "gets +X/+0 until end of turn, where X is its power" | effect ";" effect
//!          | "you may have this deal" amount "damage to" target "; if you do, this deals no combat
//!             damage this turn" | target "gains" keyword "until your next upkeep"
//! count    = N | "that much"       recipient = "that player" | "you" | "its controller"
//! payment  = mana_cost | N "life"
//! disintegrate_rider = "; that creature cannot regenerate this turn and is removed from the
//!             game instead of going to the graveyard this turn"
//! who      = "this" | "enchanted creature" | target
//! target   = ["any number of"] "target" (adjective | kind | "," | "or")+ ["an opponent controls"]
//!            e.g. target nonartifact, nonblack creature
//! amount   = N | "X"
//! ```

mod display;
mod parse;
mod triggered;

pub use triggered::{Count, CreatureFilter, Moment, Payment, Recipient, Whose};

pub use parse::parse_ability;

use super::mana::{Color, ManaCost};
use serde::Serialize;

/// A keyword ability.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Keyword {
    /// Can be blocked only by flying creatures.
    Flying,
    /// Deals combat damage first.
    FirstStrike,
    /// Excess combat damage goes through.
    Trample,
    /// Can attack or block in a band.
    Banding,
    /// Cannot attack.
    Wall,
    /// Attacking does not tap it.
    NoTapToAttack,
    /// Unblockable while the defender controls a land of this type.
    Landwalk(String),
    /// Protection from a colour.
    Protection(Color),
    /// Cannot attack unless the defending player controls a land of this type.
    AttacksOnlyIfDefenderControls(String),
}

impl std::fmt::Display for Keyword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Flying => f.write_str("flying"),
            Self::FirstStrike => f.write_str("first strike"),
            Self::Trample => f.write_str("trample"),
            Self::Banding => f.write_str("banding"),
            Self::Wall => f.write_str("wall"),
            Self::NoTapToAttack => f.write_str("does not tap to attack"),
            Self::Landwalk(l) => write!(f, "{l}walk"),
            Self::Protection(c) => write!(f, "protection from {}", c.name()),
            Self::AttacksOnlyIfDefenderControls(l) => {
                write!(f, "cannot attack unless the defending player controls an {l}")
            }
        }
    }
}

/// A number in an effect: fixed or X.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Amount {
    /// A fixed number.
    Fixed(i32),
    /// The X paid (negated when `-X`).
    X(i32),
    /// `+X/+0 ..., where X is its power`: the creature's power as the effect resolves.
    Power,
}

/// What a target may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TargetKind {
    /// A creature in play.
    Creature,
    /// A player.
    Player,
    /// A land in play.
    Land,
    /// An artifact in play.
    Artifact,
    /// An enchantment in play.
    Enchantment,
    /// A spell being cast (interrupts) or in a batch.
    Spell,
    /// Any permanent in play.
    Permanent,
}

/// A condition on a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Filter {
    /// It is tapped.
    Tapped,
    /// It is untapped.
    Untapped,
    /// It is blocking.
    Blocking,
    /// It is attacking.
    Attacking,
    /// It is not an artifact.
    NonArtifact,
    /// It is not of this colour.
    NotColor(Color),
    /// It is of this colour.
    IsColor(Color),
    /// It is not a Wall (`non-wall`).
    NonWall,
    /// An opponent of the ability's controller controls it (`... an opponent controls`).
    OpponentControls,
}

/// `target ...`: what may be chosen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetSpec {
    /// Kinds, any of which is acceptable.
    pub kinds: Vec<TargetKind>,
    /// Conditions that all must hold (for permanents and spells).
    pub filters: Vec<Filter>,
    /// `any number of target ...`.
    pub many: bool,
}

/// Who an effect applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Who {
    /// The permanent with the ability.
    This,
    /// The creature the enchantment enchants.
    Enchanted,
    /// A chosen target.
    Target(TargetSpec),
    /// `that creature`: the creature of the event that triggered the ability.
    That,
}

/// What a spell or ability does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Effect {
    /// Adds mana to the controller's pool (a mana source).
    AddMana(ManaCost),
    /// Deals damage to one target.
    Damage(Amount, TargetSpec),
    /// Deals damage divided evenly, rounded down, among any number of targets.
    DamageDivided(Amount, TargetSpec),
    /// Deals damage to each creature without flying and each player.
    DamageEachNonFlyerAndPlayer(Amount),
    /// Deals damage to each creature and each player.
    DamageEachCreatureAndPlayer(Amount),
    /// Creatures deal no combat damage this turn.
    NoCombatDamage,
    /// Buries the permanent with the ability.
    BuryThis,
    /// Damage to one target; that creature cannot regenerate this turn and is removed
    /// from the game instead of going to the graveyard this turn (Disintegrate).
    DamageDisintegrate(Amount, TargetSpec),
    /// All damage dealt to the caster this turn by one source is prevented retroactively, and
    /// the caster gains that much life (Reverse Damage).
    ReverseDamage,
    /// While untapped, damage unblocked attackers would deal to its controller is dealt to it
    /// instead (Veteran Bodyguard; automatic redirection).
    TakeUnblockedDamage,
    /// Puts counters on the permanent with the ability.
    CountersOnThis(u32, String),
    /// +P/+T until end of turn.
    Pump(Who, Amount, Amount),
    /// Grants a keyword until end of turn.
    Grant(Who, Keyword),
    /// A player gains life.
    GainLife(TargetSpec, Amount),
    /// Returns a permanent to its owner's hand.
    Bounce(TargetSpec),
    /// Destroys (`bury: false`) or buries one target.
    Destroy(TargetSpec, bool),
    /// Destroys or buries all creatures.
    DestroyAllCreatures(bool),
    /// Prevents damage to a creature or player (`up to` N).
    Prevent(Amount, TargetSpec),
    /// Prevents all damage to the controller from one source of a colour (its choice).
    PreventAllFrom(Color),
    /// Counters a spell.
    Counter(TargetSpec),
    /// Counters a spell unless its caster pays; if not, optionally taps all the caster's lands.
    CounterUnlessPaid(TargetSpec, Amount, bool),
    /// Taps a permanent.
    Tap(TargetSpec),
    /// Untaps a permanent.
    Untap(TargetSpec),
    /// Regenerates the creature (a specialized ability).
    Regenerate(Who),
    /// A permanent spell: it enters play on resolution (implied by the card type, never written).
    EntersPlay,
    /// A local enchantment: it enters play on its target (implied by `Enchant KIND`, never written).
    Enchant(TargetSpec),
    /// Damage counted from the event or the board, to a player named by the event.
    DamageTo(Count, Recipient),
    /// The ability's controller gains life.
    YouGain(Count),
    /// `you may pay MANA; if you do, EFFECT`: a payment asked at resolution (002 L924-926).
    MayPay(Payment, Box<Effect>),
    /// `EFFECT unless you pay MANA`: the controller is asked at resolution.
    UnlessPaid(Box<Effect>, Payment),
    /// `EFFECT at end of combat|turn`: a delayed effect, scheduled on resolution (002 L1059-1085).
    Scheduled(Moment, Box<Effect>),
    /// Destroys (`false`) or buries the event's creature: `destroy that creature`; the second
    /// flag: only `if it attacked this turn`.
    DestroyThat(bool, bool),
    /// Puts counters on a permanent: `put a -1/-1 counter on enchanted creature`.
    CountersOn(Who, u32, String),
    /// Counters the spell whose casting triggered the ability, `unless its caster pays MANA`
    /// (asked at resolution), or `if a card with the same name is in play or in any graveyard`.
    CounterThat(Option<ManaCost>, bool),
    /// `remove all cards in all graveyards from the game`.
    RemoveGraveyards,
    /// `return this to play under its owner's control`: from the graveyard, if it is still there
    /// (002 L958-963: abilities do not follow a card between zones).
    ReturnThis,
    /// `you skip your next draw phase` (002 Phase Skipping L3176-3199).
    SkipNextDraw,
    /// `that player discards a card at random`: played only where chance decides nothing (an
    /// empty hand, or a hand of one known card); otherwise the run stops, exit 2.
    DiscardAtRandom,
    /// `remove this from the game`.
    RemoveThis,
    /// `EFFECT; EFFECT`: one after the other, on the same targets; a delayed part is scheduled
    /// (Berserk).
    Then(Box<Effect>, Box<Effect>),
    /// `you may have this deal N damage to TARGET; if you do, this deals no combat damage this
    /// turn` (Farrel's Zealot): an optional, targeted ability; a fizzle undoes both parts
    /// (002 Is Not Blocked L2519-2523).
    DamageInsteadOfCombat(Amount, TargetSpec),
    /// `TARGET gains KEYWORD until your next upkeep` (002 Duration Effects L1054-1058: it ends
    /// just before the beginning of that upkeep).
    GrantUntilNextUpkeep(TargetSpec, Keyword),
    /// `artifacts, creatures and lands your opponents play come into play tapped`: a continuous
    /// effect on how permanents enter play (002 L1013-1014, Kismet).
    OpponentsEnterTapped,
}

impl Effect {
    /// The target specification, if the effect targets.
    #[must_use]
    pub fn target(&self) -> Option<&TargetSpec> {
        match self {
            Self::Damage(_, t)
            | Self::DamageDisintegrate(_, t)
            | Self::DamageDivided(_, t)
            | Self::GainLife(t, _)
            | Self::Bounce(t)
            | Self::Destroy(t, _)
            | Self::Prevent(_, t)
            | Self::Counter(t)
            | Self::CounterUnlessPaid(t, _, _)
            | Self::Tap(t)
            | Self::Untap(t)
            | Self::Pump(Who::Target(t), _, _)
            | Self::Grant(Who::Target(t), _)
            | Self::Regenerate(Who::Target(t))
            | Self::Enchant(t)
            | Self::DamageInsteadOfCombat(_, t)
            | Self::GrantUntilNextUpkeep(t, _) => Some(t),
            Self::Then(a, b) => a.target().or_else(|| b.target()),
            _ => None,
        }
    }

    /// Whether its controller may decline to play it (`you may have ...`).
    #[must_use]
    pub const fn optional(&self) -> bool {
        matches!(self, Self::DamageInsteadOfCombat(..))
    }
}

/// An activation cost: mana and/or tapping.
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize)]
pub struct ActivationCost {
    /// Mana to pay.
    pub mana: ManaCost,
    /// `T`: tap the permanent.
    pub tap: bool,
}

impl std::fmt::Display for ActivationCost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mana = (self.mana.total() > 0 || self.mana.x > 0).then(|| self.mana.to_string());
        let parts: Vec<String> = mana.into_iter().chain(self.tap.then(|| "T".to_owned())).collect();
        f.write_str(&parts.join(", "))
    }
}

/// One line of a card's abilities.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Ability {
    /// A keyword.
    Keyword(Keyword),
    /// What the card does when cast.
    Spell(Effect),
    /// An activated ability.
    Activated(ActivationCost, Effect),
    /// Extra mana for each target after the first (Fireball).
    ExtraTargetCost(ManaCost),
    /// A continuous effect while the card is in play (`enchanted creature gets +1/+2`).
    Static(Effect),
    /// A triggered ability: when the event happens, the effect follows (002 Triggered Abilities).
    Triggered(Trigger, Effect),
    /// A phase cost: `during your upkeep, pay COST or bury this` (002 Turn Order, About The
    /// Phases: it must be dealt with before the upkeep can end).
    UpkeepCost(ManaCost),
}

/// What a triggered ability waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Trigger {
    /// `when you control no LANDs`: a state its controller may be in at any moment.
    ControlNo(String),
    /// `whenever a creature this damaged this turn is put into the graveyard`.
    DamagedCreatureDies,
    /// `at end of turn, if no creatures are in play`.
    EndOfTurnIfNoCreatures,
    /// `at the beginning of WHOSE upkeep`: part 1 of the phase (002 About The Phases).
    BeginningOfUpkeep(Whose),
    /// `during WHOSE upkeep`: a mandatory phase effect, dealt with before the upkeep can end
    /// (002 Phase Effects and Phase Abilities L3107-3173).
    DuringUpkeep(Whose),
    /// `whenever this attacks`: when it is declared an attacker (002 L344-353).
    Attacks,
    /// `whenever this blocks or becomes blocked by a CREATURE`: at each block declared, assigned
    /// or through a band (002 L422-427, Blocking).
    BlocksOrBlockedBy(CreatureFilter),
    /// `flanking`: whenever a creature without flanking is assigned to block this (002 Flanking).
    Flanking,
    /// `whenever this attacks and is not blocked`: at the end of the declaration of blockers
    /// (002 Is Not Blocked L2509-2533).
    NotBlocked,
    /// `whenever a player [successfully] casts a [COLOR] spell`: once it is announced, or once it
    /// is successfully cast (002 L964-969; Lucky Charms L2737-2741).
    Cast(Option<Color>, bool),
    /// `whenever a creature is put into the graveyard from play`.
    CreatureDies,
    /// `when enchanted creature is put into the graveyard`.
    EnchantedDies,
    /// `whenever enchanted creature deals damage`: when the damage is successfully dealt.
    EnchantedDealsDamage,
    /// `whenever a COLOR creature or spell deals damage`: when the damage is assigned, at the
    /// start of the damage prevention step (002 L1110-1114: like Benevolent Unicorn and Justice).
    ColorDealsDamage(Color),
    /// `whenever a player taps a LAND for mana`: after the mana source resolves (002 L964-969).
    TapsForMana(String),
    /// `when this comes into play`.
    ComesIntoPlay,
    /// `when this has been activated N times this turn`.
    ActivatedTimes(u32),
    /// `when this is put into the graveyard from play`: it triggers on its own leaving play
    /// (002 L932-935).
    ThisDies,
    /// `whenever this deals damage to an opponent`: as the damage is successfully dealt.
    DamagesOpponent,
}

impl Trigger {
    /// Whether it waits for an event the engine records (not a state, the end of the turn or
    /// a phase effect, which are looked at on their own).
    #[must_use]
    pub const fn is_event(&self) -> bool {
        !matches!(
            self,
            Self::ControlNo(_) | Self::DamagedCreatureDies | Self::EndOfTurnIfNoCreatures | Self::DuringUpkeep(_)
        )
    }
}

/// Parses one ability line.
///
/// # Errors
/// A [`GrammarError`] at the first word the grammar cannot take.
#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> Ability {
        parse_ability(s).unwrap_or_else(|e| panic!("{s}: {e:?}"))
    }

    #[test]
    fn spells() {
        let Ability::Spell(Effect::Damage(Amount::Fixed(3), t)) =
            ok("spell: deal 3 damage to target creature or player")
        else {
            panic!()
        };
        assert_eq!(t.kinds, vec![TargetKind::Creature, TargetKind::Player]);
        let Ability::Spell(Effect::Destroy(t, true)) = ok("spell: bury target nonartifact, nonblack creature") else {
            panic!()
        };
        assert_eq!(t.filters, vec![Filter::NonArtifact, Filter::NotColor(Color::Black)]);
        assert_eq!(t.kinds, vec![TargetKind::Creature]);
        let Ability::Spell(Effect::Tap(t)) = ok("spell: tap target artifact, creature or land") else { panic!() };
        assert_eq!(t.kinds.len(), 3);
        assert!(matches!(
            ok("spell: target creature gets +3/+3 until end of turn"),
            Ability::Spell(Effect::Pump(Who::Target(_), Amount::Fixed(3), Amount::Fixed(3)))
        ));
        assert!(matches!(
            ok("spell: deal X damage divided evenly among any number of target creatures or players"),
            Ability::Spell(Effect::DamageDivided(Amount::X(1), TargetSpec { many: true, .. }))
        ));
        assert!(matches!(
            ok("spell: target player gains 3 life"),
            Ability::Spell(Effect::GainLife(_, Amount::Fixed(3)))
        ));
        assert!(matches!(
            ok("spell: prevent up to 3 damage to target creature or player"),
            Ability::Spell(Effect::Prevent(..))
        ));
        assert!(matches!(ok("spell: add BBB"), Ability::Spell(Effect::AddMana(_))));
        assert!(matches!(ok("spell: bury all creatures"), Ability::Spell(Effect::DestroyAllCreatures(true))));
        assert!(matches!(ok("spell: return target creature to its owner's hand"), Ability::Spell(Effect::Bounce(_))));
        assert!(matches!(ok("costs 1 more for each target after the first"), Ability::ExtraTargetCost(_)));
    }

    #[test]
    fn activated_and_keywords() {
        let Ability::Activated(c, Effect::Damage(..)) = ok("3, T: deal 1 damage to target creature or player") else {
            panic!()
        };
        assert!(c.tap);
        assert_eq!(c.to_string(), "3, T");
        assert!(matches!(ok("B: regenerate this"), Ability::Activated(_, Effect::Regenerate(Who::This))));
        assert!(matches!(
            ok("R: this gets +1/+0 until end of turn"),
            Ability::Activated(_, Effect::Pump(Who::This, ..))
        ));
        assert_eq!(ok("protection from black"), Ability::Keyword(Keyword::Protection(Color::Black)));
        assert_eq!(ok("first strike"), Ability::Keyword(Keyword::FirstStrike));
        assert_eq!(ok("swampwalk"), Ability::Keyword(Keyword::Landwalk("swamp".into())));
        assert!(matches!(ok("enchanted creature gets +1/+2"), Ability::Static(Effect::Pump(Who::Enchanted, ..))));
        assert!(matches!(
            ok("R: enchanted creature gets +1/+0 until end of turn"),
            Ability::Activated(_, Effect::Pump(Who::Enchanted, ..))
        ));
        assert!(matches!(ok("spell: destroy target red permanent"), Ability::Spell(Effect::Destroy(..))));
        assert!(matches!(
            ok("1: prevent all damage to you from a red source"),
            Ability::Activated(_, Effect::PreventAllFrom(Color::Red))
        ));
        assert!(matches!(
            ok("spell: counter target spell unless its caster pays X; if not, tap all lands its caster controls"),
            Ability::Spell(Effect::CounterUnlessPaid(_, Amount::X(1), true))
        ));
    }

    #[test]
    fn upkeep_cost() {
        let a = ok("during your upkeep, pay 1U or bury this");
        let Ability::UpkeepCost(m) = &a else { panic!("{a:?}") };
        assert_eq!(m.total(), 2);
        assert_eq!(a.to_string(), "during your upkeep, pay 1U or bury this");
        assert!(parse_ability("during your upkeep, pay 1U or destroy this").is_err());
    }

    #[test]
    fn canonical_text_parses_back() {
        let lib = crate::cards::Library::builtin().unwrap_or_else(|e| panic!("{e}"));
        for (_, def) in lib.iter() {
            let all = def.abilities.iter().chain(def.modes.iter().map(|(_, a)| a));
            for a in all {
                let text = a.to_string();
                assert_eq!(&ok(&text), a, "{}: `{text}` does not parse back", def.name);
            }
        }
    }

    #[test]
    fn errors() {
        let e = parse_ability("spell: deal 3 damage to target wizard").err().unwrap_or_else(|| panic!());
        assert_eq!(e.offset, 31);
        let e = parse_ability("spell: explode").err().unwrap_or_else(|| panic!());
        assert_eq!(e.offset, 7);
    }
}
