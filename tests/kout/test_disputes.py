"""Every dispute the sources raise is settled: each difference has a witness the engine replays
under both readings with the outcomes the model predicts, and each outcome kind that a
reading cannot change is proved unchanged."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
import z3

import trickrules.engine.kout.game
import trickrules.engine.kout.rules
import trickrules.proofs.kout.kinds_rules
from trickrules.engine.kout.game import KoutState
from trickrules.proofs.disputes import Dispute, DisputeBook, dispute_questions
from trickrules.spec.cards import card_name
from trickrules.spec.loader import family_catalogue
from trickrules.spec.model import Profile

PLAY = {"legal", "winner", "hand-over"}

# Which outcomes each parameter can change, from the rules themselves:
EXPECTED = {
    # a different deck or hand size is a different deal
    "deck.cards": {"deal"}, "deal.hand-size": {"deal"},
    "dealer.rotation": {"next-dealer"},
    # auction readings change which calls are allowed; a forced bid above 5 is still scored
    # as an ordinary contract under both forced-bid readings
    "auction.shape": {"auction"}, "auction.pass": {"auction"},
    "auction.dealer-forced-bid": {"auction"},
    # Malzoom changes only what a failed forced contract costs, and so the game's end
    "auction.malzoom": {"score", "game-end"},
    # a Joker played as a trump changes what may be followed, never who wins among legal cards
    "joker.play-to-trick": {"legal"},
    # whether a Joker is owed as a trump changes which cards may be played, never how a trick
    # of cards legal under both is won
    "joker.counts-as-trump": {"legal"},
    # the other Joker barred from a Joker lead changes only what may be played
    "joker.to-joker-lead": {"legal"},
    # an unqualified lead is worthless under both readings: only its legality changes
    "joker.unqualified-lead": {"legal"},
    # whether a Joker lead has its rank changes legality, the winner, and so the early stop
    "joker.lead-by-bid": PLAY, "joker.lead-bid-holder": PLAY,
    "joker.lead-after-trumps-played": PLAY, "joker.declarer-without-ace": PLAY,
    "joker.after-worthless-lead": PLAY,
    # 5 only under 5 tricks changes a failed Malzoom's points, and so the game's end
    "score.malzoom-failed": {"score", "game-end"},
    # scoring the tricks won instead of the bid changes a made hand's points, and so the end
    "score.made": {"score", "game-end"},
    # doubling the tricks won instead of the bid changes a failed hand's points, and the end
    "score.failed": {"score", "game-end"},
    # stopping early changes only whether play goes on (the score is the same: a theorem)
    "hand.early-stop": {"hand-over"},
}
SECOND_JOKER = {
    # a Joker after the suit is fixed: worthless or normal, the suit is fixed either way
    ("worthless-if-immediately-after", "worthless-anywhere"): {"winner", "hand-over"},
    ("worthless-if-immediately-after", "normal"): PLAY,
    ("worthless-anywhere", "normal"): PLAY,
}


@pytest.fixture(scope="module")
def book(settled_book: Callable[[str], DisputeBook]) -> DisputeBook:
    """Disputes about the shipped rules as the run's verify settled them (what it did not
    settle is settled here)."""
    return settled_book("kout")


@pytest.fixture(scope="module")
def disputes(source_disputes: list[Dispute]) -> list[Dispute]:
    return [d for d in source_disputes if d.game in ("kout6", "kout4")]


def _expected(d: Dispute) -> set[str]:
    if d.parameter == "joker.second-joker":
        return SECOND_JOKER[(d.a, d.b)]
    return EXPECTED[d.parameter]


def test_every_source_dispute_is_settled_with_the_expected_differences(
        disputes: list[Dispute]) -> None:
    assert len(disputes) == 27 + 26  # Kout 6, Kout 4
    for d in disputes:
        differs = {o.kind for o in d.outcomes if o.verdict == "refuted"}
        assert d.ok, (d.id, [o.as_json() for o in d.outcomes if not o.ok])
        assert differs == _expected(d), d.id
        assert all(o.verdict == "proved" for o in d.outcomes if o.kind not in differs)


def test_each_witness_replays_with_different_outcomes(disputes: list[Dispute]) -> None:
    for d in disputes:
        for o in d.outcomes:
            if o.verdict == "refuted":
                assert o.replayed and o.engine["a"] != o.engine["b"], (d.id, o.kind)


def _profile(d: Dispute, side: str, context: dict[str, str]) -> Profile:
    base = family_catalogue("kout").default_profile(d.game)
    return base.derive("test", {**context, d.parameter: d.a if side == "a" else d.b})


def test_play_witnesses_reread_through_the_json_state_form(disputes: list[Dispute]) -> None:
    """The witness state, written as JSON under reading a, read back under each reading by
    the engine's own JSON reader, gives the legal cards the dispute reports."""
    checked = 0
    for d in disputes:
        legal = next((o for o in d.outcomes if o.kind == "legal" and o.witness), None)
        if legal is None:
            continue
        assert legal.witness is not None
        for side in ("a", "b"):
            state = KoutState.from_json(legal.witness["state"], _profile(d, side, legal.context))
            assert [card_name(c) for c in state.legal_actions()] == legal.engine[side]
        checked += 1
    assert checked > 20


def _outcome(book: DisputeBook, key: str, kind: str) -> Any:
    return next(o for o in book.by_id(key).outcomes if o.kind == kind)


def test_forced_bid_witness_is_the_dealer_after_everyone_passes(book: DisputeBook) -> None:
    o = _outcome(book, "kout6/auction.dealer-forced-bid/at-least-5-vs-exactly-5", "auction")
    assert o.witness["calls"] == ["pass"] * 5
    assert o.engine == {"a": ["bid 5", "bid 6", "bid 7", "bid 8", "bid 9"], "b": ["bid 5"]}


