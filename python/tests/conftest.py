"""Every test is bounded in time: one that runs past RIPTIDE_TEST_BOUND seconds (600 by
default) fails with the place it was waiting at, instead of hanging CI (issue 32: a test
that waited on a child with no bound hung `make test &` for good)."""

from __future__ import annotations

import os
import signal
import traceback
from typing import Any, Iterator

import pytest

BOUND = int(os.environ.get("RIPTIDE_TEST_BOUND", "600"))

# TRex's own files are the tests' data, not tests (its profiles include *_test.py files).
collect_ignore = ["trex-core"]


class TestTooLong(Exception):
    """The test ran past its bound."""


@pytest.fixture(autouse=True)
def _bounded_in_time() -> Iterator[None]:
    def expired(_sig: int, frame: Any) -> None:
        where = "".join(traceback.format_stack(frame, limit=4))
        raise TestTooLong(f"still running after {BOUND} s (RIPTIDE_TEST_BOUND), at:\n{where}")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(BOUND)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
