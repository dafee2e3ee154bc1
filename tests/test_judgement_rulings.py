"""A ruling the policy leaves to judgement (no text decides, practice does not either) is kept
as stored, as dispute verdicts are: changing one in the rulings and the reconciled profile
together passes verify and conform (each request carries its own rules), so here it is a
named failure until the stored rulings are accepted on purpose:

    python tests/test_judgement_rulings.py --accept

(then commit tests/judgement_rulings.json with the change it records)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from trickrules.spec.catalogue import Catalogue
from trickrules.spec.loader import family_catalogue, load_catalogue
from trickrules.spec.registry import FAMILIES
from trickrules.spec.ruling_policy import decisions

STORED = Path(__file__).resolve().parent / "judgement_rulings.json"
ACCEPT = "python tests/test_judgement_rulings.py --accept"


def judgements(catalogue: Catalogue) -> dict[str, str]:
    """Each ruling left to judgement, ``game/parameter``, with the reading the reconciled
    profile plays."""
    found = {}
    for (game, parameter), decision in decisions(catalogue).items():
        if decision.step == "judgement":
            (reading,) = catalogue.default_profile(game).values[parameter]
            found[f"{game}/{parameter}"] = reading
    return found


def current() -> dict[str, str]:
    """The judgement rulings of every family's shipped rule data."""
    found: dict[str, str] = {}
    for family in FAMILIES:
        found.update(judgements(family_catalogue(family)))
    return dict(sorted(found.items()))


def changes(stored: dict[str, str], now: dict[str, str]) -> list[str]:
    """Each judgement ruling that differs from the stored one, in words."""
    words = []
    for key in sorted(set(stored) | set(now)):
        if key not in now:
            words.append(f"{key}: no longer left to judgement (stored: {stored[key]})")
        elif key not in stored:
            words.append(f"{key}: newly left to judgement, ruled {now[key]}")
        elif stored[key] != now[key]:
            words.append(f"{key}: ruled {now[key]} (stored: {stored[key]})")
    return words


def test_no_judgement_ruling_changed_unaccepted() -> None:
    stored = json.loads(STORED.read_text(encoding="utf-8"))
    changed = changes(stored, current())
    assert not changed, ("a ruling left to judgement changed: " + "; ".join(changed)
                         + f". If on purpose, accept it: {ACCEPT}")


def test_a_judgement_changed_with_its_profile_is_named(tmp_path: Path) -> None:
    """The issue's case: Sun's threshold moved in the rulings and the reconciled profile
    together, in a copy of the rule data; the change is named."""
    from helpers import copy_family

    copy = copy_family("baloot", tmp_path / "baloot")
    for name in ("rulings.toml", "profiles.toml"):
        path = copy / name
        text = path.read_text(encoding="utf-8")
        assert '= "at-least-65-card-points"' in text
        path.write_text(text.replace('= "at-least-65-card-points"',
                                     '= "at-least-66-card-points"'), encoding="utf-8")
    shipped = judgements(family_catalogue("baloot"))
    assert changes(shipped, judgements(load_catalogue(copy))) == [
        "baloot/score.sun-threshold: ruled at-least-66-card-points "
        "(stored: at-least-65-card-points)"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--accept"]:
        sys.exit(f"usage: {ACCEPT}")
    STORED.write_text(json.dumps(current(), indent=1) + "\n", encoding="utf-8")
    print(f"{STORED.name}: {len(current())} judgement rulings stored")
