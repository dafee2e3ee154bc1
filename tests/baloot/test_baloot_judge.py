"""``trickrules judge`` on Baloot under source profiles that leave many readings open: only the
readings whose rules the engine reads are expanded, and the answer under any other combination
is the one the expansion gives for it."""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

import pytest
from baloot_helpers import situation

from trickrules.engine.baloot.rules import ReadRules
from trickrules.proofs.baloot.judging import rule_on, rule_parameters
from trickrules.proofs.baloot.replay import engine_rules
from trickrules.rulings.judge import judge, open_answers
from trickrules.spec.loader import family_catalogue
from trickrules.spec.model import Profile
from trickrules.spec.profile_index import every_profile


def _situation(seed: int, steps: int) -> tuple[dict[str, Any], list[str]]:
    """A state part-way through a hand of a random game, and the actions to its end."""
    _, start, then = situation(seed, steps)
    return start, then


def _mismatches(profile: Profile, data: dict[str, Any], then: list[str], sample: int) -> list[
        dict[str, str]]:
    """Combinations of the open readings, drawn at random, whose answer run directly differs
    from the answer the expansion gives for them."""
    found, relevant = open_answers(profile, lambda p: rule_on(data, then, p))
    by_combo = {tuple(sorted(c.items())): r.as_json() for c, r in found}
    rng = random.Random(7)
    wrong = []
    for _ in range(sample):
        chosen = {p: rng.choice(profile.values[p]) for p in profile.symbolic}
        key = tuple(sorted((p, chosen[p]) for p in relevant))
        if rule_on(data, then, profile.pin(chosen)).as_json() != by_combo[key]:
            wrong.append(chosen)
    return wrong


def test_each_engine_rule_comes_from_one_parameter_at_every_base() -> None:
    """The map from the engine's compiled rules to parameters, taken at ``baloot-default``,
    holds at another base too: there, changing a parameter changes exactly its rules."""
    names = rule_parameters()
    catalogue = family_catalogue("baloot")
    assert set(names.values()) >= {"rank.plain", "play.hokom-void", "score.sun-threshold"}
    base = catalogue.profiles["baloot-default"].pin(
        {p.id: p.readings[-1].id for p in catalogue.parameters.values()})
    rules = engine_rules(base)
    for parameter in catalogue.parameters.values():
        for reading in parameter.readings:
            other = engine_rules(base.pin({parameter.id: reading.id}))
            changed = {f.name for f in fields(rules) if f.name != "profile_id"
                       and getattr(rules, f.name) != getattr(other, f.name)}
            assert changed <= {f for f, p in names.items() if p == parameter.id}, parameter.id


@pytest.mark.parametrize(("seed", "steps"), [(4, 12), (9, 30)])
def test_an_open_profile_is_answered_by_the_readings_it_reads(seed: int, steps: int) -> None:
    data, then = _situation(seed, steps)
    profile = every_profile(family_catalogue("baloot"))["src004w-baloot"]
    found, relevant = open_answers(profile, lambda p: rule_on(data, then, p))
    assert 1 <= len(found) < 7680 and set(relevant) < set(profile.symbolic)
    assert _mismatches(profile, data, then, 40) == []


def test_an_engine_that_hides_what_it_reads_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the rules noting nothing, every open reading looks unread and one answer stands
    for all: the direct runs show it is wrong."""
    data, then = _situation(4, 12)
    profile = every_profile(family_catalogue("baloot"))["src004w-baloot"]
    monkeypatch.setattr(ReadRules, "__getattr__",
                        lambda self, name: getattr(self.__dict__["_rules"], name))
    assert _mismatches(profile, data, then, 40) != []


def test_judge_answers_every_baloot_profile() -> None:
    data, then = _situation(4, 12)
    report = judge(family_catalogue("baloot"), {"state": data, "then": then})
    by_profile = {p["profile"]: p for p in report["profiles"]}
    assert set(by_profile) == set(every_profile(family_catalogue("baloot")))
    assert "too-open" not in report["statuses"]
    w = by_profile["src004w-baloot"]
    assert not w["settled"] and w["unread"]
    read = {k for a in w["answers"] for r in a["readings"] for k in r}
    assert read and not read & set(w["unread"])
