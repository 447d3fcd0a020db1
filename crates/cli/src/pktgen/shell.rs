//! Shell scripts that drive `/proc/net/pktgen` run unchanged: bash runs the script in a
//! private mount namespace in which `/proc/net/pktgen` is riptide's FUSE filesystem
//! ([`super::fuse`] over [`super::procfs`]), and `modprobe pktgen` / `lsmod` answer as
//! if the module were loaded.
//!
//! The namespace is made by riptide itself, re-executed as a single-threaded helper
//! (`riptide __pktgen-ns`): it unshares the mount and PID namespaces and forks the new
//! PID namespace's init, which covers `/proc` with a tmpfs of links into a fresh procfs
//! mount (`/proc/.real`), makes `/proc/net` a directory of links into `/proc/self/net`
//! plus the `pktgen` mount point, mounts the FUSE descriptor riptide opened, and runs
//! bash on the script as its one child. Nothing is mounted outside that namespace, so
//! nothing is left behind whatever happens to riptide or the script.
//!
//! **The script's whole process tree ends with riptide** (issue 32, N6): when bash exits,
//! init exits, and the kernel kills everything left in the PID namespace (background
//! children included); when riptide dies, even of SIGKILL, the helper gets SIGKILL
//! (`PR_SET_PDEATHSIG`), then init, then the namespace.
//!
//! **Rights.** By default the script runs as root, as the kernel's pktgen scripts expect
//! (they check `$EUID` and call `ip`, `ethtool`, `sysctl`): it can do what root can,
//! outside its mount namespace too. With `--unprivileged` bash runs in a user namespace
//! of its own as its root, which is `nobody` (65534) outside it: it can still drive
//! `/proc/net/pktgen` and read world-readable files, and can write nothing that only root
//! may (the script, and what it sources, must then be readable by everyone).
//!
//! **Signals.** bash starts with a terminal's dispositions (SIGINT and SIGQUIT default,
//! whatever riptide inherited: a `make test &` ignores them), so a script's `trap ...
//! SIGINT` and Ctrl-C work as in a terminal. The helper and init ignore SIGINT and
//! SIGQUIT (Ctrl-C reaches bash from the terminal itself) and pass SIGTERM and SIGHUP on
//! to bash.

use crate::Failure;
use std::ffi::CString;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::Path;

/// The descriptor number the helper finds the FUSE device on.
const FUSE_FD: i32 = 3;

/// Whether `text` is a shell script rather than a plain command file: the plain
/// parser refuses it and it uses shell syntax.
pub(crate) fn is_shell(text: &str, plain_ok: bool) -> bool {
    if plain_ok {
        return false;
    }
    text.lines().map(str::trim).any(|l| {
        l.contains("()")
            || l.starts_with("function ")
            || l.contains('$')
            || l.starts_with("source ")
            || l.starts_with(". ")
            || l.starts_with("if ")
            || l.starts_with("for ")
            || l.starts_with("while ")
            || l.starts_with("case ")
    })
}

/// Opens /dev/fuse for the helper.
pub(crate) fn open_fuse() -> Result<OwnedFd, Failure> {
    let f = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/fuse")
        .map_err(|e| Failure::runtime(format!("/dev/fuse: {e} (pktgen shell scripts need FUSE and root)")))?;
    Ok(OwnedFd::from(f))
}

