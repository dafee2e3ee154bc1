"""The reference adapter playing fixed house readings whatever the request says, named as
``PARAMETER=READING`` arguments: an engine with house rules, for the conformance runner's
charges and ``--table``."""

from __future__ import annotations

import json
import sys
from typing import Any

from trickrules.kit.reference_adapter import respond


def main(pins: list[str]) -> int:
    """Serve the protocol with the readings ``pins`` in place of the request's."""
    readings = dict(pin.split("=", 1) for pin in pins)
    for line in sys.stdin:
        request: dict[str, Any] = json.loads(line)
        rules = request.get("rules")
        if isinstance(rules, dict):
            request["rules"] = {**rules, **{p: r for p, r in readings.items() if p in rules}}
        sys.stdout.write(json.dumps(respond(request)) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
