"""Scoring a hand and deciding the end of the game."""

from __future__ import annotations

from typing import NamedTuple

from trickrules.engine.kout.actions import MAX_BID, MIN_BID
from trickrules.engine.kout.play import Contract
from trickrules.engine.kout.rules import Rules


class HandScore(NamedTuple):
    """The outcome of a hand: whether the bid was made, which team scores, and how much."""

    made: bool
    team: int
    points: int


def score_hand(rules: Rules, contract: Contract, won: tuple[int, int] | list[int]) -> HandScore:
    """Rules ``score.*``: exactly one team scores on every hand."""
    bidders = contract.team
    if won[bidders] >= contract.bid:
        points = (rules.bawan_points if contract.bid == MAX_BID
                  else won[bidders] if rules.made_scores_tricks else contract.bid)
        return HandScore(True, bidders, points)
    if contract.malzoom and rules.malzoom_failed_points is not None and (
            not rules.malzoom_points_under_5_only or won[bidders] < MIN_BID):
        return HandScore(False, 1 - bidders, rules.malzoom_failed_points)
    return HandScore(False, 1 - bidders,
                     2 * (won[bidders] if rules.failed_doubles_tricks else contract.bid))


def game_winner(rules: Rules, scores: tuple[int, int] | list[int], hand_index: int,
                contract: Contract, result: HandScore) -> int | None:
    """Rules ``game.*``, after ``result`` was added to ``scores``: the winning team or None."""
    team = result.team
    if (rules.bawan_first_hand_wins and hand_index == 0 and result.made
            and contract.bid == MAX_BID):
        return team
    if rules.shutout is not None and scores[team] >= rules.shutout and scores[1 - team] == 0:
        return team
    if scores[team] >= rules.target:
        return team
    return None
