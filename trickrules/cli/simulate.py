"""``trickrules simulate``: how often a dispute matters in play. The same seeded games, played
by the same players, under both readings; per outcome kind how often they differ, with 95%
intervals, and the first divergences as situations ``trickrules judge`` replays.

Dask, pyarrow and the engine are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from trickrules.spec.registry import game_ids

OUTCOME_TITLES = (("hand_score", "hand's score", "hands"), ("made", "made/failed", "hands"),
                  ("winner", "game's winner", "games"), ("play", "any card or call", "games"))
"""Each outcome kind: its key, its title, and what its rate is out of."""


def _players(text: str) -> tuple[str, str]:
    """``rules`` (both teams) or ``rules,random`` (team 0, team 1)."""
    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names *= 2
    if len(names) != 2 or not all(names):
        raise ValueError(f"--players {text!r}: one player for both teams, or two separated "
                         "by a comma (team 0, team 1)")
    return names[0], names[1]


def _studies(args: argparse.Namespace) -> tuple[list[Any], list[dict[str, str]]]:
    """The studies asked for, and (for ``--dispute all``) the disputes left out because the
    engine plays one of their readings in no profile, each with the engine's reason."""
    from trickrules.engine.errors import ProfileError
    from trickrules.simulate.study import game_disputes, make_study, parse_dispute

    players = _players(args.players)
    if args.dispute != "all":
        game = parse_dispute(args.dispute)[0]
        if args.game is not None and args.game != game:
            raise ValueError(f"--dispute {args.dispute}: a dispute of {game}, not of "
                             f"--game {args.game}")
        return [make_study(args.dispute, args.games, seed=args.seed, chunk=args.chunk,
                           players=players)], []
    studies, skipped = [], []
    every = [d for g in ([args.game] if args.game else game_ids()) for d in game_disputes(g)]
    for dispute in every:
        try:
            studies.append(make_study(dispute, args.games, seed=args.seed, chunk=args.chunk,
                                      players=players))
        except ProfileError as exc:
            skipped.append({"dispute": dispute, "reason": str(exc)})
    return studies, skipped


def cmd_simulate(args: argparse.Namespace) -> int:
    """Run the study (or every dispute's) and print its figures."""
    from trickrules.cli.render.console import output_console
    from trickrules.cli.render.progress import progress
    from trickrules.simulate.run import run_studies
    from trickrules.simulate.store import ChunkStore

    _check_installed()
    cores = os.cpu_count() or 1
    if args.workers is not None and not 1 <= args.workers <= 4 * cores:
        raise ValueError(f"--workers {args.workers}: from 1 to {4 * cores} (four per core of "
                         "this machine); a larger cluster is a --scheduler")
    studies, skipped = _studies(args)
    _check_outputs(args)
    store = ChunkStore(Path(args.store))
    total = sum(s.chunk_count for s in studies)
    with progress(output_console(stderr=True), total, quiet=args.quiet) as on_chunk:
        summaries = run_studies(studies, store, scheduler=args.scheduler,
                                workers=args.workers, on_chunk=on_chunk)
    for path, why in store.refused:
        print(f"trickrules simulate: stored chunk {path}: {why}; played again",
              file=sys.stderr)
    if args.examples:
        _write_examples(Path(args.examples), summaries)
    result = {"studies": summaries, "not_playable": skipped, "store": str(store.root)}
    if args.out:
        from trickrules.proofs.verify.cache import write_atomically

        write_atomically(Path(args.out), (json.dumps(result, indent=2) + "\n").encode())
    if args.publish:
        from trickrules.simulate.store import write_results

        write_results(Path(args.publish), result, _command(args))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        from trickrules.cli.render.console import literal

        console = output_console()
        _print(console, summaries, args.examples)
        for row in skipped:
            console.print(f"not played: {literal(row['dispute'])}: {literal(row['reason'])}")
    return 0


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse, before anything is played, an output that cannot be written (a directory for
    a file, a socket, a folder without permission); a device or a FIFO is written as the
    shell's ``>`` writes it."""
    from trickrules.cli.verify import check_writable
    from trickrules.proofs.verify.cache import check_writable_folder

    for option, value in (("--out", args.out), ("--publish", args.publish)):
        if value:
            check_writable(Path(value), option)
    if args.examples:
        check_writable_folder(Path(args.examples), "--examples")


def _command(args: argparse.Namespace) -> str:
    """The command line that plays this study again (where its chunks are kept aside)."""
    words = ["trickrules simulate", "--dispute", args.dispute]
    if args.game:
        words += ["--game", args.game]
    words += ["--games", str(args.games), "--seed", str(args.seed), "--chunk", str(args.chunk),
              "--players", args.players]
    return " ".join(words)


