"""The CLI reference page, generated from the argument parser so it cannot drift."""

from __future__ import annotations

import argparse

from proofs.rulebook.rst import escape, heading, label


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_page(parser: argparse.ArgumentParser) -> list[str]:
    """Every subcommand of ``trickrules`` with its help text."""
    lines = [*label("cli"), *heading("Command-line reference", 0),
             escape(parser.description or ""), "", "Exit status: 0 when everything asked for "
             "holds, 1 when a check fails or a verdict is unknown, 2 on bad input.", ""]
    for name, sub in _subparsers(parser).items():
        sub.prog = f"trickrules {name}"
        lines += [*label(f"cli-{name}"), *heading(f"trickrules {name}", 1), "::", ""]
        lines += ["   " + line if line else "" for line in
                  sub.format_help().replace("\t", " ").splitlines()]
        lines.append("")
    return lines
