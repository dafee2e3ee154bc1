"""The commands about the sources and their disputes: ``sources``, ``diff``, ``explain`` and
``judge``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from spec.registry import FAMILIES

if TYPE_CHECKING:
    pass



def cmd_diff(args: argparse.Namespace) -> int:
    """Every divergence between two profiles, each with a replayed witness or a proof that it
    changes nothing; exit 1 if any dispute is left unknown."""
    from proofs.disputes import DisputeBook
    from proofs.profile_diff import diff_profiles, find_profile
    from spec.loader import family_catalogue

    catalogue = family_catalogue(FAMILIES[0])
    a, b = find_profile(catalogue, args.profile_a), find_profile(catalogue, args.profile_b)
    diff = diff_profiles(DisputeBook(catalogue), a, b)
    if args.json:
        print(json.dumps(diff.as_json(), indent=2, ensure_ascii=False))
    else:
        from rich.console import Console

        from proofs.cli.render.disputes import print_diff

        print_diff(Console(highlight=False), diff)
    return 1 if diff.unknown else 0


def cmd_explain(args: argparse.Namespace) -> int:
    """One dispute: the readings, the sources on each side with their quotations, the witness
    drawn as cards and the outcome under each reading."""
    from proofs.disputes import DisputeBook
    from spec.loader import family_catalogue

    catalogue = family_catalogue(FAMILIES[0])
    dispute = DisputeBook(catalogue).by_id(args.dispute)
    if args.json:
        print(json.dumps(dispute.as_json(), indent=2, ensure_ascii=False))
    else:
        from rich.console import Console

        from proofs.cli.render.disputes import print_explain

        print_explain(Console(highlight=False), catalogue, dispute)
    return 0 if dispute.ok else 1


MAX_SITUATION_BYTES = 1 << 20
"""The largest situation file ``judge`` reads (a state of any game is a few kilobytes)."""


def _load_situation(path: str) -> Any:
    """The JSON of a situation file (``-`` for standard input); every failure names the file
    and, for bad JSON, the line."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_SITUATION_BYTES + 1)
        else:
            with open(path, "rb") as handle:
                raw = handle.read(MAX_SITUATION_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_SITUATION_BYTES:
        raise ValueError(f"{name}: larger than {MAX_SITUATION_BYTES} bytes; a situation is a "
                         "few kilobytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name}: not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{name}:{exc.lineno}: not JSON: {exc.msg}") from None
    except RecursionError:
        raise ValueError(f"{name}: JSON nested too deeply") from None
    except ValueError as exc:  # an integer too long to read, and the like
        raise ValueError(f"{name}: not JSON: {exc}") from None


def _cell(answer: dict[str, Any], field: str) -> str:
    value = answer[field]
    if field == "score":
        return "" if value is None else (
            f"score: {'made' if value['made'] else 'failed'}, team {value['team']} +"
            f"{value['points']}")
    if field == "tricks":
        return "" if not value else "trick won by " + ", ".join(f"seat {w}" for w in value)
    if field == "winner":
        return "" if value is None else f"team {value} wins the game"
    if field == "then":
        return "" if not value else "played " + " ".join(str(v) for v in value)
    return "legal: " + (" ".join(str(v) for v in value) or "none")


def _answer_text(answer: dict[str, Any], disagreements: list[str]) -> str:
    """One answer as rich markup; every text that came from the user's file is escaped."""
    from rich.markup import escape

    if answer["status"] != "ok":
        return f"[yellow]{answer['status']}[/]: {escape(str(answer['error']))}"
    from proofs.judge import FIELDS

    parts = []
    for field in FIELDS:
        text = escape(_cell(answer, field))
        if text:
            parts.append(f"[red]{text}[/]" if field in disagreements else text)
    return " · ".join(parts)


def cmd_judge(args: argparse.Namespace) -> int:
    """A situation in the engine's JSON state form, answered under every profile."""
    from rich.console import Console
    from rich.markup import escape

    from proofs.judge import judge
    from spec.loader import family_catalogue

    catalogue = family_catalogue(FAMILIES[0])
    report = judge(catalogue, _load_situation(args.situation))
    if args.json:
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0 if "ok" in report["statuses"] else 2
    console = Console(highlight=False)
    then = escape(" ".join(str(t) for t in report["then"]))
    console.print(f"[bold]{escape(args.situation)}[/] ({escape(str(report['game']))})"
                  + (f", then {then}" if then else ""))
    for entry in report["profiles"]:
        answers = entry["answers"]
        if entry["settled"]:
            console.print(f"[bold]{entry['profile']}[/]: "
                          f"{_answer_text(answers[0], report['disagreements'])}")
            continue
        console.print(f"[bold]{entry['profile']}[/]: depends on the reading")
        for answer in answers:
            console.print(f"    {_readings_text(answer['readings'])}: "
                          f"{_answer_text(answer, report['disagreements'])}")
    if report["statuses"] and "ok" not in report["statuses"]:
        console.print("[red]No profile admits this situation.")
        return 2
    if report["disagreements"]:
        console.print("[red]The profiles disagree on: " + ", ".join(report["disagreements"]))
    else:
        console.print("[green]Every profile that admits this situation gives the same answer.")
    return 0


def _readings_text(readings: list[dict[str, str]]) -> str:
    """The readings that give one answer, e.g. ``joker.second-joker = normal`` (or several
    alternatives joined by ``or``)."""
    return " or ".join(", ".join(f"{k} = {v}" for k, v in r.items()) for r in readings)


def cmd_sources(args: argparse.Namespace) -> int:
    """``trickrules sources``: each source with its claims, silences, ambiguities and
    contradictions per game."""
    from rich.table import Table

    from spec.loader import family_catalogue
    from spec.source_profiles import summary

    catalogue = family_catalogue(FAMILIES[0])
    rows: list[dict[str, Any]] = []
    for source in catalogue.sources.values():
        for game in source.games:
            s = summary(catalogue, source.id, game)
            rows.append({"source": source.id, "title": source.title, "game": game,
                         "claims": len(s.claims), "silences": list(s.silences),
                         "ambiguities": [c.id for c in s.ambiguities],
                         "contradictions": [list(pair) for pair in s.contradictions],
                         "variants": list(s.variants)})
    if args.json:
        print(json.dumps({"sources": rows}, indent=2, ensure_ascii=False))
        return 0
    table = Table(show_header=True, header_style="bold")
    for column in ("source", "game", "claims", "silences", "ambiguities", "contradictions",
                   "variants"):
        table.add_column(column, justify="right" if column in ("claims",) else "left")
    for row in rows:
        table.add_row(row["source"], row["game"], str(row["claims"]),
                      str(len(row["silences"])), str(len(row["ambiguities"])),
                      str(len(row["contradictions"])), ", ".join(row["variants"]))
    from rich.console import Console

    Console(highlight=False).print(table)
    return 0


def add_commands(sub: Any) -> None:
    """Register ``sources``, ``diff``, ``explain`` and ``judge``."""
    src = sub.add_parser("sources", help="the rule sources and what each claims")
    src.add_argument("--json", action="store_true", help="print JSON instead of a table")
    src.set_defaults(func=cmd_sources)
    diff = sub.add_parser("diff", help="every divergence between two profiles, with witnesses")
    diff.add_argument("profile_a", metavar="PROFILE_A")
    diff.add_argument("profile_b", metavar="PROFILE_B")
    diff.add_argument("--json", action="store_true", help="print JSON instead of a table")
    diff.set_defaults(func=cmd_diff)
    explain = sub.add_parser("explain", help="one dispute: quotations, witness, outcomes")
    explain.add_argument("dispute", metavar="DISPUTE_ID")
    explain.add_argument("--json", action="store_true", help="print JSON instead of text")
    explain.set_defaults(func=cmd_explain)
    jdg = sub.add_parser("judge", help="a situation (engine JSON state) under every profile")
    jdg.add_argument("situation", metavar="SITUATION.json",
                     help="the situation file, or - for standard input")
    jdg.add_argument("--json", action="store_true", help="print JSON instead of a table")
    jdg.set_defaults(func=cmd_judge)
