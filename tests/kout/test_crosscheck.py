"""Engine against the Z3 model: legal cards, trick winners and auctions must agree, and each
comparison fails when a rule is broken in either encoding."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import z3
from helpers import variant

import trickrules.engine.kout.ranking
import trickrules.proofs.kout.crosscheck
import trickrules.proofs.kout.evaluator
import trickrules.proofs.kout.model
import trickrules.proofs.kout.scoring
import trickrules.proofs.kout.smallscope
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.state import AUCTION, PLAY
from trickrules.engine.masks import cards_of
from trickrules.engine.trick import Trick
from trickrules.proofs.kout.auction_graph import auction_graph, count_sequences
from trickrules.proofs.kout.crosscheck import EngineSide, engine_side, score_game_end
from trickrules.proofs.kout.evaluator import ModelEvaluator, Situation
from trickrules.proofs.kout.smallscope import small_scope
from trickrules.proofs.smt import terms as t
from trickrules.spec.cards import parse_cards
from trickrules.spec.loader import family_catalogue
from trickrules.spec.model import Profile

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


RANDOM_SEEDS = range(25)
"""Fixed seeds, one hand each per profile, so every run asks the same: with every legal last
card of each trick compared, the trump Ace put below the black Joker in the engine is met in 6
or 7 of the 25 hands of each profile, low trumps ranked upside down in 5 to 16 (with three
random seeds the first was caught in one run of two). Bugs that only a rare history shows, such
as the Joker-lead honours, are the small scope's job."""


def disagreements(game: KoutGame, seed: int, limit: int = 3,
                  model: ModelEvaluator | None = None) -> Iterator[str]:
    """Play one hand at random; yield every point where engine and model disagree: the legal
    cards at every turn, and the winner of each trick under every legal last card."""
    model = model or ModelEvaluator(game.profile)
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
        last = len(facts.trick) == facts.players - 1
        for card in engine_legal if last else ():
            finished = _finished_trick(state, card)
            model_winner = model.trick_winner(facts, [*facts.trick, card])
            if model_winner != finished.winner:
                found += 1
                yield (f"trick {finished.cards} led by {finished.leader}: engine {finished.winner},"
                       f" model {model_winner}")
        state.apply_action(rng.choice(engine_legal))


def _finished_trick(state: KoutState, card: int) -> Trick:
    """The trick ``card`` completes, played on a copy of ``state`` (it may end the hand)."""
    child = state.clone()
    hand = state.hand_index
    child.apply_action(card)
    if child.hand_index != hand:
        return child.records[-1].tricks[-1]
    assert child.position is not None
    return child.position.tricks[-1]


@pytest.mark.parametrize(("game_id", "overrides"), PROFILES)
def test_engine_and_model_agree_on_random_hands(game_id: str, overrides: dict[str, str]) -> None:
    game = _game(game_id, overrides)
    model = ModelEvaluator(game.profile)
    for seed in RANDOM_SEEDS:
        assert list(disagreements(game, seed, model=model)) == [], f"seed {seed}"


def _any_disagreement(game: KoutGame, seeds: range = range(6)) -> bool:
    model = ModelEvaluator(game.profile)
    return any(next(disagreements(game, seed, limit=1, model=model), None) for seed in seeds)


def _seeds_that_catch(game: KoutGame) -> int:
    """How many of the test's seeds meet a disagreement."""
    model = ModelEvaluator(game.profile)
    return sum(1 for seed in RANDOM_SEEDS
               if next(disagreements(game, seed, limit=1, model=model), None))


def test_crosscheck_catches_a_broken_model(monkeypatch: pytest.MonkeyPatch) -> None:
    original = trickrules.proofs.kout.model.tier

    def swapped(card, trump, follow, worthless):  # type: ignore[no-untyped-def]
        """Trump Ace below the black Joker: tiers 4 and 3 exchanged."""
        level = original(card, trump, follow, worthless)
        return z3.If(level == 4, 3, z3.If(level == 3, 4, level))

    monkeypatch.setattr(trickrules.proofs.kout.model, "tier", swapped)
    monkeypatch.setattr(trickrules.proofs.kout.evaluator, "tier", swapped)
    assert _any_disagreement(KoutGame("kout6"))


@pytest.mark.parametrize(("game_id", "overrides"), [PROFILES[1], PROFILES[4]])
def test_random_hands_catch_the_trump_ace_below_the_black_joker_in_several_seeds(
        monkeypatch: pytest.MonkeyPatch, game_id: str, overrides: dict[str, str]) -> None:
    """The seeds meet it several times (6 or 7 when measured), not by one lucky hand."""
    # below the black Joker (98)
    monkeypatch.setattr(trickrules.engine.kout.ranking, "TRUMP_ACE_STRENGTH", 97)
    assert _seeds_that_catch(_game(game_id, overrides)) >= 4


