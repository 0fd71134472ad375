//! The card ability language: what a card's `abilities:` lines say.
//!
//! ```text
//! ability  = keyword | "spell:" effect
//!          | cost ":" effect ["; use only during your upkeep"] ["; any player may use this ability"]
//!          | static | trigger "," effect
//!          | "during" WHOSE "upkeep, you may" effect     (an optional phase effect)
//!          | "costs" mana "more for each target after the first"
//!          | "during your upkeep," upkeep | "cumulative upkeep:" cost
//!          | "additional cost:" cost | "alternative cost:" cost
//!          | "comes into play with" (N | "X") KIND "counters" | cost_change | enchant | entering
//!          | "enters play as a copy of" target        (Clone: copies its target as it resolves)
//!          | "cast only during an opponent's turn, before the attack"
//!          | "cast only during an opponent's upkeep"
//!          (an activated ability may end "; use only after blockers are declared" or
//!          "; use only during an opponent's turn, before the attack"
//!          or "; use only once each turn" or "; spend no more than" N "this way each turn"
//!          or "; use only during combat")
//! keyword  = "flying" | "first strike" | "trample" | "banding" | "wall" | "defender"
//!          | "does not tap to attack" | "vigilance" | "fear"
//!          | LAND "walk" | "protection from" color | "rampage" N
//!          | "cumulative upkeep" mana_cost (as given by a static)
//!          | "cannot attack unless the defending player controls a(n)" LAND
//!          | "cannot be the target of enchant creature spells"   (nor the destination of a moved
//!            enchantment: Bartel Runeaxe, 002 L2850-2851)
//!          | "cannot be the target of spells or effects"   (a moved enchantment may still go onto
//!            it: Deadly Insect, 002 L2846-2849)
//! static   = affected ("gets" | "get") signed "/" signed        (a modifier, applied in timestamp order)
//!          | affected ("gains" | "gain" | "loses" | "lose") keyword
//!          | affected ("has" | "have") base power and toughness N "/" N   (sets the base)
//!          | "all damage that unblocked attackers would deal to you is dealt to this instead while
//!             this is untapped"
//!          | "creatures with power" N "or greater do not untap during their controllers' untap phases"
//!          | "you control enchanted creature"
//! affected = "enchanted creature" | "other" TYPE | "all" TYPE | "all creatures" | COLOR "creatures"
//!          | "attacking creatures you control" | "enchanted land" | "nonbasic lands"
//!          | "lands you control" | "nonland permanents you control and nonland cards you own"
//! static  += affected "have" COLOR "mana symbols"     (the base colour, under Laces: 002 L1652-1660)
//!          | "you may spend white mana as though it were mana of any color and other mana only
//!             as though it were colorless"
//!          | LAND-plural "tapped for mana produce an additional" mana     (Gauntlet of Might)
//!          | "enchanted land tapped for mana produces an additional" mana    (Wild Growth)
//!          | "other" SET "cards in play are buried" | SET "cards cannot be played"
//!            (SET: an expansion's name in capitalised words, as a card's `set:` field gives it)
//! static  += affected ("is" | "are") (LAND | "the chosen basic land type")    (a land type change)
//!          | affected ("is" | "are") ["a"] N "/" N ["artifact"] ("creature" | "creatures")
//!          | "enchanted artifact is a creature with power and toughness equal to its casting cost"
//!          | "this has power and toughness each equal to the number of" (NAME "in play"
//!             | "cards in its controller's hand")                 (a */* creature)
//! effect  += who "becomes a" N "/" N [TYPE] ["artifact"] "creature until end of" ("turn" | "combat")
//!            (TYPE: capitalised words, `this becomes a 2/2 Assembly Worker artifact creature ...`)
//! target  += "target" TYPE       (a creature of that type: `target Assembly Worker`)
//!            (TYPE: a creature type, plural or singular, `other Goblins`)
//! enchant  = "enchant only" filter "creatures"     (what a local enchantment may be cast on)
//!          | "enchant only creatures you control"
//!          | "you may cast this as an instant; if you do," effect   (Armor of Thorns: cast at a
//!            moment a sorcery could not be, the effect, a delayed one, is scheduled as it enters play)
//!          | "cast only at the end of the declaration of blockers"   (False Orders)
//! entering = "as this enters play," effect          (part of a local enchantment's resolution;
//!            effect = "deal" N "damage to enchanted creature")
//! entry    = "when this comes into play," upkeep   (a comes-into-play cost: Lake of the Dead)
//! upkeep   = ("pay" mana_cost | cost) (" or" | "; if you cannot,")
//!            ("bury this" | "this deals" N "damage to you")
//! cost_change = scope "cost" (N "more" | N "less" [", but not less than 1"]
//!            | "an additional sacrifice of a" LAND "for each B in their costs")
//! scope    = [color] "spells" | "activated abilities of" [color] "enchantments"
//!          | "activated abilities of enchanted artifact" | "spells and activated abilities"
//! trigger  = "when you control no" LAND-plural | "at end of turn, if no creatures are in play"
//!          | "whenever a creature this damaged this turn is put into the graveyard"
//!          | "at the beginning of" whose "upkeep" | "during" whose "upkeep"   (a phase effect)
//!          | "at the beginning of" whose "turn"        (Phase 0, before summoning sickness ends)
//!          | "whenever this attacks" | "whenever this attacks and is not blocked"
//!          | "whenever enchanted creature attacks and is not blocked"
//!          | "whenever this blocks or becomes blocked by a" ["non-wall" | color ("or" color)*] "creature"
//!          | "whenever a player" ["successfully"] "casts a" [color] "spell"
//!          | "whenever a creature is put into the graveyard from play"
//!          | "when enchanted creature is put into the graveyard"
//!          | "whenever enchanted creature deals damage"
//!          | "whenever a" color "creature or spell deals damage"   (on damage assigned)
//!          | "whenever a player taps a" LAND "for mana" | "when this comes into play"
//!          | "when this is put into the graveyard from play" | "whenever this deals damage to an opponent"
//!          | "whenever a creature comes into play"
//!          | "when this has been activated" N "times this turn"
//! keyword += "flanking"      (a triggered ability: an assigned blocker without flanking gets -1/-1)
//! whose    = "your" | "each opponent's" | "each player's" | "enchanted creature's controller's"
//! cost     = part ("," part)*        (mana parts add up)
//! part     = "T" | mana_cost | "sacrifice this" | "sacrifice" count sac ["other than this"]
//!          | "pay" N "life" | "remove" ("a" | N) KIND ("counter" | "counters") "from this"
//!          | "discard" ("a card" | N "cards") | "return" (N | "X") LAND(s) "you control to their owner's hand"
//! count    = "a" | "an" | "two" | "three" | N   sac = creature(s) | artifact(s) | land(s) | LAND(s)
//! effect   = "add" mana
//!          | "add" W|U|B|R|G "for each mana in the converted casting cost of the sacrificed creature"
//!          | "deal" amount "damage to" target [disintegrate_rider]
//!          | "deal" amount "damage divided" ("evenly" | "as you choose") "among any number of" target
//!          | "deal" amount "damage to each creature without flying and each player"
//!          | "deal" amount "damage to each creature and each player"
//!            [", or" amount "if you control a snow-covered" LAND]   (fixed at announcement)
//!          | who "gets" signed "/" signed "until end of turn" | who "gains" keyword "until end of turn"
//!          | "all creatures get" signed "/" signed "until end of turn"     (untargeted)
//!          | "each player discards his or her hand and draws" N "cards"
//!          | who "loses" keyword "until end of turn" | who "becomes" N "/" N "until end of turn"
//!          | "switch" who "'s power and toughness until end of turn"   (Transmutation)
//!          | who "gets" signed "/" signed "for as long as this remains tapped"   (tap-and-hold)
//!          | who "becomes" color                      (for as long as it is in play: the Laces)
//!          | "all" LAND-plural "you control become" N "/" N "creatures until end of turn"
//!            (each such land as the effect resolves: Thelonite Druid)
//!          | "replace one" ("color word" | "basic land type") "with another in the text of" target
//!            (the new word is chosen at announcement: `choosing blue`)
//!          | target "gains" amount "life" | "return" target "to its owner's hand"
//!          | "put" target "into play"      (target: `target creature card in your graveyard`)
//!          | "sacrifice" count sac        (an effect: chosen as it resolves, `P sacrifices A`)
//!          | "gain control of enchanted land until end of turn" | "untap enchanted land"
//!          | "starting with you, each player may put a permanent card from their hand into play,
//!             until no player does"        (Eureka: answered `P puts A into play` or `P puts
//!             nothing into play`)
//!          | "move" target "onto" target   (a local enchantment, the first target, onto the second,
//!            as if just cast there: 002 Moving Enchantments)
//!            (its own "when this comes into play" abilities fire again: 002 L2838-2841)
//!          | "gain life equal to the toughness of the sacrificed creature"
//!          | "remove" target "from the game" ["; its controller gains life equal to its power"]
//!          | ("destroy" | "bury") (target | "all creatures") | "bury this" | "sacrifice this"
//!          | "destroy" target "; you gain life equal to its casting cost"
//!          | "deal damage equal to this's power to" target "; it deals damage equal to its power to this"
//!          | "deal damage equal to the number of" LAND-plural "you control to" target
//!            (counted as the spell resolves: Spitting Earth)
//!          | "prevent" ["up to"] amount "damage to" target
//!          | "prevent all damage to you from a" color "source"
//!          | "counter" target ["unless its caster pays" amount ["; if not, tap all lands its caster controls"]]
//!          | "counter" target "with converted casting cost X"
//!          | "if the discarded card is a land, deal" amount "damage to" target
//!          | "tap" target | "untap" target | "regenerate" who
//!          | "creatures deal no combat damage this turn"
//!          | "creatures cannot attack this turn"          (Festival; attack-or-die effects then illegal)
//!          | "all damage dealt to you this turn by one source is prevented retroactively, and you
//!             gain that much life"
//!          | "put" ["a"] [N] KIND ("counter" | "counters") "on" ("this" | target)
//!          | (target | "each non-wall creature the active player has controlled since the turn
//!             began") "must attack this turn or be destroyed at end of turn"   (attack or die)
//!          | "deal" much "damage to" recipient | "deal damage equal to its toughness to" recipient
//!          | "deal 1 damage to" recipient ("for each card in their hand over" N
//!             | "for each card fewer than" N "in their hand")
//!          | "you gain" much "life" | "you may pay" payment "; if you do," effect
//!          | ("destroy" | "bury") "that creature" | "that creature gets" signed "/" signed "until end of turn"
//!          | "that creature becomes" color   (no target; a copy does not take it: 002 L1815-1818)
//!          | "put" ["a"] [N] KIND ("counter" | "counters") "on enchanted creature"
//!          | "counter that spell unless its caster pays" mana_cost
//!          | "counter that spell if a card with the same name is in play or in any graveyard"
//!          | "remove all cards in all graveyards from the game" | "remove this from the game"
//!          | "return this to play under its owner's control" | "you skip your next draw phase"
//!          | "that player discards a card at random"       (the pick named by `P discards CARD at random`)
//!          | target "discards a card" ["at random"] (", then discards a card" ["at random"])*  (Stupor)
//!          | "prevent" N "damage to this" | "sacrifice a" ("land" | "creature" | "artifact")
//!          | "put a creature card from your hand into play; bury it unless you pay its casting cost
//!             reduced by up to" N                                    (Flash)
//!          | "discard your hand"
//! static  += "each 1 damage dealt to this removes a" KIND "counter from it instead" (Rock Hydra)
//!          | "players play with their hands revealed" | "whenever a player plays an ability of enchanted creature, you may pay" N
//!            "to stop it; if you don't, destroy this"
//!          | "whenever enchanted creature attacks or blocks, you may pay" N
//!            "to tap it and remove it from combat; if you don't, destroy this"
//!          | "whenever a player would draw a card, any other player may pay" N "life to put it into
//!             its owner's graveyard instead"                         (Zur's Weirding)
//! trigger += "at end of your turn"                                   (Psychic Vortex)
//! part    += "draw a card" | "draw" N "cards"                        (a draw paid as a cost)
//! target  += "target opponent"                                       (any player but the caster)
//! effect  += "the defending player discards a card at random"
//!          | "you may have it deal no combat damage this turn; if you do," effect   (optional:
//!            `P uses CARD` or `P declines CARD` as it triggers)
//!          | "switch the blockers of two target blocked attacking creatures"
//!          | "remove" target "from combat" ["; you may have it block another attacking creature"]
//!            (the new block is named at resolution: `P has A block B`, or `P has A block nothing`)
//!          | effect "unless you pay" payment
//!          | effect ("at end of combat" | "at end of turn" | "at the beginning of the next turn")
//!          | "draw a card"     (the controller draws; with "at the beginning of the next turn", a cantrip)
//!          | "destroy that creature at end of turn if it attacked this turn"
//!          | who "gets +X/+0 until end of turn, where X is its power" | effect ";" effect
//!          | "you may have this deal" amount "damage to" target "; if you do, this deals no combat
//!             damage this turn" | target "gains" keyword "until your next upkeep"
//! much     = N | "that much"       recipient = "that player" | "you" | "its controller"
//! payment  = mana_cost | N "life"
//! disintegrate_rider = "; that creature cannot regenerate this turn and is removed from the
//!             game instead of going to the graveyard this turn"
//! who      = "this" | "enchanted creature" | target
//! target   = ["any number of"] "target" (adjective | kind | "," | "or")+ ["other than this"]
//!            ["the active player has controlled since the turn began"] ["an opponent controls"]
//!            ["you control"] ["the defending player controls"]   (adjectives include "blocked")
//!            e.g. target nonartifact, nonblack creature; adjectives include "flying", "non-wall"
//! amount   = N | "X"
//! ```

