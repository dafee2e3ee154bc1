"""Where a study's chunks are kept: one Parquet file per finished chunk, under a folder named
by the study's key, so an interrupted study resumes from the chunks already done.

Why Parquet files: a chunk is written whole to a temporary name and renamed, so a file that
exists is complete and no lock is needed between writers; nothing runs as a server; and the
folder is one table any tool reads (``duckdb -c "select * from 'DIR/*/*.parquet'"``, pandas,
pyarrow, Spark). A single database file (SQLite, DuckDB) would need one writer at a time.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from proofs.simulate.study import COUNTS, Study

DEFAULT_STORE = Path("build") / "simulate"


class ChunkStore:
    """The stored chunks of studies, one folder per study key."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def folder(self, study: Study) -> Path:
        """The folder of ``study``'s chunks (made on first write)."""
        return self.root / study.key()

    def _path(self, study: Study, index: int, games: int) -> Path:
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
        except (OSError, ValueError):
            return None
        if len(rows) != 1 or any(not isinstance(rows[0].get(k), int) for k in COUNTS):
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
        row = {"dispute": study.dispute, "game": study.game, "reading_a": study.readings[0],
               "reading_b": study.readings[1], "players": "/".join(study.players), **result}
        path = self._path(study, result["index"], result["games"])
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        pq.write_table(pa.Table.from_pylist([row]), tmp)
        os.replace(tmp, path)


def _describe(study: Study) -> dict[str, Any]:
    """What a study folder holds, for a person opening it."""
    return {"dispute": study.dispute, "game": study.game, "parameter": study.parameter,
            "readings": list(study.readings), "profiles": list(study.profiles),
            "players": list(study.players), "first_seed": study.seed,
            "games_per_chunk": study.chunk}


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_suffix(f".{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
