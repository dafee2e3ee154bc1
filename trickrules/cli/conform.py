"""``trickrules conform``, ``adapter`` and ``vectors``: check an engine against the suite,
serve our engine through the protocol, and regenerate the suite."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trickrules.kit import DEFAULT_TIMEOUT
from trickrules.spec.registry import FAMILIES

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from trickrules.kit.runner import Run, Runner
    from trickrules.proofs.conformance.build import Suite
    from trickrules.proofs.conformance.suite import SuiteData



def cmd_conform(args: argparse.Namespace) -> int:
    """Run the suite against ``--engine``; exit 1 on any failure, 2 on bad arguments."""
    from trickrules.kit.session import check_timeout, run_suite
    from trickrules.spec.registry import family_named, game_ids

    check_timeout(args.timeout)
    family = family_named(args.game)
    game = args.game if args.game in game_ids() else None
    failures_path = Path(args.failures) if args.failures else None
    if failures_path is not None:
        from trickrules.cli.verify import check_writable

        check_writable(failures_path, "--failures")
    runner, suite, run = run_suite(args.engine, family, args.profile,
                                   Path(args.suite) if args.suite else None, args.timeout, game,
                                   _only_ops(args.only))
    data = run.as_json()
    if failures_path is not None:
        _write_failures(failures_path, run)
    if args.table:
        from trickrules.kit.session import settled_heap

        with settled_heap():
            _add_house_options(data, runner, suite, run)
    if args.json:
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        from trickrules.cli.render.console import output_console

        console = output_console()
        _print_run(console, data)
        for game, table in data.get("house_options", {}).items():
            _print_house_options(console, game, table)
    return 0 if run.ok or run.nothing_asked else 1


def _only_ops(only: str | None) -> list[str] | None:
    """The question types ``--only`` names (comma-separated, blanks dropped); None when it is
    not given, so that every type is asked."""
    return ([op.strip() for op in only.split(",") if op.strip()]
            if only is not None else None)


def _write_failures(path: Path, run: Run) -> None:
    """Every failure of the run to ``path``, one JSON object per line (``--failures``)."""
    from trickrules.proofs.verify.cache import write_atomically

    write_atomically(path, "".join(
        json.dumps(f.as_json(), ensure_ascii=False) + "\n" for f in run.failures).encode())


def _add_house_options(data: dict[str, Any], runner: Runner, suite: SuiteData,
                       run: Run) -> None:
    """The house options table of each game of the suite (``--table``) put in the run's
    JSON: the reading of each parameter the engine plays, and the profile it plays best."""
    from trickrules.kit.house_table import best_profile, house_table

    for game in suite.defaults:
        rows = house_table(runner, suite, game, failures=run.failures)
        data.setdefault("house_options", {})[game] = {
            "best_profile": best_profile(rows, suite, game),
            "parameters": [row.as_json() for row in rows]}


def _print_house_options(console: Console, game: str, table: dict[str, Any]) -> None:
    """What the evidence says of each house option: the reading the engine plays, a tie, no
    reading fitting, or a suite that cannot tell; with each reading's separating vectors."""
    from rich.table import Table

    from trickrules.cli.render.console import literal

    shown = Table(title=f"House options of {game}: the engine's answers on the vectors that "
                        "separate the readings (passed/asked; all its vectors in brackets)")
    for column in ("parameter", "readings", "verdict"):
        shown.add_column(column)
    for row in table["parameters"]:
        readings = ", ".join(
            f"{r} {c['separating']['passed']}/{sum(c['separating'].values())} "
            f"({c['passed']}/{c['passed'] + c['failed']})" for r, c in row["readings"].items())
        verdict = row["verdict"]
        if row["best"] is not None:
            verdict = f"plays {row['best']}" + (
                "" if row["best"] == row["reconciled"] else " (house option)")
        elif verdict == "tie":
            verdict = f"tie: {', '.join(row['fits'])}"
        elif verdict == "cannot tell":
            verdict = "this suite cannot tell (no vector separates the readings)"
        elif verdict == "not asked":
            verdict = "not asked (--only leaves out the question types of its vectors)"
        elif verdict == "not answered":
            verdict = "not answered (the engine declined every question that could tell)"
        shown.add_row(literal(row["parameter"]), literal(readings), literal(verdict))
    console.print(shown)
    console.print(f"Best match: {literal(table['best_profile'])}")


