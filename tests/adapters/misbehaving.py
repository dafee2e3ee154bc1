"""An adapter that misbehaves in the way named by its first argument, once the protocol has
started (or at once for the ``-at-start`` ways); the reference engine answers otherwise.

``crash-at-start``, ``hang-at-start``, ``crash`` (exits on the first trick-winner request),
``hang`` (stops answering at the first trick-winner request), ``garbage`` (a line that is not
JSON), ``oversized`` (a line without end), ``wrong-schema`` (legal cards as a string),
``wrong-id`` (answers with another request's id), ``deep-json`` (an answer nested 100,000 deep),
``huge-integer`` (an answer holding a 5,000-digit number), ``lone-surrogate`` (an answer
holding the escape of half a surrogate pair), ``huge-decline`` (a 300 KB refusal),
``orphan`` (exits and leaves a child holding its output; ``orphan-new-session``: the child
in a session of its own), ``flood`` (lines without end, never reading again),
``never-reads`` (answers nothing and reads nothing after hello), ``stderr-flood`` (20 MB
of standard error, then exits) and ``partial`` (its hello lists every type but the hand score,
and it replies ``unsupported`` to every trick-winner question). Any further argument is
ignored (a test names its processes with it).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

from trickrules.kit.reference_adapter import respond


def _at_start(way: str) -> int | None:
    """The ways that misbehave before or at the hello: an exit status, or None to go on."""
    if way == "crash-at-start":
        print("adapter: cannot load the engine", file=sys.stderr)
        return 3
    if way == "hang-at-start":
        time.sleep(3600)
    if way == "never-reads":
        first = sys.stdin.readline()
        _send(json.dumps(respond(json.loads(first))))
        time.sleep(3600)
    return None


def _raw_line(way: str, request: dict[str, Any]) -> str | None:
    """The line written instead of an answer to a trick-winner request (None: not such a
    way)."""
    if way == "garbage":
        return "winner is seat 3"
    if way == "deep-json":
        return "[" * 100_000 + "]" * 100_000
    if way == "huge-integer":
        return '{"id": ' + "9" * 5000 + ', "winner": 1}'
    if way == "lone-surrogate":  # valid JSON, but no output can write the string
        return '{"id": ' + str(request["id"]) + ', "note": "\\ud800"}'
    return None


def _ends(way: str) -> int | None:
    """The ways that end the adapter at a trick-winner request: its exit status."""
    if way == "crash":
        print("adapter: segmentation fault in trick_winner()", file=sys.stderr)
        sys.stdout.flush()
        return 11
    if way == "orphan":  # exits, leaving a child that holds the output open
        subprocess.Popen(["sleep", "3600"])
        return 0
    if way == "orphan-new-session":  # the same, the child in a session of its own
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)",
                          *sys.argv[2:]], start_new_session=True)
        return 0
    if way == "stderr-flood":  # 20 MB of standard error without a newline, then exits
        for _ in range(20):
            sys.stderr.write("x" * (1 << 20))
        sys.stderr.write("\nadapter: out of patience\n")
        sys.stderr.flush()
        return 3
    return None


def _never_answers(way: str) -> None:
    """The ways that stop answering at a trick-winner request (they never return)."""
    if way in ("hang", "oversized"):
        if way == "oversized":
            sys.stdout.write("[" * (3 << 20))
            sys.stdout.flush()
        time.sleep(3600)
    if way == "flood":  # answers with lines without end, never reading again
        while True:
            sys.stdout.write('{"id": 0, "winner": 1}\n')


def _trick_winner(way: str, request: dict[str, Any],
                  response: dict[str, Any]) -> dict[str, Any] | str | int:
    """What the adapter does at a trick-winner request: the answer to send, a raw line to
    write instead, or the exit status it ends with."""
    ended = _ends(way)
    if ended is not None:
        return ended
    _never_answers(way)
    raw = _raw_line(way, request)
    if raw is not None:
        return raw
    if way == "partial":
        return {"id": request["id"], "unsupported": "no trick winners here"}
    if way == "wrong-id":
        return {**response, "id": request["id"] + 1000}
    if way == "huge-decline":  # declines with 300 KB of text
        return {"id": request["id"], "error": "no. " * 75_000}
    return response


def _send(line: str) -> None:
    """One line on standard output, flushed."""
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main(way: str) -> int:
    """Serve standard input, misbehaving as asked."""
    started = _at_start(way)
    if started is not None:
        return started
    for line in sys.stdin:
        request = json.loads(line)
        response = respond(request)
        if way == "partial" and request["op"] == "hello":
            response["ops"] = ["legal-plays", "trick-winner", "auction", "game-end", "perft"]
        if request["op"] == "trick-winner":
            done = _trick_winner(way, request, response)
            if isinstance(done, int):
                return done
            if isinstance(done, str):
                _send(done)
                continue
            response = done
        if request["op"] == "legal-plays" and way == "wrong-schema":
            response = {"id": request["id"], "cards": " ".join(response.get("cards", []))}
        _send(json.dumps(response))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