mod costs2;
mod display;
mod parse;
mod triggered;

pub use triggered::{CreatureFilter, Moment, Much, Payment, Recipient, Whose};

pub(crate) use parse::keyword as keyword_parser;
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
    /// Never a legal target or destination for a local enchantment, cast or moved (Bartel
    /// Runeaxe; 002 L2850-2851).
    NoEnchantments,
    /// Cannot be the target of spells or effects (Deadly Insect); a moved enchantment may still
    /// go onto it, being neither (002 L2846-2849).
    Untargetable,
    /// Unblockable while the defender controls a land of this type.
    Landwalk(String),
    /// Protection from a colour.
    Protection(Color),
    /// `fear`: blocked only by black creatures and artifact creatures (Fear, Alpha; the
    /// evasion ability of 002 L413-417).
    Fear,
    /// Cannot attack unless the defending player controls a land of this type.
    AttacksOnlyIfDefenderControls(String),
    /// `rampage N`: +N/+N until end of turn for each creature beyond the first assigned to
    /// block it, fixed as the blockers are declared (002 Rampage L3342-3354).
    Rampage(u32),
    /// `cumulative upkeep MANA`, as an ability one card gives others (Breath of Dreams gives
    /// green creatures `cumulative upkeep 1`; 002 Cumulative Upkeep, L1985-2013).
    CumulativeUpkeep(ManaCost),
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
            Self::NoEnchantments => f.write_str("cannot be the target of enchant creature spells"),
            Self::Untargetable => f.write_str("cannot be the target of spells or effects"),
            Self::Landwalk(l) => write!(f, "{l}walk"),
            Self::Protection(c) => write!(f, "protection from {}", c.name()),
            Self::Fear => f.write_str("fear"),
            Self::AttacksOnlyIfDefenderControls(l) => {
                write!(f, "cannot attack unless the defending player controls an {l}")
            }
            Self::Rampage(n) => write!(f, "rampage {n}"),
            Self::CumulativeUpkeep(m) => write!(f, "cumulative upkeep {m}"),
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
    /// A creature card in the graveyard of the spell's caster (`creature card in your
    /// graveyard`): protection does not reach it there (002 Protection L3329-3333).
    GraveyardCreature,
}

