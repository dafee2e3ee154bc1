"""Where studies are kept: one Parquet file per finished chunk, under a folder named by the
study's key, so an interrupted study resumes from the chunks already done; and the published
study of every dispute (``trickrules/simulate/results.json``), which the rulebook reads.

Why Parquet files: a chunk is written whole to a temporary name and renamed, so a file that
exists is complete and no lock is needed between writers; nothing runs as a server; and the
folder is one table any tool reads (``duckdb -c "select * from 'DIR/*/*.parquet'"``, pandas,
pyarrow, Spark). A single database file (SQLite, DuckDB) would need one writer at a time.
"""

from __future__ import annotations

import json
import os
from importlib import resources
from pathlib import Path
from typing import Any

from trickrules.simulate.study import COUNTS, EXAMPLES_PER_CHUNK, Study

DEFAULT_STORE = Path("build") / "simulate"


class ChunkStore:
    """The stored chunks of studies, one folder per study key; ``refused`` lists each stored
    chunk found unfit (its file and why), which the study played again."""

    def __init__(self, root: Path) -> None:
        """Chunks kept under ``root``."""
        self.root = Path(root)
        self.refused: list[tuple[Path, str]] = []

    def folder(self, study: Study) -> Path:
        """The folder of ``study``'s chunks (made on first write)."""
        return self.root / study.key()

    def _path(self, study: Study, index: int, games: int) -> Path:
        """The file of chunk ``index`` when it holds ``games`` games."""
        return self.folder(study) / f"chunk-{index:06d}-{games}.parquet"

    def load(self, study: Study, index: int, games: int) -> dict[str, Any] | None:
        """The stored result of a chunk of ``games`` games, or None (never stored, or a file
        that cannot be read as one: it is computed again)."""
        import pyarrow.parquet as pq

        path = self._path(study, index, games)
        if not path.exists():
            return None
        try:
            rows = pq.read_table(path).to_pylist()
        except (OSError, ValueError) as exc:
            self.refused.append((path, f"not a Parquet table ({exc})"[:300]))
            return None
        problem = "expected one row" if len(rows) != 1 else chunk_problem(
            rows[0], study, index, games)
        if problem is not None:
            self.refused.append((path, problem))
            return None
        row: dict[str, Any] = rows[0]
        return row

    def save(self, study: Study, result: dict[str, Any]) -> None:
        """Store one chunk's result (atomically: a temporary file renamed into place)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        folder = self.folder(study)
        folder.mkdir(parents=True, exist_ok=True)
        meta = folder / "study.json"
        if not meta.exists():
            _write_atomic(meta, json.dumps(_describe(study), indent=2).encode())
        row = {**_identity(study), **result}
        path = self._path(study, result["index"], result["games"])
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        pq.write_table(pa.Table.from_pylist([row]), tmp)
        os.replace(tmp, path)


def _identity(study: Study) -> dict[str, str]:
    """What a stored chunk says of the study it belongs to (its key included), so that a
    chunk moved into another study's folder is never read as that study's."""
    return {"study": study.key(), "dispute": study.dispute, "game": study.game,
            "reading_a": study.readings[0], "reading_b": study.readings[1],
            "players": "/".join(study.players)}


def chunk_problem(row: dict[str, Any], study: Study, index: int, games: int) -> str | None:
    """Why a stored row is not chunk ``index`` (of ``games`` games) of ``study``, or None:
    a row of another study, counts that are not whole numbers in range, or examples that are
    not the divergences the chunk's own games show."""
    for key, value in _identity(study).items():
        if row.get(key) != value:
            return f"{key}: {row.get(key)!r}, not this study's {value!r}"
    return _counts_problem(row, study, index, games) or _examples_problem(row, study, index,
                                                                          games)