def test_early_stop_witness_is_a_bawan_lost_at_the_first_trick(book: DisputeBook) -> None:
    """The earliest a hand can be decided: Bawan (all nine tricks) and a trick lost."""
    o = _outcome(book, "kout4/hand.early-stop/play-all-tricks-vs-stop-when-decided",
                 "hand-over")
    assert o.witness["bid"] == 9 and o.witness["tricks_won"] == [0, 0]
    assert o.engine == {"a": False, "b": True}


def test_malzoom_witness_is_a_failed_forced_six(book: DisputeBook) -> None:
    o = _outcome(book, "kout4/auction.malzoom/forced-5-vs-any-forced", "score")
    assert o.witness["bid"] == 6 and o.witness["forced"] and o.witness["bidders_won"] < 6
    assert o.engine["a"] == [False, 1, 12] and o.engine["b"][:2] == [False, 1]
    assert o.engine["b"][2] != 12


def test_kout4_deck_witness_is_a_red_six_and_the_38_card_deck_is_refused(
        book: DisputeBook) -> None:
    o = _outcome(book, "kout4/deck.cards/no-2-to-5-vs-no-2-to-5-no-6-red", "deal")
    assert o.witness["card"] == "6H"
    assert o.engine["a"]["deck"] == 38 and "refused" in o.engine["a"]
    assert o.engine["b"] == {"deck": 36, "hand_size": 9, "has_card": False,
                             "deals_evenly": True}


def test_dispute_ids_are_stable_and_order_free(book: DisputeBook) -> None:
    a = book.settle("kout6", "dealer.rotation", "against-turn-order", "with-turn-order")
    assert a.id == "kout6/dealer.rotation/with-turn-order-vs-against-turn-order"
    assert book.by_id(a.id) is a
    with pytest.raises(KeyError, match="ids look like"):
        book.by_id("kout6/dealer.rotation/sideways-vs-with-turn-order")


def test_dispute_questions_cover_every_reading_some_source_allows() -> None:
    questions = dispute_questions(family_catalogue("kout"), "kout4")
    lead = [q for q in questions if q[0] == "joker.lead-by-bid"]
    # 000's Kout 4 section inherits the six-player rule (8-red-9-either, as 001 states); 003
    # says 9-either; nobody "never"
    assert lead == [("joker.lead-by-bid", "8-red-9-either", "9-either")]


def test_a_wrong_engine_makes_the_witness_fail_to_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trickrules.proofs.kout.kinds_rules, "next_dealer",
                        lambda rules, dealer: (dealer + 1) % rules.players)
    d = DisputeBook(family_catalogue("kout")).settle("kout6", "dealer.rotation", "with-turn-order",
                                             "against-turn-order")
    assert not d.ok and d.verdict == "unknown"
    assert "engine and model disagree" in d.outcomes[1].error


def test_an_engine_that_lets_a_joker_follow_a_joker_lead_fails_to_replay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that always lets the other Joker follow a Joker led with permission: the
    witness of ``joker.to-joker-lead`` no longer replays."""
    real = trickrules.engine.kout.rules.compile_rules
    monkeypatch.setattr(trickrules.engine.kout.game, "compile_rules", lambda profile:
                        dataclasses.replace(real(profile), joker_to_joker_lead=True))
    d = DisputeBook(family_catalogue("kout")).settle("kout6", "joker.to-joker-lead", "allowed",
                                                     "not-allowed")
    legal = next(o for o in d.outcomes if o.kind == "legal")
    assert legal.verdict == "refuted" and not legal.replayed
    assert legal.error == "engine and model disagree"


def test_an_engine_that_scores_every_failed_malzoom_5_fails_to_replay(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that gives 5 for every failed Malzoom, whatever the tricks: the witness of
    ``score.malzoom-failed = 5-if-under-5`` no longer replays."""
    real = trickrules.engine.kout.rules.compile_rules
    monkeypatch.setattr(trickrules.proofs.kout.kinds_rules, "compile_rules",
                        lambda profile: dataclasses.replace(real(profile),
                                                            malzoom_points_under_5_only=False))
    d = DisputeBook(family_catalogue("kout")).settle("kout6", "score.malzoom-failed", "5",
                                                     "5-if-under-5")
    score = next(o for o in d.outcomes if o.kind == "score")
    assert score.verdict == "refuted" and not score.replayed


def test_a_wrong_model_changes_the_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A model that forgets 'any forced contract is Malzoom' reads the parameter nowhere, so
    the dispute is unknown (never proved) and the pinned expectation above would fail."""
    def no_any_forced(sp: Any, bid: z3.ArithRef, forced: z3.BoolRef) -> Any:
        return z3.And(forced, bid == 5), [bid >= 5, bid <= 9]

    monkeypatch.setattr(trickrules.proofs.kout.kinds_rules, "contract_rules", no_any_forced)
    d = DisputeBook(family_catalogue("kout")).settle("kout4", "auction.malzoom", "forced-5",
                                             "any-forced")
    assert d.verdict == "unknown"


def test_explain_gives_the_witnesses_verify_reported(disputes: list[Dispute]) -> None:
    """``explain`` and ``diff`` settle a dispute as ``verify`` does, so they show its witness."""
    key = "kout4/joker.second-joker/worthless-if-immediately-after-vs-normal"
    reported = next(d for d in disputes if d.id == key)
    again = DisputeBook(family_catalogue("kout")).by_id(key)
    assert [o.as_json() | {"seconds": 0} for o in again.outcomes] == [
        o.as_json() | {"seconds": 0} for o in reported.outcomes]
    assert reported.verdict == "differs"