impl TargetKind {
    /// The kind in words, as a card's text says it.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Self::Creature => "creature",
            Self::Player => "player",
            Self::Land => "land",
            Self::Artifact => "artifact",
            Self::Enchantment => "enchantment",
            Self::Spell => "spell",
            Self::Permanent => "permanent",
            Self::GraveyardCreature => "creature card in your graveyard",
        }
    }
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
    /// It has flying.
    Flying,
    /// It is not the permanent whose ability this is (`other than this`).
    NotThis,
    /// It is an attacking creature that is blocked (`blocked`; 002 Blocking: however it became
    /// blocked).
    Blocked,
    /// The announcing player controls it (`... you control`; `enchant only creatures you
    /// control`).
    YouControl,
    /// The defending player of the attack controls it (`... the defending player controls`).
    DefenderControls,
    /// The active player controls it and has since the turn began (`the active player has
    /// controlled since the turn began`: not summoning sick, 002 Attack or Die Effects).
    ActiveSinceTurnBegan,
    /// It is the permanent whose ability this is (`prevent 1 damage to this`, Rock Hydra).
    OnlyThis,
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
    /// A creature type it must have (`target Assembly Worker`), as [`crate::cards::type_key`]
    /// keeps it.
    pub subtype: Option<String>,
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
    /// Deals damage divided as the caster chooses on announcement among any number of targets
    /// (`dividing N, M`; Infernal Harvest).
    DamageDividedAsChosen(Amount, TargetSpec),
    /// Deals damage to each creature without flying and each player.
    DamageEachNonFlyerAndPlayer(Amount),
    /// Deals damage to each creature and each player.
    DamageEachCreatureAndPlayer(Amount),
    /// Deals the first amount to each creature and each player, or the second if the
    /// controller controls a snow-covered land of the type named; which one is fixed as the
    /// ability is announced (Gangrenous Zombies: 002 Modal L2821-2825).
    DamageEachCreatureAndPlayerOrSnow(Amount, Amount, String),
    /// Creatures deal no combat damage this turn.
    NoCombatDamage,
    /// Creatures cannot attack this turn (Festival).
    NoAttack,
    /// Buries the permanent with the ability.
    BuryThis,
    /// Its controller sacrifices the permanent with the ability (the modern texts' word where
    /// the old ones bury it: 001 L854, L1249).
    SacrificeThis,
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
    /// Deals damage to a target if a card discarded as the cost was a land (Land's Edge).
    DamageIfDiscardedLand(Amount, TargetSpec),
    /// Puts counters on a target (Dwarven Weaponsmith).
    CountersOnTarget(u32, String, TargetSpec),
    /// +P/+T until end of turn.
    Pump(Who, Amount, Amount),
    /// +P/+T until end of turn to every creature in play, targeting none (Marsh Gas).
    PumpAll(Amount, Amount),
    /// Each player discards the hand and draws this many cards (Wheel of Fortune); a player who
    /// cannot draw loses once the resolution is over (002 L2698-2701).
    WheelHands(Amount),
    /// +P/+T for as long as the permanent with the ability remains tapped (a tap-and-hold
    /// effect, 002 Tap-and-Hold, L3590-3613).
    PumpWhileTapped(Who, Amount, Amount),
    /// Grants a keyword until end of turn.
    Grant(Who, Keyword),
    /// Takes a keyword away until end of turn.
    Lose(Who, Keyword),
    /// Sets the base power and toughness until end of turn.
    SetPt(Who, Amount, Amount),
    /// `switch WHO's power and toughness until end of turn` (Transmutation): a
    /// `Change::SwitchPt`.
    SwitchPt(Who),
    /// The permanent becomes a creature until end of turn (a `Change::Animate`).
    Animate(Who, Change),
    /// The permanent becomes a creature until the end of combat (Jade Statue): the effect ends
    /// as the end of combat step has dealt with its "at end of combat" effects (002 Step 7).
    AnimateUntilEndOfCombat(Who, Change),
    /// Every land of a basic land type its controller controls becomes a creature until end of
    /// turn (Thelonite Druid's Forests; the type kept as [`crate::cards::type_key`] keeps it).
    AnimateAll(String, Change),
    /// A spell or permanent becomes a colour for as long as it is in play (the Laces).
    SetColor(Who, Color),
    /// Replaces one word of a kind in the target's text by one chosen at announcement
    /// (`choosing WORD`), for as long as it is in play.
    ReplaceWord(WordKind, TargetSpec),
    /// A player gains life.
    GainLife(TargetSpec, Amount),
    /// Returns a permanent to its owner's hand.
    Bounce(TargetSpec),
    /// Puts a card from a graveyard into play under the caster's control, as if just cast
    /// (Resurrection).
    ReturnToPlay(TargetSpec),
    /// Removes a permanent from the game; with `true`, its controller then gains life equal to
    /// its power (Swords to Plowshares).
    RemoveFromGame(TargetSpec, bool),
    /// Destroys (`bury: false`) or buries one target.
    Destroy(TargetSpec, bool),
    /// Destroys or buries all creatures.
    DestroyAllCreatures(bool),
    /// This deals damage equal to its power (as announced) to the target creature, which deals
    /// damage equal to its own power (as the resolution begins) back to this (Tracker; 002
    /// L1215-1223).
    Fight(TargetSpec),
    /// Damage to the target equal to the number of lands of this basic land type (its
    /// singular, lowercase) the caster controls, counted at resolution (Spitting Earth; 002
    /// L637-639).
    DamagePerLand(String, TargetSpec),
    /// Destroys one target and its caster gains life equal to its casting cost, as it was at
    /// the start of the resolution (Divine Offering; 002 L1224-1228).
    DestroyGainCost(TargetSpec),
    /// Prevents damage to a creature or player (`up to` N).
    Prevent(Amount, TargetSpec),
    /// Prevents all damage to the controller from one source of a colour (its choice).
    PreventAllFrom(Color),
    /// Counters a spell.
    Counter(TargetSpec),
    /// Counters a spell unless its caster pays; if not, optionally taps all the caster's lands.
    CounterUnlessPaid(TargetSpec, Amount, bool),
    /// Counters a spell whose converted casting cost is X (Spell Blast; 002 Casting Cost: X
    /// counts while the spell is cast).
    CounterCostX(TargetSpec),
    /// Adds mana of a colour for each mana in the converted casting cost of the permanent
    /// sacrificed as the cost (Sacrifice).
    AddManaPerSacrificedCost(Color),
    /// Its controller gains life equal to the toughness the sacrificed creature had as it
    /// was sacrificed (Diamond Valley; damage does not lower toughness, 002 L2035-2037).
    GainLifeSacrificedToughness,
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
    DamageTo(Much, Recipient),
    /// The ability's controller gains life.
    YouGain(Much),
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
    /// `draw a card`: the controller draws; a player who cannot draw loses once the resolution
    /// is over (002 L2698-2701). Written with `at the beginning of the next turn`, a cantrip.
    DrawCard,
    /// `that player discards a card at random` (or `the defending player ...`): the pick is
    /// named by `P discards CARD at random` unless chance has nothing to decide.
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
    /// `you may have it deal no combat damage this turn; if you do, EFFECT` (Cloak of
    /// Confusion): an optional, untargeted ability on the event's creature, chosen as it
    /// triggers (002 Is Not Blocked L2509-2518).
    NoCombatDamageInstead(Box<Effect>),
    /// `switch the blockers of two target blocked attacking creatures` (General Jarkeld): each
    /// creature blocking exactly one of them blocks the other instead, if each attacker could
    /// be blocked by the other's blockers; the new blocks are not "assigned" (002 L1508-1510).
    SwitchBlockers(TargetSpec),
    /// `remove target ... from combat[; you may have it block another attacking creature]`
    /// (False Orders): the blocker is taken out of the combat as if never declared, an attacker
    /// it alone blocked becomes unblocked; with `true`, its caster may then have it block
    /// another attacker (002 L428-431, L353-355, L514-519).
    RemoveFromCombat(TargetSpec, bool),
    /// `TARGET gains KEYWORD until your next upkeep` (002 Duration Effects L1054-1058: it ends
    /// just before the beginning of that upkeep).
    GrantUntilNextUpkeep(TargetSpec, Keyword),
    /// `artifacts, creatures and lands your opponents play come into play tapped`: a continuous
    /// effect on how permanents enter play (002 L1013-1014, Kismet).
    OpponentsEnterTapped,
    /// Damage to the creature the enchantment enchants (Earthbind as it enters play).
    DamageEnchanted(Amount),
    /// The enchantment's controller controls the creature it enchants (Control Magic; the
    /// newest such enchantment wins, and control goes back when none is left).
    ControlEnchanted,
    /// Creatures with at least this power do not untap during their controllers' untap phases
    /// (Meekstone: a static ability, off while its artifact is tapped, 002 Artifact L1339-1342).
    NoUntapPowerAtLeast(i32),
    /// Moves a local enchantment (the first target) onto another permanent (the second), as
    /// if it were just cast there (002 Moving Enchantments, L2830-2901).
    MoveEnchantment(TargetSpec, Box<TargetSpec>),
    /// The creature must attack this turn; at end of turn it is destroyed if it did not
    /// (Nettling Imp; 002 Attack or Die Effects, Must Attack or Block).
    AttackOrDie(TargetSpec),
    /// Each creature of the kind must attack this turn or be destroyed at end of turn (Siren's
    /// Call): `each non-wall creature the active player has controlled since the turn began`.
    AttackOrDieAll,
    /// A creature spell that enters play as a copy of its target (Clone; implied by
    /// `enters play as a copy of target creature`, never written as an effect).
    Copy(TargetSpec),
    /// `sacrifice a creature` as an effect, not a cost: its controller chooses as it resolves
    /// among its permanents of the kind, itself included (Kjeldoran Dead; 002 Comes Into Play
    /// Effects L1688-1691: with no "or", it is no phase cost).
    Sacrifice(SacrificeCost),
    /// `when this comes into play, COST or bury this`: a comes-into-play effect with an "or",
    /// which follows the phase cost rules (Lake of the Dead; 002 L1679-1691): the
    /// permanent's own abilities wait until it is dealt with.
    EntryCost(Box<UpkeepCost>),
    /// `gain control of enchanted land until end of turn` (Wellspring).
    ControlEnchantedUntilEot,
    /// `untap enchanted land` (Wellspring).
    UntapEnchanted,
    /// `starting with you, each player may put a permanent card from their hand into play,
    /// until no player does` (Eureka): each player in turn, the controller first, puts one
    /// card or none; it ends when every player in a row has put none.
    EachPutsPermanents,
    /// `TARGET discards a card at random, then discards a card`: discards in the order written,
    /// `true` for one at random (Stupor; 002 L2162-2166: a card may declare a discard order).
    TargetDiscards(TargetSpec, Vec<bool>),
    /// `each 1 damage dealt to this removes a KIND counter from it instead` (Rock Hydra): a
    /// static replacement of damage successfully dealt to it while it has such counters.
    DamageRemovesCounters(String),
    /// `players play with their hands revealed` (Zur's Weirding): a scenario shows every hand
    /// already, so nothing changes in play.
    HandsRevealed,
    /// `whenever a player would draw a card, any other player may pay N life to put it into its
    /// owner's graveyard instead` (Zur's Weirding): asked at each draw that is not a cost (002
    /// L1861-1862: costs cannot be modified).
    DrawMayBeDenied(u32),
    /// `whenever a player plays an ability of enchanted creature, you may pay N to stop it; if
    /// you don't, destroy this` (Imprison): asked of this card's controller as the ability is
    /// announced, a mana ability's too. Paid, the announcement is not made (a resource made
    /// unavailable, 002 L621-624, L1825-1829, L2785-2786); not paid, this card is destroyed
    /// and the ability goes on.
    EnchantedAbilityTaxed(u32),
    /// `whenever enchanted creature attacks or blocks, you may pay N to tap it and remove it
    /// from combat; if you don't, destroy this` (Imprison): asked of this card's controller as
    /// the creature is declared.
    EnchantedCombatTaxed(u32),
    /// `put a creature card from your hand into play; bury it unless you pay its casting
    /// cost reduced by up to N` (Flash): the exact coloured symbols, less up to N generic (002
    /// L1595-1599).
    PutCreatureFromHand(u32),
    /// `discard your hand`: every card in the controller's hand.
    DiscardHand,
    /// `you may spend white mana as though it were mana of any color and other mana only as
    /// though it were colorless` (Celestial Dawn): a static rule on its controller's payments.
    SpendWhiteAsAny,
    /// `LANDs tapped for mana produce an additional MANA` (Gauntlet of Might), `enchanted land
    /// tapped for mana produces an additional MANA` (Wild Growth): a static effect on the mana
    /// such a land makes, figured after its land type (002 L2568-2574).
    ExtraMana(ManaFrom, ManaCost),
    /// `other SET cards in play are buried` (City in a Bottle): whenever a permanent bearing
    /// that expansion symbol is in play with it, it is buried.
    BuryOtherOfSet(String),
    /// `SET cards cannot be played` (City in a Bottle): no spell or land bearing that symbol.
    SetCannotBePlayed(String),
}