def _counts_problem(row: dict[str, Any], study: Study, index: int, games: int) -> str | None:
    """Why a row's counts cannot be the chunk's, or None."""
    for key in (*COUNTS, "index", "first_seed"):
        value = row.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return f"{key}: {value!r} is not a count"
    expected = {"index": index, "games": games, "first_seed": study.seed + index * study.chunk}
    for key, value in expected.items():
        if row[key] != value:
            return f"{key}: {row[key]} where the chunk has {value}"
    bounds = {"hands": (row["games"], None), "hand_score": (0, row["hands"]),
              "made": (0, row["hands"]), "winner": (0, row["games"]),
              "play": (0, row["games"])}
    for key, (low, high) in bounds.items():
        if row[key] < low or (high is not None and row[key] > high):
            most = "any" if high is None else high
            return f"{key}: {row[key]} out of range (from {low} to {most})"
    return None


EXAMPLE_FIELDS = {"seed": int, "hand": int, "action": int, "first": str, "situation": dict}
"""Each stored divergence's fields and their JSON types (``second`` is a card or null)."""


def _examples_problem(row: dict[str, Any], study: Study, index: int,
                      games: int) -> str | None:
    """Why a row's examples are not a list of the chunk's divergences, or None."""
    try:
        examples = json.loads(row.get("examples") or "")
    except (TypeError, ValueError):
        return "examples: not JSON"
    if not isinstance(examples, list) or len(examples) > EXAMPLES_PER_CHUNK:
        return f"examples: expected a list of at most {EXAMPLES_PER_CHUNK} divergences"
    first = study.seed + index * study.chunk
    for example in examples:
        if not isinstance(example, dict) or any(
                not isinstance(example.get(k), kind) for k, kind in EXAMPLE_FIELDS.items()):
            return "examples: a divergence without its seed, hand, action, card or situation"
        if not first <= example["seed"] < first + games:
            return f"examples: seed {example['seed']} is not one of the chunk's games"
        if not isinstance(example.get("second"), (str, type(None))):
            return "examples: a divergence's second card is not a card"
    return None


def _describe(study: Study) -> dict[str, Any]:
    """What a study folder holds, for a person opening it."""
    return {"dispute": study.dispute, "game": study.game, "parameter": study.parameter,
            "readings": list(study.readings), "profiles": list(study.profiles),
            "players": list(study.players), "first_seed": study.seed,
            "games_per_chunk": study.chunk}


def _write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to a temporary name and rename it into place."""
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)

# ---------------------------------------------------------------------- the published study
# The file keeps the figures, the players, the seeds and where each dispute's first
# divergences are (seed, hand, action); the situations themselves are played again by
# ``trickrules simulate --dispute ID --games N --examples DIR``, which writes them for judge.

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
    from trickrules.proofs.verify.cache import write_atomically

    text = json.dumps(published(run, command), indent=1, sort_keys=True)
    write_atomically(Path(path), (text + "\n").encode())


def load_results(path: Path | None = None) -> dict[str, Any]:
    """The committed results (or those at ``path``); a file of another format is refused."""
    if path is None:
        text = resources.files("trickrules.simulate").joinpath(RESULTS_FILE).read_text("utf-8")
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
            f"{_player_words(study['players'])})")


def ranking(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The studied disputes, most impact first: by the rate at which the game's winner
    changes, then the hand's score."""
    return sorted(data["studies"], key=lambda s: (-s["outcomes"]["winner"]["rate"],
                                                  -s["outcomes"]["hand_score"]["rate"],
                                                  s["dispute"]))


def _player_words(players: dict[str, str]) -> str:
    """``rule-based players``, or ``rule-based and random players`` for mixed teams."""
    words = {"rules": "rule-based", "random": "random"}
    names = [words.get(players[team], players[team]) for team in ("team 0", "team 1")]
    return f"{names[0]} players" if names[0] == names[1] else f"{names[0]} and {names[1]} players"


def _percent(rate: dict[str, Any]) -> str:
    """A rate as a percentage with half its interval's width."""
    half = (rate["high"] - rate["low"]) / 2
    return f"{rate['rate']:.1%} (\u00b1{half:.1%})"
