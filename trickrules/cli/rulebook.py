"""``trickrules rulebook``: build the HTML and PDF rulebook from the rule data and a verify
report, running the verification first when no current report exists."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trickrules.cli.verify import add_verify_options

if TYPE_CHECKING:
    from rich.console import Console

    from trickrules.rulebook.build import Built

DEFAULT_REPORT = Path("build/verify-report.json")


def read_report(path: Path) -> dict[str, Any]:
    """A verify report read from ``path``; a file that is not one is refused naming it (and
    for bad JSON, the line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except IsADirectoryError:
        raise ValueError(f"{path}: a folder, not a verify report") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    try:
        report = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}:{exc.lineno}: not JSON: {exc.msg}") from None
    except (RecursionError, ValueError):
        raise ValueError(f"{path}: not JSON this command reads") from None
    if not isinstance(report, dict):
        raise ValueError(f"{path}: not a verify report (a JSON object written by "
                         "`trickrules verify --report`)")
    return report


def current_report(path: Path | None, console: Console,
                   options: argparse.Namespace | None = None,
                   families: list[str] | None = None) -> dict[str, Any]:
    """The report at ``path`` if it was made from the present rule data and code and covers
    the games of ``families`` (every family when None). Without ``path``: the default report
    if so, else a fresh verification of those games only (saved there)."""
    from trickrules.cli.verify import run_verification, write_report
    from trickrules.proofs.kit import kit_games
    from trickrules.proofs.verify.cache import inputs_digest
    from trickrules.spec.loader import game_catalogue
    from trickrules.spec.registry import family_of

    digest = inputs_digest()
    games = [g for g in kit_games() if families is None or family_of(g) in families]
    candidate = path or DEFAULT_REPORT
    stored = _stored_report(path, candidate, digest, games)
    if stored is not None:
        return stored
    console.print(f"No current report at {candidate}: verifying first.")
    cache = (not options.no_cache, options.cache_dir, options.jobs) if options else (True, None,
                                                                                   None)
    report = run_verification(console, game_catalogue(games[0]), games, None, True,
                              *cache).report
    write_report(candidate, report)
    return report


def check_report_shape(report: dict[str, Any], path: Path) -> None:
    """Refuse, naming the place, a report whose parts are not of the shape ``verify`` writes
    (``trickrules/rulebook/report.schema.json``): a seal proves only that nothing changed after
    it was computed, and anyone can compute one."""
    from importlib import resources

    import jsonschema

    schema = json.loads(resources.files("trickrules.rulebook").joinpath(
        "report.schema.json").read_text(encoding="utf-8"))
    error = jsonschema.exceptions.best_match(
        jsonschema.Draft202012Validator(schema).iter_errors(report))
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "(the whole report)"
        raise ValueError(f"{path}: not a report `trickrules verify` writes: at {where}: "
                         f"{error.message}"[:400])


def _stored_report(path: Path | None, candidate: Path, digest: str,
                   games: list[str]) -> dict[str, Any] | None:
    """The report at ``candidate`` when it is current for ``games`` and as ``verify`` wrote
    it; else None, or for a report the user named (``path``), a refusal saying why."""
    from trickrules.proofs.verify.report import seal_holds

    if candidate.exists():
        report = read_report(candidate)
        if _is_current(report, digest, games):
            if seal_holds(report):
                check_report_shape(report, candidate)
                return report
            if path is not None:
                raise ValueError(f"{path}: edited since `trickrules verify` wrote it (its seal "
                                 f"does not match what it holds): run `trickrules verify "
                                 f"--report {path}` again")
        elif path is not None:
            raise ValueError(f"{path} was not made from the present rule data and code, or "
                             f"lacks the source checks or a game of {', '.join(games)}: run "
                             f"`trickrules verify --report {path}` again")
    elif path is not None:
        raise ValueError(f"{path}: no such report; `trickrules verify --report {path}` "
                         "writes one")
    return None


def _is_current(report: dict[str, Any], digest: str, games: list[str]) -> bool:
    """Whether ``report`` was made from the rule data and code of ``digest`` and holds the
    source checks, the results and every game of ``games``."""
    return (report.get("inputs") == digest and isinstance(report.get("sources"), dict)
            and isinstance(report.get("results"), list)
            and isinstance(report.get("games"), list) and set(games) <= set(report["games"]))


