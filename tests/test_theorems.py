"""Theorems: proved for the shipped profiles, and refuted (with a witness) when rules break."""

from __future__ import annotations

import json

import pytest
import z3

import proofs.kout_model
import proofs.theorems
from proofs.cli import main
from proofs.theorems import THEOREMS, deck_matches_deal, ranking_total_order
from proofs.verify import failed, run_theorems
from spec.loader import kout_catalogue


def test_every_theorem_is_proved_for_every_shipped_profile() -> None:
    profiles = [p for p in kout_catalogue().profiles.values() if p.is_concrete]
    rows = run_theorems(profiles)
    assert len(rows) == len(profiles) * len(THEOREMS)
    assert failed(rows) == []
    assert len({t.id for t in THEOREMS}) == len(THEOREMS)


def test_deck_theorem_refuted_for_source_000_kout4_deck() -> None:
    profile = kout_catalogue().profile("kout4-default").derive("k4-000", {
        "deck.cards": "no-2-to-5"})
    result = deck_matches_deal(profile)
    assert result.verdict == "refuted"
    assert result.witness == {"deck": 38, "players": 4, "hand_size": 9, "needed": 36}


def test_ranking_theorem_refuted_when_ranks_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    def tied(a, b, trump, follow, a_worthless=None, b_worthless=None):  # type: ignore[no-untyped-def]
        """Within a tier, rank no longer decides: two trumps tie."""
        no = z3.BoolVal(False)
        tier = proofs.kout_model.tier
        return tier(a, trump, follow, no) > tier(b, trump, follow, no)

    monkeypatch.setattr(proofs.theorems, "beats", tied)
    result = ranking_total_order(kout_catalogue().profile("kout6-default"))
    assert result.verdict == "refuted" and set(result.witness) == {"a", "b", "c"}


def test_verify_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["verify", "--profile", "kout4-default", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["proved"] == len(THEOREMS) and report["unknown"] == 0
    assert {r["verdict"] for r in report["results"]} == {"proved"}


def test_verify_exits_non_zero_on_a_refuted_theorem(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from proofs.solver import Result

    broken = proofs.theorems.Theorem("test.always-refuted", "refuted on purpose",
                                     lambda profile: Result("refuted", 0.0, witness={"x": 1}))
    monkeypatch.setattr(proofs.theorems, "THEOREMS", (broken,))
    code = main(["verify", "--profile", "kout6-default"])
    out = capsys.readouterr().out
    assert code == 1 and "refuted" in out and "x=1" in out
