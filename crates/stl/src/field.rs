//! The field engine: per-packet variables written into a frame, checksums fixed
//! incrementally.
//!
//! A stream's variables and writes are compiled once into a [`FieldEngine`], a flat
//! program run per packet by [`FieldEngine::apply`]:
//!
//! 1. every write stores `((value + add) << shift) & mask` of its variable into
//!    `size` big-endian bytes at `offset`, keeping the bits outside `mask`;
//! 2. for every write inside a checksummed region the one's complement change of
//!    the covered 16-bit words is accumulated (RFC 1624, eqn. 3:
//!    `HC' = ~(~HC + ~m + m')`);
//! 3. the IPv4 header and L4 checksums are updated once from their accumulators;
//! 4. every variable advances (so the first packet carries the initial values).
//!
//! Nothing is recomputed from scratch and nothing is allocated. Variables are
//! index-based walks over `min..=max` by `step`, which makes splitting them
//! across cores exact: core `k` of `n` walks its own contiguous share of the
//! indices ([`FieldEngine::split`]), so cores never emit the same value while
//! the range has at least `n` values.

use riptide_core::Rng;

/// How a variable changes from packet to packet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarKind {
    /// `min, min+step, ...`, wrapping within `min..=max` as TRex does (`max + step` goes to
    /// `min + step - (max - min + 1)`): 1..=10 by 4 gives 1, 5, 9, 3, 7, 1, ...
    Inc,
    /// `max, max-step, ...`, wrapping within the range likewise.
    Dec,
    /// Uniform over `min..=max` on the `step` grid, seeded.
    Random,
    /// Cycles through a list of values.
    List(Vec<u64>),
    /// The packet's scheduled departure as wall-clock time, divided by this many
    /// nanoseconds (1e9: seconds, 1e3: microseconds of the second...) and taken
    /// modulo `modulo` (0: none). Set per packet by [`FieldEngine::apply`].
    Clock {
        /// Divisor in nanoseconds.
        div: u64,
        /// Modulus after dividing (0: none).
        modulo: u64,
    },
    /// TRex's random (`STLVmFlowVar(op="random")`): a draw a packet from TRex's generator,
    /// shared by every such variable of the program in its order and seeded from the
    /// stream's seed ([`FieldEngine::seed_trex`]), so a TRex profile with a `random_seed`
    /// sends TRex's values. `bytes` is the variable's size: 1- and 2-byte variables take one
    /// 15-bit draw modulo the range (a range wider than 32,768 values gets only its first
    /// 32,768, as in TRex), 4-byte ones two, 8-byte ones four.
    TrexRandom {
        /// The variable's size in bytes.
        bytes: u8,
    },
    /// TRex's random pick from a value list: `values[draw % len]`, one 15-bit draw.
    TrexRandomList(Vec<u64>),
    /// Client tuple: an address (`part` 0) and a port (`part` 1). The address
    /// varies fastest: `(ip_min, port_min), (ip_min+1, port_min), ...`.
    Tuple {
        /// First address.
        ip_min: u64,
        /// Number of addresses.
        ips: u64,
        /// First port.
        port_min: u64,
    },
}

/// TRex's field-engine generator (`fastrand`, the MSVC `rand` LCG): 15 bits a draw.
#[inline]
fn trex_rand16(seed: &mut u32) -> u64 {
    *seed = seed.wrapping_mul(214_013).wrapping_add(2_531_011);
    u64::from((*seed >> 16) & 0x7fff)
}

/// The first `limit` values of TRex's repeatable random variable
/// (`STLVmFlowVarRepeatableRandom`, the server's `flow_var_rand_limit`) of `size` bytes
/// over `min..=max` from `seed`: TRex restarts the generator from `seed` every `limit`
/// packets, so these values then repeat. 1- and 2-byte variables take one 15-bit draw
/// modulo the range; 4-byte ones two (`(a << 16) + b`), 8-byte ones two such pairs
/// (`(hi << 32) + lo`), as TRex's `vm_rand32` / `vm_rand64` (the earlier draw taken as
/// the high part).
pub fn trex_repeatable_random(size: u8, min: u64, max: u64, seed: u32, limit: usize) -> Vec<u64> {
    let mut s = seed;
    let span = (max - min).wrapping_add(1);
    (0..limit)
        .map(|_| {
            let r = match size {
                1 | 2 => trex_rand16(&mut s),
                4 => (trex_rand16(&mut s) << 16) + trex_rand16(&mut s),
                _ => {
                    let hi = (trex_rand16(&mut s) << 16) + trex_rand16(&mut s);
                    let lo = (trex_rand16(&mut s) << 16) + trex_rand16(&mut s);
                    (hi << 32).wrapping_add(lo)
                }
            };
            if span == 0 {
                r
            } else {
                min + r % span
            }
        })
        .collect()
}

/// TRex's `vm_rand32`: two draws, the first the high half.
#[inline]
fn trex_rand32(seed: &mut u32) -> u64 {
    let hi = trex_rand16(seed);
    (hi << 16) + trex_rand16(seed)
}

/// How a variable's walk is cut between cores (`--cores N`) and generators (segments):
/// see [`Var::split`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Split {
    /// Each core a contiguous share of the walk (riptide's default): cores never send
    /// the same value while the range has at least one value per core.
    #[default]
    Share,
    /// TRex's `split_to_cores`: core k of N takes every N-th value of the one-core walk,
    /// from the k-th on, so N cores interleaved send what one core would; a repeatable
    /// random takes TRex's per-core seed and share of its limit.
    Interleave,
    /// Every core walks every value (TRex's `split_to_cores=False`).
    Whole,
}

/// What TRex's repeatable random was made from, for its per-core split.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Repeatable {
    size: u8,
    min: u64,
    max: u64,
    seed: u32,
    limit: u64,
}

/// A compiled variable.
#[derive(Clone, Debug)]
pub struct Var {
    kind: VarKind,
    min: u64,
    /// `max - min + 1` (0 stands for 2^64).
    size: u64,
    step: u64,
    /// Index range owned by this core: `lo..=hi`.
    lo: u64,
    hi: u64,
    idx: u64,
    rng: Rng,
    /// An inc (dec) walk's offset from `min` (`max`) of its step grid.
    origin: u64,
    /// Current output(s): `[value]` or `[ip, port]` for tuples.
    out: [u64; 2],
    /// Packets each value is held for (pktgen's `flowlen`); 1: change every packet.
    hold: u64,
    held: u64,
    /// The variable that takes its next value when this one wraps around (TRex's
    /// `next_var`): an index into the program's variables.
    next: Option<u16>,
    /// Moved only by the variable whose `next` it is, never per packet on its own.
    chained: bool,
    /// Whether TRex's program runs this variable on the first packet (a chained one only
    /// when its predecessors wrapped there).
    runs_first: bool,
    split: Split,
    /// A repeatable random's parameters (its values are a list).
    repeatable: Option<Box<Repeatable>>,
}

/// A variable whose description cannot be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VarError {
    /// `min` is above `max`.
    #[error("min ({min}) is greater than max ({max})")]
    EmptyRange {
        /// Lower bound.
        min: u64,
        /// Upper bound.
        max: u64,
    },
    /// A list variable without values.
    #[error("a value list needs at least one value")]
    EmptyList,
    /// The initial value is not on the walk.
    #[error("init value {init} is not in min..=max (on the step grid from min, for a random walk)")]
    BadInit {
        /// The value given.
        init: u64,
    },
    /// A value does not fit the variable's size.
    #[error("value {value} does not fit in {size} byte(s)")]
    TooWide {
        /// The value.
        value: u64,
        /// Variable size in bytes.
        size: u8,
    },
}

impl Var {
    /// A walk over `min..=max` by `step` (`Inc`, `Dec` or `Random`), starting at `init`
    /// (default: `min` for `Inc` and `Random`, `max` for `Dec`).
    pub fn range(kind: VarKind, min: u64, max: u64, step: u64, init: Option<u64>, seed: u64) -> Result<Var, VarError> {
        if min > max {
            return Err(VarError::EmptyRange { min, max });
        }
        let size = (max - min).wrapping_add(1);
        let span = if size == 0 { 1u128 << 64 } else { u128::from(size) };
        let walk = matches!(kind, VarKind::Inc | VarKind::Dec);
        let step = if walk { (u128::from(step.max(1)) % span).max(1) as u64 } else { step.max(1) };
        // Inc and Dec wrap within the range, so they visit span / gcd(span, step) values;
        // a random variable draws from the step grid from min.
        let last = if walk { (span / gcd(span, u128::from(step)) - 1) as u64 } else { (max - min) / step };
        let mut v = Var {
            kind,
            min,
            size,
            step,
            origin: 0,
            lo: 0,
            hi: last,
            idx: 0,
            rng: Rng::new(seed),
            out: [0; 2],
            hold: 1,
            held: 0,
            next: None,
            chained: false,
            runs_first: true,
            split: Split::Share,
            repeatable: None,
        };
        v.idx = match (init, &v.kind) {
            // An inc or dec walk may start off the step grid from its end (TRex's
            // init_value is any value of the range): it then walks init's grid.
            (Some(i), VarKind::Dec) => {
                if i < min || i > max {
                    return Err(VarError::BadInit { init: i });
                }
                v.origin = (max - i) % step;
                last - (max - i) / step
            }
            (Some(i), VarKind::Inc) => {
                if i < min || i > max {
                    return Err(VarError::BadInit { init: i });
                }
                v.origin = (i - min) % step;
                (i - min) / step
            }
            (Some(i), _) => {
                if i < min || i > max || !(i - min).is_multiple_of(step) {
                    return Err(VarError::BadInit { init: i });
                }
                (i - min) / step
            }
            (None, VarKind::Dec) => last,
            // A random walk starts anywhere, not at min.
            (None, VarKind::Random) => v.rng.below(last.wrapping_add(1)),
            _ => 0,
        };
        v.refresh();
        Ok(v)
    }

    /// Cycles through `values`.
    pub fn list(values: Vec<u64>) -> Result<Var, VarError> {
        Var::list_by(values, 1)
    }

    /// Walks `values` by `step` positions a packet (TRex's value list with a step):
    /// `values[0], values[step], values[2 * step], ...` modulo the list's length, until
    /// the walk is back at the first value.
    pub fn list_by(values: Vec<u64>, step: u64) -> Result<Var, VarError> {
        if values.is_empty() {
            return Err(VarError::EmptyList);
        }
        let n = values.len() as u64;
        let step = step % n;
        let values = if step == 0 || n == 1 {
            // A step of the list's length stays on the first value, as TRex's modulo does.
            vec![values[0]]
        } else if step == 1 {
            values
        } else {
            let period = n / gcd(u128::from(n), u128::from(step)) as u64;
            (0..period).map(|k| values[((k * step) % n) as usize]).collect()
        };
        let hi = values.len() as u64 - 1;
        let mut v = Var::index_walk(VarKind::List(values), hi);
        v.refresh();
        Ok(v)
    }

