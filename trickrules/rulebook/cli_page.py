"""The CLI reference page, generated from the argument parser so it cannot drift."""

from __future__ import annotations

import argparse

from trickrules.rulebook.rst import heading, label


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_page(parser: argparse.ArgumentParser) -> list[str]:
    """Every subcommand of ``trickrules`` with its help text."""
    lines = [*label("cli"), *heading("Command-line reference", 0),
             "What ``trickrules --help`` prints: the commands, the options before them and the "
             "exit status of every command; then each command's own help.", "",
             *_literal(parser.format_help())]
    for name, sub in _subparsers(parser).items():
        sub.prog = f"trickrules {name}"
        lines += [*label(f"cli-{name}"), *heading(f"trickrules {name}", 1),
                  *_literal(sub.format_help())]
    return lines


def _literal(text: str) -> list[str]:
    """Help text as a block shown as it is (no highlighting: it is not code)."""
    return [".. code-block:: text", "", *("   " + line if line else ""
                                          for line in text.replace("\t", " ").splitlines()), ""]
