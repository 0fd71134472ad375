//! How abilities print: the same words the grammar reads.

use super::{
    Ability, ActivationCost, Affects, Amount, Change, CostChange, CostDelta, CostScope, Effect, Filter, Penalty,
    SacrificeCost, Sacrificed, TargetSpec, Trigger, UpkeepCost, Who, WordKind,
};
use std::fmt;

/// The canonical text of a parsed ability: what `judge card` shows, and what parses back to it.
impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Keyword(k) => write!(f, "{k}"),
            Self::Spell(e) => write!(f, "spell: {e}"),
            Self::Activated(c, e) => {
                write!(f, "{c}: {e}")?;
                if c.upkeep_only {
                    f.write_str("; use only during your upkeep")?;
                }
                if c.any_player {
                    f.write_str("; any player may use this ability")?;
                }
                if c.before_opponents_attack {
                    f.write_str("; use only during an opponent's turn, before the attack")?;
                }
                if c.once_each_turn {
                    f.write_str("; use only once each turn")?;
                }
                if c.after_blocks {
                    f.write_str("; use only after blockers are declared")?;
                }
                if c.combat_only {
                    f.write_str("; use only during combat")?;
                }
                if let Some(n) = c.spend_cap {
                    write!(f, "; spend no more than {n} this way each turn")?;
                }
                Ok(())
            }
            Self::ExtraTargetCost(m) => write!(f, "costs {m} more for each target after the first"),
            Self::Static(Effect::Pump(w, p, t)) => write!(f, "{w} gets {}/{}", signed(*p), signed(*t)),
            Self::Static(e) => write!(f, "{e}"),
            Self::Triggered(super::Trigger::Flanking, _) => f.write_str("flanking"),
            Self::Continuous(a, c) => {
                let one = matches!(
                    a,
                    Affects::Enchanted | Affects::EnchantedLand | Affects::EnchantedArtifact | Affects::This
                );
                let verb = |one_form: &'static str, many_form: &'static str| if one { one_form } else { many_form };
                match c {
                    Change::Pump(p, t) => write!(
                        f,
                        "{a} {} {}/{}",
                        verb("gets", "get"),
                        signed(Amount::Fixed(*p)),
                        signed(Amount::Fixed(*t))
                    ),
                    Change::SwitchPt => write!(f, "{a} {} power and toughness switched", verb("has", "have")),
                    Change::SetPt(p, t) => {
                        write!(f, "{a} {} base power and toughness {p}/{t}", verb("has", "have"))
                    }
                    Change::Grant(k) => write!(f, "{a} {} {k}", verb("gains", "gain")),
                    Change::Lose(k) => write!(f, "{a} {} {k}", verb("loses", "lose")),
                    Change::LandType(t) => {
                        let t = if one { crate::cards::singular_type(t) } else { crate::cards::plural_type(t) };
                        write!(f, "{a} {} {t}", verb("is", "are"))
                    }
                    Change::ChosenLandType => write!(f, "{a} {} the chosen basic land type", verb("is", "are")),
                    Change::PtEqual(crate::grammar::ability::Count::InPlayNamed(n)) => {
                        write!(f, "{a} has power and toughness each equal to the number of {n} in play")
                    }
                    Change::PtEqual(crate::grammar::ability::Count::ControllerHand) => write!(
                        f,
                        "{a} has power and toughness each equal to the number of cards in its controller's hand"
                    ),
                    Change::Animate { pt: None, .. } => {
                        write!(f, "{a} is a creature with power and toughness equal to its casting cost")
                    }
                    Change::Animate { pt: Some((p, t)), subtype, artifact } => {
                        let ty = subtype
                            .as_ref()
                            .map(|s| format!("{} ", crate::cards::singular_type(s)))
                            .unwrap_or_default();
                        let art = if *artifact { "artifact " } else { "" };
                        if one {
                            write!(f, "{a} is a {p}/{t} {ty}{art}creature")
                        } else {
                            write!(f, "{a} are {p}/{t} {ty}{art}creatures")
                        }
                    }
                    Change::ManaSymbols(c) => write!(f, "{a} {} {} mana symbols", verb("has", "have"), c.name()),
                    // Never written on a card: made by effects only.
                    Change::SetColor(_) | Change::MarkColor(_) | Change::Text(..) => write!(f, "{a} (changed)"),
                }
            }
            Self::Triggered(Trigger::CastAsInstant, e) => write!(f, "you may cast this as an instant; if you do, {e}"),
            Self::Triggered(t @ super::Trigger::MayDuringUpkeep(_), e) => write!(f, "{t} {e}"),
            Self::Triggered(t, e) => write!(f, "{t}, {e}"),
            Self::EnchantOnly(Filter::YouControl) => f.write_str("enchant only creatures you control"),
            Self::EnchantOnly(x) => write!(f, "enchant only {} creatures", filter_word(*x)),
            Self::EndOfBlockersOnly => f.write_str("cast only at the end of the declaration of blockers"),
            Self::AsEnters(e) => write!(f, "as this enters play, {e}"),
            Self::UpkeepCost(u) => write!(f, "{u}"),
            Self::AdditionalCost(c) => write!(f, "additional cost: {c}"),
            Self::AlternativeCost(c) => write!(f, "alternative cost: {c}"),
            Self::CostChange(c) => write!(f, "{c}"),
            Self::EntersAsCopy(t) => write!(f, "enters play as a copy of {t}"),
            Self::OpponentsTurnBeforeAttack => f.write_str("cast only during an opponent's turn, before the attack"),
            Self::OpponentsUpkeepOnly => f.write_str("cast only during an opponent's upkeep"),
            Self::EntersWithXCounters(k) => write!(f, "comes into play with X {k} counters"),
            Self::EntersWithCounters(n, k) => {
                write!(f, "comes into play with {n} {k} counter{}", if *n == 1 { "" } else { "s" })
            }
        }
    }
}