def _print_run(console: Console, run: dict[str, Any]) -> None:
    """The run as tables; every text from the suite or the engine is escaped, not markup."""
    from trickrules.cli.render.console import literal

    if _answered_nothing(run):
        console.print(literal(_answered_nothing_words(run)))
        return
    failing = {r: t for r, t in run["rules"].items() if t["failed"]}
    if failing:
        console.print(_failures_table(failing))
    groups = ", ".join(f"{g} {c['passed']}/{c['passed'] + c['failed']}"
                       for g, c in run["groups"].items())
    unsupported = ", ".join(f"{op} {n}" for op, n in run["unsupported"].items()) or "none"
    _print_fits(console, run)
    if run["reference_differs"]:
        console.print(literal(_reference_differs(run["reference_differs"])))
    if run["nothing_asked"]:
        console.print(literal(_nothing_asked(run, unsupported)))
        return
    verdict = "PASS" if run["ok"] else "FAIL"
    console.print(literal(
        f"{verdict}: {run['passed']} of {run['vectors']} vectors passed under "
        f"{', '.join(run['profiles'])} ({groups}); {_count(len(failing), 'rule')} failing; "
        f"not supported by the engine (not charged): {unsupported}; {_refused(run)}"
        f"engine problems: {_problems(run)}; engine started "
        f"{_count(run['engine_starts'], 'time')}; per-request timeout {run['timeout']:g} s; "
        f"{run['seconds']} s"))


ENGINE_DOWN = frozenset({"crash", "gave-up", "timeout"})
"""The problems of an engine that gives no answer at all: it exits, or it is silent."""


def _answered_nothing(run: dict[str, Any]) -> bool:
    """Whether every vector asked failed for want of an answer (the engine never started,
    or crashed or fell silent on every request): a table of rules would charge them all for
    one fault of the command."""
    problems = run["problems"]
    return (run["vectors"] > 0 and run["passed"] == 0 and set(problems) <= ENGINE_DOWN
            and sum(problems.values()) == run["vectors"])


def _answered_nothing_words(run: dict[str, Any]) -> str:
    """The verdict on an engine that answered nothing: the cause, and what to check."""
    return (f"FAIL: the engine answered none of the {run['vectors']} vectors under "
            f"{', '.join(run['profiles'])} (so they tell nothing of its rules): engine "
            f"problems: {_problems(run)}; engine started "
            f"{_count(run['engine_starts'], 'time')}. Check that the command given to "
            f"--engine ({run['engine']}) starts and answers a hello request (the rulebook's "
            f"chapter \"Check your engine\").")


def _failures_table(failing: dict[str, dict[str, Any]]) -> Table:
    """Each failing rule with its counts and its smallest failing case: the vector, the
    request, the answer expected and the answer got."""
    from rich.table import Table

    from trickrules.cli.render.console import literal

    table = Table(title="Failures by rule (smallest failing case)", show_lines=True)
    for column in ("rule", "failed", "passed", "smallest case"):
        table.add_column(column)
    for rule, tally in failing.items():
        case = tally["smallest"]
        text = (f"{case['vector']} under {case['profile']}: {case['reason']}\n"
                f"request: {json.dumps(case['request'])}\n"
                f"expected: {json.dumps(case['expected'])}\n"
                f"got: {json.dumps(case['got'])}")
        if case["detail"]:
            text += f"\n{case['detail']}"
        table.add_row(literal(rule), str(tally["failed"]), str(tally["passed"]),
                      literal(text))
    return table


