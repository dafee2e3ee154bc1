"""Readable tables (rich) for game records and perft results."""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console
from rich.table import Table

from trickrules.proofs.verify.rows import Row
from trickrules.spec.cards import (
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    SUITS,
    card_name,
    card_symbol,
    parse_card,
    suit_of,
)

SUIT_STYLE = ("bold", "red", "red", "bold")
COLOURS = {"proved": "green", "refuted": "red", "unknown": "yellow", "differs": "red",
           "equivalent": "green"}
"""The colour of each verdict (theorems and disputes)."""


def styled(token: str) -> str:
    """A card token in rich markup: its symbol in its suit's colour."""
    card = parse_card(token)
    text = card_symbol(card)
    if card >= 52:
        return f"[magenta]{text}[/]" if token == "RJ" else f"[bold]{text}[/]"
    return f"[{SUIT_STYLE[suit_of(card)]}]{text}[/]"


def hand_by_suit(tokens: list[str]) -> str:
    """A hand in rich markup: Jokers, then each suit high to low."""
    cards = [parse_card(t) for t in tokens]
    groups = []
    jokers = [t for t in tokens if t in ("RJ", "BJ")]
    if jokers:
        groups.append(" ".join(styled(t) for t in sorted(jokers, reverse=True)))
    for suit in SUITS:
        ranked = sorted((c for c in cards if c < 52 and suit_of(c) == suit), reverse=True)
        if ranked:
            groups.append(" ".join(styled(card_name(c)) for c in ranked))
    return "   ".join(groups)


