"""Hand scoring and the end of the game as Z3 terms, written from the spec's ``score.*`` and
``game.*`` readings."""

from __future__ import annotations

from dataclasses import dataclass

import z3

from proofs.parameters import SymbolicProfile
from proofs.solver import Names


def hand_points(sp: SymbolicProfile, bid: z3.ArithRef, malzoom: z3.BoolRef,
                made: z3.BoolRef) -> tuple[z3.ArithRef, z3.ArithRef]:
    """Rules ``score.*``: (points of the bidding team, points of the other team)."""
    made_points = z3.If(bid == 9, sp.value("score.bawan-made"), bid)
    failed = z3.If(z3.And(malzoom, sp.is_("score.malzoom-failed", "5")),
                   sp.value("score.malzoom-failed"), 2 * bid)
    return z3.If(made, made_points, 0), z3.If(made, 0, failed)


def contract_terms(names: Names, sp: SymbolicProfile) -> tuple[z3.ArithRef, z3.BoolRef,
                                                               list[z3.BoolRef]]:
    """A symbolic contract (bid, Malzoom) and the rules that tie Malzoom to a forced bid."""
    bid, forced = names.int("bid"), names.bool("forced")
    malzoom, rules = contract_rules(sp, bid, forced)
    return bid, malzoom, rules


def contract_rules(sp: SymbolicProfile, bid: z3.ArithRef,
                   forced: z3.BoolRef) -> tuple[z3.BoolRef, list[z3.BoolRef]]:
    """Rules ``auction.malzoom`` and ``auction.dealer-forced-bid`` on a contract of ``bid``
    (``forced`` when the dealer was made to bid): whether it is Malzoom, and what a contract
    must satisfy."""
    malzoom = z3.And(forced, z3.Or(bid == 5, sp.is_("auction.malzoom", "any-forced")))
    rules = [bid >= 5, bid <= 9,
             z3.Implies(z3.And(forced, sp.is_("auction.dealer-forced-bid", "exactly-5")),
                        bid == 5)]
    return malzoom, rules


def wins_game(sp: SymbolicProfile, me: z3.ArithRef, other: z3.ArithRef, first_hand: z3.BoolRef,
              bawan_made: z3.BoolRef) -> z3.BoolRef:
    """Rules ``game.*``: a team with score ``me`` (the other team ``other``) has won."""
    return z3.Or(me >= sp.value("game.target"),
                 z3.And(sp.is_("game.shutout", "51-to-0"), me >= sp.value("game.shutout"),
                        other == 0),
                 z3.And(sp.is_("game.bawan-first-hand", "wins-game"), first_hand, bawan_made))


@dataclass
class HandEnd:
    """The end of a hand: whether the bid was made, the points each team adds, the scores
    after, and the winning team of the game (-1 while it goes on)."""

    made: z3.BoolRef
    added: tuple[z3.ArithRef, z3.ArithRef]
    scores: tuple[z3.ArithRef, z3.ArithRef]
    winner: z3.ArithRef


def hand_end(sp: SymbolicProfile, scores: tuple[z3.ArithRef, z3.ArithRef],
             bidders: z3.ArithRef, bid: z3.ArithRef, malzoom: z3.BoolRef,
             bidders_won: z3.ArithRef, first_hand: z3.BoolRef) -> HandEnd:
    """Score a hand the bidding team (0 or 1) finished with ``bidders_won`` tricks."""
    made = bidders_won >= bid
    ours, theirs = hand_points(sp, bid, malzoom, made)
    added = (z3.If(bidders == 0, ours, theirs), z3.If(bidders == 0, theirs, ours))
    after = (scores[0] + added[0], scores[1] + added[1])
    bawan = z3.And(made, bid == 9)
    win = [wins_game(sp, after[t], after[1 - t], first_hand, z3.And(bawan, bidders == t))
           for t in (0, 1)]
    return HandEnd(made, added, after, z3.If(win[0], 0, z3.If(win[1], 1, -1)))