impl Effect {
    /// An effect written only as a static ability: it acts while its permanent is in play, and
    /// does nothing as a resolution.
    #[must_use]
    pub const fn is_static_only(&self) -> bool {
        matches!(
            self,
            Self::TakeUnblockedDamage
                | Self::NoUntapPowerAtLeast(_)
                | Self::ControlEnchanted
                | Self::OpponentsEnterTapped
                | Self::DamageRemovesCounters(_)
                | Self::HandsRevealed
                | Self::DrawMayBeDenied(_)
                | Self::EnchantedAbilityTaxed(_)
                | Self::EnchantedCombatTaxed(_)
                | Self::SpendWhiteAsAny
                | Self::ExtraMana(..)
                | Self::BuryOtherOfSet(_)
                | Self::SetCannotBePlayed(_)
        )
    }

    /// The target specification, if the effect targets.
    #[must_use]
    pub fn target(&self) -> Option<&TargetSpec> {
        match self {
            Self::Damage(_, t)
            | Self::DamageDisintegrate(_, t)
            | Self::DamageDivided(_, t)
            | Self::DamageDividedAsChosen(_, t)
            | Self::GainLife(t, _)
            | Self::Bounce(t)
            | Self::ReturnToPlay(t)
            | Self::RemoveFromGame(t, _)
            | Self::Destroy(t, _)
            | Self::DestroyGainCost(t)
            | Self::Fight(t)
            | Self::DamagePerLand(_, t)
            | Self::Prevent(_, t)
            | Self::Counter(t)
            | Self::CounterUnlessPaid(t, _, _)
            | Self::CounterCostX(t)
            | Self::CountersOnTarget(_, _, t)
            | Self::DamageIfDiscardedLand(_, t)
            | Self::Tap(t)
            | Self::Untap(t)
            | Self::Pump(Who::Target(t), _, _)
            | Self::PumpWhileTapped(Who::Target(t), _, _)
            | Self::Grant(Who::Target(t), _)
            | Self::Lose(Who::Target(t), _)
            | Self::SetPt(Who::Target(t), _, _)
            | Self::SwitchPt(Who::Target(t))
            | Self::Animate(Who::Target(t), _)
            | Self::AnimateUntilEndOfCombat(Who::Target(t), _)
            | Self::SetColor(Who::Target(t), _)
            | Self::ReplaceWord(_, t)
            | Self::Regenerate(Who::Target(t))
            | Self::Enchant(t)
            | Self::MoveEnchantment(t, _)
            | Self::AttackOrDie(t)
            | Self::Copy(t)
            | Self::DamageInsteadOfCombat(_, t)
            | Self::GrantUntilNextUpkeep(t, _)
            | Self::TargetDiscards(t, _)
            | Self::SwitchBlockers(t)
            | Self::RemoveFromCombat(t, _) => Some(t),
            Self::Then(a, b) => a.target().or_else(|| b.target()),
            _ => None,
        }
    }

