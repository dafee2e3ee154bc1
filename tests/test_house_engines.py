"""The house-engine test: for every house option of both families, an engine that differs from
the reference in exactly that option (it answers every question under that reading, whatever
the request says) is charged only to that option's parameter, and the house-option table
names the reading it plays or says that the suite cannot tell. Asked in-process over the
vectors the option changes, so it stays fast."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import shipped_suite

from trickrules.kit import charges
from trickrules.kit.charges import house_options
from trickrules.kit.engine_process import Problem
from trickrules.kit.house_table import CANNOT_TELL, PLAYS, TIE, house_table
from trickrules.kit.reference_adapter import respond
from trickrules.kit.runner import Run, Runner, settle
from trickrules.proofs.conformance.protocol import profile_for
from trickrules.proofs.conformance.protocol import request as make_request
from trickrules.proofs.conformance.suite import EVERY, SuiteData


class HouseEngine:
    """The reference engine playing fixed readings, in-process (the runner's engine)."""

    command = "house engine"
    timeout = 10.0
    starts = 1

    def __init__(self, readings: dict[str, str]) -> None:
        self.readings = readings

    def ask(self, request: dict[str, Any]) -> dict[str, Any] | Problem:
        """The reference answer with this engine's readings in place of the request's (a
        refusal as the engine process reports one)."""
        rules = {**request["rules"], **{p: r for p, r in self.readings.items()
                                        if p in request["rules"]}}
        reply = respond({"id": 1, **request, "rules": rules})
        return Problem("error", reply["error"]) if "error" in reply else reply

    def stop(self) -> None:
        """Nothing to stop."""


def _holds(vector: dict[str, Any], profile: str) -> bool:
    named = vector["profiles"]
    return profile in named or (named == [EVERY] and profile not in vector["except"])


def _runner(suite: SuiteData, readings: dict[str, str]) -> Runner:
    def profile_of(profile_id: str) -> Any:
        data = suite.profiles[profile_id]
        return profile_for({"game": data["game"], "profile": profile_id, "rules": data["rules"]})

    return Runner(HouseEngine(readings), suite, profile_of)  # type: ignore[arg-type]


SUITES = {family: shipped_suite(family) for family in ("kout", "baloot")}
OPTIONS = [(family, game, parameter, reading) for family, suite in SUITES.items()
           for game in suite.defaults for parameter, reading in house_options(suite, game)]


def _option_profile(suite: SuiteData, game: str, parameter: str, reading: str) -> str:
    base = suite.profiles[suite.defaults[game]]["rules"]
    return next(p for p, d in suite.profiles.items() if d["game"] == game
                and d["rules"] == {**base, parameter: reading})


SAMPLE = 5
"""Vectors kept for each ordered pair of readings of an option, held under one and not the
other (the smallest): enough to see the charge and the table's verdict, few enough to ask
every option in seconds."""


def _separating_suite(suite: SuiteData, game: str, parameter: str) -> SuiteData:
    """The suite cut to the vectors that separate the readings of ``parameter``: held under
    some of its option profiles (the reconciled one included) and not others."""
    base = suite.profiles[suite.defaults[game]]["rules"]
    readings = {base[parameter]} | {r for p, r in house_options(suite, game) if p == parameter}
    profiles = [_option_profile(suite, game, parameter, r) if r != base[parameter]
                else suite.defaults[game] for r in sorted(readings)]
    mine = [v for v in suite.vectors if v["game"] == game and parameter in v["rules"]]
    held = {p: {v["id"] for v in mine if _holds(v, p)} for p in profiles}
    kept: list[dict[str, Any]] = []
    for one in profiles:  # for each pair of readings, vectors held by one and not the other
        for other in profiles:
            ours = sorted((v for v in mine if v["id"] in held[one] - held[other]),
                          key=lambda v: (v["size"], v["id"]))
            kept += [v for v in ours[:SAMPLE] if v not in kept]
    return SuiteData(kept, suite.profiles, suite.defaults)


TOLD_APART = {"project.proof", "auction.hokom-confirmation", "score.sweep", "dealer.rotation",
              "auction.all-pass", "deal.cut", "deal.exposed-card", "play.first-lead"}
"""Parameters whose readings the suite's vectors tell apart (each needs a question the protocol
only lately asks: the tricks of a project comparison, the buyer's last word on an Ace, the
buyer of a reverse sweep, and the table's questions: who deals next, who leads first, what the
cutter may choose, what follows an exposed card): their table must name the option, never say
it cannot tell."""


@pytest.mark.parametrize("family, game, parameter, reading", OPTIONS,
                         ids=[f"{g}:{p}={r}" for _, g, p, r in OPTIONS])
def test_an_engine_playing_one_house_option_is_charged_to_it_alone(
        family: str, game: str, parameter: str, reading: str) -> None:
    suite = _separating_suite(SUITES[family], game, parameter)
    default = suite.defaults[game]
    option = _option_profile(suite, game, parameter, reading)
    runner = _runner(suite, {parameter: reading})
    run = Run(runner.engine.command, [default], runner.engine.timeout)
    profile = runner.profile_of(default)
    for vector in suite.vectors:
        if _holds(vector, default) and not _holds(vector, option):
            runner.one(run, profile, vector)
    settle(run)
    wrong = [(f.vector["id"], f.rules, f.detail) for f in run.failures
             if parameter not in f.rules]
    assert not wrong, wrong[:3]
    # another parameter is charged only where the evidence cannot tell it from the option:
    # its reading reproduces every failure the option does
    for other in {rule for f in run.failures for rule in f.rules} - {parameter}:
        assert all(other in f.rules for f in run.failures), (other, parameter)
    rows = house_table(runner, suite, game, [parameter])
    assert rows or not suite.vectors
    if parameter in TOLD_APART:
        assert rows and rows[0].verdict == PLAYS and rows[0].best == reading, rows[0].as_json()
    if rows and rows[0].verdict not in (CANNOT_TELL, PLAYS):
        # a tie only between readings no vector separates (the same vectors hold for each)
        row = rows[0]
        assert row.verdict == TIE and reading in row.fits, row.as_json()
        assert all(set(row.outcomes[r]) == set(row.outcomes[reading]) for r in row.fits)
    elif rows and rows[0].verdict == PLAYS:
        assert rows[0].best == reading, rows[0].as_json()


def test_naive_charging_fails_the_house_engine_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """With charges taken from the vector's attribution alone (reproduction turned off), some
    house option is charged to another rule: the test above would fail."""
    monkeypatch.setattr(charges.Charges, "reproducing", lambda *args: [])
    game, parameter, reading = "baloot", "auction.wrong-ashkal", "refused"
    suite = _separating_suite(SUITES["baloot"], game, parameter)
    default = suite.defaults[game]
    option = _option_profile(suite, game, parameter, reading)
    runner = _runner(suite, {parameter: reading})
    run = Run(runner.engine.command, [default], runner.engine.timeout)
    for vector in suite.vectors:
        if vector["game"] == game and _holds(vector, default) and not _holds(vector, option):
            runner.one(run, runner.profile_of(default), vector)
    settle(run)
    assert run.failures and {r for f in run.failures for r in f.rules} != {parameter}


def test_the_house_engine_reads_requests_as_a_real_engine_would() -> None:
    """The in-process engine answers protocol requests like the reference adapter (a request
    built by the protocol's own builder)."""
    suite = SUITES["kout"]
    profile = _runner(suite, {}).profile_of(suite.defaults["kout6"])
    vector = next(v for v in suite.vectors if v["op"] == "legal-plays")
    reply = HouseEngine({}).ask(make_request("legal-plays", profile, vector["request"]))
    assert isinstance(reply, dict) and sorted(reply["cards"]) == sorted(vector["expect"]["cards"])


MIX = {"play.hokom-ruff": "overtrump-or-discard", "score.sweep": "44-sun-25-hokom",
       "auction.wrong-ashkal": "forced-sun", "double.four-caller": "either-defender",
       "score.hokom-conversion": "nearest-ten-half-up"}
"""Five house rules that public engines play together: beat a trump already in the trick or
throw off, Kaboot, Ashkal for anyone, Four by either defender, a 5 rounded up in Hokom."""


@pytest.mark.long
def test_an_engine_playing_five_house_options_is_named_by_all_five() -> None:
    """A Baloot engine with five house rules at once: every failure is charged to one of the
    five, and the table names each with the reading it plays."""
    whole = SUITES["baloot"]
    parts = [_separating_suite(whole, "baloot", p) for p in MIX]
    vectors = list({v["id"]: v for part in parts for v in part.vectors}.values())
    suite = SuiteData(vectors, whole.profiles, whole.defaults)
    runner = _runner(suite, MIX)
    default = suite.defaults["baloot"]
    run = Run(runner.engine.command, [default], runner.engine.timeout)
    for vector in vectors:
        if _holds(vector, default):
            runner.one(run, runner.profile_of(default), vector)
    settle(run)
    assert run.failures and {r for f in run.failures for r in f.rules} <= set(MIX)
    rows = house_table(runner, suite, "baloot", MIX)
    assert {row.parameter: row.best for row in rows} == MIX


HIDING = {"project.baloot-holder": "declarer-only", "project.baloot-in-project": "always"}
"""Two house rules where one hides the other: only the declarer scores Baloot, and a project
never stops it. Under the first, another seat's Baloot says nothing of the second."""


def _hiding_rows(suite: SuiteData) -> dict[str, str | None]:
    runner = _runner(suite, HIDING)
    default = suite.defaults["baloot"]
    run = Run(runner.engine.command, [default], runner.engine.timeout)
    for vector in suite.vectors:
        if _holds(vector, default):
            runner.one(run, runner.profile_of(default), vector)
    settle(run)
    assert run.failures and {r for f in run.failures for r in f.rules} <= set(HIDING)
    return {row.parameter: row.best
            for row in house_table(runner, suite, "baloot", HIDING, run.failures)}


def test_a_house_rule_that_hides_another_does_not_hide_it_from_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong answer under one reading of a parameter that a house reading the engine is
    found to play elsewhere gives is no evidence against the first: the table names both.
    Counting such answers as evidence (the check turned off) leaves the second unnamed."""
    import trickrules.kit.house_table as table

    whole = SUITES["baloot"]
    parts = [_separating_suite(whole, "baloot", p) for p in HIDING]
    vectors = list({v["id"]: v for part in parts for v in part.vectors}.values())
    suite = SuiteData(vectors, whole.profiles, whole.defaults)
    assert _hiding_rows(suite) == HIDING
    monkeypatch.setattr(table, "_played_elsewhere", lambda *args: False)
    assert _hiding_rows(suite)["project.baloot-in-project"] is None
