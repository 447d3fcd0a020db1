"""Loading a TRex ASTF profile file, as TRex's ``ASTFProfile.load_py`` does.

The profile's directory goes on ``sys.path``, its module runs with TRex's names
answered by :mod:`riptide.trex.astf` (:func:`riptide.trex.hook.trex_names`, for this
load only), and ``register().get_profile(tunables=[...], **kwargs)`` builds the
profile. Tunables reach the profile as TRex passes them:

- ``load_profile(path, size=2)`` (TRex's ``load_py``): ``get_profile(size=2,
  tunables=["--size", "2"])``; with ``tunables=[...]`` given, only what is given;
- the console's ``-t size=2,mss=1400`` (:func:`console_tunables`): each value decoded as
  TRex's console decodes it (quotes dropped, true/false/on/off/yes/no, ``0x`` hex, a
  number with a ``.`` a float, else an int, else the text), as keywords and as words;
  ``-t "--size 2 --mss 1400"``: the words only (TRex's newer form).

Anything the profile or the API refuses is an :class:`~riptide.trex.errors.ASTFError`
naming the profile's ``file:line``.
"""

from __future__ import annotations

import importlib.util
import inspect
import itertools
import os
import re
import shlex
import sys
from typing import Any, Callable, Dict, Optional

from . import astf, tunables
from .errors import ASTFError, TRexError
from .hook import loading, profile_line, trex_names

_loads = itertools.count()


class NotASTF(ASTFError):
    """The profile is no ASTF one: ``register()``'s object has no ``get_profile()``
    (a stateless profile's has ``get_streams()``)."""


def console_tunables(text: Optional[str]) -> Dict[str, Any]:
    """The keywords TRex's console passes for ``-t TEXT``: ``k=v,...`` (decoded) plus
    ``tunables`` (the argparse words), or only ``tunables`` for ``--k v ...``."""
    text = (text or "").strip()
    if not text:
        return {"tunables": []}
    if text.startswith("-") or "=" not in text:
        return {"tunables": shlex.split(text)}
    out: Dict[str, Any] = {}
    for token in text.split(","):
        m = re.search(r"(\S+)=(.+)", token)
        if not m:
            raise ASTFError(f"-t {text}: bad syntax for tunables: '{token}' (expected key=value pairs separated "
                            "by commas)")
        out[m.group(1)] = _decode(m.group(2))
    out["tunables"] = [w for k, v in out.items() for w in (f"--{k}", str(v))]
    return out


def _decode(val: str) -> Any:
    if len(val) > 1 and val.startswith(("'", '"')) and val.endswith(("'", '"')):
        return val[1:-1]
    if val.lower() in ("true", "on", "yes"):
        return True
    if val.lower() in ("false", "off", "no"):
        return False
    try:
        if val.startswith("0x"):
            return int(val, 16)
        return float(val) if "." in val else int(val)
    except ValueError:
        return val


def load_profile(path: str, **kwargs: Any) -> astf.ASTFProfile:
    """The profile of TRex ASTF profile file ``path``, loaded as TRex's ``load_py``."""
    if "tunables" not in kwargs:
        kwargs["tunables"] = [w for k, v in kwargs.items() for w in (f"--{k}", str(v))]
    return _load(path, lambda: kwargs)


def profile_json(path: str, text: Optional[str] = None) -> Dict[str, Any]:
    """The JSON (TRex's ``to_json``) of profile ``path`` with console tunables ``-t
    text``; :class:`NotASTF` for a stateless profile."""
    profile = _load(path, lambda: console_tunables(text))
    try:
        return profile.to_json()
    except ASTFError:
        raise
    except Exception as e:
        raise ASTFError(f"{path}: {type(e).__name__}: {e}") from e


def _load(path: str, arguments: Callable[[], Dict[str, Any]]) -> astf.ASTFProfile:
    if not os.path.isfile(path):
        raise ASTFError("no such profile", path)
    directory = os.path.dirname(os.path.abspath(path))
    spec = importlib.util.spec_from_file_location(f"_riptide_trex_astf_profile_{next(_loads)}", path)
    if spec is None or spec.loader is None:
        raise ASTFError("cannot be loaded as a Python file", path)
    with trex_names(), loading(path):
        sys.path.insert(0, directory)
        try:
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            register = getattr(module, "register", None)
            if not callable(register):
                raise ASTFError("defines no register() (TRex profiles end with `def register(): return ...`)", path)
            obj = register()
            get_profile = getattr(obj, "get_profile", None)
            if not callable(get_profile):
                if callable(getattr(obj, "get_streams", None)):
                    raise NotASTF("a stateless (STL) profile (register() has get_streams(), not get_profile())", path)
                raise NotASTF("register() returns an object without get_profile()", path)
            _check_defaults(path, get_profile)
            kwargs = arguments()
            profile = _get_profile(path, get_profile, kwargs)
        except ASTFError as e:
            if e.where:
                raise
            raise ASTFError(f"{profile_line(e.__traceback__, path)}: {e.msg}") from e
        except TRexError:
            raise  # a stateless object's error (the file is an STL profile): it names its line
        except SyntaxError as e:
            raise ASTFError(f"{path}:{e.lineno}: SyntaxError: {e.msg}") from e
        except SystemExit as e:
            raise ASTFError(f"{profile_line(e.__traceback__, path)}: the profile exited (status {e.code})") from None
        except Exception as e:
            raise ASTFError(f"{profile_line(e.__traceback__, path)}: {type(e).__name__}: {e}") from e
        finally:
            sys.path.remove(directory)
    if not isinstance(profile, astf.ASTFProfile):
        raise ASTFError(f"get_profile() returned {type(profile).__name__}, not an ASTFProfile", path)
    return profile


def _get_profile(path: str, get_profile: Any, kwargs: Dict[str, Any]) -> Any:
    """``get_profile(**kwargs)``; its argument parser's refusal (an exit) as one error
    line naming the tunables it takes."""
    try:
        return tunables.call(get_profile, kwargs, kwargs.get("tunables") or [])
    except tunables.Refused as e:
        raise ASTFError(f"get_profile() {e}", path) from None


def _check_defaults(path: str, get_profile: Any) -> None:
    """TRex's rule: a get_profile with defaults has one for every argument."""
    params = [p for p in inspect.signature(get_profile).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    with_default = [p for p in params if p.default is not p.empty]
    if with_default and len(with_default) != len(params):
        raise ASTFError("get_profile() gives defaults to some of its arguments: TRex wants one for every argument "
                        f"or none ({', '.join(p.name for p in params if p.default is p.empty)} has none)", path)