    /// A client tuple generator over `ip_min..=ip_max` x `port_min..=port_max`, starting
    /// over after `limit` tuples when that is fewer (TRex's `limit_flows`).
    pub fn tuple(ip_min: u64, ip_max: u64, port_min: u64, port_max: u64, limit: Option<u64>) -> Result<Var, VarError> {
        if ip_min > ip_max {
            return Err(VarError::EmptyRange { min: ip_min, max: ip_max });
        }
        if port_min > port_max {
            return Err(VarError::EmptyRange { min: port_min, max: port_max });
        }
        let ips = ip_max - ip_min + 1;
        let ports = port_max - port_min + 1;
        let limit = u128::from(limit.unwrap_or(u64::MAX).max(1));
        let hi = ((ips as u128 * ports as u128).min(limit) - 1).min(u64::MAX as u128) as u64;
        let mut v = Var::index_walk(VarKind::Tuple { ip_min, ips, port_min }, hi);
        v.refresh();
        Ok(v)
    }

    /// TRex's random over `min..=max` for a `bytes`-byte variable (see
    /// [`VarKind::TrexRandom`]); its values come once the program is seeded.
    pub fn trex_random(bytes: u8, min: u64, max: u64) -> Result<Var, VarError> {
        if min > max {
            return Err(VarError::EmptyRange { min, max });
        }
        let mut v = Var::index_walk(VarKind::TrexRandom { bytes }, 0);
        v.min = min;
        v.size = (max - min).wrapping_add(1);
        v.out[0] = min;
        Ok(v)
    }

    /// TRex's random pick from `values` (see [`VarKind::TrexRandomList`]).
    pub fn trex_random_list(values: Vec<u64>) -> Result<Var, VarError> {
        if values.is_empty() {
            return Err(VarError::EmptyList);
        }
        let first = values[0];
        let mut v = Var::index_walk(VarKind::TrexRandomList(values), 0);
        v.out[0] = first;
        Ok(v)
    }

    /// Whether the value comes from TRex's shared generator.
    fn is_trex_random(&self) -> bool {
        matches!(self.kind, VarKind::TrexRandom { .. } | VarKind::TrexRandomList(_))
    }

    /// Draws this variable's next value from TRex's generator state `seed`, as TRex's
    /// `run_rand` does.
    #[inline]
    fn draw(&mut self, seed: &mut u32) {
        self.out[0] = match &self.kind {
            VarKind::TrexRandom { bytes } => {
                let r = match bytes {
                    1 | 2 => trex_rand16(seed),
                    4 => trex_rand32(seed),
                    _ => {
                        let hi = trex_rand32(seed);
                        (hi << 32).wrapping_add(trex_rand32(seed))
                    }
                };
                if self.size == 0 {
                    r
                } else {
                    self.min + r % self.size
                }
            }
            VarKind::TrexRandomList(values) => values[(trex_rand16(seed) % values.len() as u64) as usize],
            _ => return,
        };
    }

    /// The departure clock (see [`VarKind::Clock`]).
    pub fn clock(div: u64, modulo: u64) -> Var {
        Var::index_walk(VarKind::Clock { div: div.max(1), modulo }, 0)
    }

    /// A walk over the indices `0..=hi` starting at 0, one step per packet.
    fn index_walk(kind: VarKind, hi: u64) -> Var {
        Var {
            kind,
            min: 0,
            size: 0,
            step: 1,
            origin: 0,
            lo: 0,
            hi,
            idx: 0,
            rng: Rng::new(0),
            out: [0; 2],
            hold: 1,
            held: 0,
            next: None,
            chained: false,
            runs_first: true,
            split: Split::Share,
            repeatable: None,
        }
    }

    /// The value at walk index `idx` of an `Inc` / `Dec` / `Random` variable.
    fn at(&self, idx: u64) -> u64 {
        let span = if self.size == 0 { 1u128 << 64 } else { u128::from(self.size) };
        match self.kind {
            VarKind::Inc => self
                .min
                .wrapping_add(((u128::from(self.origin) + u128::from(idx) * u128::from(self.step)) % span) as u64),
            VarKind::Dec => {
                // Index `hi` is max (less the origin); each index below one step further
                // down, wrapping.
                let back = (u128::from(self.origin) + u128::from(self.hi_full() - idx) * u128::from(self.step)) % span;
                self.min.wrapping_add((span - 1 - back) as u64)
            }
            _ => self.min.wrapping_add(idx.wrapping_mul(self.step)),
        }
    }

    /// The last index of the whole walk (before splitting): the period less one.
    fn hi_full(&self) -> u64 {
        let span = if self.size == 0 { 1u128 << 64 } else { u128::from(self.size) };
        (span / gcd(span, u128::from(self.step)) - 1) as u64
    }

    /// When this variable wraps around, variable `next` of the program takes its next
    /// value, and only then (TRex's `next_var`: an odometer). See [`FieldEngine::new`]
    /// for the first packet.
    pub fn with_next(mut self, next: u16) -> Var {
        self.next = Some(next);
        self
    }

    /// The variable this one moves when it wraps.
    pub fn next(&self) -> Option<u16> {
        self.next
    }

    /// Whether this value was reached by wrapping around (TRex's test, taken on the step
    /// that led to it): an inc walk within one step above `min`, a dec walk within one
    /// step below `max`, a list at its first value.
    fn reached_by_wrap(&self) -> bool {
        let rel = self.out[0].wrapping_sub(self.min);
        match self.kind {
            VarKind::Inc => rel < self.step,
            VarKind::Dec => self.size.wrapping_sub(1).wrapping_sub(rel) < self.step,
            VarKind::List(_) | VarKind::Tuple { .. } => self.idx == self.lo,
            VarKind::Random | VarKind::Clock { .. } | VarKind::TrexRandom { .. } | VarKind::TrexRandomList(_) => true,
        }
    }

    /// Steps back once: the value one [`advance`](Self::advance) leads from to this one.
    fn retreat(&mut self) {
        match self.kind {
            VarKind::Random | VarKind::Clock { .. } | VarKind::TrexRandom { .. } | VarKind::TrexRandomList(_) => return,
            VarKind::Dec => self.idx = if self.idx >= self.hi { self.lo } else { self.idx + 1 },
            _ => self.idx = if self.idx <= self.lo { self.hi } else { self.idx - 1 },
        }
        self.refresh();
    }

    /// Holds each value for `packets` packets (at least 1) before moving on.
    pub fn with_hold(mut self, packets: u64) -> Var {
        self.hold = packets.max(1);
        self
    }

    /// Packets before this variable's walk repeats (on the walk it has now: compiled,
    /// before any split); None for random and clock variables and for held values.
    pub fn cycle(&self) -> Option<u64> {
        match self.kind {
            VarKind::Random | VarKind::Clock { .. } | VarKind::TrexRandom { .. } | VarKind::TrexRandomList(_) => None,
            _ if self.hold > 1 => None,
            _ => self.hi.checked_sub(self.lo)?.checked_add(1),
        }
    }

    /// Whether the walk wraps exactly once before it repeats (a step that divides the
    /// range, a list): then a chain it heads is an odometer.
    fn wraps_once_a_cycle(&self) -> bool {
        match self.kind {
            VarKind::Inc | VarKind::Dec => {
                let span = if self.size == 0 { 1u128 << 64 } else { u128::from(self.size) };
                self.hold == 1 && span % u128::from(self.step) == 0
            }
            VarKind::List(_) | VarKind::Tuple { .. } => self.hold == 1,
            _ => false,
        }
    }

    /// Whether this is a departure-clock variable.
    pub fn is_clock(&self) -> bool {
        matches!(self.kind, VarKind::Clock { .. })
    }

    /// TRex's repeatable random (`STLVmFlowVarRepeatableRandom`): the first `limit`
    /// values of [`trex_repeatable_random`] over and over.
    pub fn repeatable_random(size: u8, min: u64, max: u64, seed: u32, limit: u64) -> Result<Var, VarError> {
        if min > max {
            return Err(VarError::EmptyRange { min, max });
        }
        let mut v = Var::list(trex_repeatable_random(size, min, max, seed, limit as usize))?;
        v.repeatable = Some(Box::new(Repeatable { size, min, max, seed, limit }));
        Ok(v)
    }

    /// How [`split`](Self::split) cuts this variable's walk between cores.
    pub fn with_split(mut self, split: Split) -> Var {
        self.split = split;
        self
    }

    /// Restricts this variable to core `index` of `count`, as its [`Split`] says:
    /// a contiguous share of its walk (random variables get an independent seed
    /// instead), every `count`-th value from the `index`-th, or all of it.
    pub fn split(&mut self, index: usize, count: usize) {
        let done = match self.split {
            Split::Whole => true,
            Split::Interleave => count > 1 && self.interleave(index as u64, count as u64),
            Split::Share => false,
        };
        if !done {
            self.share(index, count);
        }
    }

    /// TRex's split of a variable (its server's `update(phase, step_mul)`): core
    /// `index` of `count` starts `index` values along the one-core walk and moves
    /// `count` values a packet. False where the walk has no such split (a random, held
    /// or tuple variable): it is shared instead.
    fn interleave(&mut self, index: u64, count: u64) -> bool {
        if self.hold > 1 {
            return false;
        }
        if let Some(r) = &self.repeatable {
            // TRex: seed * ((phase + 1) * 514229), and core 0 also takes the limit's remainder.
            let seed = r.seed.wrapping_mul((index.wrapping_add(1).wrapping_mul(514_229)) as u32);
            let mut limit = r.limit / count;
            if index == 0 {
                limit += r.limit % count;
            }
            let values = trex_repeatable_random(r.size, r.min, r.max, seed, limit.max(1) as usize);
            return self.rewalk(Var::list(values));
        }
        match &self.kind {
            VarKind::Inc | VarKind::Dec => {
                let mut at = self.clone();
                for _ in 0..index {
                    at.advance();
                }
                let start = at.out[0];
                let span = if self.size == 0 { 1u128 << 64 } else { u128::from(self.size) };
                let stride = (u128::from(self.step) * u128::from(count) % span) as u64;
                let walk = if stride == 0 {
                    Var::list(vec![start])
                } else {
                    let max = self.min.wrapping_add(self.size.wrapping_sub(1));
                    Var::range(self.kind.clone(), self.min, max, stride, Some(start), 0)
                };
                self.rewalk(walk)
            }
            VarKind::List(values) => {
                // Over the whole list (a list is split before anything restricts it),
                // `count` places a packet, wrapping (and moving a next variable) each time
                // the walk passes the list's end, as TRex's stepped walk does.
                let n = values.len() as u64;
                let start = (self.idx + index) % n;
                if count.is_multiple_of(n) {
                    // Back at the same place every packet: one value, wrapping every time.
                    return self.rewalk(Var::list(vec![values[start as usize]]));
                } else {
                    self.idx = start;
                    self.step = count % n;
                    self.refresh();
                }
                true
            }
            _ => false,
        }
    }

