"""The installed product works: the wheel builds without a warning and carries every file of
every family, and in a fresh venv, from a folder outside the checkout, every command runs on
both families (the rulebook's HTML for one part: its build is the longest command, and every
family's pages are checked to ship)."""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from conftest import shared_directory
from helpers import readme_blocks
from installed import Installed, missing_from_wheel, shared_install, source_files, user_environment

from trickrules.proofs.verify.report import Verification

pytestmark = pytest.mark.long


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Installed:
    return shared_install(shared_directory(tmp_path_factory, worker_id))


def test_the_wheel_builds_without_a_warning(installed: Installed) -> None:
    log = (installed.wheel.parent.parent / "build.log").read_text(encoding="utf-8")
    warnings = [line for line in log.splitlines() if "warning" in line.lower()]
    assert warnings == []


def test_the_wheel_carries_every_file_of_every_family(installed: Installed) -> None:
    expected = source_files()
    assert {"trickrules/proofs/baloot/kit.py", "trickrules/proofs/kout/kit.py",
            "trickrules/rulebook/sphinx/conf.py", "trickrules/spec/baloot/rulings.toml",
            "trickrules/engine/baloot/__init__.py"} <= set(expected)
    assert missing_from_wheel(installed.wheel, expected) == []
    with zipfile.ZipFile(installed.wheel) as archive:
        names = archive.namelist()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        text = archive.read(metadata).decode()
    # one installed import name: the rule data, engine and proofs live inside trickrules/
    assert {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")} \
        == {"trickrules"}
    assert "License-Expression: MIT" in text
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_a_wheel_without_a_family_is_caught(installed: Installed, tmp_path: Path) -> None:
    """The check above is not vacuous: the same wheel with Baloot's proof kit left out (as the
    wheel once shipped) fails it, naming the missing files."""
    stripped = tmp_path / installed.wheel.name
    with zipfile.ZipFile(installed.wheel) as source, zipfile.ZipFile(stripped, "w") as out:
        for item in source.infolist():
            if not item.filename.startswith("trickrules/proofs/baloot/"):
                out.writestr(item, source.read(item))
    missing = missing_from_wheel(stripped, source_files())
    assert "trickrules/proofs/baloot/kit.py" in missing
    assert all(name.startswith("trickrules/proofs/baloot/") for name in missing)


def _run(installed: Installed, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), cwd=cwd, capture_output=True, text=True, check=False,
                          timeout=600, env=user_environment(installed, cwd / "cache"))


def test_every_command_runs_from_the_installed_wheel(installed: Installed,
                                                     verification: Verification,
                                                     tmp_path_factory: pytest.TempPathFactory,
                                                     worker_id: str) -> None:
    """Each command once per family (the rulebook for Kout's part, the smaller), as a user
    runs it: outside the checkout, the installed console script on PATH. Kout 4's theorems
    are solved afresh; Baloot's verify and the rulebook take their results from the run's
    shared verify cache (the installed code has the same digest as the checkout's, so every result
    is found: their solving is tested in the tree)."""
    user = tmp_path_factory.mktemp("user")
    site = installed.site_packages
    kout_example = site / "trickrules" / "spec" / "kout" / "examples" / "kout6-last-trick-made.json"
    baloot_example = site / "trickrules" / "spec" / "baloot" / "examples" / "sun-last-trick.json"
    cache = shared_directory(tmp_path_factory, worker_id) / "verify-cache"
    commands: list[tuple[str, ...]] = [
        ("trickrules", "--version"),
        ("python", "-m", "trickrules", "games", "--json"),
        ("trickrules", "play", "--game", "kout6", "--seed", "1", "--json"),
        ("trickrules", "play", "--game", "baloot", "--seed", "1", "--json"),
        ("trickrules", "perft", "--game", "kout4", "--seed", "3", "--depth", "4"),
        ("trickrules", "perft", "--game", "baloot", "--seed", "1", "--depth", "4",
         "--contract", "hokom", "--trump", "H"),
        ("trickrules", "odds", "--game", "baloot", "--json"),
        ("trickrules", "verify", "--game", "kout4", "--profile", "kout4-default",
         "--no-sources"),
        ("trickrules", "verify", "--game", "baloot", "--profile", "baloot-default",
         "--no-sources", "--cache-dir", str(cache)),
        ("trickrules", "judge", str(kout_example), "--json"),
        ("trickrules", "judge", str(baloot_example), "--json"),
        # the installed suite and schemas, over two question types (the README's commands
        # run Baloot's whole suite from the wheel, and the tree runs both against the reference)
        ("trickrules", "conform", "--engine", "trickrules adapter", "--game", "kout4",
         "--only", "legal-plays,hand-score"),
        ("trickrules", "rulebook", "--no-pdf", "--game", "kout", "--out", "book",
         "--cache-dir", str(cache)),
    ]
    failed = []
    outputs = {}
    for command in commands:
        done = _run(installed, user, *command)
        outputs[command] = done.stdout
        if done.returncode != 0:
            failed.append(f"{' '.join(command)} -> exit {done.returncode}: "
                          f"{(done.stderr or done.stdout)[-1500:]}")
    assert failed == []
    games = json.loads(outputs[commands[1]])["games"]
    assert [g["game"] for g in games] == ["kout6", "kout4", "baloot"]
    assert outputs[commands[11]].startswith("PASS")
    for page in ("index.html", "kout/index.html", "questions.html"):
        assert (user / "book" / "html" / page).is_file(), page
    assert "from the cache" in outputs[commands[-1]] or "cached" in outputs[commands[-1]]
    shutil.rmtree(user / "book")


