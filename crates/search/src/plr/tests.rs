//! The port against CSIT's own numbers (docs/research/plrsearch/plrsearch_vectors.jsonl,
//! printed by CSIT's functions), the integrator against a quadrature of the same
//! posterior, and the outer loop against CSIT's load selection.

use super::integrator::{Dual, Focus, Problem, Sampler};
use super::model::{critical_load, erfcx, log_likelihood, log_minus, log_plus, parameters, Fit, Observed};
use super::*;
use serde_json::Value;

const VECTORS: &str = include_str!("../../../../docs/research/plrsearch/plrsearch_vectors.jsonl");

fn vectors(kind: &str) -> Vec<Value> {
    let all: Vec<Value> = VECTORS.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let v: Vec<Value> = all.into_iter().filter(|v| v["kind"] == kind).collect();
    assert!(!v.is_empty(), "no {kind} vectors");
    v
}

/// A golden float (its repr round-trips exactly); None for CSIT's None.
fn golden(v: &Value) -> f64 {
    match v {
        Value::Null => f64::NEG_INFINITY,
        v => v["repr"].as_str().unwrap().parse().unwrap(),
    }
}

fn arg(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NEG_INFINITY)
}

#[track_caller]
fn close(got: f64, want: f64, rel: f64, what: &str) {
    let ok = got == want || (got - want).abs() <= rel * want.abs().max(f64::MIN_POSITIVE);
    assert!(ok, "{what}: got {got:e}, CSIT {want:e} (rel {:e})", ((got - want) / want).abs());
}

#[test]
fn log_plus_and_log_minus_are_csits_to_the_bit() {
    for v in vectors("log_plus") {
        let a = &v["args"];
        assert_eq!(log_plus(arg(&a[0]), arg(&a[1])), golden(&v["result"]), "{v}");
    }
    for v in vectors("log_minus") {
        let a = &v["args"];
        let got = log_minus(arg(&a[0]), arg(&a[1]));
        match v.get("error") {
            Some(e) => assert_eq!(got.unwrap_err().0, e.as_str().unwrap()),
            None => assert_eq!(got.unwrap(), golden(&v["result"]), "{v}"),
        }
    }
}

#[test]
fn erfcx_is_continuous_where_its_methods_meet_and_has_the_right_tail() {
    let direct = |x: f64| (x * x).exp() * libm::erfc(x);
    let below = direct(6.0 - 1e-12);
    close(erfcx(6.0), below, 1e-12, "erfcx at 6");
    // x erfcx(x) -> 1/sqrt(pi) (1 - 1/(2x^2) + 3/(4x^4) - 15/(8x^6) + 105/(16x^8)).
    for x in [50.0, 1e3, 22026.465794806718] {
        let y = 1.0 / (x * x);
        let series = (1.0 - y * (0.5 - y * (0.75 - y * (1.875 - y * 6.5625)))) / (x * std::f64::consts::PI.sqrt());
        close(erfcx(x), series, 1e-12, "erfcx tail");
    }
    for c in vectors("const") {
        if c["name"] == "log_xerfcx_10" {
            close(super::model::erfcx(1.0).ln(), (1.0f64).exp().ln() + libm::erfc(1.0).ln(), 1e-15, "erfcx(1)");
            let e10 = 10.0f64.exp();
            let limit = 0.0f64.acos().powf(-0.5);
            close((limit - e10 * erfcx(e10)).ln(), golden(&c["value"]), 1e-13, "log_xerfcx_10");
        }
    }
}

#[test]
fn the_fitting_functions_are_csits() {
    for (kind, fit, rel) in [("lfit_stretch", Fit::Stretch, 1e-13), ("lfit_erf", Fit::Erf, 1e-9)] {
        for v in vectors(kind) {
            let (load, mrr, spread) = (arg(&v["load"]), arg(&v["mrr"]), arg(&v["spread"]));
            let got = fit.log_loss_rate(load, mrr, spread).unwrap();
            close(got, golden(&v["result"]), rel, &format!("{kind}({load}, {mrr}, {spread})"));
        }
    }
}