    /// Takes `walk`'s values, keeping this variable's place in its program; false (and
    /// nothing changed) when there is no such walk.
    fn rewalk(&mut self, walk: Result<Var, VarError>) -> bool {
        let Ok(walk) = walk else { return false };
        self.kind = walk.kind;
        self.min = walk.min;
        self.size = walk.size;
        self.step = walk.step;
        self.lo = walk.lo;
        self.hi = walk.hi;
        self.idx = walk.idx;
        self.origin = walk.origin;
        self.out = walk.out;
        true
    }

    /// A contiguous share of the walk for core `index` of `count` (random variables get
    /// an independent seed instead).
    fn share(&mut self, index: usize, count: usize) {
        let count = count.max(1) as u128;
        let index = index as u128 % count;
        let n = (self.hi - self.lo) as u128 + 1;
        if self.is_trex_random() {
            // Each core's generator diverges at the program (FieldEngine::split).
        } else if let VarKind::Random = self.kind {
            self.rng = Rng::new(self.rng.next_u64() ^ (index as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93));
            // Each core's first value from its own generator too, not the shared draw.
            self.idx = self.lo + self.rng.below((self.hi - self.lo).wrapping_add(1));
        } else if n >= count {
            let lo = self.lo as u128 + index * n / count;
            let hi = self.lo as u128 + (index + 1) * n / count - 1;
            // How far the walk is from where it starts (an inc walk at its lowest index,
            // a dec walk at its highest): each share starts as far along its own.
            let offset = match self.kind {
                VarKind::Dec => self.hi - self.idx,
                _ => self.idx.saturating_sub(self.lo),
            } as u128;
            self.lo = lo as u64;
            self.hi = hi as u64;
            self.idx = match self.kind {
                VarKind::Dec => (hi - offset % (hi - lo + 1)) as u64,
                _ => (lo + offset % (hi - lo + 1)) as u64,
            };
        } else {
            // Fewer values than cores: each core keeps one value.
            let i = self.lo + (index % n) as u64;
            self.lo = i;
            self.hi = i;
            self.idx = i;
        }
        self.refresh();
    }

    /// The current output value (`part` 1 is a tuple's port).
    #[inline]
    pub fn value(&self, part: usize) -> u64 {
        self.out[part & 1]
    }

    #[inline]
    fn refresh(&mut self) {
        match &self.kind {
            VarKind::Inc | VarKind::Dec | VarKind::Random => self.out[0] = self.at(self.idx),
            VarKind::List(values) => self.out[0] = values.get(self.idx as usize).copied().unwrap_or(0),
            VarKind::Tuple { ip_min, ips, port_min } => {
                self.out[0] = ip_min + self.idx % ips;
                self.out[1] = port_min + self.idx / ips;
            }
            VarKind::Clock { .. } | VarKind::TrexRandom { .. } | VarKind::TrexRandomList(_) => {}
        }
    }

    /// Moves to the next value; true when the walk wrapped around on the way (an inc
    /// walk past `max`, a dec walk past `min`, a list or tuple back at its start, a
    /// random draw every time), which moves the variable's `next`.
    #[inline]
    pub fn advance(&mut self) -> bool {
        if self.hold > 1 {
            self.held += 1;
            if self.held < self.hold {
                return false;
            }
            self.held = 0;
        }
        let before = self.out[0];
        match self.kind {
            // The walks move by one step, wrapping within the range, without a division
            // per packet; back to the start of this core's share, the value is recomputed.
            VarKind::Inc => {
                if self.idx >= self.hi {
                    self.idx = self.lo;
                    self.out[0] = self.at(self.lo);
                } else {
                    self.idx += 1;
                    // rel in 0..size; past the top it wraps to the bottom (size 0 is 2^64).
                    let rel = self.out[0].wrapping_sub(self.min);
                    let to_top = self.size.wrapping_sub(1).wrapping_sub(rel);
                    let next = if self.step > to_top { self.step - to_top - 1 } else { rel + self.step };
                    self.out[0] = self.min.wrapping_add(next);
                }
            }
            VarKind::Dec => {
                if self.idx <= self.lo {
                    self.idx = self.hi;
                    self.out[0] = self.at(self.hi);
                } else {
                    self.idx -= 1;
                    let rel = self.out[0].wrapping_sub(self.min);
                    let next = if self.step > rel {
                        self.size.wrapping_sub(1).wrapping_sub(self.step - rel - 1)
                    } else {
                        rel - self.step
                    };
                    self.out[0] = self.min.wrapping_add(next);
                }
            }
            VarKind::Random => {
                let n = (self.hi - self.lo).wrapping_add(1);
                self.idx = self.lo + self.rng.below(n);
                self.out[0] = self.min.wrapping_add(self.idx.wrapping_mul(self.step));
            }
            // The program draws these from its shared generator (FieldEngine::apply).
            VarKind::TrexRandom { .. } | VarKind::TrexRandomList(_) => return true,
            // A list interleaved between cores (`interleave`) moves `step` places.
            VarKind::List(_) if self.step > 1 => {
                self.idx += self.step;
                let wrapped = self.idx > self.hi;
                if wrapped {
                    self.idx -= self.hi - self.lo + 1;
                }
                self.refresh();
                return wrapped;
            }
            _ => {
                self.idx = if self.idx >= self.hi { self.lo } else { self.idx + 1 };
                self.refresh();
                return self.idx == self.lo;
            }
        }
        match self.kind {
            VarKind::Inc => self.out[0] <= before,
            VarKind::Dec => self.out[0] >= before,
            _ => true,
        }
    }
}

impl Var {
    /// The values of the next `out0.len()` packets (`out1`: a tuple's ports, at least as
    /// long), advancing as many times as [`advance`](Self::advance) would: the walks of
    /// the common kinds in tight loops, the others one step at a time.
    #[inline]
    fn fill(&mut self, out0: &mut [u64], out1: &mut [u64]) {
        match self.kind {
            VarKind::Inc if self.hold == 1 && self.size != 0 => {
                let (lo, hi, min, step, size) = (self.lo, self.hi, self.min, self.step, self.size);
                let (mut idx, mut cur) = (self.idx, self.out[0]);
                for x in out0.iter_mut() {
                    *x = cur;
                    if idx >= hi {
                        idx = lo;
                        cur = self.at(lo);
                    } else {
                        idx += 1;
                        let rel = cur.wrapping_sub(min);
                        let to_top = size.wrapping_sub(1).wrapping_sub(rel);
                        let next = if step > to_top { step - to_top - 1 } else { rel + step };
                        cur = min.wrapping_add(next);
                    }
                }
                self.idx = idx;
                self.out[0] = cur;
            }
            VarKind::Random if self.hold == 1 => {
                let (lo, min, step) = (self.lo, self.min, self.step);
                let n = (self.hi - lo).wrapping_add(1);
                let mut cur = self.out[0];
                let mut idx = self.idx;
                for x in out0.iter_mut() {
                    *x = cur;
                    idx = lo + self.rng.below(n);
                    cur = min.wrapping_add(idx.wrapping_mul(step));
                }
                self.idx = idx;
                self.out[0] = cur;
            }
            _ => {
                for (a, b) in out0.iter_mut().zip(out1.iter_mut()) {
                    (*a, *b) = (self.out[0], self.out[1]);
                    let _ = self.advance();
                }
            }
        }
    }
}

/// Checksums a program keeps right, at most: an IPv4 header and an L4 checksum for the
/// outer packet and for one tunnel's inner packet (VXLAN, Geneve, GRE, GTP-U).
pub const SLOTS: usize = 4;

/// How a write's change counts in each checksum of [`ChecksumFields`] (slot by slot): 0
/// (not covered), 1, 2 (UDP's length, in its header and its pseudo-header) or negative.
/// An outer L4 checksum covers the inner packet with its checksums, which absorb their
/// share of the change: its count is what they leave (an inner address moves the inner
/// IPv4 checksum by -d and the inner L4 one by -d, so the outer sum by d - d - d = -d).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage(pub [i8; SLOTS]);

impl Coverage {
    /// The write changes the first IPv4 header's checksum.
    pub fn ip(&self) -> bool {
        self.0[0] != 0
    }

    /// The write changes the first L4 checksum.
    pub fn l4(&self) -> bool {
        self.0[1] != 0
    }
}

/// One compiled write of a variable into the frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Write {
    /// Index of the variable.
    pub var: u16,
    /// Output of the variable (1 for a tuple's port).
    pub part: u8,
    /// Byte offset in the frame.
    pub offset: u16,
    /// Bytes written, 1 to 8, big-endian.
    pub size: u8,
    /// Bits of the `size`-byte field that the write replaces.
    pub mask: u64,
    /// Left shift of the value (negative: right shift) before masking.
    pub shift: i8,
    /// Added to the value before shifting.
    pub add: u64,
    /// Checksums to fix.
    pub coverage: Coverage,
}

/// Where the checksums to fix live in the frame: slots 0 and 1 are the outer packet's
/// IPv4 header and L4 checksums, 2 and 3 a tunnel's inner packet's. Programs are
/// evaluated slot by slot, independently ([`Coverage`] nets the nesting out).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChecksumFields {
    /// Offset of each slot's checksum, if kept.
    pub at: [Option<u16>; SLOTS],
    /// The slot's checksum is UDP's (a computed zero is sent as 0xFFFF).
    pub udp: [bool; SLOTS],
}

impl ChecksumFields {
    /// The outer IPv4 header checksum.
    pub fn ip(&self) -> Option<u16> {
        self.at[0]
    }

    /// The outer L4 (UDP/TCP/ICMP) checksum.
    pub fn l4(&self) -> Option<u16> {
        self.at[1]
    }

    /// The outer L4 checksum is UDP's.
    pub fn l4_is_udp(&self) -> bool {
        self.udp[1]
    }

    /// Slots in use: 2 without a tunnel's checksum, else 4 (the width of the columns
    /// [`FieldEngine::plan_run`] accumulates).
    fn width(&self) -> usize {
        if self.at[2..].iter().any(Option::is_some) {
            SLOTS
        } else {
            2
        }
    }
}

