//! What riptide says when it lacks rights, or a namespace: each refusal names what is
//! needed and how to get it (`... needs root (CAPS): run riptide with sudo`, "root" said
//! once), never a bare `Operation not permitted` or a lock file's `Permission denied`; a
//! missing namespace names what makes it (`riptide lab up` for the lab's, `ip netns add`
//! for others).
//!
//! The refusals are met by running the binary as nobody (uid 65534, `setpriv` of
//! util-linux, as python/tests/test_security.py does), from a copy in a folder everyone
//! can read; that needs root, which the cases require (riptide_testkit: they fail
//! without it unless `RIPTIDE_ALLOW_SKIP=1`, and then the skip is counted).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{repo, riptide, stderr, test_net, wait_within, COMMAND_BOUND};

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The binary and a profile, copied where nobody may read them.
struct Nobody {
    dir: tempfile::TempDir,
    bin: PathBuf,
}

impl Nobody {
    /// Root and setpriv are required to run riptide as nobody (riptide_testkit); `None`
    /// only when they are missing and the skip is allowed.
    #[track_caller]
    fn new() -> Option<Nobody> {
        if !riptide_testkit::require_root() || !riptide_testkit::require_tool("setpriv") {
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let bin = dir.path().join("riptide");
        std::fs::copy(env!("CARGO_BIN_EXE_riptide"), &bin).unwrap();
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        for f in ["profiles/udp64.yaml", "examples/pktgen/shell/pgset.sh"] {
            let to = dir.path().join(Path::new(f).file_name().unwrap());
            std::fs::copy(repo().join(f), &to).unwrap();
            std::fs::set_permissions(&to, std::fs::Permissions::from_mode(0o644)).unwrap();
        }
        Some(Nobody { dir, bin })
    }

    fn path(&self, name: &str) -> String {
        self.dir.path().join(name).display().to_string()
    }

    /// `riptide ARGS` as uid and gid 65534, no groups, in the copy's folder.
    fn run(&self, args: &[&str]) -> Output {
        let child = Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&self.bin)
            .args(args)
            .current_dir(self.dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        wait_within(child, COMMAND_BOUND, &format!("riptide {} (as nobody)", args.join(" ")))
    }
}

/// A refusal: exit status `code`, stderr is one error that names `needs` and says "root"
/// once, and none of the kernel's bare words.
fn refused(o: &Output, code: i32, needs: &str) {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(code), "{e}");
    assert!(e.contains(needs), "expected {needs:?} in: {e}");
    assert!(e.contains("run riptide with sudo"), "{e}");
    assert_eq!(e.matches("root").count(), 1, "'root' once: {e}");
    for bare in ["Operation not permitted", "Permission denied", "os error", "lock file"] {
        assert!(!e.contains(bare), "{bare:?} in: {e}");
    }
}

#[test]
fn entering_a_namespace_without_root_says_it_needs_root() {
    let Some(nobody) = Nobody::new() else { return };
    let Some(net) = test_net() else { return };
    let p = nobody.path("udp64.yaml");
    let o = nobody.run(&["run", &p, "--netns", &net.ns_a, "--port", "null", "-n", "1"]);
    refused(&o, 2, &format!("--netns {0}: entering network namespace '{0}' needs root (CAP_SYS_ADMIN)", net.ns_a));
    let o = nobody.run(&["serve", "--netns", &net.ns_a, "--port", "null", "--no-auth", "--bind", "127.0.0.1:0"]);
    refused(&o, 2, "needs root (CAP_SYS_ADMIN)");
}

#[test]
fn interface_ports_without_root_say_they_need_root() {
    let Some(nobody) = Nobody::new() else { return };
    // Root's lock folder exists (as after any run as root): nobody cannot open a lock
    // file in it, and is told what the port needs rather than that.
    drop(riptide_port::lock::lock_interface("rt-priv-probe").unwrap());
    let p = nobody.path("udp64.yaml");
    let o = nobody.run(&["run", &p, "--port", "afpacket:lo", "-n", "1"]);
    refused(&o, 2, "port 'afpacket:lo': an AF_PACKET port needs root (CAP_NET_RAW)");
    let o = nobody.run(&["run", &p, "--port", "afxdp:lo", "-n", "1"]);
    refused(&o, 2, "port 'afxdp:lo': an AF_XDP port needs root (CAP_NET_RAW, CAP_NET_ADMIN, CAP_BPF)");
}

#[test]
fn the_lab_and_pktgen_scripts_without_root_say_they_need_root() {
    let Some(nobody) = Nobody::new() else { return };
    let tg = Path::new("/var/run/netns").join(riptide_port::lab::TG_NS);
    let was_up = tg.exists();
    let o = nobody.run(&["lab", "up"]);
    refused(&o, 2, "riptide lab up needs root (CAP_SYS_ADMIN, CAP_NET_ADMIN");
    assert!(was_up || !tg.exists(), "nothing built");
    let script = nobody.path("pgset.sh");
    let o = nobody.run(&["pktgen", &script, "--port", "null", "--", "rt0", "128"]);
    refused(&o, 2, "a pktgen shell script needs root (CAP_SYS_ADMIN");
}

#[test]
fn a_missing_namespace_names_what_makes_it() {
    let p = "profiles/udp64.yaml";
    let other = format!("rt-test-{}-missing", std::process::id());
    let o = riptide(&["run", p, "--netns", &other, "--port", "null", "-n", "1"]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains(&format!("--netns {other}: no network namespace '{other}' (/var/run/netns/{other})")), "{e}");
    assert!(e.contains(&format!("`ip netns add {other}` makes one")), "{e}");
    assert!(!e.contains("No such file"), "{e}");
    let tg = riptide_port::lab::TG_NS;
    if Path::new("/var/run/netns").join(tg).exists() {
        riptide_testkit::skip_or_fail(format!("needs no lab of the default name up ({tg} exists)"));
        return;
    }
    let o = riptide(&["run", p, "--netns", tg, "--port", "null", "-n", "1"]);
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains(&format!("--netns {tg}: no network namespace '{tg}'")), "{e}");
    assert!(e.contains("`riptide lab up` makes it") && !e.contains("ip netns add"), "{e}");
}
