"""Engine against the Z3 model: legal cards, trick winners and auctions must agree, and each
comparison fails when a rule is broken in either encoding."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from helpers import variant
from hypothesis import given, settings
from hypothesis import strategies as st

import engine.ranking
import proofs.crosscheck
import proofs.kout_model
from engine.masks import cards_of
from engine.state import AUCTION, PLAY, KoutGame, KoutState
from proofs.auction_graph import auction_graph, count_sequences
from proofs.crosscheck import ModelEvaluator, Situation

JOKER_HEAVY = {"joker__unqualified_lead": "any-time"}  # worthless Joker leads happen often
PROFILES = [
    ("kout6", {}),
    ("kout4", {}),
    ("kout6", JOKER_HEAVY),
    ("kout6", {**JOKER_HEAVY, "joker__after_worthless_lead": "led-suit",
               "joker__second_joker": "normal"}),
    ("kout4", {**JOKER_HEAVY, "joker__second_joker": "worthless-anywhere",
               "joker__play_to_trick": "as-trump", "play__follow_suit": "follow-else-trump"}),
    ("kout6", {"joker__lead_by_bid": "9-either", "joker__lead_bid_holder": "declarer",
               "joker__lead_after_trumps_played": "ace", "joker__declarer_without_ace": "may-lead",
               "joker__legal_lead_calls_trump": "no-obligation"}),
]


def _game(game_id: str, overrides: dict[str, str]) -> KoutGame:
    return variant(game_id, **overrides) if overrides else KoutGame(game_id)


def situation_of(state: KoutState) -> Situation:
    """The facts of a play-phase engine state, as plain data for the model."""
    position = state.position
    assert position is not None and state.contract is not None and state.trump is not None
    return Situation(state.rules.deck, state.rules.players, state.trump, state.contract.bid,
                     state.contract.seat, position.leader,
                     tuple(frozenset(cards_of(h)) for h in position.hands),
                     frozenset(cards_of(position.played)), tuple(position.trick))


def disagreements(game: KoutGame, seed: int, limit: int = 3) -> Iterator[str]:
    """Play one hand at random; yield every point where engine and model disagree."""
    model = ModelEvaluator(game.profile)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    found = 0
    while state.phase != PLAY:
        state.apply_action(rng.choice(state.legal_actions()))
    hand = state.hand_index
    while state.hand_index == hand and not state.is_terminal() and found < limit:
        facts = situation_of(state)
        engine_legal = state.legal_actions()
        model_legal = model.legal_cards(facts)
        if engine_legal != model_legal:
            found += 1
            yield f"legal cards at {facts}: engine {engine_legal}, model {model_legal}"
        card = rng.choice(engine_legal)
        assert state.position is not None
        before = len(state.position.tricks)
        trick_so_far = list(state.position.trick)
        state.apply_action(card)
        finished = (state.records[-1].tricks[-1] if state.hand_index != hand
                    else state.position.tricks[-1] if len(state.position.tricks) > before
                    else None)
        if finished is not None:
            model_winner = model.trick_winner(facts, [*trick_so_far, card])
            if model_winner != finished.winner:
                found += 1
                yield (f"trick {finished.cards} led by {finished.leader}: engine {finished.winner},"
                       f" model {model_winner}")


@pytest.mark.parametrize(("game_id", "overrides"), PROFILES)
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_engine_and_model_agree_on_random_hands(game_id: str, overrides: dict[str, str],
                                                seed: int) -> None:
    assert list(disagreements(_game(game_id, overrides), seed)) == []


def _any_disagreement(game: KoutGame, seeds: range = range(6)) -> bool:
    return any(next(disagreements(game, seed, limit=1), None) for seed in seeds)


def test_crosscheck_catches_a_broken_model(monkeypatch: pytest.MonkeyPatch) -> None:
    original = proofs.kout_model.tier

    def swapped(card, trump, follow, worthless):  # type: ignore[no-untyped-def]
        """Trump Ace below the black Joker: tiers 4 and 3 exchanged."""
        t = original(card, trump, follow, worthless)
        import z3

        return z3.If(t == 4, 3, z3.If(t == 3, 4, t))

    monkeypatch.setattr(proofs.kout_model, "tier", swapped)
    assert _any_disagreement(KoutGame("kout6"))


def test_crosscheck_catches_a_broken_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine.ranking, "TRUMP_ACE_STRENGTH", 97)  # below the black Joker (98)
    assert _any_disagreement(KoutGame("kout6"))


def test_crosscheck_catches_a_broken_follow_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    def lax(sp, card, hand, ctx):  # type: ignore[no-untyped-def]
        """No follow-suit obligation."""
        return hand.holds(card)

    monkeypatch.setattr(proofs.crosscheck, "legal_follow", lax)
    assert _any_disagreement(KoutGame("kout6"))


def _engine_auction_count(game: KoutGame) -> int:
    def walk(state: KoutState) -> int:
        if state.phase != AUCTION:
            return 1
        total = 0
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            total += walk(child)
        return total

    return walk(game.new_initial_state(0))


@pytest.mark.parametrize("game_id", ["kout6", "kout4"])
@pytest.mark.parametrize("overrides", [
    {}, {"auction__dealer_forced_bid": "exactly-5"}, {"auction__shape": "continuing"},
    {"auction__shape": "continuing", "auction__pass": "may-re-enter"},
])
def test_auction_sequences_engine_equals_graph(game_id: str, overrides: dict[str, str]) -> None:
    game = _game(game_id, overrides)
    assert _engine_auction_count(game) == count_sequences(auction_graph(game.profile))


def test_auction_count_differs_when_the_engine_breaks(monkeypatch: pytest.MonkeyPatch) -> None:
    game = KoutGame("kout4")
    expected = count_sequences(auction_graph(game.profile))
    import engine.auction

    monkeypatch.setattr(engine.auction, "MAX_BID", 8)  # Bawan can no longer be bid
    assert _engine_auction_count(game) != expected
