//! The tournament formats of the General Rulings Summary (002 L3896-4387) as a table of rules:
//! which sets, how many cards, which lists, from and until when.

use super::date::Date;
use super::table::{SetKind, Table};

/// How a format's sideboard is limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sideboard {
    /// None, or exactly 15 cards (constructed formats).
    NoneOrFifteen,
    /// Every card not in the play deck (sealed deck and booster draft).
    Rest,
}

/// Which sets a format's cards come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sets {
    /// Any edition or expansion but Collector's Edition and Portal (Type I, Type 1.5).
    All,
    /// The most recent basic set and the two most recent blocks (Type II).
    Standard,
    /// These sets only.
    Only(&'static [&'static str]),
    /// These sets, and basic lands from any set (Ice Age constructed).
    OnlyPlusBasics(&'static [&'static str]),
    /// Whatever has been released, opened from product (sealed deck, booster draft).
    Released,
}

/// When a format's new sets become legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// The first of the month after release, or the one after that (002 L4076-4080).
    Effective,
    /// On release: "no 30 day period" for sealed deck (002 L4304-4306).
    OnRelease,
}

/// A dated limit on a format: it starts or stops applying.
#[derive(Clone, Copy, Debug)]
pub struct Bound {
    /// The day.
    pub date: Date,
    /// The Summary line that says so.
    pub cite: &'static str,
}