/// A negative count's change as a positive one: `NEG - d` is `-d` in one's complement for
/// any `d <= NEG` (a multiple of 0xffff). In 64 bits `d` is at most the 5 words an 8-byte
/// write touches, twice (old and new); in 32 bits 2 words.
const NEG64: u64 = 16 * 0xffff;
const NEG32: u32 = 4 * 0xffff;

/// A count as a multiplier and an addend: `d * mul + add` (wrapping) is `d` counted
/// `count` times, negative counts as [`NEG64`] complements.
fn weigh64(count: i8) -> (u64, u64) {
    let mul = i64::from(count) as u64;
    let add = if count < 0 { NEG64 * u64::from(count.unsigned_abs()) } else { 0 };
    (mul, add)
}

/// A write with what the template holds under it, when that is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Op {
    /// The write, widened to an aligned 2- or 4-byte one ([`widen`]).
    w: Write,
    /// The write as compiled: what a frame too short for the widened one gets.
    narrow: Write,
    /// The template's value under an aligned 2- or 4-byte write that nothing
    /// else changes first, with the sum of its complemented 16-bit words: the
    /// write then needs no load from the frame.
    known: Option<(u64, u64)>,
    /// How many times the write's change counts in each checksum slot, as a multiplier
    /// and an addend ([`weigh64`]): a multiply per slot instead of branches.
    weight: [(u64, u64); SLOTS],
    /// The same for 32-bit lanes without a multiply: the change is complemented
    /// (`^ neg`, `+ neg_add`) for a negative count, shifted left by 1 for a count of 2,
    /// masked to 0 for a count of 0.
    lane: [Lane; SLOTS],
}

/// A write of 1 to 3 bytes (or of 2 at an odd offset) as the aligned 2- or 4-byte write
/// that holds it, its mask and shift moved to where its bytes sit: the same bytes change,
/// and the write can be planned in runs ([`FieldEngine::plan_run`] takes aligned 2- and
/// 4-byte writes only; a 1-byte `ipv4.tos` write cost 2.4x the whole program before).
/// The checksum counts stay the original range's: the other bytes do not change.
fn widen(w: Write) -> Write {
    let (o, size) = (w.offset as usize, w.size as usize);
    if size >= 4 || (size == 2 && o % 2 == 0) || w.shift.unsigned_abs() > 48 {
        return w;
    }
    let front = o % 2;
    let wide = if front + size <= 2 { 2 } else { 4 };
    let tail = wide - front - size;
    let field = if size >= 8 { u64::MAX } else { (1u64 << (8 * size)) - 1 };
    Write {
        offset: (o - front) as u16,
        size: wide as u8,
        mask: (w.mask & field) << (8 * tail),
        shift: w.shift + 8 * tail as i8,
        ..w
    }
}

/// A checksum count for 32-bit lanes ([`Op::lane`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Lane {
    /// All ones for a negative count (the change is complemented), else 0.
    neg: u32,
    /// `NEG32 + 1` for a negative count (`!d + NEG32 + 1 == NEG32 - d`), else 0.
    neg_add: u32,
    /// 1 for a count of 2 or -2.
    shift: u32,
    /// 0 for a count of 0, else all ones.
    mask: u32,
}

impl Lane {
    fn of(count: i8) -> Lane {
        let neg = count < 0;
        Lane {
            neg: if neg { u32::MAX } else { 0 },
            neg_add: if neg { NEG32 + 1 } else { 0 },
            shift: u32::from(count.unsigned_abs() == 2),
            mask: if count == 0 { 0 } else { u32::MAX },
        }
    }
}

/// Adds each packet's change of a write (`old_comp` plus the stored bytes' words) to the
/// four slots' accumulators, as each slot counts it (a negative count complements it).
#[inline(always)]
fn accumulate4(dst: &[u32], old_comp: u32, lanes: [Lane; SLOTS], acc: [&mut [u32; RUN]; SLOTS]) {
    let n = dst.len().min(RUN);
    for i in 0..n {
        let d = dst[i];
        let delta = old_comp + (d & 0xffff) + (d >> 16);
        for k in 0..SLOTS {
            let l = lanes[k];
            let x = (delta ^ l.neg).wrapping_add(l.neg_add);
            acc[k][i] = acc[k][i].wrapping_add((x << l.shift) & l.mask);
        }
    }
}

/// A compiled field program.
#[derive(Clone, Debug, Default)]
pub struct FieldEngine {
    vars: Vec<Var>,
    ops: Vec<Op>,
    /// Unix time in ns of departure zero, for clock variables.
    time_base_ns: u64,
    has_clock: bool,
    csum: ChecksumFields,
    /// The template's checksums, slot by slot, when no frame size changes them.
    csum_known: [Option<u16>; SLOTS],
    /// Some variable moves another when it wraps (`next`), or draws from TRex's shared
    /// generator: packets go one at a time.
    serial: bool,
    /// The stream's seed for TRex's generator, and the generator's state.
    trex_seed: u32,
    trex_state: u32,
    /// Columns for runs of packets ([`FieldEngine::plan_run`]), when every write and
    /// checksum is known from the template and no variable reads the clock.
    run: Option<Box<Columns>>,
}

/// Writes the planned fields into 64-byte frames ([`FieldEngine::block_writer`]):
/// exactly `N2` two-byte and `N4` four-byte stores, so each frame's stores are a fixed
/// sequence with offsets and columns held in registers across the run.
#[derive(Clone, Copy, Debug)]
pub struct BlockWriter<'a, const N2: usize, const N4: usize> {
    at2: [usize; N2],
    col2: [&'a [u32; RUN]; N2],
    at4: [usize; N4],
    col4: [&'a [u32; RUN]; N4],
}

impl<const N2: usize, const N4: usize> BlockWriter<'_, N2, N4> {
    /// Writes packet `i` of the planned run into `frame`, a copy of the template.
    #[inline(always)]
    pub fn write(&self, frame: &mut [u8; 64], i: usize) {
        let i = i % RUN;
        for k in 0..N2 {
            let at = self.at2[k].min(62);
            frame[at..at + 2].copy_from_slice(&(self.col2[k][i] as u16).to_be_bytes());
        }
        for k in 0..N4 {
            let at = self.at4[k].min(60);
            frame[at..at + 4].copy_from_slice(&self.col4[k][i].to_be_bytes());
        }
    }
}

/// Packets a run plans at once ([`FieldEngine::plan_run`]).
pub const RUN: usize = 64;

/// Writes a program may have to plan runs (their checksum changes fit 32 bits).
const RUN_OPS: usize = 1024;

/// The fields of the next [`RUN`] packets, column by column.
#[derive(Clone, Debug)]
struct Columns {
    /// Per variable and output part (`2 * var + part`): its values, packet by packet.
    vals: Vec<[u64; RUN]>,
    /// Per write, then the IPv4 and the L4 checksum: the bytes stored (host order, 2 or
    /// 4 of them).
    stores: Vec<[u32; RUN]>,
    /// The 2-byte and the 4-byte stores of a frame: (offset, column in `stores`).
    store2: Vec<(u16, u16)>,
    store4: Vec<(u16, u16)>,
    /// The one's complement changes for each checksum slot in use. 32 bits hold them: at
    /// most [`RUN_OPS`] writes, each adding at most 2 * 4 * 0xffff.
    acc: Vec<[u32; RUN]>,
}

impl FieldEngine {
    /// A program over `vars` and `writes`, fixing the checksums in `csum`.
    /// The caller guarantees every write fits the smallest frame (the profile
    /// compiler checks it); a write outside a frame is skipped, never a panic.
    pub fn new(vars: Vec<Var>, writes: Vec<Write>, csum: ChecksumFields) -> Self {
        let ops = writes
            .into_iter()
            .map(|narrow| {
                let c = narrow.coverage.0;
                Op { w: widen(narrow), narrow, known: None, weight: c.map(weigh64), lane: c.map(Lane::of) }
            })
            .collect();
        let has_clock = vars.iter().any(Var::is_clock);
        let mut vars = vars;
        let chains = link_chains(&mut vars);
        let serial = chains || vars.iter().any(Var::is_trex_random);
        let mut e = FieldEngine {
            vars,
            ops,
            csum,
            csum_known: [None; SLOTS],
            time_base_ns: 0,
            has_clock,
            serial,
            trex_seed: 0,
            trex_state: 0,
            run: None,
        };
        e.reseed_trex(0);
        e
    }

    /// Records what `template` (the frame every packet starts from) holds under
    /// each write, so aligned writes skip reading the frame. `volatile` lists
    /// 16-bit fields that differ per frame size; writes over them, and writes
    /// over bytes an earlier write changed, keep reading the frame.
    pub fn bind(mut self, template: &[u8], volatile: &[u16]) -> Self {
        let mut touched: Vec<(usize, usize)> = Vec::new();
        for op in &mut self.ops {
            let (start, end) = (op.w.offset as usize, op.w.offset as usize + op.w.size as usize);
            let clash = touched.iter().any(|&(a, b)| start < b && a < end)
                || volatile.iter().any(|&v| start < v as usize + 2 && (v as usize) < end);
            touched.push((start, end));
            if clash || start % 2 != 0 || !matches!(op.w.size, 2 | 4) {
                continue;
            }
            let Some(bytes) = template.get(start..end) else {
                continue;
            };
            let old = read_be(bytes);
            op.known = Some((old, sum_complement(template, start, end)));
        }
        let known = |off: Option<u16>| {
            let off = off? as usize;
            if volatile.iter().any(|&v| v as usize == off) {
                return None;
            }
            template.get(off..off + 2).map(|b| u16::from_be_bytes([b[0], b[1]]))
        };
        self.csum_known = self.csum.at.map(known);
        let all_known = self.ops.iter().all(|op| op.known.is_some())
            && self.csum.at.iter().zip(&self.csum_known).all(|(at, k)| at.is_none() || k.is_some());
        self.run = (all_known && !self.has_clock && !self.serial && self.ops.len() <= RUN_OPS).then(|| {
            let n = self.ops.len();
            let sized = |size: u8| self.ops.iter().enumerate().filter(move |(_, op)| op.w.size == size);
            let mut store2: Vec<(u16, u16)> = sized(2).map(|(j, op)| (op.w.offset, j as u16)).collect();
            let store4 = sized(4).map(|(j, op)| (op.w.offset, j as u16)).collect();
            for (c, off) in self.csum.at.into_iter().enumerate() {
                if let Some(off) = off {
                    store2.push((off, (n + c) as u16));
                }
            }
            Box::new(Columns {
                vals: vec![[0; RUN]; 2 * self.vars.len()],
                stores: vec![[0; RUN]; n + SLOTS],
                store2,
                store4,
                acc: vec![[0; RUN]; self.csum.width()],
            })
        });
        self
    }

