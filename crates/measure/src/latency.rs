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
}
