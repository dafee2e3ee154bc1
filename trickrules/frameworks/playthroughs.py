"""Golden playthroughs in OpenSpiel's format: one seeded one-hand game per registered game,
every state's views, legal actions and returns, so any change in the rules shows as a diff.

``python -m trickrules.frameworks.playthroughs [FOLDER]`` writes them (default
``tests/playthroughs``); ``--check`` replays each file and exits 1 naming any that differ.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

GOLDEN = {
    "kout6_hand.txt": "trickrules_kout6(variant=hand)",
    "kout4_hand.txt": "trickrules_kout4(variant=hand)",
    "baloot_hand.txt": "trickrules_baloot(variant=hand)",
}
"""Each golden file and the game string it plays."""
SEED = 1


def _generator() -> Any:
    """OpenSpiel's playthrough writer, with its flags read (it consults one) and our games
    registered."""
    from absl import flags
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped]
        generate_playthrough,
    )

    import trickrules.frameworks.openspiel  # noqa: F401  (registers the games)

    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    return generate_playthrough


def playthrough(game_string: str, actions: list[str] | None = None) -> str:
    """The playthrough of ``game_string`` from :data:`SEED`, or of the named ``actions``."""
    text: str = _generator().playthrough(game_string, actions, seed=SEED)
    return text


def replay(path: Path, game_string: str | None = None) -> tuple[str, str]:
    """A golden file's text and the text the engine gives now for the same actions (under
    ``game_string`` when given, to see the playthrough change with the rules)."""
    generator = _generator()
    original = path.read_text(encoding="utf-8")
    params = generator._playthrough_params(original.splitlines())
    return original, playthrough(game_string or params["game_string"],
                                 params["action_sequence"])


def main(argv: list[str] | None = None) -> int:
    """Write the golden files, or with ``--check`` compare them with a fresh replay."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default="tests/playthroughs", type=Path)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    stale = []
    for name, game_string in GOLDEN.items():
        path = args.folder / name
        if args.check:
            original, now = replay(path)
            if original != now:
                stale.append(name)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(playthrough(game_string), encoding="utf-8")
        print(f"wrote {path}")
    for name in stale:
        print(f"{name}: differs from a fresh replay", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
