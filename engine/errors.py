"""Typed errors of the engine: each names what was wrong and where."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises for bad input."""


class ProfileError(EngineError):
    """A profile the engine cannot play (symbolic, inconsistent deck, unknown reading)."""


class StateError(EngineError):
    """A situation or JSON state that cannot occur; the message names the field."""


class IllegalActionError(EngineError):
    """An action the rules forbid; the state it was tried on is left unchanged.

    ``action`` is the action id, ``seat`` the player who tried it, ``rule`` the id of the
    rule parameter that forbids it.
    """

    def __init__(self, action: int, action_text: str, seat: int, rule: str, why: str,
                 state: str) -> None:
        self.action = action
        self.seat = seat
        self.rule = rule
        self.why = why
        super().__init__(
            f"illegal action {action_text} ({action}) by seat {seat}: {why} [rule {rule}]"
            f" in state: {state}"
        )
