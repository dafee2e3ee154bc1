"""The Baloot disputes' solver witnesses as conformance requests: each replayed witness the
protocol can ask (legal cards, a trick's winner, the buying, the doubling, a score, the projects,
the end of the game, and the table's questions: the next dealer, the first leader, the cutter's
choices and a card exposed in the deal), and each replayed counterexample of a scoring theorem.
They are stored in ``witnesses.json`` so the suite does not change with the solver's choices."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from trickrules.engine.baloot.cards import names
from trickrules.proofs.baloot.conformance import GAME
from trickrules.proofs.baloot.conformance.cases import GRID_DEALER, score_body, trump_letter
from trickrules.proofs.baloot.model import SUN
from trickrules.proofs.baloot.scoring import HOKOM_TOTAL, SUN_TOTAL
from trickrules.proofs.conformance.build import Case, dispute_witnesses


def _tricks_won(w: dict[str, Any]) -> dict[str, Any]:
    """A score witness's ``tricks_won`` where it decides a sweep: a side with every card point
    that did not win every trick (the other won a trick worth nothing), or one that did."""
    points, sweep = w["card_points"], int(w.get("sweep", -1))
    if sweep >= 0:
        return {"tricks_won": [8, 0] if sweep == 0 else [0, 8]}
    if 0 in points:
        return {"tricks_won": [7, 1] if points[1] == 0 else [1, 7]}
    return {}


def _first_with_ace(w: dict[str, Any]) -> dict[str, Any]:
    """A score witness's ``buyer_first_with_ace`` where it holds (left out, it does not)."""
    return {"buyer_first_with_ace": True} if w.get("buyer_first_with_ace") else {}


def _play_situation(w: dict[str, Any]) -> dict[str, Any] | None:
    """A play witness (first trick, every hand given) as a protocol situation."""
    if w.get("tricks done", 0) != 0 or "hands" not in w:
        return None
    trump = None if w["trump"] is None or w["trump"] < 0 else int(w["trump"])
    return {"contract": w["contract"], "trump": trump_letter(trump),
            "declarer": int(w.get("declarer", 0)), "locked": bool(w.get("locked", False)),
            "hands": [list(w["hands"][str(s)]) for s in range(4)], "played": [],
            "leader": int(w["leader"]), "trick": list(w["trick"])}


def _project_cards(p: dict[str, Any]) -> list[str]:
    from trickrules.proofs.baloot.examples import project

    return names(project(p).cards)


def _legal_body(w: dict[str, Any]) -> dict[str, Any] | None:
    """The legal-plays request of a play witness."""
    situation = _play_situation(w)
    return None if situation is None else {"op": "legal-plays", "situation": situation}


def _winner_body(w: dict[str, Any]) -> dict[str, Any] | None:
    """The trick-winner request of a play witness with its last card (``then``) played."""
    situation = _play_situation(w)
    if situation is None or "then" not in w:
        return None
    mover = (situation["leader"] + len(situation["trick"])) % 4
    situation["trick"].append(w["then"])
    situation["hands"][mover] = [c for c in situation["hands"][mover] if c != w["then"]]
    return {"op": "trick-winner", "situation": situation}


def _auction_body(w: dict[str, Any]) -> dict[str, Any]:
    """The auction request of a buying witness: the deal's first cards and the calls."""
    return {"op": "auction", "dealer": w["dealer"], "public": w["public"],
            "hands": [list(w["first_cards"][str(s)]) for s in range(4)],
            "calls": list(w["calls"])}


def _doubling_body(w: dict[str, Any]) -> dict[str, Any]:
    """The doubling request of a doubling witness: seat 0 bought, at its scores and calls."""
    return {"op": "doubling", "contract": w["contract"], "declarer": 0, "dealer": GRID_DEALER,
            "scores": list(w.get("scores", [0, 0])), "calls": list(w.get("calls", []))}


def _score_witness_body(w: dict[str, Any]) -> dict[str, Any]:
    """The hand-score request of a score witness."""
    body = score_body(w["contract"], w["declarer_side"], w["multiplier"], w["gahwa"],
                      list(w["card_points"]),
                      None if w["project_side"] < 0 else w["project_side"],
                      w["project_points"] if w["project_side"] >= 0 else 0,
                      [w["baloot0"], w["baloot1"]])
    return {**body, **_tricks_won(w), **_first_with_ace(w)}


