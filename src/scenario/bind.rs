//! Action and expectation lines bound to the scenario's cards and players.

use super::setup::ExpectKind;
use super::setup::Loader;
use crate::cards::CardKind;
use crate::diagnostic::Diagnostic;
use crate::edition::Policies;
use crate::engine::action::{Action, Announce, TargetRef};
use crate::engine::state::{CardId, PlayerId, Source, Zone};
use crate::grammar::ability::{Ability, Effect, TargetKind};
use crate::grammar::action::{ActionSyntax, CastSyntax, Verb};
use crate::grammar::expect::ExpectSyntax;
use crate::grammar::lexicon::RefSyntax;
use crate::span::Spanned;

impl Loader<'_> {
    #[allow(clippy::too_many_lines)]
    pub(super) fn bind_action(
        &self,
        syn: &ActionSyntax,
        text: &Spanned<String>,
        pol: &Policies,
    ) -> Result<Action, Diagnostic> {
        let (player, verb) = match syn {
            ActionSyntax::Resolve => return Ok(Action::Resolve),
            ActionSyntax::ResolveTop => return Ok(Action::ResolveTop),
            ActionSyntax::GoTo { phase, at } => {
                let sp = text.span.at(*at, phase.len());
                return Ok(Action::GoTo(self.goal(phase, sp, pol)?));
            }
            ActionSyntax::Act { player, verb } => (self.bind_player(player, text.span)?, verb),
        };
        match verb {
            Verb::Passes => Ok(Action::Pass(player)),
            Verb::Plays(r) => {
                let sp = Self::ref_span(text, r);
                let card = self.bind_card(r, sp, Some((player, Zone::Hand)))?;
                if self.lib.get(self.cards[usize::from(card.0)].def).kind == CardKind::Land {
                    Ok(Action::PlayLand(player, card))
                } else {
                    let cs = CastSyntax {
                        card: r.clone(),
                        ability: None,
                        targets: Vec::new(),
                        x: None,
                        costs: Box::default(),
                        choosing: None,
                    };
                    self.bind_cast(player, &cs, text, false)
                }
            }
            Verb::PlaysPhaseEffect(cs) => {
                // Under 4e the active player plays the opponent's phase effects too: the card is
                // bound wherever it is, the rules check the rest.
                let sp = Self::ref_span(text, &cs.card);
                let card = self.bind_card(&cs.card, sp, None)?;
                let def = self.lib.get(self.cards[usize::from(card.0)].def);
                let Some(i) = def.triggered().iter().position(|(t, _)| t.phase_effect().is_some()) else {
                    return Err(Diagnostic::new(
                        format!("`{}` has no phase effect (\"during ... upkeep, ...\")", def.name),
                        sp,
                        "no phase effect",
                    ));
                };
                let mut an = Announce::plain(player, card, Source::Triggered(u8::try_from(i).unwrap_or(u8::MAX)));
                an.targets = cs.targets.iter().map(|t| self.bind_target(t, text)).collect::<Result<Vec<_>, _>>()?;
                Ok(Action::Announce(an))
            }
            Verb::Taps(r, mana) => {
                let sp = Self::ref_span(text, r);
                let card = self.bind_card(r, sp, Some((player, Zone::Play)))?;
                Ok(Action::Tap(player, card, mana.as_ref().map(|(m, _)| m.0)))
            }
            Verb::Casts(cs) => self.bind_cast(player, cs, text, false),
            Verb::Activates(cs) => self.bind_cast(player, cs, text, true),
            Verb::Announces(cs) => {
                let sp = Self::ref_span(text, &cs.card);
                let card = self.bind_card(&cs.card, sp, None)?;
                let c = &self.cards[usize::from(card.0)];
                let def = self.lib.get(c.def);
                let castable = c.zone == Zone::Hand && def.kind != CardKind::Land;
                let activatable = c.zone == Zone::Play && !def.activated().is_empty();
                match (castable, activatable) {
                    (true, false) => self.bind_cast(player, cs, text, false),
                    (false, true) => self.bind_cast(player, cs, text, true),
                    _ => Err(Diagnostic::new(
                        format!("`announces {}` fits both or neither of casting and activating", def.name),
                        sp,
                        "ambiguous",
                    )
                    .with_help("write `casts` or `activates`")),
                }
            }
            Verb::Regenerates(r) => {
                let sp = Self::ref_span(text, r);
                let card = self.bind_card(r, sp, Some((player, Zone::Play)))?;
                Ok(Action::Regenerate(player, card))
            }
            Verb::DeclaresAttack => Ok(Action::DeclareAttack(player)),
            Verb::AttacksWith(groups) => {
                let mut cards = Vec::new();
                let mut bands = Vec::new();
                for g in groups {
                    let members = g
                        .iter()
                        .map(|r| self.bind_card(r, Self::ref_span(text, r), Some((player, Zone::Play))))
                        .collect::<Result<Vec<_>, _>>()?;
                    if members.len() > 1 {
                        bands.push(members.clone());
                    }
                    cards.extend(members);
                }
                Ok(Action::AttackWith(player, cards, bands))
            }
            Verb::Blocks(None) => Ok(Action::Block(player, None)),
            Verb::Blocks(Some((a, bs))) => {
                let attacker = self.bind_card(a, Self::ref_span(text, a), None)?;
                let blockers = bs
                    .iter()
                    .map(|r| self.bind_card(r, Self::ref_span(text, r), Some((player, Zone::Play))))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Action::Block(player, Some((attacker, blockers))))
            }
            Verb::Assigns(n, from, to) => {
                let source = self.bind_card(from, Self::ref_span(text, from), None)?;
                Ok(Action::Assign(player, *n, source, self.bind_target(to, text)?))
            }
            Verb::Pays(c) => Ok(Action::Pay(player, Some(*c))),
            Verb::PaysLife(n) => Ok(Action::PayLife(player, *n)),
            Verb::Targets(rs) => {
                let ts = rs.iter().map(|r| self.bind_target(r, text)).collect::<Result<Vec<_>, _>>()?;
                Ok(Action::Targets(player, ts))
            }
            Verb::PaysSacrificing(n, rs) => {
                Ok(Action::PaySacrificing(player, *n, self.bind_sacrifices(player, rs, text, Zone::Play)?))
            }
            Verb::DoesNotPay => Ok(Action::Pay(player, None)),
            Verb::Discards(r, random) => {
                let card = self.bind_card(r, Self::ref_span(text, r), Some((player, Zone::Hand)))?;
                Ok(if *random { Action::DiscardRandom(player, card) } else { Action::Discard(player, card) })
            }
            Verb::Chooses(r) => Ok(Action::Choose(player, self.bind_card(r, Self::ref_span(text, r), None)?)),
            Verb::Orders(rs) => {
                let mut cards = Vec::new();
                for r in rs {
                    let sp = Self::ref_span(text, r);
                    let c = self.bind_card(r, sp, None)?;
                    if cards.contains(&c) {
                        return Err(Diagnostic::new("the same card is named twice", sp, "named already"));
                    }
                    cards.push(c);
                }
                Ok(Action::Order(player, cards))
            }
            Verb::Sacrifices(r) => {
                let card = self.bind_card(r, Self::ref_span(text, r), Some((player, Zone::Play)))?;
                Ok(Action::Sacrifice(player, card))
            }
            Verb::PutsIntoPlay(None) => Ok(Action::PutIntoPlay(player, None)),
            Verb::PutsIntoPlay(Some((r, on))) => {
                let card = self.bind_card(r, Self::ref_span(text, r), Some((player, Zone::Hand)))?;
                let ts = on.iter().map(|t| self.bind_target(t, text)).collect::<Result<Vec<_>, _>>()?;
                Ok(Action::PutIntoPlay(player, Some((card, ts))))
            }
            Verb::Uses(r, used) => {
                let card = self.bind_card(r, Self::ref_span(text, r), None)?;
                Ok(Action::Use(player, card, *used))
            }
            Verb::HasBlock(b, a) => {
                let blocker = self.bind_card(b, Self::ref_span(text, b), None)?;
                let attacker = match a {
                    Some(a) => Some(self.bind_card(a, Self::ref_span(text, a), None)?),
                    None => None,
                };
                Ok(Action::HaveBlock(player, blocker, attacker))
            }
        }
    }

    /// The cards of `sacrificing A, B` (in play) or `discarding A` (in hand), as written (the
    /// rules check the rest).
    fn bind_sacrifices(
        &self,
        player: PlayerId,
        rs: &[crate::grammar::lexicon::RefSyntax],
        text: &Spanned<String>,
        zone: Zone,
    ) -> Result<Vec<CardId>, Diagnostic> {
        let mut cards = Vec::new();
        for r in rs {
            let sp = Self::ref_span(text, r);
            cards.push(self.bind_card(r, sp, Some((player, zone)))?);
        }
        Ok(cards)
    }

    #[allow(clippy::too_many_lines)]
    pub(super) fn bind_cast(
        &self,
        player: PlayerId,
        cs: &CastSyntax,
        text: &Spanned<String>,
        activate: bool,
    ) -> Result<Action, Diagnostic> {
        let sp = Self::ref_span(text, &cs.card);
        let zone = if activate { Zone::Play } else { Zone::Hand };
        let card = self.bind_card(&cs.card, sp, Some((player, zone)))?;
        let def = self.lib.get(self.cards[usize::from(card.0)].def);
        let targets = cs.targets.iter().map(|t| self.bind_target(t, text)).collect::<Result<Vec<_>, _>>()?;
        let mut packet_sources = Vec::new();
        let mut chosen = None;
        let mut replaced = None;
        let source = if activate {
            if let Some((choice, at)) = &cs.choosing {
                packet_sources = self.bind_choosing(choice, *at, text)?;
            }
            let acts = def.activated();
            if acts.is_empty() {
                return Err(Diagnostic::new(
                    format!("`{}` has no activated ability", def.name),
                    sp,
                    "nothing to activate",
                ));
            }
            match cs.ability {
                Some(n) if n >= 1 && (n as usize) <= acts.len() => Source::Ability(u8::try_from(n - 1).unwrap_or(0)),
                Some(n) => {
                    return Err(Diagnostic::new(
                        format!("`{}` has no ability {n}", def.name),
                        text.span,
                        format!("expected ability 1 to {}", acts.len()),
                    ));
                }
                None if acts.len() == 1 => Source::Ability(0),
                None => {
                    return Err(Diagnostic::new(
                        format!("`{}` has {} activated abilities", def.name, acts.len()),
                        sp,
                        "which one?",
                    )
                    .with_help("write `activates CARD ability N`"));
                }
            }
        } else {
            if def.kind == CardKind::Land {
                return Err(Diagnostic::new(format!("`{}` is a land: it is played, not cast", def.name), sp, "a land")
                    .with_help("write `plays`"));
            }
            let effects = def.spell_effects();
            let modes: Vec<(usize, &str, &Effect)> =
                effects.iter().enumerate().filter_map(|(i, (m, e))| m.map(|m| (i, m, *e))).collect();
            let word_kind = effects
                .iter()
                .find_map(|(_, e)| match e {
                    Effect::ReplaceWord(k, _) => Some(*k),
                    _ => None,
                })
                .or_else(|| {
                    def.abilities.iter().find_map(|a| match a {
                        crate::grammar::ability::Ability::Continuous(
                            _,
                            crate::grammar::ability::Change::ChosenLandType,
                        ) => Some(crate::grammar::ability::WordKind::BasicLandType),
                        _ => None,
                    })
                });
            if let Some(kind) = word_kind {
                // `choosing NEW instead of OLD` names the word replaced too.
                let (new, old) = match &cs.choosing {
                    Some((c, at)) => match c.to_lowercase().find(" instead of ") {
                        Some(k) => (Some((c[..k].to_owned(), *at)), Some((c[k + 12..].to_owned(), at + k + 12))),
                        None => (Some((c.clone(), *at)), None),
                    },
                    None => (None, None),
                };
                chosen = Some(Self::bind_word(&def.name, kind, new.as_ref(), text)?);
                if let Some(old) = &old {
                    replaced = Some(Self::bind_word(&def.name, kind, Some(old), text)?);
                }
                Source::Spell(0)
            } else if modes.is_empty() {
                if let Some((choice, at)) = &cs.choosing {
                    packet_sources = self.bind_choosing(choice, *at, text)?;
                }
                Source::Spell(0)
            } else {
                let named = cs
                    .choosing
                    .as_ref()
                    .and_then(|(c, _)| modes.iter().find(|(_, m, _)| m.eq_ignore_ascii_case(c.trim())));
                let idx = if let Some((i, _, _)) = named {
                    *i
                } else {
                    if let Some((choice, at)) = &cs.choosing {
                        packet_sources = self.bind_choosing(choice, *at, text)?;
                    }
                    let fits: Vec<&(usize, &str, &Effect)> =
                        modes.iter().filter(|(_, _, e)| self.targets_fit(e, &targets)).collect();
                    if fits.len() == 1 {
                        fits[0].0
                    } else {
                        let names: Vec<String> = modes.iter().map(|(_, m, _)| format!("`choosing {m}`")).collect();
                        return Err(Diagnostic::new(
                            format!("`{}` has modes; these targets do not say which", def.name),
                            sp,
                            "choose a mode",
                        )
                        .with_help(format!("add {}", names.join(" or "))));
                    }
                };
                Source::Spell(u8::try_from(idx).unwrap_or(0))
            }
        };
        let cost_has_x = match source {
            // X may also count an additional cost (the Swamps Infernal Harvest returns).
            Source::Spell(_) => {
                def.cost.is_some_and(|c| c.x > 0)
                    || def.abilities.iter().any(|a| matches!(a, Ability::AdditionalCost(c) if c.has_x()))
            }
            Source::Ability(i) => def.activated().get(usize::from(i)).is_some_and(|(c, _)| c.has_x()),
            Source::Triggered(_) => false,
        };
        if cost_has_x && cs.x.is_none() {
            return Err(Diagnostic::new(
                format!("`{}` has X in its cost; the line must choose it", def.name),
                text.span,
                "X not chosen",
            )
            .with_help("add `with X=N`"));
        }
        if !cost_has_x && let Some(x) = cs.x {
            return Err(Diagnostic::new(
                format!("`{}` has no X in its cost", def.name),
                text.span,
                format!("remove `with X={x}`"),
            ));
        }
        let divides = match source {
            Source::Spell(k) => def.spell_effects().get(usize::from(k)).map(|(_, e)| *e),
            Source::Ability(i) => def.activated().get(usize::from(i)).map(|(_, e)| *e),
            Source::Triggered(_) => None,
        }
        .is_some_and(|e| matches!(e, Effect::DamageDividedAsChosen(..)));
        if !divides && !cs.costs.dividing.is_empty() {
            return Err(Diagnostic::new(
                format!("`{}` does not divide damage as its caster chooses", def.name),
                text.span,
                "remove `dividing`",
            ));
        }
        let sacrifices = self.bind_sacrifices(player, &cs.costs.sacrificing, text, Zone::Play)?;
        let discards = self.bind_sacrifices(player, &cs.costs.discarding, text, Zone::Hand)?;
        Ok(Action::Announce(Announce {
            player,
            card,
            source,
            targets,
            x: cs.x,
            packet_sources,
            sacrifices,
            discards,
            division: cs.costs.dividing.clone(),
            chosen,
            replaced,
        }))
    }

    /// The word named by `choosing WORD` for a text change: a colour or a basic land type (a
    /// creature type, a colour for a land type, or an ability is not one: 002 L1978-1980).
    fn bind_word(
        name: &str,
        kind: crate::grammar::ability::WordKind,
        choosing: Option<&(String, usize)>,
        text: &Spanned<String>,
    ) -> Result<String, Diagnostic> {
        let what = match kind {
            crate::grammar::ability::WordKind::Color => "a colour (white, blue, black, red, green)",
            crate::grammar::ability::WordKind::BasicLandType => {
                "a basic land type (Plains, Island, Swamp, Mountain, Forest)"
            }
        };
        let Some((word, at)) = choosing else {
            return Err(Diagnostic::new(
                format!("`{name}` replaces a word of its target's text; the line must name the new one"),
                text.span,
                "no word chosen",
            )
            .with_help(format!("add `choosing WORD`, WORD being {what}")));
        };
        let key = crate::cards::type_key(word);
        kind.words().iter().find(|w| crate::cards::type_key(w) == key).map(|w| (*w).to_owned()).ok_or_else(|| {
            Diagnostic::new(
                format!("`{}` is not {what}", word.trim()),
                text.span.at(*at, word.len()),
                format!("expected {what}"),
            )
        })
    }

    /// The sources named by `choosing A[, B ...]`, in order (002 Damage Prevention, 07/03/97).
    pub(super) fn bind_choosing(
        &self,
        choice: &str,
        at: usize,
        text: &Spanned<String>,
    ) -> Result<Vec<CardId>, Diagnostic> {
        let cx = crate::grammar::lexicon::Ctx { lex: &self.lex, full: choice };
        let mut out = Vec::new();
        let mut rest = choice;
        loop {
            let here = at + (choice.len() - rest.len());
            let sp = text.span.at(here, rest.len());
            let (after, r) = cx.reference(rest).map_err(|_| {
                Diagnostic::new(
                    format!("`{}` is neither a mode of this card nor a card of the scenario", rest.trim()),
                    sp,
                    "expected a mode or a damage source",
                )
            })?;
            let used = rest.len() - after.len();
            let card = self.bind_card(&r, text.span.at(here, used), None)?;
            if out.contains(&card) {
                return Err(Diagnostic::new("the same source is named twice", sp, "named already"));
            }
            out.push(card);
            let after = after.trim_start();
            if after.is_empty() {
                return Ok(out);
            }
            rest = after.strip_prefix(',').map(str::trim_start).ok_or_else(|| {
                let here = at + (choice.len() - after.len());
                Diagnostic::new(
                    format!("unexpected `{}` after the source", after.trim_end()),
                    text.span.at(here, after.len()),
                    "expected `,` and another source, or the end of the line",
                )
            })?;
        }
    }

    /// Whether the effect's target kinds accept the given targets (modes are chosen from syntax only).
    pub(super) fn targets_fit(&self, e: &Effect, targets: &[TargetRef]) -> bool {
        let Some(spec) = e.target() else {
            return targets.is_empty();
        };
        !targets.is_empty()
            && targets.iter().all(|t| match t {
                TargetRef::Player(_) => spec.kinds.contains(&TargetKind::Player),
                TargetRef::Card(c) => {
                    let k = self.lib.get(self.cards[usize::from(c.0)].def).kind;
                    spec.kinds.iter().any(|tk| match tk {
                        // A spell is named by its card, still in hand when the file is loaded.
                        TargetKind::Spell => !k.is_permanent() || self.cards[usize::from(c.0)].zone == Zone::Hand,
                        TargetKind::Permanent => self.cards[usize::from(c.0)].zone == Zone::Play && k.is_permanent(),
                        TargetKind::GraveyardCreature => {
                            self.cards[usize::from(c.0)].zone == Zone::Graveyard && k.is_creature()
                        }
                        other => k.fits(*other),
                    })
                }
            })
    }

    pub(super) fn bind_expect(&self, syn: &ExpectSyntax, text: &Spanned<String>) -> Result<ExpectKind, Diagnostic> {
        let card = |r: &RefSyntax| self.bind_card(r, Self::ref_span(text, r), None);
        let player = |p: &str| self.bind_player(p, text.span);
        Ok(match syn {
            ExpectSyntax::Life(p, n) => ExpectKind::Life(player(p)?, *n),
            ExpectSyntax::Zone(r, z, o) => ExpectKind::Zone(card(r)?, *z, o.as_deref().map(player).transpose()?),
            ExpectSyntax::Tapped(r, t) => ExpectKind::Tapped(card(r)?, *t),
            ExpectSyntax::Damage(r, n) => ExpectKind::Damage(card(r)?, *n),
            ExpectSyntax::Pt(r, p, t) => ExpectKind::Pt(card(r)?, *p, *t),
            ExpectSyntax::Subtype(r, t, on) => ExpectKind::Subtype(card(r)?, t.clone(), *on),
            ExpectSyntax::Color(r, col, on) => ExpectKind::Color(card(r)?, *col, *on),
            ExpectSyntax::Keyword(r, k, on) => ExpectKind::Keyword(card(r)?, k.clone(), *on),
            ExpectSyntax::Counters(r, n, k) => ExpectKind::Counters(card(r)?, *n, k.clone()),
            ExpectSyntax::Fate(n, r, f) => ExpectKind::Fate(*n, card(r)?, *f),
            ExpectSyntax::Burned(p, n) => ExpectKind::Burned(player(p)?, *n),
            ExpectSyntax::Lost(p) => ExpectKind::Lost(player(p)?),
            ExpectSyntax::Won(p) => ExpectKind::Won(player(p)?),
            ExpectSyntax::NobodyLost => ExpectKind::NobodyLost,
            ExpectSyntax::DpSteps(n) => ExpectKind::DpSteps(*n),
            ExpectSyntax::Illegal(t) => ExpectKind::Illegal(t.clone()),
            ExpectSyntax::TraceContains(t) => ExpectKind::TraceContains(t.clone()),
        })
    }
}
