//! Decisions the engine asks for, and the driver that answers them from a scenario's lines.
//!
//! Rules code never reads the lines itself: at each moment where a player must decide (act,
//! pay or not, discard, order abilities, regenerate a creature being destroyed, prevent damage
//! in its step, divide combat damage, place a spell under the Alpha rules) it asks its
//! [`Driver`] with a typed [`Decision`]. The scenario driver, [`Script`], answers with the next
//! lines of the file when they fit the decision (contract, Consumption 4: the engine peeks);
//! otherwise it gives no answer and the rules apply their default (or stop, asking for a line).

use super::action::{Action, Line, TargetRef};
use super::state::{CardId, Combat, PlayerId, SpellId};
use crate::grammar::mana::ManaCost;

/// A decision the rules need from a player (or, for [`Decision::Act`], from whoever acts next).
#[derive(Clone, Copy, Debug)]
pub enum Decision<'d> {
    /// Act at the current moment: any line (the next one, in a scenario).
    Act,
    /// Pay `amount` or not, for a spell resolving with "unless ... pays" (002 Step 4).
    Pay {
        /// Who is asked.
        payer: PlayerId,
        /// How much: an amount, or a casting cost's exact symbols (Flash, 002 L1595-1599).
        amount: ManaCost,
        /// Whether mana sources may be used first (before 5e, tapping for mana was an interrupt).
        mana_first: bool,
    },
    /// Pay `amount` life or not, for a triggered ability resolving (002 L923-926, L1853-1854).
    PayLife {
        /// Who is asked.
        payer: PlayerId,
        /// How much life.
        amount: u32,
    },
    /// Choose the targets of a triggered ability as it is played (002 Triggered Abilities follow
    /// the rules for specialized abilities: targets are chosen on announcement).
    Target {
        /// Who chooses: the ability's controller.
        player: PlayerId,
        /// The legal targets.
        options: &'d [TargetRef],
        /// Whether the ability may be declined (`targets nothing`).
        optional: bool,
    },
    /// Pay a permanent's upkeep cost or bury it (002 Turn Order, About The Phases).
    Upkeep {
        /// The active player.
        payer: PlayerId,
        /// The permanent.
        card: CardId,
        /// The cost's total.
        amount: u32,
    },
    /// Discard a card down to seven at the end of the discard phase (002 Turn Order, Phase 5).
    Discard {
        /// The active player.
        player: PlayerId,
        /// The cards in hand.
        hand: &'d [CardId],
    },
    /// Name the card chance picked for a random discard from a hand of several known cards
    /// (the engine draws no lots: the scenario tells the result).
    DiscardRandom {
        /// The player discarding.
        player: PlayerId,
        /// The known cards in hand.
        hand: &'d [CardId],
    },
    /// Choose a card as an effect resolves (Flash: the creature card; Psychic Vortex: the land
    /// sacrificed).
    Choose {
        /// Who chooses.
        player: PlayerId,
        /// The cards that may be chosen.
        options: &'d [CardId],
    },
    /// Order abilities of several cards that triggered together.
    Order {
        /// Who orders.
        player: PlayerId,
        /// The cards whose abilities are ordered.
        cards: &'d [CardId],
        /// Fourth Edition: the active player orders every effect, the opponent's included.
        all: bool,
    },
    /// Alpha: the caster of a later spell places it before or after the one it answers.
    Place {
        /// The batch taking effect.
        batch: &'d [SpellId],
    },
    /// One of a few answers, each a line: use an optional triggered ability or not (`uses`,
    /// `declines`), the block a resolving spell allows (`has A block B`).
    OneOf {
        /// Who chooses.
        player: PlayerId,
        /// The answers.
        options: &'d [Action],
    },
    /// Use a regeneration ability on a creature being destroyed (a specialized ability).
    Regenerate {
        /// The creatures being destroyed.
        dying: &'d [CardId],
    },
    /// Act in a damage prevention step: prevent, regenerate (4e), or let the step end.
    Prevent,
    /// Fourth Edition: draw mana from a source on its way to the graveyard, in the damage
    /// prevention step that is its last moment in play.
    LastMana,
    /// Use a mana source while a triggered ability is being played, before it resolves (a
    /// creature sacrificed for mana leaves its target).
    TriggerMana,
    /// Use a mana source in a gap between the steps of a resolution, where the card says
    /// "then" (002 L720-727; Flash).
    GapMana,
    /// Choose a permanent to sacrifice to an effect resolving (002 Sacrifice: the player
    /// whose permanent it is chooses; Kjeldoran Dead).
    Sacrifice {
        /// Who sacrifices.
        player: PlayerId,
        /// The permanents that may be sacrificed.
        options: &'d [CardId],
    },
    /// Put a card from the hand into play, or none, as an effect resolves (Eureka).
    PutIntoPlay {
        /// Who chooses.
        player: PlayerId,
        /// The cards that may be put into play.
        options: &'d [CardId],
    },
    /// Divide the combat damage of attackers dealing damage now among their blockers.
    Assign {
        /// The attackers dealing damage in this step.
        dealing: &'d [CardId],
        /// The attack (an attacker dealing damage later keeps its line waiting).
        combat: &'d Combat,
    },
}

