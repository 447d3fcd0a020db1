//! Latency of one stream: min, mean, max, the largest since the last window, RFC 3550
//! interarrival jitter, and an HDR histogram (ns, 3 significant digits).

use hdrhistogram::Histogram;
use serde::{Deserialize, Serialize};

/// One stream's latency record.
#[derive(Clone, Debug)]
pub struct Latency {
    hist: Histogram<u64>,
    min: u64,
    max: u64,
    sum: u128,
    window_max: u64,
    /// RFC 3550 smoothed jitter, ns (J += (|D| - J) / 16).
    jitter: f64,
    last_transit: Option<i64>,
    /// Receive times before their transmit time (clocks not comparable): not recorded.
    pub negative: u64,
}

impl Default for Latency {
    fn default() -> Self {
        // 3 significant digits, auto-resizing: any latency from 1 ns up is kept, and a
        // stream pays only for the range it sees (~64 KiB up to 65 us).
        #[allow(clippy::expect_used)]
        let hist = Histogram::new(3).expect("3 significant digits is a valid precision");
        Latency { hist, min: u64::MAX, max: 0, sum: 0, window_max: 0, jitter: 0.0, last_transit: None, negative: 0 }
    }
}

/// What [`Latency::summary`] reports, ns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LatencySummary {
    /// Packets measured.
    pub count: u64,
    /// Smallest.
    pub min_ns: u64,
    /// Mean.
    pub mean_ns: f64,
    /// Largest.
    pub max_ns: u64,
    /// Largest since the previous window was taken.
    pub window_max_ns: u64,
    /// RFC 3550 interarrival jitter.
    pub jitter_ns: f64,
    /// Percentiles.
    pub p50_ns: u64,
    /// 90th percentile.
    pub p90_ns: u64,
    /// 99th.
    pub p99_ns: u64,
    /// 99.9th.
    pub p999_ns: u64,
    /// 99.99th.
    pub p9999_ns: u64,
}

impl Latency {
    /// Records a packet sent at `tx_ns` and received at `rx_ns` (one clock).
    #[inline]
    pub fn record(&mut self, tx_ns: u64, rx_ns: u64) {
        let transit = rx_ns as i64 - tx_ns as i64;
        if transit < 0 {
            self.negative += 1;
            return;
        }
        if let Some(last) = self.last_transit {
            let d = (transit - last).unsigned_abs() as f64;
            self.jitter += (d - self.jitter) / 16.0;
        }
        self.last_transit = Some(transit);
        let t = transit as u64;
        // Auto-resizing: the histogram grows to the largest latency seen, no further.
        let _ = self.hist.record(t.max(1));
        self.min = self.min.min(t);
        self.max = self.max.max(t);
        self.window_max = self.window_max.max(t);
        self.sum += u128::from(t);
    }

    /// Packets recorded.
    pub fn count(&self) -> u64 {
        self.hist.len()
    }

    /// The figures, and a new window for `window_max_ns`.
    pub fn summary(&mut self) -> LatencySummary {
        let s = self.peek();
        self.window_max = 0;
        s
    }

    /// The figures, leaving the window as it is.
    pub fn peek(&self) -> LatencySummary {
        let n = self.count();
        if n == 0 {
            return LatencySummary::default();
        }
        // A bucket reports its highest value (3 significant digits); no percentile lies
        // outside the exact min and max, so a constant delay reads exactly.
        let q = |p: f64| self.hist.value_at_quantile(p).clamp(self.min, self.max);
        LatencySummary {
            count: n,
            min_ns: self.min,
            mean_ns: self.sum as f64 / n as f64,
            max_ns: self.max,
            window_max_ns: self.window_max,
            jitter_ns: self.jitter,
            p50_ns: q(0.5),
            p90_ns: q(0.9),
            p99_ns: q(0.99),
            p999_ns: q(0.999),
            p9999_ns: q(0.9999),
        }
    }

    /// Adds another record of the same stream (received on another core). Jitter is
    /// the larger of the two (the smoothed estimate does not merge exactly).
    pub fn merge(&mut self, o: &Latency) {
        let _ = self.hist.add(&o.hist);
        self.min = self.min.min(o.min);
        self.max = self.max.max(o.max);
        self.window_max = self.window_max.max(o.window_max);
        self.sum += o.sum;
        self.jitter = self.jitter.max(o.jitter);
        self.negative += o.negative;
    }

