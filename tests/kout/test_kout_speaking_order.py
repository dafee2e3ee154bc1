"""Who speaks is part of Kout's auction answer too: an engine whose turn goes round the
table the wrong way is charged to the rules that decide who speaks (``auction.shape``, or
``auction.pass`` where a seat that passed is skipped), never to the bidding rules its other
seat's calls happen to touch; and the suite names the seat to speak in every answer."""

from __future__ import annotations

from typing import Any
from unittest import mock

from helpers import shipped_suite

from trickrules.engine.kout import auction as bidding
from trickrules.kit.engine_process import Problem
from trickrules.kit.reference_adapter import respond
from trickrules.kit.runner import Run, Runner, settle
from trickrules.proofs.conformance.protocol import profile_for, request

SUITE = shipped_suite("kout")
SPEAKING = {"auction.shape", "auction.pass"}


def _backwards(self: bidding.Auction, seat: int) -> int:
    """The next speaker counted the wrong way round the table."""
    return (seat - 1) % self.rules.players


class BackwardsEngine:
    """The reference engine, its bidding turn going round the wrong way."""

    command = "backwards engine"
    timeout = 10.0
    starts = 1

    def ask(self, request: dict[str, Any]) -> dict[str, Any] | Problem:
        """The reference answer with the turn reversed (a refusal as a Problem)."""
        with mock.patch.object(bidding.Auction, "_next_speaker", _backwards):
            reply = respond({"id": 1, **request})
        return Problem("error", reply["error"]) if "error" in reply else reply

    def stop(self) -> None:
        """Nothing to stop."""


def _run(game: str, limit: int) -> tuple[Run, Any, list[dict[str, Any]]]:
    """The smallest reconciled auction vectors of ``game`` with a call made, asked of the
    backwards engine."""
    def profile_of(profile_id: str) -> Any:
        data = SUITE.profiles[profile_id]
        return profile_for({"game": data["game"], "profile": profile_id, "rules": data["rules"]})

    default = SUITE.defaults[game]
    asked = sorted((v for v in SUITE.for_profile(default) if v["op"] == "auction"
                    and v["request"]["calls"]),
                   key=lambda v: (v["size"], v["id"]))[:limit]
    assert asked
    runner = Runner(BackwardsEngine(), SUITE, profile_of)  # type: ignore[arg-type]
    run = Run(runner.engine.command, [default], runner.engine.timeout)
    profile = runner.profile_of(default)
    for vector in asked:
        runner.one(run, profile, vector)
    settle(run)
    return run, profile, asked


def _seat(engine: BackwardsEngine, profile: Any, vector: dict[str, Any]) -> Any:
    """The seat the engine names to speak after the vector's calls ("refused" if it
    refuses them)."""
    reply = engine.ask(request("auction", profile, vector["request"]))
    return reply.get("seat") if isinstance(reply, dict) else "refused"


def test_a_turn_going_the_wrong_way_is_charged_to_who_speaks_alone() -> None:
    for game in ("kout6", "kout4"):
        run, profile, asked = _run(game, 40)
        assert run.failures, game
        # every answer naming another seat to speak fails, though its calls may be the same
        failed = {f.vector["id"] for f in run.failures}
        engine = BackwardsEngine()
        other_seat = [v["id"] for v in asked if _seat(engine, profile, v) != v["expect"]["seat"]]
        assert other_seat and set(other_seat) <= failed, game
        wrong = [(f.vector["id"], f.rules) for f in run.failures
                 if not set(f.rules) <= SPEAKING]
        assert wrong == [], wrong[:3]
        assert any(isinstance(f.got, dict) and f.got.get("seat") != f.vector["expect"]["seat"]
                   for f in run.failures)


def test_the_suite_names_the_seat_to_speak_in_every_auction_answer() -> None:
    answers = [v for v in SUITE.vectors if v["op"] == "auction"]
    assert answers
    for vector in answers:
        seat, contract = vector["expect"]["seat"], vector["expect"]["contract"]
        assert (seat is None) == (contract is not None), vector["id"]
        assert vector["why"]["seat"] in SPEAKING
    # a seat that passed is skipped somewhere (the continuing, pass-is-final reading)
    assert any(v["why"]["seat"] == "auction.pass" for v in answers)
