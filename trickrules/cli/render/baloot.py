"""Readable tables (rich) for a Baloot game record: the deal and public card, the buying,
doubling, projects, tricks, card points and game points of every hand."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from trickrules.cli.render.console import literal
from trickrules.cli.render.tables import hand_by_suit, styled, tricks_table
from trickrules.spec.cards import SUIT_LETTERS, SUIT_SYMBOLS


def _suit(letter: str | None) -> str:
    return "" if letter is None else SUIT_SYMBOLS[SUIT_LETTERS.index(letter)]


def _call(call: dict[str, Any]) -> str:
    text = f"{call['seat']}: {call['call']}"
    if "trump" in call:
        text += f" {_suit(call['trump'])}"
    if "round" in call and call["round"] == 2 and call["call"] != "trump":
        text += " (2nd)"
    return text


def _contract(contract: dict[str, Any]) -> str:
    kind = "Sun" if contract["type"] == "sun" else f"Hokom {_suit(contract['trump'])}"
    stakes = {1: "", 2: ", doubled", 3: ", tripled", 4: ", four"}[contract["multiplier"]]
    if contract["gahwa"]:
        stakes = ", Gahwa"
    if contract["locked"]:
        stakes += " (locked)"
    return f"seat {contract['seat']} (team {contract['seat'] % 2}) buys {kind}{stakes}"


def print_baloot_game(console: Console, record: dict[str, Any]) -> None:
    """Print a Baloot game record (from :func:`trickrules.engine.baloot.record.game_to_json`)."""
    console.print(f"[bold]baloot[/] · profile {literal(record['profile'])} · seed "
                  f"{record['seed']} · seats 0..3 in play order (counter-clockwise), "
                  "team = seat % 2")
    for hand in record["hands"]:
        console.rule(f"Hand {hand['index'] + 1} · dealer seat {hand['dealer']} · public card "
                     f"{styled(hand['public_card'])}")
        deal = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        deal.add_column("seat", justify="right")
        deal.add_column("team", justify="right")
        deal.add_column("holds")
        for seat in range(4):
            deal.add_row(str(seat), str(seat % 2), hand_by_suit(hand["deal"][str(seat)]))
        console.print(deal)
        console.print("Buying   " + ", ".join(_call(c) for c in hand["auction"]))
        contract = hand["contract"]
        if contract is None:
            why = "Kawesh" if hand["void"] == "kawesh" else "everybody passed twice"
            console.print(f"No contract ({why}): no points -> totals "
                          f"{hand['totals'][0]}-{hand['totals'][1]}")
            continue
        console.print("Contract " + _contract(contract))
        if contract["doubling"]:
            console.print("Doubling " + ", ".join(_call(c) for c in contract["doubling"]))
        for project in hand["projects"]:
            cards = " ".join(styled(c) for c in project["cards"])
            state = "scores" if project["scored"] else "does not score"
            console.print(f"Project  seat {project['seat']}: {project['kind']} {cards} "
                          f"({state})")
        console.print(tricks_table(hand["tricks"], 4))
        verdict = "made" if hand["made"] else "failed"
        cp, gp = hand["card_points"], hand["game_points"]
        console.print(f"Contract {verdict}: card points {cp[0]}-{cp[1]}, game points "
                      f"{gp[0]}-{gp[1]} -> totals {hand['totals'][0]}-{hand['totals'][1]}")
    final = record["final"]
    console.print(f"[bold]Team {final['winner']} wins[/] "
                  f"{final['scores'][0]}-{final['scores'][1]}")
