"""The irregularities chapter's data (``irregularities.toml``): what the director does when
play goes wrong (a revoke, a lead or call out of turn, an exposed card, a claim). No source
states these; they are the book's tournament procedures, each with questions whose rulings
the rulebook computes and checks against what the data says they are."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from trickrules.spec.document import SpecDocument
from trickrules.spec.model import Game


@dataclass(frozen=True)
class IrregularityQuestion:
    """A question (``judge``'s JSON form) that shows the procedure, what it shows in words, and
    the fields of its ruling the words rest on."""

    file: str
    says: str
    expect: Mapping[str, Any]
    question: Mapping[str, Any]
    line: int


@dataclass(frozen=True)
class Irregularity:
    """One procedure: its id, title and text (which may name rules as ``{rule.id}``)."""

    id: str
    title: str
    procedure: str
    questions: tuple[IrregularityQuestion, ...]
    line: int
    """The line of ``procedure`` in the file, for errors found once the rulebook is known."""
    part: str = "play"
    """The part of the director's handbook it belongs to: ``director`` (the director's own
    powers and appeals), ``event`` (how an event is run), ``deal``, ``calls``, ``play``,
    ``conduct`` or ``claims``."""
    penalty: str = ""
    """What the offending side loses beyond putting things right, when anything."""
    committee: bool = False
    """Whether the procedure holds a ruling of the rules committee on what tournament practice
    needed and no text gives (a Baloot claim's card points), which the handbook marks."""
    sides: int = 0
    """For an event's format, the sides it seats: the handbook prints the schedule of rounds in
    which every side meets every other once (none when 0)."""


def load_irregularities(doc: SpecDocument, base: Path,
                        games: Mapping[str, Game]) -> tuple[Irregularity, ...]:
    """Every procedure of ``doc``, each question file read and checked: JSON, a game of the
    family, an ``op``."""
    doc.validate("irregularities.schema.json")
    out: list[Irregularity] = []
    seen: set[str] = set()
    for index, row in enumerate(doc.data["irregularity"]):
        if row["id"] in seen:
            raise doc.error(("irregularity", index, "id"), f"irregularity {row['id']!r} twice")
        seen.add(row["id"])
        questions = []
        for q_index, item in enumerate(row.get("question", [])):
            at = ("irregularity", index, "question", q_index, "file")
            path = base / item["file"]
            try:
                question = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise doc.error(at, f"{item['file']}: {exc}") from None
            if not isinstance(question, dict) or question.get("game") not in games \
                    or not isinstance(question.get("op"), str):
                raise doc.error(at, f"{item['file']}: a question needs \"game\" (one of "
                                    f"{', '.join(games)}) and \"op\"")
            questions.append(IrregularityQuestion(item["file"], item["says"], item["expect"],
                                                  question, doc.map.line_of(at) or 0))
        out.append(Irregularity(row["id"], row["title"], row["procedure"], tuple(questions),
                                doc.map.line_of(("irregularity", index, "procedure")) or 0,
                                row.get("part", "play"), row.get("penalty", ""),
                                bool(row.get("committee", False)), row.get("sides", 0)))
    return tuple(out)
