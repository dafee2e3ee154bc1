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

from pathlib import Path
from typing import Any

from trickrules.kit import DEFAULT_TIMEOUT

__all__ = ["SituationError", "__version__", "conform", "games", "judge", "load_game"]


def __getattr__(name: str) -> Any:
    """``__version__``, the installed version, read when asked: importing any part of the
    package (its rule data, say) does not read the installation's metadata."""
    if name == "__version__":
        from trickrules.cli.main import installed_version

        return installed_version()
    raise AttributeError(f"module 'trickrules' has no attribute {name!r}")


def games() -> tuple[str, ...]:
    """Every registered game id (``kout6``, ``kout4``, ``baloot``)."""
    from trickrules.spec.registry import game_ids

    return game_ids()


def load_game(game_id: str, profile: str | None = None) -> Any:
    """The game ``game_id`` under ``profile`` (a profile id; by default the reconciled one),
    with the OpenSpiel-shaped API: ``new_initial_state()``, ``legal_actions()``, ..."""
    from trickrules.engine.registry import load_game as load

    return load(game_id, profile)


class SituationError(ValueError):
    """A situation that no profile of its game admits (as ``trickrules judge`` exits 2 on):
    ``report`` holds the ruling, each profile's reason included."""

    def __init__(self, message: str, report: dict[str, Any]) -> None:
        super().__init__(message)
        self.report = report


def judge(situation: dict[str, Any] | str | Path) -> dict[str, Any]:
    """The ruling on one situation, as ``trickrules judge --json`` prints it: a whole state
    in the engine's JSON form (or ``{"state": ..., "then": [...]}``) under every profile of its
    game, or a question form (``{"game": ..., "op": "hand-score", ...}``), given as a dict or
    as the path of a file holding it. A situation that cannot be read raises ``ValueError``
    naming what is wrong; one that no profile admits raises :class:`SituationError`."""
    from trickrules.rulings.input import answer_situation, decode_situation

    if isinstance(situation, (str, Path)):
        path = Path(situation)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
        data = decode_situation(raw, str(path))
    else:
        data = situation
    report, admitted = answer_situation(data)
    if not admitted:
        said = ", ".join(sorted(set(report.get("statuses", ())))) or "not admitted"
        raise SituationError(f"situation: no profile of its game admits it ({said})", report)
    return report


def conform(engine: str, game: str, profile: str | None = None,
            timeout: float = DEFAULT_TIMEOUT,
            suite: str | Path | None = None,
            only: list[str] | None = None) -> dict[str, Any]:
    """Run the conformance suite of ``game`` (a game id or a family; or the suite in the
    folder ``suite``; only the question types ``only`` when given) against the engine that the
    shell command ``engine`` starts; the result as ``trickrules conform --json`` prints it
    (``result["ok"]``: every vector passed)."""
    from trickrules.kit.session import run_suite
    from trickrules.spec.registry import family_named, game_ids

    one_game = game if game in game_ids() else None
    _, _, run = run_suite(engine, family_named(game), profile,
                          Path(suite) if suite is not None else None, timeout, one_game, only)
    result: dict[str, Any] = run.as_json()
    return result
