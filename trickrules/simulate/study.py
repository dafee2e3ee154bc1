"""One paired study: the same seeded games, played by the same players, under each of the two
readings of a dispute, and what the difference changed.

A study is split into chunks of consecutive seeds; a chunk's result depends on its seeds
alone, so the study gives the same figures whoever computes which chunk. Hands are compared
while the two games are in step (the same scores going in, and so the same deal and dealer):
up to and including the first hand whose score differs. Counts become rates with 95% Wilson
intervals.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from trickrules.spec.loader import game_catalogue
from trickrules.spec.registry import game_ids

COUNTS = ("games", "hands", "hand_score", "made", "winner", "play")
"""What a chunk counts: games, hands compared, hands whose score differs, hands whose
made/failed differs, games whose winner differs, games whose actions differ at all."""
EXAMPLES_PER_CHUNK = 3
"""First divergences kept per chunk (the study keeps the first few by seed)."""
Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


@dataclass(frozen=True)
class Study:
    """What a study plays: a dispute's two pinned profiles, the players of each team, and the
    seeds, in chunks."""

    dispute: str
    game: str
    parameter: str
    readings: tuple[str, str]
    base: str
    players: tuple[str, str]
    seed: int
    games: int
    chunk: int

    @property
    def profiles(self) -> tuple[str, str]:
        """The two profiles played: the base profile with each reading pinned."""
        return (f"{self.base}[{self.parameter}={self.readings[0]}]",
                f"{self.base}[{self.parameter}={self.readings[1]}]")

    @property
    def chunk_count(self) -> int:
        """How many chunks the study's games make (the last may be short)."""
        return -(-self.games // self.chunk)

    def chunk_at(self, index: int) -> tuple[int, int, int]:
        """Chunk ``index``: (index, first seed, games), made without listing the others."""
        start = index * self.chunk
        return index, self.seed + start, min(self.chunk, self.games - start)

    def chunks(self) -> Iterator[tuple[int, int, int]]:
        """Every chunk in order, each made as it is asked for (never the whole list)."""
        return (self.chunk_at(index) for index in range(self.chunk_count))

    def key(self) -> str:
        """What a stored chunk must match to be reused: everything but the number of games
        (a longer study reuses a shorter one's chunks), and the engine's code and rules."""
        fields = asdict(self)
        del fields["games"]
        text = json.dumps(fields, sort_keys=True) + code_digest()
        return hashlib.sha256(text.encode()).hexdigest()[:16]


_DIGEST: list[str] = []


def code_digest() -> str:
    """SHA-256 over the engine's code and the rule data: a stored chunk from other code or
    rules is never reused."""
    if not _DIGEST:
        digest = hashlib.sha256()
        for package, suffixes in (("trickrules.engine", (".py",)),
                                   ("trickrules.spec", (".py", ".toml", ".json"))):
            root = Path(str(resources.files(package)))
            for path in sorted(root.rglob("*")):
                if path.suffix in suffixes and "__pycache__" not in path.parts:
                    digest.update(path.relative_to(root).as_posix().encode() + b"\0")
                    digest.update(path.read_bytes())
        _DIGEST.append(digest.hexdigest())
    return _DIGEST[0]


def parse_dispute(dispute: str) -> tuple[str, str, str, str]:
    """``<game>/<parameter>/<a>-vs-<b>`` to (game, parameter, a, b); a mistake is a
    :class:`ValueError` naming the part that is wrong."""
    parts = dispute.split("/")
    if len(parts) != 3:
        raise ValueError(f"dispute {dispute!r}: expected <game>/<parameter>/<a>-vs-<b> (see "
                         "trickrules verify or the rulebook's Disputes chapter)")
    game, parameter, pair = parts
    if game not in game_ids():
        raise ValueError(f"dispute {dispute!r}: unknown game {game!r} (known: "
                         f"{', '.join(game_ids())})")
    catalogue = game_catalogue(game)
    known = {p.id: p for p in catalogue.parameters_for(game)}
    if parameter not in known:
        raise ValueError(f"dispute {dispute!r}: {game} has no parameter {parameter!r}")
    readings = known[parameter].reading_ids
    for i, a in enumerate(readings):
        for b in readings[i + 1:]:
            if pair == f"{a}-vs-{b}":
                return game, parameter, a, b
    raise ValueError(f"dispute {dispute!r}: {_pair_problem(pair, readings)} (the readings of "
                     f"{parameter}, in order: {', '.join(readings)})")


def _pair_problem(pair: str, readings: tuple[str, ...]) -> str:
    """What is wrong with the ``<a>-vs-<b>`` part of a dispute id."""
    if "-vs-" not in pair:
        return f"{pair!r} is not two readings joined by '-vs-'"
    a, _, b = pair.partition("-vs-")
    unknown = [r for r in (a, b) if r not in readings]
    if unknown:
        return f"no reading {' or '.join(repr(r) for r in unknown)}"
    if a == b:
        return f"{pair!r} pairs a reading with itself"
    return f"{pair!r} names its readings out of order (write {b}-vs-{a})"


MAX_GAMES = 10_000_000
"""The most games a study plays per dispute."""
MAX_CHUNKS = 100_000
"""The most chunks a study is cut into: each is a stored file and a task of the cluster."""
MAX_SEED = 2**63
"""Every game's seed is below this (the seeded shuffles take a 64-bit seed)."""


def make_study(dispute: str, games: int, *, seed: int = 0, chunk: int = 250,
               players: tuple[str, str] = ("rules", "rules"),
               base: str | None = None) -> Study:
    """A study of ``dispute`` over ``games`` games from ``seed`` on its game's reconciled
    profile (or ``base``), both pinned profiles checked playable."""
    from trickrules.engine.players import PLAYER_NAMES
    from trickrules.engine.registry import game_type, load_game

    if not 1 <= games <= MAX_GAMES:
        raise ValueError(f"--games {games}: from 1 to {MAX_GAMES:,} games per dispute")
    if not 1 <= chunk <= MAX_GAMES:
        raise ValueError(f"--chunk {chunk}: from 1 to {MAX_GAMES:,} games per chunk")
    if -(-games // chunk) > MAX_CHUNKS:
        raise ValueError(f"--chunk {chunk}: {games:,} games would make {-(-games // chunk):,} "
                         f"chunks, more than {MAX_CHUNKS:,} (give a larger --chunk)")
    if not 0 <= seed <= MAX_SEED - games:
        raise ValueError(f"--seed {seed}: from 0 to {MAX_SEED - games:,} for {games:,} games "
                         "(each game's seed is below 2**63)")
    for name in players:
        if name not in PLAYER_NAMES:
            raise ValueError(f"unknown player {name!r}: expected one of "
                             f"{', '.join(PLAYER_NAMES)}")
    game, parameter, a, b = parse_dispute(dispute)
    study = Study(dispute, game, parameter, (a, b), base or game_type(game).reconciled_profile,
                  (players[0], players[1]), seed, games, chunk)
    for profile in study.profiles:
        load_game(game, profile)  # an unplayable reading is refused here, by name
    return study


def game_disputes(game: str) -> list[str]:
    """Every dispute of ``game``: each pair of readings some source allows, and each house
    reading played in practice against the reconciled one."""
    from trickrules.proofs.disputes import dispute_id, dispute_questions

    catalogue = game_catalogue(game)
    return [dispute_id(game, p, a, b) for p, a, b in dispute_questions(catalogue, game)]


def run_chunk(study: Study, index: int) -> dict[str, Any]:
    """Play chunk ``index`` of ``study`` under both readings: its counts and its first few
    divergences (each a situation ``trickrules judge`` reads)."""
    from trickrules.engine.players import play_game, player
    from trickrules.engine.registry import hand_results, load_game

    _, first, count = study.chunk_at(index)
    games = [load_game(study.game, p) for p in study.profiles]
    seats = [player(study.game, name) for name in study.players]
    counts = dict.fromkeys(COUNTS, 0)
    examples: list[dict[str, Any]] = []
    for seed in range(first, first + count):
        a, b = (play_game(g, seed, seats) for g in games)
        counts["games"] += 1
        counts["winner"] += a.winner != b.winner
        counts["play"] += a.history() != b.history()
        differs = None
        for hand, (one, two) in enumerate(zip(hand_results(a), hand_results(b), strict=False)):
            counts["hands"] += 1
            counts["made"] += one[1] != two[1]
            if one[0] != two[0]:
                counts["hand_score"] += 1
                differs = hand
                break
        if (differs is not None or a.history() != b.history()) and \
                len(examples) < EXAMPLES_PER_CHUNK:
            examples.append(divergence(games[0], seed, seats, a, b, differs))
    return {"index": index, "first_seed": first, **counts,
            "examples": json.dumps(examples, sort_keys=True)}


def divergence(game: Any, seed: int, seats: list[Any], a: Any, b: Any,
               hand: int | None) -> dict[str, Any]:
    """Where the two games of ``seed`` part: the state under the first reading just before
    the first action that differs (or, when only a score differs, before the last action of
    that hand), and the first reading's actions to the end of that hand."""
    from trickrules.engine.registry import state_from_json

    ha, hb = a.history(), b.history()
    at = next((i for i, (x, y) in enumerate(zip(ha, hb, strict=False)) if x != y),
              min(len(ha), len(hb)))
    state = game.new_initial_state(seed)
    ends: list[int] = []
    for i, action in enumerate(ha):
        before = state.hand_index
        state.apply_action(action)
        if state.hand_index != before or state.is_terminal():
            ends.append(i)
    if hand is not None and hand < len(ends) and ends[hand] < at:
        at = ends[hand]  # the scores part first: show the hand's last action
    at = min(at, len(ha) - 1)
    state = game.new_initial_state(seed)
    for action in ha[:at]:
        state.apply_action(action)
    stop = next((e for e in ends if e >= at), len(ha) - 1)
    then = [state.action_to_string(x) for x in ha[at:stop + 1]]
    situation = state.to_json()
    state_from_json(situation)  # the situation reads back, as judge will read it
    return {"seed": seed, "hand": state.hand_index, "action": at,
            "first": state.action_to_string(ha[at]),
            "second": state.action_to_string(hb[at]) if at < len(hb) else None,
            "situation": {"state": situation, "then": then}}



def wilson(count: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``count / total``; it stays inside [0, 1]
    and is sensible at 0 and ``total`` (a zero count still has an upper bound)."""
    if total <= 0:
        return 0.0, 1.0
    p = count / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def rate(count: int, total: int) -> dict[str, float | int]:
    """A count as JSON: the count, the total, the rate and its 95% interval."""
    low, high = wilson(count, total)
    return {"count": count, "total": total, "rate": count / total if total else 0.0,
            "low": low, "high": high}
