"""Baloot's second encoding: every theorem on the shipped profile, refutations with witnesses
replayed in the engine, the cross-checks of engine against model, and tests that break a rule
in either encoding and see a cross-check fail."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from baloot_helpers import rules as variant_rules
from hypothesis import given, settings
from hypothesis import strategies as st

import trickrules.engine.baloot.projects as engine_projects
import trickrules.engine.baloot.scoring as engine_scoring
import trickrules.proofs.baloot.crosscheck as crosscheck
import trickrules.proofs.baloot.model as model
import trickrules.proofs.baloot.scoring as model_scoring
from trickrules.engine.baloot.cards import mask, parse
from trickrules.engine.baloot.play import legal_mask, winning_index
from trickrules.engine.baloot.rules import HokomConversion
from trickrules.proofs.baloot.model import NO_TRUMP, card_name, legal, winner_is
from trickrules.proofs.baloot.theorems import THEOREMS
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.loader import family_catalogue

CATALOGUE = family_catalogue("baloot")
DEFAULT = CATALOGUE.default_profile("baloot")
BY_ID = {t.id: t for t in THEOREMS}
OPEN = DEFAULT.derive("baloot-open", {pid: CATALOGUE.parameters[pid].reading_ids
                                      for pid in DEFAULT.values})


def test_every_theorem_is_proved_for_the_shipped_profile(full_report: dict[str, Any]) -> None:
    """Read from the run's shared verification, which proves every theorem of the shipped
    profile (proving them again here would double the work)."""
    verdicts = {r["id"]: r["verdict"] for r in full_report["results"]
                if r["profile"] == DEFAULT.id}
    for theorem in THEOREMS:
        assert verdicts.get(theorem.id) == theorem.expect == "proved", theorem.id


@pytest.mark.parametrize("theorem", [t for t in THEOREMS if not t.crosscheck and t.id not in (
    "score.game-points-total", "score.made-xor-failed", "project.strict-total-order",
    "project.baloot-apart", "score.baloot-never-multiplied",
    "auction.ends", "deal.deck-dealt-exactly")], ids=lambda t: t.id)
def test_theorems_hold_with_every_reading_open(theorem: Any) -> None:
    assert theorem.check(OPEN).verdict == "proved"


def test_baloot_is_worth_the_same_at_any_stakes_but_inside_a_pair_rounding() -> None:
    """Baloot adds the same whatever the stakes under every reading but one combination: its
    20 card points counted inside a Hokom hand's conversion (``project.baloot-value =
    20-card-points``) that the house option ``score.keep-total = pair-rounding`` then rounds as
    a pair, where the 20 points can move the pair's odd point and so be worth 1 game point
    undoubled and 2 doubled. The witness replays in the engine."""
    theorem = BY_ID["score.baloot-never-multiplied"]
    others = DEFAULT.derive("no-pair", {**OPEN.values, "score.keep-total": tuple(
        r for r in CATALOGUE.parameters["score.keep-total"].reading_ids if r != "pair-rounding")})
    assert theorem.check(others).verdict == "proved"
    result = theorem.check(OPEN)
    assert result.verdict == "refuted" and result.replay and result.replay["replayed"]
    assert result.witness["reading score.keep-total"] == "pair-rounding"
    assert result.witness["reading project.baloot-value"] == "20-card-points"


def test_game_points_fail_to_add_up_only_where_each_side_is_rounded_alone() -> None:
    result = BY_ID["score.game-points-total"].check(OPEN)
    assert result.verdict == "refuted"
    keep = result.witness["reading score.keep-total"]
    sun = result.witness["contract"] == 0
    # each side rounded alone: in both contracts; pair rounding does so in Sun only
    assert keep == "each-side-rounded" or (keep == "pair-rounding" and sun), keep
    assert result.replay is not None and result.replay["replayed"]
    engine = result.replay["engine"]["cards"]
    assert sum(engine) != (26 if sun else 16)
    kept = DEFAULT.derive("kept", {pid: CATALOGUE.parameters[pid].reading_ids
                                   for pid in DEFAULT.values if pid != "score.keep-total"})
    assert BY_ID["score.game-points-total"].check(kept).verdict == "proved"


@pytest.mark.parametrize("over", [
    {"score.sun-conversion": "nearest-ten-half-up-x2"},
    {"score.sun-conversion": "nearest-ten-half-down-x2"},
    {"score.sun-conversion": "five-kept-div-5"},
    {"score.hokom-conversion": "nearest-ten-half-up"},
])
def test_which_splits_break_the_total_when_each_side_is_rounded(over: dict[str, str]) -> None:
    profile = DEFAULT.pin({"score.keep-total": "each-side-rounded", **over})
    result = BY_ID["score.game-points-total"].check(profile)
    assert result.verdict == "refuted" and result.replay and result.replay["replayed"]


def test_equal_projects_with_neither_higher_refute_the_order() -> None:
    profile = DEFAULT.pin({"project.tie-break": "highest-card-then-neither"})
    result = BY_ID["project.strict-total-order"].check(profile)
    assert result.verdict == "refuted"
    assert result.witness["p kind"] == result.witness["q kind"]
    assert result.witness["p top"] == result.witness["q top"]


def test_verify_runs_baloot(full_report: dict[str, Any]) -> None:
    """The suite's verify of every game (the one ``make verify`` runs) proves every Baloot
    theorem on the shipped profile."""
    rows = [r for r in full_report["results"] if r["profile"] == "baloot-default"]
    assert [r["verdict"] for r in rows] == ["proved"] * len(THEOREMS)
    assert {r["id"] for r in rows} == {t.id for t in THEOREMS}


# ------------------------------------------------------------ breaking a rule in one encoding

def _broken_engine(monkeypatch: pytest.MonkeyPatch, **changes: Any) -> None:
    real = crosscheck._engine
    monkeypatch.setattr(crosscheck, "_engine",
                        lambda profile: dataclasses.replace(real(profile), **changes))


def test_engine_with_the_sun_order_for_trump_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = variant_rules().plain_strength
    _broken_engine(monkeypatch, trump_strength=tuple(8 + s for s in plain))
    assert crosscheck.tricks_and_legal(DEFAULT) is not None
    assert crosscheck.small_scope(DEFAULT).verdict == "refuted"  # the theorem itself


@pytest.mark.parametrize("reading", CATALOGUE.parameters["score.sweep"].reading_ids)
def test_engine_and_model_score_every_sweep_reading_alike(reading: str) -> None:
    """Each reading of ``score.sweep`` scores the same in the engine and the model, at every
    stake, project and Baloot, on the splits where a side has every card point or none."""
    assert crosscheck.scores(DEFAULT.pin({"score.sweep": reading}), edges_only=True) is None


def test_a_model_that_ignores_the_sweep_alone_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    import trickrules.proofs.baloot.scoring as model_scoring

    monkeypatch.setattr(model_scoring, "sweep_alone", lambda sp, hand: False)
    profile = DEFAULT.pin({"score.sweep": "44-sun-25-hokom-88-reverse-sun-alone"})
    assert crosscheck.scores(profile, edges_only=True) is not None


def test_engine_rounding_a_5_up_in_hokom_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    _broken_engine(monkeypatch, hokom_conversion=HokomConversion.NEAREST_TEN_HALF_UP)
    found = crosscheck.scores(DEFAULT)
    assert found is not None and found["facts"]["contract"] == "hokom"


def test_engine_multiplying_baloot_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine_scoring.score_hand

    def multiplied(rules: Any, facts: Any) -> Any:
        got = real(rules, facts)
        extra = tuple(b * (facts.multiplier - 1) for b in got.baloot)
        return got._replace(baloot=tuple(b + x for b, x in zip(got.baloot, extra, strict=True)),
                            total=tuple(t + x for t, x in zip(got.total, extra, strict=True)))

    monkeypatch.setattr(engine_scoring, "score_hand", multiplied)
    assert crosscheck.scores(DEFAULT) is not None


def test_engine_counting_four_aces_as_400_in_hokom_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = engine_projects.candidates

    def four_hundred(hand: int, contract: str, seat: int, may: bool) -> Any:
        return [p._replace(kind="four-hundred") if p.kind == "hundred" and p.suit is None
                and p.top == 7 else p for p in real(hand, contract, seat, may)]

    monkeypatch.setattr(engine_projects, "candidates", four_hundred)
    found = crosscheck.projects(DEFAULT)
    assert found is not None and found["contract"] == "hokom"


def test_model_with_the_sun_order_for_trump_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model, "trump_strength",
                        lambda sp, card: model.TRUMP_BASE + model.plain_strength(sp, card))
    assert crosscheck.tricks_and_legal(DEFAULT) is not None


def test_model_rounding_a_5_up_in_hokom_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model_scoring, "round_ten", lambda points, five_up: (points + 5) // 10
                        if isinstance(points, int) else (points + 5) / 10)
    assert crosscheck.scores(DEFAULT) is not None


# ------------------------------------------------------------ differential tests

READINGS = st.fixed_dictionaries({
    "play.hokom-void": st.sampled_from(CATALOGUE.parameters["play.hokom-void"].reading_ids),
    "play.trump-led": st.sampled_from(CATALOGUE.parameters["play.trump-led"].reading_ids),
    "play.hokom-ruff": st.sampled_from(CATALOGUE.parameters["play.hokom-ruff"].reading_ids),
    "double.lock": st.sampled_from(CATALOGUE.parameters["double.lock"].reading_ids),
    "rank.plain": st.sampled_from(CATALOGUE.parameters["rank.plain"].reading_ids)})


@settings(max_examples=300, deadline=None)
@given(readings=READINGS, cards=st.permutations(list(range(32))), size=st.integers(1, 8),
       played=st.integers(0, 3), trump=st.sampled_from([NO_TRUMP, 0, 1, 2, 3]),
       locked=st.booleans())
def test_legal_sets_and_winners_agree(readings: dict[str, str], cards: list[int], size: int,
                                      played: int, trump: int, locked: bool) -> None:
    profile = DEFAULT.pin(readings)
    rules = variant_rules(**{k.replace(".", "__").replace("-", "_"): v
                             for k, v in readings.items()})
    sp = SymbolicProfile(profile, Names("differential"))
    trick, hand = cards[:played], cards[played:played + size]
    ids = {c: parse(card_name(c)) for c in cards}
    flags = [c in hand for c in range(32)]
    e_trump = None if trump == NO_TRUMP else trump
    got = legal_mask(rules, mask(ids[c] for c in hand), [ids[c] for c in trick], e_trump,
                     locked)
    assert sorted(c for c in hand if got >> ids[c] & 1) == sorted(
        c for c in hand if legal(sp, flags, trick, trump, locked, c) is True)
    four = cards[:4]
    assert [k for k in range(4) if winner_is(sp, four, trump, k) is True] == [
        winning_index(rules, [ids[c] for c in four], e_trump)]


@settings(max_examples=300, deadline=None)
@given(contract=st.sampled_from(["sun", "hokom"]),
       points=st.one_of(st.integers(0, 162), st.sampled_from([0, 130, 162])),
       side=st.integers(0, 1), stakes=st.sampled_from([(1, False), (2, False), (3, False),
                                                       (4, False), (1, True)]),
       projects=st.sampled_from([(-1, 0), (0, 2), (1, 5), (0, 20), (1, 40)]),
       baloot=st.sampled_from([(0, 0), (1, 0), (0, 1)]), readings=st.fixed_dictionaries({
           pid: st.sampled_from(CATALOGUE.parameters[pid].reading_ids) for pid in (
               "score.sun-conversion", "score.hokom-conversion", "score.keep-total",
               "score.hokom-threshold", "score.sun-threshold", "score.failed", "double.split",
               "double.projects", "double.gahwa", "project.baloot-value", "score.sweep",
               "score.threshold-counts")}),
       swept=st.booleans())
def test_hand_scores_agree(contract: str, points: int, side: int, stakes: tuple[int, bool],
                           projects: tuple[int, int], baloot: tuple[int, int],
                           readings: dict[str, str], swept: bool) -> None:
    full = 130 if contract == "sun" else 162
    points = min(points, full)
    # a side with every card point may have won every trick
    sweep = (0 if points == full else 1) if swept and points in (0, full) else None
    if contract == "sun":
        stakes, baloot = (min(stakes[0], 2), False), (0, 0)
    profile = DEFAULT.pin(readings)
    rules = variant_rules(**{k.replace(".", "__").replace("-", "_"): v
                             for k, v in readings.items()})
    split = (points, full - points)
    facts = engine_scoring.HandFacts(contract, side, stakes[0], stakes[1], split,
                                     None if projects[0] < 0 else projects[0], projects[1],
                                     baloot, sweep)
    engine = engine_scoring.score_hand(rules, facts)
    sp = SymbolicProfile(profile, Names("differential-score"))
    got = model_scoring.score(sp, model_scoring.Hand(
        0 if contract == "sun" else 1, side, stakes[0], stakes[1], split, projects[0],
        projects[1], baloot, -1 if sweep is None else sweep))
    assert (got.made, got.total) == (engine.made, engine.total)
    assert got.game_winner == (-1 if engine.game_winner is None else engine.game_winner)


def test_baloot_counting_inside_a_hundred_refutes_apartness() -> None:
    result = BY_ID["project.baloot-apart"].check(
        DEFAULT.pin({"project.baloot-in-project": "always"}))
    assert result.verdict == "refuted"
    assert result.witness["kind"] in ("hundred", "four-hundred") or (
        result.witness["king in it"] != result.witness["queen in it"])


@pytest.mark.parametrize("over", [{}, {"double.lock": "no-raise"},
                                  {"double.sun": "one-side-above-100"},
                                  {"double.sun-ahead": "buyers"},
                                  {"double.four-caller": "either-defender"},
                                  {"double.buyer-raises": "either-buyer"}])
def test_doubling_graph_matches_the_engine_under_each_reading(over: dict[str, str]) -> None:
    assert BY_ID["crosscheck.doubling-graph"].check(DEFAULT.pin(over)).verdict == "proved"
    assert BY_ID["doubling.ends"].check(DEFAULT.pin(over)).verdict == "proved"


def test_engine_doubling_a_locked_double_under_no_raise_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import trickrules.engine.baloot.auction as engine_auction

    real = engine_auction.apply_doubling

    def raising(rules: Any, doubling: Any, action: int) -> None:
        real(dataclasses.replace(rules, lock_forbids_trump_lead=True), doubling, action)

    monkeypatch.setattr(engine_auction, "apply_doubling", raising)
    result = BY_ID["crosscheck.doubling-graph"].check(DEFAULT.pin({"double.lock": "no-raise"}))
    assert result.verdict == "refuted"


def test_the_z3_buying_is_not_vacuous(monkeypatch: pytest.MonkeyPatch) -> None:
    import trickrules.proofs.baloot.auction_z3 as az

    monkeypatch.setattr(az, "STEPS", 3)
    result = BY_ID["auction.ends-z3"].check(DEFAULT)
    assert result.verdict == "refuted" and len(result.witness["calls"].split()) == 3


def test_a_z3_buying_that_drifts_from_the_graph_is_caught(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import trickrules.proofs.baloot.auction_z3 as az

    real = az.allowed
    monkeypatch.setattr(az, "allowed", lambda sp, b, call, kawesh, ace: False
                        if call == az.ASHKAL else real(sp, b, call, kawesh, ace))
    assert BY_ID["crosscheck.auction-z3-graph"].check(DEFAULT).verdict == "refuted"


@pytest.mark.parametrize("down", [0, 3])
def test_reachable_situations_exist(down: int) -> None:
    import z3

    from trickrules.proofs.baloot.situation import situation

    s = situation(DEFAULT, Names(f"reachable-{down}"), down)
    solver = z3.Solver()
    solver.add(*s.constraints)
    assert solver.check() == z3.sat
    found = s.decode(solver.model())
    sizes = sorted(len(h) for h in found["hands"].values())  # type: ignore[attr-defined]
    assert len(found["trick"]) == down  # type: ignore[arg-type]
    assert sum(sizes) + down + 4 * int(str(found["tricks done"])) == 32


def test_a_model_without_a_legal_card_gets_a_reachable_witness_the_engine_disputes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Break the model's locked lead (trump forbidden even when only trumps are held): the
    theorem finds a reachable situation with no legal card, and the engine, which is right,
    does not replay it."""
    import trickrules.proofs.baloot.situation as situation_module
    import trickrules.proofs.baloot.theorems as theorems_module
    from trickrules.proofs.smt import terms as t

    real = model.legal

    def broken(sp: Any, hand: Any, trick: Any, trump: Any, locked: Any, card: Any) -> Any:
        lead_trump = t.And(locked, trump != NO_TRUMP, model.suit(card) == trump)
        return t.And(real(sp, hand, trick, trump, locked, card),
                     t.Not(lead_trump) if not trick else True)

    monkeypatch.setattr(theorems_module, "legal", broken)
    monkeypatch.setattr(situation_module, "legal", broken)
    monkeypatch.setattr(model, "legal", broken)
    result = BY_ID["play.legal-card-exists"].check(DEFAULT)
    assert result.verdict == "refuted" and result.replay is not None
    assert result.replay["model"]["legal"] == [] and result.replay["engine"]["legal"]
    assert not result.replay["replayed"]


def test_made_with_no_points_looks_failed_without_a_threshold() -> None:
    result = BY_ID["score.made-xor-failed"].check(
        DEFAULT.pin({"score.hokom-threshold": "none"}))
    assert result.verdict == "refuted" and result.replay and result.replay["replayed"]
    assert result.replay["engine"]["made"] and result.witness["contract"] == 1


def test_engine_ending_the_game_wrongly_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine giving the game to the lower total when both sides pass the target."""
    real = engine_scoring.game_winner

    def lower(rules: Any, scores: tuple[int, int], side: Any, gahwa: Any) -> Any:
        got = real(rules, scores, side, gahwa)
        if gahwa is None and min(scores) >= rules.target and scores[0] != scores[1]:
            return 0 if scores[0] < scores[1] else 1
        return got

    monkeypatch.setattr(engine_scoring, "game_winner", lower)
    assert crosscheck.game_ends(DEFAULT) is not None
