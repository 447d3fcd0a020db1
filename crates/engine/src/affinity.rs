//! Worker placement: the CPUs this process may use, and pinning a worker thread to one.

use std::io;
use std::os::unix::thread::JoinHandleExt;
use std::thread::JoinHandle;

/// The CPUs this process may run on (`sched_getaffinity`), sorted.
pub fn allowed_cpus() -> io::Result<Vec<usize>> {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; sched_getaffinity fills it.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: pid 0 is the calling thread; the size is the set's.
    if unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: CPU_ISSET reads the set filled above, below its size.
    Ok((0..libc::CPU_SETSIZE as usize).filter(|&c| unsafe { libc::CPU_ISSET(c, &set) }).collect())
}

/// Checks a pin list against the run's worker count and the CPUs this process may use.
pub(crate) fn check(cores: usize, pin: &[usize]) -> Result<(), String> {
    if pin.is_empty() {
        return Ok(());
    }
    if pin.len() != cores {
        return Err(format!("{} pinned cores listed for {cores} workers: list one core per worker", pin.len()));
    }
    let mut seen = pin.to_vec();
    seen.sort_unstable();
    if seen.windows(2).any(|w| w[0] == w[1]) {
        return Err("a core is listed twice: each worker gets a core of its own".into());
    }
    let allowed = allowed_cpus().map_err(|e| format!("cannot read this process's CPUs: {e}"))?;
    if let Some(c) = pin.iter().find(|c| !allowed.contains(c)) {
        return Err(format!(
            "core {c} is not one this process may run on ({})",
            riptide_core::cpulist::Compact(&allowed)
        ));
    }
    Ok(())
}

/// Pins a spawned thread to `core`.
pub(crate) fn pin<T>(thread: &JoinHandle<T>, core: usize) -> io::Result<()> {
    if core >= libc::CPU_SETSIZE as usize {
        return Err(io::Error::from_raw_os_error(libc::EINVAL));
    }
    // SAFETY: a zeroed cpu_set_t is the empty set; CPU_SET writes inside it (core is
    // below its size); the pthread is alive (its JoinHandle is held, not joined).
    let rc = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(core, &mut set);
        libc::pthread_setaffinity_np(thread.as_pthread_t(), std::mem::size_of::<libc::cpu_set_t>(), &set)
    };
    if rc != 0 {
        return Err(io::Error::from_raw_os_error(rc));
    }
    Ok(())
}

/// Runs a spawned thread at real-time priority: `SCHED_FIFO` at
/// [`REALTIME_PRIORITY`](crate::REALTIME_PRIORITY).
pub(crate) fn realtime<T>(thread: &JoinHandle<T>) -> io::Result<()> {
    let param = libc::sched_param { sched_priority: crate::REALTIME_PRIORITY };
    // SAFETY: the pthread is alive (its JoinHandle is held, not joined); param is valid.
    let rc = unsafe { libc::pthread_setschedparam(thread.as_pthread_t(), libc::SCHED_FIFO, &param) };
    if rc != 0 {
        return Err(io::Error::from_raw_os_error(rc));
    }
    Ok(())
}

/// Whether this process may run threads at real-time priority (`SCHED_FIFO` at
/// [`REALTIME_PRIORITY`](crate::REALTIME_PRIORITY): root, `CAP_SYS_NICE`, or an
/// `RLIMIT_RTPRIO` that high): tried on a thread of its own, which ends at once.
pub fn realtime_permitted() -> io::Result<()> {
    let probe = std::thread::Builder::new().name("riptide-rt-probe".into()).spawn(|| {
        let param = libc::sched_param { sched_priority: crate::REALTIME_PRIORITY };
        // SAFETY: pthread_self names the calling thread; param is valid for the call.
        let rc = unsafe { libc::pthread_setschedparam(libc::pthread_self(), libc::SCHED_FIFO, &param) };
        if rc != 0 {
            return Err(io::Error::from_raw_os_error(rc));
        }
        Ok(())
    })?;
    probe.join().map_err(|_| io::Error::other("the real-time probe thread panicked"))?
}

/// Sets the calling thread's nice value (19: runs on what other threads leave; 0: back
/// to normal, which needs root or CAP_SYS_NICE once lowered).
pub fn nice(value: i32) -> io::Result<()> {
    // SAFETY: no pointers; gettid names the calling thread, which setpriority accepts
    // as a process id on Linux (per-thread nice values).
    let rc = unsafe { libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, value) };
    if rc != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The calling thread's scheduling policy (`SCHED_OTHER`, `SCHED_FIFO`, ...).
pub fn policy() -> i32 {
    // SAFETY: no arguments; returns the policy of the calling thread (pid 0).
    unsafe { libc::sched_getscheduler(0) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pin_list_needs_one_allowed_core_per_worker() {
        let allowed = allowed_cpus().unwrap();
        let first = allowed[0];
        assert_eq!(check(1, &[]), Ok(()));
        assert_eq!(check(1, &[first]), Ok(()));
        assert!(check(2, &[first]).unwrap_err().contains("1 pinned cores listed for 2 workers"));
        assert!(check(2, &[first, first]).unwrap_err().contains("listed twice"));
        let e = check(1, &[4000]).unwrap_err();
        assert!(e.contains("core 4000 is not one this process may run on"), "{e}");
    }

    #[test]
    fn a_pinned_thread_reports_its_one_core() {
        let core = *allowed_cpus().unwrap().last().unwrap();
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let h = std::thread::spawn(move || {
            rx.recv().unwrap();
            allowed_cpus().unwrap()
        });
        pin(&h, core).unwrap();
        tx.send(()).unwrap();
        assert_eq!(h.join().unwrap(), vec![core]);
    }
}