    /// The specification the `i`-th target must meet: the same for every target, except for
    /// an effect with two targets of different kinds (moving an enchantment).
    #[must_use]
    pub fn target_at(&self, i: usize) -> Option<&TargetSpec> {
        match self {
            Self::MoveEnchantment(_, d) if i == 1 => Some(d),
            _ => self.target(),
        }
    }

    /// How many targets the effect takes exactly, when it takes more than one of different
    /// kinds (moving an enchantment: the enchantment, then where it goes).
    #[must_use]
    pub const fn target_count(&self) -> Option<usize> {
        match self {
            Self::MoveEnchantment(..) | Self::SwitchBlockers(_) => Some(2),
            _ => None,
        }
    }

    /// Whether its controller may decline to play it (`you may have ...`).
    #[must_use]
    pub const fn optional(&self) -> bool {
        matches!(self, Self::DamageInsteadOfCombat(..) | Self::NoCombatDamageInstead(_))
    }
}

/// Who a static ability's continuous effect applies to (002 Order to Apply Effects).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Affects {
    /// The creature the enchantment enchants.
    Enchanted,
    /// Every other creature of a creature type (`other Goblins`), kept singular and lowercase.
    OtherOfType(String),
    /// Every creature of a creature type (`all Goblins`), kept singular and lowercase.
    OfType(String),
    /// Every creature.
    AllCreatures,
    /// Every creature of a colour.
    ColorCreatures(Color),
    /// The attacking creatures of the ability's controller.
    OwnAttackers,
    /// The land the enchantment enchants.
    EnchantedLand,
    /// Every land that is not a basic land.
    NonbasicLands,
    /// The artifact the enchantment enchants.
    EnchantedArtifact,
    /// The card itself (a power and toughness of `*/*` defined by its own text).
    This,
    /// The lands the ability's controller controls (Celestial Dawn's Plains).
    OwnLands,
    /// The nonland permanents the ability's controller controls and the nonland cards that
    /// player owns elsewhere (hand, library, graveyard; a spell: its caster's).
    OwnNonland,
}

/// A number a characteristic is defined by, counted when it is asked for.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Count {
    /// Cards of this name in play (`Plague Rats`).
    InPlayNamed(String),
    /// Cards in its controller's hand.
    ControllerHand,
}

/// What a continuous effect changes in a permanent's characteristics.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Change {
    /// Adds to power and toughness (a modifier: 002 L1927-1937).
    Pump(i32, i32),
    /// Sets the base power and toughness (the printed numbers are treated as changed).
    SetPt(i32, i32),
    /// Switches power and toughness. 002 has no rule of its own for it, so it takes its place
    /// in timestamp order like any continuous effect (002 L2973-3010): it swaps the power and
    /// toughness the older effects left, and newer effects apply to the swapped values.
    SwitchPt,
    /// Gives a keyword.
    Grant(Keyword),
    /// Takes a keyword away.
    Lose(Keyword),
    /// Sets the colours (a Lace): the newest setting wins, whatever the cost says.
    SetColor(Vec<Color>),
    /// Sets the colour as a permanent effect tracked by a counter (Aisling Leprechaun): like
    /// `SetColor`, but a copy does not take it (002 L1815-1818).
    MarkColor(Vec<Color>),
    /// Replaces one word of the text by another (Sleight of Mind, Magical Hack): (old, new).
    Text(String, String),
    /// A land becomes this basic land type: it loses its other land types and its abilities,
    /// and taps for that type's mana (002 L2545-2549).
    LandType(String),
    /// A land becomes the basic land type chosen when its source was cast (Phantasmal Terrain).
    ChosenLandType,
    /// Base power and toughness both equal to a count (a `*/*` creature's own text).
    PtEqual(Count),
    /// The card's mana symbols are of this colour, which makes it its base colour, under any
    /// effect that sets its colour whenever that came (Celestial Dawn: 002 L1652-1660).
    ManaSymbols(Color),
    /// The permanent becomes a creature as well as what it is (002 L1958-1962): with this base
    /// power and toughness, or, with `None`, its converted casting cost for both (Animate
    /// Artifact); with a creature type if the effect names one; an artifact too if `artifact`.
    Animate {
        /// Base power and toughness; `None`: the casting cost's total.
        pt: Option<(i32, i32)>,
        /// The creature type given, if any.
        subtype: Option<String>,
        /// It becomes an artifact creature.
        artifact: bool,
    },
}

