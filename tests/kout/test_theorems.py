"""Theorems: proved for the shipped profiles, and refuted (with a witness) when rules break."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import z3

import trickrules.engine.kout.ranking
import trickrules.proofs.kout.evaluator
import trickrules.proofs.kout.kit
import trickrules.proofs.kout.model
import trickrules.proofs.kout.scoring
import trickrules.proofs.kout.theorems
from trickrules.cli import main
from trickrules.engine.kout.game import KoutState
from trickrules.engine.kout.state import PLAY
from trickrules.proofs.kit import Theorem
from trickrules.proofs.kout.theorems import (
    THEOREMS,
    auction_model_matches_graph,
    black_joker_lead_wins,
    dealer_must_bid,
    deck_matches_deal,
    legal_card_exists,
    ranking_total_order,
)
from trickrules.proofs.verify.rows import failed, run_theorems
from trickrules.spec.loader import family_catalogue


def test_every_theorem_is_proved_for_every_shipped_profile(
        full_report: dict[str, Any]) -> None:
    """Read from the run's shared verification, which ran every theorem on every shipped
    profile (``verify`` itself is tested to compute what it reports)."""
    profiles = [p.id for p in family_catalogue("kout").profiles.values() if p.is_concrete]
    rows = [r for r in full_report["results"] if r["profile"] in profiles]
    assert sorted((r["profile"], r["id"]) for r in rows) == sorted(
        (p, t.id) for p in profiles for t in THEOREMS)
    assert [r for r in rows if not r["ok"] or r["verdict"] != r["expected"]] == []
    assert len({t.id for t in THEOREMS}) == len(THEOREMS)


def test_deck_theorem_refuted_for_source_000_kout4_deck() -> None:
    profile = family_catalogue("kout").profile("kout4-default").derive("k4-000", {
        "deck.cards": "no-2-to-5"})
    result = deck_matches_deal(profile)
    assert result.verdict == "refuted"
    assert result.witness == {"deck": 38, "players": 4, "hand_size": 9, "needed": 36}


def test_ranking_theorem_refuted_when_ranks_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    def tied(a, b, trump, follow, a_worthless=None, b_worthless=None):  # type: ignore[no-untyped-def]
        """Within a tier, rank no longer decides: two trumps tie."""
        no = z3.BoolVal(False)
        tier = trickrules.proofs.kout.model.tier
        return tier(a, trump, follow, no) > tier(b, trump, follow, no)

    monkeypatch.setattr(trickrules.proofs.kout.theorems, "beats", tied)
    result = ranking_total_order(family_catalogue("kout").profile("kout6-default"))
    assert result.verdict == "refuted" and set(result.witness) == {"a", "b", "c"}


def test_verify_command_json(capsys: pytest.CaptureFixture[str], verified_cache: Path) -> None:
    """The JSON report of one profile (its results as the run's verify computed them)."""
    code = main(["verify", "--profile", "kout4-default", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    expected_refuted = sum(t.expect == "refuted" for t in THEOREMS)
    assert report["proved"] == len(THEOREMS) - expected_refuted and report["unknown"] == 0
    assert all(r["ok"] for r in report["results"])
    witnesses = [r for r in report["results"] if r["verdict"] == "refuted"]
    assert len(witnesses) == expected_refuted
    for row in witnesses:
        assert row["replayed"] is True
        state = KoutState.from_json(row["witness_state"])  # the engine's JSON state form
        assert state.phase == PLAY
        assert row["replay"]["engine"] == row["replay"]["model"]


def test_black_lead_witness_is_taken_by_the_red_joker_or_the_trump_ace() -> None:
    for profile_id in ("kout6-default", "kout4-default"):
        result = black_joker_lead_wins(family_catalogue("kout").profile(profile_id))
        assert result.verdict == "refuted" and result.replay is not None
        cards = result.witness["trick"].split()
        higher = [c for c in cards if c in ("RJ", f"A{result.witness['trump']}")]
        assert cards[0] == "BJ" and len(higher) >= 1
        winner = result.replay["engine"]["winner"]
        state = KoutState.from_json(result.replay["state"])
        assert state.position is not None
        taker = max(higher, key=lambda c: c == "RJ")
        assert winner == (state.position.leader + cards.index(taker)) % state.rules.players


def test_witness_that_the_engine_disagrees_with_does_not_replay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # engine: black over red
    monkeypatch.setattr(trickrules.engine.kout.ranking, "BLACK_JOKER_STRENGTH", 101)
    rows = run_theorems([family_catalogue("kout").profile("kout4-default")], tuple(
        t for t in THEOREMS if t.id == "joker.black-lead-can-lose"))
    assert rows[0].verdict == "refuted" and rows[0].replay is not None
    assert rows[0].replay["replayed"] is False
    assert rows[0].replay["engine"]["winner"] != rows[0].replay["model"]["winner"]
    assert failed(rows) == rows


def test_model_without_joker_lead_rule_refutes_legal_card_exists(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A model in which an unpermitted Joker can never be led leaves a leader holding only
    Jokers without a legal card; the witness is reachable and the engine disagrees."""
    import trickrules.proofs.kout.situation

    def strict(sp, card, hand, permitted):  # type: ignore[no-untyped-def]
        return z3.And(hand.holds(card), z3.Or(z3.Not(trickrules.proofs.kout.model.is_joker(card)),
                                              permitted))

    monkeypatch.setattr(trickrules.proofs.kout.situation, "legal_lead", strict)
    monkeypatch.setattr(trickrules.proofs.kout.evaluator, "legal_lead", strict)
    result = legal_card_exists(family_catalogue("kout").profile("kout4-default"))
    assert result.verdict == "refuted" and result.replay is not None
    assert result.replay["model"]["legal"] == []
    assert result.replay["engine"]["legal"] != []
    assert result.replay["replayed"] is False


def test_verify_exits_non_zero_on_a_refuted_theorem(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from trickrules.proofs.smt.solver import Result

    broken = Theorem("test.always-refuted", "refuted on purpose",
                     lambda profile: Result("refuted", 0.0, witness={"x": 1}))
    kit = trickrules.proofs.kout.kit
    monkeypatch.setattr(kit, "KIT", replace(kit.KIT, theorems=(broken,)))
    code = main(["verify", "--profile", "kout6-default"])
    out = capsys.readouterr().out
    assert code == 1 and "refuted" in out and "x=1" in out


@pytest.mark.parametrize("overrides", [  # the shipped readings: in the shared verification
    {"auction.shape": "continuing"},
    {"auction.shape": "continuing", "auction.pass": "may-re-enter"},
    {"auction.dealer-forced-bid": "exactly-5", "auction.malzoom": "any-forced"},
])
@pytest.mark.long
@pytest.mark.parametrize("profile_id", ["kout6-default", "kout4-default"])
def test_auction_theorems_hold_for_every_auction_reading(profile_id: str,
                                                         overrides: dict[str, str]) -> None:
    profile = family_catalogue("kout").profile(profile_id).derive("auction-test", overrides)
    for theorem in ("auction.ends-in-contract", "auction.dealer-must-bid",
                    "crosscheck.auction-z3-graph", "auction.one-contract"):
        check = next(t.check for t in THEOREMS if t.id == theorem)
        assert check(profile).verdict == "proved", theorem


def test_auction_crosscheck_catches_a_broken_z3_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    import trickrules.proofs.kout.auction

    # Bawan no longer biddable in Z3
    monkeypatch.setattr(trickrules.proofs.kout.auction, "MAX_BID", 8)
    result = auction_model_matches_graph(family_catalogue("kout").profile("kout4-default"))
    assert result.verdict == "refuted"
    assert 9 in result.witness["graph"] and 9 not in result.witness["z3"]


def test_dealer_must_bid_refuted_when_the_forced_bid_rule_is_dropped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import trickrules.proofs.kout.auction

    original = trickrules.proofs.kout.auction.call_is_legal

    def no_forcing(sp, step, call, index, players):  # type: ignore[no-untyped-def]
        return original(sp, step, call, -1, players)  # the forced position is never recognised

    monkeypatch.setattr(trickrules.proofs.kout.auction, "call_is_legal", no_forcing)
    result = dealer_must_bid(family_catalogue("kout").profile("kout6-default"))
    assert result.verdict == "refuted"
    assert result.witness["calls"].startswith("pass pass pass pass pass pass")


def test_made_at_stop_is_refuted_for_a_model_that_scores_one_trick_too_many(
        monkeypatch: pytest.MonkeyPatch) -> None:
    profile = family_catalogue("kout").profile("kout6-default").pin(
        {"score.made": "tricks-won", "hand.early-stop": "stop-when-decided"})
    assert trickrules.proofs.kout.theorems.made_at_stop_scores_the_bid(profile).verdict == "proved"
    real = trickrules.proofs.kout.scoring.hand_points

    def one_more(sp: Any, bid: Any, malzoom: Any, won: Any) -> Any:
        ours, theirs = real(sp, bid, malzoom, won)
        return ours + 1, theirs

    monkeypatch.setattr(trickrules.proofs.kout.theorems, "hand_points", one_more)
    assert trickrules.proofs.kout.theorems.made_at_stop_scores_the_bid(profile).verdict == "refuted"


def test_a_fault_inside_a_check_is_its_finding_and_the_run_goes_on(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """A model bug that raises (an assertion of the evaluator, as a planted off-suit ranking
    bug once did) is reported as that theorem's unknown verdict naming the fault; every other
    theorem still runs, and verify exits 1 (it once ended with exit 3 and no report)."""
    from trickrules.proofs.smt.solver import Result

    def broken(profile: Any) -> Result:
        raise AssertionError("model gives 0 winners")

    theorems = tuple(replace(t, check=broken) if t.id == "trick.one-winner" else t
                     for t in trickrules.proofs.kout.kit.KIT.theorems)
    kit = trickrules.proofs.kout.kit
    monkeypatch.setattr(kit, "KIT", replace(kit.KIT, theorems=theorems))
    assert main(["verify", "--profile", "kout4-default", "--jobs", "1", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    rows = {r["id"]: r for r in report["results"]}
    assert len(rows) == len(theorems) > 10
    assert rows["trick.one-winner"]["verdict"] == "unknown"
    assert "AssertionError: model gives 0 winners" in json.dumps(rows["trick.one-winner"])
    assert all(r["ok"] for i, r in rows.items() if i != "trick.one-winner")
