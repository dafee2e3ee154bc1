"""``make sentences``: rebuild each family's ``sentence_index.json`` from the seed files, after
a claim or a source changed (a test fails while an index is stale)."""

from __future__ import annotations

from pathlib import Path

from trickrules.spec.coverage import INDEX_FILE, build_index, index_text, odds_citations
from trickrules.spec.loader import load_catalogue
from trickrules.spec.registry import FAMILIES, family_dir
from trickrules.spec.sentences import sources_directory


def write_indexes(directory: Path | None = None) -> list[Path]:
    """Rebuild ``sentence_index.json`` of every family that has a ``sentences.toml``, from the
    seed files (``make sentences``); returns the files written."""
    where = directory or sources_directory()
    if where is None:
        raise SystemExit("no seed files: set TRICKRULES_SOURCES to the folder of the sources")
    written = []
    for family in FAMILIES:
        base = family_dir(family)
        if not (base / "sentences.toml").exists():
            continue
        catalogue = load_catalogue(base, sentences=False)
        try:
            index = build_index(catalogue.sources,
                                {**catalogue.claims, **odds_citations(base)}, where)
        except ValueError as exc:
            raise SystemExit(f"{family}: {exc}") from None
        (base / INDEX_FILE).write_text(index_text(index), encoding="utf-8")
        written.append(base / INDEX_FILE)
    return written


if __name__ == "__main__":
    for path in write_indexes():
        print(f"wrote {path}")
