"""trickrules from Python: the games, a ruling on one situation, and a conformance run.

>>> import trickrules
>>> trickrules.games()
('kout6', 'kout4', 'baloot')
>>> state = trickrules.load_game("baloot").new_initial_state()
>>> state.is_terminal()
False

The command line (``trickrules``, or ``python -m trickrules``) is built on the same calls.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from proofs.conformance import DEFAULT_TIMEOUT
from trickrules.cli.main import installed_version

__all__ = ["__version__", "conform", "games", "judge", "load_game"]


__version__ = installed_version()


def games() -> tuple[str, ...]:
    """Every registered game id (``kout6``, ``kout4``, ``baloot``)."""
    from spec.registry import game_ids

    return game_ids()


def load_game(game_id: str, profile: str | None = None) -> Any:
    """The game ``game_id`` under ``profile`` (a profile id; by default the reconciled one),
    with the OpenSpiel-shaped API: ``new_initial_state()``, ``legal_actions()``, ..."""
    from engine.registry import load_game as load

    return load(game_id, profile)


def judge(situation: dict[str, Any] | str | Path) -> dict[str, Any]:
    """The ruling on one situation under every profile of its game, as ``trickrules judge
    --json`` prints it. ``situation`` is the engine's JSON state form (or ``{"state": ...,
    "then": [...]}``), or the path of a file holding it."""
    from proofs.judge import judge as rule
    from spec.loader import game_catalogue
    from spec.registry import game_ids

    data = situation
    if isinstance(situation, (str, Path)):
        data = json.loads(Path(situation).read_text(encoding="utf-8"))
    if not isinstance(data, dict):
        raise ValueError("situation: expected a JSON object")
    state = data.get("state", data)
    game = state.get("game") if isinstance(state, dict) else None
    return rule(game_catalogue(game if game in game_ids() else game_ids()[0]), data)


def conform(engine: str, game: str, profile: str | None = None,
            timeout: float = DEFAULT_TIMEOUT,
            suite: str | Path | None = None,
            only: list[str] | None = None) -> dict[str, Any]:
    """Run the conformance suite of ``game`` (a game id or a family; or the suite in the
    folder ``suite``; only the question types ``only`` when given) against the engine that the
    shell command ``engine`` starts; the result as ``trickrules conform --json`` prints it
    (``result["ok"]``: every vector passed)."""
    from proofs.conformance.session import run_suite
    from spec.registry import family_named, game_ids

    one_game = game if game in game_ids() else None
    _, _, run = run_suite(engine, family_named(game), profile,
                          Path(suite) if suite is not None else None, timeout, one_game, only)
    result: dict[str, Any] = run.as_json()
    return result
