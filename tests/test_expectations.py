"""Stored dispute verdicts are expectations: a dispute that silently turns from "differs" to
"the same" (what two planted rule bugs once did, unnoticed by ``verify``) is reported by
``verify`` itself, named, until the verdicts are accepted again on purpose."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from trickrules.cli.main import main
from trickrules.cli.render.tables import print_verify
from trickrules.proofs.disputes import Dispute
from trickrules.proofs.kit import kit_games
from trickrules.proofs.verify import expectations
from trickrules.proofs.verify.expectations import load_expected, observed, surprises
from trickrules.proofs.verify.report import Verification
from trickrules.proofs.verify.sources import source_section
from trickrules.spec.errors import SpecError


def _turned_equivalent(dispute: Dispute) -> Dispute:
    """The dispute as a rule bug that makes both readings agree would settle it: every
    differing outcome proved the same."""
    outcomes = [dataclasses.replace(o, verdict="proved", witness=None, replayed=None)
                if o.verdict == "refuted" else o for o in dispute.outcomes]
    return dataclasses.replace(dispute, outcomes=outcomes)


def test_the_stored_verdicts_are_this_runs(verification: Verification) -> None:
    """The shipped expectations match what the rules give now, for every game."""
    assert surprises(verification.disputes, kit_games(), load_expected()) == []
    assert observed(verification.disputes) == load_expected()
    assert verification.report["sources"]["unexpected"]["surprises"] == []


def test_a_dispute_that_turns_equivalent_is_a_named_failure(verification: Verification) -> None:
    games = list(kit_games())
    differing = next(d for d in verification.disputes if d.verdict == "differs")
    kinds = [o.kind for o in differing.outcomes if o.verdict == "refuted"]
    planted = [_turned_equivalent(d) if d is differing else d for d in verification.disputes]
    section = source_section(games, verification.consistency, planted)
    assert not section["ok"]
    assert section["unexpected"]["surprises"] == [
        {"dispute": differing.id, "kind": k, "expected": "differs", "got": "same"}
        for k in kinds]
    console = Console(record=True, width=400)
    print_verify(console, [], {**verification.report, "sources": section})
    out = console.export_text()
    line = next(line for line in out.splitlines() if differing.id in line and "same" in line)
    assert kinds[0] in line and "differs" in line
    assert f"{len(kinds)} dispute verdict" in out and "--accept-verdicts" in out
    # the unplanted run has no such table
    clean = Console(record=True, width=400)
    print_verify(clean, [], verification.report)
    assert "not the stored ones" not in clean.export_text()


def test_a_new_or_vanished_dispute_is_unexpected(verification: Verification) -> None:
    stored = load_expected()
    first = verification.disputes[0]
    without = {k: v for k, v in stored.items() if k != first.id}
    assert surprises(verification.disputes, kit_games(), without) == [
        expectations.Surprise(first.id, "every kind", "none", first.verdict)]
    ghost = f"{first.game}/no.such-parameter/a-vs-b"
    extra = {**stored, ghost: {"score": "differs"}}
    assert surprises(verification.disputes, kit_games(), extra) == [
        expectations.Surprise(ghost, "every kind", "raised", "none")]
    # a stored dispute of a game the run did not cover is not asked for
    assert surprises([], ["no-such-game"], stored) == []


def test_verify_fails_on_a_changed_verdict_until_it_is_accepted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        verified_cache: Path) -> None:
    shipped = expectations.EXPECTED_FILE
    stored = tmp_path / "verdicts.json"
    shutil.copy(shipped, stored)
    data = load_expected(stored)
    dispute, kinds = next((k, v) for k, v in data.items() if "differs" in v.values())
    kind = next(k for k, v in kinds.items() if v == "differs")
    kinds[kind] = "same"
    stored.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(expectations, "EXPECTED_FILE", stored)

    assert main(["verify", "--game", dispute.split("/")[0]]) == 1
    out = capsys.readouterr().out
    assert "1 dispute verdict unexpected" in out
    assert any(dispute in line and kind in line for line in out.splitlines())

    assert main(["verify", "--game", dispute.split("/")[0], "--accept-verdicts"]) == 0
    assert "stored as expected" in capsys.readouterr().out
    assert stored.read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8")
    assert main(["verify", "--game", dispute.split("/")[0], "--json"]) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert report["sources"]["ok"] and report["sources"]["unexpected"]["surprises"] == []


def test_accepting_needs_the_disputes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--no-sources", "--accept-verdicts"]) == 2
    assert "--accept-verdicts" in capsys.readouterr().err


@pytest.mark.parametrize("text, named", [
    ("{", ":1: not JSON"), ("[]", "an object of dispute ids"),
    ('{"kout6/x/a-vs-b": {"score": "maybe"}}', "kout6/x/a-vs-b"),
    (b"\xff", "cannot read")])
def test_a_broken_store_is_named(tmp_path: Path, text: str | bytes, named: str) -> None:
    path = tmp_path / "verdicts.json"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError, match=named) as caught:
        load_expected(path)
    assert str(path) in str(caught.value)
