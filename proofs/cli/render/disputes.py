"""Disputes and profile comparisons for people: the quotations, the witness drawn as cards,
and the outcome under each reading (rich markup for the terminal)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from proofs.cli.render.tables import COLOURS, hand_by_suit, styled
from proofs.disputes import Dispute
from proofs.divergence import Outcome
from proofs.outcome_words import KIND_TITLES
from proofs.outcome_words import outcome_text as words
from proofs.profile_diff import ProfileDiff
from spec.cards import SUIT_LETTERS, SUIT_SYMBOLS
from spec.model import Catalogue


def _trick(w: dict[str, Any], players: int) -> str:
    plays = [f"seat {(w['leader'] + k) % players} {styled(c)}" for k, c in enumerate(w["trick"])]
    if "then" in w:
        plays.append(f"seat {(w['leader'] + len(w['trick'])) % players} {styled(w['then'])} "
                     "[dim](completes the trick)[/]")
    return ", ".join(plays) if plays else "[dim]nothing yet: seat 0 leads[/]"


def draw_witness(outcome: Outcome) -> list[str]:
    """The witness of a difference as lines of rich markup."""
    w = outcome.witness or {}
    kind = outcome.kind
    if kind in ("legal", "winner", "hand-over"):
        players = len(w["hands"])
        trump = SUIT_SYMBOLS[SUIT_LETTERS.index(w["trump"])]
        lines = [f"Trump {trump}; seat {w['declarer']} (team {w['declarer'] % 2}) bid "
                 f"{w['bid']}; finished tricks won {w['tricks_won'][0]}-{w['tricks_won'][1]} "
                 f"({len(w['played'])} cards gone)"]
        for seat in range(players):
            mark = " [bold]<- to play[/]" if kind == "legal" and seat == w["mover"] else ""
            lines.append(f"  seat {seat} (team {seat % 2}): "
                         f"{hand_by_suit(w['hands'][str(seat)]) or '[dim]-[/]'}{mark}")
        lines.append(f"Trick: {_trick(w, players)}")
        return lines
    if kind == "auction":
        calls = ", ".join(f"seat {i % (w['dealer'] + 1)}: {c}" for i, c in enumerate(w["calls"]))
        return [f"Seat 0 speaks first, seat {w['dealer']} deals. Calls so far: "
                f"{calls or 'none'}"]
    if kind in ("score", "game-end"):
        text = (f"Contract bid {w['bid']}{' (the dealer forced to bid)' if w['forced'] else ''}; "
                f"the bidders take {w['bidders_won']} tricks, the others {w['others_won']}")
        if kind == "game-end":
            text += (f"; scores before the hand {w['scores'][0]}-{w['scores'][1]}, bidders are "
                     f"team {w['bidding_team']}{', first hand' if w['first_hand'] else ''}")
        return [text]
    if kind == "deal":
        return [f"Card {styled(w['card'])}, {w['players']} players"]
    return [f"Seat {w['dealer']} deals this hand"]


def outcome_text(kind: str, value: Any) -> str:
    """One reading's outcome in words, cards in colour (rich markup)."""
    return words(kind, value, styled)


def print_outcomes(console: Console, dispute: Dispute) -> None:
    """Each kind of outcome: proved the same, or the witness and both readings' results."""
    for outcome in dispute.outcomes:
        title = KIND_TITLES[outcome.kind]
        if outcome.verdict == "proved":
            console.print(f"[green]same[/] {title}: proved ({outcome.how})")
            continue
        if outcome.verdict == "unknown":
            console.print(f"[yellow]unknown[/] {title}: {outcome.error}")
            continue
        replay = "replayed in the engine" if outcome.replayed else f"NOT replayed: {outcome.error}"
        console.print(f"[red]differs[/] {title} ({replay})")
        if outcome.context:
            console.print("  with " + ", ".join(f"{k} = {v}" for k, v in outcome.context.items()))
        for line in draw_witness(outcome):
            console.print(f"  {line}")
        for side, reading in (("a", dispute.a), ("b", dispute.b)):
            shown = outcome.engine.get(side, outcome.model.get(side))
            console.print(f"  under [bold]{reading}[/]: {outcome_text(outcome.kind, shown)}")


def print_explain(console: Console, catalogue: Catalogue, dispute: Dispute) -> None:
    """``trickrules explain``: the dispute in words, the quotations, witness and outcomes."""
    parameter = catalogue.parameters[dispute.parameter]
    colour = COLOURS[dispute.verdict]
    console.rule(f"[bold]{dispute.id}[/]")
    console.print(f"{parameter.id}: {parameter.meaning}")
    console.print(f"Verdict: [{colour}]{dispute.verdict}[/]")
    for reading in (dispute.a, dispute.b):
        console.print(f"\n[bold]{reading}[/]: {parameter.reading(reading).meaning}")
        for s in dispute.side(reading):
            source = catalogue.sources[s.source]
            variant = f", variant {s.variant}" if s.variant else ""
            console.print(f"  {s.profile} ({source.title}{variant}): {s.how}")
            for claim_id in s.claims:
                claim = catalogue.claims[claim_id]
                console.print(f"    [{claim.id}] \u201c{claim.quote}\u201d")
                if claim.gloss:
                    console.print(f"      gloss: {claim.gloss}")
    console.print()
    print_outcomes(console, dispute)


def print_diff(console: Console, diff: ProfileDiff) -> None:
    """``trickrules diff``: one row per parameter the profiles read differently."""
    colour = COLOURS[diff.verdict]
    console.print(f"[bold]{diff.a.id}[/] vs [bold]{diff.b.id}[/]: [{colour}]{diff.verdict}[/]")
    if not diff.parameters:
        console.print("The two profiles allow the same readings of every parameter.")
        return
    table = Table(show_header=True, header_style="bold")
    for column in ("parameter", diff.a.id, diff.b.id, "dispute", "verdict", "first difference"):
        table.add_column(column)
    for row in diff.parameters:
        for dispute in row.disputes:
            first = dispute.first_difference()
            what = KIND_TITLES[first.kind] if first else ""
            table.add_row(row.parameter, ", ".join(row.a), ", ".join(row.b), dispute.id,
                          f"[{COLOURS[dispute.verdict]}]{dispute.verdict}[/]", what)
    console.print(table)
    console.print("Each witness: trickrules explain DISPUTE_ID")
