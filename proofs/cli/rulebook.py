"""``trickrules rulebook``: build the HTML and PDF rulebook from the rule data and a verify
report, running the verification first when no current report exists."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from proofs.cli.verify import add_verify_options

if TYPE_CHECKING:
    from rich.console import Console

DEFAULT_REPORT = Path("build/verify-report.json")


def current_report(path: Path | None, console: Console,
                   options: argparse.Namespace | None = None) -> dict[str, Any]:
    """The report at ``path`` if it was made from the present rule data and code. Without
    ``path``: the default report if current, else a fresh verification (saved there)."""
    from proofs.cli.verify import run_verification, write_report
    from proofs.kit import kit_games
    from proofs.verify.cache import inputs_digest
    from spec.loader import game_catalogue

    digest = inputs_digest()
    games = list(kit_games())
    candidate = path or DEFAULT_REPORT
    if candidate.exists():
        report: dict[str, Any] = json.loads(candidate.read_text(encoding="utf-8"))
        if (report.get("inputs") == digest and "sources" in report
                and set(games) <= set(report.get("games", []))):
            return report
        if path is not None:
            raise ValueError(f"{path} was not made from the present rule data and code, or "
                             f"lacks the source checks or a game of {', '.join(games)}: run "
                             f"`trickrules verify --report {path}` again")
    elif path is not None:
        raise ValueError(f"{path}: no such report; `trickrules verify --report {path}` "
                         "writes one")
    console.print(f"No current report at {candidate}: verifying first.")
    cache = (not options.no_cache, options.cache_dir, options.jobs) if options else (True, None,
                                                                                   None)
    report = run_verification(console, game_catalogue(games[0]), games, None, True,
                              *cache).report
    write_report(candidate, report)
    return report


def cmd_rulebook(args: argparse.Namespace) -> int:
    """Build the rulebook; exit 2 with the failing step when it cannot be built."""
    from rich.console import Console

    from proofs.rulebook.build import RulebookError, build_rulebook
    from proofs.rulebook.cli_page import cli_page

    console = Console(highlight=False)
    report = current_report(Path(args.report) if args.report else None, console, args)
    try:
        built = build_rulebook(report, Path(args.out), cli_page(args.root_parser),
                               pdf=not args.no_pdf, families=args.family or None)
    except RulebookError as exc:
        raise ValueError(str(exc)) from None
    console.print(f"HTML: {built.html / 'index.html'}")
    if not args.no_pdf:
        for family, path in built.pdfs.items():
            console.print(f"PDF ({family}): {path}")
    from proofs.rulebook.build import rulebook_families
    from spec.loader import family_catalogue

    written = sum(len(book.examples) for f in (args.family or rulebook_families())
                  if (book := family_catalogue(f).rulebook) is not None)
    console.print(f"{len(built.examples)} dispute witnesses replayed in the engine and "
                  f"{written} rule examples in the engine and the model; pages generated in "
                  f"{built.source}")
    return 0


def add_commands(sub: Any) -> None:
    """Register ``rulebook``."""
    book = sub.add_parser("rulebook", help="build the reconciled rulebook (HTML and PDF)")
    book.add_argument("--out", default="build/rulebook",
                      help="output directory (default build/rulebook): html/, pdf/, source/")
    book.add_argument("--report", default=None,
                      help="verify report to build from (default: build/verify-report.json "
                           "if current, else verify first)")
    book.add_argument("--no-pdf", action="store_true", help="build the HTML site only")
    book.add_argument("--family", action="append", default=[], metavar="FAMILY",
                      help="build only this family's part and PDF (kout, baloot; repeatable)")
    add_verify_options(book)
    book.set_defaults(func=cmd_rulebook)
