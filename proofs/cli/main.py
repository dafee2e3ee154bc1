"""The ``trickrules`` entry point: the argument parser of every command and the dispatch.

Each command lives in its own module of :mod:`proofs.cli` and registers its arguments here
without importing anything heavy; its work (and the libraries it needs) is imported only when
the command runs, so ``trickrules --help`` starts at once.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from proofs.cli import conform, disputes, games, odds, play, rulebook, verify


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="trickrules",
        description="Rules verifier for the Gulf trick-taking games Kout Bo (Kout 6, Kout 4) and "
        "Baloot.")
    parser.add_argument("--debug", action="store_true",
                        help="on an internal error, show the Python traceback")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games.add_commands(sub)
    play.add_commands(sub)
    odds.add_commands(sub)
    verify.add_commands(sub)
    disputes.add_commands(sub)
    rulebook.add_commands(sub)
    conform.add_commands(sub)
    parser.set_defaults(root_parser=parser)  # the rulebook documents the whole command line
    return parser


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that every ``finally`` runs (a conformance run
    kills its engine on the way out)."""


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``trickrules`` console command. Exit 0 when all is as expected, 1
    when a check fails or is refuted, 2 with a one-line message for a user's mistake (bad rule
    data, an illegal action, an unknown id), 3 with a one-line message for an internal error
    (its traceback only under ``--debug``), 130 on Ctrl-C, 143 on SIGTERM; never a traceback
    otherwise."""
    import signal

    from engine.errors import EngineError
    from spec.cards import CardParseError
    from spec.errors import SpecError

    parser = build_parser()
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, _terminate)
    try:
        code: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader of our output went away (``| head -1``): not an error of ours
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except (SpecError, EngineError, CardParseError, KeyError, ValueError) as exc:
        if args.debug:
            raise
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"trickrules: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("trickrules: interrupted", file=sys.stderr)
        return 130
    except Terminated:
        print("trickrules: terminated", file=sys.stderr)
        return 143
    except Exception as exc:  # a bug of ours: one line, the traceback only when asked
        if args.debug:
            raise
        print(f"trickrules: internal error: {type(exc).__name__}: {exc} (a bug in trickrules; "
              "`trickrules --debug ...` shows where)", file=sys.stderr)
        return 3
    return code


if __name__ == "__main__":
    sys.exit(main())
