"""The commands of a TRex ASTF program, as TRex's ``ASTFCmd...`` classes write them.

Each is its JSON fields (``{"name": "tx", "buf_index": 0}``, ...). A name a command
refers to (a variable, a tick variable, a template group, a label) stays a name here;
the program resolves it when written out (:mod:`riptide.trex.astf_program`).
"""

from __future__ import annotations

import base64
from typing import Any, Dict, Optional, Tuple, Union

from .hook import where


class ASTFCmd:
    """One command of a program: the JSON fields TRex writes for it.

    ``stream`` says which programs may hold it: True a TCP (stream) program's, False a
    UDP (packet) program's, None either.
    """

    stream: Optional[bool] = None
    buffer = False
    #: Fields naming something the program resolves when written out: field -> namespace
    #: ("var": set_var's, "tick": set_tick_var's, "tg": the profile's template groups).
    _refs: Tuple[Tuple[str, str], ...] = ()

    def __init__(self, name: str, **fields: Any) -> None:
        self.fields: Dict[str, Any] = {"name": name, **fields}
        self._where = where()

    def to_json(self) -> Dict[str, Any]:
        return dict(self.fields)


class BufferCmd(ASTFCmd):
    buffer = True

    def __init__(self, name: str, buf: bytes, size: int = 0, fill: Union[bytes, str, None] = None) -> None:
        super().__init__(name, buf_index=None)
        b64 = base64.b64encode(buf).decode()
        #: The buffer as buf_list holds it, and its length (TRex's ``buf_len``).
        self.buf: Union[str, Dict[str, Any]] = b64
        self.buf_len = len(buf)
        if size > len(buf):
            # Sent as `size` bytes: the buffer, then `fill` repeated (zeros without one).
            self.buf = {"base": b64, "size": size}
            if fill is not None:
                self.buf["fill"] = base64.b64encode(fill if isinstance(fill, bytes) else fill.encode("ascii")).decode()
            self.buf_len = size


class ASTFCmdSend(BufferCmd):
    """``tx``: send a buffer on the TCP stream."""

    stream = True

    def __init__(self, buf: bytes, size: int = 0, fill: Union[bytes, str, None] = None) -> None:
        super().__init__("tx", buf, size, fill)


class ASTFCmdTxPkt(BufferCmd):
    """``tx_msg``: send a buffer as one UDP packet."""

    stream = False

    def __init__(self, buf: bytes, size: int = 0, fill: Union[bytes, str, None] = None) -> None:
        super().__init__("tx_msg", buf, size, fill)


class ASTFCmdRecv(ASTFCmd):
    """``rx``: wait until the flow's received bytes reach ``min_bytes``."""

    stream = True

    def __init__(self, min_bytes: int, clear: bool = False) -> None:
        super().__init__("rx", min_bytes=min_bytes, **({"clear": True} if clear else {}))


class ASTFCmdRecvMsg(ASTFCmd):
    """``rx_msg``: wait until the flow's received packets reach ``min_pkts``."""

    stream = False

    def __init__(self, min_pkts: int, clear: bool = False) -> None:
        super().__init__("rx_msg", min_pkts=min_pkts, **({"clear": True} if clear else {}))


class ASTFCmdKeepaliveMsg(ASTFCmd):
    """``keepalive``: a UDP flow ends after ``msec`` without traffic."""

    stream = False

    def __init__(self, msec: int, rx_mode: bool = False) -> None:
        super().__init__("keepalive", msec=msec, **({"rx_mode": rx_mode} if rx_mode else {}))


class ASTFCmdCloseMsg(ASTFCmd):
    """``close_msg``: end the UDP flow."""

    stream = False

    def __init__(self) -> None:
        super().__init__("close_msg")


class ASTFCmdDelay(ASTFCmd):
    """``delay``: wait ``usec`` microseconds."""

    def __init__(self, usec: float) -> None:
        super().__init__("delay", usec=usec)


class ASTFCmdDelayRnd(ASTFCmd):
    """``delay_rnd``: wait uniformly between ``min_usec`` and ``max_usec``."""

    def __init__(self, min_usec: float, max_usec: float) -> None:
        super().__init__("delay_rnd", min_usec=min_usec, max_usec=max_usec)


class ASTFCmdReset(ASTFCmd):
    """``reset``: end the TCP connection with a RST."""

    stream = True

    def __init__(self) -> None:
        super().__init__("reset")