    /// A record rebuilt from a report of it: its figures (`summary`) and its histogram
    /// (`hdr_base64`, [`encoded_base64`](Self::encoded_base64)'s), so that records of
    /// the same stream from several generators merge ([`merge`](Self::merge)). The sum
    /// comes from the mean (exact to the mean's precision); the jitter is the report's.
    pub fn decode(summary: &LatencySummary, hdr_base64: &str) -> Result<Latency, String> {
        use base64::Engine as _;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(hdr_base64.trim())
            .map_err(|e| format!("the histogram is not base64: {e}"))?;
        let hist: Histogram<u64> = hdrhistogram::serialization::Deserializer::new()
            .deserialize(&mut &bytes[..])
            .map_err(|e| format!("the histogram does not decode (HdrHistogram V2): {e:?}"))?;
        if hist.len() != summary.count {
            return Err(format!("the histogram counts {} packets, its summary {}", hist.len(), summary.count));
        }
        let mut l = Latency::default();
        let _ = l.hist.add(&hist);
        if summary.count > 0 {
            l.min = summary.min_ns;
            l.max = summary.max_ns;
            l.sum = (summary.mean_ns * summary.count as f64).round() as u128;
        }
        l.window_max = summary.window_max_ns;
        l.jitter = summary.jitter_ns;
        Ok(l)
    }

    /// [`encoded`](Self::encoded) in base64: one line of an HdrHistogram interval log
    /// (`HISTFAAA...`), what `HdrHistogram.decode` in Java and Python reads.
    pub fn encoded_base64(&self) -> String {
        use base64::Engine as _;
        base64::engine::general_purpose::STANDARD.encode(self.encoded())
    }

    /// The histogram as TRex's server reports a latency group's (`hdrh`, with its
    /// `--hdrh`): microseconds, each latency truncated as TRex's `(int64_t)(dt * 1e6)`,
    /// tracked from 1 µs to 10 s at 3 significant digits (its `hdr_init(1, 10000000, 3)`),
    /// V2 + deflate in base64 as its `hdr_log_encode`. A latency past 10 s counts at 10 s
    /// (TRex's record drops it; here the count stays the packets measured).
    pub fn trex_hdrh(&self) -> String {
        use base64::Engine as _;
        #[allow(clippy::expect_used)]
        let mut us: Histogram<u64> =
            Histogram::new_with_bounds(1, TREX_HDRH_MAX_US, 3).expect("TRex's bounds are a valid histogram");
        for (ns, n) in self.recorded() {
            let _ = us.record_n((ns / 1000).min(TREX_HDRH_MAX_US), n);
        }
        let mut out = Vec::new();
        use hdrhistogram::serialization::Serializer;
        if hdrhistogram::serialization::V2DeflateSerializer::new().serialize(&us, &mut out).is_err() {
            out.clear();
        }
        base64::engine::general_purpose::STANDARD.encode(out)
    }

    /// TRex's own latency histogram (a latency group's `histogram`): key 0 counts the
    /// latencies under 10 µs, and the rest fall in buckets by their leading digit in
    /// five decades of 10 µs: key 10 holds 10-19 µs, 20 holds 20-29 µs, ..., 100 holds
    /// 100-199 µs, up to 900,000 for 900-999 ms. From 1 s up TRex counts nowhere
    /// (`CTimeHistogram::Add`), and neither does this. Only keys with counts appear; a
    /// latency within the histogram's precision (3 significant digits) of an edge may
    /// fall on either side of it.
    pub fn trex_histogram(&self) -> std::collections::BTreeMap<u64, u64> {
        let mut out = std::collections::BTreeMap::new();
        for (ns, n) in self.recorded() {
            if let Some(key) = trex_bucket(ns / 1000) {
                *out.entry(key).or_insert(0) += n;
            }
        }
        out
    }

    /// Each recorded bucket's middle value (ns; within the exact min and max) and its
    /// count: the estimate of its latencies that is neither high nor low on average.
    fn recorded(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.hist
            .iter_recorded()
            .map(|v| (self.hist.median_equivalent(v.value_iterated_to()).clamp(self.min, self.max), v.count_at_value()))
    }

    /// The histogram in HdrHistogram's V2 + deflate encoding (what `hdrhistogram`
    /// readers, Python's included, decode).
    pub fn encoded(&self) -> Vec<u8> {
        let mut out = Vec::new();
        use hdrhistogram::serialization::Serializer;
        let mut ser = hdrhistogram::serialization::V2DeflateSerializer::new();
        match ser.serialize(&self.hist, &mut out) {
            Ok(_) => out,
            Err(_) => Vec::new(),
        }
    }
}

/// The largest latency TRex's HDR histogram tracks, µs (10 s).
const TREX_HDRH_MAX_US: u64 = 10_000_000;

