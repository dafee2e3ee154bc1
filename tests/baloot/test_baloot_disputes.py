"""Baloot disputes: each kind of outcome finds a witness the engine replays under both readings,
a difference that never matters is proved, and a parameter no kind reads stays unknown."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

import trickrules.engine.baloot.game
from trickrules.engine.baloot import rules as compiled
from trickrules.engine.baloot.rules import (
    AshkalOnAce,
    BalootInProject,
    ExposedCard,
    HokomRuff,
    HokomVoid,
    HundredOrder,
    Kawesh,
    KeepTotal,
    PerPlayer,
    RaisedTie,
    SunDouble,
    TrumpLed,
)
from trickrules.proofs.baloot.examples import engine_outcome
from trickrules.proofs.disputes import DisputeBook, spec_order
from trickrules.proofs.profile_diff import diff_profiles
from trickrules.spec.loader import family_catalogue


@pytest.fixture(scope="module")
def book(settled_book: Callable[[str], DisputeBook]) -> DisputeBook:
    """Disputes about the shipped rules as the run's verify settled them (what it did not
    settle is settled here)."""
    return settled_book("baloot")


def _outcomes(book: DisputeBook, parameter: str, a: str, b: str) -> dict[str, Any]:
    return {o.kind: o for o in book.settle("baloot", parameter, a, b).outcomes}


@pytest.mark.parametrize(("parameter", "a", "b", "kinds"), [
    ("rank.plain", "ten-high", "natural", ("legal", "winner")),
    ("play.hokom-void", "must-trump", "may-trump", ("legal",)),
    ("play.hokom-void", "must-trump-unless-partner-winning",
     "must-trump-unless-fourth-or-ace-led", ("legal",)),
    ("play.trump-led", "must-overtrump", "any-trump", ("legal",)),
    ("play.hokom-ruff", "any-trump", "overtrump-or-discard-third-seat", ("legal",)),
    ("play.trump-led", "must-overtrump", "must-overtrump-unless-partner-winning", ("legal",)),
    ("score.sun-conversion", "nearest-ten-half-up-x2", "five-kept-div-5", ("score",)),
    ("score.hokom-threshold", "at-least-81", "more-than-76", ("score",)),
    ("game.both-reach", "higher-total", "declarers-side", ("game-end",)),
    ("double.sun", "one-side-above-100", "one-above-other-below-100", ("doubling",)),
    ("double.sun", "one-above-other-below-100", "one-at-100-other-below-100", ("doubling",)),
    ("double.sun-ahead", "either-side", "buyers", ("doubling",)),
    ("double.lock", "no-trump-lead", "no-raise", ("doubling", "legal")),
    ("double.lock", "no-trump-lead", "no-trump-lead-buyers", ("legal",)),
    ("auction.sun-over-sun", "higher-priority", "final", ("auction",)),
    ("auction.sun-over-hokom", "any-other-player", "not-after-second-round-no", ("auction",)),
    ("auction.kawesh", "first-round", "none", ("auction",)),
    ("auction.ashkal-on-ace", "forced-sun", "refused", ("auction",)),
    ("auction.kawesh", "first-round", "any-turn", ("auction",)),
    ("auction.ashkal-round", "first-round", "both-rounds", ("auction",)),
    ("auction.ashkal-when", "any-standing-bid", "over-opponents-hokom", ("auction",)),
    ("auction.hokom-confirmation", "none", "buyer-keeps-or-takes-sun", ("auction",)),
    ("auction.hokom-confirmation", "none", "buyer-keeps-or-takes-sun-not-on-ace", ("auction",)),
    ("auction.hokom-confirmation", "buyer-keeps-or-takes-sun",
     "buyer-keeps-or-takes-sun-not-on-ace", ("auction",)),
    ("auction.hokom-over-hokom", "none", "higher-priority", ("auction",)),
    ("project.per-player", "any-disjoint", "run-and-four-may-share", ("declaring",)),
    ("project.per-player", "any-disjoint", "one-per-player", ("declaring",)),
    ("dealer.rotation", "to-the-right", "clockwise", ("next-dealer",)),
    ("auction.all-pass", "next-dealer", "same-dealer", ("next-dealer",)),
    ("play.first-lead", "dealers-right", "declarer", ("first-lead",)),
    ("project.hundred-order", "run-first", "equal", ("projects",)),
    ("project.hundred-order", "run-first", "four-of-a-kind-first", ("projects",)),
    ("project.tie-break", "highest-card-then-first", "highest-card-then-neither", ("projects",)),
    ("project.declaration-order", "play-order", "declarer-then-clockwise", ("projects",)),
    ("deal.cut", "cut", "cutter-chooses", ("cut",)),
    ("deal.exposed-card", "keep-unless-ace", "redeal", ("exposed",)),
    ("deal.exposed-card", "keep-unless-ace", "ace-refusable", ("exposed",)),
    ("project.four-hundred-holder", "any-player", "declarer-only", ("declaring",)),
    ("project.baloot-holder", "any-player", "declarer-only", ("declaring",)),
    ("project.baloot-in-project", "not-split-not-in-100", "always", ("declaring",)),
    ("project.baloot-in-project", "not-split-not-in-100", "not-in-four-kings-or-queens",
     ("declaring",)),
    ("project.proof", "shown", "in-won-tricks", ("proof",)),
    ("project.proof", "shown", "side-won-a-trick", ("proof",)),
    ("project.scoring-side", "comparison-winner", "hand-winner", ("score",)),
    ("score.sweep", "card-points", "44-sun-25-hokom-not-multiplied", ("score",)),
    ("score.sweep", "card-points", "44-sun-25-hokom-88-reverse-sun", ("score",)),
    ("score.sweep", "card-points", "44-sun-25-hokom-88-reverse-sun-alone", ("score",)),
    ("score.sweep", "card-points", "44-sun-25-hokom-by-points", ("score",)),
    ("double.tie", "as-any-hand", "buyers-lose", ("score",)),
    ("double.tie", "as-any-hand", "doubler-loses", ("score",)),
    ("double.tie", "doubler-loses", "last-raiser-loses", ("score",)),
    ("double.buyer-raises", "declarer", "either-buyer", ("doubling",)),
])
def test_each_kind_finds_a_witness_the_engine_replays(book: DisputeBook, parameter: str, a: str,
                                                      b: str, kinds: tuple[str, ...]) -> None:
    found = _outcomes(book, parameter, a, b)
    for kind in kinds:
        outcome = found[kind]
        assert outcome.verdict == "refuted" and outcome.replayed, (kind, outcome.error)
        assert outcome.engine == outcome.model and outcome.model["a"] != outcome.model["b"]
    assert all(o.verdict != "unknown" for o in found.values())


def test_a_buying_witness_names_no_seat_the_readings_decide(book: DisputeBook) -> None:
    """After a bid, who answers depends on ``auction.sun-over-hokom``: the words give the
    answers in order without seats (each reading has another seat make the Sun)."""
    from trickrules.proofs.baloot.words import WORDS

    auction = _outcomes(book, "auction.sun-over-hokom", "any-other-player",
                        "not-after-second-round-no")["auction"]
    told = WORDS.witness("auction", auction.witness)
    calls = auction.witness["calls"]
    assert calls[-1] == "sun" and len(calls) % 4 == 3  # by call count, seat 2 would be named
    assert told.endswith("then, from the players still to answer in priority order: Sun.")
    assert "seat 2: Sun" not in told


def test_the_witnesses_are_the_boundaries_the_readings_name(book: DisputeBook) -> None:
    sun = _outcomes(book, "double.sun", "one-side-above-100", "one-above-other-below-100")
    assert sorted(sun["doubling"].witness["scores"]) == [100, 101]
    ahead = _outcomes(book, "double.sun-ahead", "either-side", "buyers")["doubling"].witness
    assert ahead["contract"] == "sun" and ahead["scores"][1] > 100 >= ahead["scores"][0]
    threshold = _outcomes(book, "score.hokom-threshold", "at-least-81", "more-than-76")
    assert threshold["score"].witness["card_points"][0] in (77, 78, 79, 80)
    both = _outcomes(book, "game.both-reach", "higher-total", "declarers-side")["game-end"]
    gained = [x + y for x, y in zip(both.witness["before"], both.witness["gained"],
                                    strict=True)]
    assert min(gained) >= 152 and gained[0] == gained[1]  # equal totals past the target


def test_two_readings_naming_the_same_seats_are_proved_equivalent(
        source_disputes: list[Any]) -> None:
    """Settled once for the run by the suite's verify of the sources."""
    dispute = next(d for d in source_disputes if d.id == "baloot/auction.ashkal-callers/"
                   "dealer-and-left-vs-third-and-fourth-to-act")
    assert dispute.verdict == "equivalent"
    auction = next(o for o in dispute.outcomes if o.kind == "auction")
    assert auction.how.startswith("solver: no difference")