/// The kind of word a text change replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum WordKind {
    /// A colour word (`red`).
    Color,
    /// A basic land type (`Island`).
    BasicLandType,
}

impl WordKind {
    /// The words of the kind, as the text holds them.
    #[must_use]
    pub const fn words(self) -> &'static [&'static str] {
        match self {
            Self::Color => &["white", "blue", "black", "red", "green"],
            Self::BasicLandType => &["plains", "island", "swamp", "mountain", "forest"],
        }
    }
}

/// What a sacrifice cost takes: a permanent of this kind its payer controls.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Sacrificed {
    /// A creature.
    Creature,
    /// An artifact.
    Artifact,
    /// A land.
    Land,
    /// A land of a basic land type (`swamp`, `mountain`, ...).
    LandType(String),
}

/// `sacrifice N KINDs [other than this]`: permanents named by the payer (002 Costs, L1830-1847).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct SacrificeCost {
    /// How many.
    pub count: u32,
    /// Of what kind.
    pub what: Sacrificed,
    /// The permanent with the ability may not be one of them.
    pub other_than_this: bool,
}

/// A cost: mana, tapping, and the costs beyond mana 002 lists (sacrifice, life, counters).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize)]
pub struct ActivationCost {
    /// Mana to pay.
    pub mana: ManaCost,
    /// `T`: tap the permanent.
    pub tap: bool,
    /// `sacrifice this`.
    pub sacrifice_this: bool,
    /// `sacrifice a creature` and the like: permanents chosen at announcement (boxed, as the
    /// other rare parts: most costs are mana and tapping).
    pub sacrifice: Option<Box<SacrificeCost>>,
    /// `pay N life`.
    pub life: u32,
    /// `remove N KIND counters from this`.
    pub remove_counters: Option<Box<(u32, String)>>,
    /// `...; use only during your upkeep`: a limit on when the ability may be played, written
    /// after its effect.
    pub upkeep_only: bool,
    /// `discard a card` / `discard N cards`: cards from the payer's hand, named at announcement.
    pub discard: u32,
    /// `...; any player may use this ability` (Land's Edge): written after the effect.
    pub any_player: bool,
    /// `...; use only during an opponent's turn, before the attack` (Nettling Imp).
    pub before_opponents_attack: bool,
    /// `...; use only during combat` (Jade Statue): from the declaration of attackers to the
    /// end of combat; in the declarations of attackers and blockers it is played as a
    /// specialized ability (002 L301-304, L342-343, L364-366).
    pub combat_only: bool,
    /// `...; use only once each turn`: once per turn for each player who controls it (002
    /// L1276-1278).
    pub once_each_turn: bool,
    /// `...; spend no more than N this way each turn` (Roterothopter): a cap on the mana paid
    /// for this ability in a turn, by whoever controls it (002 L1268-1276).
    pub spend_cap: Option<u32>,
    /// `return N LANDs you control to their owner's hand` (N may be X: Infernal Harvest).
    pub return_lands: Option<Box<(Amount, String)>>,
    /// `draw a card` / `draw N cards` (Psychic Vortex's cumulative upkeep): a draw that is a
    /// cost, which no effect may modify (002 L1861-1862).
    pub draw: u32,
    /// `...; use only after blockers are declared`: in the attack, from the fast effects after
    /// blocking until the damage (General Jarkeld).
    pub after_blocks: bool,
}

impl ActivationCost {
    /// Whether the cost is mana (and tapping) alone.
    #[must_use]
    pub const fn mana_only(&self) -> bool {
        !self.sacrifice_this
            && self.sacrifice.is_none()
            && self.life == 0
            && self.remove_counters.is_none()
            && self.discard == 0
            && self.return_lands.is_none()
            && self.draw == 0
    }

    /// Whether an X in the cost is chosen on announcement (in its mana, or counting one of its
    /// other parts, as the Swamps Infernal Harvest returns).
    #[must_use]
    pub fn has_x(&self) -> bool {
        self.mana.x > 0 || matches!(self.return_lands.as_deref(), Some((Amount::X(_), _)))
    }
}

/// What a penalty for an unpaid upkeep cost does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Penalty {
    /// `bury this`.
    BuryThis,
    /// `this deals N damage to you`.
    DamageToYou(u32),
}

/// A phase cost paid in its controller's upkeep (002 Phase Cost, L3026-3105).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UpkeepCost {
    /// What is paid.
    pub cost: ActivationCost,
    /// What happens when it is not paid.
    pub penalty: Penalty,
    /// `...; if you cannot, ...`: it must be paid when it can be (002 L3093-3097).
    pub mandatory: bool,
    /// `cumulative upkeep: MANA`: the mana once for each age counter on the permanent, plus
    /// once; paying adds an age counter (002 Cumulative Upkeep, L1985-2013).
    pub cumulative: bool,
}

/// Which costs a cost change applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CostScope {
    /// Spells (of one colour, or all).
    Spells(Option<Color>),
    /// Activated abilities of enchantments (of one colour, or all).
    EnchantmentAbilities(Option<Color>),
    /// Activated abilities of the permanent this enchants.
    EnchantedAbilities,
    /// Every spell and activated ability.
    SpellsAndAbilities,
}

/// How a cost change alters the costs it applies to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CostDelta {
    /// N more generic mana.
    More(u32),
    /// N less generic mana (never below zero).
    Less(u32),
    /// N less generic mana, but never below one mana in all.
    LessMinOne(u32),
    /// One more sacrifice of a land of this type for each B in the cost.
    SacrificePerBlack(String),
}

