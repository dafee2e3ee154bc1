"""The buying as a networkx graph, from ``spec/baloot/`` (not from the engine): nodes are the
states of the buying, edges the calls; theorem ``auction.ends`` reads off it that every
sequence of calls ends in one contract or a redeal, and how many sequences there are.

Seats are named by priority (0 speaks first, 3 is the dealer). Which seats may call Kawesh
and whether the public card is an Ace are given, as they depend on the deal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trickrules.spec.model import Profile

# networkx is imported by the functions that build a graph: a conform run or a ruling loads
# this module without ever building one, and networkx takes a tenth of a second to import.
if TYPE_CHECKING:
    import networkx as nx

CONTRACT, REDEAL = "contract", "redeal"


@dataclass(frozen=True)
class Node:
    """A state of the buying: the round, the seats still to speak (in order), the standing bid
    (kind, caller, declarer, or None), the seats that declined to take a Sun (in the second
    round: that said no before any bid), the end, and whether the buyer of a first-round Hokom
    nobody took is asked to keep it (``auction.hokom-confirmation``)."""

    round: int
    queue: tuple[int, ...]
    bid: tuple[str, int, int] | None
    declined: frozenset[int]
    end: str = ""
    confirming: bool = False


def _confirmation_calls(profile: Profile, node: Node, ace: bool) -> list[str]:
    """The buyer asked to keep his Hokom passes to keep it, or takes the card as Sun (not on an
    Ace, under ``auction.hokom-confirmation``, unless he spoke first)."""
    barred = ace and node.queue[0] != 0 and \
        profile.value("auction.hokom-confirmation") == "buyer-keeps-or-takes-sun-not-on-ace"
    return ["pass"] if barred else ["pass", "sun"]


def _ashkal_open(profile: Profile, node: Node, seat: int, ace: bool) -> bool:
    """Whether ``seat`` may call Ashkal now: by its place, the Ace shown and whose bid stands."""
    v = profile.value
    entitled = seat >= 2  # the dealer's left and the dealer; the third and fourth to act
    ashkal = entitled or v("auction.wrong-ashkal") == "forced-sun"
    if ace and v("auction.ashkal-on-ace") == "refused":  # no Ashkal while an Ace is shown
        ashkal = False
    if v("auction.ashkal-when") == "over-opponents-hokom":  # only over the other side's Hokom
        ashkal = ashkal and node.bid is not None and node.bid[0] == "hokom" and \
            (node.bid[1] - seat) % 2 == 1
    return ashkal


def _kawesh_open(profile: Profile, node: Node, seat: int, kawesh: frozenset[int]) -> bool:
    """Whether ``seat`` may call Kawesh now: at the holder's turn in the first round, or at any
    turn of the buying."""
    v = profile.value
    return seat in kawesh and (v("auction.kawesh") == "any-turn" or
                               (node.round == 1 and v("auction.kawesh") == "first-round"))


def _first_round_bids(profile: Profile, node: Node, seat: int, ashkal: bool) -> list[str]:
    """The bids of the first round: Hokom while nothing stands (or over a Hokom from a seat
    ahead of its buyer, under ``auction.hokom-over-hokom``), and Ashkal when open."""
    bids: list[str] = []
    if node.bid is None or (node.bid[0] == "hokom" and seat < node.bid[1] and
                            profile.value("auction.hokom-over-hokom") == "higher-priority"):
        bids.append("hokom")
    if ashkal:
        bids.append("ashkal")
    return bids


def _second_round_bids(profile: Profile, node: Node, ashkal: bool) -> list[str]:
    """The bids of the second round: Ashkal when open in both rounds, and a Hokom (in one of
    the three other suits when named with the bid) while nothing stands."""
    v = profile.value
    bids: list[str] = []
    if ashkal and v("auction.ashkal-round") == "both-rounds":
        bids.append("ashkal")
    if node.bid is None:
        if v("auction.second-round-hokom") == "named-with-bid":
            bids += ["hokom-1", "hokom-2", "hokom-3"]  # the three other suits
        else:
            bids.append("hokom")
    return bids


def _calls(profile: Profile, node: Node, kawesh: frozenset[int], ace: bool) -> list[str]:
    """The calls open to the seat to speak at ``node``, in a fixed order."""
    if node.confirming:
        return _confirmation_calls(profile, node, ace)
    seat = node.queue[0]
    calls = ["pass", "sun"]
    ashkal = _ashkal_open(profile, node, seat, ace)
    if _kawesh_open(profile, node, seat, kawesh):
        calls.append("kawesh")
    if node.round == 1:
        return calls + _first_round_bids(profile, node, seat, ashkal)
    return calls + _second_round_bids(profile, node, ashkal)


def _declined_after_pass(node: Node, seat: int) -> frozenset[int]:
    """The seats that declined a Sun once ``seat`` passes: it joins them over a standing Sun,
    or when it says no before any bid in the second round."""
    said_no = (node.bid and node.bid[0] == "sun") or (node.bid is None and node.round == 2)
    return node.declined | ({seat} if said_no else set())


def _confirmation_due(profile: Profile, node: Node) -> bool:
    """Whether the buyer of the standing bid, a first-round Hokom nobody took, is now asked to
    keep it."""
    return node.bid is not None and node.bid[0] == "hokom" and node.round == 1 and \
        not node.confirming and profile.value("auction.hokom-confirmation") != "none"


def _after_pass(profile: Profile, node: Node, seat: int, rest: tuple[int, ...]) -> Node:
    """The state after ``seat`` passes: the next seat speaks, the buyer confirms, the bid
    stands, the second round opens, or the hand is redealt."""
    declined = _declined_after_pass(node, seat)
    if rest:
        return Node(node.round, rest, node.bid, declined)
    if node.bid is not None and _confirmation_due(profile, node):
        return Node(1, (node.bid[1],), node.bid, declined, confirming=True)
    if node.bid is not None:
        return Node(node.round, (), node.bid, declined, CONTRACT)
    if node.round == 1:
        return Node(2, (0, 1, 2, 3), None, frozenset())
    return Node(2, (), None, declined, REDEAL)


def _after_hokom(profile: Profile, node: Node, seat: int) -> Node:
    """The state after ``seat`` bids Hokom: every other seat may answer, but a second-round
    no may bar a seat from answering with Sun (``auction.sun-over-hokom``)."""
    barred = node.declined if profile.value("auction.sun-over-hokom") == \
        "not-after-second-round-no" else frozenset()
    others = tuple(s for s in range(4) if s != seat and s not in barred)
    return Node(node.round, others, ("hokom", seat, seat), node.declined,
                "" if others else CONTRACT)


def _after_sun(profile: Profile, node: Node, call: str, seat: int, ace: bool) -> Node:
    """The state after a Sun, or an Ashkal (a Sun for the partner when entitled and not on an
    Ace): final, or open to the seats ahead that have not declined."""
    v = profile.value
    declarer = seat
    if call == "ashkal" and seat >= 2 and not (ace and v("auction.ashkal-on-ace") ==
                                               "forced-sun"):
        declarer = (seat + 2) % 4
    bid = ("sun", seat, declarer)
    if node.round == 2 or v("auction.sun-over-sun") == "final" or node.confirming:
        return Node(node.round, (), bid, node.declined, CONTRACT)
    queue = tuple(s for s in range(seat) if s not in node.declined and s != declarer)
    if not queue:
        return Node(node.round, (), bid, node.declined, CONTRACT)
    return Node(node.round, queue, bid, node.declined)


def _after(profile: Profile, node: Node, call: str, ace: bool) -> Node:
    """The state the buying reaches from ``node`` by ``call``."""
    seat, rest = node.queue[0], node.queue[1:]
    if call == "kawesh":
        return Node(node.round, (), None, node.declined, REDEAL)
    if call == "pass":
        return _after_pass(profile, node, seat, rest)
    if call.startswith("hokom"):
        return _after_hokom(profile, node, seat)
    return _after_sun(profile, node, call, seat, ace)


def auction_graph(profile: Profile, kawesh: frozenset[int] = frozenset(),
                  ace: bool = False) -> tuple[nx.DiGraph, Node]:
    """Every state of the buying reachable from the start, and the start."""
    import networkx as nx

    start = Node(1, (0, 1, 2, 3), None, frozenset())
    graph = nx.DiGraph()
    graph.add_node(start)
    todo = [start]
    while todo:
        node = todo.pop()
        if node.end:
            continue
        for call in _calls(profile, node, kawesh, ace):
            nxt = _after(profile, node, call, ace)
            if nxt not in graph:
                todo.append(nxt)
            before = graph.get_edge_data(node, nxt, {}).get("calls", ())
            graph.add_edge(node, nxt, calls=(*before, call))
    return graph, start


def count_sequences(graph: nx.DiGraph, start: Node) -> dict[str, int]:
    """The number of call sequences from ``start`` to each kind of end (a DAG is assumed)."""
    import networkx as nx

    paths: dict[Node, int] = {start: 1}
    for node in nx.topological_sort(graph):
        for nxt in graph.successors(node):
            paths[nxt] = paths.get(nxt, 0) + paths.get(node, 0) * len(
                graph.edges[node, nxt]["calls"])
    out = {CONTRACT: 0, REDEAL: 0}
    for node in graph.nodes:
        if node.end:
            out[node.end] += paths.get(node, 0)
    return out