def test_three_projects_of_one_player_are_proved_never_to_fit_in_eight_cards(
        book: DisputeBook) -> None:
    """Up to two projects or any number sharing no card: the same, since three need nine."""
    dispute = book.settle("baloot", "project.per-player", "any-disjoint", "up-to-two")
    assert dispute.verdict == "equivalent"
    declaring = next(o for o in dispute.outcomes if o.kind == "declaring")
    assert declaring.how.startswith("solver: no difference")


def test_the_deal_and_project_witnesses_sit_on_the_readings_edges(book: DisputeBook) -> None:
    exposed = _outcomes(book, "deal.exposed-card", "keep-unless-ace", "redeal")["exposed"]
    assert not exposed.witness["card"].startswith("A")  # an Ace redeals under both
    refusable = _outcomes(book, "deal.exposed-card", "keep-unless-ace", "ace-refusable")
    assert refusable["exposed"].witness["card"].startswith("A")  # only an Ace may be kept
    assert refusable["exposed"].engine == {"a": ["redeal"], "b": ["keep", "redeal"]}
    aces = _outcomes(book, "project.four-hundred-holder", "any-player", "declarer-only")
    assert aces["declaring"].witness["seat"] != aces["declaring"].witness["declarer"]
    proof = _outcomes(book, "project.proof", "shown", "in-won-tricks")["proof"]
    assert len(proof.witness["lost"]) == 1 and proof.engine["b"] == 0


