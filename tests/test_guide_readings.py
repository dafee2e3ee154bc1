"""The guides name the reconciled reading as the rule data has it: every ``(``parameter =
reading``)`` note (the form the guides give the rules the reference plays, a house option
being named as one) is the reading of a game's reconciled profile, so a ruling changed in the
data cannot leave a guide giving the old one."""

from __future__ import annotations

import re
from pathlib import Path

from trickrules.spec.loader import family_catalogue
from trickrules.spec.registry import FAMILIES

DOCS = Path(__file__).resolve().parent.parent / "docs"
NOTE = re.compile(r"\(``([a-z0-9.-]+) = ([a-z0-9-]+)``")
"""A reading named as the one played: ``(``deal.cut = cutter-chooses``)``."""


def reconciled_readings() -> dict[str, set[str]]:
    """Each parameter and its reading in each game's reconciled profile."""
    out: dict[str, set[str]] = {}
    for family in FAMILIES:
        catalogue = family_catalogue(family)
        for game in catalogue.games:
            for parameter, readings in catalogue.default_profile(game).values.items():
                out.setdefault(parameter, set()).add(readings[0])
    return out


def notes(text: str) -> list[tuple[str, str]]:
    """The ``(parameter = reading)`` notes of a page, however its lines break."""
    return NOTE.findall(" ".join(text.split()))


def test_every_reading_a_guide_names_as_played_is_the_reconciled_one() -> None:
    reconciled = reconciled_readings()
    pages = sorted([*DOCS.glob("*.rst"), *DOCS.glob("guide/*.rst")])
    found, wrong = 0, []
    for page in pages:
        for parameter, reading in notes(page.read_text(encoding="utf-8")):
            found += 1
            if reading not in reconciled.get(parameter, set()):
                wrong.append(f"{page.name}: {parameter} = {reading} (the rule data plays "
                             f"{', '.join(sorted(reconciled.get(parameter, {'no such rule'})))})")
    assert found > 15 and wrong == []


def test_a_stale_reading_is_caught() -> None:
    """The guide's old notes on the cut and on projects a player, from before the rulings
    changed, are caught by the same reading."""
    reconciled = reconciled_readings()
    old = ("may only cut (``deal.cut = cut``: ...) worth the most (``project.per-player =\n"
           " any-disjoint``; under the house option")
    assert [(p, r) for p, r in notes(old) if r not in reconciled[p]] == [
        ("deal.cut", "cut"), ("project.per-player", "any-disjoint")]