    /// Whether runs of packets of `len` bytes can be planned ([`plan_run`](Self::plan_run)):
    /// every write and checksum is known from the template and lies inside the frame, and
    /// no variable reads the clock.
    pub fn runs_within(&self, len: usize) -> bool {
        let inside = |off: Option<u16>| off.is_none_or(|o| o as usize + 2 <= len);
        self.run.is_some()
            && self.ops.iter().all(|op| op.w.offset as usize + op.w.size as usize <= len)
            && self.ops.iter().all(|op| (op.w.var as usize) < self.vars.len())
            && self.csum.at.into_iter().all(inside)
    }

    /// Computes the fields of the next `n` packets (at most [`RUN`]) and advances the
    /// variables past them, as `n` calls of [`apply`](Self::apply) would; then
    /// [`write_planned`](Self::write_planned) writes packet `i` of them. Column by
    /// column: each variable's walk in one loop, each write's stores and checksum
    /// changes in another, the checksums in a third. Only when
    /// [`runs_within`](Self::runs_within) holds (it does nothing otherwise).
    #[inline]
    pub fn plan_run(&mut self, n: usize) {
        let n = n.min(RUN);
        let FieldEngine { vars, ops, run, csum, csum_known, .. } = self;
        let (csum, csum_known) = (&*csum, &*csum_known);
        let Some(cols) = run.as_deref_mut() else { return };
        for (v, pair) in vars.iter_mut().zip(cols.vals.chunks_exact_mut(2)) {
            let [a, b] = pair else { continue };
            v.fill(&mut a[..n], &mut b[..n]);
        }
        for acc in cols.acc.iter_mut() {
            acc[..n].fill(0);
        }
        for (op, dst) in ops.iter().zip(cols.stores.iter_mut()) {
            let Some((old, old_comp)) = op.known else { continue };
            let w = &op.w;
            let Some(src) = cols.vals.get(2 * w.var as usize + (w.part as usize & 1)) else { continue };
            let (left, right) = ((w.shift.max(0) as u32) & 63, ((-(w.shift as i32)).max(0) as u32) & 63);
            let width = if w.size == 2 { 0xffff } else { 0xffff_ffff };
            let keep = old & !w.mask;
            let old_comp = old_comp as u32;
            if right == 0 {
                // No right shift: the stored bits depend on the value's low 32 bits
                // only, so 32-bit lanes (four to a vector register) give them.
                // Shifted 32 or more bits left, no bit of the value stays: mask 0.
                let mask = if left < 32 { (w.mask & width) as u32 } else { 0 };
                let (add, keep, left) = (w.add as u32, (keep & width) as u32, left & 31);
                for (x, d) in src[..n].iter().zip(dst[..n].iter_mut()) {
                    *d = keep | (((*x as u32).wrapping_add(add) << left) & mask);
                }
            } else {
                for (x, d) in src[..n].iter().zip(dst[..n].iter_mut()) {
                    let v = (x.wrapping_add(w.add) << left) >> right;
                    *d = ((keep | (v & w.mask)) & width) as u32;
                }
            }
            // Two slots (no tunnel) or four: fixed widths, so each loop is one pass of
            // vector lanes with no per-slot branch.
            match cols.acc.as_mut_slice() {
                [a0, a1] => {
                    // No tunnel: the two counts are 0, 1 or 2.
                    let (l0, l1) = (op.lane[0], op.lane[1]);
                    for ((d, x0), x1) in dst[..n].iter().zip(a0[..n].iter_mut()).zip(a1[..n].iter_mut()) {
                        let delta = old_comp + (d & 0xffff) + (d >> 16);
                        *x0 += (delta << l0.shift) & l0.mask;
                        *x1 += (delta << l1.shift) & l1.mask;
                    }
                }
                [a0, a1, a2, a3] => accumulate4(&dst[..n], old_comp, op.lane, [a0, a1, a2, a3]),
                _ => {}
            }
        }
        let k = ops.len();
        for (c, (acc, out)) in cols.acc.iter().zip(cols.stores[k..].iter_mut()).enumerate() {
            let Some(hc) = csum_known[c] else { continue };
            let udp = csum.udp[c];
            for (o, &a) in out[..n].iter_mut().zip(&acc[..n]) {
                *o = u32::from(fold_checksum32(hc, a, udp));
            }
        }
    }

    /// Writes packet `i` of the last [`plan_run`](Self::plan_run) into `frame`, a copy
    /// of the template.
    #[inline]
    pub fn write_planned(&self, frame: &mut [u8], i: usize) {
        let Some(cols) = self.run.as_deref() else { return };
        let i = i % RUN;
        for &(at, c) in &cols.store2 {
            if let (Some(b), Some(col)) = (frame.get_mut(at as usize..at as usize + 2), cols.stores.get(c as usize)) {
                b.copy_from_slice(&(col[i] as u16).to_be_bytes());
            }
        }
        for &(at, c) in &cols.store4 {
            if let (Some(b), Some(col)) = (frame.get_mut(at as usize..at as usize + 4), cols.stores.get(c as usize)) {
                b.copy_from_slice(&col[i].to_be_bytes());
            }
        }
    }

    /// How many 2-byte and 4-byte stores a planned frame takes (checksums included):
    /// the sizes of the [`block_writer`](Self::block_writer) that fits the program.
    pub fn store_counts(&self) -> Option<(usize, usize)> {
        self.run.as_deref().map(|c| (c.store2.len(), c.store4.len()))
    }

    /// A writer of the planned packets into frames of at most 64 bytes, for a program of
    /// exactly `N2` two-byte and `N4` four-byte stores (checksums included; see
    /// [`store_counts`](Self::store_counts)). `None` for any other program (then
    /// [`write_planned`](Self::write_planned)).
    #[inline]
    pub fn block_writer<const N2: usize, const N4: usize>(&self) -> Option<BlockWriter<'_, N2, N4>> {
        let cols = self.run.as_deref()?;
        if cols.store2.len() != N2 || cols.store4.len() != N4 {
            return None;
        }
        let first = cols.stores.first()?;
        let column = |c: u16| cols.stores.get(c as usize).unwrap_or(first);
        Some(BlockWriter {
            at2: std::array::from_fn(|k| (cols.store2[k].0 as usize).min(62)),
            col2: std::array::from_fn(|k| column(cols.store2[k].1)),
            at4: std::array::from_fn(|k| (cols.store4[k].0 as usize).min(60)),
            col4: std::array::from_fn(|k| column(cols.store4[k].1)),
        })
    }

    /// Whether the program does nothing.
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// Restricts every variable to core `index` of `count`.
    pub fn split(&mut self, index: usize, count: usize) {
        // A chained variable walks all its values on every core (TRex: "a variable that
        // is being pointed at by some other variable must run on a single core"); the
        // head's share differs per core, so the combinations do too.
        for v in self.vars.iter_mut().filter(|v| !v.chained) {
            v.split(index, count);
        }
        self.reseed_trex(index);
    }

    /// Seeds TRex's generator with a stream's `random_seed` (see [`VarKind::TrexRandom`])
    /// and draws the first packet's values, as TRex's first core does.
    pub fn seed_trex(mut self, seed: u32) -> Self {
        self.trex_seed = seed;
        self.reseed_trex(0);
        self
    }

    /// TRex's per-core seed (`generate_random_seed`: the stream's seed times
    /// `(thread + 1) * 514229`), then the program's first draws in its order: the
    /// variables a chain does not run on the first packet keep their value.
    fn reseed_trex(&mut self, thread: usize) {
        if !self.vars.iter().any(Var::is_trex_random) {
            return;
        }
        let mul = ((thread as u64 + 1) * 514_229) as u32;
        self.trex_state = self.trex_seed.wrapping_mul(mul);
        let mut state = self.trex_state;
        for v in self.vars.iter_mut().filter(|v| v.runs_first) {
            v.draw(&mut state);
        }
        self.trex_state = state;
    }

    /// Flows the variables walk through before they repeat: the least common multiple of
    /// their cycles. Every variable steps each packet, so the first `flows` packets of
    /// the stream each carry a combination of values not sent before: the first packet
    /// of each flow. None without variables, with a random, clock or held variable, or
    /// beyond 2^40.
    pub fn flows(&self) -> Option<u64> {
        if self.vars.is_empty() {
            return None;
        }
        let mut l: u128 = 1;
        for (i, v) in self.vars.iter().enumerate() {
            if v.chained {
                continue;
            }
            let c = u128::from(self.chain_cycle(i)?);
            l = l / gcd(l, c) * c;
            if l > 1 << 40 {
                return None;
            }
        }
        Some(l as u64)
    }

    /// Packets before variable `i` and the chain it heads repeat: an odometer's product
    /// of cycles, when each variable of the chain wraps once a cycle.
    fn chain_cycle(&self, i: usize) -> Option<u64> {
        let mut c = u128::from(self.vars.get(i)?.cycle()?);
        let (mut at, mut seen) = (i, 0);
        while let Some(n) = self.vars.get(at)?.next {
            let v = self.vars.get(at)?;
            if !v.wraps_once_a_cycle() || seen > self.vars.len() {
                return None;
            }
            at = n as usize;
            seen += 1;
            c = c.checked_mul(u128::from(self.vars.get(at)?.cycle()?))?;
        }
        u64::try_from(c).ok()
    }

    /// Variables, for inspection.
    pub fn vars(&self) -> &[Var] {
        &self.vars
    }

    /// Sets the Unix time (ns) of departure zero, for clock variables.
    pub fn set_time_base(&mut self, unix_ns: u64) {
        self.time_base_ns = unix_ns;
    }

    /// Runs the program on one frame departing at `departure`, then advances
    /// the variables.
    #[inline]
    pub fn apply(&mut self, frame: &mut [u8], departure: u64) {
        if self.ops.is_empty() {
            return;
        }
        if self.has_clock {
            let now = self.time_base_ns.wrapping_add(departure);
            for v in &mut self.vars {
                if let VarKind::Clock { div, modulo } = v.kind {
                    let x = now / div;
                    v.out[0] = if modulo > 0 { x % modulo } else { x };
                }
            }
        }
        let mut acc = [0u64; SLOTS];
        for op in &self.ops {
            // The widened write where the frame holds it, else the write as compiled.
            let fits = op.w.offset as usize + op.w.size as usize <= frame.len();
            let w = if fits { &op.w } else { &op.narrow };
            let Some(var) = self.vars.get(w.var as usize) else {
                continue;
            };
            let mut v = var.value(w.part as usize).wrapping_add(w.add);
            v = if w.shift >= 0 { v << (w.shift as u32 & 63) } else { v >> ((-w.shift) as u32 & 63) };
            let delta = match op.known {
                Some((old, old_comp)) if fits => write_known(frame, w, v, old, old_comp),
                _ => write_field(frame, w, v),
            };
            let Some(delta) = delta else { continue };
            for (a, &(mul, add)) in acc.iter_mut().zip(&op.weight) {
                *a = a.wrapping_add(delta.wrapping_mul(mul).wrapping_add(add));
            }
        }
        for (c, &a) in acc.iter().enumerate() {
            if let (Some(off), true) = (self.csum.at[c], a != 0) {
                patch_checksum(frame, off as usize, self.csum_known[c], a, self.csum.udp[c]);
            }
        }
        if self.serial {
            self.advance_serial();
        } else {
            for v in &mut self.vars {
                let _ = v.advance();
            }
        }
    }

    /// Advances every variable no other moves, and down its chain each variable whose
    /// predecessor wrapped, in the program's order (TRex's random variables draw from
    /// the shared generator in that order).
    fn advance_serial(&mut self) {
        let mut state = self.trex_state;
        let mut step = |v: &mut Var| {
            if v.is_trex_random() {
                v.draw(&mut state);
                true
            } else {
                v.advance()
            }
        };
        for i in 0..self.vars.len() {
            if self.vars[i].chained {
                continue;
            }
            let (mut at, mut hops) = (i, 0);
            while step(&mut self.vars[at]) && hops < self.vars.len() {
                match self.vars[at].next {
                    Some(n) if (n as usize) < self.vars.len() => at = n as usize,
                    _ => break,
                }
                hops += 1;
            }
        }
        self.trex_state = state;
    }
}

