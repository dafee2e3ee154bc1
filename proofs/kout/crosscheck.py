"""Engine against model over hand scoring and the end of the game, exhaustively.

The model's side is :func:`trickrules.proofs.kout.scoring.hand_end` and its ``contract_rules`` (Z3
terms written from the spec's ``score.*``, ``game.*`` and ``auction.*`` readings, folded to values
on a concrete profile); the engine's side is its auction, played through the public state API,
:func:`trickrules.engine.kout.scoring.score_hand` and
:func:`~trickrules.engine.kout.scoring.game_winner`, and the same hand end reached by playing the
hand's last trick through the engine's states (so the scores and hand number the states pass on are
checked too). The grid: every contract the auction can end in (each bid, won outright or forced on
the dealer, so Malzoom or not, and Bawan), either team bidding, every number of tricks won, on the
first hand from 0-0 and on a later hand from scores that put the scoring team one point below, at
and one point above the target and the shut-out, against the other team at 0, 1 or one point short
of either. Any difference refutes, naming the case.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.play import Contract
from trickrules.engine.kout.rules import Rules
from trickrules.engine.kout.scoring import HandScore
from trickrules.proofs.kout.evaluator import ModelEvaluator
from trickrules.proofs.kout.scoring import contract_rules, wins_game
from trickrules.proofs.smt.solver import Result
from trickrules.spec.cards import ACE, BLACK_JOKER, HEARTS, SPADES, make_card, suit_of
from trickrules.spec.model import Profile

BIDS = range(5, 10)
"""Every bid: 5 (Bab) to 9 (Bawan)."""
TRUMP = SPADES
"""Trump in the hands played out."""


End = tuple[bool, tuple[int, int], int | None]
"""The end of a hand: made or not, the scores after it, the game's winner (None: it goes on)."""


class EngineSide(NamedTuple):
    """The engine the grid asks: a game under the profile's rules, its scoring and game-end
    functions, its auction's contracts and a hand's last trick played through its states (a
    test replaces one to plant a bug)."""

    game: KoutGame
    score_hand: Callable[[Rules, Contract, tuple[int, int]], HandScore]
    game_winner: Callable[[Rules, tuple[int, int], int, Contract, HandScore], int | None]
    contracts: Callable[[Profile], dict[tuple[int, bool], Contract]]
    hand_end: Callable[[KoutGame, Contract, int, int, tuple[int, int]], End | None]

    @property
    def rules(self) -> Rules:
        """The engine's compiled rules of the profile."""
        return self.game.rules


def auction_contracts(profile: Profile) -> dict[tuple[int, bool], Contract]:
    """The contract the engine's auction ends in for each (bid, forced on the dealer) it
    allows: one player bids and the rest pass, or everyone passes and the dealer bids."""
    from trickrules.engine.kout.actions import PASS, bid_action
    from trickrules.engine.kout.state import AUCTION

    game = KoutGame(profile.game.id, profile)
    out: dict[tuple[int, bool], Contract] = {}
    for bid, forced in itertools.product(BIDS, (False, True)):
        state = game.new_initial_state(0)
        passes = game.rules.players - 1 if forced else 0
        for _ in range(passes):
            state.apply_action(PASS)
        if bid_action(bid) not in state.legal_actions():
            continue
        state.apply_action(bid_action(bid))
        while state.phase == AUCTION:
            state.apply_action(PASS)
        assert state.contract is not None
        out[bid, forced] = state.contract
    return out


def played_hand_end(game: KoutGame, contract: Contract, won: int, index: int,
                    before: tuple[int, int]) -> End | None:
    """The end of hand ``index`` from scores ``before`` when the bidding team finishes with
    ``won`` tricks, played through the engine's states: the last trick is dealt (the trump Ace
    to the team that takes it, a low heart to everyone else) and played out. None when the
    rules end the hand before its last trick."""
    from trickrules.engine.errors import StateError

    rules = game.rules
    players, size = rules.players, rules.hand_size
    trump_ace, *hearts = [c for c in rules.deck if c == make_card(TRUMP, ACE)
                          or (c < BLACK_JOKER and suit_of(c) == HEARTS)][:players]
    takes = contract.team if won else 1 - contract.team  # the team that takes the last trick
    cards = [*hearts[:takes], trump_ace, *hearts[takes:]]
    bidders_before = max(won - 1, 0)
    earlier = [0, 0]
    earlier[contract.team], earlier[1 - contract.team] = bidders_before, size - 1 - bidders_before
    try:
        state = KoutState.from_situation(
            game, hands=[[c] for c in cards], trump=TRUMP, contract=contract,
            dealer=(contract.seat - 1) % players, leader=0,
            played=[c for c in rules.deck if c not in cards],
            tricks_won=(earlier[0], earlier[1]), hand_index=index, scores=before)
    except StateError:
        return None
    for _ in range(players):
        state.apply_action(cards[state.current_player()])
    record = state.records[-1]
    returns = state.returns()
    winner = (0 if returns[0] > 0 else 1) if state.is_terminal() else None
    return record.result.made, record.scores, winner


def engine_side(profile: Profile) -> EngineSide:
    """The engine's game of ``profile``, its public scoring and game-end functions, its
    auction's contracts and its hands played out."""
    from trickrules.engine.kout import scoring

    return EngineSide(KoutGame(profile.game.id, profile), scoring.score_hand,
                      scoring.game_winner, auction_contracts, played_hand_end)


