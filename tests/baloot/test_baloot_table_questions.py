"""The table's questions of the conformance protocol (who deals next, who leads first, what the
cutter may choose, what follows an exposed card), answered by the reference as the rules say,
worked by hand from the readings' meanings; and asked only where a hand reaches them."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import shipped_suite

from trickrules.kit.reference_adapter import respond
from trickrules.proofs.conformance.suite import EVERY
from trickrules.spec.loader import family_catalogue

BASE = family_catalogue("baloot").default_profile("baloot")


def ask(op: str, body: dict[str, Any], readings: dict[str, str] | None = None) -> dict[str, Any]:
    """The reference's answer under the reconciled rules with ``readings`` changed."""
    rules = {p: BASE.value(p) for p in BASE.values} | (readings or {})
    reply = respond({"id": 1, "op": op, "game": "baloot", "profile": "p", "rules": rules,
                     **body})
    reply.pop("id")
    return reply


# seats in turn order: the dealer's right is the dealer + 1, his left the dealer + 3
@pytest.mark.parametrize("ended, readings, dealer", [
    ("played", {}, 3),
    ("kawesh", {}, 3),
    ("all-passed", {}, 3),
    ("played", {"dealer.rotation": "clockwise"}, 1),
    ("all-passed", {"dealer.rotation": "clockwise"}, 1),
    ("all-passed", {"auction.all-pass": "same-dealer"}, 2),
    ("played", {"auction.all-pass": "same-dealer"}, 3),
])
def test_who_deals_next(ended: str, readings: dict[str, str], dealer: int) -> None:
    assert ask("next-dealer", {"dealer": 2, "ended": ended}, readings) == {"dealer": dealer}


def test_a_kawesh_where_none_is_allowed_is_refused_as_unreachable() -> None:
    reply = ask("next-dealer", {"dealer": 2, "ended": "kawesh"}, {"auction.kawesh": "none"})
    assert "kawesh" in reply["error"]


@pytest.mark.parametrize("declarer", range(4))
def test_who_leads_the_first_trick(declarer: int) -> None:
    body = {"dealer": 1, "declarer": declarer, "contract": "hokom"}
    assert ask("first-lead", body) == {"leader": 2}
    assert ask("first-lead", body, {"play.first-lead": "declarer"}) == {"leader": declarer}


def test_what_the_cutter_may_choose() -> None:
    chosen = ask("cut", {"dealer": 0})["choices"]
    assert sorted(chosen) == sorted(["cut", "go", "shuffle", "public-first", "top-three",
                                     "bottom-three-self", "bottom-three-partner"])
    assert ask("cut", {"dealer": 0}, {"deal.cut": "cut"}) == {"choices": ["cut"]}


@pytest.mark.parametrize("reading, ace, other", [
    ("keep-unless-ace", ["redeal"], ["keep"]),
    ("redeal", ["redeal"], ["redeal"]),
    ("ace-refusable", ["keep", "redeal"], ["keep"]),
])
def test_what_follows_an_exposed_card(reading: str, ace: list[str], other: list[str]) -> None:
    for card, expected in (("AH", ace), ("10H", other), ("7C", other)):
        body = {"dealer": 0, "seat": 2, "card": card}
        got = ask("exposed-card", body, {"deal.exposed-card": reading})
        assert sorted(got["outcomes"]) == expected, card


def test_the_suite_asks_a_kawesh_ending_only_where_a_kawesh_may_be_called() -> None:
    none = "baloot-default[auction.kawesh=none]"
    kawesh = [v for v in shipped_suite("baloot").vectors
              if v["op"] == "next-dealer" and v["request"]["ended"] == "kawesh"]
    assert kawesh
    for vector in kawesh:
        named = vector["profiles"]
        assert none not in named and (named != [EVERY] or none in vector["except"])
