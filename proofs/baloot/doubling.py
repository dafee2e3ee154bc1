"""The doubling after a contract, from ``spec/baloot/`` (``double.sun``,
``double.sun-ahead``, ``double.lock``, ``double.four-caller``, ``double.buyer-raises``): who
may say what, as a small graph whose paths are the doubling sequences. Double by a defender
(locked or open in Hokom), Triple by the buyer, Four by the doubler, Gahwa by the buyer, each
raise under one reading also by the raiser's partner after his pass (Four locked or open);
Sun goes no higher than Double, and only when one side is above 100 (under one reading, the
buyers')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from trickrules.spec.model import Profile

# networkx is imported by the functions that build a graph: a conform run or a ruling loads
# this module without ever building one, and networkx takes a tenth of a second to import.
if TYPE_CHECKING:
    import networkx as nx

LADDER = {1: "double", 2: "triple", 3: "four", 4: "gahwa"}


@dataclass(frozen=True)
class Step:
    """A point of the doubling: the level reached, whether the last Double or Four was locked,
    how many defenders have passed at level 1 (or how many of the side to raise have passed,
    where either of them may raise),
    and whether it is over."""

    level: int
    locked: bool
    passed: int
    over: bool = False


def sun_may_double(profile: Profile, scores: tuple[int, int], buyers: int) -> bool:
    """``double.sun``: exactly one side above 100 (strictly: and the other below 100; or
    exactly one at 100 or more); ``double.sun-ahead``: where the buyers must be ahead, that
    side is side ``buyers``."""
    reading = profile.value("double.sun")
    at_100 = reading == "one-at-100-other-below-100"
    above = [s >= 100 if at_100 else s > 100 for s in scores]
    if above[0] == above[1]:
        return False
    if profile.value("double.sun-ahead") == "buyers" and not above[buyers]:
        return False
    return reading == "one-side-above-100" or min(scores) < 100


def calls(profile: Profile, hokom: bool, step: Step) -> list[tuple[str, Step]]:
    """The calls open at ``step`` and where each leads."""
    no_raise = profile.value("double.lock") == "no-raise"
    stop_here = (not hokom and step.level == 2) or (step.locked and no_raise)
    if step.over or stop_here or step.level == 5:
        return []
    if step.level == 1:
        passing = Step(1, False, step.passed + 1, over=step.passed == 1)
        out = [("pass", passing), ("double", Step(2, False, 0))]
        if hokom:
            out.append(("double-locked", Step(2, True, 0)))
        return out
    ended = Step(step.level, step.locked, 0, over=True)
    two_may_raise = (profile.value("double.four-caller") == "either-defender" if step.level == 3
                     else profile.value("double.buyer-raises") == "either-buyer")
    if two_may_raise:
        # the raiser's pass hands the raise to his partner, whose pass ends the raising
        ended = Step(step.level, step.locked, step.passed + 1, over=step.passed == 1)
    name = LADDER[step.level]
    out = [("pass", ended), (name, Step(step.level + 1, False, 0))]
    if step.level == 3:
        out.append(("four-locked", Step(4, True, 0)))
    return out


def doubling_graph(profile: Profile, hokom: bool, scores: tuple[int, int],
                   buyers: int) -> tuple[nx.DiGraph, Step]:
    """Every point of the doubling reachable after a contract bought by side ``buyers``, and
    the first."""
    import networkx as nx

    first = Step(1, False, 0, over=not hokom and not sun_may_double(profile, scores, buyers))
    graph = nx.DiGraph()
    graph.add_node(first)
    todo = [first]
    while todo:
        step = todo.pop()
        for name, nxt in calls(profile, hokom, step):
            if nxt not in graph:
                todo.append(nxt)
            before = graph.get_edge_data(step, nxt, {}).get("calls", ())
            graph.add_edge(step, nxt, calls=(*before, name))
    return graph, first


def sequences(graph: nx.DiGraph, first: Step) -> int:
    """The number of doubling sequences (paths from ``first`` to a point with no call)."""
    import networkx as nx

    paths = {first: 1}
    for step in nx.topological_sort(graph):
        for nxt in graph.successors(step):
            paths[nxt] = paths.get(nxt, 0) + paths[step] * len(graph.edges[step, nxt]["calls"])
    return sum(n for step, n in paths.items() if graph.out_degree(step) == 0)
