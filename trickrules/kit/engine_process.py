"""The engine under test as a child process speaking JSON Lines, guarded against every way it
can misbehave: it may crash, hang, write something that is not JSON, write without end, or
answer in the wrong shape. Each is reported as a :class:`Problem`; the process is then killed
and started again for the next request, and after a few failures in a row it is given up."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import select
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import IO, Any

from trickrules.proofs.conformance.protocol import PROTOCOL, definition, schema_errors

MAX_LINE = 1 << 20
"""The longest response line accepted, in bytes (a perft divide fits many times over)."""
GIVE_UP_AFTER = 3
"""Consecutive crashes, hangs or garbled lines after which the engine is not restarted."""
STDERR_KEPT = 1 << 16
"""The bytes of the engine's standard error kept for a crash report (the last ones)."""
LINES_QUEUED = 64
"""Response lines read ahead of the runner at most; an engine writing without end then waits
on its own pipe instead of filling the runner's memory."""
_PR_SET_CHILD_SUBREAPER = 36


def adopt_orphans() -> bool:
    """Make this process adopt the orphans of its descendants (Linux), so that a process the
    engine started in a session of its own, and left behind when it exited, is still found
    and killed. Returns whether the system allowed it."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _children() -> set[int]:
    """This process's children, from ``/proc`` (empty where there is none)."""
    found: set[int] = set()
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children", encoding="ascii") as handle:
                found.update(int(pid) for pid in handle.read().split())
    except OSError:
        pass
    return found


@dataclass(frozen=True)
class Problem:
    """Why a request got no usable answer: ``crash``, ``timeout``, ``oversized``,
    ``malformed``, ``schema``, ``error`` (the engine finds the question illegal),
    ``unsupported`` (the engine does not answer such questions) or ``gave-up``."""

    kind: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


_EOF = b""
DECLINES = ("error", "unsupported")
"""Replies that answer the request without a fault of the engine's: it keeps running."""


KEPT_TEXT = 1000
"""The characters of an engine's message kept with a failure (a message can be a megabyte, and
every failure keeps its own)."""


def _clipped(text: str) -> str:
    """An engine's message as kept: at most :data:`KEPT_TEXT` characters, the cut said."""
    if len(text) <= KEPT_TEXT:
        return text
    return f"{text[:KEPT_TEXT]}... ({len(text) - KEPT_TEXT} more characters)"


def _is_text(data: Any) -> bool:
    """Whether every string in a decoded response is text (no lone surrogate, which JSON's
    escapes allow and no output can write)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _exit_meaning(code: int) -> str:
    """What a shell's exit status says about the engine command, where it says something."""
    if code == 127:
        return " (the shell found no such command: is it on PATH?)"
    if code == 126:
        return " (the command was found but could not be run: is it executable?)"
    if code < 0:
        with contextlib.suppress(ValueError):
            return f" (killed by {signal.Signals(-code).name})"
    return ""