def test_a_parameter_no_kind_reads_is_unknown_not_proved(book: DisputeBook) -> None:
    dispute = book.settle("baloot", "deal.completion", "taker-2-others-3", "taker-2-others-3")
    assert dispute.verdict == "unknown"
    assert all("reads the parameter" in o.error for o in dispute.outcomes)


@pytest.mark.parametrize(("parameter", "a", "b", "kind", "broken"), [
    ("rank.plain", "ten-high", "natural", "winner",
     {"plain_strength": tuple(c % 8 for c in range(32))}),  # the natural order always
    ("score.sun-conversion", "nearest-ten-half-up-x2", "five-kept-div-5", "score",
     {"keep_total": KeepTotal.EACH_SIDE_ROUNDED}),
    ("play.hokom-void", "must-trump", "may-trump", "legal", {"hokom_void": HokomVoid.MUST_TRUMP}),
    ("play.hokom-void", "must-trump-unless-partner-winning",
     "must-trump-unless-fourth-or-ace-led", "legal",
     {"hokom_void": HokomVoid.MUST_TRUMP_UNLESS_PARTNER_WINNING}),
    ("play.trump-led", "must-overtrump", "must-overtrump-unless-partner-winning", "legal",
     {"trump_led": TrumpLed.MUST_OVERTRUMP}),
    ("auction.sun-over-sun", "higher-priority", "final", "auction", {"sun_over_sun": True}),
    ("auction.sun-over-hokom", "any-other-player", "not-after-second-round-no", "auction",
     {"second_no_bars_sun": False}),
    ("double.lock", "no-trump-lead", "no-trump-lead-buyers", "legal",
     {"lock_binds_buyers_only": False}),
    ("auction.ashkal-round", "first-round", "both-rounds", "auction",
     {"ashkal_both_rounds": False}),
    ("auction.ashkal-when", "any-standing-bid", "over-opponents-hokom", "auction",
     {"ashkal_over_opponents_hokom": False}),
    ("auction.hokom-confirmation", "none", "buyer-keeps-or-takes-sun", "auction",
     {"hokom_confirmation": False}),
    ("auction.hokom-confirmation", "none", "buyer-keeps-or-takes-sun-not-on-ace", "auction",
     {"hokom_confirmation": False}),
    ("auction.hokom-confirmation", "buyer-keeps-or-takes-sun",
     "buyer-keeps-or-takes-sun-not-on-ace", "auction", {"confirmation_sun_not_on_ace": False}),
    ("auction.hokom-over-hokom", "none", "higher-priority", "auction",
     {"hokom_over_hokom": False}),
    ("project.per-player", "any-disjoint", "run-and-four-may-share", "declaring",
     {"per_player": PerPlayer.ANY_DISJOINT}),
    ("project.per-player", "any-disjoint", "one-per-player", "declaring",
     {"per_player": PerPlayer.ANY_DISJOINT}),
    ("play.hokom-ruff", "any-trump", "overtrump-or-discard-third-seat", "legal",
     {"hokom_ruff": HokomRuff.ANY_TRUMP}),
    ("auction.kawesh", "first-round", "any-turn", "auction", {"kawesh": Kawesh.FIRST_ROUND}),
    ("auction.ashkal-on-ace", "forced-sun", "refused", "auction",
     {"ashkal_on_ace": AshkalOnAce.FORCED_SUN}),
    ("double.sun", "one-side-above-100", "one-above-other-below-100", "doubling",
     {"sun_double": SunDouble.ONE_SIDE_ABOVE_100}),
    ("double.sun", "one-above-other-below-100", "one-at-100-other-below-100", "doubling",
     {"sun_double": SunDouble.ONE_ABOVE_OTHER_BELOW_100}),
    ("double.sun-ahead", "either-side", "buyers", "doubling",
     {"sun_double_buyers_ahead": False}),
    ("dealer.rotation", "to-the-right", "clockwise", "next-dealer", {"dealer_step": 1}),
    ("play.first-lead", "dealers-right", "declarer", "first-lead",
     {"first_lead_declarer": False}),
    ("project.hundred-order", "run-first", "equal", "projects",
     {"hundred_order": HundredOrder.RUN_FIRST}),
    ("project.hundred-order", "run-first", "four-of-a-kind-first", "projects",
     {"hundred_order": HundredOrder.RUN_FIRST}),
    ("game.both-reach", "higher-total", "declarers-side", "game-end",
     {"both_reach_declarer": False}),
    ("deal.cut", "cut", "cutter-chooses", "cut", {"cutter_chooses": False}),
    ("deal.exposed-card", "keep-unless-ace", "redeal", "exposed",
     {"exposed_card": ExposedCard.REDEAL}),
    ("deal.exposed-card", "keep-unless-ace", "ace-refusable", "exposed",
     {"exposed_card": ExposedCard.KEEP_UNLESS_ACE}),
    ("project.four-hundred-holder", "any-player", "declarer-only", "declaring",
     {"four_hundred_declarer_only": False}),
    ("project.baloot-holder", "any-player", "declarer-only", "declaring",
     {"baloot_declarer_only": False}),
    ("project.baloot-in-project", "not-split-not-in-100", "always", "declaring",
     {"baloot_in_project": BalootInProject.ALWAYS}),
    ("project.baloot-in-project", "not-split-not-in-100", "not-in-four-kings-or-queens",
     "declaring", {"baloot_in_project": BalootInProject.NOT_SPLIT_NOT_IN_100}),
    ("project.proof", "shown", "in-won-tricks", "proof", {"projects_in_won_tricks": False}),
    ("project.proof", "shown", "side-won-a-trick", "proof", {"projects_need_a_trick": False}),
    ("project.scoring-side", "comparison-winner", "hand-winner", "score",
     {"projects_need_hand_won": False}),
    ("score.sweep", "card-points", "44-sun-25-hokom-not-multiplied", "score",
     {"sweep_points": None}),
    ("score.sweep", "card-points", "44-sun-25-hokom-88-reverse-sun", "score",
     {"sweep_points": None}),
    ("score.sweep", "card-points", "44-sun-25-hokom-88-reverse-sun-alone", "score",
     {"sweep_points": None, "sweep_alone": False}),
    ("score.sweep", "44-sun-25-hokom", "44-sun-25-hokom-by-points", "score",
     {"sweep_by_points": False}),
    ("double.tie", "as-any-hand", "doubler-loses", "score",
     {"raised_tie": RaisedTie.AS_ANY_HAND}),
    ("double.tie", "doubler-loses", "last-raiser-loses", "score",
     {"raised_tie": RaisedTie.DOUBLER_LOSES}),
    ("double.buyer-raises", "declarer", "either-buyer", "doubling",
     {"raise_by_either_buyer": False}),
])
def test_an_engine_that_ignores_a_reading_fails_to_replay(
        book: DisputeBook, monkeypatch: pytest.MonkeyPatch, parameter: str, a: str, b: str,
        kind: str, broken: dict[str, Any]) -> None:
    """The engine's compiled rules hold one reading whatever the profile says: the witness
    of that kind, which the run's verify found and replayed, no longer replays (the model is
    written from the rule data alone, so breaking the engine leaves the witness as it is)."""
    outcome = _outcomes(book, parameter, a, b)[kind]
    assert outcome.verdict == "refuted" and outcome.replayed
    assert _replay(outcome, parameter, a, b) == outcome.model == outcome.engine
    real = compiled.compile_rules
    monkeypatch.setattr(trickrules.engine.baloot.game, "compile_rules",
                        lambda profile: dataclasses.replace(real(profile), **broken))
    assert _replay(outcome, parameter, a, b) != outcome.model