def cmd_rulebook(args: argparse.Namespace) -> int:
    """Build the rulebook; exit 2 with the failing step when it cannot be built."""
    from trickrules.cli.render.console import output_console
    from trickrules.rulebook.prerequisites import check_prerequisites
    from trickrules.spec.registry import family_named

    families = list(dict.fromkeys(family_named(name) for name in args.game)) or None
    check_prerequisites(Path(args.out), pdf=not args.no_pdf)

    from trickrules.rulebook.build import build_rulebook, rulebook_families
    from trickrules.rulebook.cli_page import cli_page
    from trickrules.rulebook.questions_page import questions_page
    from trickrules.rulings.question import judge_question

    console = output_console(stderr=args.json)
    report = current_report(Path(args.report) if args.report else None, console, args,
                            families)
    built = build_rulebook(report, Path(args.out), cli_page(args.root_parser), judge_question,
                           pdf=not args.no_pdf, families=families,
                           questions=questions_page(families or rulebook_families()))
    written = _rule_examples(families or rulebook_families())
    pdfs = {} if args.no_pdf else built.pdfs
    editions = _editions(built, pdfs)
    if args.json:
        print(json.dumps({"html": str(built.html / "index.html"),
                          "pdfs": {family: str(path) for family, path in pdfs.items()},
                          "editions": editions,
                          "source": str(built.source),
                          "dispute_witnesses": len(built.examples),
                          "rule_examples": written}, indent=2))
        return 0
    _print_built(console, built, editions, written)
    return 0


def _rule_examples(families: list[str]) -> int:
    """How many rule examples the rulebooks of ``families`` hold (each checked in the engine
    and the model as the book is built)."""
    from trickrules.spec.loader import family_catalogue

    return sum(len(book.examples) for f in families
               if (book := family_catalogue(f).rulebook) is not None)


def _editions(built: Built, pdfs: dict[str, Path]) -> dict[str, dict[str, str]]:
    """Each family's PDF editions by name (the committee, players', quick and director's
    editions and every translated one), where the build wrote them."""
    from trickrules.rulebook.translated import TRANSLATED_EDITIONS, TRANSLATED_LANGUAGES

    return {
        family: {"committee": str(path), "players": str(built.players_pdf(family)),
                 "quick": str(built.quick_pdf(family)),
                 "director": str(built.director_pdf(family)),
                 **{f"{edition}-{language}": str(built.translated_pdf(family, edition, language))
                    for language in TRANSLATED_LANGUAGES for edition in TRANSLATED_EDITIONS}}
        for family, path in pdfs.items()}


def _print_built(console: Console, built: Built, editions: dict[str, dict[str, str]],
                 written: int) -> None:
    """Where the build wrote the site (in each language) and every PDF, and how many
    examples it checked."""
    from trickrules.rulebook.translated import TRANSLATED_LANGUAGES

    console.print(f"HTML: {built.html / 'index.html'}")
    for language in TRANSLATED_LANGUAGES:
        console.print(f"HTML ({language}): {built.html / language / 'index.html'}")
    for family, paths in editions.items():
        for edition, path in paths.items():
            console.print(f"PDF ({family}, {edition}): {path}")
    console.print(f"{len(built.examples)} dispute witnesses replayed in the engine and "
                  f"{written} rule examples in the engine and the model; pages generated in "
                  f"{built.source}")


def add_commands(sub: Any) -> None:
    """Register ``rulebook``."""
    book = sub.add_parser("rulebook", help="build the reconciled rulebook (HTML and PDF)")
    book.add_argument("--out", default="build/rulebook",
                      help="output directory (default build/rulebook): html/, pdf/, source/; "
                           "a rebuild replaces what the last one wrote and keeps your own files "
                           "in html/ and pdf/")
    book.add_argument("--report", default=None,
                      help="verify report to build from (default: build/verify-report.json "
                           "if current, else verify first)")
    book.add_argument("--no-pdf", action="store_true", help="build the HTML site only")
    book.add_argument("--json", action="store_true",
                      help="print where the site and PDFs were written as JSON (progress on "
                           "standard error)")
    book.add_argument("--game", "--family", action="append", default=[], metavar="GAME",
                      help="build only the part and PDF of this game's family (a game id or a "
                           "family: kout6, kout4, kout, baloot; repeatable)")
    add_verify_options(book)
    book.set_defaults(func=cmd_rulebook)