/// One tournament format.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    /// Its command-line name.
    pub id: &'static str,
    /// Its name in the Summary.
    pub name: &'static str,
    /// The lines of its section.
    pub section: &'static str,
    /// In force from this date, if the Summary gives one.
    pub from: Option<Bound>,
    /// No longer supported from this date, if the Summary gives one.
    pub until: Option<Bound>,
    /// The minimum of the play deck, and its line.
    pub minimum: (usize, &'static str),
    /// The sideboard rule and its line.
    pub sideboard: (Sideboard, &'static str),
    /// The four-of rule's line; `None` where the Summary gives no such rule (limited formats).
    pub four_of: Option<&'static str>,
    /// The sets, and the line that lists them.
    pub sets: (Sets, &'static str),
    /// When new sets join.
    pub timing: Timing,
    /// The line that forbids Collector's Edition cards, if it does.
    pub collector: Option<&'static str>,
    /// The line that allows promotional cards, if it does (otherwise only under a legal name).
    pub promos: Option<&'static str>,
    /// The line on Portal cards, if the format has one.
    pub portal: Option<&'static str>,
    /// Cards from these sets are banned unless printed again in a legal set (Extended).
    pub old_sets_banned: Option<(&'static [&'static str], &'static str)>,
    /// Whether the format is limited (sealed deck, booster draft).
    pub limited: bool,
    /// Whether the dated restriction of legends (002 L2642-2644) applies.
    pub legends_rule: bool,
}

const CONSTRUCTED_SB: (Sideboard, &str) = (Sideboard::NoneOrFifteen, "002 L3937-3938, L4082");

/// The Legends restriction: every Summon Legend and Legendary Land was restricted from 08/01/94
/// until 11/01/95 (002 L2642-2644).
pub const LEGENDS_RULE: (Date, Date, &str) =
    (Date { year: 1994, month: 8, day: 1 }, Date { year: 1995, month: 11, day: 1 }, "002 L2642-2644");

/// Type II is described by the Update of 05/01/97 (002 L4112-4118); earlier dates get a note.
pub const STANDARD_RULE_FROM: Date = Date { year: 1997, month: 5, day: 1 };

/// The blocks of expansions (002 L4113-4116, L4322-4323): a stand-alone set and the two
/// expansions after it.
pub const BLOCKS: [[&str; 3]; 2] = [["IA", "HL", "AL"], ["MI", "VI", "WL"]];

const fn on(year: u16, month: u8, day: u8) -> Date {
    Date { year, month, day }
}

/// Every format of the Summary, in its order.
/// A block constructed format: the two the Summary names share every rule but their sets.
const fn block(id: &'static str, name: &'static str, section: &'static str, sets: &'static [&'static str]) -> Format {
    Format {
        id,
        name,
        section,
        from: Some(Bound { date: on(1997, 7, 1), cite: "002 L4319" }),
        until: None,
        minimum: (60, "002 L4320, L4136"),
        sideboard: (Sideboard::NoneOrFifteen, "002 L4320, L4137"),
        four_of: Some("002 L4320, L4138-4141"),
        sets: (Sets::Only(sets), "002 L4320-4323"),
        timing: Timing::Effective,
        collector: None,
        promos: None,
        portal: None,
        old_sets_banned: None,
        limited: false,
        legends_rule: false,
    }
}

pub const FORMATS: [Format; 10] = [
    Format {
        id: "type1",
        name: "Type I (Classic)",
        section: "002 L4067-4108",
        from: None,
        until: None,
        minimum: (60, "002 L4081"),
        sideboard: CONSTRUCTED_SB,
        four_of: Some("002 L4083-4086"),
        sets: (Sets::All, "002 L4069-4070"),
        timing: Timing::Effective,
        collector: Some("002 L4070"),
        promos: Some("002 L4071"),
        portal: Some("002 L4073-4075"),
        old_sets_banned: None,
        limited: false,
        legends_rule: true,
    },
    Format {
        id: "type2",
        name: "Type II (Standard)",
        section: "002 L4110-4146",
        from: None,
        until: None,
        minimum: (60, "002 L4136"),
        sideboard: (Sideboard::NoneOrFifteen, "002 L3937-3938, L4137"),
        four_of: Some("002 L4138-4141"),
        sets: (Sets::Standard, "002 L4112-4118"),
        timing: Timing::Effective,
        collector: Some("002 L4129-4130"),
        promos: None,
        portal: Some("002 L4120-4122"),
        old_sets_banned: None,
        limited: false,
        legends_rule: true,
    },
    Format {
        id: "type1.5",
        name: "Type 1.5 (Classic-Restricted)",
        section: "002 L4148-4189",
        from: None,
        until: None,
        minimum: (60, "002 L4162"),
        sideboard: (Sideboard::NoneOrFifteen, "002 L3937-3938, L4163"),
        four_of: Some("002 L4164-4167"),
        sets: (Sets::All, "002 L4150-4151"),
        timing: Timing::Effective,
        collector: Some("002 L4151"),
        promos: Some("002 L4152"),
        portal: Some("002 L4154-4156"),
        old_sets_banned: None,
        limited: false,
        legends_rule: false,
    },
    Format {
        id: "extended",
        name: "Extended",
        section: "002 L4191-4295",
        from: Some(Bound { date: on(1997, 7, 1), cite: "002 L4194" }),
        until: None,
        minimum: (60, "002 L4211"),
        sideboard: (Sideboard::NoneOrFifteen, "002 L3937-3938, L4212"),
        four_of: Some("002 L4213-4216"),
        sets: (
            Sets::Only(&["RV", "4E", "CH", "5E", "DK", "FE", "IA", "HL", "AL", "MI", "VI", "WL", "PR"]),
            "002 L4198-4201",
        ),
        timing: Timing::Effective,
        collector: Some("002 L4200"),
        promos: Some("002 L4200-4201"),
        portal: Some("002 L4203-4205"),
        old_sets_banned: Some((&["LA", "LB", "UL", "AN", "AQ", "LG"], "002 L4218-4220")),
        limited: false,
        legends_rule: false,
    },
    block("ice-age-block", "Ice Age/Homelands/Alliances block", "002 L4318-4330", &BLOCKS[0]),
    block("mirage-block", "Mirage/Visions/Weatherlight block", "002 L4318-4334", &BLOCKS[1]),
    Format {
        id: "ice-age",
        name: "Ice Age Constructed",
        section: "002 L4336-4348",
        from: None,
        until: Some(Bound { date: on(1997, 7, 1), cite: "002 L4337" }),
        minimum: (60, "002 L4340"),
        sideboard: (Sideboard::NoneOrFifteen, "002 L3937-3938, L4341"),
        four_of: Some("002 L4342-4345"),
        sets: (Sets::OnlyPlusBasics(&["IA"]), "002 L4338-4339"),
        timing: Timing::Effective,
        collector: None,
        promos: None,
        portal: None,
        old_sets_banned: None,
        limited: false,
        legends_rule: false,
    },
    Format {
        id: "ice-age-alliances",
        name: "Ice Age/Alliances Constructed",
        section: "002 L4350-4354",
        from: None,
        until: Some(Bound { date: on(1997, 7, 1), cite: "002 L4351" }),
        minimum: (60, "002 L4353, L4340"),
        sideboard: (Sideboard::NoneOrFifteen, "002 L4353, L4341"),
        four_of: Some("002 L4353, L4342-4345"),
        sets: (Sets::OnlyPlusBasics(&["IA", "AL"]), "002 L4338-4339, L4353-4354"),
        timing: Timing::Effective,
        collector: None,
        promos: None,
        portal: None,
        old_sets_banned: None,
        limited: false,
        legends_rule: false,
    },
    Format {
        id: "sealed-deck",
        name: "Sealed Deck",
        section: "002 L4297-4316",
        from: None,
        until: None,
        minimum: (40, "002 L4307"),
        sideboard: (Sideboard::Rest, "002 L3938, L4308-4309"),
        four_of: None,
        sets: (Sets::Released, "002 L4299-4306"),
        timing: Timing::OnRelease,
        collector: None,
        promos: None,
        portal: None,
        old_sets_banned: None,
        limited: true,
        legends_rule: false,
    },
    Format {
        id: "booster-draft",
        name: "Booster Draft",
        section: "002 L4356-4367",
        from: None,
        until: None,
        minimum: (40, "002 L4366"),
        sideboard: (Sideboard::Rest, "002 L4366-4367"),
        four_of: None,
        sets: (Sets::Released, "002 L4358-4361"),
        timing: Timing::OnRelease,
        collector: None,
        promos: None,
        portal: None,
        old_sets_banned: None,
        limited: true,
        legends_rule: false,
    },
];

/// The pool of a sealed deck: 90 to 300 cards (002 L4299).
pub const SEALED_POOL: (usize, usize, &str) = (90, 300, "002 L4299-4302");

/// The format with this command-line name.
#[must_use]
pub fn find(id: &str) -> Option<&'static Format> {
    let id = ALIASES.iter().find(|(alias, _)| alias.eq_ignore_ascii_case(id)).map_or(id, |(_, to)| to);
    FORMATS.iter().find(|f| f.id.eq_ignore_ascii_case(id))
}

/// Other names of formats, as the Summary heads their sections: "Classic Tournaments",
/// "Standard Tournaments", "Classic-Restricted Tournaments" (002 L4067, L4110, L4148).
pub const ALIASES: [(&str, &str); 3] = [("classic", "type1"), ("standard", "type2"), ("classic-restricted", "type1.5")];

/// The command-line names of every format.
#[must_use]
pub fn names() -> Vec<&'static str> {
    FORMATS.iter().map(|f| f.id).collect()
}

impl Format {
    /// The day a set joins this format.
    #[must_use]
    pub fn joins(&self, released: Date) -> Date {
        match self.timing {
            Timing::Effective => released.effective(),
            Timing::OnRelease => released,
        }
    }

    /// Whether the format is in force on `date`, else the bound that says it is not.
    #[must_use]
    pub fn out_of_force(&self, date: Date) -> Option<(bool, Bound)> {
        if let Some(b) = self.from.filter(|b| date < b.date) {
            return Some((false, b));
        }
        self.until.filter(|b| date >= b.date).map(|b| (true, b))
    }

    /// The sets this format draws from on `date`, whether or not each has joined yet: indexes
    /// into the table's sets. Type II's are those of its rule on that date.
    #[must_use]
    pub fn set_pool(&self, t: &Table, date: Date) -> Vec<usize> {
        let by_codes = |codes: &[&str]| codes.iter().filter_map(|c| t.set(c)).collect::<Vec<_>>();
        match self.sets.0 {
            Sets::All => {
                (0..t.sets.len()).filter(|&i| !matches!(t.sets[i].kind, SetKind::Collector | SetKind::Portal)).collect()
            }
            Sets::Released => (0..t.sets.len()).filter(|&i| t.sets[i].kind != SetKind::Collector).collect(),
            Sets::Only(codes) | Sets::OnlyPlusBasics(codes) => by_codes(codes),
            Sets::Standard => standard_sets(self, t, date),
        }
    }

    /// The sets legal on `date`: the pool, less the sets that have not joined yet.
    #[must_use]
    pub fn legal_sets(&self, t: &Table, date: Date) -> Vec<usize> {
        self.set_pool(t, date).into_iter().filter(|&i| self.joins(t.sets[i].released) <= date).collect()
    }
}

/// Type II on `date` (002 L4112-4118): the latest basic set that has joined, and every set of the
/// two most recent blocks whose first set has joined (sets of those blocks yet to join included,
/// so that a card of one is told when it joins).
fn standard_sets(f: &Format, t: &Table, date: Date) -> Vec<usize> {
    let joined = |i: usize| f.joins(t.sets[i].released) <= date;
    let mut out = Vec::new();
    let core =
        (0..t.sets.len()).filter(|&i| t.sets[i].kind == SetKind::Core && joined(i)).max_by_key(|&i| t.sets[i].released);
    out.extend(core);
    let started: Vec<&[&str; 3]> = BLOCKS.iter().filter(|b| t.set(b[0]).is_some_and(joined)).collect();
    for block in started.iter().rev().take(2) {
        out.extend(block.iter().filter_map(|c| t.set(c)));
    }
    // A new basic set that has not joined yet is named too, so its cards are told when.
    out.extend((0..t.sets.len()).filter(|&i| t.sets[i].kind == SetKind::Core && !joined(i)));
    out.sort_unstable();
    out.dedup();
    out
}
