"""Adapters that misbehave on purpose, for the conformance runner's tests."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping


def serve_broken(breaks: Mapping[str, Callable[[], None]], argv: list[str]) -> int:
    """Apply the break named by ``argv[0]`` to the reference engine and serve the protocol."""
    from trickrules.kit.reference_adapter import serve

    breaks[argv[0]]()
    serve(sys.stdin, sys.stdout)
    return 0