/// The key of TRex's latency histogram bucket for `us` microseconds
/// (`CTimeHistogram::Add`: five decades of 10 µs units, by the leading digit), 0 under
/// 10 µs, none from 1 s up.
fn trex_bucket(us: u64) -> Option<u64> {
    if us < 10 {
        return Some(0);
    }
    let (mut d, mut base) = (us / 10, 10);
    for _ in 0..5 {
        if d < 10 {
            return Some(base * d);
        }
        d /= 10;
        base *= 10;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_rebuilt_from_their_reports_merge_as_the_records_do() {
        let (mut a, mut b) = (Latency::default(), Latency::default());
        for i in 0..1000u64 {
            a.record(0, 10_000 + i * 7);
            b.record(0, 50_000 + i * 13);
        }
        let (sa, sb) = (a.peek(), b.peek());
        let mut ra = Latency::decode(&sa, &a.encoded_base64()).unwrap();
        let rb = Latency::decode(&sb, &b.encoded_base64()).unwrap();
        assert_eq!(ra.peek(), sa);
        ra.merge(&rb);
        a.merge(&b);
        let (got, want) = (ra.peek(), a.peek());
        assert_eq!(
            (got.count, got.min_ns, got.max_ns, got.p50_ns, got.p99_ns),
            (2000, 10_000, 62_987, want.p50_ns, want.p99_ns)
        );
        assert!((got.mean_ns - want.mean_ns).abs() < 1e-6);
        let mut wrong = sa;
        wrong.count = 5;
        assert!(Latency::decode(&wrong, &a.encoded_base64()).unwrap_err().contains("counts"));
        assert!(Latency::decode(&sa, "not base64!").is_err());
    }

    #[test]
    fn the_base64_histogram_decodes_to_the_same_counts() {
        use base64::Engine as _;
        let mut l = Latency::default();
        for i in 0..1000u64 {
            l.record(0, 10_000 + i * 7);
        }
        let bytes = base64::engine::general_purpose::STANDARD.decode(l.encoded_base64()).unwrap();
        let mut de = hdrhistogram::serialization::Deserializer::new();
        let h: Histogram<u64> = de.deserialize(&mut &bytes[..]).unwrap();
        assert_eq!(h.len(), 1000);
        assert_eq!(h.value_at_quantile(0.5), l.hist.value_at_quantile(0.5));
        assert_eq!(h.max(), l.hist.max());
    }

    #[test]
    fn a_constant_delay_is_exact_and_has_no_jitter() {
        let mut l = Latency::default();
        for i in 0..10_000u64 {
            l.record(i * 1000, i * 1000 + 50_000);
        }
        let s = l.summary();
        assert_eq!((s.count, s.min_ns, s.max_ns, s.mean_ns), (10_000, 50_000, 50_000, 50_000.0));
        // 3 significant digits: 50,000 is exactly representable.
        assert_eq!((s.p50_ns, s.p99_ns, s.p9999_ns), (50_000, 50_000, 50_000));
        assert_eq!(s.jitter_ns, 0.0);
        assert_eq!(l.summary().window_max_ns, 0, "the window restarts");
    }

    #[test]
    fn percentiles_jitter_and_merge() {
        let mut a = Latency::default();
        // Transit alternating 10 us and 20 us: |D| = 10 us, so J converges to 10 us.
        for i in 0..2000u64 {
            let d = if i % 2 == 0 { 10_000 } else { 20_000 };
            a.record(i * 100_000, i * 100_000 + d);
        }
        let s = a.peek();
        assert!((s.jitter_ns - 10_000.0).abs() < 1.0, "{s:?}");
        assert!(s.p50_ns >= 9_990 && s.p50_ns <= 10_010, "{s:?}");
        assert!(s.p90_ns >= 19_980 && s.p90_ns <= 20_020, "{s:?}");
        let mut b = Latency::default();
        b.record(0, 1_000_000);
        b.record(5, 1);
        a.merge(&b);
        let m = a.peek();
        assert_eq!((m.count, m.max_ns, a.negative), (2001, 1_000_000, 1));
        assert!(!a.encoded().is_empty());
    }

    #[test]
    fn trex_histograms_bucket_and_encode_as_trex_server_does() {
        let mut l = Latency::default();
        // (latency ns, packets) and the TRex bucket each falls in.
        let cases = [
            (5_000, 3, 0),
            (15_000, 2, 10),
            (25_500, 1, 20),
            (150_000, 4, 100),
            (2_500_000, 1, 2_000),
            (950_000_000, 1, 900_000),
            (1_500_000_000, 1, u64::MAX),
        ];
        for &(ns, n, _) in &cases {
            for _ in 0..n {
                l.record(0, ns);
            }
        }
        let mut want = std::collections::BTreeMap::new();
        for &(_, n, key) in cases.iter().filter(|c| c.2 != u64::MAX) {
            *want.entry(key).or_insert(0u64) += n;
        }
        assert_eq!(l.trex_histogram(), want, "1.5 s is past TRex's five decades");
        assert_eq!(
            (trex_bucket(9), trex_bucket(10), trex_bucket(999_999), trex_bucket(1_000_000)),
            (Some(0), Some(10), Some(900_000), None)
        );
        use base64::Engine as _;
        let bytes = base64::engine::general_purpose::STANDARD.decode(l.trex_hdrh()).unwrap();
        let us: Histogram<u64> = hdrhistogram::serialization::Deserializer::new().deserialize(&mut &bytes[..]).unwrap();
        assert_eq!(us.len(), 13, "every packet, in microseconds");
        assert_eq!((us.min(), us.high(), us.sigfig()), (5, 10_000_000, 3));
        // 150 µs in a bucket 128 ns wide of the ns histogram: 149 or 150 µs, as the
        // true latencies under it would truncate.
        assert_eq!(us.count_between(149, 150), 4);
        assert!(us.equivalent(us.max(), 1_500_000), "{}", us.max());
    }
}