/// A number as the cost language writes it before a noun.
fn count_word(n: u32) -> String {
    match n {
        2 => "two".to_owned(),
        3 => "three".to_owned(),
        n => n.to_string(),
    }
}

impl fmt::Display for SacrificeCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (one, many) = match &self.what {
            Sacrificed::Creature => ("a creature".to_owned(), "creatures".to_owned()),
            Sacrificed::Artifact => ("an artifact".to_owned(), "artifacts".to_owned()),
            Sacrificed::Land => ("a land".to_owned(), "lands".to_owned()),
            Sacrificed::LandType(t) if t == "plains" => ("a plains".to_owned(), "plains".to_owned()),
            Sacrificed::LandType(t) => (format!("a {t}"), format!("{t}s")),
        };
        if self.count == 1 {
            write!(f, "sacrifice {one}")?;
        } else {
            write!(f, "sacrifice {} {many}", count_word(self.count))?;
        }
        if self.other_than_this { f.write_str(" other than this") } else { Ok(()) }
    }
}

impl fmt::Display for ActivationCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.mana.total() > 0 || self.mana.x > 0 {
            parts.push(self.mana.to_string());
        }
        if self.tap {
            parts.push("T".to_owned());
        }
        if self.sacrifice_this {
            parts.push("sacrifice this".to_owned());
        }
        if let Some(s) = &self.sacrifice {
            parts.push(s.to_string());
        }
        if self.life > 0 {
            parts.push(format!("pay {} life", self.life));
        }
        match self.discard {
            0 => {}
            1 => parts.push("discard a card".to_owned()),
            n => parts.push(format!("discard {n} cards")),
        }
        if let Some((n, t)) = self.return_lands.as_deref() {
            let lands = if t == "plains" { t.clone() } else { format!("{t}s") };
            parts.push(format!("return {n} {lands} you control to their owner's hand"));
        }
        if let Some((n, k)) = self.remove_counters.as_deref() {
            let what = if *n == 1 { format!("a {k} counter") } else { format!("{n} {k} counters") };
            parts.push(format!("remove {what} from this"));
        }
        match self.draw {
            0 => {}
            1 => parts.push("draw a card".to_owned()),
            n => parts.push(format!("draw {n} cards")),
        }
        if parts.is_empty() {
            // A free cost (a mana cost of 0).
            parts.push("0".to_owned());
        }
        f.write_str(&parts.join(", "))
    }
}

