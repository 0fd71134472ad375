//! Choices made as an effect resolves, answered by the next lines: the card a random discard
//! picked (`P discards CARD at random`), a discard of the player's choice (`P discards CARD`)
//! and a card chosen from a set (`P chooses CARD`).
//!
//! Chance is not modelled: the scenario says what it picked. 002 (General Rulings Summary
//! 07/15/97) L648-649: a random choice is made as the effect resolves, unless it is part of a
//! cost; L2158-2166 (Discard): a discard puts a card from the hand on top of the graveyard, and
//! a card may declare an order for several discards (Stupor: at random first, then by choice).

use super::action::Action;
use super::illegal::Stop;
use super::refusal::Refusal;
use super::script::Decision;
use super::state::{CardId, PlayerId, Zone};
use crate::trace::{EventKind, Rule};

impl super::Engine<'_> {
    /// The known cards of `p`'s hand, the count of unknown ones and `p`'s name; none, with a
    /// trace line, when the hand is empty.
    fn hand_to_discard(&mut self, p: PlayerId, by: &str) -> Option<(Vec<CardId>, u32, String)> {
        let known = self.game.zone(Zone::Hand, Some(p));
        let unknown = self.game.player(p).hand_unknown;
        let name = self.pname(p);
        if known.is_empty() && unknown == 0 {
            self.emit(
                EventKind::Lasting { what: format!("{name} has no card in hand to discard for {by}") },
                Some(Rule::g("Discard")),
            );
            return None;
        }
        Some((known, unknown, name))
    }

    /// `p` discards a card at random for `by`: with no card nothing happens; with one known card
    /// and no unknown ones it is that card; otherwise the next line names the card chance picked
    /// (`P discards CARD at random`), one of the known cards. A hand holding unknown cards with
    /// no such line stops the run (exit 2): the pick might be a card the scenario does not name.
    pub(super) fn discard_at_random(&mut self, p: PlayerId, by: &str) -> Result<(), Stop> {
        let Some((known, unknown, name)) = self.hand_to_discard(p, by) else { return Ok(()) };
        let pick = match (known.as_slice(), unknown) {
            ([c], 0) => *c,
            _ => {
                let total = known.len() + usize::try_from(unknown).unwrap_or(usize::MAX);
                if known.is_empty() || self.offered(&Decision::DiscardRandom { player: p, hand: &known }).is_none() {
                    let why = if unknown > 0 {
                        format!(
                            "{name} must discard a card at random from a hand of {total} cards, {unknown} of them unknown: name the cards of the hand in the scenario, and write `{name} discards CARD at random` for the card chance picks"
                        )
                    } else {
                        format!(
                            "{name} must discard a card at random from a hand of {total} cards: write `{name} discards CARD at random` right after the line that resolves it, naming the card chance picks"
                        )
                    };
                    return Err(if unknown > 0 {
                        Stop::Unsupported { line: None, message: why }
                    } else {
                        Stop::Choice { line: None, message: why }
                    });
                }
                let Some(i) = self.take_line() else { return Ok(()) };
                let Some(Action::DiscardRandom(_, c)) = self.action_of(i) else { return Ok(()) };
                if !known.contains(&c) {
                    return Err(Stop::refuse(Refusal::DiscardNotInHand { card: c, player: p }).at_line(i));
                }
                c
            }
        };
        self.game.move_card(pick, Zone::Graveyard);
        self.emit(
            EventKind::Discards { player: name, card: format!("{} at random", self.label(pick)) },
            Some(Rule::g("Discard; Spell and Ability Timing, Step 1: random choices are made on resolution")),
        );
        Ok(())
    }

    /// `p` discards a card of their choice for `by`: the next line names it (`P discards CARD`);
    /// a hand of one known card needs no line.
    pub(super) fn discard_chosen(&mut self, p: PlayerId, by: &str) -> Result<(), Stop> {
        let Some((known, unknown, name)) = self.hand_to_discard(p, by) else { return Ok(()) };
        let pick = match (known.as_slice(), unknown) {
            ([c], 0) => *c,
            _ => {
                if self.offered(&Decision::Discard { player: p, hand: &known }).is_none() {
                    return Err(Stop::Choice {
                        line: None,
                        message: format!(
                            "{name} must discard a card of their choice for {by}: write `{name} discards CARD` right after the line that resolves it"
                        ),
                    });
                }
                let Some(i) = self.take_line() else { return Ok(()) };
                let Some(Action::Discard(_, c)) = self.action_of(i) else { return Ok(()) };
                if !known.contains(&c) {
                    return Err(Stop::refuse(Refusal::DiscardNotInHand { card: c, player: p }).at_line(i));
                }
                c
            }
        };
        self.game.move_card(pick, Zone::Graveyard);
        self.emit(EventKind::Discards { player: name, card: self.label(pick) }, Some(Rule::g("Discard")));
        Ok(())
    }

    /// `p` chooses one of `options` for `by` (`what` says what is chosen): none when there is
    /// none, the only one without a line, else the card the next line names (`P chooses CARD`).
    pub(super) fn choose_card(
        &mut self,
        p: PlayerId,
        options: &[CardId],
        by: &str,
        what: &str,
    ) -> Result<Option<CardId>, Stop> {
        match options {
            [] => Ok(None),
            [c] => Ok(Some(*c)),
            _ => {
                let name = self.pname(p);
                if self.offered(&Decision::Choose { player: p, options }).is_none() {
                    return Err(Stop::Choice {
                        line: None,
                        message: format!(
                            "{name} must choose {what} for {by}: write `{name} chooses CARD` right after the line that resolves it"
                        ),
                    });
                }
                let Some(i) = self.take_line() else { return Ok(None) };
                let Some(Action::Choose(_, c)) = self.action_of(i) else { return Ok(None) };
                if !options.contains(&c) {
                    return Err(Stop::refuse(Refusal::NotAChoice { card: c, what: what.to_owned() }).at_line(i));
                }
                Ok(Some(c))
            }
        }
    }
}
