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

from proofs.conformance.reference_adapter import respond


def main(way: str) -> int:
    """Serve standard input, misbehaving as asked."""
    if way == "crash-at-start":
        print("adapter: cannot load the engine", file=sys.stderr)
        return 3
    if way == "hang-at-start":
        time.sleep(3600)
    if way == "never-reads":
        first = sys.stdin.readline()
        sys.stdout.write(json.dumps(respond(json.loads(first))) + "\n")
        sys.stdout.flush()
        time.sleep(3600)
    for line in sys.stdin:
        request = json.loads(line)
        response = respond(request)
        if way == "partial" and request["op"] == "hello":
            response["ops"] = ["legal-plays", "trick-winner", "auction", "game-end", "perft"]
        if request["op"] == "trick-winner":
            if way == "partial":
                response = {"id": request["id"], "unsupported": "no trick winners here"}
            if way == "crash":
                print("adapter: segmentation fault in trick_winner()", file=sys.stderr)
                sys.stdout.flush()
                return 11
            if way == "hang":
                time.sleep(3600)
            if way == "garbage":
                sys.stdout.write("winner is seat 3\n")
                sys.stdout.flush()
                continue
            if way == "oversized":
                sys.stdout.write("[" * (3 << 20))
                sys.stdout.flush()
                time.sleep(3600)
            if way == "orphan":  # exits, leaving a child that holds the output open
                subprocess.Popen(["sleep", "3600"])
                return 0
            if way == "orphan-new-session":  # the same, the child in a session of its own
                subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)",
                                  *sys.argv[2:]], start_new_session=True)
                return 0
            if way == "flood":  # answers with lines without end, never reading again
                while True:
                    sys.stdout.write('{"id": 0, "winner": 1}\n')
            if way == "stderr-flood":  # 20 MB of standard error without a newline, then exits
                for _ in range(20):
                    sys.stderr.write("x" * (1 << 20))
                sys.stderr.write("\nadapter: out of patience\n")
                sys.stderr.flush()
                return 3
            if way == "deep-json":
                sys.stdout.write("[" * 100_000 + "]" * 100_000 + "\n")
                sys.stdout.flush()
                continue
            if way == "huge-integer":
                sys.stdout.write('{"id": ' + "9" * 5000 + ', "winner": 1}\n')
                sys.stdout.flush()
                continue
            if way == "wrong-id":
                response["id"] = request["id"] + 1000
            if way == "lone-surrogate":  # valid JSON, but no output can write the string
                sys.stdout.write('{"id": ' + str(request["id"]) + ', "note": "\\ud800"}\n')
                sys.stdout.flush()
                continue
            if way == "huge-decline":  # declines with 300 KB of text
                response = {"id": request["id"], "error": "no. " * 75_000}
        if request["op"] == "legal-plays" and way == "wrong-schema":
            response = {"id": request["id"], "cards": " ".join(response.get("cards", []))}
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
