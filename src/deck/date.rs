//! Calendar dates as the tournament rules use them: event dates, release dates, effective dates.

use serde::{Serialize, Serializer};

/// A day of the Gregorian calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: u16,
    /// The month, 1-12.
    pub month: u8,
    /// The day of the month, from 1.
    pub day: u8,
}

impl Date {
    /// The Summary's own date, the default event date: 1997-07-15.
    pub const SUMMARY: Self = Self { year: 1997, month: 7, day: 15 };

    /// A date from its parts, if it exists.
    #[must_use]
    pub fn new(year: u16, month: u8, day: u8) -> Option<Self> {
        let ok = (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month);
        ok.then_some(Self { year, month, day })
    }

    /// Parses `YYYY-MM-DD`.
    ///
    /// # Errors
    /// What was expected, for a message.
    pub fn parse(s: &str) -> Result<Self, String> {
        let parts: Vec<&str> = s.split('-').collect();
        let bad = || format!("`{s}` is not a date: expected YYYY-MM-DD, such as 1997-07-15");
        let [y, m, d] = parts.as_slice() else { return Err(bad()) };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let (Ok(y), Ok(m), Ok(d)) = (y.parse(), m.parse(), d.parse()) else { return Err(bad()) };
        Self::new(y, m, d).ok_or_else(|| format!("`{s}` is not a day of the calendar"))
    }

    /// The first day of the month `n` months after this date's month.
    #[must_use]
    pub fn first_of_month_after(self, n: u8) -> Self {
        let index = u32::from(self.month) - 1 + u32::from(n);
        let year = self.year + u16::try_from(index / 12).unwrap_or(0);
        let month = u8::try_from(index % 12 + 1).unwrap_or(1);
        Self { year, month, day: 1 }
    }

    /// The day a set released on this date becomes legal for constructed play: the first of
    /// the next month, or of the month after if it came out in the last two weeks of its month
    /// (002 L4076-4080, [Update 05/01/97]).
    #[must_use]
    pub fn effective(self) -> Self {
        let last_two_weeks = self.day + 14 > days_in_month(self.year, self.month);
        self.first_of_month_after(if last_two_weeks { 2 } else { 1 })
    }
}

/// The number of days in a month.
#[must_use]
pub fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
        2 => 28,
        _ => 31,
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_summary_examples_of_effective_dates() {
        // 002 L4079-4080: released January 8th, legal February 1st; January 25th, March 1st.
        assert_eq!(d("1997-01-08").effective(), d("1997-02-01"));
        assert_eq!(d("1997-01-25").effective(), d("1997-03-01"));
        // The last two weeks of a 31-day month start on the 18th; of February 1997, the 15th.
        assert_eq!(d("1997-01-17").effective(), d("1997-02-01"));
        assert_eq!(d("1997-01-18").effective(), d("1997-03-01"));
        assert_eq!(d("1997-02-14").effective(), d("1997-03-01"));
        assert_eq!(d("1997-02-15").effective(), d("1997-04-01"));
        assert_eq!(d("1996-12-20").effective(), d("1997-02-01"));
    }

    #[test]
    fn rejects_what_is_not_a_date() {
        for s in ["1997-7-15", "1997-02-30", "97-07-15", "1997-13-01", "x", "1997-07-15-1"] {
            assert!(Date::parse(s).is_err(), "{s}");
        }
    }
}