#[test]
fn critical_loads_likelihoods_and_priors_are_csits() {
    let fit = |v: &Value| if v["fit"] == "stretch" { Fit::Stretch } else { Fit::Erf };
    for v in vectors("find_critical_rate") {
        let got = critical_load(
            fit(&v),
            arg(&v["min_rate"]),
            arg(&v["max_rate"]),
            arg(&v["target"]),
            arg(&v["mrr"]),
            arg(&v["spread"]),
        )
        .unwrap();
        close(got, golden(&v["result"]), 1e-9, &format!("critical load {v}"));
    }
    for v in vectors("log_weight") {
        let trials: Vec<Observed> = v["trials"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| Observed {
                intended_load: arg(&t["intended_load"]),
                offered_count: t["offered_count"].as_u64().unwrap(),
                loss_count: t["plr_loss_count"].as_u64().unwrap(),
            })
            .collect();
        let got = log_likelihood(fit(&v), &trials, arg(&v["mrr"]), arg(&v["spread"])).unwrap();
        let rel = if fit(&v) == Fit::Erf { 1e-9 } else { 1e-13 };
        close(got, golden(&v["result"]), rel, &format!("log weight {}", v["fit"]));
    }
    for v in vectors("prior_transform") {
        let (mrr, spread) = parameters(arg(&v["max_rate"]), arg(&v["x_mrr"]), arg(&v["x_spread"]));
        assert_eq!(mrr, golden(&v["mrr"]));
        close(spread, golden(&v["spread"]), 1e-15, "spread");
    }
}

#[test]
fn the_trackers_are_csits() {
    let mut d = Dual::default();
    for v in vectors("scalar_dual_add") {
        d.add(arg(&v["value"]), arg(&v["log_weight"]));
        close(d.primary.average, golden(&v["average"]), 1e-15, "average");
        close(d.primary.log_sum_weight, golden(&v["log_sum_weight"]), 1e-15, "log sum weight");
        close(d.primary.log_variance, golden(&v["log_variance"]), 1e-14, "log variance");
        close(d.secondary.average, golden(&v["secondary_average"]), 1e-15, "secondary average");
        close(d.secondary.log_variance, golden(&v["secondary_log_variance"]), 1e-14, "secondary log variance");
        close(d.pessimistic_variance(), golden(&v["pessimistic_variance"]), 1e-14, "pessimistic variance");
    }
    let mut f = Focus::default();
    for v in vectors("vector_add_without_dominance") {
        let p = &v["point"];
        let distance = f.add_without_dominance([arg(&p[0]), arg(&p[1])], arg(&v["log_weight"])).unwrap();
        close(distance, golden(&v["distance"]), 1e-12, "distance");
        for i in 0..2 {
            close(f.averages[i], golden(&v["averages"][i]), 1e-14, "averages");
            for j in 0..2 {
                close(f.covariance[i][j], golden(&v["covariance"][i][j]), 1e-12, "covariance");
            }
        }
        close(f.log_sum_weight, golden(&v["log_sum_weight"]), 1e-15, "log sum weight");
    }
}

/// Trials of a DUT that forwards `capacity` frames/s and drops the rest.
fn policer(capacity: f64, loads: &[f64]) -> Vec<Observed> {
    loads
        .iter()
        .enumerate()
        .map(|(i, &load)| {
            let duration = 0.1 * (51 + i) as f64;
            let offered = (load * duration) as u64;
            Observed {
                intended_load: load,
                offered_count: offered,
                loss_count: ((load - capacity).max(0.0) * duration) as u64,
            }
        })
        .collect()
}

/// Mean and sd of ln(critical load) by a tensor-grid quadrature of the posterior over a
/// box: an oracle that shares only the model with the integrator.
fn quadrature(p: &Problem, lo: [f64; 2], hi: [f64; 2], n: usize) -> (f64, f64) {
    let mut points = vec![];
    let mut max = f64::NEG_INFINITY;
    for i in 0..n {
        for j in 0..n {
            let x = lo[0] + (hi[0] - lo[0]) * (i as f64 + 0.5) / n as f64;
            let y = lo[1] + (hi[1] - lo[1]) * (j as f64 + 0.5) / n as f64;
            if let Ok((v, w)) = p.value_and_log_weight(x, y) {
                max = max.max(w);
                points.push((v, w));
            }
        }
    }
    let (mut sw, mut s1, mut s2) = (0.0, 0.0, 0.0);
    for (v, w) in points {
        let w = (w - max).exp();
        sw += w;
        s1 += w * v;
        s2 += w * v * v;
    }
    let mean = s1 / sw;
    (mean, (s2 / sw - mean * mean).max(0.0).sqrt())
}

