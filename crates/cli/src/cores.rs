//! `--cores`: how many workers run, and optionally the cores they are pinned to.

use std::fmt;
use std::str::FromStr;

use riptide_core::cpulist;

/// A worker count (`4`: the kernel places them) or a list of cores, one pinned worker on
/// each (`2,3`, `2-5`, `0,2-3`; one core: `3-3` or `3,`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cores {
    /// Worker threads.
    pub count: usize,
    /// Worker `k` runs on core `pin[k]`; empty: unpinned.
    pub pin: Vec<usize>,
}

impl Cores {
    /// `n` unpinned workers.
    pub(crate) fn count(n: usize) -> Cores {
        Cores { count: n, pin: Vec::new() }
    }

    /// One worker pinned on each of `cores`.
    pub(crate) fn pinned(cores: Vec<usize>) -> Cores {
        Cores { count: cores.len(), pin: cores }
    }
}

impl Default for Cores {
    fn default() -> Cores {
        Cores::count(1)
    }
}

impl FromStr for Cores {
    type Err = String;

    fn from_str(s: &str) -> Result<Cores, String> {
        let s = s.trim();
        if s.contains([',', '-']) {
            return cpulist::parse(s)
                .map(Cores::pinned)
                .map_err(|e| format!("{e} (a core list looks like 2,3 or 2-5)"));
        }
        match s.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Cores::count(n)),
            _ => Err(format!("`{s}` is neither a worker count (1, 2, ...) nor a core list (2,3 or 2-5)")),
        }
    }
}

impl fmt::Display for Cores {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = if self.count == 1 { "" } else { "s" };
        write!(f, "{} worker{s}", self.count)?;
        if !self.pin.is_empty() {
            write!(f, " pinned on {}", cpulist::Compact(&self.pin))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_counts_workers_and_a_list_pins_them() {
        assert_eq!("4".parse::<Cores>(), Ok(Cores::count(4)));
        assert_eq!("2,3".parse::<Cores>(), Ok(Cores::pinned(vec![2, 3])));
        assert_eq!("2-5".parse::<Cores>(), Ok(Cores::pinned(vec![2, 3, 4, 5])));
        assert_eq!("3-3".parse::<Cores>(), Ok(Cores::pinned(vec![3])));
        assert_eq!("3,".parse::<Cores>(), Ok(Cores::pinned(vec![3])));
        assert_eq!("0,2-3".parse::<Cores>().map(|c| c.to_string()), Ok("3 workers pinned on 0,2-3".into()));
        assert_eq!(Cores::count(1).to_string(), "1 worker");
        assert!("0".parse::<Cores>().unwrap_err().contains("neither a worker count"));
        assert!("x".parse::<Cores>().unwrap_err().contains("neither a worker count"));
        assert!("5-2".parse::<Cores>().unwrap_err().contains("runs backwards"));
        assert!("2,x".parse::<Cores>().unwrap_err().contains("`x` is not a core number"));
    }
}
