"""Who speaks is part of the auction's answer: an engine that passes the turn on from a
Hokom's buyer (as several public engines do) instead of asking first those who passed before
the bid is charged to ``auction.order`` alone, never to the call rules its other seat's calls
happen to touch; calls are compared only where both sides agree who speaks. The forward turn
is not a reading of the rule data (the Z3 buying does not encode it), so the engine here is
the reference with its Hokom step replaced while it answers."""

from __future__ import annotations

from typing import Any
from unittest import mock

from helpers import shipped_suite

from trickrules.engine.baloot import auction as buying
from trickrules.engine.baloot.rules import Rules
from trickrules.kit.engine_process import Problem
from trickrules.kit.reference_adapter import respond
from trickrules.kit.runner import Run, Runner, differing_rules, settle
from trickrules.proofs.conformance.protocol import profile_for
from trickrules.proofs.conformance.suite import EVERY, SuiteData

SUITE = shipped_suite("baloot")
HOKOM = buying._hokom


def _forward_hokom(rules: Rules, auction: buying.Auction, seat: int, action: int) -> None:
    """A Hokom after which the turn passes on from its buyer, the players after him first."""
    HOKOM(rules, auction, seat, action)
    after = [(seat + 1 + i) % 4 for i in range(3)]
    auction.queue = [s for s in after if s in auction.queue]


class FixedEngine:
    """The reference engine answering under fixed readings, whatever the request says."""

    command = "fixed engine"
    timeout = 10.0
    starts = 1

    def __init__(self, readings: dict[str, str]) -> None:
        self.readings = readings

    def ask(self, request: dict[str, Any]) -> dict[str, Any] | Problem:
        """The reference answer under this engine's readings, the turn passing forward after
        a Hokom (a refusal as a Problem)."""
        with mock.patch.object(buying, "_hokom", _forward_hokom):
            reply = respond({"id": 1, **request,
                             "rules": {**request["rules"], **self.readings}})
        return Problem("error", reply["error"]) if "error" in reply else reply

    def stop(self) -> None:
        """Nothing to stop."""


def _runner(readings: dict[str, str]) -> Runner:
    def profile_of(profile_id: str) -> Any:
        data = SUITE.profiles[profile_id]
        return profile_for({"game": data["game"], "profile": profile_id, "rules": data["rules"]})

    return Runner(FixedEngine(readings), SUITE, profile_of)  # type: ignore[arg-type]


def _holds(vector: dict[str, Any], profile: str) -> bool:
    named = vector["profiles"]
    return profile in named or (named == [EVERY] and profile not in vector["except"])


def _run(readings: dict[str, str], limit: int) -> Run:
    """The engine asked the smallest reconciled auction vectors with a Hokom and a call after
    it (where the forward turn can differ)."""
    default = SUITE.defaults["baloot"]
    asked = sorted((v for v in SUITE.vectors if v["op"] == "auction" and _holds(v, default)
                    and "hokom" in v["request"]["calls"][:-1]),
                   key=lambda v: (v["size"], v["id"]))[:limit]
    assert asked
    runner = _runner(readings)
    run = Run(runner.engine.command, [default], runner.engine.timeout)
    profile = runner.profile_of(default)
    for vector in asked:
        runner.one(run, profile, vector)
    settle(run)
    return run


def test_an_engine_passing_the_turn_forward_is_charged_to_speaking_order_alone() -> None:
    run = _run({}, 40)
    assert run.failures
    assert all(f.rules == ["auction.order"] for f in run.failures), [
        (f.vector["id"], f.rules) for f in run.failures if f.rules != ["auction.order"]][:3]
    # the seat it names differs from the reference's where it answers
    assert any(isinstance(f.got, dict) and f.got.get("seat") != f.vector["expect"]["seat"]
               for f in run.failures)


def test_calls_are_compared_only_where_both_sides_agree_who_speaks() -> None:
    why = {"calls": {"pass": "auction.order", "sun": "auction.sun-over-hokom",
                     "ashkal": "auction.ashkal-on-ace"}, "seat": "auction.order",
           "contract": "auction.order"}
    expect = {"legal": ["pass", "sun"], "seat": 3, "contract": None}
    other_seat = {"legal": ["ashkal", "pass", "sun"], "seat": 0, "contract": None}
    assert differing_rules("auction", expect, why, other_seat) == ["auction.order"]
    same_seat = {**other_seat, "seat": 3}
    assert differing_rules("auction", expect, why, same_seat) == ["auction.ashkal-on-ace"]


def test_a_doubling_seat_is_charged_to_the_rule_of_who_speaks_at_that_level() -> None:
    why = {"calls": {"pass": "double.lock", "triple": "double.lock"},
           "seat": "double.buyer-raises", "multiplier": "double.lock"}
    expect = {"legal": ["pass", "triple"], "seat": 0, "multiplier": 2, "locked": False,
              "gahwa": False}
    got = {**expect, "seat": None, "legal": []}
    assert differing_rules("doubling", expect, why, got) == ["double.buyer-raises"]


def test_the_suite_names_the_seat_to_speak_in_every_auction_answer() -> None:
    suite: SuiteData = SUITE
    answers = [v["expect"] for v in suite.vectors if v["op"] in ("auction", "doubling")]
    assert answers and all("seat" in a for a in answers)
    assert all((a["seat"] is None) == (a["legal"] == []) for a in answers)