impl Decision<'_> {
    /// Who decides, when the decision names a player.
    #[must_use]
    pub const fn who(&self) -> Option<PlayerId> {
        match self {
            Self::Pay { payer, .. } | Self::PayLife { payer, .. } | Self::Upkeep { payer, .. } => Some(*payer),
            Self::Target { player, .. } | Self::OneOf { player, .. } => Some(*player),
            Self::Sacrifice { player, .. } | Self::PutIntoPlay { player, .. } => Some(*player),
            Self::Discard { player, .. }
            | Self::DiscardRandom { player, .. }
            | Self::Choose { player, .. }
            | Self::Order { player, .. } => Some(*player),
            Self::Act
            | Self::Place { .. }
            | Self::Regenerate { .. }
            | Self::Prevent
            | Self::LastMana
            | Self::TriggerMana
            | Self::GapMana
            | Self::Assign { .. } => None,
        }
    }

    /// The answers when they are few and known: pay or not; which card to discard.
    #[must_use]
    pub fn options(&self) -> Option<Vec<Action>> {
        match *self {
            Self::Pay { payer, amount, .. } => Some(vec![Action::Pay(payer, Some(amount)), Action::Pay(payer, None)]),
            Self::Upkeep { payer, amount, .. } => {
                Some(vec![Action::Pay(payer, Some(ManaCost::amount(amount))), Action::Pay(payer, None)])
            }
            Self::PayLife { payer, amount } => Some(vec![
                Action::PayLife(payer, amount),
                Action::Pay(payer, Some(ManaCost::amount(amount))),
                Action::Pay(payer, None),
            ]),
            Self::Target { player, options, optional } => Some(
                options
                    .iter()
                    .map(|&t| Action::Targets(player, vec![t]))
                    .chain(optional.then(|| Action::Targets(player, Vec::new())))
                    .collect(),
            ),
            Self::Discard { player, hand } => Some(hand.iter().map(|&c| Action::Discard(player, c)).collect()),
            Self::Sacrifice { player, options } => {
                Some(options.iter().map(|&c| Action::Sacrifice(player, c)).collect())
            }
            Self::DiscardRandom { player, hand } => {
                Some(hand.iter().map(|&c| Action::DiscardRandom(player, c)).collect())
            }
            Self::Choose { player, options } => Some(options.iter().map(|&c| Action::Choose(player, c)).collect()),
            Self::OneOf { options, .. } => Some(options.to_vec()),
            _ => None,
        }
    }
}

/// A decision asked with no answer given (the rules applied their default, or stopped): what
/// a search tries answers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Asked {
    /// Pay or not.
    Pay(PlayerId, ManaCost),
    /// Pay life or not.
    PayLife(PlayerId, u32),
    /// Targets of a triggered ability: the legal ones, and whether it may be declined.
    Target(PlayerId, Vec<TargetRef>, bool),
    /// One of these answers.
    OneOf(Vec<Action>),
    /// Pay a permanent's upkeep cost (with the sacrifices it asks for) or not.
    Upkeep(PlayerId, u32, CardId),
    /// Discard down to seven, or a card of the player's choice as an effect resolves.
    Discard(PlayerId),
    /// Name the card a random discard picked among the known cards of the hand.
    DiscardRandom(PlayerId),
    /// Choose one of these cards as an effect resolves.
    Choose(PlayerId, Vec<CardId>),
    /// Order abilities of these cards.
    Order(PlayerId, Vec<CardId>),
    /// Alpha: place a later spell of the batch.
    Place,
    /// Regenerate one of these creatures being destroyed.
    Regenerate(Vec<CardId>),
    /// Prevent damage (or regenerate, 4e) in a damage prevention step, with the spells being
    /// cast or waiting then (an interrupt may target them) and the sources of the damage.
    Prevent {
        /// Spells being cast or waiting.
        spells: Vec<CardId>,
        /// Sources of the damage waiting in the step.
        sources: Vec<CardId>,
    },
    /// Divide the damage of these attackers.
    Assign(Vec<CardId>),
    /// Use a mana source while a triggered ability is being played, or in a gap of a
    /// resolution.
    TriggerMana,
    /// Sacrifice one of these permanents.
    Sacrifice(PlayerId, Vec<CardId>),
    /// Put one of these cards into play, or none; each with the targets it may take as it
    /// comes into play then (`None`: it takes none).
    PutIntoPlay(PlayerId, Vec<(CardId, Option<Vec<TargetRef>>)>),
}

