"""Hand scoring and the end of the game as Z3 terms, written from the spec's ``score.*`` and
``game.*`` readings."""

from __future__ import annotations

from dataclasses import dataclass

from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names


def hand_points(sp: SymbolicProfile, bid: t.Int, malzoom: t.Bool,
                won: t.Int) -> tuple[t.Int, t.Int]:
    """Rules ``score.*``: (points of the bidding team, points of the other team) when the
    bidding team won ``won`` tricks."""
    made = won >= bid
    made_points = t.If(bid == 9, sp.value("score.bawan-made"),
                       t.If(sp.is_("score.made", "tricks-won"), won, bid))
    malzoom_points = t.Or(sp.is_("score.malzoom-failed", "5"),
                          t.And(sp.is_("score.malzoom-failed", "5-if-under-5"), won < 5))
    failed = t.If(t.And(malzoom, malzoom_points),
                   sp.value("score.malzoom-failed"),
                   2 * t.If(sp.is_("score.failed", "double-tricks-won"), won, bid))
    return t.If(made, made_points, 0), t.If(made, 0, failed)


def decided(mine: t.Int, theirs: t.Int, bid: t.Int, size: int) -> t.Bool:
    """Whether a hand is decided once the bidding team has ``mine`` tricks and the other team
    ``theirs``: the bid is made, or the others took more than the bid leaves them
    (``hand.early-stop`` stops the hand there)."""
    return t.Or(mine >= bid, theirs > size - bid)


def contract_terms(names: Names, sp: SymbolicProfile) -> tuple[t.Int, t.Bool,
                                                               list[t.Bool]]:
    """A symbolic contract (bid, Malzoom) and the rules that tie Malzoom to a forced bid."""
    bid, forced = names.int("bid"), names.bool("forced")
    malzoom, rules = contract_rules(sp, bid, forced)
    return bid, malzoom, rules


def contract_rules(sp: SymbolicProfile, bid: t.Int,
                   forced: t.Bool) -> tuple[t.Bool, list[t.Bool]]:
    """Rules ``auction.malzoom`` and ``auction.dealer-forced-bid`` on a contract of ``bid``
    (``forced`` when the dealer was made to bid): whether it is Malzoom, and what a contract
    must satisfy."""
    malzoom = t.And(forced, t.Or(bid == 5, sp.is_("auction.malzoom", "any-forced")))
    rules = [bid >= 5, bid <= 9,
             t.Implies(t.And(forced, sp.is_("auction.dealer-forced-bid", "exactly-5")),
                        bid == 5)]
    return malzoom, rules


def wins_game(sp: SymbolicProfile, me: t.Int, other: t.Int, first_hand: t.Bool,
              bawan_made: t.Bool) -> t.Bool:
    """Rules ``game.*``: a team with score ``me`` (the other team ``other``) has won."""
    return t.Or(me >= sp.value("game.target"),
                 t.And(sp.is_("game.shutout", "51-to-0"), me >= sp.value("game.shutout"),
                        other == 0),
                 t.And(sp.is_("game.bawan-first-hand", "wins-game"), first_hand, bawan_made))


@dataclass
class HandEnd:
    """The end of a hand: whether the bid was made, the points each team adds, the scores
    after, and the winning team of the game (-1 while it goes on)."""

    made: t.Bool
    added: tuple[t.Int, t.Int]
    scores: tuple[t.Int, t.Int]
    winner: t.Int


def hand_end(sp: SymbolicProfile, scores: tuple[t.Int, t.Int],
             bidders: t.Int, bid: t.Int, malzoom: t.Bool,
             bidders_won: t.Int, first_hand: t.Bool) -> HandEnd:
    """Score a hand the bidding team (0 or 1) finished with ``bidders_won`` tricks."""
    made = bidders_won >= bid
    ours, theirs = hand_points(sp, bid, malzoom, bidders_won)
    added = (t.If(bidders == 0, ours, theirs), t.If(bidders == 0, theirs, ours))
    after = (scores[0] + added[0], scores[1] + added[1])
    bawan = t.And(made, bid == 9)
    win = [wins_game(sp, after[team], after[1 - team], first_hand,
                     t.And(bawan, bidders == team))
           for team in (0, 1)]
    return HandEnd(made, added, after, t.If(win[0], 0, t.If(win[1], 1, -1)))
