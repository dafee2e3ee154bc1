"""The auction of a profile as a networkx state graph, built from the spec's auction readings.

A node is what the rest of the auction depends on; an edge is one call. The graph must be
acyclic and every sink must hold exactly one contract.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from trickrules.spec.model import Profile

# networkx is imported by the functions that build a graph: a conform run or a ruling loads
# this module without ever building one, and networkx takes a tenth of a second to import.
if TYPE_CHECKING:
    import networkx as nx

BIDS = range(5, 10)


class Node(NamedTuple):
    """An auction situation: who speaks, the high bid and its seat, who has passed for good,
    passes since the last bid, calls made, and the contract once it is settled."""

    turn: int
    high: int
    high_seat: int
    out: frozenset[int]
    passes: int
    calls: int
    contract: tuple[int, int, bool] | None


def _calls(profile: Profile, node: Node, players: int) -> list[tuple[str, Node]]:
    """The calls open at ``node`` (``auction.shape``, ``auction.pass``), each with the node
    it leads to: the bids allowed, and a pass unless the dealer is forced to bid."""
    continuing = profile.value("auction.shape") == "continuing"
    final = profile.value("auction.pass") == "final"
    forced = node.high == 0 and node.calls == players - 1
    options = _bids(profile, node, players, continuing, final, forced)
    if not forced:
        options.append(("pass", _after_pass(node, players, continuing, final)))
    return options


def _bids(profile: Profile, node: Node, players: int, continuing: bool, final: bool,
          forced: bool) -> list[tuple[str, Node]]:
    """Each bid open at ``node`` (only 5 for a dealer forced to bid under
    ``auction.dealer-forced-bid = exactly-5``), with the node it leads to."""
    dealer = players - 1  # seats counted from the first speaker (0) to the dealer (N-1)
    options = []
    bids = [5] if forced and profile.value("auction.dealer-forced-bid") == "exactly-5" else [
        b for b in BIDS if b > node.high]
    for bid in bids:
        ends = forced or bid == 9 or (not continuing and node.turn == dealer)
        nxt = _next(node.turn, node.out, players, continuing and final)
        if continuing and final and nxt == node.turn:
            ends = True
        options.append((f"bid {bid}", node._replace(
            turn=nxt, high=bid, high_seat=node.turn, passes=0, calls=node.calls + 1,
            contract=(node.turn, bid, forced) if ends else None)))
    return options


def _after_pass(node: Node, players: int, continuing: bool, final: bool) -> Node:
    """The node a pass at ``node`` leads to, with the contract when the pass ends the
    auction."""
    dealer = players - 1
    out = node.out | {node.turn} if continuing and final else node.out
    passes = node.passes + 1
    if not continuing:
        ends = node.turn == dealer and node.high > 0
    elif final:
        ends = node.high > 0 and out == frozenset(range(players)) - {node.high_seat}
    else:
        ends = node.high > 0 and passes == players - 1
    return node._replace(
        turn=_next(node.turn, out, players, continuing and final and node.high > 0),
        out=out, passes=passes, calls=node.calls + 1,
        contract=(node.high_seat, node.high, False) if ends else None)


def _next(seat: int, out: frozenset[int], players: int, skip_out: bool) -> int:
    nxt = (seat + 1) % players
    while skip_out and nxt in out and nxt != seat:
        nxt = (nxt + 1) % players
    return nxt


def auction_graph(profile: Profile) -> nx.DiGraph:
    """Every reachable auction situation of the profile, with calls as labelled edges."""
    import networkx as nx

    players = profile.game.players
    start = Node(0, 0, -1, frozenset(), 0, 0, None)
    graph = nx.DiGraph()
    graph.add_node(start)
    frontier = [start]
    while frontier:
        node = frontier.pop()
        if node.contract is not None:
            continue
        for label, child in _calls(profile, node, players):
            if child not in graph:
                frontier.append(child)
            graph.add_edge(node, child, call=label)
    return graph


def count_sequences(graph: nx.DiGraph) -> int:
    """The number of complete call sequences (paths from the start to a sink)."""
    import networkx as nx

    paths: dict[Node, int] = {}
    for node in reversed(list(nx.topological_sort(graph))):
        successors = list(graph.successors(node))
        paths[node] = 1 if not successors else sum(paths[s] for s in successors)
    start = next(n for n in graph if graph.in_degree(n) == 0)
    return paths[start]