impl Asked {
    fn of(d: &Decision<'_>) -> Option<Self> {
        Some(match *d {
            Decision::Pay { payer, amount, .. } => Self::Pay(payer, amount),
            Decision::Upkeep { payer, amount, card } => Self::Upkeep(payer, amount, card),
            Decision::PayLife { payer, amount } => Self::PayLife(payer, amount),
            Decision::Target { player, options, optional } => Self::Target(player, options.to_vec(), optional),
            Decision::Discard { player, .. } => Self::Discard(player),
            Decision::DiscardRandom { player, .. } => Self::DiscardRandom(player),
            Decision::Choose { player, options } => Self::Choose(player, options.to_vec()),
            Decision::Order { player, cards, .. } if cards.len() > 1 => Self::Order(player, cards.to_vec()),
            Decision::Place { .. } => Self::Place,
            Decision::OneOf { options, .. } => Self::OneOf(options.to_vec()),
            Decision::Regenerate { dying } => Self::Regenerate(dying.to_vec()),
            Decision::Prevent => Self::Prevent { spells: Vec::new(), sources: Vec::new() },
            Decision::Assign { dealing, .. } => Self::Assign(dealing.to_vec()),
            Decision::TriggerMana | Decision::GapMana => Self::TriggerMana,
            Decision::Sacrifice { player, options } => Self::Sacrifice(player, options.to_vec()),
            Decision::PutIntoPlay { player, options } => {
                Self::PutIntoPlay(player, options.iter().map(|&c| (c, None)).collect())
            }
            Decision::Act | Decision::LastMana | Decision::Order { .. } => return None,
        })
    }
}

/// What the rules say about an action a driver offers (the engine answers these).
pub(crate) trait Judge {
    /// Whether `a` answers decision `d` at this moment.
    fn fits(&self, d: &Decision<'_>, a: &Action) -> bool;
    /// Whether `a` uses a mana source that may come before an answer to `d`.
    fn mana_for(&self, d: &Decision<'_>, a: &Action) -> bool;
}

/// An answer a driver offers: its lines `first..=last`, mana sources first, the answer last.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Answer {
    /// The first line (a mana source, or the answer itself).
    pub first: usize,
    /// The line that answers.
    pub last: usize,
}

/// Answers the engine's decisions.
pub(crate) trait Driver {
    /// The answer to `d` at this moment, looked at and not taken.
    fn answer(&self, d: &Decision<'_>, judge: &dyn Judge) -> Option<Answer>;
    /// The line the driver would give next, whatever is asked (to name it in a refusal).
    fn upcoming(&self) -> Option<usize>;
    /// Takes the next line of the answer being given.
    fn take(&mut self) -> Option<usize>;
    /// Where the driver is: the index of its next line.
    fn position(&self) -> usize;
    /// Gives lines back from `to` on: a later decision will ask for them.
    fn rewind(&mut self, to: usize);
    /// Line `i`, as written and bound.
    fn line(&self, i: usize) -> Option<&Line>;
    /// Notes why line `i` was looked at and not taken at a moment (for a later refusal).
    fn decline(&mut self, i: usize, why: String);
    /// Whether line `i` has a note already.
    fn declined(&self, i: usize) -> bool;
    /// The notes on line `i`, in the order made.
    fn notes(&self, i: usize) -> Vec<String>;
}

/// The scenario driver: answers from the file's bound lines, in order, then from lines added
/// after them (a search trying what a player may do next).
#[derive(Clone)]
pub(crate) struct Script<'a> {
    lines: &'a [Line],
    /// Shared between copies: a copy adds lines after those it shares.
    added: Vec<std::rc::Rc<Line>>,
    cursor: usize,
    declined: Vec<(usize, String)>,
}

impl<'a> Script<'a> {
    /// A driver over these lines, from the first.
    pub(crate) const fn new(lines: &'a [Line]) -> Self {
        Self { lines, added: Vec::new(), cursor: 0, declined: Vec::new() }
    }

    /// Adds a line after the others.
    pub(crate) fn push(&mut self, line: Line) {
        self.added.push(std::rc::Rc::new(line));
    }