#[test]
fn the_integrator_agrees_with_a_quadrature_of_the_same_posterior() {
    let trials = policer(1e6, &[1.05e6, 2e6, 1e6, 0.98e6, 1.01e6, 0.99e6, 1.002e6, 0.995e6, 1.0e6, 0.999e6]);
    for fit in Fit::BOTH {
        let p = Problem { fit, trials: trials.clone(), min_load: 1e4, max_load: 2e6, target: 1e-7 };
        // Warm up the focus as the search does (one integration per trial).
        let mut focus = Focus::default();
        for k in 1..=trials.len() {
            let part = Problem { trials: trials[..k].to_vec(), ..p.clone() };
            focus = part.integrate(focus, 3000, &mut Sampler::new(k as u64), &|| false).focus;
        }
        let post = p.integrate(focus, 20_000, &mut Sampler::new(99), &|| false);
        let (mean, sd) = (post.mean(), post.value.pessimistic_variance().sqrt());
        let f = post.focus;
        let half = [8.0 * f.covariance[0][0].sqrt(), 8.0 * f.covariance[1][1].sqrt()];
        let lo = [(f.averages[0] - half[0]).max(-1.0), (f.averages[1] - half[1]).max(-1.0)];
        let hi = [(f.averages[0] + half[0]).min(1.0), (f.averages[1] + half[1]).min(1.0)];
        let (qmean, qsd) = quadrature(&p, lo, hi, 300);
        assert!(
            (mean - qmean).abs() <= 0.25 * qsd,
            "{fit:?}: integrator mean {mean} vs quadrature {qmean} (sd {qsd}); {} samples, {} skipped",
            post.samples,
            post.skipped
        );
        assert!((0.8..=1.25).contains(&(sd / qsd)), "{fit:?}: sd {sd} vs quadrature {qsd}");
        // And the policer's capacity is where both put the critical load.
        assert!((mean.exp() / 1e6 - 1.0).abs() < 0.01, "{fit:?}: critical load {}", mean.exp());
    }
}

fn trial(load: f64, duration: f64, loss_ratio: f64) -> Trial {
    // As CSIT's script: int(load * duration) frames; the loss a whole count of them (so
    // the loads that follow from it match to 1e-7, not to the bit).
    let intended = (load * duration) as u64;
    let forwarded = intended - (intended as f64 * loss_ratio).round() as u64;
    Trial {
        intended_load: load,
        intended_duration: duration,
        intended_count: intended,
        offered_count: intended,
        forwarded_count: forwarded,
        duration_with_overheads: duration,
    }
}

#[test]
fn loads_are_chosen_as_csits_search_chooses_them() {
    // docs/research/plrsearch/plrsearch.md, section 3: CSIT's search() with scripted loss
    // ratios and stubbed (stretch, erf) estimates.
    let mut s = Search::new(Config::csit(1e6, 2e7)).unwrap();
    let loss = [1.0, 0.5, 0.01, 0.0, 0.0, 1e-6, 0.0, 0.0, 0.0, 2e-7, 0.0, 0.0];
    let stubs = [
        (9e6, 9.5e6),
        (8e6, 8.2e6),
        (9.1e6, 9.3e6),
        (9.6e6, 9.8e6),
        (9.7e6, 9.9e6),
        (9.2e6, 9.4e6),
        (9.3e6, 9.5e6),
        (9.35e6, 9.5e6),
        (9.4e6, 9.6e6),
        (9.3e6, 9.45e6),
        (9.31e6, 9.46e6),
    ];
    let want = [
        (5.1000000000000005, 10500000.0),
        (5.2, 20000000.0),
        (5.300000000000001, 10000001.000000099),
        (5.4, 9900001.980000295),
        (5.5, 9850000.500000048),
        (5.6000000000000005, 9933334.000000065),
        (5.7, 9300000.0),
        (5.800000000000001, 9666667.000000034),
        (5.9, 9763889.333333377),
        (6.0, 9846667.200000051),
        (6.1000000000000005, 9375000.0),
        (6.2, 9615833.600000026),
    ];
    let stub = |load: f64| Posterior {
        value: Dual { primary: integrator::Scalar { average: load.ln(), ..Default::default() }, ..Default::default() },
        focus: Focus::default(),
        samples: 0,
        skipped: 0,
    };
    for (k, (s_avg, e_avg)) in stubs.into_iter().enumerate() {
        let n = s.next();
        assert_eq!(n.number, k as u64 + 1);
        close(n.duration, want[k].0, 1e-15, "duration");
        close(n.load, want[k].1, 1e-7, &format!("load of trial {}", k + 1));
        let e = s.record(&trial(n.load, n.duration, loss[k]), [&stub(s_avg), &stub(e_avg)]);
        close(e.stretch, s_avg, 1e-12, "stretch");
    }
    close(s.next().load, want[11].1, 1e-7, "load of trial 12");
}

#[test]
fn bad_configs_are_named() {
    assert!(Search::new(Config { min_load: 0.0, ..Config::csit(1.0, 2.0) }).is_err());
    assert!(Search::new(Config { target: 1.5, ..Config::csit(1.0, 2.0) }).is_err());
    assert!(Search::new(Config { step: f64::NAN, ..Config::csit(1.0, 2.0) }).is_err());
}
