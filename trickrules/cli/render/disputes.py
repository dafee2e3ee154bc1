"""Disputes and profile comparisons for people: the quotations, the witness drawn as cards,
and the outcome under each reading (rich markup for the terminal)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from trickrules.cli.render.tables import COLOURS, hand_by_suit, styled
from trickrules.proofs.disputes import Dispute
from trickrules.proofs.divergence import Outcome
from trickrules.proofs.outcome_words import is_play, title, witness_text
from trickrules.proofs.outcome_words import outcome_text as words
from trickrules.proofs.profile_diff import ProfileDiff
from trickrules.spec.catalogue import Catalogue


def _trick(w: dict[str, Any], players: int) -> str:
    plays = [f"seat {(w['leader'] + k) % players} {styled(c)}" for k, c in enumerate(w["trick"])]
    if "then" in w:
        plays.append(f"seat {(w['leader'] + len(w['trick'])) % players} {styled(w['then'])} "
                     "[dim](completes the trick)[/]")
    return ", ".join(plays) if plays else f"[dim]nothing yet: seat {w['leader']} leads[/]"


def draw_witness(game: str, outcome: Outcome) -> list[str]:
    """The witness of a difference as lines of rich markup: a play situation hand by hand,
    anything else in words."""
    w = outcome.witness or {}
    lines = [witness_text(game, outcome.kind, w)]
    if is_play(w):
        players = len(w["hands"])
        for seat in range(players):
            mark = " [bold]<- to play[/]" if outcome.kind == "legal" and seat == w["mover"] else ""
            lines.append(f"  seat {seat} (team {seat % 2}): "
                         f"{hand_by_suit(w['hands'][str(seat)]) or '[dim]-[/]'}{mark}")
        lines.append(f"Trick: {_trick(w, players)}")
    return lines


def outcome_text(game: str, kind: str, value: Any) -> str:
    """One reading's outcome in words, cards in colour (rich markup)."""
    return words(game, kind, value, styled)


def print_outcomes(console: Console, dispute: Dispute) -> None:
    """Each kind of outcome: proved the same, or the witness and both readings' results."""
    for outcome in dispute.outcomes:
        what = title(dispute.game, outcome.kind)
        if outcome.verdict == "proved":
            console.print(f"[green]same[/] {what}: proved ({outcome.how})")
            continue
        if outcome.verdict == "unknown":
            console.print(f"[yellow]unknown[/] {what}: {outcome.error}")
            continue
        replay = "replayed in the engine" if outcome.replayed else f"NOT replayed: {outcome.error}"
        console.print(f"[red]differs[/] {what} ({replay})")
        if outcome.context:
            console.print("  with " + ", ".join(f"{k} = {v}" for k, v in outcome.context.items()))
        for line in draw_witness(dispute.game, outcome):
            console.print(f"  {line}")
        for side, reading in (("a", dispute.a), ("b", dispute.b)):
            shown = outcome.engine.get(side, outcome.model.get(side))
            said = outcome_text(dispute.game, outcome.kind, shown)
            console.print(f"  under [bold]{reading}[/]: {said}")


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
            what = title(dispute.game, first.kind) if first else ""
            table.add_row(row.parameter, ", ".join(row.a), ", ".join(row.b), dispute.id,
                          f"[{COLOURS[dispute.verdict]}]{dispute.verdict}[/]", what)
    console.print(table)
    console.print("Each witness: trickrules explain DISPUTE_ID")
