//! Zones of the players: entries, states, aliases and the labels the trace uses.

use super::RawPlayer;
use super::setup::{Loader, flag};
use crate::diagnostic::Diagnostic;
use crate::engine::state::{Card, CardId, Player, PlayerId, Zone};
use crate::grammar::NameKind;
use crate::grammar::entry::{StateSyntax, parse_entry};
use crate::grammar::mana::parse_mana_cost;
use crate::span::Spanned;
use crate::yaml::{CountOrList, RawText};

impl Loader<'_> {
    pub(super) fn player(
        &mut self,
        pid: PlayerId,
        rp: &RawPlayer,
        pending: &mut Vec<(CardId, StateSyntax, usize, Spanned<String>)>,
    ) -> Result<Player, Diagnostic> {
        let life = match &rp.life {
            Some(l) => {
                let l = self.loc(l);
                l.node
                    .trim()
                    .parse::<i32>()
                    .map_err(|_| Diagnostic::new("life must be a whole number", l.span, "expected a number"))?
            }
            None => 20,
        };
        let land_played = flag(rp.land_played.as_ref(), self.src, "land_played")?;
        let mut pool = [0u32; 6];
        if let Some(m) = &rp.mana_pool {
            let m = self.loc(m);
            let cost = parse_mana_cost(&m.node).map_err(|e| e.diagnostic(&m, "mana pool"))?;
            if cost.x > 0 {
                return Err(Diagnostic::new("a mana pool cannot hold X", m.span, "expected mana like RR or 2G"));
            }
            pool[..5].copy_from_slice(&cost.colored);
            pool[5] = cost.generic;
        }
        for e in &rp.in_play {
            self.entry(pid, e, Zone::Play, pending)?;
        }
        for e in &rp.hand {
            self.entry(pid, e, Zone::Hand, pending)?;
        }
        for e in &rp.graveyard {
            self.entry(pid, e, Zone::Graveyard, pending)?;
        }
        let library_unknown = match &rp.library {
            None => 20,
            Some(CountOrList::Count(n)) => *n,
            Some(CountOrList::List(list)) => {
                // Top first: the top card gets the highest order.
                let start = self.cards.len();
                for e in list {
                    self.entry(pid, e, Zone::Library, pending)?;
                }
                let n = u32::try_from(self.cards.len() - start).unwrap_or(0);
                for (k, c) in self.cards[start..].iter_mut().enumerate() {
                    c.seq = n - u32::try_from(k).unwrap_or(0);
                }
                0
            }
        };
        Ok(Player { life, pool, land_played, burned: 0, library_unknown, hand_unknown: 0, lost: false })
    }

    pub(super) fn entry(
        &mut self,
        pid: PlayerId,
        raw: &RawText,
        zone: Zone,
        pending: &mut Vec<(CardId, StateSyntax, usize, Spanned<String>)>,
    ) -> Result<(), Diagnostic> {
        let text = self.loc(raw);
        let e = parse_entry(&text.node, &self.lex).map_err(|e| e.diagnostic(&text, "zone entry"))?;
        let def = self.lib.find(&e.name).ok_or_else(|| {
            Diagnostic::new(format!("unknown card `{}`", e.name), text.span, "not in the library")
                .with_help(crate::cards::NOT_IN_LIBRARY_HELP)
        })?;
        // The card's definition is parsed here, the first time a scenario names it.
        self.lib.check(def).map_err(|m| {
            Diagnostic::new(format!("the definition of `{}` cannot be read", e.name), text.span, "this card")
                .with_help(m.lines().next().unwrap_or_default().trim_start_matches("error: ").to_owned())
        })?;
        let id =
            CardId(u16::try_from(self.cards.len()).map_err(|_| Diagnostic::new("too many cards", text.span, "here"))?);
        let mut card = Card {
            def,
            owner: pid,
            controller: pid,
            zone,
            seq: u32::from(id.0),
            tapped: false,
            damage: 0,
            sick: false,
            counters: Vec::new(),
            enchanting: None,
            chosen: None,
        };
        for (state, at) in &e.states {
            let sp = text.span.at(*at, 1);
            if zone != Zone::Play {
                return Err(Diagnostic::new("only a permanent in play has states", sp, "remove this state"));
            }
            match state {
                StateSyntax::Tapped => card.tapped = true,
                StateSyntax::SummoningSick => card.sick = true,
                StateSyntax::Damage(n) => card.damage = *n,
                StateSyntax::Counters(n, k) => card.counters.push((k.clone(), *n)),
                StateSyntax::Attacking => {
                    self.attacking.push((id, sp));
                    self.combat_state.get_or_insert(sp);
                }
                StateSyntax::Enchanting(..) | StateSyntax::OwnedBy(..) | StateSyntax::Blocking(..) => {
                    if matches!(state, StateSyntax::Blocking(..)) {
                        self.combat_state.get_or_insert(sp);
                    }
                    pending.push((id, state.clone(), *at, text.clone()));
                }
            }
        }
        self.cards.push(card);
        if let Some((alias, at)) = &e.alias {
            let sp = text.span.at(*at, alias.len());
            if self.lex.lookup(alias).is_some() {
                return Err(Diagnostic::new(
                    format!("alias `{alias}` is already a card, player or alias name"),
                    sp,
                    "choose another alias",
                ));
            }
            self.lex.add(alias, NameKind::Alias);
            self.aliases.push((alias.clone(), id));
            self.alias_index.entry(alias.to_ascii_lowercase()).or_insert(id);
        }
        Ok(())
    }

    pub(super) fn bind_state(
        &mut self,
        card: CardId,
        state: &StateSyntax,
        text: &Spanned<String>,
    ) -> Result<(), Diagnostic> {
        match state {
            StateSyntax::OwnedBy(who, off) => {
                let sp = text.span.at(*off, who.len());
                let p = self
                    .player_named(who)
                    .ok_or_else(|| Diagnostic::new(format!("`{who}` is not a player"), sp, "expected a player"))?;
                self.cards[usize::from(card.0)].owner = p;
            }
            StateSyntax::Blocking(what, off) => {
                let (attacker, sp) = self.state_ref(what, *off, text, "expected an attacking creature")?;
                self.blocking.push((card, attacker, sp));
            }
            StateSyntax::Enchanting(what, off) => {
                let (target, _) = self.state_ref(what, *off, text, "expected a card name or alias")?;
                self.cards[usize::from(card.0)].enchanting = Some(target);
            }
            _ => {}
        }
        Ok(())
    }

    /// Labels: the alias, or the name, made unique with `#N` when a name is shared.
    pub(super) fn make_labels(&mut self) {
        // Counted in one pass each (not a scan of every card per card), for large scenarios.
        let aliases: std::collections::HashMap<CardId, &String> = self.aliases.iter().map(|(a, c)| (*c, a)).collect();
        let mut total: std::collections::HashMap<crate::cards::DefId, usize> = std::collections::HashMap::new();
        for c in &self.cards {
            *total.entry(c.def).or_default() += 1;
        }
        let mut seen: std::collections::HashMap<crate::cards::DefId, usize> = std::collections::HashMap::new();
        let mut labels = Vec::with_capacity(self.cards.len());
        for (i, card) in self.cards.iter().enumerate() {
            let def = card.def;
            let n = seen.entry(def).or_default();
            *n += 1;
            let id = CardId(u16::try_from(i).unwrap_or(0));
            if let Some(a) = aliases.get(&id) {
                labels.push((*a).clone());
                continue;
            }
            let name = self.lib.get(def).name.clone();
            labels.push(if total.get(&def).copied().unwrap_or(0) > 1 { format!("{name}#{n}") } else { name });
        }
        self.labels = labels;
    }

    /// A reference written inside a state (`enchanting Cub`), bound to its card.
    fn state_ref(
        &self,
        what: &str,
        off: usize,
        text: &Spanned<String>,
        expected: &str,
    ) -> Result<(CardId, crate::span::Span), Diagnostic> {
        let sp = text.span.at(off, what.len());
        let cx = crate::grammar::lexicon::Ctx { lex: &self.lex, full: what };
        let r = cx
            .reference(what)
            .ok()
            .filter(|(rest, _)| rest.trim().is_empty())
            .map(|(_, r)| r)
            .ok_or_else(|| Diagnostic::new(format!("`{what}` names no card of this scenario"), sp, expected))?;
        Ok((self.bind_card(&r, sp, None)?, sp))
    }
}