def _check_installed() -> None:
    """Dask and pyarrow come with the ``simulate`` extra: without them, say what to install."""
    import importlib.util

    missing = [m for m in ("distributed", "pyarrow") if importlib.util.find_spec(m) is None]
    if missing:
        raise ValueError(f"trickrules simulate needs {' and '.join(missing)}: pip install "
                         "'trickrules[simulate]'")


def _example_name(dispute: str, n: int) -> str:
    """The file name of a dispute's ``n``-th divergence."""
    return dispute.replace("/", "__") + f"-{n + 1}.json"


def _write_examples(folder: Path, summaries: list[dict[str, Any]]) -> None:
    """Each first divergence as a situation file for ``trickrules judge``."""
    from trickrules.proofs.verify.cache import write_atomically

    folder.mkdir(parents=True, exist_ok=True)
    for summary in summaries:
        for n, example in enumerate(summary["examples"]):
            path = folder / _example_name(summary["dispute"], n)
            write_atomically(path, (json.dumps(example["situation"], indent=2) + "\n").encode())


def _print(console: Any, summaries: list[dict[str, Any]], examples: str | None) -> None:
    """The figures as a table, the players and seeds, then the divergences."""
    from rich.table import Table

    from trickrules.cli.render.console import literal

    table = Table(title="How often each reading changes the outcome (95% intervals)")
    table.add_column("dispute", overflow="fold")
    for _, title, _ in OUTCOME_TITLES:
        table.add_column(title, justify="right")
    table.add_column("games", justify="right")
    table.add_column("hands", justify="right")
    for s in summaries:
        cells = [_rate(s["outcomes"][key]) for key, _, _ in OUTCOME_TITLES]
        table.add_row(literal(s["dispute"]), *cells, f"{s['games']:,}", f"{s['hands']:,}")
    console.print(table)
    if not summaries:
        return
    first = summaries[0]
    console.print(f"players: team 0 {first['players']['team 0']}, team 1 "
                  f"{first['players']['team 1']}; seeds {first['seeds']['first']}.."
                  f"{first['seeds']['last']}; each game played under both readings "
                  "(hands compared while the games are in step)")
    for s in summaries:
        for n, ex in enumerate(s["examples"]):
            where = f" -> {Path(examples) / _example_name(s['dispute'], n)}" if examples else ""
            second = ex["second"] or "(game over)"
            console.print(f"  {literal(s['dispute'])}: seed {ex['seed']}, hand {ex['hand']}, "
                          f"action {ex['action']}: {literal(ex['first'])} under "
                          f"{literal(s['readings'][0])}, {literal(second)} under "
                          f"{literal(s['readings'][1])}{where}")


def _rate(r: dict[str, Any]) -> str:
    """A rate and its 95% interval, in percent."""
    return f"{r['rate']:.1%} ({r['low']:.1%}-{r['high']:.1%})"


def add_commands(sub: Any) -> None:
    """Register ``simulate``."""
    p = sub.add_parser("simulate", help="how often a dispute changes hands and games in play",
                       description="Play the same seeded games with the same players under "
                       "both readings of a dispute and count how often the hand's score, its "
                       "made/failed and the game's winner differ. Runs on Dask: a local "
                       "cluster of this machine's cores, or --scheduler ADDRESS. Chunks are "
                       "stored in --store as they finish, so a study run again resumes.")
    p.add_argument("--dispute", required=True,
                   help="a dispute id (<game>/<parameter>/<a>-vs-<b>), or 'all': every dispute "
                        "of --game, or of every game")
    p.add_argument("--game", choices=game_ids(), default=None,
                   help="with --dispute all: only this game's disputes")
    p.add_argument("--games", type=int, default=1000, help="games per dispute (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--chunk", type=int, default=250, help="games per chunk (default 250)")
    p.add_argument("--players", default="rules",
                   help="'rules' or 'random' for both teams, or two separated by a comma "
                        "(team 0, team 1); default rules")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS",
                   help="a Dask scheduler (tcp://host:8786); default: a local cluster")
    p.add_argument("--workers", type=int, default=None,
                   help="local cluster workers (default: one per core)")
    p.add_argument("--store", default="build/simulate",
                   help="folder of stored chunks, Parquet (default build/simulate)")
    p.add_argument("--examples", default=None, metavar="DIR",
                   help="write each first divergence as a situation file for judge")
    p.add_argument("--out", default=None, metavar="FILE", help="also write the JSON here")
    p.add_argument("--publish", default=None, metavar="FILE",
                   help="also write the figures as the rulebook reads them "
                        "(trickrules/simulate/results.json)")
    p.add_argument("--quiet", action="store_true", help="no progress display")
    p.add_argument("--json", action="store_true", help="print JSON instead of tables")
    p.set_defaults(func=cmd_simulate)
