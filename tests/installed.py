"""The product as a user gets it: a wheel built from a copy of the checkout and installed, not
editable, into a fresh virtual environment; commands run from a folder outside the checkout.

Built once per test run under a file lock in the run's shared folder, so every worker that
needs it uses the same wheel and venv."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_TREES = ("trickrules",)
"""The source trees whose every file the wheel must carry."""
SHIPPED_SUFFIXES = (".py", ".toml", ".json", ".jsonl", ".rst", ".css", ".js", ".yaml")
LINKED = {"trickrules/rulebook/sphinx": "docs", "trickrules/spec": "spec",
          "trickrules/engine": "engine", "trickrules/proofs": "proofs"}
"""Folders the wheel carries under another name (the rulebook's Sphinx sources)."""


@dataclass(frozen=True)
class Installed:
    """A wheel and the fresh venv it is installed in."""

    wheel: Path
    venv: Path

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    @property
    def site_packages(self) -> Path:
        found = sorted(self.venv.glob("lib/python3*/site-packages"))
        return found[0]


def source_files(root: Path = ROOT) -> list[str]:
    """Every file of the shipped trees as the wheel should name it (``docs/`` as the rulebook's
    Sphinx sources)."""
    out = []
    trees = [(tree, tree) for tree in SHIPPED_TREES] + [(source, inside) for inside, source
                                                         in LINKED.items()]
    for tree, inside in trees:
        for path in sorted((root / tree).rglob("*")):
            if (path.is_file() and path.suffix in SHIPPED_SUFFIXES
                    and "__pycache__" not in path.parts and not path.is_symlink()):
                out.append(f"{inside}/{path.relative_to(root / tree).as_posix()}")
    return sorted(set(out))


def missing_from_wheel(wheel: Path, expected: Iterable[str]) -> list[str]:
    """The files of ``expected`` the wheel lacks."""
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    return [name for name in expected if name not in names]


def _tracked_copy(destination: Path) -> None:
    """The checkout's files (those git tracks, when it is a git checkout) copied to
    ``destination``, so that building the wheel leaves nothing in the checkout."""
    if (ROOT / ".git").exists():
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                                 "--exclude-standard"], cwd=ROOT, capture_output=True,
                                check=True).stdout.decode().split("\0")
        for name in filter(None, listed):
            source, target = ROOT / name, destination / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_symlink():
                target.symlink_to(os.readlink(source))
            elif source.is_file():
                shutil.copy2(source, target)
        return
    shutil.copytree(ROOT, destination, symlinks=True, ignore=shutil.ignore_patterns(
        ".venv", "build", ".git", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"))


def build_wheel(work: Path) -> Path:
    """A wheel of the checkout, built from a copy (the setuptools of the test environment,
    no download); the build's own output is kept for the check that it prints no warning."""
    copy = work / "checkout"
    _tracked_copy(copy)
    dist = work / "dist"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                           "--no-build-isolation", "-w", str(dist), str(copy)],
                          capture_output=True, text=True, check=False)
    (work / "build.log").write_text(done.stdout + done.stderr, encoding="utf-8")
    if done.returncode != 0:
        raise AssertionError(f"the wheel did not build:\n{done.stderr[-3000:]}")
    return next(dist.glob("trickrules-*.whl"))


def install(work: Path, wheel: Path) -> Path:
    """A fresh venv (no system packages) with the wheel and its docs and ai extras installed
    (the README's examples use both), by the test environment's pip (``--python``),
    byte-compiled by its first commands as a user's would be."""
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                           "install", "--quiet", "--no-compile", "--disable-pip-version-check",
                           f"{wheel}[docs,ai]"], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise AssertionError(f"the wheel did not install:\n{done.stderr[-3000:]}")
    return venv


def shared_install(shared: Path) -> Installed:
    """The wheel and its venv, made once per test run in ``shared``."""
    work = shared / "installed"
    with FileLock(str(shared / "installed.lock")):
        done = work / "installed.json"
        if not done.exists():
            work.mkdir(parents=True, exist_ok=True)
            wheel = build_wheel(work)
            venv = install(work, wheel)
            done.write_text(json.dumps({"wheel": str(wheel), "venv": str(venv)}),
                            encoding="utf-8")
        data = json.loads(done.read_text(encoding="utf-8"))
    return Installed(Path(data["wheel"]), Path(data["venv"]))


def user_environment(installed: Installed, cache: Path) -> dict[str, str]:
    """The environment of a user of the installed product: its venv first on PATH, nothing of
    the checkout on the Python path, a cache of its own."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE")}
    env["PATH"] = f"{installed.bin}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(installed.venv)
    env["TRICKRULES_CACHE"] = str(cache)
    return env