class ASTFCmdNoClose(ASTFCmd):
    """``nc``: do not close; wait for the peer to."""

    stream = True

    def __init__(self) -> None:
        super().__init__("nc")


class ASTFCmdConnect(ASTFCmd):
    """``connect``: wait until the TCP connection is up."""

    stream = True

    def __init__(self) -> None:
        super().__init__("connect")


class ASTFCmdSetVal(ASTFCmd):
    """``set_var``: flow variable ``id_val`` = ``val``."""

    _refs = (("id", "var"),)

    def __init__(self, id_val: Union[str, int], val: int) -> None:
        super().__init__("set_var", id=id_val, val=val)


class ASTFCmdAddVal(ASTFCmd):
    """``add_var``: flow variable ``id_val`` += ``val``."""

    _refs = (("id", "var"),)

    def __init__(self, id_val: Union[str, int], val: int) -> None:
        super().__init__("add_var", id=id_val, val=val)


class ASTFCmdSetTickVar(ASTFCmd):
    """``set_tick_var``: tick variable ``id_val`` = now."""

    _refs = (("id", "tick"),)

    def __init__(self, id_val: Union[str, int]) -> None:
        super().__init__("set_tick_var", id=id_val)


class ASTFCmdAddTickVar(ASTFCmd):
    """``add_tick_var``: tick variable ``id_val`` += ``duration`` seconds."""

    _refs = (("id", "tick"),)

    def __init__(self, id_val: Union[str, int], duration: float) -> None:
        super().__init__("add_tick_var", id=id_val, duration=duration)


class ASTFCmdAddStatsVal(ASTFCmd):
    """``add_stats``: counter ``id_val`` += ``val``."""

    def __init__(self, id_val: int, val: int) -> None:
        super().__init__("add_stats", stats_id=id_val, val=val)


class ASTFCmdAddTickStats(ASTFCmd):
    """``add_tick_stats``: counter ``id_val`` += the time since tick variable ``tick_var``."""

    _refs = (("var_id", "tick"),)

    def __init__(self, id_val: int, tick_var: Union[str, int]) -> None:
        super().__init__("add_tick_stats", stats_id=id_val, var_id=tick_var)


class Jump(ASTFCmd):
    """A jump: its ``offset`` (label's command index - its own) is set when written out."""

    def __init__(self, name: str, label: str, **fields: Any) -> None:
        super().__init__(name, **fields)
        self.label = label


class ASTFCmdJMPNZ(Jump):
    """``jmp_nz``: decrement variable ``id_val``; jump to ``label`` unless it is zero."""

    _refs = (("id", "var"),)

    def __init__(self, id_val: Union[str, int], offset: int, label: str) -> None:
        super().__init__("jmp_nz", label, id=id_val, offset=offset)


class ASTFCmdJMPDP(Jump):
    """``jmp_dp``: jump to ``label`` while less than ``duration`` s passed since tick variable ``id_val``."""

    _refs = (("id", "tick"),)

    def __init__(self, id_val: Union[str, int], offset: int, label: str, duration: float) -> None:
        super().__init__("jmp_dp", label, id=id_val, offset=offset, duration=duration)


class ASTFCmdJMPCMP(Jump):
    """``jmp_cmp``: jump to ``label`` if ``var cmp_op cmp_val`` (always, without a variable)."""

    _refs = (("id", "var"),)

    def __init__(self, id_val: Union[str, int], offset: int, label: str, cmp_op: str, cmp_val: int) -> None:
        if id_val:
            super().__init__("jmp_cmp", label, id=id_val, offset=offset, cmp_op=cmp_op, cmp_val=cmp_val)
        else:
            super().__init__("jmp_cmp", label, offset=offset)


class ASTFCmdTxMode(ASTFCmd):
    """``tx_mode``: flags 0 a send waits for its last byte's ACK, 1 it does not."""

    def __init__(self, flags: int) -> None:
        super().__init__("tx_mode", flags=flags)


class ASTFCmdSetTemplate(ASTFCmd):
    """``set_template``: the template group the next ``exec_template`` starts a flow of."""

    _refs = (("tg_id", "tg"),)

    def __init__(self, id_val: Union[str, int]) -> None:
        super().__init__("set_template", tg_id=id_val)


class ASTFCmdExecTemplate(ASTFCmd):
    """``exec_template``: start a flow of the set template and wait for it to end."""

    def __init__(self) -> None:
        super().__init__("exec_template")


#: The commands a server delay (``s_delay``) may be.
DELAYS = (ASTFCmdDelay, ASTFCmdDelayRnd)