    /// How many lines it holds.
    pub(crate) fn len(&self) -> usize {
        self.lines.len() + self.added.len()
    }

    fn action(&self, i: usize) -> Option<&Action> {
        self.line(i).map(|l| &l.action)
    }
}

impl Driver for Script<'_> {
    fn answer(&self, d: &Decision<'_>, judge: &dyn Judge) -> Option<Answer> {
        let first = self.cursor;
        let mut last = first;
        while judge.mana_for(d, self.action(last)?) {
            last += 1;
        }
        judge.fits(d, self.action(last)?).then_some(Answer { first, last })
    }

    fn upcoming(&self) -> Option<usize> {
        (self.cursor < self.len()).then_some(self.cursor)
    }

    fn take(&mut self) -> Option<usize> {
        let i = self.upcoming()?;
        self.cursor += 1;
        Some(i)
    }

    fn position(&self) -> usize {
        self.cursor
    }

    fn rewind(&mut self, to: usize) {
        self.cursor = to;
    }

    fn line(&self, i: usize) -> Option<&Line> {
        self.lines.get(i).or_else(|| self.added.get(i.checked_sub(self.lines.len())?).map(|l| &**l))
    }

    fn decline(&mut self, i: usize, why: String) {
        self.declined.push((i, why));
    }

    fn declined(&self, i: usize) -> bool {
        self.declined.iter().any(|(j, _)| *j == i)
    }

    fn notes(&self, i: usize) -> Vec<String> {
        self.declined.iter().filter(|(j, _)| *j == i).map(|(_, why)| why.clone()).collect()
    }
}

/// A question about the driver's next lines that is not a decision of the rules: whether they
/// would be an announcement, say, to explain later why it was not taken.
struct Looking<'e, 'a, F> {
    engine: &'e super::Engine<'a>,
    fits: F,
}

impl<'a, F: Fn(&super::Engine<'a>, &Action) -> bool> Judge for Looking<'_, 'a, F> {
    fn fits(&self, _: &Decision<'_>, a: &Action) -> bool {
        (self.fits)(self.engine, a)
    }

    fn mana_for(&self, _: &Decision<'_>, a: &Action) -> bool {
        self.engine.is_mana_line(a)
    }
}

impl Judge for super::Engine<'_> {
    fn fits(&self, d: &Decision<'_>, a: &Action) -> bool {
        match (*d, a) {
            (Decision::Act, _) => true,
            (
                Decision::Pay { payer, .. } | Decision::PayLife { payer, .. },
                Action::Pay(p, _) | Action::PayLife(p, _),
            ) => *p == payer,
            // Anyone's answer is taken, and refused when it is not the controller's.
            (Decision::Upkeep { .. }, Action::Pay(..) | Action::PaySacrificing(..) | Action::PayLife(..))
            | (Decision::Place { .. }, Action::Order(..)) => true,
            (Decision::Discard { player, .. }, Action::Discard(p, _))
            | (Decision::Target { player, .. }, Action::Targets(p, _))
            | (Decision::Sacrifice { player, .. }, Action::Sacrifice(p, _))
            | (Decision::PutIntoPlay { player, .. }, Action::PutIntoPlay(p, _))
            | (Decision::DiscardRandom { player, .. }, Action::DiscardRandom(p, _))
            | (Decision::Choose { player, .. }, Action::Choose(p, _)) => *p == player,
            (Decision::OneOf { player, .. }, Action::Use(p, ..) | Action::HaveBlock(p, ..)) => *p == player,
            (Decision::Order { player, cards, all }, Action::Order(p, _)) => cards.len() > 1 && (all || *p == player),
            (Decision::Regenerate { dying }, _) => self.regeneration_target(a).is_some_and(|c| dying.contains(&c)),
            (Decision::Prevent, _) => self.legal_in_prevention(a),
            (Decision::LastMana, Action::Tap(_, c, _)) => self.destruction_stepped() && self.is_on_its_way(*c),
            // A mana source that sacrifices a creature about to die in this step: the last moment
            // it can be used (002 L1119 mana sources are always legal; under Fourth Edition the
            // sacrifice is then refused, 002 L4484-4487).
            (Decision::LastMana, Action::Announce(an)) => {
                self.is_mana_line(a) && an.sacrifices.iter().any(|&c| self.is_on_its_way(c))
            }
            (Decision::TriggerMana | Decision::GapMana, _) => self.is_mana_line(a),
            // An attacker dealing damage in a later step keeps its line waiting for it.
            (Decision::Assign { dealing, combat }, Action::Assign(_, _, from, _)) => {
                dealing.contains(from) || !combat.in_combat(*from)
            }
            _ => false,
        }
    }

    fn mana_for(&self, d: &Decision<'_>, a: &Action) -> bool {
        match d {
            Decision::Regenerate { .. } | Decision::Prevent => self.is_mana_line(a),
            Decision::Pay { mana_first, .. } => *mana_first && matches!(a, Action::Tap(..)),
            _ => false,
        }
    }
}

