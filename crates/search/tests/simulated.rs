//! The search on simulated DUTs whose answer is known.

use riptide_search::sim::Capacity;
use riptide_search::{search, Config, Goal};

fn csit(min: f64, max: f64) -> Config {
    Config {
        goals: vec![Goal::new("ndr", 0.0), Goal::new("pdr", 0.005)],
        min_load: min,
        max_load: max,
        warmup: 0.0,
        max_duration: 1200.0,
    }
}

/// What CSIT runs: NDR and PDR, 0.5% width, 1 s trials, 21 s duration sum, on a DUT
/// that forwards exactly 1.234 Mpps of 14.88.
#[test]
fn csit_goals_find_a_known_capacity_within_the_width() {
    let mut dut = Capacity::new(1.234e6);
    let out = search(&csit(9001.0, 14.88e6), &mut dut).unwrap();
    eprintln!("{out:#?}");
    for g in &out.goals {
        let lo = g.lower_bound.unwrap();
        let hi = g.upper_bound.unwrap();
        // The bounds bracket the capacity (PDR may pass up to 0.5% above it) within 0.5%.
        assert!(lo <= 1.234e6 / (1.0 - 0.005) + 1.0, "{g:?}");
        assert!(hi > 1.234e6, "{g:?}");
        assert!((hi - lo) / hi <= 0.005 + 1e-12, "{g:?}");
    }
    let ndr = &out.goals[0];
    assert!(ndr.lower_bound.unwrap() <= 1.234e6 && 1.234e6 * 0.995 <= ndr.lower_bound.unwrap(), "{ndr:?}");
    assert_eq!(out.trials, dut.trials.len());
    // MLRsearch 1.2.1 needs ~35 here (python/tests/test_ndr.py compares exactly).
    assert!(out.trials <= 40, "{} trials", out.trials);
}

#[test]
fn a_dut_that_forwards_everything_passes_at_the_maximum_load() {
    let mut dut = Capacity::new(1e9);
    let out = search(&csit(9001.0, 14.88e6), &mut dut).unwrap();
    for g in &out.goals {
        assert_eq!(g.lower_bound, Some(14.88e6), "{g:?}");
        assert_eq!(g.upper_bound, None, "{g:?}");
    }
}

#[test]
fn with_some_loss_ndr_is_not_found_and_pdr_is_the_maximum() {
    let mut dut = Capacity { loss_ratio: 0.003, ..Capacity::new(1e9) };
    let out = search(&csit(10_000.0, 1e6), &mut dut).unwrap();
    let (ndr, pdr) = (&out.goals[0], &out.goals[1]);
    assert_eq!(ndr.lower_bound, None, "{ndr:?}");
    assert_eq!(pdr.lower_bound, Some(1e6), "{pdr:?}");
}

#[test]
fn bad_configs_are_refused_with_the_field() {
    let mut c = csit(9001.0, 14.88e6);
    c.goals[1].loss_ratio = 1.5;
    let e = search(&c, &mut Capacity::new(1e6)).unwrap_err();
    assert!(matches!(e, riptide_search::Failure::Search(ref s) if s.to_string().contains("pdr: loss_ratio")), "{e:?}");
    let e = search(&csit(2e6, 1e6), &mut Capacity::new(1e6)).unwrap_err();
    assert!(matches!(e, riptide_search::Failure::Search(riptide_search::SearchError::Loads { .. })), "{e:?}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Any capacity between the limits: the NDR interval brackets it within the width.
    #[test]
    fn ndr_brackets_any_capacity(cap in 20_000.0f64..9e6) {
        let mut dut = Capacity::new(cap);
        let out = search(&csit(10_000.0, 10e6), &mut dut).unwrap();
        let ndr = &out.goals[0];
        let (lo, hi) = (ndr.lower_bound.unwrap(), ndr.upper_bound.unwrap());
        proptest::prop_assert!(lo <= cap + 1.0 && hi > cap * 0.999, "{:?}", ndr);
        proptest::prop_assert!((hi - lo) / hi <= 0.005 + 1e-12, "{:?}", ndr);
    }
}
