"""``trickrules judge`` as a player reads it: the answer under the rulebook's profile part by
part, each with the rule that decides it (number, title, the rule and its reason), then every
profile or reading that answers differently, then an honest last line."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from trickrules.cli.render.console import literal
from trickrules.proofs.outcome_words import answer_lines

PART_NAMES = {"legal": "the legal actions", "then": "whether the actions can be played",
              "bought": "who bought", "tricks": "the tricks' winners",
              "score": "the hand's score", "winner": "the game's end"}
"""Each field of the answer as the last line names it."""


def rule_line(rule: dict[str, Any], full: bool) -> str:
    """One cited rule: ``rule 705 What makes a Hokom``; ``full``: with the rule's text and
    the reason for it; otherwise with the profile's reading when it has one."""
    name = (f"rule {rule['number']} {rule['title']}" if rule.get("number") is not None
            else f"rule {rule['id']}")
    if full and rule.get("rule"):
        why = f" [italic]Why: {literal(rule['why'])}[/]" if rule.get("why") else ""
        return f"[cyan]{literal(name)}[/]: {literal(rule['rule'])}{why}"
    reading = f" (read as {rule['reading']})" if rule.get("reading") else ""
    return f"[cyan]{literal(name)}[/]{literal(reading)}"


def print_parts(console: Console, answer_parts: list[dict[str, Any]], indent: str,
                full: bool) -> None:
    """Each part of an answer on its line, the rules deciding it below it."""
    for part in answer_parts:
        style = "red" if part["part"] == "error" else "bold"
        console.print(f"{indent}[{style}]{literal(part['text'])}[/]")
        for rule in part["rules"]:
            console.print(f"{indent}    {rule_line(rule, full)}")


def last_line(report: dict[str, Any]) -> str:
    """The verdict over the profiles: which disagree on what, or that the ones that read the
    situation agree (naming those that do not read it)."""
    if "ok" not in report["statuses"]:
        if "illegal" in report["statuses"]:
            return ("[red]No profile admits this situation as given: every profile that reads "
                    "the state refuses one of its actions.[/]")
        return "[red]No profile admits this situation.[/]"
    if report["disagreements"]:
        lines = []
        for f in report["disagreements"]:
            names = report["differ"].get(f, [])
            lines.append(f"    {PART_NAMES[f]}: {literal(', '.join(names))} "
                         f"{'differs' if len(names) == 1 else 'differ'} from "
                         f"{literal(str(report['compared_with']))}")
        return "[red]The profiles disagree on:[/]\n" + "\n".join(lines)
    text = "[green]Every profile that admits this situation gives the same answer.[/]"
    if report["unadmitted"]:
        text += (" [dim](Not a situation that can arise under: "
                 f"{literal(', '.join(report['unadmitted']))}.)[/]")
    return text


def print_judge(console: Console, report: dict[str, Any], situation: str) -> None:
    """The whole report on the console."""
    then = literal(" ".join(str(t) for t in report["then"]))
    console.print(f"[bold]{literal(situation)}[/] ({literal(str(report['game']))})"
                  + (f", then {then}" if then else ""))
    ruling = report["ruling"]
    whose = ("the rulebook's profile" if ruling["profile"] == report.get("reconciled")
             else "profile")
    console.print(f"Under {whose} [bold]{literal(str(ruling['profile']))}[/]:")
    print_parts(console, ruling["parts"], "  ", True)
    if ruling["house"]:
        console.print("House options that answer differently (one rule read otherwise):")
        for option in ruling["house"]:
            console.print(f"  {rule_line(option['rule'], False)}:")
            shown = [{**part, "rules": [r for r in part["rules"]
                                        if r["id"] != option["rule"]["id"]]}
                     for part in option["parts"]]
            print_parts(console, shown, "    ", False)
    if ruling["others"]:
        console.print("Sources and profiles that answer differently:")
        for other in ruling["others"]:
            console.print(f"  [bold]{literal(other['label'])}[/]:")
            print_parts(console, other["parts"], "    ", False)
    if ruling["same"]:
        console.print(f"Same answer as {literal(str(ruling['profile']))}: "
                      f"{literal(', '.join(ruling['same']))}")
    console.print(last_line(report))


def print_question(console: Console, report: dict[str, Any], source: str) -> None:
    """A question form's ruling: the answer under the rulebook's profile with the rules that
    decide it, then each house option that answers otherwise and what it gives."""

    question = report["question"]
    console.print(f"{literal(source)} ({literal(report['game'])}): {literal(question['op'])}")
    console.print(f"Under the rulebook's profile {literal(report['profile'])}:")
    for line in answer_lines(report["answer"]):
        console.print(f"  [bold]{literal(line)}[/]")
    for rule in report["rules"]:
        console.print(f"      {rule_line(rule, True)}")
    if not report["house"]:
        console.print("Every house option gives the same answer.")
        return
    console.print("House options that answer differently (one rule read otherwise):")
    for option in report["house"]:
        console.print(f"  {rule_line(option['rule'], False)}:")
        given = ([f"refused: {option['refused']}"] if "refused" in option
                 else answer_lines(option["answer"]))
        for line in given:
            console.print(f"    {literal(line)}")
