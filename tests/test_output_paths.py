"""Every output is written as the shell's ``>`` writes it: a regular file (or a symbolic link
to one) replaced whole, a device or a FIFO written in place and never replaced, a directory,
a socket or a FIFO no process reads refused by name, and nothing else left behind."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from trickrules.proofs.verify.cache import write_atomically


def character_device(folder: Path, name: str, minor: int) -> Path:
    """A character device of the memory driver (3: null, 7: full) in ``folder``: made there
    when the tests run as root, else the system's own (which a user cannot replace)."""
    if os.geteuid() == 0:
        path = folder / name
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, minor))
        return path
    return Path("/dev") / name


def test_a_regular_file_and_a_link_are_replaced_whole(tmp_path: Path) -> None:
    target = tmp_path / "report.json"
    target.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomically(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "report.json"]


def test_a_device_is_written_in_place_never_replaced(tmp_path: Path) -> None:
    null = character_device(tmp_path, "null", 3)
    write_atomically(null, b"report")
    assert stat.S_ISCHR(null.stat().st_mode)
    full = character_device(tmp_path, "full", 7)
    with pytest.raises(OSError, match="No space left") as refused:
        write_atomically(full, b"report")
    assert refused.value.filename == str(full) and stat.S_ISCHR(full.stat().st_mode)


def test_a_fifo_is_written_to_its_reader_or_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="no process reads"):
        write_atomically(fifo, b"report")
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    for _ in range(6000):  # until the reader has opened its end (a minute at most)
        try:
            write_atomically(fifo, b"report")
            break
        except OSError:
            time.sleep(0.01)
    reader.join(timeout=60)
    assert got == [b"report"] and stat.S_ISFIFO(fifo.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["fifo"]


def test_a_directory_and_a_socket_are_refused_by_name(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    with pytest.raises(IsADirectoryError, match="is a directory"):
        write_atomically(folder, b"report")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "sock"))
        with pytest.raises(OSError, match="is a socket"):
            write_atomically(tmp_path / "sock", b"report")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "sock"]


def test_a_report_to_a_full_device_is_an_error_naming_it(tmp_path: Path) -> None:
    """The whole command, as a user runs it: exit 2, the path named, the device still one."""
    full = character_device(tmp_path, "full", 7)
    done = subprocess.run([sys.executable, "-m", "trickrules", "verify", "--game", "kout4",
                           "--profile", "kout4-default", "--no-sources", "--report", str(full)],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"cannot write or read {full}: No space left on device" in done.stderr
    assert stat.S_ISCHR(full.stat().st_mode)
