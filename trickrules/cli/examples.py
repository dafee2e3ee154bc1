"""``trickrules examples``: the example situations, questions and adapters the README, the
guide and ``/api/docs`` use, shipped in the package, so their commands run from any folder.

``--list`` names them; ``NAME`` prints one (a name as listed, its file name alone, or the
README's path ``docs/examples/...``); ``--write DIR`` writes them all under
``DIR/docs/examples/``, where the README's commands find them as written.
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

PREFIX = "docs/examples/"
"""Where the README's commands find the examples (in a checkout, or after ``--write .``)."""
KINDS = (".json", ".py")


def _folder() -> Traversable:
    """The shipped examples: the rulebook's sources carry them (``docs/examples``)."""
    return resources.files("trickrules.rulebook.sphinx").joinpath("examples")


def shipped_examples() -> dict[str, Traversable]:
    """Every shipped example by its name (its path under ``docs/examples/``), sorted."""
    found: dict[str, Traversable] = {}

    def walk(folder: Traversable, prefix: str) -> None:
        for entry in folder.iterdir():
            if entry.is_dir() and not entry.name.startswith(("_", ".")):
                walk(entry, f"{prefix}{entry.name}/")
            elif entry.name.endswith(KINDS):
                found[prefix + entry.name] = entry

    walk(_folder(), "")
    return dict(sorted(found.items()))


def find_example(name: str) -> tuple[str, Traversable]:
    """The example called ``name`` (as listed, by file name alone, or as the README's
    ``docs/examples/...`` path); an unknown name is refused listing the known ones."""
    examples = shipped_examples()
    wanted = name.removeprefix("./").removeprefix(PREFIX)
    if wanted in examples:
        return wanted, examples[wanted]
    by_file = [key for key in examples if key.rsplit("/", 1)[-1] == wanted]
    if len(by_file) == 1:
        return by_file[0], examples[by_file[0]]
    raise ValueError(f"examples: no example {name!r}; the examples are "
                     f"{', '.join(examples)} (`trickrules examples --list`)")


def write_examples(folder: Path) -> list[Path]:
    """Every example written under ``folder/docs/examples/`` (each file whole or not at
    all); the paths written."""
    from trickrules.proofs.verify.cache import write_atomically

    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--write: {folder} is not a folder")
    written = []
    for name, entry in shipped_examples().items():
        target = folder / PREFIX / name
        if target.exists() and not target.is_file():
            raise ValueError(f"--write: {target} exists and is not a file")
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, entry.read_bytes())
        written.append(target)
    return written


def cmd_examples(args: argparse.Namespace) -> int:
    """List, print or write the shipped examples."""
    if args.write is not None:
        for path in write_examples(Path(args.write)):
            print(path)
        return 0
    if args.name is None or args.list:
        for name in shipped_examples():
            print(f"{PREFIX}{name}")
        return 0
    _, entry = find_example(args.name)
    sys.stdout.write(entry.read_text(encoding="utf-8"))
    return 0


def add_commands(sub: Any) -> None:
    """Register ``examples``."""
    parser = sub.add_parser("examples", help="the example situations, questions and adapters "
                            "the README and the API's page use: list, print or write them")
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--list", action="store_true", help="name every example (the default)")
    choice.add_argument("name", metavar="NAME", nargs="?", default=None,
                        help="print this example (as listed, or its file name alone)")
    choice.add_argument("--write", metavar="DIR", default=None,
                        help="write every example under DIR/docs/examples/ (so the README's "
                        "commands run as written in DIR)")
    parser.set_defaults(func=cmd_examples)