impl fmt::Display for UpkeepCost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cost = &self.cost;
        if self.cumulative {
            return write!(f, "cumulative upkeep: {cost}");
        }
        f.write_str("during your upkeep, ")?;
        cost_or_penalty(f, self)
    }
}

/// `COST or PENALTY` (`; if you cannot,` when mandatory): an upkeep cost's words after `during
/// your upkeep,`, and a comes-into-play cost's after its trigger.
fn cost_or_penalty(f: &mut fmt::Formatter<'_>, u: &UpkeepCost) -> fmt::Result {
    {
        let cost = &u.cost;
        if cost.mana_only() && !cost.tap {
            write!(f, "pay {}", cost.mana)?;
        } else {
            write!(f, "{cost}")?;
        }
        let penalty = match u.penalty {
            Penalty::BuryThis => "bury this".to_owned(),
            Penalty::DamageToYou(n) => format!("this deals {n} damage to you"),
        };
        if u.mandatory { write!(f, "; if you cannot, {penalty}") } else { write!(f, " or {penalty}") }
    }
}

impl fmt::Display for CostChange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = |c: &Option<crate::grammar::mana::Color>| c.map(|c| format!("{} ", c.name())).unwrap_or_default();
        match &self.scope {
            CostScope::Spells(c) => write!(f, "{}spells cost", color(c))?,
            CostScope::EnchantmentAbilities(c) => write!(f, "activated abilities of {}enchantments cost", color(c))?,
            CostScope::EnchantedAbilities => f.write_str("activated abilities of enchanted artifact cost")?,
            CostScope::SpellsAndAbilities => f.write_str("spells and activated abilities cost")?,
        }
        match &self.delta {
            CostDelta::More(n) => write!(f, " {n} more"),
            CostDelta::Less(n) => write!(f, " {n} less"),
            CostDelta::LessMinOne(n) => write!(f, " {n} less, but not less than 1"),
            CostDelta::SacrificePerBlack(t) => write!(f, " an additional sacrifice of a {t} for each B in their costs"),
        }
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Fixed(n) => write!(f, "{n}"),
            Self::X(1) | Self::Power => f.write_str("X"),
            Self::X(k) => write!(f, "{k}X"),
        }
    }
}

fn signed(a: Amount) -> String {
    match a {
        Amount::Fixed(n) if n < 0 => format!("{n}"),
        Amount::X(k) if k < 0 => "-X".to_owned(),
        other => format!("+{other}"),
    }
}

impl fmt::Display for TargetSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.many {
            f.write_str("any number of ")?;
        }
        if self.filters == [Filter::OnlyThis] {
            return f.write_str("this");
        }
        f.write_str("target")?;
        if self.kinds == [super::TargetKind::Player] && self.filters == [Filter::OpponentControls] {
            return f.write_str(" opponent");
        }
        if let Some(t) = &self.subtype {
            return write!(f, " {}", crate::cards::singular_type(t));
        }
        let after = [
            Filter::NotThis,
            Filter::ActiveSinceTurnBegan,
            Filter::OpponentControls,
            Filter::YouControl,
            Filter::DefenderControls,
        ];
        let filters: Vec<String> =
            self.filters.iter().filter(|x| !after.contains(x)).map(|x| filter_word(*x)).collect();
        if !filters.is_empty() {
            write!(f, " {}", filters.join(", "))?;
        }
        let plural = if self.many { "s" } else { "" };
        let kinds: Vec<String> = self.kinds.iter().map(|k| format!("{}{plural}", k.word())).collect();
        match kinds.as_slice() {
            [] => Ok(()),
            [one] => write!(f, " {one}"),
            [rest @ .., last] => write!(f, " {} or {last}", rest.join(", ")),
        }?;
        if self.filters.contains(&Filter::ActiveSinceTurnBegan) {
            f.write_str(" the active player has controlled since the turn began")?;
        }
        if self.filters.contains(&Filter::NotThis) {
            f.write_str(" other than this")?;
        }
        if self.filters.contains(&Filter::OpponentControls) {
            f.write_str(" an opponent controls")?;
        }
        if self.filters.contains(&Filter::YouControl) {
            f.write_str(" you control")?;
        }
        if self.filters.contains(&Filter::DefenderControls) {
            f.write_str(" the defending player controls")?;
        }
        Ok(())
    }
}

