"""TRex's ``ASTFProgram``: an L7 program, from its methods, a command list or a pcap.

:meth:`ASTFProgram._json` writes it as TRex does: names resolved (a jump's ``offset``
is its label's place minus its own; variables, tick variables and template groups
numbered), each buffer numbered in the profile's ``buf_list``, and each command checked
to belong to the program's kind (TCP stream or UDP messages).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

from . import astf_cap
from .astf_check import ascii_bytes, check, error, listify
from .astf_cmd import (DELAYS, ASTFCmd, ASTFCmdAddStatsVal, ASTFCmdAddTickStats, ASTFCmdAddTickVar, ASTFCmdAddVal,
                       ASTFCmdCloseMsg, ASTFCmdConnect, ASTFCmdDelay, ASTFCmdDelayRnd, ASTFCmdExecTemplate,
                       ASTFCmdJMPCMP, ASTFCmdJMPDP, ASTFCmdJMPNZ, ASTFCmdKeepaliveMsg, ASTFCmdNoClose, ASTFCmdRecv,
                       ASTFCmdRecvMsg, ASTFCmdReset, ASTFCmdSend, ASTFCmdSetTemplate, ASTFCmdSetTickVar,
                       ASTFCmdSetVal, ASTFCmdTxMode, ASTFCmdTxPkt, Jump)
from .errors import ASTFError
from .hook import where


class Interner:
    """Values in first-seen order, each once: ``add`` returns the value's index."""

    def __init__(self) -> None:
        self.values: List[Any] = []
        self._index: Dict[str, int] = {}

    def add(self, value: Any) -> int:
        # JSON text tells apart what TRex's repr-keyed caches tell apart (1, 1.0, True).
        key = json.dumps(value, sort_keys=True)
        if key not in self._index:
            self._index[key] = len(self.values)
            self.values.append(value)
        return self._index[key]


def cap_path(file: str) -> str:
    """A pcap name as TRex resolves it: relative to the file of the innermost
    ``get_profile`` being run (the profile's), else to the working directory."""
    if os.path.isabs(file):
        return file
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_name == "get_profile":
            return os.path.abspath(os.path.join(os.path.dirname(f.f_code.co_filename), file))
        f = f.f_back  # type: ignore[assignment]
    return file


def _read_flow(file: str) -> astf_cap.CapFlow:
    try:
        return astf_cap.read_flow(cap_path(file))
    except ASTFError as e:
        raise error(e.msg) from None