def _refused(run: dict[str, Any]) -> str:
    """The situations the engine answered with an error (the protocol's way to refuse one as
    illegal), which the suite holds legal: an answer of the engine's rules, not a fault of
    the engine, so counted apart from its problems (each is a failure of its vector)."""
    refused = run["problems"].get("error", 0)
    if not refused:
        return ""
    first = run.get("problem_causes", {}).get("error")
    return (f"refused as illegal (an error answer) where the suite holds the request legal: "
            f"{refused}" + (f" (first: {first})" if first else "") + "; ")


def _problems(run: dict[str, Any]) -> str:
    """The engine's problems counted by kind, each with its cause when the run knows one
    (a give-up needs none), or ``none``; its error answers are counted apart
    (:func:`_refused`)."""
    causes = run.get("problem_causes", {})
    return ", ".join(f"{n} {k}" + (f" ({causes[k]})" if k in causes and k != "gave-up"
                                   else "")
                     for k, n in run["problems"].items() if k != "error") or "none"


def _print_fits(console: Console, run: dict[str, Any]) -> None:
    """The wrong answers that a house reading gives, and how many no reading gives; nothing
    when there are none of either."""
    from trickrules.cli.render.console import literal

    fits = "; ".join(f"{p} = {r} ({n})" for p, readings in run["answers_fit"].items()
                     for r, n in readings.items())
    if fits or run["no_reading_fits"]:
        console.print(literal(
            f"Wrong answers that house readings give: {fits or 'none'}; that no reading of "
            f"these rules gives: {run['no_reading_fits']}"))


def _reference_differs(vectors: list[str]) -> str:
    """Why some failures are charged to no rule: the reference that charges failures answers
    their vectors otherwise than the suite does."""
    return (f"REFERENCE DIFFERS: this product's reference answers {_count(len(vectors), 'vector')}"
            f" otherwise than the suite (first: {vectors[0]}): the suite is stale or the "
            "reference engine is wrong, so their failures are charged to no rule (`trickrules "
            "vectors --check` tells whether the suite is current)")


def _nothing_asked(run: dict[str, Any], unsupported: str) -> str:
    """Why a run asked no vector: its ``--only`` types have none under its profiles, or the
    engine declines every one (not a failure: exit 0)."""
    profiles = ", ".join(run["profiles"])
    if run["unsupported"]:
        why = f"the engine does not answer them (not supported: {unsupported})"
    else:
        why = f"no vector of {', '.join(run['only'] or [])} applies under {profiles}"
    return f"NOTHING ASKED: 0 vectors under {profiles}: {why}; nothing failed"