/// Starts the helper: `riptide __pktgen-ns SCRIPT ARGS` with the FUSE device as fd 3.
pub(crate) fn spawn(
    fuse: &OwnedFd,
    script: &Path,
    args: &[String],
    threads: usize,
    unprivileged: bool,
) -> Result<std::process::Child, Failure> {
    use std::os::unix::process::CommandExt;
    let exe = std::env::current_exe().map_err(|e| Failure::runtime(format!("riptide's own path: {e}")))?;
    let fd = fuse.as_raw_fd();
    let mut c = std::process::Command::new(exe);
    c.arg("__pktgen-ns").arg("--threads").arg(threads.to_string());
    if unprivileged {
        c.arg("--unprivileged");
    }
    c.arg(script).args(args);
    // SAFETY: between fork and exec only prctl, signal, dup2 and fcntl run, which are
    // async-signal-safe.
    unsafe {
        c.pre_exec(move || {
            // The helper (and so the script's namespace) dies with riptide, even of SIGKILL.
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // A terminal's dispositions, whatever riptide inherited.
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGQUIT, libc::SIG_DFL);
            if fd == FUSE_FD {
                let flags = libc::fcntl(fd, libc::F_GETFD);
                libc::fcntl(fd, libc::F_SETFD, flags & !libc::FD_CLOEXEC);
            } else if libc::dup2(fd, FUSE_FD) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    c.spawn().map_err(|e| Failure::runtime(format!("cannot start the pktgen namespace helper: {e}")))
}

fn cstr(s: &str) -> CString {
    CString::new(s).unwrap_or_default()
}

fn check(rc: libc::c_int, what: &str) -> Result<(), Failure> {
    if rc != 0 {
        return Err(Failure::runtime(format!("{what}: {}", std::io::Error::last_os_error())));
    }
    Ok(())
}

fn mount(
    src: &str,
    target: &str,
    fstype: Option<&str>,
    flags: libc::c_ulong,
    data: Option<&str>,
) -> Result<(), Failure> {
    let (s, t) = (cstr(src), cstr(target));
    let ft = fstype.map(cstr);
    let d = data.map(cstr);
    // SAFETY: every pointer is a NUL-terminated string alive across the call, or null.
    let rc = unsafe {
        libc::mount(
            s.as_ptr(),
            t.as_ptr(),
            ft.as_ref().map_or(std::ptr::null(), |f| f.as_ptr()),
            flags,
            d.as_ref().map_or(std::ptr::null(), |d| d.as_ptr().cast()),
        )
    };
    check(rc, &format!("mount {target}"))
}

const MODPROBE: &str = "#!/bin/sh\n# riptide's pktgen emulation: the pktgen module is always loaded here.\nfor a in \"$@\"; do case \"$a\" in -*) ;; pktgen) exit 0 ;; *) echo \"modprobe: riptide's pktgen emulation loads only pktgen, not $a\" >&2; exit 1 ;; esac; done\nexit 0\n";
const LSMOD: &str = "#!/bin/sh\n# riptide's pktgen emulation: pktgen is listed as loaded.\nprintf '%-24s %7s  %s\\n' Module Size 'Used by'\nprintf '%-24s %7s  %s\\n' pktgen 98304 0\nwhile read -r name size used _; do printf '%-24s %7s  %s\\n' \"$name\" \"$size\" \"$used\"; done < /proc/.real/modules 2>/dev/null\nexit 0\n";

/// The helper, in the re-executed riptide (single-threaded): unshares the mount and PID
/// namespaces, forks the namespace's init ([`init`]) and exits as it does.
pub(crate) fn helper(script: &Path, args: &[String], unprivileged: bool) -> Result<(), Failure> {
    // SAFETY: unshare has no memory arguments.
    check(unsafe { libc::unshare(libc::CLONE_NEWNS | libc::CLONE_NEWPID) }, "unshare(CLONE_NEWNS | CLONE_NEWPID)")?;
    mount("none", "/", None, libc::MS_REC | libc::MS_PRIVATE, None)?;
    // SAFETY: fork has no arguments; this process is single-threaded.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(Failure::runtime(format!("fork: {}", std::io::Error::last_os_error())));
    }
    if pid == 0 {
        // Init of the new PID namespace: it dies with the helper. (Its parent is outside
        // the namespace, so getppid says 0 and cannot tell whether the helper died in the
        // few instructions since the fork; only a SIGKILL could have done that.)
        // SAFETY: prctl takes no pointers.
        unsafe { libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) };
        let code = match init(script, args, unprivileged) {
            Ok(code) => code,
            Err(f) => {
                eprintln!("riptide: {}", f.message);
                127
            }
        };
        // SAFETY: ends this process; the kernel then kills what is left in the namespace.
        unsafe { libc::_exit(code) };
    }
    // Ctrl-C reaches bash from the terminal; the helper stays to pass on its status.
    ignore_terminal_signals();
    let status = wait_for(pid)?;
    // SAFETY: ends this process with init's status.
    unsafe { libc::_exit(status) };
}

/// Ignores SIGINT and SIGQUIT.
fn ignore_terminal_signals() {
    // SAFETY: setting dispositions has no memory arguments.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_IGN);
        libc::signal(libc::SIGQUIT, libc::SIG_IGN);
    }
}

/// Waits for `pid`; its exit status (128 + the signal that ended it).
fn wait_for(pid: libc::pid_t) -> Result<i32, Failure> {
    loop {
        let mut status = 0;
        // SAFETY: a valid pointer to an int for the status.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            return Ok(if libc::WIFEXITED(status) {
                libc::WEXITSTATUS(status)
            } else if libc::WIFSIGNALED(status) {
                128 + libc::WTERMSIG(status)
            } else {
                continue;
            });
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(Failure::runtime(format!("waitpid: {e}")));
        }
    }
}

/// The pid of the bash child, for the signals init passes on.
static BASH: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

