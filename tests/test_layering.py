"""The layering is a contract: the import-linter contracts hold, no module takes part in an
import cycle, and the command line starts without loading the heavy libraries."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("z3", "networkx", "rich", "jsonschema")


def test_import_contracts_hold() -> None:
    done = subprocess.run([str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "BROKEN" not in done.stdout and "7 kept, 0 broken" in done.stdout


def cycles_in(imports: list[tuple[str, str]]) -> list[list[str]]:
    """The groups of modules that import each other in a circle (a package importing its own
    modules, or a module its package, is not a cycle between modules)."""
    digraph = nx.DiGraph((a, b) for a, b in imports
                         if not (b.startswith(a + ".") or a.startswith(b + ".")))
    return sorted(sorted(c) for c in nx.strongly_connected_components(digraph) if len(c) > 1)


def _imports() -> list[tuple[str, str]]:
    # imports made only for type checking count too: a circle of types is still a circle
    graph = grimp.build_graph("trickrules",
                              exclude_type_checking_imports=False, cache_dir=None)
    return [(module, imported) for module in graph.modules
            for imported in graph.find_modules_directly_imported_by(module)]


def test_no_module_is_in_an_import_cycle() -> None:
    imports = _imports()
    assert len(imports) > 300  # the graph was really read
    assert cycles_in(imports) == []


def test_the_check_sees_a_cycle_but_not_a_package_importing_its_modules() -> None:
    """The cycle check is not vacuous: the state/codec cycle the layout removed is found."""
    state, codec = "trickrules.engine.kout.state", "trickrules.engine.kout.codec"
    assert cycles_in([*_imports(), (state, codec), (codec, state)]) == [[codec, state]]
    package, game = "trickrules.engine.kout", "trickrules.engine.kout.game"
    assert cycles_in([(package, game), (game, package)]) == []


def test_building_the_parser_loads_no_heavy_library() -> None:
    code = ("import sys, json; from trickrules.cli.main import build_parser; build_parser(); "
            f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert json.loads(done.stdout) == []


def test_help_loads_no_heavy_library() -> None:
    """``trickrules --help``, run as a user runs it, loads none of the heavy libraries (its
    time, against the 0.2 s budget, is measured by ``make bench``)."""
    code = ("import runpy, sys, json\n"
            "sys.argv = ['trickrules', '--help']\n"
            "try:\n"
            "    runpy.run_module('trickrules', run_name='__main__')\n"
            "except SystemExit:\n"
            "    pass\n"
            f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert "usage: trickrules" in done.stdout
    assert json.loads(done.stdout.splitlines()[-1]) == []


APPLICATIONS_WITHOUT_THE_SOLVER = (
    "trickrules.kit.session", "trickrules.kit.runner", "trickrules.kit.house_table",
    "trickrules.kit.reference_adapter", "trickrules.rulings.judge", "trickrules.rulings.input",
    "trickrules.rulings.question", "trickrules.serve.app")
"""The conformance runner, the judge and the server load Z3 only when a question needs the
model (a family's proof kit), never on import."""


def test_the_kit_the_judge_and_the_server_import_no_solver() -> None:
    code = ("import importlib, sys, json\n"
            f"for name in {APPLICATIONS_WITHOUT_THE_SOLVER!r}:\n"
            "    importlib.import_module(name)\n"
            "print(json.dumps('z3' in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert json.loads(done.stdout) is False


TOP_LEVEL_IMPORT = re.compile(
    r"^[ \t]*(?:from|import)[ \t]+((?:spec|engine|proofs)(?:\.[\w.]+)?)(?=[ \t,]|$)", re.M)
"""An import of the rule data, engine or proofs by a top-level name (``import spec.cards``):
only ``trickrules.spec`` and the others are installed."""


def top_level_imports(folders: tuple[str, ...]) -> list[str]:
    """Each ``file:line`` under ``folders`` (links not followed) that imports by a top-level
    name; in the checkout such an import would load a second copy of the module."""
    found = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for match in TOP_LEVEL_IMPORT.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(ROOT)}:{line}")
    return found


def test_the_layers_are_imported_under_the_one_installed_name() -> None:
    folders = ("spec", "engine", "proofs", "trickrules", "tests", "benchmarks", "docs")
    assert top_level_imports(folders) == []
    assert len(list((ROOT / "engine").rglob("*.py"))) > 30  # the tree was really read
    sample = "from spec.cards import Card\nimport engine.kout.game\nimport proofs\n"
    assert [m.group(1) for m in TOP_LEVEL_IMPORT.finditer(sample)] == [
        "spec.cards", "engine.kout.game", "proofs"]