_engine = engine_side
"""How the grid reaches the engine (a name of this module, so a test can break it here)."""


def _thresholds(profile: Profile) -> list[int]:
    """The scores the spec's readings name for the end of a game: the target and, when the
    profile has one, the shut-out."""
    values = [profile.reading(pid).value for pid in ("game.target", "game.shutout")]
    return [v for v in values if v is not None]


def model_contracts(model: ModelEvaluator) -> dict[tuple[int, bool], bool]:
    """For each (bid, forced) the model's contract rules allow, whether it is Malzoom."""
    out = {}
    for bid, forced in itertools.product(BIDS, (False, True)):
        malzoom, rules = contract_rules(model.sp, bid, forced)
        if all(model.true(r) for r in rules):
            out[bid, forced] = model.true(malzoom)
    return out


def _before_scores(model: ModelEvaluator, thresholds: list[int], scorer: int,
                   points: set[int]) -> Iterator[tuple[int, int]]:
    """Scores of a game not yet won, before a later hand in which team ``scorer`` adds one of
    ``points``: the scorer ends one below, at or one above each threshold (or starts at 0 or
    1), the other team has 0, 1, or one point short of a threshold."""
    mine = {0, 1} | {t + d - p for t in thresholds for d in (-1, 0, 1) for p in points}
    other = {0, 1} | {t - 1 for t in thresholds}
    for me, them in itertools.product(sorted(mine), sorted(other)):
        if me < 0 or (me, them) == (0, 0):  # 0-0 is the first hand's score only
            continue
        if any(model.true(wins_game(model.sp, a, b, False, False))
               for a, b in ((me, them), (them, me))):
            continue  # already won: no hand is played
        yield (me, them) if scorer == 0 else (them, me)


def _describe(contract: Contract, won: int, index: int, before: tuple[int, int]) -> str:
    """The case in words, as a witness names it."""
    kind = ("Malzoom" if contract.malzoom else "forced") if contract.forced else "bid"
    bawan = " (Bawan)" if contract.bid == 9 else ""
    return (f"team {contract.team} {kind} {contract.bid}{bawan}, won {won} tricks, "
            f"{'first hand' if index == 0 else f'hand {index}'}, scores before "
            f"{before[0]}-{before[1]}")


def score_disagreement(profile: Profile) -> tuple[list[int], dict[str, Any] | None]:
    """The number of hand ends compared (scored, and played out) and the first contract, hand
    score or game end on which engine and model differ (None when they agree on every case of
    the grid)."""
    engine = _engine(profile)
    cases = [0, 0]
    model = ModelEvaluator(profile)
    size = engine.rules.hand_size
    thresholds = _thresholds(profile)
    allowed = model_contracts(model)
    made_by_engine = engine.contracts(profile)
    engine_kinds = {k: c.malzoom for k, c in made_by_engine.items()}
    if engine_kinds != allowed:
        return cases, {"case": "contracts the auction ends in, (bid, forced): Malzoom",
                       "engine": engine_kinds, "model": allowed}
    for (bid, forced), malzoom in allowed.items():
        for team, won in itertools.product((0, 1), range(size + 1)):
            contract = Contract(team, bid, forced, malzoom)
            tricks = (won, size - won) if team == 0 else (size - won, won)
            result = engine.score_hand(engine.rules, contract, tricks)
            added = model.hand_end((0, 0), team, bid, malzoom, won, True)[1]
            points = {result.points, max(added)}
            scorers = {result.team, added.index(max(added))}
            starts = [(0, (0, 0))] + [(1, s) for scorer in sorted(scorers)
                                      for s in _before_scores(model, thresholds, scorer, points)]
            for index, before in starts:
                cases[0] += 1
                after = list(before)
                after[result.team] += result.points
                winner = engine.game_winner(engine.rules, (after[0], after[1]), index,
                                            contract, result)
                got: End = (result.made, (after[0], after[1]), winner)
                want = model.hand_end(before, team, bid, malzoom, won, index == 0)
                played = engine.hand_end(engine.game, contract, won, index, before)
                cases[1] += played is not None
                for how, end in (("", got), (" (played out)", played)):
                    if end is not None and end != want:
                        return cases, {"case": _describe(contract, won, index, before) + how,
                                       "engine": _end_words(end), "model": _end_words(want)}
    return cases, None


def _end_words(end: End) -> str:
    """A hand's end as a witness prints it: made or not, scores after, the game's winner."""
    made, after, winner = end
    game = "game goes on" if winner is None else f"team {winner} wins the game"
    return f"{'made' if made else 'failed'}, scores {after[0]}-{after[1]}, {game}"


def score_game_end(profile: Profile) -> Result:
    """The grid as a verdict: proved when engine and model agree on every case, refuted with
    the first case they differ on."""
    start = time.perf_counter()
    cases, found = score_disagreement(profile)
    seconds = time.perf_counter() - start
    if found is None:
        return Result("proved", seconds, witness={"hand ends": cases[0],
                                                  "played out": cases[1]})
    return Result("refuted", seconds, witness={k: str(v) for k, v in found.items()},
                  replay={"replayed": True, "engine": found["engine"], "model": found["model"],
                          "state": None})
