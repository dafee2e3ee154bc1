"""Shared test helpers: variant games and hand-written mid-hand situations."""

from __future__ import annotations

import functools
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.play import Contract
from trickrules.engine.masks import JOKER_MASK, SUIT_MASK, iter_cards, mask_of
from trickrules.proofs.conformance.suite import SuiteData, load_suite, suite_dir
from trickrules.spec.cards import parse_card, parse_cards, parse_suit
from trickrules.spec.errors import SpecError
from trickrules.spec.loader import family_catalogue, load_catalogue
from trickrules.spec.registry import family_dir

DISPUTES = {"kout": 53, "baloot": 116}
"""How many disputes each family's rule data raises (the sources' and the house readings'),
pinned so that a reading or claim that adds or removes one is noticed."""


def variant(game_id: str = "kout6", **overrides: str) -> KoutGame:
    """The game's default profile with parameters overridden (``joker__lead_by_bid="never"``
    stands for ``joker.lead-by-bid``)."""
    base = family_catalogue("kout").default_profile(game_id)
    named = {key.replace("__", ".").replace("_", "-"): value for key, value in overrides.items()}
    return KoutGame(game_id, base.derive(f"{game_id}-test", named))


def situation(game: KoutGame | None = None, *, hands: Mapping[int, str], trump: str = "S",
              declarer: int = 0, bid: int = 5, forced: bool = False, leader: int = 0,
              trick: str = "", won: tuple[int, int] | None = None,
              malzoom: bool = False) -> KoutState:
    """A mid-hand state: ``hands`` gives each seat's cards; every other card is in earlier tricks.

    The number of earlier tricks follows from the hand sizes; by default they are all counted
    for the team that does not hold the contract.
    """
    game = game or KoutGame("kout6")
    rules = game.rules
    held = [parse_cards(hands.get(seat, "")) for seat in range(rules.players)]
    trick_cards = parse_cards(trick)
    to_move = (leader + len(trick_cards)) % rules.players
    size_now = len(held[to_move]) if to_move in hands else max(len(h) for h in held)
    done = rules.hand_size - size_now
    used = mask_of(c for hand in held for c in hand) | mask_of(trick_cards)
    spare = rules.deck_mask & ~used & ~JOKER_MASK & ~SUIT_MASK[parse_suit(trump)]
    filler = sorted(iter_cards(spare), key=lambda c: (c % 13, c))
    for offset in range(rules.players):
        seat = (leader + offset) % rules.players
        if seat not in hands:
            need = size_now - (1 if offset < len(trick_cards) else 0)
            held[seat], filler = filler[:need], filler[need:]
            used |= mask_of(held[seat])
    played = list(iter_cards(rules.deck_mask & ~used))
    if won is None:
        won = (done, 0) if declarer % 2 == 1 else (0, done)
    return KoutState.from_situation(
        game, hands=held, trump=parse_suit(trump),
        contract=Contract(declarer, bid, forced, malzoom),
        dealer=(declarer - 1) % rules.players, leader=leader, trick=trick_cards, played=played,
        tricks_won=won)


def names(cards: Sequence[int]) -> list[str]:
    """Card names of a list of card ids."""
    from trickrules.spec.cards import card_name

    return [card_name(c) for c in cards]


def legal(state: KoutState) -> list[str]:
    """The legal actions of a play-phase state, as card names."""
    return names(state.legal_actions())


def play(state: KoutState, cards: str) -> KoutState:
    """Apply each card in turn; returns the state."""
    for token in cards.split():
        state.apply_action(parse_card(token))
    return state


def edit_spec(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` with ``new`` in a spec file; returns the 1-based line."""
    text = path.read_text(encoding="utf-8")
    index = text.index(old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:index].count("\n") + 1


def spec_error(directory: Path) -> SpecError:
    """The error loading a spec directory raises (the test fails if it loads)."""
    with pytest.raises(SpecError) as info:
        load_catalogue(directory)
    return info.value


def cli_help() -> list[str]:
    """The command-line reference page of the rulebook, as the ``rulebook`` command makes it."""
    from trickrules.cli.main import build_parser
    from trickrules.rulebook.cli_page import cli_page

    return cli_page(build_parser())


def copy_family(family: str, destination: Path) -> Path:
    """A private copy of one family's shipped rule data (its TOML and JSON files and its
    example situations), for tests that break it."""
    shutil.copytree(family_dir(family), destination, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    return destination


@functools.cache
def shipped_suite(family: str) -> SuiteData:
    """A family's shipped conformance suite, read once per test process (about a second for
    Kout's 20,155 vectors): for tests that only read it, never change it."""
    return load_suite(suite_dir(family))


README = Path(__file__).resolve().parent.parent / "README.md"


def readme_blocks(language: str) -> list[str]:
    """The README's code blocks in ``language`` (``python``, ``sh``), one text each."""
    text = README.read_text(encoding="utf-8")
    return [part.split("```", 1)[0] for part in text.split(f"```{language}")[1:]]
