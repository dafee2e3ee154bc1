"""The ``trickrules`` entry point: the argument parser of every command and the dispatch.

Each command lives in its own module of :mod:`trickrules.cli` and registers its arguments here
without importing anything heavy; its work (and the libraries it needs) is imported only when
the command runs, so ``trickrules --help`` starts at once.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import signal
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

from trickrules.cli import (
    conform,
    disputes,
    examples,
    games,
    odds,
    play,
    rulebook,
    serve,
    simulate,
    verify,
)
from trickrules.spec.registry import FAMILIES, game_ids

EXIT_CODES = """exit codes:
  0    done; every check held
  1    a check failed: a theorem refuted or unknown, a witness not
       replayed, a conformance failure, a stale suite
  2    a mistake in the input: bad arguments, rule data, a situation or an
       action (the message names the file and line, or the field); or a file
       the machine refused (a full disk)
  3    an internal error of trickrules (its traceback with --debug)
  130  interrupted (Ctrl-C)
  141  the reader of the output went away (a closed pipe or output)
  143  terminated (SIGTERM); 129 hung up (SIGHUP, the terminal closed)

With --json, an error is also printed on standard output as
{"error": {"code": N, "kind": "usage" | "input" | "internal", "message": "..."}}."""
BROKEN_PIPE = 141
"""The exit code when the reader of our output goes away (128 + SIGPIPE, as shells report)."""


def _json_wanted(argv: Sequence[str]) -> bool:
    return "--json" in argv


def print_error(kind: str, code: int, message: str, as_json: bool) -> None:
    """A one-line error on standard error, and under ``--json`` the same as a JSON object on
    standard output."""
    print(f"trickrules: {'internal error' if kind == 'internal' else 'error'}: {message}",
          file=sys.stderr)
    if as_json:
        with contextlib.suppress(OSError):  # the output itself may be what failed
            print(json.dumps({"error": {"code": code, "kind": kind, "message": message}}))


class Parser(argparse.ArgumentParser):
    """argparse with its usage errors also as JSON when ``--json`` is on the command line."""

    def error(self, message: str) -> NoReturn:
        if _json_wanted(sys.argv[1:] if Parser.argv is None else Parser.argv):
            self.print_usage(sys.stderr)
            print(f"{self.prog}: error: {message}", file=sys.stderr)
            print(json.dumps({"error": {"code": 2, "kind": "usage",
                                        "message": f"{self.prog}: {message}"}}))
            raise SystemExit(2)
        super().error(message)

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None
                         ) -> tuple[argparse.Namespace, list[str]]:
        """Parse as argparse does, then refuse an empty text value (``--profile ''``), which
        would otherwise read as the option left out."""
        parsed, extras = super().parse_known_args(args, namespace)
        for action in self._actions:
            if action.type is None and action.nargs is None and action.default != "" and \
                    getattr(parsed, action.dest, None) == "":
                name = action.option_strings[0] if action.option_strings else action.dest
                self.error(f"{name}: must not be empty")
        return parsed, extras

    argv: Sequence[str] | None = None


def installed_version() -> str:
    """The installed distribution's version (``0+unknown`` in a checkout never installed)."""
    from importlib import metadata

    try:
        return metadata.version("trickrules")
    except metadata.PackageNotFoundError:
        return "0+unknown"