def test_serve_runs_from_the_installed_wheel(installed: Installed,
                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    """The web page, its stylesheet and script (package data) and the API, from the installed
    console script outside the checkout; the server stopped with its process group."""
    import os
    import select
    import signal
    import time
    import urllib.request

    user = tmp_path_factory.mktemp("serve-user")
    question = json.dumps({"contract": "sun", "declarer_team": 0, "multiplier": 1,
                           "gahwa": False, "card_points": [66, 64],
                           "projects": {"team": None, "points": 0}, "baloot": [0, 0]})
    process = subprocess.Popen(["trickrules", "serve", "--port", "0"], cwd=user,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=user_environment(installed, user / "cache"),
                               start_new_session=True)
    try:
        assert process.stdout is not None
        assert select.select([process.stdout], [], [], 30)[0], "no address printed"
        url = process.stdout.readline().split()[2].rstrip("/")
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + "/", timeout=5) as page:
                    assert "Ask for a ruling" in page.read().decode()
                    break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.05)
        for asset in ("/static/serve.css", "/static/serve.js", "/ask/baloot/hand-score"):
            with urllib.request.urlopen(url + asset, timeout=10) as got:
                assert got.status == 200 and got.read(), asset
        ask = urllib.request.Request(url + "/api/baloot/hand-score", data=question.encode(),
                                     headers={"content-type": "application/json"})
        with urllib.request.urlopen(ask, timeout=30) as got:
            assert json.loads(got.read())["answer"]["made"] is True
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)


DOCTEST = ("import doctest, sys\n"
           "text = open(sys.argv[1], encoding='utf-8').read()\n"
           "test = doctest.DocTestParser().get_doctest(text, {}, 'README', sys.argv[1], 0)\n"
           "runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)\n"
           "runner.run(test)\n"
           "sys.exit(1 if runner.failures or not test.examples else 0)\n")
"""Runs one README block's examples as a reader types them, in the installed Python."""


def readme_commands() -> list[str]:
    """The README's commands a user of the wheel types as written: each ``trickrules`` line of
    its ``sh`` blocks, its comment cut off. Left out: a line naming a placeholder engine
    (``COMMAND``), and ``serve``, which runs until stopped (its own test starts it from the
    wheel)."""
    lines = [line for block in readme_blocks("sh") for line in block.splitlines()]
    commands = [line.split("  #", 1)[0].strip() for line in lines
                if line.startswith("trickrules ")]
    return [c for c in commands if "COMMAND" not in c and not c.startswith("trickrules serve")]


def test_every_readme_command_runs_from_the_installed_wheel(
        installed: Installed, tmp_path_factory: pytest.TempPathFactory) -> None:
    """In a folder outside the checkout, after ``trickrules examples --write .`` (as the
    README says), each of the README's commands and Python examples runs as written."""
    user = tmp_path_factory.mktemp("readme-user")
    commands, blocks = readme_commands(), readme_blocks("python")
    assert len(commands) >= 4 and len(blocks) >= 2
    failed = []
    for command in ["trickrules examples --write .", *commands]:
        done = subprocess.run(command, shell=True, cwd=user, capture_output=True, text=True,
                              check=False, timeout=600,
                              env=user_environment(installed, user / "cache"))
        if done.returncode != 0:
            failed.append(f"{command} -> exit {done.returncode}: "
                          f"{(done.stderr or done.stdout)[-800:]}")
    for number, block in enumerate(blocks):
        script = user / f"block-{number}.txt"
        script.write_text(block, encoding="utf-8")
        done = _run(installed, user, "python", "-c", DOCTEST, str(script))
        if done.returncode != 0:
            failed.append(f"README Python block {number}: {done.stdout[-1500:]}")
    assert failed == []
