"""A TRex profile's argument parser and TRex's ``-t``: what it takes, when it refuses.

Newer TRex profiles read their tunables with :mod:`argparse`
(``parser.parse_args(tunables)``). A tunable such a parser does not take ends the load
with its usage on stderr and an exit; :func:`call` turns that exit into one line that
names the tunables the profile does take, as ``-t`` writes them (``size``, ``vm``), so a
misspelt or foreign tunable is not a riddle.
"""

from __future__ import annotations

import argparse
import io
import sys
from contextlib import redirect_stderr
from types import TracebackType
from typing import Any, Callable, List, Optional, Sequence


class Refused(Exception):
    """The profile's argument parser exited (a tunable it does not take, or its help);
    the message says why and which tunables it takes."""


def parser_of(tb: Optional[TracebackType]) -> Optional[argparse.ArgumentParser]:
    """The argument parser that exited: the innermost frame of the traceback whose
    ``self`` is one (``ArgumentParser.error``/``exit`` are its methods)."""
    found = None
    while tb is not None:
        me = tb.tb_frame.f_locals.get("self")
        if isinstance(me, argparse.ArgumentParser):
            found = me
        tb = tb.tb_next
    return found


def names(parser: argparse.ArgumentParser) -> List[str]:
    """The tunables ``parser`` takes, as ``-t key=val`` names them: each option's long
    form without its dashes (``--pg_id`` is ``pg_id``), in the parser's order; help left out."""
    out = []
    for action in getattr(parser, "_actions", []):
        if isinstance(action, argparse._HelpAction):
            continue
        longs = [o for o in action.option_strings if o.startswith("--")] or list(action.option_strings)
        if longs:
            out.append(longs[0].lstrip("-"))
        else:
            out.append(str(action.dest))
    return out


def call(fn: Callable[..., Any], kwargs: Any, words: Sequence[str]) -> Any:
    """``fn(**kwargs)``; an exit of the profile's argument parser raised as
    :class:`Refused`: ``exited on tunables --size 128: unrecognized arguments: --size 128
    (its tunables: none)``. What the profile writes to stderr otherwise passes through."""
    said = io.StringIO()
    exited = False
    try:
        with redirect_stderr(said):
            return fn(**kwargs)
    except SystemExit as e:
        exited = True
        lines = [line for line in said.getvalue().splitlines() if line.strip()]
        if not e.code:
            why = "its argument parser printed its help"
        else:
            why = lines[-1].split("error: ", 1)[-1].strip() if lines else f"exit status {e.code}"
        shown = " ".join(words) or "(none)"
        parser = parser_of(e.__traceback__)
        takes = "" if parser is None else f" (its tunables: {', '.join(names(parser)) or 'none'})"
        raise Refused(f"exited on tunables {shown}: {why}{takes}") from None
    finally:
        if not exited:
            sys.stderr.write(said.getvalue())
