//! Linux CPU lists: `0-3,6,8-11` (sysfs `online`, `isolcpus=`, `taskset -c`, `--cores`).
//!
//! The kernel's own format (`bitmap_parselist`): comma-separated items, each a number or
//! an inclusive range `A-B`; ranges may carry a stride `A-B:S/G` in the kernel but not
//! here (nobody writes it in riptide's options).

use std::fmt;

/// Why a CPU list did not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CpuListError {
    /// An item was not a number or a range of two numbers.
    #[error("`{0}` is not a core number or a range like 2-5")]
    Item(String),
    /// A range ran backwards (`5-2`).
    #[error("range `{0}` runs backwards")]
    Backwards(String),
    /// Nothing in the list.
    #[error("empty core list")]
    Empty,
    /// A core number past any machine (4096 and up).
    #[error("core {0} is past the largest core number riptide accepts (4095)")]
    TooLarge(usize),
}

/// The largest core number accepted (the kernel's NR_CPUS is 8192 at most; no machine
/// riptide meets has 4096 cores).
pub const MAX_CPU: usize = 4095;

/// Parses a CPU list into sorted, de-duplicated core numbers.
///
/// Flags words such as `managed_irq,domain,` that `isolcpus=` may carry are not part of the
/// list: strip them first ([`isolcpus_list`]).
pub fn parse(s: &str) -> Result<Vec<usize>, CpuListError> {
    let mut out = vec![];
    for item in s.trim().split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let num = |t: &str| -> Result<usize, CpuListError> {
            let n = t.trim().parse::<usize>().map_err(|_| CpuListError::Item(item.to_string()))?;
            if n > MAX_CPU {
                return Err(CpuListError::TooLarge(n));
            }
            Ok(n)
        };
        match item.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (num(a)?, num(b)?);
                if b < a {
                    return Err(CpuListError::Backwards(item.to_string()));
                }
                out.extend(a..=b);
            }
            None => out.push(num(item)?),
        }
    }
    if out.is_empty() {
        return Err(CpuListError::Empty);
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The cores of an `isolcpus=` value, without its flag words (`nohz`, `domain`,
/// `managed_irq`) that come first: `isolcpus=managed_irq,domain,2-5` isolates 2-5.
pub fn isolcpus_list(value: &str) -> Result<Vec<usize>, CpuListError> {
    let list: Vec<&str> = value.split(',').filter(|w| !matches!(*w, "nohz" | "domain" | "managed_irq")).collect();
    parse(&list.join(","))
}

/// Writes core numbers back in the kernel's compact form (`0-3,6`).
pub struct Compact<'a>(pub &'a [usize]);

impl fmt::Display for Compact<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut i = 0;
        let v = self.0;
        let mut first = true;
        while i < v.len() {
            let mut j = i;
            while j + 1 < v.len() && v[j + 1] == v[j] + 1 {
                j += 1;
            }
            if !first {
                f.write_str(",")?;
            }
            first = false;
            if j > i {
                write!(f, "{}-{}", v[i], v[j])?;
            } else {
                write!(f, "{}", v[i])?;
            }
            i = j + 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_parse_as_the_kernel_writes_them() {
        assert_eq!(parse("0-3,6"), Ok(vec![0, 1, 2, 3, 6]));
        assert_eq!(parse(" 5,2,2-3\n"), Ok(vec![2, 3, 5]));
        assert_eq!(parse("7"), Ok(vec![7]));
        assert_eq!(parse("3-1"), Err(CpuListError::Backwards("3-1".into())));
        assert_eq!(parse("a"), Err(CpuListError::Item("a".into())));
        assert_eq!(parse("1-"), Err(CpuListError::Item("1-".into())));
        assert_eq!(parse(""), Err(CpuListError::Empty));
        assert_eq!(parse("99999"), Err(CpuListError::TooLarge(99999)));
        assert_eq!(isolcpus_list("managed_irq,domain,2-5"), Ok(vec![2, 3, 4, 5]));
    }

    #[test]
    fn compact_form_round_trips() {
        for s in ["0-3,6", "1", "0,2,4", "0-1,3-4,9"] {
            let v = parse(s).unwrap();
            assert_eq!(Compact(&v).to_string(), s);
        }
    }
}
