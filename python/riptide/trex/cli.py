"""``python -m riptide.trex PROFILE.py [--ports N] [-t TUNABLES] [--astf]``.

Prints what a TRex Python profile becomes, as JSON on stdout:

- a stateless (STL) profile: riptide's profile, ``{"streams": [...]}`` (one stream a
  line; :func:`riptide.trex.convert.to_profile`, loaded on ``--ports`` ports);
- an ASTF profile: TRex's own JSON for it (``ASTFProfile.to_json()``: ``buf_list``,
  ``ip_gen_dist_list``, ``program_list``, ``templates``, ``tg_names``, and
  ``c_glob_info`` / ``s_glob_info`` when the profile gives them), on one line
  (:func:`riptide.trex.astf_load.profile_json`; ``--ports`` plays no part).

Which one is the profile's: ``register()`` returning an object with ``get_profile()``
and no ``get_streams()`` is ASTF. ``--astf`` insists on ASTF (a stateless profile is
then an error). ``-t`` is TRex's: ``key=val,key2=val2``, or for an ASTF profile also
argparse words (``-t "--size 2"``). What the profile prints goes to stderr. An error is
one line on stderr (``error: FILE:LINE: ...``) and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from contextlib import redirect_stdout
from typing import Any, Dict, Optional, Sequence

from .errors import TRexError


def _astf(path: str, tunables: str, only: bool) -> Optional[Dict[str, Any]]:
    """The ASTF profile's JSON, or None for a stateless profile (unless ``only``)."""
    from .astf_load import NotASTF, profile_json

    try:
        return profile_json(path, tunables)
    except NotASTF:
        if only:
            raise
        return None


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m riptide.trex", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("profile")
    ap.add_argument("--ports", type=int, default=1, help="ports a stateless profile is loaded on (default 1)")
    ap.add_argument("-t", "--tunables", default="", help="TRex's tunables: key=val,key2=val2 (ASTF: or \"--key val ...\")")
    ap.add_argument("--astf", action="store_true", help="the profile is an ASTF one (else an error)")
    a = ap.parse_args(argv)
    try:
        # A profile's own prints must not mix with the JSON.
        with redirect_stdout(sys.stderr):
            astf = _astf(a.profile, a.tunables, a.astf)
            if astf is None:
                from .convert import parse_tunables, to_profile

                stl = to_profile(a.profile, a.ports, parse_tunables(a.tunables))
    except TRexError as e:
        print("error: " + re.sub(r"\s*\n\s*", " ", str(e)).strip(), file=sys.stderr)
        return 2
    if astf is not None:
        sys.stdout.write(json.dumps(astf) + "\n")
        return 0
    # One stream per line: a riptide error that names a line names a stream.
    lines = ",\n".join(json.dumps(s) for s in stl["streams"])
    sys.stdout.write('{"streams": [\n' + lines + "\n]}\n")
    return 0
