"""The on-disk result cache of ``trickrules verify``.

Every result is stored under a key made of the digest of everything that can change it (the
rule data, the code of the spec loader, the engine and the proofs, the Z3 and Python versions)
and the job's own id. An entry is returned only when the key stored inside it matches exactly,
so a verdict is never reported from other inputs. Entries of older inputs are pruned.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import platform
import shutil
import stat
import tempfile
from collections.abc import Callable
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from trickrules.proofs.verify.codec import CodecError, dumps, loads
from trickrules.spec.registry import REGISTRY


def _folder(module: str) -> str:
    """A module's folder as the digest names it: relative to the package's parent
    (``trickrules.proofs.kout.conformance`` is ``proofs/kout/conformance/``)."""
    return module.removeprefix("trickrules.").replace(".", "/") + "/"


#: The packages whose files decide a result (the presentation layers, which read results and
#: do not make them, excluded: the conformance kit and each family's suite
#: builder; the applications in ``trickrules/`` are outside these packages).
INPUT_PACKAGES = ("trickrules.spec", "trickrules.engine", "trickrules.proofs")
NOT_INPUTS = ("proofs/conformance/",
              "proofs/verify/expected/", "engine/players.py", *(
    _folder(record.suite_builder.rsplit(".", 1)[0]) for record in REGISTRY), *(
    _folder(record.engine) + "players.py" for record in REGISTRY))
"""What no verdict depends on: readers of results, and the players of simulation studies."""
KEEP = 4
"""Input digests kept in the cache directory (the newest by use)."""
MAX_ENTRY = 64 << 20
"""The largest cache entry read, in bytes (a job's results take kilobytes)."""


def inputs_digest(excluded: tuple[str, ...] = NOT_INPUTS) -> str:
    """SHA-256 over the rule data and the code of the verifier, file by file in path order
    (the files under ``excluded`` left out)."""
    digest = hashlib.sha256()
    for package in INPUT_PACKAGES:
        root = Path(str(resources.files(package)))
        for path in sorted(root.rglob("*")):
            relative = path.relative_to(root.parent).as_posix()
            if (path.suffix not in (".py", ".toml", ".json") or "__pycache__" in relative
                    or relative.startswith(excluded)):
                continue
            digest.update(relative.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def environment_digest(inputs: str) -> str:
    """The inputs digest with the solver's and Python's versions: a new Z3 may answer
    differently, so its results are kept apart."""
    versions = f"{inputs}\0z3={metadata.version('z3-solver')}\0py={platform.python_version()}"
    return hashlib.sha256(versions.encode()).hexdigest()


def default_directory() -> Path:
    """``$TRICKRULES_CACHE`` if set, else ``$XDG_CACHE_HOME/trickrules`` (``~/.cache``)."""
    if os.environ.get("TRICKRULES_CACHE"):
        return Path(os.environ["TRICKRULES_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "trickrules"


def check_writable_folder(folder: Path, option: str) -> None:
    """Refuse (``ValueError`` naming ``option``) a folder that could not be written, without
    making it: the folder if it exists, else the nearest folder above it that does."""
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise ValueError(f"{option}: cannot write {folder}: {existing} is not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise ValueError(f"{option}: cannot write {folder}: permission denied")
    try:
        with tempfile.NamedTemporaryFile(dir=existing, prefix=".trickrules-", delete=True):
            pass
    except OSError as exc:
        raise ValueError(f"{option}: cannot write {folder}: {exc.strerror or exc}") from None


def _umask() -> int:
    """The process's file-creation mask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` as a shell's ``>`` does, so that a reader never sees half a
    file: a regular file (or a new one) through a temporary file beside it, then a rename; a
    symbolic link written through; a device or a FIFO opened and written in place, never
    replaced; a directory or a socket refused by name (``OSError``). The file keeps its mode,
    or a new one gets the usual mode (0666 less the umask)."""
    if path.is_symlink():
        path = path.resolve()
    try:
        found: os.stat_result | None = path.stat()
    except FileNotFoundError:
        found = None
    if found is not None and not stat.S_ISREG(found.st_mode):
        write_in_place(path, found.st_mode, data)
        return
    mode = stat.S_IMODE(found.st_mode) if found is not None else 0o666 & ~_umask()
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=".trickrules-", suffix=".tmp")
    try:
        os.fchmod(handle, mode)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_in_place(path: Path, mode: int, data: bytes) -> None:
    """Write ``data`` into an existing path that is not a regular file (``mode``: its
    ``st_mode``): a device or a FIFO with a reader is opened and written as it is; a
    directory, a socket or a FIFO that no process reads is refused by name."""
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory", str(path))
    if stat.S_ISSOCK(mode):
        raise OSError(errno.EOPNOTSUPP, "is a socket, not a file", str(path))
    fifo = stat.S_ISFIFO(mode)
    try:  # no O_CREAT, no O_TRUNC, no rename: the device or FIFO itself is written
        handle = os.open(path, os.O_WRONLY | (os.O_NONBLOCK if fifo else 0))
    except OSError as exc:
        if fifo and exc.errno == errno.ENXIO:
            raise OSError(errno.ENXIO, "is a FIFO that no process reads", str(path)) from None
        raise
    os.set_blocking(handle, True)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
    except OSError as exc:  # a full device: named, as every refused output is
        raise OSError(exc.errno, exc.strerror, str(path)) from None


def _check(result: Any) -> str:
    """A digest of a result as the cache writes it: an entry damaged on disk (a flipped
    verdict or number) no longer matches its digest and is computed again."""
    return hashlib.sha256(dumps(result)).hexdigest()


class ResultCache:
    """Results of verify jobs on disk, one file per job, under one environment digest;
    ``read=False`` computes afresh and still stores."""

    def __init__(self, directory: Path, digest: str, read: bool = True) -> None:
        self.digest = digest
        self.read = read
        self.root = directory / "verify"
        self.here = self.root / digest[:32]

    @staticmethod
    def _file_name(job_key: str) -> str:
        return hashlib.sha256(job_key.encode()).hexdigest()[:40] + ".json"

    def get(self, job_key: str, accept: Callable[[Any], bool] = lambda _: True) -> Any | None:
        """The stored result of ``job_key`` under this digest, or None: absent, unreadable,
        not a result this cache writes, stored under another key, or refused by ``accept``
        (the shape the job's results have); always None when the cache is not read. An entry
        is JSON read into plain values and known result records only: reading one never
        runs code."""
        if not self.read:
            return None
        path = self.here / self._file_name(job_key)
        try:
            if path.stat().st_size > MAX_ENTRY:
                return None
            entry = loads(path.read_bytes())
        except (OSError, CodecError):
            return None
        if not isinstance(entry, dict) or entry.get("key") != [self.digest, job_key]:
            return None
        result = entry.get("result")
        try:
            intact = entry.get("check") == _check(result)
        except (TypeError, ValueError):
            return None
        return result if intact and accept(result) else None

    def put(self, job_key: str, result: Any) -> None:
        """Store a result (atomically: a reader never sees half a file)."""
        self.here.mkdir(parents=True, exist_ok=True)
        write_atomically(self.here / self._file_name(job_key),
                         dumps({"key": [self.digest, job_key], "result": result,
                                "check": _check(result)}))

    def prune(self) -> None:
        """Remove the entries of all but the :data:`KEEP` most recently used digests."""
        if not self.root.is_dir():
            return
        self.here.mkdir(parents=True, exist_ok=True)
        self.here.touch()
        olds = sorted((p for p in self.root.iterdir() if p.is_dir()),
                      key=lambda p: p.stat().st_mtime, reverse=True)[KEEP:]
        for old in olds:
            shutil.rmtree(old, ignore_errors=True)
