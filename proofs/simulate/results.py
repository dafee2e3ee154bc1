"""The published study of every dispute (``proofs/simulate/results.json``): how it is written
from a ``trickrules simulate --dispute all`` run, and how a reader (the rulebook) gets each
dispute's figures and the ranking by impact.

The file keeps the figures, the players, the seeds and where each dispute's first divergences
are (seed, hand, action); the situations themselves are played again by
``trickrules simulate --dispute ID --games N --examples DIR``, which writes them for judge.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

RESULTS_FILE = "results.json"
FORMAT = "trickrules/dispute-impact/1"
WHAT_IT_DOES_NOT_SAY = (
    "The figures are for games between rule-based players (bidding on hand strength, winning "
    "cheaply, keeping masters), not for people or strong search players: a reading that "
    "changes how people play, bid or double shows only as far as these players use it. Each "
    "game is played under the reconciled profile with the one reading changed, so the "
    "figures say nothing of the dispute under other house rules. Hands are compared while "
    "the two games are in step (up to the first hand whose score differs); a rate of 0 with "
    "its interval means the difference did not arise in this many games, not that it never "
    "can: the solver's witness shows where it does.")


def published(run: dict[str, Any], command: str) -> dict[str, Any]:
    """What the committed file keeps of a ``simulate --json`` run: every figure, the
    examples without their situations, and the command that made it."""
    studies = []
    for study in run["studies"]:
        kept = {k: v for k, v in study.items() if k != "examples"}
        kept["examples"] = [{k: v for k, v in ex.items() if k != "situation"}
                            for ex in study["examples"]]
        studies.append(kept)
    return {"format": FORMAT, "command": command, "what_it_does_not_say": WHAT_IT_DOES_NOT_SAY,
            "studies": studies, "not_playable": run.get("not_playable", [])}


def write_results(path: Path, run: dict[str, Any], command: str) -> None:
    """Write the published form of ``run`` to ``path``."""
    text = json.dumps(published(run, command), indent=1, sort_keys=True)
    Path(path).write_text(text + "\n", encoding="utf-8")


def load_results(path: Path | None = None) -> dict[str, Any]:
    """The committed results (or those at ``path``); a file of another format is refused."""
    if path is None:
        text = resources.files("proofs.simulate").joinpath(RESULTS_FILE).read_text("utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    if data.get("format") != FORMAT:
        raise ValueError(f"{path or RESULTS_FILE}: not a {FORMAT} file")
    return data


def by_dispute(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each studied dispute's figures, by dispute id."""
    return {study["dispute"]: study for study in data["studies"]}


def sentence(study: dict[str, Any]) -> str:
    """The dispute's impact in one sentence, as the rulebook shows it."""
    score, winner = study["outcomes"]["hand_score"], study["outcomes"]["winner"]
    return (f"changes the hand's score in {_percent(score)} of hands, the game's winner in "
            f"{_percent(winner)} of games ({study['games']:,} games between "
            f"{study['players']['team 0']} players)")


def ranking(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The studied disputes, most impact first: by the rate at which the game's winner
    changes, then the hand's score."""
    return sorted(data["studies"], key=lambda s: (-s["outcomes"]["winner"]["rate"],
                                                  -s["outcomes"]["hand_score"]["rate"],
                                                  s["dispute"]))


def _percent(rate: dict[str, Any]) -> str:
    half = (rate["high"] - rate["low"]) / 2
    return f"{rate['rate']:.1%} (\u00b1{half:.1%})"