/// A static cost change: Gloom, Helm of Awakening, Power Artifact, Drought (002 Costs, L1825-1829).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CostChange {
    /// Which costs.
    pub scope: CostScope,
    /// How.
    pub delta: CostDelta,
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
    /// An effect while the card is in play that is not a change of characteristics.
    Static(Effect),
    /// A continuous effect on characteristics while the card is in play
    /// (`enchanted creature gets +1/+2`, `other Goblins gain mountainwalk`).
    Continuous(Affects, Change),
    /// A triggered ability: when the event happens, the effect follows (002 Triggered Abilities).
    Triggered(Trigger, Effect),
    /// `enchant only FILTER creatures`: a local enchantment may be cast only on such a creature
    /// (a targeting restriction: 002 Enchantments).
    EnchantOnly(Filter),
    /// `as this enters play, EFFECT`: done as the local enchantment's resolution puts it into
    /// play on its creature (Earthbind's 2 damage).
    AsEnters(Effect),
    /// A phase cost: `during your upkeep, pay COST or bury this` (002 Turn Order, About The
    /// Phases: it must be dealt with before the upkeep can end).
    UpkeepCost(UpkeepCost),
    /// `additional cost: COST`: paid when the spell is cast, besides its mana cost (002 Costs,
    /// L1832-1834: "cost: effect" on a non-permanent is a cost paid once, at announcement).
    AdditionalCost(ActivationCost),
    /// `alternative cost: COST`: may be paid instead of the mana cost (Fireblast; 002 Pitch
    /// Spells, L3276-3285).
    AlternativeCost(ActivationCost),
    /// A static change to costs.
    CostChange(CostChange),
    /// `comes into play with N KIND counters`.
    EntersWithCounters(u32, String),
    /// `comes into play with X KIND counters`: X as paid when it was cast (0 when it enters
    /// play otherwise: 002 L1578-1580, L1810-1811).
    EntersWithXCounters(String),
    /// `cast only during an opponent's turn, before the attack` (Siren's Call).
    OpponentsTurnBeforeAttack,
    /// `cast only during an opponent's upkeep` (Festival).
    OpponentsUpkeepOnly,
    /// `enters play as a copy of target creature`: the spell targets a creature and, resolving,
    /// enters play with that creature's printed characteristics and text changes, but not its
    /// counters or the effects on it (002 Copy Cards, L1746-1818).
    EntersAsCopy(TargetSpec),
    /// `cast only at the end of the declaration of blockers`: once the blocks are made, before
    /// the step ends (False Orders; 002 Step 3 L428-431).
    EndOfBlockersOnly,
}

/// Which lands make additional mana (see [`Effect::ExtraMana`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum ManaFrom {
    /// Every land of this basic land type (its singular, lowercase), whoever controls it.
    LandType(String),
    /// The land the enchantment enchants.
    EnchantedLand,
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
    /// `at the beginning of WHOSE turn`: as the first phase of that turn begins (002 Turn
    /// Order, Phase 0: Beginning of Turn, L98-110; Wellspring's control change).
    BeginningOfTurn(Whose),
    /// `during WHOSE upkeep`: a mandatory phase effect, dealt with before the upkeep can end
    /// (002 Phase Effects and Phase Abilities L3107-3173).
    DuringUpkeep(Whose),
    /// `during WHOSE upkeep, you may ...`: an optional phase effect, played only if its player
    /// chooses to (002 Phase Effects and Phase Abilities L3141-3142).
    MayDuringUpkeep(Whose),
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
    /// `whenever enchanted creature attacks and is not blocked`: the same moment, for the
    /// creature a local enchantment enchants (Cloak of Confusion); the event names the creature
    /// and the defending player.
    EnchantedNotBlocked,
    /// `you may cast this as an instant; if you do, EFFECT`: not an event but a condition of
    /// the casting. A permanent spell with it may be cast whenever an instant could; when it
    /// was cast at a moment a sorcery could not be, EFFECT (a delayed one, `bury this at end of
    /// turn`) is scheduled as it comes into play (Armor of Thorns; 002 L2896-2901).
    CastAsInstant,
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
    /// `whenever a creature comes into play`: a creature entering play (becoming a creature
    /// in play is not entering it: 002 L1324-1325).
    CreatureEnters,
    /// `at end of your turn`: at the end of each of its controller's turns, with the other end
    /// of turn effects (Psychic Vortex).
    EndOfYourTurn,
}

impl Trigger {
    /// Whether it waits for an event the engine records (not a state, the end of the turn or
    /// a phase effect, which are looked at on their own).
    #[must_use]
    pub const fn is_event(&self) -> bool {
        !matches!(
            self,
            Self::ControlNo(_)
                | Self::DamagedCreatureDies
                | Self::EndOfTurnIfNoCreatures
                | Self::DuringUpkeep(_)
                | Self::EndOfYourTurn
                | Self::CastAsInstant
                | Self::MayDuringUpkeep(_)
        )
    }

