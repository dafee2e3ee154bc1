"""Kout's rulebook examples in the engine: what the engine gives at a dispute's witness."""

from __future__ import annotations

from typing import Any

from trickrules.engine.kout.game import KoutState
from trickrules.engine.kout.rules import compile_rules
from trickrules.engine.kout.scoring import score_hand
from trickrules.proofs.kout.kinds_rules import engine_contract
from trickrules.proofs.kout.replay import last_trick_winner
from trickrules.spec.cards import card_name, parse_card
from trickrules.spec.model import Profile

#: The outcome kinds an example can show: situations the engine can be put in directly.
EXAMPLE_KINDS = ("legal", "winner", "hand-over", "score")


def engine_outcome(kind: str, witness: dict[str, Any], profile: Profile) -> Any:
    """What the engine gives for one kind of outcome at a witness, under ``profile``: the legal
    cards, the trick's winner, whether the hand is over, or the hand's score
    ``[made, team, points]``."""
    if kind == "score":
        contract = engine_contract(profile, 0, witness["bid"], witness["forced"])
        result = score_hand(compile_rules(profile), contract,
                            (witness["bidders_won"], witness["others_won"]))
        return [result.made, result.team, result.points]
    state = KoutState.from_json(witness["state"], profile)
    if kind == "legal":
        return [card_name(c) for c in state.legal_actions()]
    hand = state.hand_index
    state.apply_action(parse_card(witness["then"]))
    if kind == "winner":
        return last_trick_winner(state, hand)
    if kind == "hand-over":
        return state.hand_index != hand or state.is_terminal()
    raise ValueError(f"no example of kind {kind!r}")
