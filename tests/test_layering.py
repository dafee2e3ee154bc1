"""The layering is a contract: the import-linter contracts hold, no module takes part in an
import cycle, and the command line starts without loading the heavy libraries."""

from __future__ import annotations

import json
import subprocess
import sys
import time
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
    graph = grimp.build_graph("spec", "engine", "proofs", exclude_type_checking_imports=True)
    return [(module, imported) for module in graph.modules
            for imported in graph.find_modules_directly_imported_by(module)]


def test_no_module_is_in_an_import_cycle() -> None:
    imports = _imports()
    assert len(imports) > 300  # the graph was really read
    assert cycles_in(imports) == []


def test_the_check_sees_a_cycle_but_not_a_package_importing_its_modules() -> None:
    """The cycle check is not vacuous: the state/codec cycle the layout removed is found."""
    cycle = [("engine.kout.state", "engine.kout.codec"), ("engine.kout.codec", "engine.kout.state")]
    assert cycles_in([*_imports(), *cycle]) == [["engine.kout.codec", "engine.kout.state"]]
    assert cycles_in([("engine.kout", "engine.kout.game"), ("engine.kout.game", "engine.kout")]) \
        == []


def test_building_the_parser_loads_no_heavy_library() -> None:
    code = ("import sys, json; from proofs.cli.main import build_parser; build_parser(); "
            f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert json.loads(done.stdout) == []


def test_help_is_fast() -> None:
    """``trickrules --help`` in well under the 0.2 s budget (best of three, on a busy
    machine the bound is doubled)."""
    best = min(_time_help() for _ in range(3))
    assert best < 0.4, f"trickrules --help took {best:.2f} s"


def _time_help() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "proofs.cli", "--help"], capture_output=True,
                   check=True, cwd=ROOT)
    return time.perf_counter() - start


def families_missing_from_contracts(contracts: list[dict[str, object]]) -> list[str]:
    """Each contract that names a family's package (``proofs.kout``, ``engine.baloot``, ...)
    must name the same package of every registered family; the gaps, as readable lines."""
    from spec.registry import FAMILIES

    gaps = []
    for contract in contracts:
        names = {str(m) for key in ("source_modules", "forbidden_modules", "layers",
                                    "ancestors", "modules")
                 for m in contract.get(key, []) or []}  # type: ignore[attr-defined]
        layers = {name.rsplit(".", 1)[0] for name in names
                  if "." in name and name.rsplit(".", 1)[1] in FAMILIES}
        for layer in sorted(layers):
            for family in FAMILIES:
                if f"{layer}.{family}" not in names:
                    gaps.append(f"{contract['name']}: lacks {layer}.{family}")
    return gaps


def _contracts() -> list[dict[str, object]]:
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as handle:
        found: list[dict[str, object]] = tomllib.load(handle)["tool"]["importlinter"]["contracts"]
    return found


def test_every_import_contract_covers_every_registered_family() -> None:
    contracts = _contracts()
    assert sum("proofs.kout" in str(c) for c in contracts) >= 3  # the contracts were read
    assert families_missing_from_contracts(contracts) == []


def test_a_contract_that_forgets_a_family_is_caught() -> None:
    contracts = _contracts()
    shared = next(c for c in contracts if "through its proof kit" in str(c["name"]))
    forgetful = {**shared, "forbidden_modules": [m for m in shared["forbidden_modules"]  # type: ignore[attr-defined]
                                                 if not str(m).endswith(".baloot")]}
    assert families_missing_from_contracts([forgetful]) == [
        f"{shared['name']}: lacks engine.baloot", f"{shared['name']}: lacks proofs.baloot"]


def family_names_in_shared_code(root: Path = ROOT) -> list[str]:
    """Where shared code (outside each family's packages and the registry) names a family,
    or builds a module name to import: each found as ``path:line: what``."""
    import ast

    from spec.registry import FAMILIES

    found = []
    for layer in ("spec", "engine", "proofs", "trickrules"):
        for path in sorted((root / layer).rglob("*.py")):
            relative = path.relative_to(root)
            if (len(relative.parts) > 2 and relative.parts[1] in FAMILIES) or \
                    relative.as_posix() == "spec/registry.py" or "sphinx" in relative.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and node.value in FAMILIES:
                    found.append(f"{relative}:{node.lineno}: names {node.value!r}")
                if (isinstance(node, ast.Call) and getattr(node.func, "attr", "") in (
                        "import_module", "find_spec") and node.args
                        and isinstance(node.args[0], (ast.JoinedStr, ast.BinOp))):
                    found.append(f"{relative}:{node.lineno}: imports a built module name")
    return found


def test_shared_code_reaches_a_family_only_through_its_record() -> None:
    assert family_names_in_shared_code() == []


def test_a_family_named_in_shared_code_is_caught(tmp_path: Path) -> None:
    for layer in ("spec", "engine", "proofs", "trickrules"):
        (tmp_path / layer).mkdir()
    (tmp_path / "proofs" / "shared.py").write_text(
        'import importlib\nif family == "baloot":\n'
        '    importlib.import_module(f"proofs.{family}.kit")\n', encoding="utf-8")
    assert family_names_in_shared_code(tmp_path) == [
        "proofs/shared.py:2: names 'baloot'", "proofs/shared.py:3: imports a built module name"]
