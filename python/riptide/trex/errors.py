"""The errors of riptide's TRex front ends: one base, one class per profile kind.

:class:`TRexError` is the name TRex's profiles know (they may raise or catch it);
:class:`riptide.trex.stl.STLError` (stateless) and :class:`ASTFError` (advanced
stateful) are under it, so ``except TRexError`` catches what either loader refuses.
"""

from __future__ import annotations

from typing import Optional


class TRexError(Exception):
    """What riptide refuses in a TRex profile (its message names the profile line)."""


class ASTFError(TRexError):
    """An ASTF profile riptide refuses, as TRex's code would.

    ``where`` is the profile's ``file:line`` that made the object at fault, when the
    fault shows only later (a label no command sets is found when the program is
    written out); the message then starts with it.
    """

    def __init__(self, msg: str, where: Optional[str] = None) -> None:
        super().__init__(f"{where}: {msg}" if where else msg)
        self.where = where
        self.msg = msg