/// A target adjective as written.
fn filter_word(x: Filter) -> String {
    match x {
        Filter::Tapped => "tapped".to_owned(),
        Filter::Untapped => "untapped".to_owned(),
        Filter::Blocking => "blocking".to_owned(),
        Filter::Attacking => "attacking".to_owned(),
        Filter::NonArtifact => "nonartifact".to_owned(),
        Filter::NotColor(c) => format!("non{}", c.name()),
        Filter::IsColor(c) => c.name().to_owned(),
        Filter::Flying => "flying".to_owned(),
        Filter::NotThis => "other than this".to_owned(),
        Filter::NonWall => "non-wall".to_owned(),
        Filter::ActiveSinceTurnBegan => "the active player has controlled since the turn began".to_owned(),
        Filter::OpponentControls => "an opponent controls".to_owned(),
        Filter::OnlyThis => "this".to_owned(),
        Filter::Blocked => "blocked".to_owned(),
        Filter::YouControl => "you control".to_owned(),
        Filter::DefenderControls => "the defending player controls".to_owned(),
    }
}

impl fmt::Display for Affects {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Enchanted => f.write_str("enchanted creature"),
            Self::OtherOfType(t) => write!(f, "other {}", crate::cards::plural_type(t)),
            Self::OfType(t) => write!(f, "all {}", crate::cards::plural_type(t)),
            Self::AllCreatures => f.write_str("all creatures"),
            Self::ColorCreatures(c) => write!(f, "{} creatures", c.name()),
            Self::OwnAttackers => f.write_str("attacking creatures you control"),
            Self::EnchantedLand => f.write_str("enchanted land"),
            Self::NonbasicLands => f.write_str("nonbasic lands"),
            Self::EnchantedArtifact => f.write_str("enchanted artifact"),
            Self::This => f.write_str("this"),
            Self::OwnLands => f.write_str("lands you control"),
            Self::OwnNonland => f.write_str("nonland permanents you control and nonland cards you own"),
        }
    }
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::This => f.write_str("this"),
            Self::Enchanted => f.write_str("enchanted creature"),
            Self::That => f.write_str("that creature"),
            Self::Target(t) => write!(f, "{t}"),
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::AddMana(m) => write!(f, "add {m}"),
            Self::Damage(a, t) => write!(f, "deal {a} damage to {t}"),
            Self::DamageDivided(a, t) => write!(f, "deal {a} damage divided evenly among {t}"),
            Self::DamageDividedAsChosen(a, t) => write!(f, "deal {a} damage divided as you choose among {t}"),
            Self::DamageEachCreatureAndPlayer(a) => write!(f, "deal {a} damage to each creature and each player"),
            Self::DamageEachCreatureAndPlayerOrSnow(a, b, l) => {
                write!(f, "deal {a} damage to each creature and each player, or {b} if you control a snow-covered {l}")
            }
            Self::NoCombatDamage => f.write_str("creatures deal no combat damage this turn"),
            Self::NoAttack => f.write_str("creatures cannot attack this turn"),
            Self::BuryThis => f.write_str("bury this"),
            Self::SacrificeThis => f.write_str("sacrifice this"),
            Self::DamageDisintegrate(a, t) => write!(
                f,
                "deal {a} damage to {t}; that creature cannot regenerate this turn and is removed from the game instead of going to the graveyard this turn"
            ),
            Self::ReverseDamage => f.write_str(
                "all damage dealt to you this turn by one source is prevented retroactively, and you gain that much life",
            ),
            Self::ControlEnchanted => f.write_str("you control enchanted creature"),
            Self::NoUntapPowerAtLeast(n) => write!(
                f,
                "creatures with power {n} or greater do not untap during their controllers' untap phases"
            ),
            Self::TakeUnblockedDamage => {
                f.write_str("all damage that unblocked attackers would deal to you is dealt to this instead while this is untapped")
            }
            Self::CountersOnThis(1, k) => write!(f, "put a {k} counter on this"),
            Self::CountersOnThis(n, k) => write!(f, "put {n} {k} counters on this"),
            Self::CountersOnTarget(n, k, t) => write!(f, "put {n} {k} counters on {t}"),
            Self::DamageIfDiscardedLand(a, t) => {
                write!(f, "if the discarded card is a land, deal {a} damage to {t}")
            }
            Self::DamageEachNonFlyerAndPlayer(a) => {
                write!(f, "deal {a} damage to each creature without flying and each player")
            }
            Self::Pump(w, p, t) => {
                write!(f, "{w} gets {}/{} until end of turn", signed(*p), signed(*t))?;
                if *p == Amount::Power { f.write_str(", where X is its power") } else { Ok(()) }
            }
            Self::Then(a, b) => write!(f, "{a}; {b}"),
            Self::WheelHands(n) => write!(f, "each player discards his or her hand and draws {n} cards"),
            Self::PumpAll(p, t) => write!(f, "all creatures get {}/{} until end of turn", signed(*p), signed(*t)),
            Self::PumpWhileTapped(w, p, t) => {
                write!(f, "{w} gets {}/{} for as long as this remains tapped", signed(*p), signed(*t))
            }
            Self::Grant(w, k) => write!(f, "{w} gains {k} until end of turn"),
            Self::Lose(w, k) => write!(f, "{w} loses {k} until end of turn"),
            Self::SetPt(w, p, t) => write!(f, "{w} becomes {p}/{t} until end of turn"),
            Self::SwitchPt(w) => write!(f, "switch {w}'s power and toughness until end of turn"),
            Self::SetColor(w, c) => write!(f, "{w} becomes {}", c.name()),
            Self::Animate(w, Change::Animate { pt: Some((p, t)), subtype, artifact }) => {
                let ty = subtype.as_ref().map(|s| format!("{} ", crate::cards::singular_type(s))).unwrap_or_default();
                let art = if *artifact { "artifact " } else { "" };
                write!(f, "{w} becomes a {p}/{t} {ty}{art}creature until end of turn")
            }
            Self::Animate(w, _) => write!(f, "{w} becomes a creature until end of turn"),
            Self::AnimateUntilEndOfCombat(w, Change::Animate { pt: Some((p, t)), subtype, artifact }) => {
                let ty = subtype.as_ref().map(|s| format!("{} ", crate::cards::singular_type(s))).unwrap_or_default();
                let art = if *artifact { "artifact " } else { "" };
                write!(f, "{w} becomes a {p}/{t} {ty}{art}creature until end of combat")
            }
            Self::AnimateUntilEndOfCombat(w, _) => write!(f, "{w} becomes a creature until end of combat"),
            Self::SpendWhiteAsAny => f.write_str(
                "you may spend white mana as though it were mana of any color and other mana only as though it were colorless",
            ),
            Self::ExtraMana(super::ManaFrom::LandType(land), m) => {
                write!(f, "{} tapped for mana produce an additional {m}", crate::cards::plural_type(land))
            }
            Self::ExtraMana(super::ManaFrom::EnchantedLand, m) => {
                write!(f, "enchanted land tapped for mana produces an additional {m}")
            }
            Self::BuryOtherOfSet(set) => write!(f, "other {set} cards in play are buried"),
            Self::SetCannotBePlayed(set) => write!(f, "{set} cards cannot be played"),
            Self::AnimateAll(land, Change::Animate { pt: Some((p, t)), .. }) => {
                let lands = crate::cards::plural_type(land);
                write!(f, "all {lands} you control become {p}/{t} creatures until end of turn")
            }
            Self::AnimateAll(land, _) => {
                write!(f, "all {} you control become creatures until end of turn", crate::cards::plural_type(land))
            }
            Self::ReplaceWord(k, t) => {
                let what = match k {
                    WordKind::Color => "color word",
                    WordKind::BasicLandType => "basic land type",
                };
                write!(f, "replace one {what} with another in the text of {t}")
            }
            Self::GainLife(t, a) => write!(f, "{t} gains {a} life"),
            Self::GainLifeSacrificedToughness => {
                f.write_str("gain life equal to the toughness of the sacrificed creature")
            }
            Self::Bounce(t) => write!(f, "return {t} to its owner's hand"),
            Self::MoveEnchantment(e, d) => write!(f, "move {e} onto {d}"),
            Self::ReturnToPlay(t) => write!(f, "put {t} into play"),
            Self::RemoveFromGame(t, life) => {
                write!(f, "remove {t} from the game")?;
                if *life {
                    f.write_str("; its controller gains life equal to its power")?;
                }
                Ok(())
            }
            Self::Destroy(t, bury) => write!(f, "{} {t}", if *bury { "bury" } else { "destroy" }),
            Self::Fight(t) => {
                write!(f, "deal damage equal to this's power to {t}; it deals damage equal to its power to this")
            }
            Self::DamagePerLand(l, t) => {
                let l = if l == "plains" { l.clone() } else { format!("{l}s") };
                write!(f, "deal damage equal to the number of {l} you control to {t}")
            }
            Self::DestroyGainCost(t) => write!(f, "destroy {t}; you gain life equal to its casting cost"),
            Self::DestroyAllCreatures(bury) => write!(f, "{} all creatures", if *bury { "bury" } else { "destroy" }),
            Self::Prevent(a, t) if t.filters == [Filter::OnlyThis] => write!(f, "prevent {a} damage to this"),
            Self::Prevent(a, t) => write!(f, "prevent up to {a} damage to {t}"),
            Self::PreventAllFrom(c) => write!(f, "prevent all damage to you from a {} source", c.name()),
            Self::Counter(t) => write!(f, "counter {t}"),
            Self::CounterCostX(t) => write!(f, "counter {t} with converted casting cost X"),
            Self::AddManaPerSacrificedCost(c) => write!(
                f,
                "add {} for each mana in the converted casting cost of the sacrificed creature",
                c.symbol()
            ),
            Self::CounterUnlessPaid(t, a, lands) => {
                write!(f, "counter {t} unless its caster pays {a}")?;
                if *lands { f.write_str("; if not, tap all lands its caster controls") } else { Ok(()) }
            }
            Self::Tap(t) => write!(f, "tap {t}"),
            Self::Untap(t) => write!(f, "untap {t}"),
            Self::Sacrifice(s) => write!(f, "{s}"),
            Self::EntryCost(u) => cost_or_penalty(f, u),
            Self::ControlEnchantedUntilEot => f.write_str("gain control of enchanted land until end of turn"),
            Self::UntapEnchanted => f.write_str("untap enchanted land"),
            Self::EachPutsPermanents => f.write_str(
                "starting with you, each player may put a permanent card from their hand into play, until no player does",
            ),
            Self::Regenerate(w) => write!(f, "regenerate {w}"),
            Self::EntersPlay => f.write_str("(enters play)"),
            Self::Enchant(t) => write!(f, "(enters play enchanting {t})"),
            Self::Copy(t) => write!(f, "(enters play as a copy of {t})"),
            Self::AttackOrDie(t) => write!(f, "{t} must attack this turn or be destroyed at end of turn"),
            Self::AttackOrDieAll => f.write_str(
                "each non-wall creature the active player has controlled since the turn began must attack this turn or be destroyed at end of turn",
            ),
            Self::DamageTo(n, to) => super::triggered::damage_text(f, *n, *to),
            Self::YouGain(n) => super::triggered::gain_text(f, *n),
            Self::MayPay(m, e) => super::triggered::may_pay_text(f, m, e),
            Self::UnlessPaid(e, m) => write!(f, "{e} unless you pay {m}"),
            Self::Scheduled(when, e) => {
                write!(f, "{e} {when}")?;
                if matches!(**e, Self::DestroyThat(_, true)) { f.write_str(" if it attacked this turn") } else { Ok(()) }
            }
            Self::DestroyThat(bury, _) => write!(f, "{} that creature", if *bury { "bury" } else { "destroy" }),
            Self::CounterThat(Some(m), _) => write!(f, "counter that spell unless its caster pays {m}"),
            Self::CounterThat(None, _) => {
                f.write_str("counter that spell if a card with the same name is in play or in any graveyard")
            }
            Self::RemoveGraveyards => f.write_str("remove all cards in all graveyards from the game"),
            Self::ReturnThis => f.write_str("return this to play under its owner's control"),
            Self::SkipNextDraw => f.write_str("you skip your next draw phase"),
            Self::DrawCard => f.write_str("draw a card"),
            Self::DiscardAtRandom => f.write_str("that player discards a card at random"),
            Self::RemoveThis => f.write_str("remove this from the game"),
            Self::DamageInsteadOfCombat(a, t) => write!(
                f,
                "you may have this deal {a} damage to {t}; if you do, this deals no combat damage this turn"
            ),
            Self::GrantUntilNextUpkeep(t, k) => write!(f, "{t} gains {k} until your next upkeep"),
            Self::NoCombatDamageInstead(e) => {
                write!(f, "you may have it deal no combat damage this turn; if you do, {e}")
            }
            Self::SwitchBlockers(_) => f.write_str("switch the blockers of two target blocked attacking creatures"),
            Self::RemoveFromCombat(t, more) => {
                write!(f, "remove {t} from combat")?;
                if *more {
                    f.write_str("; you may have it block another attacking creature")?;
                }
                Ok(())
            }
            Self::OpponentsEnterTapped => {
                f.write_str("artifacts, creatures and lands your opponents play come into play tapped")
            }
            Self::CountersOn(w, 1, k) => write!(f, "put a {k} counter on {w}"),
            Self::CountersOn(w, n, k) => write!(f, "put {n} {k} counters on {w}"),
            Self::DamageEnchanted(a) => write!(f, "deal {a} damage to enchanted creature"),
            Self::TargetDiscards(t, order) => {
                write!(f, "{t}")?;
                for (k, random) in order.iter().enumerate() {
                    f.write_str(if k == 0 { " discards a card" } else { ", then discards a card" })?;
                    if *random {
                        f.write_str(" at random")?;
                    }
                }
                Ok(())
            }
            Self::DamageRemovesCounters(k) => {
                write!(f, "each 1 damage dealt to this removes a {k} counter from it instead")
            }
            Self::HandsRevealed => f.write_str("players play with their hands revealed"),
            Self::DrawMayBeDenied(n) => write!(
                f,
                "whenever a player would draw a card, any other player may pay {n} life to put it into its owner's graveyard instead"
            ),
            Self::EnchantedAbilityTaxed(n) => write!(
                f,
                "whenever a player plays an ability of enchanted creature, you may pay {n} to stop it; if you don't, destroy this"
            ),
            Self::EnchantedCombatTaxed(n) => write!(
                f,
                "whenever enchanted creature attacks or blocks, you may pay {n} to tap it and remove it from combat; if you don't, destroy this"
            ),
            Self::PutCreatureFromHand(n) => write!(
                f,
                "put a creature card from your hand into play; bury it unless you pay its casting cost reduced by up to {n}"
            ),
            Self::DiscardHand => f.write_str("discard your hand"),
        }
    }
}
