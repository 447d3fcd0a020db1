"""riptide's Debian package (``make deb``, scripts/deb.sh) in a fresh Debian root
(debootstrap, minbase; scripts/debroot.sh makes one while CI builds): apt installs it
with its dependencies, its postinst makes the riptide group and gives the binary its
file capabilities, and a user in that group runs
100,000 frames across a lab ring on AF_PACKET and on AF_XDP ports, without root; a user
outside it cannot run the binary at all, and what still needs root says so. The man
pages and completions are the CLI's own, and the systemd unit passes systemd-analyze.

The fresh root and the lab are this test's own; the root's riptide runs inside the lab's
generator namespace, entered by root, as the user (chroot --userspec).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Iterator, List

import pytest

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve()
# What postinst gives the binary: each one measured as needed (docs/install.md).
CAPS = "cap_net_admin,cap_net_raw,cap_ipc_lock,cap_bpf=ep"


def sh(*args: str, timeout: int = 600, check: bool = True) -> subprocess.CompletedProcess:
    r = subprocess.run(list(args), capture_output=True, text=True, timeout=timeout)
    if check:
        assert r.returncode == 0, f"{args}: {r.stdout}{r.stderr}"
    return r


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("needs root (debootstrap, chroot, namespaces)")
    for tool in ("debootstrap", "dpkg-deb", "chroot"):
        if shutil.which(tool) is None:
            pytest.skip(f"no {tool} (scripts/setup.sh installs debootstrap)")
    sh(str(REPO / "scripts" / "deb.sh"), timeout=300)
    debs = sorted((REPO / "target" / "debian").glob("riptide_*.deb"))
    assert len(debs) == 1, debs
    r = tmp_path_factory.mktemp("debroot") / "root"
    made = REPO / "target" / "debroot" / "bookworm"
    if (made / ".complete").exists():
        # scripts/test.sh made it while the build ran: a copy is as fresh.
        sh("cp", "-a", str(made), str(r), timeout=300)
        (r / ".complete").unlink()
    else:
        sh("debootstrap", "--variant=minbase", "bookworm", str(r), "http://deb.debian.org/debian", timeout=900)
    shutil.copy("/etc/resolv.conf", r / "etc" / "resolv.conf")
    shutil.copy(debs[0], r / "tmp" / debs[0].name)
    env = "DEBIAN_FRONTEND=noninteractive"
    sh("chroot", str(r), "sh", "-c",
       f"{env} apt-get update -qq && {env} apt-get install -y -qq --no-install-recommends /tmp/{debs[0].name}")
    yield r
    for m in ("proc", "sys"):
        subprocess.run(["umount", "-l", str(r / m)], capture_output=True)


@pytest.fixture(scope="module")
def lab() -> Iterator[str]:
    name = f"deb-{os.getpid()}"
    sh(str(BIN), "lab", "up", "--name", name)
    yield name
    sh(str(BIN), "lab", "down", "--name", name, check=False)


def as_user(root: Path, lab: str, user: str, args: List[str]) -> subprocess.CompletedProcess:
    """``riptide ARGS`` of the installed package, as ``user``, in the lab's generator
    namespace (entered by root; its own /proc and /sys, and the host's /run/netns,
    mounted in the root for the command alone)."""
    line = " ".join(args)
    script = (f"mount -t proc proc {root}/proc && mount -t sysfs sys {root}/sys && mkdir -p {root}/run/netns && "
              f"mount --bind /run/netns {root}/run/netns && "
              f"exec chroot --userspec={user}:{user} {root} /usr/bin/riptide {line}")
    return subprocess.run(["ip", "netns", "exec", f"{lab}-tg", "sh", "-c", script], capture_output=True, text=True,
                          timeout=120)


def test_the_package_installs_what_it_says(root: Path) -> None:
    assert sh("chroot", str(root), "getcap", "/usr/bin/riptide").stdout.split()[-1] == CAPS
    st = os.stat(root / "usr" / "bin" / "riptide")
    assert oct(st.st_mode & 0o7777) == "0o750" and st.st_uid == 0
    group = sh("chroot", str(root), "getent", "group", "riptide").stdout.split(":")
    assert int(group[2]) == st.st_gid
    # Man pages and completions from the CLI's own definition: one page per subcommand.
    subs = [line.split()[0] for line in sh(str(BIN), "--help").stdout.split("Commands:")[1].split("Options:")[0]
            .strip().splitlines() if line.strip() and not line.strip().startswith("help")]
    pages = {p.name for p in (root / "usr/share/man/man1").iterdir()}
    for sub in subs:
        assert f"riptide-{sub}.1.gz" in pages, (sub, sorted(pages))
    assert (root / "usr/share/bash-completion/completions/riptide").read_text().count("riptide") > 10
    assert (root / "usr/share/riptide/python/riptide/trex/convert.py").is_file()
    # The unit: systemd's own check, warnings included (a misspelt key is only a warning).
    unit = (root / "lib/systemd/system/riptide-serve.service").read_text()
    assert "AmbientCapabilities=CAP_NET_RAW CAP_NET_ADMIN CAP_BPF CAP_IPC_LOCK" in unit
    if shutil.which("systemd-analyze"):
        here = root.parent / "riptide-serve.service"
        here.write_text(unit.replace("/usr/bin/riptide", str(BIN)))
        r = sh("systemd-analyze", "verify", "--man=no", str(here), check=False)
        assert r.returncode == 0 and r.stderr.strip() == "", r.stderr


@pytest.mark.parametrize("backend", ["afpacket", "afxdp"])
def test_a_group_member_runs_the_ports_without_root(root: Path, lab: str, backend: str) -> None:
    sh("chroot", str(root), "sh", "-c", "id tester >/dev/null 2>&1 || useradd -m -G riptide tester")
    r = as_user(root, lab, "tester", ["run", "/usr/share/riptide/profiles/lab/udp64.yaml", "--port", f"{backend}:rt0",
                                      "--port", f"{backend}:rt1", "-n", "100000", "--json"])
    assert r.returncode == 0, r.stderr
    v = json.loads(r.stdout)
    assert v["ports"][0]["opackets"] == 100_000 and v["ports"][1]["ipackets"] == 100_000, v["ports"]


def test_outside_the_group_nothing_and_what_needs_root_says_so(root: Path, lab: str) -> None:
    sh("chroot", str(root), "sh", "-c", "id outsider >/dev/null 2>&1 || useradd -m outsider")
    r = as_user(root, lab, "outsider", ["--version"])
    assert r.returncode != 0 and "Permission denied" in r.stderr, r.stderr
    sh("chroot", str(root), "sh", "-c", "id tester >/dev/null 2>&1 || useradd -m -G riptide tester")
    r = as_user(root, lab, "tester", ["lab", "up", "--name", "x"])
    assert r.returncode == 2 and "riptide lab up needs root" in r.stderr, r.stderr
    r = as_user(root, lab, "tester", ["run", "/usr/share/riptide/profiles/lab/udp64.yaml", "--netns", f"{lab}-tg",
                                      "--port", "afpacket:rt0", "-n", "10"])
    assert r.returncode == 2 and "needs root (CAP_SYS_ADMIN)" in r.stderr, r.stderr
