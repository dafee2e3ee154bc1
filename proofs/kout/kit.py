"""Kout's proof kit: the theorems and the kinds of outcome the shared machinery runs."""

from __future__ import annotations

from dataclasses import dataclass

from proofs.divergence import Kind
from proofs.kit import Theorem
from proofs.kout.kinds_play import HandOver, LegalCards, TrickWinner
from proofs.kout.kinds_rules import AuctionCalls, Deal, GameEnd, HandScore, NextDealer
from proofs.kout.theorems import THEOREMS


@dataclass(frozen=True)
class KoutKit:
    """Kout Bo (Kout 6 and Kout 4)."""

    family: str = "kout"
    theorems: tuple[Theorem, ...] = THEOREMS
    kinds: tuple[Kind, ...] = (Deal(), NextDealer(), AuctionCalls(), LegalCards(),
                               TrickWinner(), HandOver(), HandScore(), GameEnd())
    """The deal, the next dealer, auction legality, card legality, the trick winner, whether
    the hand goes on, the hand's score and the game's end."""


KIT = KoutKit()