class _Version(argparse.Action):
    """``--version``: the installed version, read only when asked (``--help`` stays fast)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(f"trickrules {installed_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = Parser(
        prog="trickrules",
        description=textwrap.fill(
            "Rules verifier for the Gulf trick-taking games Kout Bo (Kout 6, Kout 4) and "
            f"Baloot. --game takes a game id ({', '.join(game_ids())}) everywhere; the "
            "commands that work per family (conform, vectors, rulebook) also take a family "
            f"({', '.join(FAMILIES)}).", 78),
        epilog=EXIT_CODES, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version)
    parser.add_argument("--debug", action="store_true",
                        help="on an internal error, show the Python traceback")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    games.add_commands(sub)
    play.add_commands(sub)
    odds.add_commands(sub)
    verify.add_commands(sub)
    disputes.add_commands(sub)
    examples.add_commands(sub)
    rulebook.add_commands(sub)
    conform.add_commands(sub)
    simulate.add_commands(sub)
    serve.add_commands(sub)
    parser.set_defaults(root_parser=parser)  # the rulebook documents the whole command line
    return parser


OUTPUT_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EBADF, errno.EFBIG)
"""What writing to a stream that cannot take more says."""


def _silence_stdout() -> None:
    """Point standard output at the null device, so that nothing more (the flush at exit
    included) fails on it."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that every ``finally`` runs (a conformance run
    kills its engine on the way out)."""


class HungUp(Terminated):
    """SIGHUP (the terminal closed), raised like SIGTERM so that every ``finally`` runs."""


def _terminate(signum: int, frame: object) -> None:
    kind = HungUp if signum == signal.SIGHUP else Terminated
    _note_signal(kind)
    raise kind


def _note_signal(kind: type[BaseException]) -> None:
    """Tell a running verify loop of the signal, which raises it again where it waits if it
    is swallowed here. A handler imports nothing: a signal that arrives while a module is
    being imported would import modules left half made (the loop's module is loaded when a
    loop runs)."""
    loop = sys.modules.get("trickrules.proofs.verify.run")
    if loop is not None:
        loop.note_signal(kind)


def _quiet_unraisable(unraisable: Any) -> None:
    """A signal's exception raised inside a finalizer is swallowed, and the verify loop
    raises it again (:func:`trickrules.proofs.verify.run.note_signal`): it is not printed."""
    if isinstance(unraisable.exc_value, (Terminated, KeyboardInterrupt)):
        return
    sys.__unraisablehook__(unraisable)


def _interrupt(signum: int, frame: object) -> None:
    _note_signal(KeyboardInterrupt)
    raise KeyboardInterrupt


def _open_streams() -> None:
    """A closed input reads as empty and closed errors vanish (a command started with
    ``<&-`` or ``2>&-`` still runs)."""
    for name, mode in (("stdin", "r"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))  # noqa: SIM115


def _install_signals() -> None:
    """SIGTERM, SIGHUP (unless under nohup) and Ctrl-C (unless ignored) end the command
    cleanly, as :func:`main` reports them; finalizers' noise is kept quiet."""
    signal.signal(signal.SIGTERM, _terminate)
    if signal.getsignal(signal.SIGHUP) is signal.SIG_DFL:
        signal.signal(signal.SIGHUP, _terminate)
    sys.unraisablehook = _quiet_unraisable
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``trickrules`` console command. Exit 0 when all is as expected, 1
    when a check fails or is refuted, 2 with a one-line message for a user's mistake (bad rule
    data, an illegal action, an unknown id), 3 with a one-line message for an internal error
    (its traceback only under ``--debug``), 130 on Ctrl-C, 141 when the reader of the output
    goes away, 143 on SIGTERM; never a traceback otherwise (:data:`EXIT_CODES`)."""
    from trickrules.spec.errors import SpecError

    Parser.argv = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # started with its output closed (``>&-``): nothing to say
        return BROKEN_PIPE
    _open_streams()
    try:
        parser = build_parser()  # reads each family's games.toml
    except SpecError as exc:
        print_error("input", 2, str(exc), _json_wanted(Parser.argv))
        return 2
    args = parser.parse_args(argv)
    _install_signals()
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    """Run the command ``args`` names; every way it can end is an exit status with at most
    one line of error (see :func:`main`)."""
    from trickrules.engine.errors import EngineError
    from trickrules.spec.cards import CardParseError
    from trickrules.spec.errors import SpecError

    as_json = bool(getattr(args, "json", False))
    try:
        code: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader of our output went away (``| head -1``): not an error of ours, and not
        # a failed check either
        _silence_stdout()
        return BROKEN_PIPE
    except (SpecError, EngineError, CardParseError, KeyError, ValueError) as exc:
        if args.debug:
            raise
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print_error("input", 2, str(message), as_json)
        return 2
    except OSError as exc:  # the machine refused a file: a full disk, a closed stream
        if args.debug:
            raise
        where = exc.filename or ("the output" if exc.errno in OUTPUT_ERRORS else "a file")
        _silence_stdout()
        print_error("input", 2, f"cannot write or read {where}: {exc.strerror or exc}",
                    False)
        return 2
    except KeyboardInterrupt:
        print("trickrules: interrupted", file=sys.stderr)
        return 130
    except HungUp:
        print("trickrules: hung up", file=sys.stderr)
        return 129
    except Terminated:
        print("trickrules: terminated", file=sys.stderr)
        return 143
    except Exception as exc:  # a bug of ours: one line, the traceback only when asked
        if args.debug:
            raise
        print_error("internal", 3, f"{type(exc).__name__}: {exc} (a bug in trickrules; "
                    "`trickrules --debug ...` shows where)", as_json)
        return 3
    return code


if __name__ == "__main__":
    sys.exit(main())
