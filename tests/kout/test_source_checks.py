"""Source consistency, traceability, and the diff / explain / judge commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from trickrules.cli import main
from trickrules.proofs.disputes import DisputeBook
from trickrules.proofs.kit import consistency_theorems
from trickrules.proofs.traceability import build_graph, claims_behind, report, sources_of
from trickrules.proofs.verify.source_checks import check_source_profile
from trickrules.spec.loader import family_catalogue
from trickrules.spec.source_profiles import source_profiles

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / \
    "last-trick-black-joker-lead.json"


def test_source_000_kout4_deck_does_not_deal_and_play_theorems_are_not_run() -> None:
    profile = source_profiles(family_catalogue("kout"))["src000-kout4"]
    rows = {r.theorem: r for r in check_source_profile(profile)}
    deck = rows["deck.matches-deal"]
    assert deck.finding and deck.row is not None
    assert deck.row.witness == {"deck": 38, "players": 4, "hand_size": 9, "needed": 36}
    assert "does not deal 9 to each of 4 players" in rows["play.legal-card-exists"].not_run
    # theorems that need no deal still run, and hold
    assert rows["score.one-team"].row is not None and not rows["score.one-team"].finding
    assert all(r.ok for r in rows.values())


def test_source_003_deals_every_card_it_uses(full_report: dict[str, Any]) -> None:
    """003 states no hand size; read from the cards it uses, nine each from 54 cards in Kout 6
    and twelve each from 48 in Kout 4, and both deal out exactly (the source checks as the
    run's verify computed them)."""
    profiles = source_profiles(family_catalogue("kout"))
    for game, size in (("kout6", "9"), ("kout4", "12")):
        profile = profiles[f"src003-{game}"]
        assert profile.values["deal.hand-size"] == (size,)
        checked = [r for r in full_report["sources"]["consistency"]
                   if r["profile"] == profile.id]
        rows = {r["id"]: r for r in checked}
        assert rows["deck.matches-deal"]["verdict"] == "proved"
        assert not rows["deck.matches-deal"]["finding"]
        assert rows["play.legal-card-exists"]["verdict"] == "proved"  # play was checked too
        assert all(r["ok"] for r in checked)


def test_source_002_failure_read_as_tricks_won_lets_no_team_score() -> None:
    """Doubling the tricks the bidding team won: a team that takes none gives nothing away, so
    no team scores on that hand; the witness replays in the engine."""
    profile = source_profiles(family_catalogue("kout"))["src002-kout6"]
    one_team = [t for t in consistency_theorems("kout") if t.id == "score.one-team"]
    [row] = check_source_profile(profile, tuple(one_team))
    assert row.finding and row.ok and row.row is not None
    witness = row.row.witness
    assert witness is not None and witness["reading score.failed"] == "double-tricks-won"
    assert witness["bidders_won"] == 0 and witness["points"] == [0, 0]
    assert row.row.replay is not None and row.row.replay["engine"]["points"] == [0, 0]
    source_001 = source_profiles(family_catalogue("kout"))["src001-kout6"]
    assert not check_source_profile(source_001, tuple(one_team))[0].finding


def test_traceability_links_sources_to_rulings() -> None:
    catalogue = family_catalogue("kout")
    book = DisputeBook(catalogue)
    dispute = book.settle("kout6", "dealer.rotation", "with-turn-order", "against-turn-order")
    graph = build_graph(catalogue, [dispute])
    behind = claims_behind(graph, "kout6", "joker.second-joker")
    expected = sorted(c.id for c in catalogue.claims.values()
                      if "joker.second-joker" in c.allowed())
    assert behind == expected and "001.k6.second-joker" in behind
    touching = {c.source for c in catalogue.claims.values() if "dealer.rotation" in c.allowed()}
    assert sources_of(graph, dispute.id) == sorted(touching)
    data = report(graph, catalogue)
    assert catalogue.rulebook is not None
    stated_by_core = {c for rule in catalogue.rulebook.core for c in rule.claims}
    cited = {c for ruling in catalogue.rulebook.rulings for c in ruling.cites}
    assert sorted(data["orphan_claims"]) == sorted(
        c.id for c in catalogue.claims.values()
        if not c.allowed() and c.id not in stated_by_core | cited)
    assert data["orphan_claims"] == ["003.joker-names-suit"]
    touched = {p for c in catalogue.claims.values() for p in c.allowed()}
    assert sorted(data["untouched_parameters"]) == sorted(
        p for p in catalogue.parameters if p not in touched)
    assert data["rulings"]["kout6/dealer.rotation"]["disputes"] == [dispute.id]


def test_diff_of_two_sources_that_part_only_on_scoring(
        capsys: pytest.CaptureFixture[str], verified_cache: Path) -> None:
    """001 scores a bid made or failed by the bid; 002's words also allow the tricks won. 002
    gives the bid's Joker lead to "players" (any player, or the bidding team), 001 to the
    bidding team. 001's permission to play a Joker "If not using the Joker to start a hand" may
    withhold the other Joker from a Joker lead, which 002's "in any round" allows. 002 gives a
    failed Mulzum 5 when the team "fails to achieve 5 Lamas", which may leave a forced bid above
    5 failed with 5 or more to the ordinary score."""
    assert main(["diff", "src001-kout6", "src002-kout6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "differs"
    verdicts = {p["parameter"]: {d["verdict"] for d in p["disputes"]}
                for p in data["parameters"]}
    assert verdicts == {"score.made": {"differs"}, "score.failed": {"differs"},
                        "joker.lead-bid-holder": {"differs"}, "joker.to-joker-lead": {"differs"},
                        "score.malzoom-failed": {"differs"}}



def test_diff_between_sources_lists_each_divergence_with_a_replayed_witness(
        capsys: pytest.CaptureFixture[str], verified_cache: Path) -> None:
    assert main(["diff", "src001-kout4", "src003-kout4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    catalogue = family_catalogue("kout")
    profiles = source_profiles(catalogue)
    a, b = profiles["src001-kout4"], profiles["src003-kout4"]
    expected = [p.id for p in catalogue.parameters_for("kout4")
                if set(a.values[p.id]) != set(b.values[p.id])]
    assert [p["parameter"] for p in data["parameters"]] == expected
    for parameter in data["parameters"]:
        for dispute in parameter["disputes"]:
            assert dispute["verdict"] in ("differs", "equivalent")
            for outcome in dispute["outcomes"]:
                assert outcome["verdict"] != "unknown"
                assert outcome["verdict"] == "proved" or outcome["replayed"] is True


def test_diff_refuses_profiles_of_different_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "src001-kout6", "src001-kout4"]) == 2
    assert "different games" in capsys.readouterr().err
    assert main(["diff", "src001-kout6", "src009-kout6"]) == 2
    assert "unknown profile 'src009-kout6'" in capsys.readouterr().err


def test_explain_quotes_both_sides_and_draws_the_witness(
        capsys: pytest.CaptureFixture[str], verified_cache: Path) -> None:
    key = "kout6/joker.after-worthless-lead/led-suit-vs-trump-for-trick"
    assert main(["explain", key]) == 0
    out = capsys.readouterr().out
    catalogue = family_catalogue("kout")
    for claim in catalogue.claims.values():
        if "joker.after-worthless-lead" in claim.allowed() and "kout6" in claim.games:
            assert claim.quote[:30] in " ".join(out.split()), claim.id
    assert "Trick: seat 0" in out and "under led-suit" in out and "under trump-for-trick" in out
    assert "\u2660" in out or "\u2665" in out or "\u2666" in out or "\u2663" in out
    assert main(["explain", "kout6/no.such/a-vs-b"]) == 2


def test_judge_answers_a_hand_written_situation_under_every_profile(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Last trick, trumps A K Q J gone, the bidder leads the black Joker (Kout 6, bid 8).
    Where the Joker keeps its rank, or the red Joker played later is a normal card, the red
    Joker wins and the bid is made; where the Joker is worthless and so is any later Joker,
    the 2 of trumps wins and the bid fails."""
    assert main(["judge", str(EXAMPLE), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["disagreements"] == ["tricks", "score"]
    by_profile = {p["profile"]: p for p in data["profiles"]}
    catalogue = family_catalogue("kout")
    assert set(by_profile) == {p for p in [*catalogue.profiles, *source_profiles(catalogue)]
                               if p.startswith(("kout6", "src00")) and "kout6" in p}
    assert by_profile["src001-kout6"]["answers"][0]["tricks"] == [2]
    split = by_profile["src000-kout6-bid-only"]
    assert not split["settled"]
    worthless = [a for a in split["answers"]
                 if a["readings"] == [{"joker.second-joker": "worthless-anywhere"}]]
    assert worthless[0]["tricks"] == [1] and worthless[0]["score"]["team"] == 1
    src003 = by_profile["src003-kout6"]["answers"]
    assert {a["status"] for a in src003} == {"ok"}  # nine cards each, read from its deck


def test_judge_text_highlights_the_disagreement(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "The profiles disagree on:" in out
    assert "the tricks' winners: src000-kout6-all-trumps" in out and "the hand's score" in out
    assert "(some readings)" in out


def test_judge_rejects_a_file_that_is_not_json(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{\n  nope\n}\n")
    assert main(["judge", str(bad)]) == 2
    assert f"{bad}:2: not JSON" in capsys.readouterr().err


def test_explain_after_verify_solves_nothing(capsys: pytest.CaptureFixture[str],
                                             verified_cache: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``explain`` takes a dispute ``verify`` settled from its result cache: with the solver
    out of reach it still answers, and a dispute about the same rules it has to settle (no
    cache) fails where the solver is called."""
    import trickrules.proofs.disputes

    def no_solver(*args: object) -> None:
        raise AssertionError("the solver was called")

    monkeypatch.setattr(trickrules.proofs.disputes, "settle_afresh", no_solver)
    key = "kout6/joker.after-worthless-lead/led-suit-vs-trump-for-trick"
    assert main(["explain", key, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["verdict"] == "differs"
    monkeypatch.setenv("TRICKRULES_CACHE", str(verified_cache.parent / "empty-cache"))
    with pytest.raises(AssertionError, match="the solver was called"):
        main(["--debug", "explain", key, "--json"])