extern "C" fn pass_on(sig: libc::c_int) {
    let pid = BASH.load(std::sync::atomic::Ordering::Relaxed);
    if pid > 0 {
        // SAFETY: kill is async-signal-safe.
        unsafe { libc::kill(pid, sig) };
    }
}

/// Init of the script's PID namespace: mounts the emulated /proc, runs bash on the script
/// as its child, reaps orphans, and gives bash's status.
fn init(script: &Path, args: &[String], unprivileged: bool) -> Result<i32, Failure> {
    mount_proc()?;
    // The user namespace is made by bash's process; its uid map is written from here,
    // where the rights to write it are. Two pipes order the steps.
    let (unshared, mapped) = (pipe()?, pipe()?);
    // SAFETY: this process is single-threaded.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(Failure::runtime(format!("fork: {}", std::io::Error::last_os_error())));
    }
    if pid == 0 {
        let err = exec_bash(script, args, unprivileged.then_some((&unshared, &mapped)));
        eprintln!("riptide: {}", err.message);
        // SAFETY: ends the child that could not become bash.
        unsafe { libc::_exit(127) };
    }
    BASH.store(pid, std::sync::atomic::Ordering::Relaxed);
    ignore_terminal_signals();
    let handler: extern "C" fn(libc::c_int) = pass_on;
    // SAFETY: the handler only reads an atomic and calls kill, both async-signal-safe.
    unsafe {
        libc::signal(libc::SIGTERM, handler as libc::sighandler_t);
        libc::signal(libc::SIGHUP, handler as libc::sighandler_t);
    }
    if unprivileged {
        map_to_nobody(pid, &unshared, &mapped)?;
    }
    // Reap every orphan until bash itself ends.
    loop {
        let mut status = 0;
        // SAFETY: a valid pointer to an int for the status.
        let r = unsafe { libc::waitpid(-1, &mut status, 0) };
        if r == pid {
            if libc::WIFEXITED(status) {
                return Ok(libc::WEXITSTATUS(status));
            }
            if libc::WIFSIGNALED(status) {
                return Ok(128 + libc::WTERMSIG(status));
            }
        } else if r < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return Err(Failure::runtime(format!("waitpid: {}", std::io::Error::last_os_error())));
        }
    }
}

/// A pipe's two ends (read, write).
type Pipe = (OwnedFd, OwnedFd);

/// A new [`Pipe`].
fn pipe() -> Result<Pipe, Failure> {
    use std::os::fd::FromRawFd;
    let mut fds = [0; 2];
    // SAFETY: a valid pointer to two ints.
    check(unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) }, "pipe")?;
    // SAFETY: pipe2 just made both descriptors; each is owned once.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

fn write_byte(fd: &OwnedFd) -> bool {
    // SAFETY: one byte from a live buffer to a descriptor we own.
    unsafe { libc::write(fd.as_raw_fd(), [1u8].as_ptr().cast(), 1) == 1 }
}

fn read_byte(fd: &OwnedFd) -> bool {
    let mut b = [0u8];
    // SAFETY: one byte into a live buffer from a descriptor we own.
    unsafe { libc::read(fd.as_raw_fd(), b.as_mut_ptr().cast(), 1) == 1 }
}

/// Writes the user namespace of bash's process `pid`: its root is nobody (65534) outside.
fn map_to_nobody(pid: libc::pid_t, unshared: &Pipe, mapped: &Pipe) -> Result<(), Failure> {
    if !read_byte(&unshared.0) {
        return Err(Failure::runtime("--unprivileged: the script's process did not make its user namespace"));
    }
    let io = |what: String| move |e: std::io::Error| Failure::runtime(format!("--unprivileged: {what}: {e}"));
    for (file, text) in [("setgroups", "deny"), ("uid_map", "0 65534 1"), ("gid_map", "0 65534 1")] {
        let path = format!("/proc/.real/{pid}/{file}");
        std::fs::write(&path, text).map_err(io(path))?;
    }
    if !write_byte(&mapped.1) {
        return Err(Failure::runtime("--unprivileged: the script's process is gone"));
    }
    Ok(())
}

