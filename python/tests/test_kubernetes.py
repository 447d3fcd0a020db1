"""deploy/kubernetes: the manifests validate against the Kubernetes API's own schemas
(offline: the pinned kubernetes-validate package carries them, strict mode refuses any
field the API does not have), the Indexed Jobs' segment count is their completions, and
their commands, as the Jobs write them, run: segment I/N of the ConfigMap's profile from
START_AT, printing a result that ``riptide merge`` takes; for the TCP pair (a server Job,
an Indexed Job of clients) in a lab of this process's own: the clients' segments against
the server, merged with the server's result, TRex's invariants holding between the sides.
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


def job(name: str = "riptide-generators") -> Dict[str, Any]:
    return next(d for d in docs() if d["kind"] == "Job" and d["metadata"]["name"] == name)


def configmap(name: str) -> Dict[str, Any]:
    return next(d for d in docs() if d["kind"] == "ConfigMap" and d["metadata"]["name"] == name)


def expand(arg: str, env: Dict[str, str]) -> str:
    """A container argument as the kubelet expands it: ``$(NAME)`` is the variable's value
    where the container has it (left as written where it has not), ``$$`` a ``$``."""
    out, i = [], 0
    while i < len(arg):
        if arg.startswith("$$", i):
            out.append("$")
            i += 2
        elif arg.startswith("$(", i) and ")" in arg[i:]:
            end = arg.index(")", i)
            name = arg[i + 2:end]
            out.append(env.get(name, arg[i:end + 1]))
            i = end + 1
        else:
            out.append(arg[i])
            i += 1
    return "".join(out)


@pytest.mark.parametrize("version", VERSIONS)
def test_the_manifests_validate_against_the_kubernetes_api_schema(version: str) -> None:
    found = docs()
    assert {d["kind"] for d in found} == {"ConfigMap", "Job"}, found
    assert {d["metadata"]["name"] for d in found if d["kind"] == "Job"} == {
        "riptide-generators", "riptide-tcp-server", "riptide-tcp-clients"}
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
    args = c["args"]
    # The image has no shell: riptide's own arguments, expanded by Kubernetes.
    assert "command" not in c and args[0] == "run", c
    assert args[args.index("--segment") + 1] == f"$(JOB_COMPLETION_INDEX)/{n}", args
    assert args[args.index("--start-at") + 1] == "$(START_AT)" and args[args.index("--port") + 1] == "$(PORT)", args
    sc = c["securityContext"]
    assert sc["privileged"] is False and sc["allowPrivilegeEscalation"] is False
    assert sc["capabilities"]["drop"] == ["ALL"]
    assert sc["capabilities"]["add"] == ["NET_RAW"], "an AF_PACKET port needs NET_RAW alone (docs/scale.md)"


def test_the_jobs_command_runs_its_segment(tmp_path: Path) -> None:
    """Every index's command as the Job writes it (its arguments expanded as the kubelet
    does with its environment, the ConfigMap's profile), with the port a pcap file here:
    the N results merge into the profile sent once."""
    j = job()
    n = j["spec"]["completions"]
    c = j["spec"]["template"]["spec"]["containers"][0]
    cm = configmap("riptide-profile")
    (tmp_path / "profile.yaml").write_text(cm["data"]["profile.yaml"])
    env = {e["name"]: e["value"] for e in c["env"]}
    start = time.time() + 1.0
    procs = []
    for i in range(n):
        e = {**env, "JOB_COMPLETION_INDEX": str(i), "PORT": f"pcap:{tmp_path / f'p{i}.pcap'}", "DURATION": "100ms",
             "START_AT": f"{start:.3f}"}
        args = [expand(a, e).replace("/etc/riptide/profile.yaml", str(tmp_path / "profile.yaml")) for a in c["args"]]
        procs.append(subprocess.Popen([str(BIN), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
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


def test_the_tcp_jobs_split_the_clients_and_serve_them_whole() -> None:
    clients, server = job("riptide-tcp-clients"), job("riptide-tcp-server")
    spec = clients["spec"]
    assert spec["completionMode"] == "Indexed" and spec["parallelism"] == spec["completions"]
    n = spec["completions"]
    args = clients["spec"]["template"]["spec"]["containers"][0]["args"]
    assert args[:2] == ["tcp", "/etc/riptide/profile.yaml"], args
    assert args[args.index("--segment") + 1] == f"$(JOB_COMPLETION_INDEX)/{n}", args
    assert args[args.index("--role") + 1] == "client" and "--start-at" in args, args
    sargs = server["spec"]["template"]["spec"]["containers"][0]["args"]
    assert sargs[sargs.index("--role") + 1] == "server" and "--segment" not in sargs, sargs
    assert server["spec"].get("completions") == 1
    for j in (clients, server):
        pod = j["spec"]["template"]["spec"]
        c = pod["containers"][0]
        # The image has no shell: the arguments are riptide's, expanded by Kubernetes.
        assert "command" not in c, c
        sc = c["securityContext"]
        assert sc["privileged"] is False and sc["capabilities"] == {"drop": ["ALL"], "add": ["NET_RAW"]}
        assert pod["hostNetwork"] is True
        assert pod["volumes"][0]["configMap"]["name"] == "riptide-tcp"
    # Every file the arguments name is in the ConfigMap.
    data = configmap("riptide-tcp")["data"]
    for a in args + sargs:
        if a.startswith("/etc/riptide/"):
            assert a[len("/etc/riptide/"):] in data, a


def test_the_tcp_jobs_commands_run_their_segments_against_the_server_and_merge(tmp_path: Path) -> None:
    """The server Job's and every client index's arguments, expanded as the kubelet does,
    run in a lab of this process's own (``riptide lab up --name``): the server on rt1
    behind the DUT's routing, each client on its own macvlan of rt0 (a node each), the
    ConfigMap's files with the lab's interfaces for eth1. The clients' results and the
    server's merge: every segment once, the connections the sum of the four, the server's
    counters the clients' mirror (TRex's invariants hold between the sides)."""
    if os.geteuid() != 0 or subprocess.run(["ip", "netns", "list"], capture_output=True).returncode != 0:
        pytest.skip("needs root and ip netns")
    clients, server = job("riptide-tcp-clients"), job("riptide-tcp-server")
    n = clients["spec"]["completions"]
    data = configmap("riptide-tcp")["data"]
    lab = f"k8s-{os.getpid()}"
    tg = f"{lab}-tg"
    up = subprocess.run([str(BIN), "lab", "up", "--name", lab], capture_output=True, text=True, timeout=60)
    procs: List[subprocess.Popen] = []
    try:
        assert up.returncode == 0, up.stderr

        def mount(i: Any, ifname: str) -> Path:
            """The ConfigMap as the pod would mount it, on this lab's interface."""
            d = tmp_path / f"etc-{i}"
            d.mkdir()
            for k, v in data.items():
                text = v.replace("interfaces: [eth1]", f"interfaces: [{ifname}]\n  netns: {tg}")
                (d / k).write_text(text)
            return d

        def argv(j: Dict[str, Any], env: Dict[str, str], etc: Path) -> List[str]:
            c = j["spec"]["template"]["spec"]["containers"][0]
            env = {**{e["name"]: e["value"] for e in c["env"]}, **env}
            return [str(BIN), *[expand(a, env).replace("/etc/riptide/", f"{etc}/") for a in c["args"]]]

        for i in range(n):
            for cmd in (["link", "add", f"node{i}", "link", "rt0", "type", "macvlan", "mode", "bridge"],
                        ["link", "set", f"node{i}", "up"]):
                r = subprocess.run(["ip", "-n", tg, *cmd], capture_output=True, text=True)
                assert r.returncode == 0, r.stderr
        srv = subprocess.Popen(argv(server, {"DURATION": "8s"}, mount("server", "rt1")), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
        procs.append(srv)
        start = f"{time.time() + 2.0:.3f}"
        for i in range(n):
            env = {"JOB_COMPLETION_INDEX": str(i), "START_AT": start, "CONNECTIONS": "8000"}
            procs.append(subprocess.Popen(argv(clients, env, mount(i, f"node{i}")), stdout=subprocess.PIPE,
                                          stderr=subprocess.PIPE, text=True))
        files = []
        for i, p in enumerate(procs):
            out, err = p.communicate(timeout=60)
            assert p.returncode == 0, err
            v = json.loads(out)
            if i == 0:
                assert v["role"] == "server" and "segment" not in v, v
            else:
                assert v["segment"] == f"{i - 1}/{n}" and v["role"] == "client", v
                assert v["tcp"]["client"]["tcps_connects"] > 0, v["tcp"]
            f = tmp_path / f"result{i}.json"
            f.write_text(out)
            files.append(str(f))
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
        subprocess.run([str(BIN), "lab", "down", "--name", lab], capture_output=True, timeout=60)
    r = subprocess.run([str(BIN), "merge", "--json", *files], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    m = json.loads(r.stdout)
    t = m["tcp"]
    parts = [json.loads(Path(f).read_text())["tcp"] for f in files]
    assert t["client"]["tcps_connects"] == sum(p["client"]["tcps_connects"] for p in parts[1:])
    assert t["server"]["tcps_accepts"] == parts[0]["server"]["tcps_accepts"]
    names = {i["name"]: i["holds"] for i in m["invariants"]}
    assert names.get("client sndbyte == server rcvbyte") is True, m["invariants"]
    assert all(names.values()), m["invariants"]
    # 8,000 connections in four segments, each ended when its last had closed.
    assert t["client"]["tcps_connects"] == t["client_app"]["completed"] == 8000, t
    assert [p["client"]["tcps_connects"] for p in parts[1:]] == [2000] * n
    assert [g["segment"] for g in m["generators"]] == [None] + [f"{i}/{n}" for i in range(n)]
