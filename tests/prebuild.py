"""Run by the test controller in the background: the shared verification, then the shared
rulebook, into the directory named on the command line (see :mod:`shared_results`)."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path

from helpers import cli_help
from shared_results import FAILED, shared_rulebook, shared_verification


def main(shared: Path) -> int:
    """Compute both; on any failure leave a note so the workers compute what they need."""
    try:
        verification = shared_verification(shared)
        shared_rulebook(shared, verification, cli_help())
    except BaseException:
        (shared / FAILED).write_text(traceback.format_exc(), encoding="utf-8")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