class EngineProcess:
    """One engine command, started on demand, asked one request at a time."""

    def __init__(self, command: str, timeout: float, max_line: int = MAX_LINE) -> None:
        self.command = command
        self.timeout = timeout
        self.max_line = max_line
        self.name = ""
        self.ops: frozenset[str] | None = None
        """The question types the engine said it answers (its hello), or None for all."""
        self.starts = 0
        self.failures_in_row = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes] = queue.Queue(LINES_QUEUED)
        self._children_before: set[int] = set()
        self._stderr = bytearray()
        self._stderr_reader: threading.Thread | None = None
        self._next_id = 0

    # ------------------------------------------------------------------ lifecycle
    @property
    def given_up(self) -> bool:
        """Whether the engine failed too often in a row to be started again."""
        return self.failures_in_row >= GIVE_UP_AFTER

    def _start(self) -> Problem | None:
        self._stderr = bytearray()
        self._lines = queue.Queue(LINES_QUEUED)
        self.starts += 1
        self._children_before = _children()
        try:
            self._proc = subprocess.Popen(
                self.command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, start_new_session=True)
        except OSError as exc:
            return Problem("crash", f"the engine command could not start: {exc}")
        stdout, stderr = self._proc.stdout, self._proc.stderr
        assert stdout is not None and stderr is not None and self._proc.stdin is not None
        os.set_blocking(self._proc.stdin.fileno(), False)
        threading.Thread(target=self._read, args=(stdout, self._lines), daemon=True).start()
        self._stderr_reader = threading.Thread(target=self._keep_stderr,
                                               args=(stderr, self._stderr), daemon=True)
        self._stderr_reader.start()
        reply = self._exchange({"op": "hello", "protocol": PROTOCOL}, "hello")
        if isinstance(reply, Problem):
            return Problem(reply.kind, f"at start (hello): {reply.detail}")
        self.name = str(reply.get("engine", ""))
        ops = reply.get("ops")
        self.ops = frozenset(ops) if isinstance(ops, list) else None
        return None

    def _read(self, stdout: IO[bytes], lines: queue.Queue[bytes]) -> None:
        """Reader thread: whole lines, one oversized line marked by its missing newline."""
        while True:
            line = stdout.readline(self.max_line + 1)
            lines.put(line)
            if not line or not line.endswith(b"\n"):
                return

    @staticmethod
    def _keep_stderr(stderr: IO[bytes], kept: bytearray) -> None:
        """Reader thread: the engine's standard error, of which only the last
        :data:`STDERR_KEPT` bytes are kept however much it writes."""
        while True:
            chunk = os.read(stderr.fileno(), 1 << 16)
            if not chunk:
                return
            kept.extend(chunk)
            if len(kept) > STDERR_KEPT:
                del kept[:len(kept) - STDERR_KEPT]

    def stop(self) -> None:
        """Kill the engine and everything it started: its process group, even when the engine
        itself has exited and a child of it still holds its output, and the orphans it left
        in sessions of their own (adopted by this process, see :func:`adopt_orphans`)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        for _ in range(8):  # an orphan's own children are adopted once it is gone
            strays = _children() - self._children_before
            if not strays:
                break
            for pid in strays:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
            for pid in strays:
                with contextlib.suppress(ChildProcessError):
                    os.waitpid(pid, 0)
        if proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.close()
        # the reader threads end at end of file; closing their streams under them would block

    def _stderr_tail(self) -> str:
        if self._stderr_reader is not None:  # let it take what the engine wrote last
            self._stderr_reader.join(timeout=min(self.timeout, 1.0))
        text = bytes(self._stderr).decode("utf-8", "replace").strip()
        lines = [line[-200:] for line in text.splitlines()]
        return f"; stderr: {' | '.join(lines[-3:])}" if lines else ""

    # ------------------------------------------------------------------ asking
    def ask(self, request: dict[str, Any]) -> dict[str, Any] | Problem:
        """Send one request (an id is added) and return the engine's response, or the
        problem that prevented one. A problem other than a declined request restarts the
        engine for the next request."""
        if self.given_up:
            return Problem("gave-up", f"the engine failed {GIVE_UP_AFTER} times in a row")
        if self._proc is None:
            problem = self._start()
            if problem is not None:
                return self._failed(problem)
        if self.ops is not None and request["op"] not in self.ops:
            return Problem("unsupported", "not among the types its hello lists")
        reply = self._exchange(request, definition("response", request.get("game"),
                                                   str(request["op"])))
        if isinstance(reply, Problem):
            return self._failed(reply) if reply.kind not in DECLINES else reply
        self.failures_in_row = 0
        return reply

    def _failed(self, problem: Problem) -> Problem:
        self.failures_in_row += 1
        self.stop()
        return problem

    def _exchange(self, request: dict[str, Any], op: str) -> dict[str, Any] | Problem:
        proc = self._proc
        assert proc is not None and proc.stdin is not None
        self._next_id += 1
        sent = {"id": self._next_id, **request}
        written = self._send(proc, json.dumps(sent, separators=(",", ":")).encode() + b"\n")
        if written is not None:
            return written
        try:
            line = self._lines.get(timeout=self.timeout)
        except queue.Empty:
            return Problem("timeout", f"no response within {self.timeout:g} s")
        if line == _EOF:
            return self._crashed(proc)
        if not line.endswith(b"\n"):
            return Problem("oversized", f"a response line longer than {self.max_line} bytes")
        return self._parse(line, op, self._next_id)

    def _send(self, proc: subprocess.Popen[bytes], data: bytes) -> Problem | None:
        """Write a request within the timeout: an engine that stops reading its input cannot
        block the runner."""
        assert proc.stdin is not None
        fd = proc.stdin.fileno()
        deadline = time.monotonic() + self.timeout
        view = memoryview(data)
        while view:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return Problem("timeout", f"the engine did not read its input within "
                                          f"{self.timeout:g} s")
            _, ready, _ = select.select([], [fd], [], remaining)
            if not ready:
                continue
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                continue
            except OSError:
                return self._crashed(proc)
        return None

    def _crashed(self, proc: subprocess.Popen[bytes]) -> Problem:
        try:
            code = proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return Problem("crash", "the engine closed its output but did not exit")
        return Problem("crash", f"the engine exited with status {code}{_exit_meaning(code)}"
                                f"{self._stderr_tail()}")

    def _parse(self, line: bytes, op: str, expected_id: int) -> dict[str, Any] | Problem:
        shown = line[:80].decode("utf-8", "replace").rstrip()
        try:
            data = json.loads(line)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            why = exc.msg if isinstance(exc, json.JSONDecodeError) else "not UTF-8"
            return Problem("malformed", f"not a JSON line ({why}): {shown!r}")
        except RecursionError:
            return Problem("malformed", f"JSON nested too deeply: {shown!r}")
        except ValueError as exc:  # an integer too long to read, and the like
            return Problem("malformed", f"not a JSON line this runner reads ({exc}): "
                                        f"{shown!r}")
        if not isinstance(data, dict):
            return Problem("malformed", f"a JSON {type(data).__name__}, not an object")
        if b"\\ud" in line.lower() and not _is_text(data):
            return Problem("malformed", f"a string with a lone surrogate (a \\ud800-\\udfff "
                                        f"escape that is not half of a pair): {shown!r}")
        if data.get("id") != expected_id:
            return Problem("schema", f"id {data.get('id')!r} answers request {expected_id}")
        if "error" in data or "unsupported" in data:
            kind = "error" if "error" in data else "unsupported"
            errors = schema_errors("response", data, kind)
            if not errors:
                return Problem(kind, _clipped(str(data[kind])))
        else:
            errors = schema_errors("response", data, op)
        if errors:
            return Problem("schema", "; ".join(errors[:3]))
        return data
