//! Ctrl-C ends a run cleanly: the workers stop, ports are finished, stats print.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_signal(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Installs the handler for SIGINT and SIGTERM.
pub(crate) fn install() {
    let handler: extern "C" fn(libc::c_int) = on_signal;
    // SAFETY: installing a handler is sound; the handler only stores to an
    // atomic, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
        libc::signal(libc::SIGTERM, handler as libc::sighandler_t);
    }
}

/// Whether Ctrl-C (or SIGTERM) arrived.
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