def _replay(outcome: Any, parameter: str, a: str, b: str) -> dict[str, Any]:
    """What the engine gives at a stored witness under each reading (in the dispute's order),
    as the dispute's replay asks it: the reconciled rules with the witness's other readings."""
    catalogue = family_catalogue("baloot")
    base = catalogue.default_profile("baloot")
    sides = dict(zip(("a", "b"), spec_order(catalogue, parameter, a, b), strict=True))
    return {side: engine_outcome(outcome.kind, outcome.witness,
                                 base.pin({**outcome.context, parameter: reading}))
            for side, reading in sides.items()}


def test_every_kind_of_outcome_is_told_in_words(book: DisputeBook) -> None:
    """``explain`` tells each Baloot witness and both readings' outcomes (it once stopped at
    the first kind Kout does not have)."""
    from rich.console import Console

    from trickrules.cli.render.disputes import print_explain
    from trickrules.proofs.baloot.kit import KIT
    from trickrules.proofs.outcome_words import title

    catalogue = family_catalogue("baloot")
    told = set()
    for pid, a, b in [("dealer.rotation", "to-the-right", "clockwise"),
                      ("deal.cut", "cut", "cutter-chooses"),
                      ("deal.exposed-card", "keep-unless-ace", "redeal"),
                      ("deal.exposed-card", "keep-unless-ace", "ace-refusable"),
                      ("auction.kawesh", "first-round", "none"),
                      ("double.sun", "one-side-above-100", "one-above-other-below-100"),
                      ("play.first-lead", "dealers-right", "declarer"),
                      ("rank.plain", "ten-high", "natural"),
                      ("project.baloot-holder", "any-player", "declarer-only"),
                      ("project.hundred-order", "run-first", "equal"),
                      ("project.proof", "shown", "in-won-tricks"),
                      ("score.hokom-threshold", "at-least-81", "more-than-76"),
                      ("game.both-reach", "higher-total", "declarers-side")]:
        dispute = book.settle("baloot", pid, a, b)
        console = Console(record=True, width=100)
        print_explain(console, catalogue, dispute)
        text = console.export_text()
        for outcome in dispute.outcomes:
            if outcome.verdict == "refuted":
                told.add(outcome.kind)
                assert f"differs {title('baloot', outcome.kind)}" in text
        assert f"under {a}:" in text and f"under {b}:" in text
    assert told == {k.name for k in KIT.kinds}


def test_profiles_that_part_only_on_an_equivalent_reading_are_equivalent(
        book: DisputeBook) -> None:
    """Two or more projects per player never differ in eight cards (a Baloot proof), so the
    profiles that part on it alone are equivalent."""
    catalogue = family_catalogue("baloot")
    base = catalogue.profiles["baloot-default"]
    other = base.pin({"project.per-player": "any-disjoint"})
    found = diff_profiles(book, base, other)
    assert found.verdict == "equivalent"
    assert [p.parameter for p in found.parameters] == ["project.per-player"]
