"""Traceability as a networkx graph: source -> claim -> parameter -> dispute -> ruling, and
source -> claim -> core rule for the rules no parameter varies.

Every ruling (a parameter's reading in the rulebook, or in a game's default profile when the
catalogue has no rulebook) can list the claims behind it, and every dispute the sources and
claims that raise it. Claims behind no rule and parameters that no claim touches are
reported, so nothing in the rulebook is uncited by accident.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from trickrules.proofs.disputes import Dispute
from trickrules.spec.catalogue import Catalogue

# networkx is imported by the functions that build a graph: a conform run or a ruling loads
# this module without ever building one, and networkx takes a tenth of a second to import.
if TYPE_CHECKING:
    import networkx as nx


def node(kind: str, key: str) -> str:
    """The node id of a source, claim, parameter, dispute or ruling."""
    return f"{kind}:{key}"


def build_graph(catalogue: Catalogue, disputes: Iterable[Dispute]) -> nx.DiGraph:
    """The traceability graph of the catalogue and the disputes settled."""
    import networkx as nx

    graph = nx.DiGraph()
    for source in catalogue.sources.values():
        graph.add_node(node("source", source.id), kind="source", title=source.title)
    for parameter in catalogue.parameters.values():
        graph.add_node(node("parameter", parameter.id), kind="parameter")
        for game in parameter.games:
            ruling = node("ruling", f"{game}/{parameter.id}")
            graph.add_node(ruling, kind="ruling", game=game,
                           readings=list(ruled_readings(catalogue, game, parameter.id)))
            graph.add_edge(node("parameter", parameter.id), ruling)
    for claim in catalogue.claims.values():
        graph.add_node(node("claim", claim.id), kind="claim", topic=claim.topic)
        graph.add_edge(node("source", claim.source), node("claim", claim.id))
        for pid in claim.allowed():
            graph.add_edge(node("claim", claim.id), node("parameter", pid))
    _link_rulebook(graph, catalogue)
    for dispute in disputes:
        key = node("dispute", dispute.id)
        graph.add_node(key, kind="dispute", verdict=dispute.verdict)
        graph.add_edge(node("parameter", dispute.parameter), key)
        graph.add_edge(key, node("ruling", f"{dispute.game}/{dispute.parameter}"))
    return graph


def ruled_readings(catalogue: Catalogue, game: str, parameter: str) -> tuple[str, ...]:
    """The rulebook's reading of ``parameter`` in ``game`` (the default profile's without a
    rulebook)."""
    if catalogue.rulebook is not None:
        return (catalogue.rulebook.ruling(game, parameter).reading,)
    return tuple(catalogue.default_profile(game).values[parameter])


def _link_rulebook(graph: nx.DiGraph, catalogue: Catalogue) -> None:
    """Core rules with the claims that state them, and the claims a ruling cites."""
    if catalogue.rulebook is None:
        return
    for rule in catalogue.rulebook.core:
        graph.add_node(node("rule", rule.id), kind="rule")
        for claim in rule.claims:
            graph.add_edge(node("claim", claim), node("rule", rule.id))
    for ruling in catalogue.rulebook.rulings:
        for claim in ruling.cites:
            for game in ruling.games:
                graph.add_edge(node("claim", claim), node("ruling", f"{game}/{ruling.parameter}"))


def _of_kind(graph: nx.DiGraph, nodes: Iterable[str], kind: str) -> list[str]:
    return sorted(n.split(":", 1)[1] for n in nodes if graph.nodes[n]["kind"] == kind)


def claims_behind(graph: nx.DiGraph, game: str, parameter: str) -> list[str]:
    """The claims behind the ruling on ``parameter`` in ``game`` (those citing that game)."""
    import networkx as nx

    ruling = node("ruling", f"{game}/{parameter}")
    return _of_kind(graph, nx.ancestors(graph, ruling), "claim")


def sources_of(graph: nx.DiGraph, dispute_id: str) -> list[str]:
    """The sources whose claims bear on the dispute's parameter."""
    import networkx as nx

    return _of_kind(graph, nx.ancestors(graph, node("dispute", dispute_id)), "source")


def report(graph: nx.DiGraph, catalogue: Catalogue) -> dict[str, Any]:
    """Orphan claims (no parameter), untouched parameters (no claim), and per ruling the
    claims and disputes behind it."""
    orphans = [c for c in catalogue.claims if graph.out_degree(node("claim", c)) == 0]
    untouched = [p for p in catalogue.parameters
                 if not any(graph.nodes[n]["kind"] == "claim"
                            for n in graph.predecessors(node("parameter", p)))]
    rulings = {}
    for n, data in graph.nodes(data=True):
        if data["kind"] != "ruling":
            continue
        game, parameter = n.split(":", 1)[1].split("/", 1)
        claims = [c for c in claims_behind(graph, game, parameter)
                  if game in catalogue.claims[c].games]
        rulings[f"{game}/{parameter}"] = {
            "readings": data["readings"], "claims": claims,
            "disputes": _of_kind(graph, graph.predecessors(n), "dispute")}
    return {"nodes": graph.number_of_nodes(), "edges": graph.number_of_edges(),
            "orphan_claims": orphans, "untouched_parameters": untouched, "rulings": rulings}