/// Becomes bash on the script (in a user namespace of its own where `userns` says so):
/// returns only on failure.
fn exec_bash(script: &Path, args: &[String], userns: Option<(&Pipe, &Pipe)>) -> Failure {
    // A terminal's dispositions for the script.
    // SAFETY: setting dispositions has no memory arguments.
    unsafe {
        for sig in [libc::SIGINT, libc::SIGQUIT, libc::SIGTERM, libc::SIGHUP] {
            libc::signal(sig, libc::SIG_DFL);
        }
    }
    if let Some((unshared, mapped)) = userns {
        // SAFETY: unshare has no memory arguments; this process is single-threaded.
        if let Err(f) = check(unsafe { libc::unshare(libc::CLONE_NEWUSER) }, "--unprivileged: unshare(CLONE_NEWUSER)") {
            return f;
        }
        if !write_byte(&unshared.1) || !read_byte(&mapped.0) {
            return Failure::runtime("--unprivileged: init did not map the user namespace");
        }
        // SAFETY: setresgid and setresuid take no pointers; 0 is the namespace's root.
        let rc = unsafe { libc::setresgid(0, 0, 0) | libc::setresuid(0, 0, 0) };
        if let Err(f) = check(rc, "--unprivileged: becoming the namespace's root") {
            return f;
        }
    }
    let path = std::env::var("PATH").unwrap_or_else(|_| "/usr/sbin:/usr/bin:/sbin:/bin".into());
    let err = {
        use std::os::unix::process::CommandExt;
        std::process::Command::new("bash")
            .arg(script)
            .args(args)
            .env("PATH", format!("/proc/.riptide-bin:{path}"))
            .exec()
    };
    Failure::runtime(format!("bash: {err}"))
}

/// The emulated /proc: procfs of this PID namespace under /proc/.real, links to it, the
/// FUSE mount at /proc/net/pktgen, and modprobe and lsmod that say pktgen is loaded.
fn mount_proc() -> Result<(), Failure> {
    let names = |dir: &str| -> Vec<String> {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .collect()
    };
    let net_entries = names("/proc/self/net");
    mount("riptide", "/proc", Some("tmpfs"), libc::MS_NOSUID | libc::MS_NODEV, Some("mode=0555,size=4m"))?;
    let io = |what: String| move |e: std::io::Error| Failure::runtime(format!("{what}: {e}"));
    std::fs::create_dir("/proc/.real").map_err(io("/proc/.real".into()))?;
    // Mounted from inside the new PID namespace: it shows this namespace's processes.
    mount("proc", "/proc/.real", Some("proc"), libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC, None)?;
    // Links to its entries (processes started later are reached through `self`).
    for e in names("/proc/.real").iter().filter(|e| *e != "net") {
        std::os::unix::fs::symlink(format!(".real/{e}"), format!("/proc/{e}")).map_err(io(format!("/proc/{e}")))?;
    }
    std::fs::create_dir("/proc/net").map_err(io("/proc/net".into()))?;
    for e in net_entries.iter().filter(|e| *e != "pktgen") {
        std::os::unix::fs::symlink(format!("../.real/self/net/{e}"), format!("/proc/net/{e}"))
            .map_err(io(format!("/proc/net/{e}")))?;
    }
    std::fs::create_dir("/proc/net/pktgen").map_err(io("/proc/net/pktgen".into()))?;
    mount(
        "riptide-pktgen",
        "/proc/net/pktgen",
        Some("fuse"),
        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
        Some(&format!("fd={FUSE_FD},rootmode=40000,user_id=0,group_id=0,allow_other")),
    )?;
    // SAFETY: closing this process's copy of the FUSE device; the mount holds the connection.
    unsafe { libc::close(FUSE_FD) };
    // modprobe and lsmod say pktgen is loaded: first in PATH, and over the real ones.
    std::fs::create_dir("/proc/.riptide-bin").map_err(io("/proc/.riptide-bin".into()))?;
    for (name, text) in [("modprobe", MODPROBE), ("lsmod", LSMOD)] {
        let path = format!("/proc/.riptide-bin/{name}");
        std::fs::write(&path, text).map_err(io(path.clone()))?;
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).map_err(io(path.clone()))?;
        let mut done = vec![];
        for dir in ["/usr/sbin", "/sbin", "/usr/bin", "/bin"] {
            let real = Path::new(dir).join(name);
            let Ok(canon) = real.canonicalize() else { continue };
            if done.contains(&canon) {
                continue;
            }
            mount(&path, &canon.display().to_string(), None, libc::MS_BIND, None)?;
            done.push(canon);
        }
    }
    Ok(())
}

/// The script's line that spells `cmd`, for an error message.
pub(crate) fn line_of(script_text: &str, cmd: &str) -> Option<usize> {
    let found = |needle: &str| script_text.lines().position(|l| !l.trim_start().starts_with('#') && l.contains(needle));
    found(cmd)
        .or_else(|| {
            let mut w = cmd.split_whitespace();
            let key = w.next()?;
            let arg = w.next()?;
            script_text
                .lines()
                .position(|l| l.contains(key) && l.contains(arg))
                // Built from a variable: the line that writes KEY $...
                .or_else(|| {
                    script_text
                        .lines()
                        .position(|l| l.contains(&format!("{key} $")) || l.contains(&format!("{key} ${{")))
                })
        })
        .map(|i| i + 1)
}
