//! The instructions of programs that decide as they run ([`crate::machine`]): TRex ASTF's
//! commands one for one, their jumps as instruction indices. A leaf: [`crate::program`]
//! keeps them, [`crate::machine`] runs them.

/// TRex's flow variables and clock variables per connection (`apVAR_NUM_SIZE`).
pub const VARS: usize = 2;

/// A comparison of `jmp_cmp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// Always (TRex's `jmp`).
    Always,
    /// `lt`.
    Lt,
    /// `gt`.
    Gt,
    /// `eq`.
    Eq,
    /// `ge`.
    Ge,
    /// `le`.
    Le,
    /// `ne`.
    Ne,
}

impl Cmp {
    /// TRex's operator name (`None`: unconditional).
    pub fn parse(op: Option<&str>) -> Option<Cmp> {
        Some(match op {
            None => Cmp::Always,
            Some("lt") => Cmp::Lt,
            Some("gt") => Cmp::Gt,
            Some("eq") => Cmp::Eq,
            Some("ge") => Cmp::Ge,
            Some("le") => Cmp::Le,
            Some("ne") => Cmp::Ne,
            Some(_) => return None,
        })
    }

    pub(crate) fn holds(self, x: u64, y: u64) -> bool {
        match self {
            Cmp::Always => true,
            Cmp::Lt => x < y,
            Cmp::Gt => x > y,
            Cmp::Eq => x == y,
            Cmp::Ge => x >= y,
            Cmp::Le => x <= y,
            Cmp::Ne => x != y,
        }
    }
}

/// One instruction. Jump targets are instruction indices; one at or past the end ends the
/// program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Instr {
    /// Queue payload `i` (of the program's payloads); a blocking send then waits until
    /// every byte queued is acknowledged, a non-blocking one while the send buffer is full.
    Send(u32),
    /// Wait until `want` more bytes have arrived (bytes that came early count), take them;
    /// `clear`: forget the rest (TRex's `rx` with its running total worked out).
    Recv {
        /// Bytes.
        want: u64,
        /// Whether the surplus is forgotten.
        clear: bool,
    },
    /// Wait this long, ns.
    Delay(u64),
    /// Wait a time drawn from `min..=max` ns.
    DelayRand(u64, u64),
    /// Sends block (TRex's `set_send_blocking`).
    Blocking(bool),
    /// `set_var`.
    SetVar(u8, u64),
    /// `add_var` (wrapping, as TRex's unsigned counters).
    AddVar(u8, u64),
    /// `set_tick_var`: the clock variable is now.
    SetTick(u8),
    /// `add_tick_var`: the clock variable moves on by this many ns.
    AddTick(u8, u64),
    /// `jmp_nz`: decrement the variable; jump unless it is zero.
    JmpNz {
        /// The variable.
        var: u8,
        /// The target.
        to: u32,
    },
    /// `jmp_dp`: jump while less than `ns` has passed since the clock variable.
    JmpDp {
        /// The clock variable.
        var: u8,
        /// The duration.
        ns: u64,
        /// The target.
        to: u32,
    },
    /// `jmp_cmp` (and `jmp`): jump when `var cmp val`.
    JmpCmp {
        /// The variable.
        var: u8,
        /// The comparison.
        cmp: Cmp,
        /// The value compared with.
        val: u64,
        /// The target.
        to: u32,
    },
    /// Wait until the peer closes, then close (TRex's `wait_for_peer_close`).
    WaitPeerClose,
    /// RST; the program ends.
    Reset,
    /// FIN; the program ends.
    Close,
}