    /// A phase effect played in the middle of the upkeep: whose upkeep, and whether it is
    /// optional.
    #[must_use]
    pub const fn phase_effect(&self) -> Option<(Whose, bool)> {
        match self {
            Self::DuringUpkeep(w) => Some((*w, false)),
            Self::MayDuringUpkeep(w) => Some((*w, true)),
            _ => None,
        }
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
        let stp = "spell: remove target creature from the game; its controller gains life equal to its power";
        assert!(matches!(ok(stp), Ability::Spell(Effect::RemoveFromGame(_, true))));
        assert_eq!(ok(stp).to_string(), stp);
        let held = "2, T: target creature gets +1/+1 for as long as this remains tapped";
        let a = ok(held);
        assert!(matches!(a, Ability::Activated(_, Effect::PumpWhileTapped(Who::Target(_), ..))));
        assert_eq!(a.to_string(), held);
        assert!(matches!(
            ok("R: this gets +1/+0 until end of turn"),
            Ability::Activated(_, Effect::Pump(Who::This, ..))
        ));
        assert_eq!(ok("protection from black"), Ability::Keyword(Keyword::Protection(Color::Black)));
        assert_eq!(ok("first strike"), Ability::Keyword(Keyword::FirstStrike));
        assert_eq!(ok("swampwalk"), Ability::Keyword(Keyword::Landwalk("swamp".into())));
        assert_eq!(ok("fear"), Ability::Keyword(Keyword::Fear));
        assert_eq!(ok("enchanted creature gets +1/+2"), Ability::Continuous(Affects::Enchanted, Change::Pump(1, 2)));
        assert_eq!(
            ok("other Goblins gain mountainwalk"),
            Ability::Continuous(
                Affects::OtherOfType("goblin".into()),
                Change::Grant(Keyword::Landwalk("mountain".into()))
            )
        );
        assert_eq!(
            ok("all creatures lose flying"),
            Ability::Continuous(Affects::AllCreatures, Change::Lose(Keyword::Flying))
        );
        assert_eq!(
            ok("attacking creatures you control get +1/+0"),
            Ability::Continuous(Affects::OwnAttackers, Change::Pump(1, 0))
        );
        assert!(matches!(
            ok("T: target creature becomes 0/2 until end of turn"),
            Ability::Activated(_, Effect::SetPt(Who::Target(_), Amount::Fixed(0), Amount::Fixed(2)))
        ));
        assert!(matches!(
            ok("spell: target creature loses flying until end of turn"),
            Ability::Spell(Effect::Lose(Who::Target(_), Keyword::Flying))
        ));
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
    fn optional_phase_effect() {
        for text in [
            "during your upkeep, you may put a +1/+1 counter on target creature",
            "during each opponent's upkeep, you may put a +1/+1 counter on target creature",
        ] {
            let a = ok(text);
            let Ability::Triggered(t, _) = &a else { panic!("{a:?}") };
            assert_eq!(t.phase_effect().map(|(_, optional)| optional), Some(true), "{text}");
            // Shown as written up to the effect, and read back the same.
            let shown = a.to_string();
            assert!(shown.contains(" upkeep, you may put "), "{shown}");
            assert_eq!(ok(&shown), a);
        }
        let a = ok("during your upkeep, put a +1/+1 counter on target creature");
        let Ability::Triggered(t, _) = &a else { panic!("{a:?}") };
        assert_eq!(t.phase_effect().map(|(_, optional)| optional), Some(false));
    }

    #[test]
    fn upkeep_cost() {
        let a = ok("during your upkeep, pay 1U or bury this");
        let Ability::UpkeepCost(m) = &a else { panic!("{a:?}") };
        assert_eq!(m.cost.mana.total(), 2);
        assert!(!m.mandatory);
        assert_eq!(a.to_string(), "during your upkeep, pay 1U or bury this");
        assert!(parse_ability("during your upkeep, pay 1U or destroy this").is_err());
        let lord =
            "during your upkeep, sacrifice a creature other than this; if you cannot, this deals 7 damage to you";
        let Ability::UpkeepCost(u) = ok(lord) else { panic!() };
        assert!(u.mandatory);
        assert_eq!(u.penalty, Penalty::DamageToYou(7));
        assert_eq!(
            u.cost.sacrifice.as_deref().cloned(),
            Some(SacrificeCost { count: 1, what: Sacrificed::Creature, other_than_this: true })
        );
        assert_eq!(ok(lord).to_string(), lord);
        let Ability::UpkeepCost(u) = ok("cumulative upkeep: 1U") else { panic!() };
        assert!(u.cumulative && !u.mandatory && u.penalty == Penalty::BuryThis);
        assert_eq!(ok("cumulative upkeep: 1U").to_string(), "cumulative upkeep: 1U");
        let Ability::UpkeepCost(u) = ok("cumulative upkeep: B, pay 2 life") else { panic!() };
        assert_eq!(u.cost.life, 2);
    }

    #[test]
    fn costs_beyond_mana() {
        let Ability::Activated(c, Effect::Pump(Who::This, ..)) =
            ok("sacrifice an artifact: this gets +2/+2 until end of turn")
        else {
            panic!()
        };
        assert_eq!(c.sacrifice.as_ref().map(|s| s.what.clone()), Some(Sacrificed::Artifact));
        assert!(c.mana.total() == 0 && !c.tap);
        let Ability::Activated(c, _) =
            ok("remove a +1/+1 counter from this: deal 1 damage to target creature or player")
        else {
            panic!()
        };
        assert_eq!(c.remove_counters.as_deref().cloned(), Some((1, "+1/+1".to_owned())));
        let Ability::Activated(c, _) = ok("1, T, sacrifice this, pay 2 life: add BB") else { panic!() };
        assert!(c.tap && c.sacrifice_this && c.life == 2 && c.mana.total() == 1);
        assert_eq!(c.to_string(), "1, T, sacrifice this, pay 2 life");
        let Ability::AlternativeCost(c) = ok("alternative cost: sacrifice two mountains") else { panic!() };
        assert_eq!(c.sacrifice.map(|s| (s.count, s.what)), Some((2, Sacrificed::LandType("mountain".into()))));
        assert!(matches!(ok("additional cost: sacrifice a creature"), Ability::AdditionalCost(_)));
        assert!(matches!(
            ok("spell: add B for each mana in the converted casting cost of the sacrificed creature"),
            Ability::Spell(Effect::AddManaPerSacrificedCost(Color::Black))
        ));
        assert!(matches!(
            ok("spell: counter target spell with converted casting cost X"),
            Ability::Spell(Effect::CounterCostX(_))
        ));
        assert_eq!(ok("comes into play with 3 +1/+1 counters"), Ability::EntersWithCounters(3, "+1/+1".into()));
        let edge = "discard a card: if the discarded card is a land, deal 2 damage to target player; any player may use this ability";
        let Ability::Activated(c, Effect::DamageIfDiscardedLand(Amount::Fixed(2), _)) = ok(edge) else { panic!() };
        assert!(c.discard == 1 && c.any_player && !c.upkeep_only);
        assert_eq!(ok(edge).to_string(), edge);
        let harvest = "additional cost: return X swamps you control to their owner's hand";
        let Ability::AdditionalCost(c) = ok(harvest) else { panic!() };
        assert!(c.has_x() && c.return_lands.as_deref().cloned() == Some((Amount::X(1), "swamp".into())));
        assert_eq!(ok(harvest).to_string(), harvest);
        let split = "spell: deal X damage divided as you choose among any number of target creatures";
        assert!(matches!(ok(split), Ability::Spell(Effect::DamageDividedAsChosen(Amount::X(1), _))));
        assert_eq!(ok(split).to_string(), split);
    }

    #[test]
    fn cost_changes() {
        let cases = [
            ("white spells cost 3 more", CostScope::Spells(Some(Color::White)), CostDelta::More(3)),
            ("spells cost 1 less", CostScope::Spells(None), CostDelta::Less(1)),
            (
                "activated abilities of white enchantments cost 3 more",
                CostScope::EnchantmentAbilities(Some(Color::White)),
                CostDelta::More(3),
            ),
            (
                "activated abilities of enchanted artifact cost 2 less, but not less than 1",
                CostScope::EnchantedAbilities,
                CostDelta::LessMinOne(2),
            ),
            (
                "spells and activated abilities cost an additional sacrifice of a swamp for each B in their costs",
                CostScope::SpellsAndAbilities,
                CostDelta::SacrificePerBlack("swamp".into()),
            ),
        ];
        for (text, scope, delta) in cases {
            assert_eq!(ok(text), Ability::CostChange(CostChange { scope, delta }), "{text}");
            assert_eq!(ok(text).to_string(), text);
        }
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
    fn comes_into_play_sacrifice_is_a_cost_only_with_an_or() {
        // 002 L1688-1691: "or do something else" makes it a phase cost; without it, an effect.
        let Ability::Triggered(Trigger::ComesIntoPlay, Effect::EntryCost(u)) =
            ok("when this comes into play, sacrifice a swamp or bury this")
        else {
            panic!()
        };
        assert!(!u.mandatory && u.penalty == Penalty::BuryThis);
        let Ability::Triggered(Trigger::ComesIntoPlay, Effect::Sacrifice(s)) =
            ok("when this comes into play, sacrifice a creature")
        else {
            panic!()
        };
        assert_eq!((s.count, s.what, s.other_than_this), (1, Sacrificed::Creature, false));
        assert!(matches!(
            ok("at the beginning of your turn, untap enchanted land"),
            Ability::Triggered(Trigger::BeginningOfTurn(Whose::Your), Effect::UntapEnchanted)
        ));
    }

    #[test]
    fn errors() {
        let e = parse_ability("spell: deal 3 damage to target wizard").err().unwrap_or_else(|| panic!());
        assert_eq!(e.offset, 31);
        let e = parse_ability("spell: explode").err().unwrap_or_else(|| panic!());
        assert_eq!(e.offset, 7);
    }
}