class ASTFProgram:
    """An L7 program: TRex's commands, written by its methods (``send``, ``recv``, ...),
    given as ``commands``, or read from a pcap (``file``, one ``side``: ``c`` or ``s``).

    ``stream`` False makes a UDP program (``send_msg``, ``recv_msg``, ...); a pcap's
    protocol decides for a file.
    """

    MIN_DELAY = 50
    MAX_DELAY = 700000
    MAX_KEEPALIVE = 500000

    def __init__(self, file: Optional[str] = None, side: str = "c", commands: Any = None, stream: bool = True,
                 s_delay: Optional[ASTFCmd] = None, udp_mtu: Optional[int] = None, addon: Optional[str] = None) -> None:
        owner = "ASTFProgram"
        check(owner, "file", file, str, must=False)
        check(owner, "commands", commands, ASTFCmd, must=False, many=True)
        check(owner, "s_delay", s_delay, DELAYS, must=False)
        check(owner, "udp_mtu", udp_mtu, int, must=False)
        check(owner, "addon", addon, str, must=False)
        if side not in ("c", "s"):
            raise error(f"{owner}: side {side!r}: expected 'c' (client) or 's' (server)")
        self._where = where()
        self.stream = stream
        self.commands: List[ASTFCmd] = []
        self.vars: Dict[str, int] = {}
        self.tick_vars: Dict[str, int] = {}
        self.labels: Dict[str, int] = {}
        self.total_send_bytes = 0
        self.total_rcv_bytes = 0
        self.udp_mtu, self.s_delay, self.addon = udp_mtu, s_delay, addon
        self._p_len: Optional[int] = None
        if file is not None:
            flow = _read_flow(file)
            self._p_len = flow.payload_len
            if not flow.tcp:
                self.stream = False
            self._set_cmds(self._cap_commands(flow, side))
        elif commands is not None:
            self._set_cmds(listify(commands))

    # -- TRex's reading of a pcap ---------------------------------------------------

    def _cap_commands(self, flow: astf_cap.CapFlow, side: str) -> List[ASTFCmd]:
        """One side's commands for a captured flow.

        TCP: what the side sent, per turn (``send``), and the running total of what it
        received (``recv``); a server that speaks first waits for the connection first.
        UDP: each packet the side sent (``send_msg``), after a ``recv_msg`` of the
        packets it received since its last (a running count), a gap over 50 us between
        two of its own packets a ``delay`` (at most 0.7 s); a gap over 0.5 s a keepalive
        of twice the gap (TRex's, number for number). ``s_delay`` goes before a server's
        answer; a UDP delay of 0.9 s or more a keepalive of 1.5 times it (in ms) first.
        """
        cmds: List[ASTFCmd] = []
        received = 0
        max_delay = 0
        if flow.tcp:
            turns = flow.condensed()
            if turns[0][0] == "s" and side == "s":
                cmds.append(ASTFCmdConnect())
            for d, data in turns:
                if d == side:
                    cmds.append(ASTFCmdSend(data))
                else:
                    received += len(data)
                    cmds.append(ASTFCmdRecv(received))
        else:
            room: Optional[int] = None
            if self.udp_mtu is not None:
                if self.udp_mtu <= 42:
                    raise error(f"ASTFCapInfo: udp_mtu {self.udp_mtu} cannot be 42 or less (Ethernet, IP and UDP "
                                 "headers)")
                room = self.udp_mtu - 42
            last_dir: Optional[str] = None
            pending = False
            for d, data, gap in zip(flow.dirs, flow.payloads, flow.gaps):
                if d == side:
                    if last_dir == side:
                        usec = min(int(gap * 1000000), self.MAX_DELAY)
                        if usec > self.MIN_DELAY:
                            cmds.append(ASTFCmdDelay(usec))
                            max_delay = max(max_delay, usec)
                    elif pending:
                        pending = False
                        cmds.append(ASTFCmdRecvMsg(received))
                    cmds.append(ASTFCmdTxPkt(data if room is None else data[:room]))
                else:
                    received += 1
                    pending = True
                last_dir = d
            if pending:
                cmds.append(ASTFCmdRecvMsg(received))
        if max_delay > self.MAX_KEEPALIVE:
            cmds.insert(0, ASTFCmdKeepaliveMsg(max_delay * 2))
        if self.s_delay is not None and side == "s":
            cmds = self._with_server_delay(cmds)
        if not flow.tcp:
            longest = max([c.fields["usec"] for c in cmds if isinstance(c, ASTFCmdDelay)]
                          + [c.fields["max_usec"] for c in cmds if isinstance(c, ASTFCmdDelayRnd)] + [0])
            if longest >= 900000:
                cmds.insert(0, ASTFCmdKeepaliveMsg(int(longest / 1000 * 1.5)))
        return cmds

    def _with_server_delay(self, cmds: List[ASTFCmd]) -> List[ASTFCmd]:
        """``s_delay`` before each send that answers a receive."""
        out: List[ASTFCmd] = []
        last_rx = None
        for c in cmds:
            name = c.fields["name"]
            if name in ("rx", "rx_msg"):
                last_rx = name
            if name in ("tx", "tx_msg") and last_rx == name.replace("tx", "rx"):
                assert self.s_delay is not None
                out.append(self.s_delay)
                last_rx = None
            out.append(c)
        return out

    def _set_cmds(self, cmds: Sequence[ASTFCmd]) -> None:
        for c in cmds:
            if c.buffer:
                self.total_send_bytes += c.buf_len  # type: ignore[attr-defined]
            self.commands.append(c)

    def _add(self, cmd: ASTFCmd) -> None:
        self.commands.append(cmd)

    @property
    def payload_len(self) -> Optional[int]:
        """A pcap program's payload total (both directions): its ``l7_percent`` weight."""
        return self._p_len

    def is_stream(self) -> bool:
        return self.stream

    def update_keepalive(self, prog_s: "ASTFProgram") -> None:
        """A pcap program's leading keepalive goes to the other side's program too."""
        if self.commands and isinstance(self.commands[0], ASTFCmdKeepaliveMsg):
            prog_s.commands.insert(0, self.commands[0])

    # -- TCP ------------------------------------------------------------------------

    def send(self, buf: Union[bytes, str], size: int = 0, fill: Union[bytes, str, None] = None) -> None:
        """Send ``buf`` (``size`` bytes, padded with ``fill``, when larger)."""
        owner = "ASTFProgram.send"
        check(owner, "buf", buf, (bytes, str))
        check(owner, "size", size, int)
        check(owner, "fill", fill, (bytes, str), must=False)
        cmd = ASTFCmdSend(ascii_bytes(owner, buf), size, ascii_bytes(owner, fill) if fill is not None else None)
        self.total_send_bytes += cmd.buf_len
        self._add(cmd)

    def send_chunk(self, l7_buf: Union[bytes, str], chunk_size: int, delay_usec: int) -> None:
        """Send ``l7_buf`` in ``chunk_size`` pieces, ``delay_usec`` after each."""
        owner = "ASTFProgram.send_chunk"
        check(owner, "l7_buf", l7_buf, (bytes, str))
        check(owner, "chunk_size", chunk_size, int)
        check(owner, "delay_usec", delay_usec, int)
        if chunk_size <= 0:
            raise error(f"{owner}: chunk_size {chunk_size} must be positive")
        data = ascii_bytes(owner, l7_buf)
        for at in range(0, len(data), chunk_size):
            self.send(data[at:at + chunk_size])
            if delay_usec:
                self.delay(delay_usec)

    def recv(self, bytes: int, clear: Union[bool, int] = False) -> None:  # noqa: A002 (TRex's name)
        """Wait until ``bytes`` more have arrived (counted from the last ``clear``)."""
        owner = "ASTFProgram.recv"
        check(owner, "bytes", bytes, int)
        check(owner, "clear", clear, (int, bool), must=False)
        self.total_rcv_bytes += bytes
        self._add(ASTFCmdRecv(self.total_rcv_bytes, bool(clear)))
        if clear:
            self.total_rcv_bytes = 0

    def set_send_blocking(self, block: bool) -> None:
        """Whether a send waits for its last byte's ACK (True) or only for room (False)."""
        check("ASTFProgram.set_send_blocking", "block", block, bool)
        self._add(ASTFCmdTxMode(0 if block else 1))

    def reset(self) -> None:
        """End with a RST."""
        self._add(ASTFCmdReset())

    def wait_for_peer_close(self) -> None:
        """Close only after the peer has."""
        self._add(ASTFCmdNoClose())

    def connect(self) -> None:
        """Wait until the connection is up (a client's first command)."""
        self._add(ASTFCmdConnect())

    def accept(self) -> None:
        """Wait until the connection is accepted (a server's first command)."""
        self._add(ASTFCmdConnect())

    # -- UDP ------------------------------------------------------------------------

    def send_msg(self, buf: Union[bytes, str], size: int = 0, fill: Union[bytes, str, None] = None) -> None:
        """Send ``buf`` as one packet (``size`` bytes, padded with ``fill``, when larger)."""
        owner = "ASTFProgram.send_msg"
        check(owner, "buf", buf, (bytes, str))
        check(owner, "size", size, int)
        check(owner, "fill", fill, (bytes, str), must=False)
        cmd = ASTFCmdTxPkt(ascii_bytes(owner, buf), size, ascii_bytes(owner, fill) if fill is not None else None)
        self.total_send_bytes += cmd.buf_len
        self._add(cmd)

    def recv_msg(self, pkts: int, clear: Union[bool, int] = False) -> None:
        """Wait until ``pkts`` more packets have arrived (counted from the last ``clear``)."""
        owner = "ASTFProgram.recv_msg"
        check(owner, "pkts", pkts, int)
        check(owner, "clear", clear, (int, bool), must=False)
        self.total_rcv_bytes += pkts
        self._add(ASTFCmdRecvMsg(self.total_rcv_bytes, bool(clear)))
        if clear:
            self.total_rcv_bytes = 0

    def set_keepalive_msg(self, msec: int, rx_mode: bool = False) -> None:
        """End the flow after ``msec`` ms without traffic (``rx_mode``: received traffic only)."""
        owner = "ASTFProgram.set_keepalive_msg"
        check(owner, "msec", msec, int)
        check(owner, "rx_mode", rx_mode, bool, must=False)
        self._add(ASTFCmdKeepaliveMsg(msec, rx_mode))

    def close_msg(self) -> None:
        """End the UDP flow."""
        self._add(ASTFCmdCloseMsg())

    # -- either ---------------------------------------------------------------------

    def delay(self, usec: float) -> None:
        """Wait ``usec`` microseconds."""
        check("ASTFProgram.delay", "usec", usec, (int, float))
        self._add(ASTFCmdDelay(usec))

    def delay_rand(self, min_usec: float, max_usec: float) -> None:
        """Wait uniformly between ``min_usec`` and ``max_usec`` microseconds."""
        owner = "ASTFProgram.delay_rand"
        check(owner, "min_usec", min_usec, (int, float))
        check(owner, "max_usec", max_usec, (int, float))
        if min_usec > max_usec:
            raise error(f"{owner}: min_usec {min_usec} is above max_usec {max_usec}")
        self._add(ASTFCmdDelayRnd(min_usec, max_usec))

    def set_var(self, var_id: str, val: int) -> None:
        """Flow variable ``var_id`` (declared here) = ``val``."""
        owner = "ASTFProgram.set_var"
        check(owner, "var_id", var_id, str)
        check(owner, "val", val, int)
        self.vars.setdefault(var_id, len(self.vars))
        self._add(ASTFCmdSetVal(var_id, val))

    def add_var(self, var_id: str, val: int) -> None:
        """Flow variable ``var_id`` += ``val``."""
        owner = "ASTFProgram.add_var"
        check(owner, "var_id", var_id, str)
        check(owner, "val", val, int)
        self._add(ASTFCmdAddVal(var_id, val))

    def set_tick_var(self, var_id: str) -> None:
        """Tick variable ``var_id`` (declared here) = now."""
        check("ASTFProgram.set_tick_var", "var_id", var_id, str)
        self.tick_vars.setdefault(var_id, len(self.tick_vars))
        self._add(ASTFCmdSetTickVar(var_id))

    def add_tick_var(self, var_id: str, duration: float) -> None:
        """Tick variable ``var_id`` += ``duration`` seconds."""
        owner = "ASTFProgram.add_tick_var"
        check(owner, "var_id", var_id, str)
        check(owner, "duration", duration, (float, int))
        self._add(ASTFCmdAddTickVar(var_id, duration))

    def add_stats(self, stats_id: Union[int, str], val: int) -> None:
        """Counter ``stats_id`` (0, 1, ... or 'A', 'B', ...) += ``val``."""
        owner = "ASTFProgram.add_stats"
        check(owner, "stats_id", stats_id, (int, str))
        check(owner, "val", val, int)
        self._add(ASTFCmdAddStatsVal(self._stats_id(owner, stats_id), val))

    def add_tick_stats(self, stats_id: Union[int, str], var_id: str) -> None:
        """Counter ``stats_id`` += the time since tick variable ``var_id``."""
        owner = "ASTFProgram.add_tick_stats"
        check(owner, "stats_id", stats_id, (int, str))
        check(owner, "var_id", var_id, str)
        self._add(ASTFCmdAddTickStats(self._stats_id(owner, stats_id), var_id))

    @staticmethod
    def _stats_id(owner: str, stats_id: Union[int, str]) -> int:
        if isinstance(stats_id, str):
            if len(stats_id) != 1:
                raise error(f"{owner}: stats_id '{stats_id}': a counter letter is one character ('A', 'B', ...)")
            return ord(stats_id.upper()) - ord("A")
        return stats_id

    def set_label(self, label: str) -> None:
        """Name the place of the next command (a jump's target)."""
        if label in self.labels:
            raise error(f"ASTFProgram.set_label: label {label!r} is set already")
        self.labels[label] = len(self.commands)

    def jmp_nz(self, var_id: str, label: str) -> None:
        """Decrement ``var_id``; jump to ``label`` unless it reached zero."""
        owner = "ASTFProgram.jmp_nz"
        check(owner, "var_id", var_id, str)
        check(owner, "label", label, str)
        self._add(ASTFCmdJMPNZ(var_id, 0, label))

    def jmp_dp(self, var_id: str, label: str, duration: float) -> None:
        """Jump to ``label`` while less than ``duration`` s passed since tick variable ``var_id``."""
        owner = "ASTFProgram.jmp_dp"
        check(owner, "var_id", var_id, str)
        check(owner, "label", label, str)
        check(owner, "duration", duration, (float, int))
        self._add(ASTFCmdJMPDP(var_id, 0, label, float(duration)))

    def jmp_cmp(self, var_id: str, label: str, cmp_op: str, cmp_val: int) -> None:
        """Jump to ``label`` if ``var_id cmp_op cmp_val`` (lt, gt, eq, ge, le, ne)."""
        owner = "ASTFProgram.jmp_cmp"
        check(owner, "var_id", var_id, str)
        check(owner, "label", label, str)
        check(owner, "cmp_op", cmp_op, str)
        check(owner, "cmp_val", cmp_val, int)
        self._add(ASTFCmdJMPCMP(var_id, 0, label, cmp_op, cmp_val))

    def jmp(self, label: str) -> None:
        self.jmp_cmp("", label, "", 0)

    def jmp_lt(self, var_id: str, label: str, value: int) -> None:
        self.jmp_cmp(var_id, label, "lt", value)

    def jmp_gt(self, var_id: str, label: str, value: int) -> None:
        self.jmp_cmp(var_id, label, "gt", value)

    def jmp_eq(self, var_id: str, label: str, value: int) -> None:
        self.jmp_cmp(var_id, label, "eq", value)

    def jmp_ge(self, var_id: str, label: str, value: int) -> None:
        self.jmp_cmp(var_id, label, "ge", value)

    def jmp_le(self, var_id: str, label: str, value: int) -> None:
        self.jmp_cmp(var_id, label, "le", value)

    def jmp_ne(self, var_id: str, label: str, value: int) -> None:
        self.jmp_cmp(var_id, label, "ne", value)

    def set_next_template(self, tg_id: str) -> None:
        """The template group (``tg_name``) the next ``exec_template`` starts a flow of."""
        check("ASTFProgram.set_next_template", "tg_id", tg_id, str)
        self._add(ASTFCmdSetTemplate(tg_id))

    def exec_template(self) -> None:
        """Start a flow of the set template and wait for it to end."""
        self._add(ASTFCmdExecTemplate())

    # -- written out ----------------------------------------------------------------

    def to_json(self) -> Dict[str, Any]:
        """The program alone (buffers unnumbered; no template groups to name)."""
        return self._json({}, None)

    def _json(self, tg_ids: Mapping[str, int], buffers: Optional[Interner]) -> Dict[str, Any]:
        spaces = {"var": self.vars, "tick": self.tick_vars, "tg": tg_ids}
        out: List[Dict[str, Any]] = []
        for i, cmd in enumerate(self.commands):
            at = cmd._where or self._where
            if cmd.stream is not None and cmd.stream != self.stream:
                kind = "TCP (stream)" if cmd.stream else "UDP (message)"
                mine = "a UDP program (stream=False)" if self.stream == False else "a TCP program"  # noqa: E712
                raise ASTFError(f"ASTFProgram: '{cmd.fields['name']}' is a {kind} command, in {mine}", at)
            f = cmd.to_json()
            if isinstance(cmd, Jump):
                if cmd.label not in self.labels:
                    raise ASTFError(f"ASTFProgram: '{cmd.fields['name']}' jumps to label {cmd.label!r}, which no "
                                    "set_label sets", at)
                f["offset"] = self.labels[cmd.label] - i
            for key, space in cmd._refs:
                name = f.get(key)
                if isinstance(name, str):
                    table = spaces[space]
                    if name not in table:
                        what = {"var": "variable {!r}, which no set_var declares",
                                "tick": "tick variable {!r}, which no set_tick_var declares",
                                "tg": "template group {!r}, which no template's tg_name is"}[space]
                        raise ASTFError(f"ASTFProgram: '{cmd.fields['name']}' names {what.format(name)}", at)
                    f[key] = table[name]
            if cmd.buffer and buffers is not None:
                f["buf_index"] = buffers.add(cmd.buf)  # type: ignore[attr-defined]
            out.append(f)
        prog: Dict[str, Any] = {"commands": out}
        if self.stream == False:  # noqa: E712 (TRex's test)
            prog["stream"] = False
        if self.addon:
            prog["addon"] = self.addon
        return prog