impl super::Engine<'_> {
    /// The driver's answer to `d` now, not yet taken. Steps passed through on the way to a
    /// `go to` target ask nothing of the moments that read lines there (contract, Consumption 4).
    pub(super) fn offered(&self, d: &Decision<'_>) -> Option<Answer> {
        let quiet_moment =
            matches!(d, Decision::Regenerate { .. } | Decision::Prevent | Decision::LastMana | Decision::Assign { .. })
                || matches!(d, Decision::TriggerMana | Decision::GapMana);
        if self.quiet && quiet_moment {
            return None;
        }
        let answer = self.driver.answer(d, self);
        if answer.is_none()
            && let Some(mut asked) = Asked::of(d)
        {
            if let Asked::PutIntoPlay(_, cards) = &mut asked {
                for (c, targets) in cards.iter_mut() {
                    *targets = self.put_targets(*c);
                }
            }
            if let Asked::Prevent { spells, sources } = &mut asked {
                *spells = self.game.zone(super::state::Zone::Limbo, None);
                for p in &self.game.packets {
                    if !sources.contains(&p.source) {
                        sources.push(p.source);
                    }
                }
            }
            self.asked.borrow_mut().push(asked);
        }
        answer
    }

    /// The driver's next lines, mana sources first, if the last is one `fits` accepts.
    pub(super) fn peek(&self, fits: impl Fn(&Self, &Action) -> bool) -> Option<usize> {
        if self.quiet {
            return None;
        }
        self.driver.answer(&Decision::Act, &Looking { engine: self, fits }).map(|a| a.last)
    }

    /// Adds a line after the driver's others.
    pub(super) fn push_line(&mut self, line: Line) {
        self.driver.push(line);
    }

    /// Takes the driver's next line and shows it in the trace; returns its index.
    pub(super) fn take_line(&mut self) -> Option<usize> {
        let i = self.driver.take()?;
        self.show_line(i);
        Some(i)
    }

    /// Shows line `i` in the trace, as it is being taken.
    pub(super) fn show_line(&mut self, i: usize) {
        if let Some(l) = self.driver.line(i) {
            let (number, text) = (l.number, l.text.clone());
            self.emit(super::EventKind::Line { number, text }, None);
        }
    }

    /// The action of the driver's next line.
    pub(super) fn upcoming_action(&self) -> Option<Action> {
        self.driver.upcoming().and_then(|i| self.action_of(i))
    }

    /// The action of line `i` (cloned: taking it changes the engine).
    pub(super) fn action_of(&self, i: usize) -> Option<Action> {
        self.driver.line(i).map(|l| l.action.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payment_has_two_answers_and_names_its_payer() {
        let d = Decision::Pay { payer: PlayerId(1), amount: ManaCost::amount(3), mana_first: false };
        assert_eq!(d.who(), Some(PlayerId(1)));
        assert_eq!(
            d.options(),
            Some(vec![Action::Pay(PlayerId(1), Some(ManaCost::amount(3))), Action::Pay(PlayerId(1), None)])
        );
        let hand = [CardId(4), CardId(7)];
        let d = Decision::Discard { player: PlayerId(0), hand: &hand };
        assert_eq!(d.options().map(|o| o.len()), Some(2));
        assert_eq!(Decision::Prevent.options(), None);
        assert_eq!(Decision::Prevent.who(), None);
    }

    #[test]
    fn the_script_gives_its_lines_in_order_then_the_added_ones() {
        let line = |n: usize, a: Action| Line {
            number: n,
            text: String::new(),
            span: crate::span::Span::new(0, 0),
            action: a,
        };
        let lines = vec![line(1, Action::Resolve), line(2, Action::Pass(PlayerId(0)))];
        let mut s = Script::new(&lines);
        s.push(line(3, Action::Pass(PlayerId(1))));
        assert_eq!(s.len(), 3);
        assert_eq!((s.take(), s.take(), s.take(), s.take()), (Some(0), Some(1), Some(2), None));
        s.rewind(1);
        assert_eq!(s.upcoming(), Some(1));
        assert_eq!(s.line(2).map(|l| l.number), Some(3));
        s.decline(1, "why".into());
        assert!(s.declined(1) && !s.declined(0));
        assert_eq!(s.notes(1), vec!["why".to_owned()]);
    }
}