def test_crosscheck_catches_a_broken_follow_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    def lax(sp, card, hand, ctx):  # type: ignore[no-untyped-def]
        """No follow-suit obligation."""
        return hand.holds(card)

    monkeypatch.setattr(trickrules.proofs.kout.evaluator, "legal_follow", lax)
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
    import trickrules.engine.kout.auction

    monkeypatch.setattr(trickrules.engine.kout.auction, "MAX_BID", 8)  # Bawan can no longer be bid
    assert _engine_auction_count(game) != expected


SCORING_PROFILES = [
    ("kout6", {}),
    ("kout4", {}),
    ("kout6", {"score__malzoom_failed": "double-bid", "game__shutout": "none",
               "game__bawan_first_hand": "no-effect"}),
    ("kout4", {"auction__malzoom": "any-forced", "auction__dealer_forced_bid": "at-least-5"}),
    ("kout6", {"score__made": "tricks-won", "score__failed": "double-tricks-won",
               "auction__dealer_forced_bid": "exactly-5", "hand__early_stop": "stop-when-decided"}),
]


@pytest.mark.parametrize(("game_id", "overrides"), SCORING_PROFILES)
def test_engine_and_model_agree_on_every_hand_score_and_game_end(
        game_id: str, overrides: dict[str, str]) -> None:
    """The exhaustive grid of ``crosscheck.score-game-end`` on profiles that change every
    scoring and game-end reading."""
    result = score_game_end(_game(game_id, overrides).profile)
    assert result.verdict == "proved", result.witness
    assert result.witness["hand ends"] > 2000


def _engine_with(**changes: Any) -> Callable[[Profile], EngineSide]:
    """The grid's engine hook with the engine's rules changed."""
    def broken(profile: Profile) -> EngineSide:
        side = engine_side(profile)
        side.game.rules = dataclasses.replace(side.rules, **changes)
        return side
    return broken


def test_score_grid_catches_malzoom_scored_double_in_the_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trickrules.proofs.kout.crosscheck, "_engine",
                        _engine_with(malzoom_failed_points=None))
    result = score_game_end(KoutGame("kout6").profile)
    assert result.verdict == "refuted"
    assert "Malzoom 5" in result.witness["case"] and "failed" in result.witness["engine"]


def test_score_grid_catches_a_model_without_bawan(monkeypatch: pytest.MonkeyPatch) -> None:
    original = trickrules.proofs.kout.scoring.hand_points

    def no_bawan(sp, bid, malzoom, won):  # type: ignore[no-untyped-def]
        """A made Bawan scores its bid, not the Bawan's points."""
        _, theirs = original(sp, bid, malzoom, won)
        return t.If(won >= bid, bid, 0), theirs

    monkeypatch.setattr(trickrules.proofs.kout.scoring, "hand_points", no_bawan)
    result = score_game_end(KoutGame("kout4").profile)
    assert result.verdict == "refuted" and "(Bawan)" in result.witness["case"]


def test_score_grid_catches_an_engine_without_shutout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trickrules.proofs.kout.crosscheck, "_engine", _engine_with(shutout=None))
    result = score_game_end(KoutGame("kout6").profile)
    assert result.verdict == "refuted"
    assert result.witness["engine"] == "failed, scores 0-51, game goes on"
    assert result.witness["model"] == "failed, scores 0-51, team 1 wins the game"


SMALL_POOL = parse_cards("AS 9S AH 7H BJ")  # a smaller pool keeps the mutation runs quick


def test_small_scope_catches_an_engine_with_the_trump_ace_below_the_black_joker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trickrules.proofs.kout.smallscope, "POOL", SMALL_POOL)
    monkeypatch.setattr(trickrules.engine.kout.ranking, "TRUMP_ACE_STRENGTH", 97)
    result = small_scope(family_catalogue("kout").profile("kout4-default"))
    assert result.verdict == "refuted" and "engine seat" in result.witness["first"]


def test_small_scope_catches_a_model_without_follow_suit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def lax(sp, card, hand, ctx):  # type: ignore[no-untyped-def]
        return hand.holds(card)

    monkeypatch.setattr(trickrules.proofs.kout.smallscope, "POOL", SMALL_POOL)
    monkeypatch.setattr(trickrules.proofs.kout.evaluator, "legal_follow", lax)
    result = small_scope(family_catalogue("kout").profile("kout4-default"))
    assert result.verdict == "refuted" and result.witness["disagreements"] > 0


def test_small_scope_covers_every_trick_of_its_pool() -> None:
    """Every ordered 4-card trick of both pools that the rules allow is completed and compared,
    and every history of the five trump cards it varies is asked."""
    tally, problems = trickrules.proofs.kout.smallscope.run(
        family_catalogue("kout").profile("kout4-default"))
    assert problems == []
    assert tally.tricks > 800 and tally.illegal_prefixes > 0 and tally.histories == 32
