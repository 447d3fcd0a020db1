"""deploy/kubernetes: the manifests validate against the Kubernetes API's own schemas
(offline: the pinned kubernetes-validate package carries them, strict mode refuses any
field the API does not have), the Indexed Job's segment count is its completions, and
the generator's command, as the Job writes it, runs: segment I/N of the ConfigMap's
profile from START_AT, printing a result that ``riptide merge`` takes.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any, Dict, List

import pytest

import kubernetes_validate as kv
import yaml

REPO = Path(__file__).resolve().parents[2]
BIN = Path(os.environ.get("RIPTIDE_BIN", REPO / "target" / "release" / "riptide")).resolve()
DEPLOY = REPO / "deploy" / "kubernetes"
# The oldest and the newest Kubernetes release the pinned schema set covers that the
# manifests are meant for (Indexed Jobs' JOB_COMPLETION_INDEX is GA since 1.24).
VERSIONS = ["1.30.0", "1.37.0"]


def docs() -> List[Dict[str, Any]]:
    out = []
    for f in sorted(DEPLOY.glob("*.yaml")):
        out += [d for d in yaml.safe_load_all(f.read_text()) if d]
    return out


def job() -> Dict[str, Any]:
    return next(d for d in docs() if d["kind"] == "Job")


@pytest.mark.parametrize("version", VERSIONS)
def test_the_manifests_validate_against_the_kubernetes_api_schema(version: str) -> None:
    found = docs()
    assert {d["kind"] for d in found} == {"ConfigMap", "Job"}, found
    for d in found:
        kv.validate(d, version, strict=True)
    # The validation can fail: a misspelt field is refused.
    bad = job()
    bad["spec"]["template"]["spec"]["containers"][0]["securityContext"]["capabilites"] = {}
    with pytest.raises(kv.ValidationError):
        kv.validate(bad, version, strict=True)


def test_the_job_runs_one_segment_per_index_unprivileged() -> None:
    j = job()
    spec = j["spec"]
    assert spec["completionMode"] == "Indexed"
    n = spec["completions"]
    assert spec["parallelism"] == n
    c = spec["template"]["spec"]["containers"][0]
    cmd = " ".join(c["args"])
    assert f'--segment "$JOB_COMPLETION_INDEX/{n}"' in cmd, cmd
    assert '--start-at "$START_AT"' in cmd and "--port" in cmd, cmd
    sc = c["securityContext"]
    assert sc["privileged"] is False and sc["allowPrivilegeEscalation"] is False
    assert sc["capabilities"]["drop"] == ["ALL"]
    assert sc["capabilities"]["add"] == ["NET_RAW"], "an AF_PACKET port needs NET_RAW alone (docs/scale.md)"


def test_the_jobs_command_runs_its_segment(tmp_path: Path) -> None:
    """Every index's command as the Job writes it (its shell line, its environment, the
    ConfigMap's profile), with the port a pcap file here: the N results merge into the
    profile sent once."""
    j = job()
    n = j["spec"]["completions"]
    c = j["spec"]["template"]["spec"]["containers"][0]
    cm = next(d for d in docs() if d["kind"] == "ConfigMap")
    (tmp_path / "profile.yaml").write_text(cm["data"]["profile.yaml"])
    line = c["args"][0].replace("/etc/riptide/profile.yaml", str(tmp_path / "profile.yaml"))
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "riptide").symlink_to(BIN)
    env = {e["name"]: e["value"] for e in c["env"]}
    start = time.time() + 1.0
    procs = []
    for i in range(n):
        e = {**os.environ, **env}
        e.update(JOB_COMPLETION_INDEX=str(i), PORT=f"pcap:{tmp_path / f'p{i}.pcap'}", DURATION="100ms",
                 START_AT=f"{start:.3f}", PATH=f"{bindir}:{os.environ['PATH']}")
        procs.append(subprocess.Popen([*c["command"], line], env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      text=True))
    files = []
    for i, p in enumerate(procs):
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err
        v = json.loads(out)
        assert v["segment"] == f"{i}/{n}", v
        f = tmp_path / f"seg{i}.json"
        f.write_text(out)
        files.append(str(f))
    r = subprocess.run([str(BIN), "merge", "--json", *files], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    merged = json.loads(r.stdout)
    # 1 Mpps for 100 ms of virtual time, in N shares: 100,000 frames, each share a quarter.
    assert merged["streams"][0]["opackets"] == 100_000, merged["streams"]
    assert len(merged["generators"]) == n