/// Marks the variables others move (`next`) and sets where each chain starts, as TRex
/// does: its program runs every variable of a chain on the first packet only when each
/// predecessor's first value was reached by wrapping (TRex starts a walk one step before
/// its first value); a variable not run then sends the value one step before its own
/// first one until its predecessor first wraps. Links to no variable, a variable moved
/// by two, and loops are dropped (the profile compiler refuses them with their names).
/// Returns whether any chain is left.
fn link_chains(vars: &mut [Var]) -> bool {
    let n = vars.len();
    let mut moved_by = vec![None; n];
    for (i, v) in vars.iter_mut().enumerate() {
        if let Some(t) = v.next.map(usize::from) {
            if t >= n || t == i || moved_by[t].is_some() {
                v.next = None;
            } else {
                moved_by[t] = Some(i);
            }
        }
    }
    // A loop has no head: drop the links of every variable a head cannot reach.
    let mut reached = vec![false; n];
    for (i, _) in moved_by.iter().enumerate().filter(|(_, m)| m.is_none()) {
        let mut at = i;
        reached[at] = true;
        while let Some(t) = vars[at].next {
            at = usize::from(t);
            reached[at] = true;
        }
    }
    for ((v, m), r) in vars.iter_mut().zip(moved_by.iter_mut()).zip(&reached) {
        if !r {
            v.next = None;
            *m = None;
        }
        v.chained = m.is_some();
    }
    let heads: Vec<usize> = moved_by.iter().enumerate().filter(|(_, m)| m.is_none()).map(|(i, _)| i).collect();
    let mut any = false;
    for i in heads {
        let (mut at, mut runs) = (i, true);
        while let Some(t) = vars[at].next {
            any = true;
            let wrapped = runs && vars[at].reached_by_wrap();
            at = usize::from(t);
            if !wrapped {
                vars[at].retreat();
                vars[at].runs_first = false;
            }
            runs = wrapped;
        }
    }
    any
}

/// [`write_field`] when the old value is known from the template: no load.
#[inline(always)]
fn write_known(frame: &mut [u8], w: &Write, v: u64, old: u64, old_comp: u64) -> Option<u64> {
    let start = w.offset as usize;
    let new = (old & !w.mask) | (v & w.mask);
    if w.size == 2 {
        let b: &mut [u8; 2] = frame.get_mut(start..start + 2)?.try_into().ok()?;
        let new = new & 0xffff;
        *b = (new as u16).to_be_bytes();
        Some(old_comp + new)
    } else {
        let b: &mut [u8; 4] = frame.get_mut(start..start + 4)?.try_into().ok()?;
        let new = new & 0xffff_ffff;
        *b = (new as u32).to_be_bytes();
        Some(old_comp + (new & 0xffff) + (new >> 16))
    }
}

/// Stores `v` under the write's mask and returns the one's complement change of
/// the 16-bit words it touched (`~old + new` per word, words aligned to even
/// frame offsets, as every checksummed region starts at an even offset).
/// `None` when the write does not fit the frame.
#[inline(always)]
fn write_field(frame: &mut [u8], w: &Write, v: u64) -> Option<u64> {
    let start = w.offset as usize;
    match (w.size, start & 1) {
        (2, 0) => {
            let b: &mut [u8; 2] = frame.get_mut(start..start + 2)?.try_into().ok()?;
            let old = u16::from_be_bytes(*b) as u64;
            let new = ((old & !w.mask) | (v & w.mask)) & 0xffff;
            *b = (new as u16).to_be_bytes();
            Some((!old & 0xffff) + new)
        }
        (4, 0) => {
            let b: &mut [u8; 4] = frame.get_mut(start..start + 4)?.try_into().ok()?;
            let old = u32::from_be_bytes(*b) as u64;
            let new = ((old & !w.mask) | (v & w.mask)) & 0xffff_ffff;
            *b = (new as u32).to_be_bytes();
            Some((!old & 0xffff) + (!(old >> 16) & 0xffff) + (new & 0xffff) + (new >> 16))
        }
        _ => {
            let end = start + w.size as usize;
            if end > frame.len() {
                return None;
            }
            let (ws, we) = (start & !1, (end + 1) & !1);
            let old_sum = sum_complement(frame, ws, we);
            let old = read_be(&frame[start..end]);
            write_be(&mut frame[start..end], (old & !w.mask) | (v & w.mask));
            Some(old_sum + sum_words(frame, ws, we))
        }
    }
}

#[inline]
fn read_be(b: &[u8]) -> u64 {
    b.iter().fold(0u64, |acc, &x| (acc << 8) | x as u64)
}