def _count(n: int, thing: str) -> str:
    """``n`` things, in the singular for one."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def cmd_adapter(args: argparse.Namespace) -> int:
    """Serve the reference engine over the protocol on standard input and output."""
    from trickrules.kit.reference_adapter import main

    return main()


def cmd_vectors(args: argparse.Namespace) -> int:
    """Regenerate each family's suite (or check it is current) from its stored witnesses, or
    first take the witnesses afresh from a current verify report."""
    from trickrules.cli.render.console import output_console
    from trickrules.cli.rulebook import current_report

    console = output_console(stderr=True)
    _check_vectors_out(args)
    report = None
    if args.refresh or args.report:
        report = current_report(Path(args.report) if args.report else None, console)
    stale_any = False
    summaries: list[dict[str, Any]] = []
    from trickrules.spec.registry import family_named

    for family in [family_named(args.game)] if args.game else list(FAMILIES):
        summary, stale = _family_vectors(family, args, report, console)
        summaries.append(summary)
        stale_any |= stale
    if args.json:
        print(json.dumps({"suites": summaries}, indent=2))
    return 1 if stale_any else 0


def _check_vectors_out(args: argparse.Namespace) -> None:
    """Refuse an ``--out`` without ``--game`` (it names one suite's directory), and one that
    cannot be written when the suite is to be written there."""
    if args.out and not args.game:
        raise ValueError("--out names one suite's directory: give --game too")
    if args.out and not args.check:
        from trickrules.proofs.verify.cache import check_writable_folder

        check_writable_folder(Path(args.out), "--out")


def _family_vectors(family: str, args: argparse.Namespace, report: dict[str, Any] | None,
                    console: Console) -> tuple[dict[str, Any], bool]:
    """One family's suite regenerated, or checked under ``--check``: its summary (as
    ``--json`` prints it) and whether it is stale."""
    import importlib

    from trickrules.cli.render.console import literal
    from trickrules.proofs.conformance.build import WITNESSES, stored_witnesses, suite_files
    from trickrules.proofs.conformance.suite import SuiteError, suite_dir
    from trickrules.spec.loader import family_catalogue
    from trickrules.spec.registry import family as family_record

    generator = importlib.import_module(family_record(family).suite_builder)
    out = Path(args.out) if args.out else suite_dir(family)
    current = _shown_current(family, out, args, report, console)
    if current is not None:
        return current, False
    try:
        witnesses = (generator.witness_requests(report) if report is not None
                     else stored_witnesses(suite_dir(family)))
    except SuiteError as exc:
        if not args.check:
            raise
        console.print(f"stale: {literal(str(exc))}")
        return {"family": family, "suite": str(out), "stale": [WITNESSES]}, True
    suite = generator.build_suite(family_catalogue(family), witnesses)
    files = suite_files(suite)
    summary = {"family": family, "suite": str(out), "vectors": len(suite.vectors),
               "counts": suite.counts(), "witness_requests": len(witnesses)}
    if args.check:
        return summary, _compare_suite(files, out, family, summary, console)
    _write_vectors(files, out, suite, summary, console)
    return summary, False


def _shown_current(family: str, out: Path, args: argparse.Namespace,
                   report: dict[str, Any] | None, console: Console) -> dict[str, Any] | None:
    """Under a plain ``--check`` of the shipped suite, its summary when its record shows it
    is what a rebuild would write (said on the console), so that nothing is rebuilt; else
    None."""
    if not (args.check and report is None and not args.out):
        return None
    current = recorded_current(family, out)
    if current is not None:
        console.print(f"{out} is current: {current['vectors']} vectors "
                      f"({_counts_words(current['counts'])})")
    return current


def _compare_suite(files: dict[str, str], out: Path, family: str, summary: dict[str, Any],
                   console: Console) -> bool:
    """Whether the suite files at ``out`` differ from the rebuilt ``files`` (``--check``),
    said on the console and noted in ``summary``."""
    from trickrules.proofs.conformance.build import stale_files

    stale = stale_files(files, out)
    summary["stale"] = stale
    if stale:
        console.print(f"stale suite files in {out}: {', '.join(stale)}; run "
                      f"`trickrules vectors --game {family}` to regenerate")
        return True
    console.print(f"{out} is current: {summary['vectors']} vectors "
                  f"({_counts_words(summary['counts'])})")
    return False


def _write_vectors(files: dict[str, str], out: Path, suite: Suite, summary: dict[str, Any],
                   console: Console) -> None:
    """The rebuilt suite and its record written to ``out``, said on the console, and how
    many of its answers the Z3 model confirmed noted in ``summary``."""
    from trickrules.proofs.conformance.build import write_suite
    from trickrules.proofs.conformance.made_from import write_record

    write_suite(files, out)
    write_record(files, out)
    console.print(f"{len(suite.vectors)} vectors written to {out} "
                  f"({_counts_words(suite.counts())}); {summary['witness_requests']} witness "
                  f"requests; {suite.confirmed} answers confirmed by the Z3 model")
    summary["confirmed"] = suite.confirmed


def _counts_words(counts: dict[str, dict[str, int]]) -> str:
    """A suite's vectors per group and question type, as ``vectors`` prints them."""
    return "; ".join(f"{g}: " + ", ".join(f"{op} {n}" for op, n in ops.items())
                     for g, ops in counts.items())