def _declaring_body(w: dict[str, Any]) -> dict[str, Any] | None:
    """The projects request of a declaring witness, for the questions of which projects a hand
    holds (four Aces, two or three projects); None for the others."""
    if w.get("question") not in ("aces", "two", "three"):
        return None
    trump = None if w["trump"] < 0 else int(w["trump"])
    return {"op": "projects", "contract": w["contract"], "trump": trump_letter(trump),
            "declarer": w["declarer"], "seat": w["seat"], "hand": list(w["hand"])}


def _compare_body(w: dict[str, Any]) -> dict[str, Any]:
    """The project-compare request of a projects witness: the projects each seat declared."""
    trump = None if w["trump"] < 0 else int(w["trump"])
    return {"op": "project-compare", "contract": w["contract"], "trump": trump_letter(trump),
            "declarer": w["declarer"], "first_leader": w["leader"],
            "declared": [{"seat": p["seat"], "kind": p["kind"],
                          "cards": _project_cards(p)} for p in w["projects"]]}


def _game_end_body(w: dict[str, Any]) -> dict[str, Any]:
    """The game-end request of a game-end witness: the scores once the hand is added."""
    scores = [b + g for b, g in zip(w["before"], w["gained"], strict=True)]
    return {"op": "game-end", "scores": scores, "declarer_team": w["declarer_side"],
            "gahwa_winner": None}


_BODIES: dict[str, Callable[[dict[str, Any]], dict[str, Any] | None]] = {
    "legal": _legal_body, "winner": _winner_body, "auction": _auction_body,
    "doubling": _doubling_body, "score": _score_witness_body, "declaring": _declaring_body,
    "projects": _compare_body, "game-end": _game_end_body}
"""The request of each kind of witness the protocol asks, but the table's."""


def _witness_body(kind: str, w: dict[str, Any]) -> dict[str, Any] | None:
    """The request that asks what a dispute's witness shows, or None for a question the
    protocol does not ask."""
    if kind in TABLE_KINDS:
        return _table_body(kind, w)
    body = _BODIES.get(kind)
    return None if body is None else body(w)


TABLE_KINDS = ("next-dealer", "first-lead", "cut", "exposed")


def _table_body(kind: str, w: dict[str, Any]) -> dict[str, Any]:
    """The table question of a witness: who deals next, who leads first, what the cutter may
    choose, what may follow a card exposed in the deal."""
    if kind == "next-dealer":
        return {"op": "next-dealer", "dealer": w["dealer"],
                "ended": {"all passed": "all-passed"}.get(w["hand"], w["hand"])}
    if kind == "first-lead":
        return {"op": "first-lead", "dealer": w["dealer"], "declarer": w["declarer"],
                "contract": w["contract"]}
    if kind == "cut":
        return {"op": "cut", "dealer": w["dealer"]}
    return {"op": "exposed-card", "dealer": w["dealer"], "seat": w["seat"], "card": w["card"]}


def _theorem_body(w: dict[str, Any]) -> dict[str, Any]:
    """The hand-score request of a scoring theorem's counterexample (a symbolic hand)."""
    contract = "sun" if w["contract"] == SUN else "hokom"
    full = SUN_TOTAL if contract == "sun" else HOKOM_TOTAL
    side, points = w["project_side"], [w["points"], full - w["points"]]
    body = score_body(contract, w["declarer_side"], w["multiplier"], w["gahwa"], points,
                      None if side < 0 else side, w["project_points"],
                      [w["baloot0"], w["baloot1"]])
    return {**body, **_tricks_won({"card_points": points, "sweep": w.get("sweep", -1)}),
            **_first_with_ace(w)}


def witness_requests(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Every replayed witness of the Baloot disputes of a verify report that the protocol can
    ask, and every replayed counterexample of a scoring theorem (under the reconciled profile
    or a source's), as a request (``game``, ``origin``, ``body``) to keep in
    ``witnesses.json``."""
    from trickrules.spec.loader import family_catalogue
    from trickrules.spec.source_profiles import source_profiles

    out = dispute_witnesses(report, {GAME}, _witness_body)
    catalogue = family_catalogue(GAME)
    ours = set(catalogue.profiles) | set(source_profiles(catalogue))
    for row in [*report["results"], *report["sources"]["consistency"]]:
        if (row["profile"] in ours and row.get("verdict") == "refuted" and row.get("replayed")
                and row["id"].startswith("score.") and row.get("witness_state")):
            out.append({"game": GAME, "body": _theorem_body(row["witness_state"]),
                        "origin": f"witness:{row['id']}@{row['profile']}"})
    return out


def witness_cases(witnesses: list[dict[str, Any]]) -> Iterator[Case]:
    """The stored witness requests as cases."""
    for w in witnesses:
        yield Case(w["game"], w["body"], w["origin"])
