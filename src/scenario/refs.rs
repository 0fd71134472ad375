//! References (`Bob's Grizzly Bears`, aliases, `NAME#2`) bound to physical cards and players.

use super::setup::Loader;
use crate::cards::DefId;
use crate::diagnostic::Diagnostic;
use crate::engine::action::TargetRef;
use crate::engine::state::{CardId, PlayerId, Zone};
use crate::grammar::NameKind;
use crate::grammar::lexicon::RefSyntax;
use crate::span::{Span, Spanned};

impl Loader<'_> {
    pub(super) fn ref_span(text: &Spanned<String>, r: &RefSyntax) -> Span {
        text.span.at(r.at, r.len)
    }

    /// Binds a card reference. `prefer` narrows several candidates to one player's cards in one zone.
    pub(super) fn bind_card(
        &self,
        r: &RefSyntax,
        sp: Span,
        prefer: Option<(PlayerId, Zone)>,
    ) -> Result<CardId, Diagnostic> {
        match r.kind {
            NameKind::Player => {
                Err(Diagnostic::new(format!("`{}` is a player, not a card", r.name), sp, "expected a card"))
            }
            NameKind::Alias => self
                .alias_index
                .get(&r.name.to_ascii_lowercase())
                .copied()
                .ok_or_else(|| Diagnostic::new(format!("unknown alias `{}`", r.name), sp, "not defined")),
            NameKind::Card => {
                let def: Option<DefId> = self.lib.find(&r.name);
                let all: Vec<CardId> = (0..self.cards.len())
                    .map(|i| CardId(u16::try_from(i).unwrap_or(0)))
                    .filter(|id| Some(self.cards[usize::from(id.0)].def) == def)
                    .collect();
                if all.is_empty() {
                    return Err(Diagnostic::new(
                        format!("no `{}` in this scenario", r.name),
                        sp,
                        "not in any zone of the scenario",
                    )
                    .with_help("add the card to a player's zone, or check the name"));
                }
                if let Some(n) = r.nth {
                    return all.get(usize::try_from(n).unwrap_or(0).wrapping_sub(1)).copied().ok_or_else(|| {
                        Diagnostic::new(
                            format!("there are only {} `{}` in this scenario", all.len(), r.name),
                            sp,
                            format!("expected #1 to #{}", all.len()),
                        )
                    });
                }
                let mut cands = all.clone();
                if let Some(p) = &r.possessor {
                    let pid = self.player_named(p);
                    cands.retain(|id| {
                        let c = &self.cards[usize::from(id.0)];
                        Some(if c.zone == Zone::Play { c.controller } else { c.owner }) == pid
                    });
                    if cands.is_empty() {
                        return Err(Diagnostic::new(format!("{p} has no `{}`", r.name), sp, "no such card"));
                    }
                }
                if cands.len() > 1
                    && let Some((p, z)) = prefer
                {
                    let narrowed: Vec<CardId> = cands
                        .iter()
                        .copied()
                        .filter(|id| {
                            let c = &self.cards[usize::from(id.0)];
                            c.zone == z && (if z == Zone::Play { c.controller } else { c.owner }) == p
                        })
                        .collect();
                    if narrowed.len() == 1 {
                        return Ok(narrowed[0]);
                    }
                }
                if cands.len() > 1 {
                    return Err(Diagnostic::new(
                        format!("`{}` could be any of {} cards", r.name, cands.len()),
                        sp,
                        "ambiguous",
                    )
                    .with_help(self.ambiguity_help(r, &all, &cands)));
                }
                Ok(cands[0])
            }
        }
    }

    /// How to name one of `cands` (cards of one name, `all` of them in `NAME#N` order): by its
    /// player when each player has one of them, else by number or an alias.
    fn ambiguity_help(&self, r: &RefSyntax, all: &[CardId], cands: &[CardId]) -> String {
        // Whose card it is for `PLAYER's NAME`: its controller in play, else its owner.
        let whose = |id: &CardId| {
            let c = &self.cards[usize::from(id.0)];
            if c.zone == Zone::Play { c.controller } else { c.owner }
        };
        // Two players: `PLAYER's NAME` picks one card only when each has one of them.
        let players: Vec<PlayerId> = cands.iter().map(whose).collect();
        if r.possessor.is_none() && players.len() == 2 && players[0] != players[1] {
            let names: Vec<String> =
                players.iter().map(|p| format!("`{}'s {}`", self.players[p.ix()], r.name)).collect();
            return format!("write {}", names.join(" or "));
        }
        // Each card by its alias when it has one (the plain name stays shared by every card of
        // that name, aliased or not), else by its number.
        let named: Vec<String> = cands
            .iter()
            .filter_map(|c| {
                let alias = self.aliases.iter().find(|(_, id)| id == c).map(|(a, _)| format!("`{a}`"));
                alias.or_else(|| all.iter().position(|a| a == c).map(|i| format!("`{}#{}`", r.name, i + 1)))
            })
            .collect();
        let unaliased = cands.iter().any(|c| !self.aliases.iter().any(|(_, id)| id == c));
        let mut help = format!("write {}", named.join(" or "));
        if named.iter().any(|n| n.contains('#')) {
            help.push_str(" (counted through the players in file order: in play, hand, graveyard, library)");
        }
        if unaliased {
            help.push_str(", or give the card an alias with `as ALIAS` in its zone entry");
        }
        help
    }

    pub(super) fn bind_player(&self, name: &str, sp: Span) -> Result<PlayerId, Diagnostic> {
        self.player_named(name)
            .ok_or_else(|| Diagnostic::new(format!("`{name}` is not a player"), sp, "expected a player"))
    }

    pub(super) fn bind_target(&self, r: &RefSyntax, text: &Spanned<String>) -> Result<TargetRef, Diagnostic> {
        let sp = Self::ref_span(text, r);
        if r.kind == NameKind::Player && r.possessor.is_none() {
            return Ok(TargetRef::Player(self.bind_player(&r.name, sp)?));
        }
        Ok(TargetRef::Card(self.bind_card(r, sp, None)?))
    }
}