def tricks_table(tricks: list[dict[str, Any]], players: int) -> Table:
    """A hand's tricks: one row each, a column per seat, the leader's card underlined."""
    table = Table(show_header=True, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("led by", justify="right")
    for seat in range(players):
        table.add_column(f"seat {seat}", justify="center")
    table.add_column("winner", justify="right")
    for number, trick in enumerate(tricks, start=1):
        by_seat = {p["seat"]: p["card"] for p in trick["plays"]}
        cells = []
        for seat in range(players):
            card = by_seat.get(seat)
            cell = styled(card) if card else ""
            if card and seat == trick["leader"]:
                cell = f"[underline]{cell}[/]"
            cells.append(cell)
        table.add_row(str(number), str(trick["leader"]), *cells,
                      f"{trick['winner']} (team {trick['winner'] % 2})")
    return table


def print_game(console: Console, record: dict[str, Any]) -> None:
    """Print a game record (from :func:`trickrules.engine.kout.record.game_to_json`) as tables."""
    players = record["players"]
    console.print(f"[bold]{record['game']}[/] · profile {record['profile']} · seed "
                  f"{record['seed']} · seats 0..{players - 1} in play order (counter-clockwise),"
                  " team = seat % 2")
    for hand in record["hands"]:
        console.rule(f"Hand {hand['index'] + 1} · dealer seat {hand['dealer']}")
        deal = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        deal.add_column("seat", justify="right")
        deal.add_column("team", justify="right")
        deal.add_column("dealt")
        for seat in range(players):
            deal.add_row(str(seat), str(seat % 2), hand_by_suit(hand["deal"][str(seat)]))
        console.print(deal)
        calls = ", ".join(f"{c['seat']}: {'pass' if c.get('pass') else 'bid ' + str(c['bid'])}"
                          for c in hand["auction"])
        console.print(f"Auction  {calls}")
        contract = hand["contract"]
        notes = " (forced, Malzoom)" if contract["malzoom"] else (
            " (forced)" if contract["forced"] else "")
        trump = SUIT_SYMBOLS[SUIT_LETTERS.index(contract["trump"])]
        console.print(f"Contract seat {contract['seat']} (team {contract['seat'] % 2}) bids "
                      f"{contract['bid']}{notes}, trump {trump}")
        tricks = tricks_table(hand["tricks"], players)
        console.print(tricks)
        team = 0 if hand["score"][0] else 1
        verdict = "made" if hand["made"] else "failed"
        console.print(f"Bid {verdict}: team {team} scores {hand['score'][team]} -> "
                      f"totals {hand['totals'][0]}-{hand['totals'][1]}")
    final = record["final"]
    console.rule("Game over")
    console.print(f"Team {final['winner']} wins, {final['scores'][0]}-{final['scores'][1]}, "
                  f"after {len(record['hands'])} hands.")


def print_perft(console: Console, result: dict[str, Any]) -> None:
    """Print a perft result, with the divide table when present."""
    if result.get("divide"):
        table = Table(show_header=True, header_style="bold")
        table.add_column("first card")
        table.add_column("sequences", justify="right")
        for row in result["divide"]:
            table.add_row(styled(row["card"]), f"{row['nodes']:,}")
        console.print(table)
    console.print(f"perft({result['depth']}) = {result['nodes']:,}  "
                  f"[{result['seconds']:.3f} s, {result['nodes_per_second']:,.0f} nodes/s]")


def print_verify(console: Console, rows: list[Row], report: dict[str, Any]) -> None:
    """Print the verify report: one row per theorem and profile, then the source part."""
    console.print(_theorems_table(rows))
    console.print(f"{report['proved']} proved, {report['refuted']} refuted, "
                  f"{report['unknown']} unknown")
    sources = report.get("sources")
    if sources is None:
        return
    console.print(_consistency_table(sources["consistency"]))
    console.print(_disputes_table(sources["disputes"]))
    print_unsettled(console, sources["disputes"])
    print_surprises(console, sources.get("unexpected", {}).get("surprises", []))
    trace = sources["traceability"]
    console.print(f"Traceability: {trace['nodes']} nodes, {trace['edges']} edges; "
                  f"{len(trace['orphan_claims'])} claims fix no parameter; parameters no "
                  f"claim touches: {', '.join(trace['untouched_parameters']) or 'none'}")


def _theorems_table(rows: list[Row]) -> Table:
    """One row per theorem and profile: its verdict (marked when not the expected one), its
    time, its witness and whether the engine replayed it."""
    table = Table(show_header=True, header_style="bold")
    for column in ("profile", "theorem", "verdict", "seconds", "witness", "replayed"):
        table.add_column(column, justify="right" if column == "seconds" else "left")
    for row in rows:
        colour = COLOURS[row.verdict]
        witness = ", ".join(f"{k}={v}" for k, v in row.witness.items())
        verdict = row.verdict if row.verdict == row.expect else f"{row.verdict} (unexpected)"
        replayed = "" if row.replay is None else "yes" if row.replay["replayed"] else "NO"
        table.add_row(row.profile, row.theorem, f"[{colour}]{verdict}[/]",
                      f"{row.seconds:.2f}", witness, replayed)
    return table


def _consistency_table(consistency: list[dict[str, Any]]) -> Table:
    """The source checks that found something or failed, then those not run (one row per
    source profile and readings, since the deck does not deal out evenly there)."""
    findings = Table(title="Source consistency: theorems that fail on a source's rules",
                     show_header=True, header_style="bold")
    for column in ("profile", "readings", "theorem", "verdict", "witness"):
        findings.add_column(column)
    skipped: dict[tuple[str, str], list[str]] = {}
    for r in consistency:
        readings = ", ".join(f"{k}={v}" for k, v in r["readings"].items())
        if "not_run" in r:
            skipped.setdefault((r["profile"], readings), []).append(r["id"])
        elif r["finding"] or not r["ok"]:
            witness = ", ".join(f"{k}={v}" for k, v in (r.get("witness") or {}).items())
            findings.add_row(r["profile"], readings, r["id"], r["verdict"], witness)
    for (profile, readings), ids in skipped.items():
        findings.add_row(profile, readings, ", ".join(ids), "not run",
                         "no deal: the deck does not deal out evenly")
    return findings


def _disputes_table(disputes: list[dict[str, Any]]) -> Table:
    """Each dispute with its verdict and the kinds of outcome its readings differ in."""
    table = Table(title="Disputes between the sources' readings", show_header=True,
                  header_style="bold")
    for column in ("dispute", "verdict", "differs in"):
        table.add_column(column)
    for d in disputes:
        kinds = ", ".join(o["kind"] for o in d["outcomes"] if o["verdict"] == "refuted")
        table.add_row(d["id"], f"[{COLOURS[d['verdict']]}]{d['verdict']}[/]", kinds)
    return table


def print_unsettled(console: Console, disputes: list[dict[str, Any]]) -> None:
    """Every outcome of a dispute that did not settle, named with what went wrong: a witness
    the engine did not replay as the model predicted (both outcomes shown), or no answer; then
    how many there are. Nothing when every outcome settled."""
    from rich.markup import escape

    unsettled = [(d["id"], o) for d in disputes for o in d["outcomes"] if not o["ok"]]
    if not unsettled:
        return
    table = Table(title="Dispute outcomes that did not settle", show_header=True,
                  header_style="bold", show_lines=True)
    for column in ("dispute", "kind", "verdict", "the model predicted", "the engine gave"):
        table.add_column(column)
    for dispute, o in unsettled:
        if o["verdict"] == "refuted":
            model, engine = (json.dumps(o.get(side), sort_keys=True) for side in ("model",
                                                                                    "engine"))
            verdict = "refuted, witness NOT replayed"
        else:
            model, engine = o.get("how", ""), o.get("error", "")
            verdict = o["verdict"]
        table.add_row(escape(dispute), escape(o["kind"]), f"[red]{verdict}[/]", escape(model),
                      escape(engine))
    console.print(table)
    console.print(f"[red]{len(unsettled)} dispute "
                  f"{'outcome' if len(unsettled) == 1 else 'outcomes'} did not settle[/]")


def print_surprises(console: Console, surprises: list[dict[str, str]]) -> None:
    """Every dispute verdict that is not the stored one, and how to accept the change once it
    is understood. Nothing when every verdict is as stored."""
    from rich.markup import escape

    from trickrules.proofs.verify.expectations import ACCEPT_FLAG, EXPECTED_FILE

    if not surprises:
        return
    table = Table(title="Dispute verdicts that are not the stored ones", show_header=True,
                  header_style="bold")
    for column in ("dispute", "kind", "stored", "this run"):
        table.add_column(column)
    for s in surprises:
        table.add_row(escape(s["dispute"]), escape(s["kind"]), s["expected"],
                      f"[red]{s['got']}[/]")
    console.print(table)
    console.print(f"[red]{len(surprises)} dispute "
                  f"{'verdict' if len(surprises) == 1 else 'verdicts'} unexpected[/]: a rule "
                  f"change that should make them so is accepted with `trickrules verify "
                  f"{ACCEPT_FLAG}` (it rewrites {EXPECTED_FILE.name}; review its diff)")
