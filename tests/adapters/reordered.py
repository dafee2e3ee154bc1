"""The reference adapter with every list of every answer reversed (and each project's cards):
right answers in another order, which the runner must pass wherever the protocol takes a list
in any order."""

from __future__ import annotations

import json
import sys
from typing import Any

from trickrules.kit.reference_adapter import respond


def reversed_lists(value: Any) -> Any:
    """``value`` with every list in it reversed, at every depth."""
    if isinstance(value, list):
        return [reversed_lists(v) for v in reversed(value)]
    if isinstance(value, dict):
        return {k: reversed_lists(v) for k, v in value.items()}
    return value


def main() -> int:
    """Serve the protocol, reversing the lists the protocol leaves unordered."""
    for line in sys.stdin:
        reply = respond(json.loads(line))
        op_lists = ("cards", "legal", "projects")
        out = {k: reversed_lists(v) if k in op_lists else v for k, v in reply.items()}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
