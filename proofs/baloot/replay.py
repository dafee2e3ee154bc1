"""Solver witnesses replayed in the engine, beside what the model predicts for them.

The engine is driven only through its public API: :func:`trickrules.engine.registry.load_game` for
the rules of a profile, the trick winner of :mod:`trickrules.engine.baloot.play` and the hand score
of :mod:`trickrules.engine.baloot.scoring`. A witness is replayed when the engine reproduces the
outcome the model predicts, so the refutation is a fact about the rules, not about one encoding.
"""

from __future__ import annotations

from typing import Any

from trickrules.proofs.baloot.model import NO_TRUMP, card_name, winner_is
from trickrules.proofs.baloot.scoring import Hand, score
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.model import Profile


def engine_rules(profile: Profile) -> Any:
    """The engine's compiled rules of a concrete profile (through the public registry)."""
    from trickrules.engine.registry import load_game

    return load_game(profile.game.id, profile).rules


def replay_trick(profile: Profile, trump: int, cards: list[int]) -> dict[str, Any]:
    """The trick's winner by the engine and by the model."""
    from trickrules.engine.baloot.cards import parse
    from trickrules.engine.baloot.play import winning_index

    sp = SymbolicProfile(profile, Names("replay-trick"))
    model = [k for k in range(4) if winner_is(sp, cards, trump, k) is True]
    engine = winning_index(engine_rules(profile), [parse(card_name(c)) for c in cards],
                           None if trump == NO_TRUMP else trump)
    return {"state": {"trick": [card_name(c) for c in cards], "trump": trump},
            "replayed": model == [engine], "engine": {"winner": engine},
            "model": {"winners": model}}


def replay_legal(profile: Profile, found: dict[str, Any]) -> dict[str, Any]:
    """The mover's legal cards at a decoded situation (:meth:`Situation.decode`), by the
    engine and by the model; replayed when both find none."""
    from trickrules.engine.baloot.cards import mask, parse
    from trickrules.engine.baloot.play import legal_mask, lock_binds
    from trickrules.proofs.baloot.model import card_of, legal
    from trickrules.proofs.baloot.model import lock_binds as model_lock_binds

    mover = str((int(found["leader"]) + len(found["trick"])) % 4)
    hand = [card_of(c) for c in found["hands"][mover]]
    trick = [card_of(c) for c in found["trick"]]
    trump = int(found["trump"])
    rules = engine_rules(profile)
    locked, seat, declarer = bool(found["locked"]), int(mover), int(found.get("declarer", 0))
    engine = legal_mask(rules, mask(parse(c) for c in found["hands"][mover]),
                        [parse(c) for c in found["trick"]], None if trump < 0 else trump,
                        lock_binds(rules, locked, seat, declarer))
    sp = SymbolicProfile(profile, Names("replay-legal"))
    flags = [c in hand for c in range(32)]
    binds = model_lock_binds(sp, locked, seat, declarer)
    model = [card_name(c) for c in hand if legal(sp, flags, trick, trump, binds, c) is True]
    engine_cards = [card_name(c) for c in hand if engine >> parse(card_name(c)) & 1]
    return {"state": found, "replayed": engine_cards == model == [],
            "engine": {"legal": engine_cards}, "model": {"legal": model}}


def _baloot_gain(rules: Any, facts: Any) -> int:
    """What a Baloot of side 0 adds to side 0 in the engine's score."""
    from trickrules.engine.baloot.scoring import score_hand

    with_it = score_hand(rules, facts._replace(baloot=(1, 0))).total[0]
    return int(with_it - score_hand(rules, facts._replace(baloot=(0, 0))).total[0])


def replay_score(profile: Profile, witness: dict[str, Any], kind: str) -> dict[str, Any]:
    """A finished hand's score by the engine and by the model, at a witness of a scoring
    theorem; ``kind`` names what the witness shows (``cards-sum``, ``failed``, ``baloot``)."""
    from trickrules.engine.baloot.scoring import HandFacts, score_hand

    rules = engine_rules(profile)
    contract = "sun" if witness["contract"] == 0 else "hokom"
    full = 130 if contract == "sun" else 162
    points = (witness["points"], full - witness["points"])
    baloot = (witness["baloot0"], witness["baloot1"])
    side = witness["project_side"]
    sweep = witness.get("sweep", -1)
    first_with_ace = bool(witness.get("buyer_first_with_ace", False))
    facts = HandFacts(contract, witness["declarer_side"], witness["multiplier"],
                      witness["gahwa"], points, None if side < 0 else side,
                      witness["project_points"], baloot, None if sweep < 0 else sweep,
                      first_with_ace)
    engine = score_hand(rules, facts)
    hand = Hand(witness["contract"], witness["declarer_side"], witness["multiplier"],
                witness["gahwa"], points, side, witness["project_points"], baloot, sweep,
                first_with_ace)
    model = score(SymbolicProfile(profile, Names("replay-score")), hand)
    out: dict[str, Any] = {
        "state": witness,
        "engine": {"made": engine.made, "total": list(engine.total), "cards": list(engine.cards)},
        "model": {"made": model.made, "total": list(model.total), "cards": list(model.cards)}}
    agree = out["engine"] == out["model"]
    shown = {"cards-sum": sum(engine.cards) != (26 if contract == "sun" else 16),
             "failed": not engine.made and engine.cards[facts.declarer_team] != 0,
             "made-like-failed": engine.made and engine.cards[facts.declarer_team] == 0,
             "baloot": _baloot_gain(rules, facts) != _baloot_gain(
                 rules, facts._replace(multiplier=1, gahwa=False))}.get(kind, True)
    out["replayed"] = bool(agree and shown)
    return out