def recorded_current(family: str, suite: Path) -> dict[str, Any] | None:
    """The ``--check`` summary of a family's suite whose ``made-from.json`` shows it current
    (made from the present inputs, every file as recorded), read from its files without a
    rebuild; None when the record cannot show it (then the suite is rebuilt and compared)."""
    from trickrules.proofs.conformance.build import stored_witnesses
    from trickrules.proofs.conformance.made_from import made_from_present_inputs
    from trickrules.proofs.conformance.suite import GROUPS, load_suite
    from trickrules.proofs.kit import kit_for_game
    from trickrules.spec.registry import family_of, game_ids

    if not made_from_present_inputs(suite):
        return None
    game = next(g for g in game_ids() if family_of(g) == family)
    counts = {g: dict.fromkeys(kit_for_game(game).conformance.ops, 0) for g in GROUPS}
    vectors = load_suite(suite).vectors
    for vector in vectors:
        counts[vector["group"]][vector["op"]] += 1
    return {"family": family, "suite": str(suite), "vectors": len(vectors), "counts": counts,
            "witness_requests": len(stored_witnesses(suite)), "stale": []}


def add_commands(sub: Any) -> None:
    """Register ``conform``, ``adapter`` and ``vectors`` on the CLI's subparsers."""
    conform = sub.add_parser("conform", help="check an external engine against the suite")
    conform.add_argument("--engine", required=True, metavar="COMMAND",
                         help="shell command that starts the engine's adapter")
    conform.add_argument("--game", default=FAMILIES[0], metavar="GAME",
                         help="the suite of this game's family (a game id: kout6, kout4, "
                              "baloot, for its reconciled profile only; or a family: kout, "
                              "baloot; default: kout)")
    conform.add_argument("--only", default=None, metavar="TYPES",
                         help="ask only these question types (comma-separated ops, e.g. "
                              "legal-plays,trick-winner)")
    conform.add_argument("--profile", default=None,
                         help="one suite profile (default: each game's reconciled profile)")
    conform.add_argument("--suite", default=None, metavar="PATH",
                         help="suite directory (default: the suite shipped with trickrules)")
    conform.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                         help=f"per-request timeout (default {DEFAULT_TIMEOUT:g})")
    conform.add_argument("--table", action="store_true",
                         help="also ask the variant vectors under every house option and "
                              "report which reading of each parameter the engine plays")
    conform.add_argument("--json", action="store_true", help="print the run as JSON")
    conform.add_argument("--failures", default=None, metavar="FILE",
                         help="also write every failure, one JSON object per line (vector, "
                              "profile, rules, request, expected, got, detail)")
    conform.set_defaults(func=cmd_conform)
    adapter = sub.add_parser("adapter", help="serve the reference engine over the conformance "
                                             "protocol (JSON Lines on stdin/stdout)")
    adapter.set_defaults(func=cmd_adapter)
    vectors = sub.add_parser("vectors", help="regenerate the conformance suite")
    vectors.add_argument("--refresh", action="store_true",
                         help="take the witnesses afresh from build/verify-report.json if "
                              "current, else verify first (default: the stored witnesses)")
    vectors.add_argument("--report", default=None,
                         help="take the witnesses afresh from this verify report")
    vectors.add_argument("--game", default=None, metavar="GAME",
                         help="the suite of this game's family (a game id or a family: kout, "
                              "baloot; default: every family's)")
    vectors.add_argument("--out", default=None,
                         help="suite directory (default: the shipped one; needs --game)")
    vectors.add_argument("--check", action="store_true",
                         help="only check that the suite is current; exit 1 if stale")
    vectors.add_argument("--json", action="store_true",
                         help="also print each suite's counts (and stale files) as JSON")
    vectors.set_defaults(func=cmd_vectors)
