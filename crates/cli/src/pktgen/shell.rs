//! Shell scripts that drive `/proc/net/pktgen` run unchanged: bash runs the script in a
//! private mount namespace in which `/proc/net/pktgen` is riptide's FUSE filesystem
//! ([`super::fuse`] over [`super::procfs`]), and `modprobe pktgen` / `lsmod` answer as
//! if the module were loaded.
//!
//! The namespace is made by riptide itself, re-executed as a single-threaded helper
//! (`riptide __pktgen-ns`): it unshares the mount namespace, covers `/proc` with a tmpfs
//! of links into a fresh procfs mount (`/proc/.real`), makes `/proc/net` a directory of
//! links into `/proc/self/net` plus the `pktgen` mount point, mounts the FUSE
//! descriptor its parent opened, and execs bash. Nothing is mounted outside that
//! namespace, so nothing is left behind whatever happens to riptide or the script.

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
) -> Result<std::process::Child, Failure> {
    use std::os::unix::process::CommandExt;
    let exe = std::env::current_exe().map_err(|e| Failure::runtime(format!("riptide's own path: {e}")))?;
    let fd = fuse.as_raw_fd();
    let mut c = std::process::Command::new(exe);
    c.arg("__pktgen-ns").arg("--threads").arg(threads.to_string()).arg(script).args(args);
    // SAFETY: between fork and exec only dup2 and fcntl run, which are async-signal-safe.
    unsafe {
        c.pre_exec(move || {
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

/// The helper, in the re-executed riptide: builds the namespace and execs bash.
pub(crate) fn helper(script: &Path, args: &[String]) -> Result<(), Failure> {
    // SAFETY: unshare has no memory arguments.
    check(unsafe { libc::unshare(libc::CLONE_NEWNS) }, "unshare(CLONE_NEWNS)")?;
    mount("none", "/", None, libc::MS_REC | libc::MS_PRIVATE, None)?;
    let names = |dir: &str| -> Vec<String> {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().into_string().ok())
            .collect()
    };
    let proc_entries = names("/proc");
    let net_entries = names("/proc/self/net");
    mount("riptide", "/proc", Some("tmpfs"), libc::MS_NOSUID | libc::MS_NODEV, Some("mode=0555,size=4m"))?;
    let io = |what: String| move |e: std::io::Error| Failure::runtime(format!("{what}: {e}"));
    std::fs::create_dir("/proc/.real").map_err(io("/proc/.real".into()))?;
    mount("proc", "/proc/.real", Some("proc"), libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC, None)?;
    for e in proc_entries.iter().filter(|e| *e != "net") {
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
    // SAFETY: closing the helper's copy of the FUSE device; the mount holds the connection.
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
    let path = std::env::var("PATH").unwrap_or_else(|_| "/usr/sbin:/usr/bin:/sbin:/bin".into());
    let err = {
        use std::os::unix::process::CommandExt;
        std::process::Command::new("bash")
            .arg(script)
            .args(args)
            .env("PATH", format!("/proc/.riptide-bin:{path}"))
            .exec()
    };
    Err(Failure::runtime(format!("bash: {err}")))
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