#[inline]
fn write_be(b: &mut [u8], mut v: u64) {
    for x in b.iter_mut().rev() {
        *x = v as u8;
        v >>= 8;
    }
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Big-endian 16-bit word at `i`; a word running past the frame reads as zero-padded.
#[inline]
fn word(frame: &[u8], i: usize) -> u64 {
    let hi = frame.get(i).copied().unwrap_or(0) as u64;
    let lo = frame.get(i + 1).copied().unwrap_or(0) as u64;
    (hi << 8) | lo
}

#[inline]
fn sum_words(frame: &[u8], from: usize, to: usize) -> u64 {
    (from..to).step_by(2).map(|i| word(frame, i)).sum()
}

#[inline]
fn sum_complement(frame: &[u8], from: usize, to: usize) -> u64 {
    (from..to).step_by(2).map(|i| !word(frame, i) & 0xffff).sum()
}

/// The checksum `hc` after an accumulated one's complement change `acc` (RFC 1624
/// eqn. 3); no change leaves it as it is. A UDP checksum that computes to zero is
/// sent as 0xFFFF.
#[inline(always)]
fn fold_checksum(hc: u16, acc: u64, udp: bool) -> u16 {
    let mut s = (!hc) as u64 + acc;
    s = (s & 0xffff) + (s >> 16);
    s = (s & 0xffff) + (s >> 16);
    s = (s & 0xffff) + (s >> 16);
    let c = !(s as u16);
    let c = if udp { riptide_wire::udp::transmitted(c) } else { c };
    if acc == 0 {
        hc
    } else {
        c
    }
}

/// [`fold_checksum`] of a 32-bit change, without branches (vector loops).
#[inline(always)]
fn fold_checksum32(hc: u16, acc: u32, udp: bool) -> u16 {
    let mut s = u32::from(!hc) + acc;
    s = (s & 0xffff) + (s >> 16);
    s = (s & 0xffff) + (s >> 16);
    s = (s & 0xffff) + (s >> 16);
    let c = !(s as u16);
    let c = c | (u16::from(c == 0 && udp)).wrapping_neg();
    let same = u16::from(acc == 0).wrapping_neg();
    (hc & same) | (c & !same)
}

/// Applies an accumulated one's complement change to the checksum at `off`
/// (RFC 1624 eqn. 3). A UDP checksum that computes to zero is sent as 0xFFFF.
#[inline]
fn patch_checksum(frame: &mut [u8], off: usize, known: Option<u16>, acc: u64, udp: bool) {
    let Some(field) = frame.get_mut(off..off + 2) else {
        return;
    };
    let hc = known.unwrap_or_else(|| u16::from_be_bytes([field[0], field[1]]));
    // acc < 2^40 for any write list a frame can hold: three folds suffice.
    field.copy_from_slice(&fold_checksum(hc, acc, udp).to_be_bytes());
}

#[cfg(test)]
mod chain_tests {
    //! TRex's `next_var`, checked against a model of its data-plane program written from
    //! trex-core's src/stx/stl/trex_stl_stream_vm.h (`StreamDPOpFlowVar*Step::run_inc` /
    //! `run_dec`, `inc_mod` / `dec_mod`, `set_bss_init_value`'s `peek_prev`): every
    //! variable starts one step before its first value; per packet the program runs the
    //! variables in order, and a variable whose update does not cross its range's end
    //! skips the variables chained after it.
    use super::*;

    /// One TRex flow variable: inc or dec over min..=max by step.
    #[derive(Clone, Copy)]
    struct TrexVar {
        inc: bool,
        min: u64,
        max: u64,
        step: u64,
        cur: u64,
    }

    fn inc_mod(a: u64, b: u64, c: u64, step: u64) -> u64 {
        let left = b - c;
        if step <= left {
            c + step
        } else {
            a + (step - left - 1)
        }
    }

    fn dec_mod(a: u64, b: u64, c: u64, step: u64) -> u64 {
        let left = c - a;
        if step <= left {
            c - step
        } else {
            b - (step - left - 1)
        }
    }

    impl TrexVar {
        fn new(inc: bool, min: u64, max: u64, step: u64, init: u64) -> Self {
            // peek_prev: the bss holds the value one step before init.
            let cur = if inc { dec_mod(min, max, init, step) } else { inc_mod(min, max, init, step) };
            TrexVar { inc, min, max, step, cur }
        }

        /// run_inc / run_dec: true when the chained variables after it are skipped.
        fn run(&mut self) -> bool {
            let skip = if self.inc { self.max - self.cur >= self.step } else { self.cur - self.min >= self.step };
            self.cur = if self.inc {
                inc_mod(self.min, self.max, self.cur, self.step)
            } else {
                dec_mod(self.min, self.max, self.cur, self.step)
            };
            skip
        }
    }

    /// The chain's values packet by packet, as TRex's program makes them.
    fn trex_chain(mut vs: Vec<TrexVar>, packets: usize) -> Vec<Vec<u64>> {
        (0..packets)
            .map(|_| {
                for v in vs.iter_mut() {
                    if v.run() {
                        break;
                    }
                }
                vs.iter().map(|v| v.cur).collect()
            })
            .collect()
    }

    /// The same chain in riptide's engine, one byte written per variable.
    fn riptide_chain(spec: &[(bool, u64, u64, u64, u64)], packets: usize) -> Vec<Vec<u64>> {
        let n = spec.len();
        let vars = spec
            .iter()
            .enumerate()
            .map(|(i, &(inc, min, max, step, init))| {
                let kind = if inc { VarKind::Inc } else { VarKind::Dec };
                let v = Var::range(kind, min, max, step, Some(init), 1).unwrap();
                if i + 1 < n {
                    v.with_next(i as u16 + 1)
                } else {
                    v
                }
            })
            .collect();
        let writes = (0..n)
            .map(|i| Write {
                var: i as u16,
                part: 0,
                offset: i as u16,
                size: 1,
                mask: 0xff,
                shift: 0,
                add: 0,
                coverage: Coverage::default(),
            })
            .collect();
        let mut e = FieldEngine::new(vars, writes, ChecksumFields::default());
        (0..packets)
            .map(|_| {
                let mut f = vec![0u8; n];
                e.apply(&mut f, 0);
                f.iter().map(|&b| u64::from(b)).collect()
            })
            .collect()
    }

    #[test]
    fn chained_variables_count_like_trexs_odometer() {
        // TRex's dependent_vars_all.py shapes (a..e -> a..d -> a..c) in every op and
        // step, and inits away from the walk's start, where TRex's first packet skips
        // the chain (its quirk, kept).
        let mut cases = Vec::new();
        for inc in [true, false] {
            for step in [1, 2] {
                let (a, c, d, e) = (97, 99, 100, 101);
                let init = |min: u64, max: u64| if inc { min } else { max };
                cases.push(vec![
                    (inc, a, e, step, init(a, e)),
                    (inc, a, d, step, init(a, d)),
                    (inc, a, c, step, init(a, c)),
                ]);
                cases.push(vec![(inc, a, e, step, a + 2), (inc, a, d, step, a + 1), (inc, a, c, step, c)]);
            }
        }
        for spec in cases {
            // TRex pads a range the step does not divide (handle_range_padding).
            let spec: Vec<_> = spec
                .into_iter()
                .map(|(inc, min, max, step, init)| {
                    let pad = (max - min + 1) % step;
                    let (min, max) = if pad == 0 {
                        (min, max)
                    } else if inc {
                        (min, max + step - pad)
                    } else {
                        (min - (step - pad), max)
                    };
                    (inc, min, max, step, init)
                })
                .collect();
            let model: Vec<TrexVar> =
                spec.iter().map(|&(inc, min, max, step, init)| TrexVar::new(inc, min, max, step, init)).collect();
            let want = trex_chain(model, 200);
            let got = riptide_chain(&spec, 200);
            for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(g, w, "packet {k} of {spec:?}");
            }
        }
    }

    #[test]
    fn a_list_moves_its_next_at_its_first_value_and_a_chained_random_draws_only_then() {
        let list = Var::list_by(vec![10, 20, 30], 1).unwrap().with_next(1);
        let inner = Var::range(VarKind::Random, 0, 1_000_000, 1, None, 7).unwrap();
        let writes = (0..2)
            .map(|i| Write {
                var: i,
                part: 0,
                offset: 4 * i,
                size: 4,
                mask: 0xffff_ffff,
                shift: 0,
                add: 0,
                coverage: Coverage::default(),
            })
            .collect();
        let mut e = FieldEngine::new(vec![list, inner], writes, ChecksumFields::default());
        let mut seen = Vec::new();
        for _ in 0..30 {
            let mut f = [0u8; 8];
            e.apply(&mut f, 0);
            seen.push((u32::from_be_bytes(f[..4].try_into().unwrap()), u32::from_be_bytes(f[4..].try_into().unwrap())));
        }
        assert_eq!(seen.iter().map(|s| s.0).take(6).collect::<Vec<_>>(), [10, 20, 30, 10, 20, 30]);
        for block in seen.chunks(3) {
            assert!(
                block.iter().all(|s| s.1 == block[0].1),
                "the random value holds for a whole list cycle: {block:?}"
            );
        }
        let distinct: std::collections::HashSet<u32> = seen.iter().map(|s| s.1).collect();
        assert!(distinct.len() >= 8, "a new draw each cycle: {distinct:?}");
    }

    #[test]
    fn trex_random_variables_share_trexs_generator_in_program_order_and_per_core_seed() {
        // TRex: per core seed = random_seed * (core + 1) * 514229; per packet each random
        // variable in program order draws (4 bytes: two 15-bit draws, the high first).
        let model = |core: u32, packets: usize| {
            let mut s = 0x1234u32.wrapping_mul((core + 1) * 514_229);
            (0..packets)
                .map(|_| {
                    let a = trex_rand32(&mut s);
                    let b = trex_rand16(&mut s);
                    let c = trex_rand16(&mut s);
                    (0x1000_0000 + a % 0x0200_00ff, 1025 + b % 63_976, [7u64, 8, 9][(c % 3) as usize])
                })
                .collect::<Vec<_>>()
        };
        let engine = || {
            let vars = vec![
                Var::trex_random(4, 0x1000_0000, 0x1200_00fe).unwrap(),
                Var::trex_random(2, 1025, 65_000).unwrap(),
                Var::trex_random_list(vec![7, 8, 9]).unwrap(),
            ];
            let writes = [(0u16, 0u16, 4u8), (1, 4, 2), (2, 6, 1)]
                .map(|(var, offset, size)| Write {
                    var,
                    part: 0,
                    offset,
                    size,
                    mask: (1u64 << (8 * size)) - 1,
                    shift: 0,
                    add: 0,
                    coverage: Coverage::default(),
                })
                .to_vec();
            FieldEngine::new(vars, writes, ChecksumFields::default()).seed_trex(0x1234)
        };
        let run = |e: &mut FieldEngine| {
            (0..50)
                .map(|_| {
                    let mut f = [0u8; 7];
                    e.apply(&mut f, 0);
                    (
                        u64::from(u32::from_be_bytes(f[..4].try_into().unwrap())),
                        u64::from(u16::from_be_bytes([f[4], f[5]])),
                        u64::from(f[6]),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(run(&mut engine()), model(0, 50));
        let mut second = engine();
        second.split(1, 2);
        assert_eq!(run(&mut second), model(1, 50), "core 1 of 2 draws from its own seed");
    }

    #[test]
    fn a_stepped_list_visits_trexs_indices() {
        // TRex: index 0, then inc_mod_list by step: 0, 2, 4, 1, 3 for five values by 2.
        let mut v = Var::list_by(vec![0, 1, 2, 3, 4], 2).unwrap();
        let mut got = Vec::new();
        for _ in 0..10 {
            got.push(v.value(0));
            let _ = v.advance();
        }
        assert_eq!(got, [0, 2, 4, 1, 3, 0, 2, 4, 1, 3]);
    }

    #[test]
    fn an_odometer_counts_its_flows_as_the_product_and_splits_only_its_head() {
        let a = Var::range(VarKind::Inc, 0, 3, 1, None, 1).unwrap().with_next(1);
        let b = Var::range(VarKind::Inc, 0, 2, 1, None, 1).unwrap();
        let e = FieldEngine::new(vec![a.clone(), b.clone()], vec![], ChecksumFields::default());
        assert_eq!(e.flows(), Some(12));
        let mut e = FieldEngine::new(vec![a, b], vec![], ChecksumFields::default());
        e.split(1, 2);
        assert_eq!(e.vars()[1].cycle(), Some(3), "the chained variable keeps its whole walk");
        assert_eq!(e.vars()[0].cycle(), Some(2), "the head walks its share");
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn trex_repeatable_random_is_msvc_rand_from_the_seed_and_repeats() {
        // TRex's generator is MSVC's rand(): srand(1) gives 41, 18467, 6334, 26500, 19169.
        assert_eq!(trex_repeatable_random(2, 0, 65535, 1, 5), [41, 18467, 6334, 26500, 19169]);
        // Within a range: the draw modulo its size, from min.
        assert_eq!(trex_repeatable_random(1, 10, 19, 1, 3), [11, 17, 14]);
        // Four bytes: two draws, the first the high half.
        assert_eq!(trex_repeatable_random(4, 0, u32::MAX as u64, 1, 1), [(41 << 16) + 18467]);
        let mut v = Var::list(trex_repeatable_random(2, 0, 9, 0x1234, 5)).unwrap();
        let mut seen = Vec::new();
        for _ in 0..10 {
            seen.push(v.value(0));
            v.advance();
        }
        assert_eq!(seen[..5], seen[5..], "the sequence starts over after limit values");
    }

    use super::*;

    #[test]
    fn flows_are_the_common_period_of_deterministic_walks() {
        let csum = ChecksumFields::default();
        let inc = |max| Var::range(VarKind::Inc, 1, max, 1, None, 0).unwrap();
        let engine = |vars: Vec<Var>| FieldEngine::new(vars, vec![], csum);
        assert_eq!(engine(vec![inc(100)]).flows(), Some(100));
        // 100 addresses and 6 ports stepping together: lcm(100, 6) = 300 distinct pairs.
        assert_eq!(engine(vec![inc(100), inc(6)]).flows(), Some(300));
        assert_eq!(engine(vec![Var::list(vec![1, 2, 3]).unwrap()]).flows(), Some(3));
        assert_eq!(engine(vec![Var::tuple(1, 10, 1000, 1001, None).unwrap()]).flows(), Some(20));
        // By 4 over 1..=10: 1, 5, 9, 3, 7 and again: 5 values... of a range of 10 (gcd 2).
        assert_eq!(engine(vec![Var::range(VarKind::Inc, 1, 10, 4, None, 0).unwrap()]).flows(), Some(5));
        assert_eq!(engine(vec![]).flows(), None);
        assert_eq!(engine(vec![inc(100), Var::range(VarKind::Random, 1, 9, 1, None, 7).unwrap()]).flows(), None);
        assert_eq!(engine(vec![inc(100).with_hold(4)]).flows(), None);
    }

    fn walk(v: &mut Var, n: usize) -> Vec<u64> {
        (0..n)
            .map(|_| {
                let x = v.value(0);
                v.advance();
                x
            })
            .collect()
    }

    #[test]
    fn inc_dec_list_walk() {
        // A step that does not divide the range wraps within it, as TRex's does (issue 15.15).
        let mut v = Var::range(VarKind::Inc, 10, 14, 2, None, 0).unwrap();
        assert_eq!(walk(&mut v, 6), [10, 12, 14, 11, 13, 10]);
        let mut v = Var::range(VarKind::Inc, 1, 10, 4, None, 0).unwrap();
        assert_eq!(walk(&mut v, 11), [1, 5, 9, 3, 7, 1, 5, 9, 3, 7, 1]);
        let mut v = Var::range(VarKind::Dec, 10, 14, 2, None, 0).unwrap();
        assert_eq!(walk(&mut v, 6), [14, 12, 10, 13, 11, 14]);
        // A step that divides it walks the grid and starts over.
        let mut v = Var::range(VarKind::Inc, 0, 9, 2, None, 0).unwrap();
        assert_eq!(walk(&mut v, 6), [0, 2, 4, 6, 8, 0]);
        // The whole u64 range wraps too.
        let mut v = Var::range(VarKind::Inc, 0, u64::MAX, 1 << 63, Some(1 << 63), 0).unwrap();
        assert_eq!(walk(&mut v, 3), [1 << 63, 0, 1 << 63]);
        // Split over cores, the shares of a wrapping walk (its 5 values) cover it once.
        let mut all: Vec<u64> = Vec::new();
        for (core, share) in [1, 2, 2].into_iter().enumerate() {
            let mut v = Var::range(VarKind::Inc, 1, 10, 4, None, 0).unwrap();
            v.split(core, 3);
            let mine = walk(&mut v, share * 2);
            assert_eq!(mine[..share], mine[share..], "core {core} cycles through its share");
            all.extend(&mine[..share]);
        }
        all.sort_unstable();
        assert_eq!(all, [1, 3, 5, 7, 9]);
        let mut v = Var::list(vec![5, 7]).unwrap();
        let got: Vec<u64> = (0..3)
            .map(|_| {
                let x = v.value(0);
                v.advance();
                x
            })
            .collect();
        assert_eq!(got, [5, 7, 5]);
        let mut v = Var::range(VarKind::Inc, 0, u64::MAX, 1, Some(u64::MAX), 0).unwrap();
        assert_eq!(v.value(0), u64::MAX);
        v.advance();
        assert_eq!(v.value(0), 0);
    }

    #[test]
    fn tuple_ip_varies_fastest() {
        let mut v = Var::tuple(100, 101, 5000, 5001, None).unwrap();
        let got: Vec<(u64, u64)> = (0..5)
            .map(|_| {
                let x = (v.value(0), v.value(1));
                v.advance();
                x
            })
            .collect();
        assert_eq!(got, [(100, 5000), (101, 5000), (100, 5001), (101, 5001), (100, 5000)]);
        // TRex's limit_flows: three tuples, then from the first again.
        let mut v = Var::tuple(100, 101, 5000, 5001, Some(3)).unwrap();
        let got: Vec<(u64, u64)> = (0..5)
            .map(|_| {
                let x = (v.value(0), v.value(1));
                v.advance();
                x
            })
            .collect();
        assert_eq!(got, [(100, 5000), (101, 5000), (100, 5001), (100, 5000), (101, 5000)]);
    }

    #[test]
    fn split_never_duplicates() {
        let cores = 3;
        let mut seen = std::collections::HashSet::new();
        for k in 0..cores {
            let mut v = Var::range(VarKind::Inc, 1, 254, 1, None, 0).unwrap();
            v.split(k, cores);
            let share = 254 / cores + 1;
            let mut mine = std::collections::HashSet::new();
            for _ in 0..share * 4 {
                mine.insert(v.value(0));
                v.advance();
            }
            for x in &mine {
                assert!(seen.insert(*x), "value {x} on two cores");
            }
        }
        assert_eq!(seen.len(), 254);
    }

    #[test]
    fn masked_write_keeps_other_bits() {
        let v = Var::list(vec![0xabc]).unwrap();
        let w = Write {
            var: 0,
            part: 0,
            offset: 1,
            size: 2,
            mask: 0x0fff,
            shift: 0,
            add: 0,
            coverage: Coverage::default(),
        };
        let mut e = FieldEngine::new(vec![v], vec![w], ChecksumFields::default());
        let mut f = [0xffu8, 0xe0, 0x00, 0x11];
        e.apply(&mut f, 0);
        assert_eq!(f, [0xff, 0xea, 0xbc, 0x11]);
    }
}

#[cfg(test)]
mod widen_tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// A widened write changes the same bytes to the same values as the write it
        /// came from, and its checksum change is the same in one's complement.
        #[test]
        fn a_widened_write_is_the_same_write(
            frame in prop::collection::vec(any::<u8>(), 16),
            offset in 0usize..12,
            size in 1u8..4,
            mask_bits in any::<u64>(),
            shift in -8i8..9,
            value in any::<u64>(),
        ) {
            let field = (1u64 << (8 * u32::from(size))) - 1;
            let w = Write {
                var: 0, part: 0, offset: offset as u16, size, mask: mask_bits & field, shift, add: 0,
                coverage: Coverage::default(),
            };
            let wide = widen(w);
            prop_assert!(matches!(wide.size, 2 | 4) && wide.offset.is_multiple_of(2) || wide == w);
            let shifted = |w: &Write| if w.shift >= 0 { value << (w.shift as u32) } else { value >> ((-w.shift) as u32) };
            let (mut a, mut b) = (frame.clone(), frame.clone());
            let da = write_field(&mut a, &w, shifted(&w)).unwrap();
            let db = write_field(&mut b, &wide, shifted(&wide)).unwrap();
            prop_assert_eq!(&a, &b, "{:?} -> {:?}", w, wide);
            let fold = |d: u64| d % 0xffff;
            prop_assert_eq!(fold(da), fold(db));
        }
    }
}

#[cfg(test)]
mod split_tests {
    use super::*;
    use proptest::prelude::*;

    /// `count` cores' walks of `v` split by its own [`Split`], interleaved packet by packet
    /// (core 0's first, core 1's first, ...): what N cores send at one rate.
    fn merged(v: &Var, count: usize, packets: usize) -> Vec<u64> {
        let mut cores: Vec<Var> = (0..count)
            .map(|k| {
                let mut c = v.clone();
                c.split(k, count);
                c
            })
            .collect();
        (0..packets)
            .map(|i| {
                let c = &mut cores[i % count];
                let x = c.value(0);
                c.advance();
                x
            })
            .collect()
    }

    fn walk(v: &Var, packets: usize) -> Vec<u64> {
        merged(v, 1, packets)
    }

    proptest! {
        /// TRex's split: N cores, interleaved, send exactly what one core sends, for inc
        /// and dec walks of any range, step and first value, and for value lists.
        #[test]
        fn interleaved_cores_send_what_one_core_sends(
            min in 0u64..1000, len in 1u64..300, step in 1u64..40, at in any::<u64>(), dec in any::<bool>(),
            cores in 2usize..9,
        ) {
            let max = min + len - 1;
            let kind = if dec { VarKind::Dec } else { VarKind::Inc };
            let v = Var::range(kind, min, max, step, Some(min + at % len), 0).unwrap().with_split(Split::Interleave);
            let n = 3 * len as usize + 2 * cores;
            prop_assert_eq!(merged(&v, cores, n), walk(&v, n));
        }

        #[test]
        fn interleaved_lists_send_what_one_core_sends(
            values in prop::collection::vec(any::<u64>(), 1..20), step in 1u64..5, cores in 2usize..9,
        ) {
            let v = Var::list_by(values, step).unwrap().with_split(Split::Interleave);
            prop_assert_eq!(merged(&v, cores, 100), walk(&v, 100));
        }
    }

    /// A list interleaved between cores wraps (moves its next variable) each time its walk
    /// passes the end, as TRex's stepped walk does: twice in three packets for two cores
    /// on three values.
    #[test]
    fn an_interleaved_list_wraps_each_time_it_passes_the_end() {
        let mut v = Var::list(vec![10, 11, 12]).unwrap().with_split(Split::Interleave);
        v.split(0, 2);
        let steps: Vec<(u64, bool)> = (0..6)
            .map(|_| {
                let wrapped = v.advance();
                (v.value(0), wrapped)
            })
            .collect();
        assert_eq!(steps, [(12, false), (11, true), (10, true), (12, false), (11, true), (10, true)]);
    }

    /// `whole`: every core walks every value from the first.
    #[test]
    fn whole_variables_walk_everything_on_every_core() {
        let v = Var::range(VarKind::Inc, 5, 9, 1, None, 0).unwrap().with_split(Split::Whole);
        for k in 0..3 {
            let mut c = v.clone();
            c.split(k, 3);
            assert_eq!(walk(&c, 7), [5, 6, 7, 8, 9, 5, 6]);
        }
    }

    /// TRex's repeatable random on core k of N: its seed times (k + 1) * 514229, and a
    /// share of its limit (core 0 the remainder too, at least one value each).
    #[test]
    fn an_interleaved_repeatable_random_takes_trexs_seed_and_limit_per_core() {
        let v = Var::repeatable_random(2, 1024, 65535, 7, 5).unwrap().with_split(Split::Interleave);
        assert_eq!(walk(&v, 5), trex_repeatable_random(2, 1024, 65535, 7, 5));
        for (k, limit) in [(0u32, 3usize), (1, 2)] {
            let mut c = v.clone();
            c.split(k as usize, 2);
            let seed = 7u32.wrapping_mul((k + 1).wrapping_mul(514_229));
            let want = trex_repeatable_random(2, 1024, 65535, seed, limit);
            assert_eq!(walk(&c, limit * 2), [want.clone(), want].concat(), "core {k}");
        }
        let mut c = Var::repeatable_random(1, 0, 255, 0, 2).unwrap().with_split(Split::Interleave);
        c.split(4, 8);
        assert_eq!(walk(&c, 2).len(), 2, "one value at least");
    }

    /// Riptide's default stays a contiguous share, each starting as far along its share
    /// as the whole walk was: a dec walk from its init too (one core started at max).
    #[test]
    fn shares_stay_contiguous_and_start_where_the_walk_does() {
        let v = Var::range(VarKind::Inc, 0, 9, 1, None, 0).unwrap();
        assert_eq!(merged(&v, 2, 6), [0, 5, 1, 6, 2, 7]);
        let v = Var::range(VarKind::Dec, 0, 9, 1, Some(5), 0).unwrap();
        assert_eq!(walk(&v, 7), [5, 4, 3, 2, 1, 0, 9]);
        assert_eq!(merged(&v, 2, 6), [0, 5, 4, 9, 3, 8]);
    }
}
