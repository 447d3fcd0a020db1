"""One error hierarchy for everything the client raises."""

from __future__ import annotations


class RiptideError(Exception):
    """Base class of every riptide client error."""


class ConnectionFailed(RiptideError):
    """The daemon cannot be reached, or the connection broke."""


class RpcError(RiptideError):
    """The daemon answered with a JSON-RPC error."""

    def __init__(self, code: int, message: str, method: str) -> None:
        # The daemon names the method in many of its messages: said once, not twice.
        said = message if message.startswith(f"{method}:") else f"{method}: {message}"
        super().__init__(f"{said} (code {code})")
        self.code = code
        self.message = message
        self.method = method


class NotOwner(RpcError):
    """The engine is owned by another session (acquire it, with force if need be)."""


class VersionMismatch(RpcError):
    """The daemon speaks another major API version."""


def from_error(code: int, message: str, method: str) -> RpcError:
    """The most specific error class for a JSON-RPC error code."""
    if code == -32001:
        return NotOwner(code, message, method)
    if code == -32003:
        return VersionMismatch(code, message, method)
    return RpcError(code, message, method)
