"""Auction rules by rule id: shape, passing, the dealer's forced bid, Malzoom."""

from __future__ import annotations

import pytest
from helpers import variant

from trickrules.engine.errors import IllegalActionError
from trickrules.engine.kout.actions import PASS, action_bid, bid_action, is_bid
from trickrules.engine.kout.game import KoutGame, KoutState
from trickrules.engine.kout.state import TRUMP


def _bids(state: KoutState) -> list[int | str]:
    return ["pass" if a == PASS else action_bid(a) for a in state.legal_actions()]


def _call(state: KoutState, *calls: int | str) -> KoutState:
    for call in calls:
        state.apply_action(PASS if call == "pass" else bid_action(int(call)))
    return state


def test_auction_shape_single_round_starts_after_dealer_and_ends_with_dealer() -> None:
    state = KoutGame("kout6").new_initial_state(7)
    dealer = state.dealer
    assert state.current_player() == (dealer + 1) % 6
    _call(state, 5, "pass", 6, "pass", "pass")
    assert state.current_player() == dealer
    _call(state, "pass")
    assert state.phase == TRUMP
    assert state.contract is not None
    assert (state.contract.seat, state.contract.bid) == ((dealer + 3) % 6, 6)


def test_auction_bid_must_exceed() -> None:
    state = _call(KoutGame("kout6").new_initial_state(1), 7)
    assert _bids(state) == [8, 9, "pass"]
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(bid_action(7))
    assert info.value.rule == "auction.bid-must-exceed"


def test_auction_bid_range() -> None:
    state = KoutGame("kout6").new_initial_state(1)
    assert _bids(state) == [5, 6, 7, 8, 9, "pass"]


def test_auction_bawan_ends_the_auction() -> None:
    state = _call(KoutGame("kout6").new_initial_state(3), "pass", 9)
    assert state.phase == TRUMP
    assert state.contract is not None and state.contract.bid == 9


def test_auction_dealer_forced_bid_at_least_5() -> None:
    state = _call(KoutGame("kout6").new_initial_state(2), *["pass"] * 5)
    assert _bids(state) == [5, 6, 7, 8, 9]
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(PASS)
    assert info.value.rule == "auction.dealer-forced-bid"
    _call(state, 7)
    assert state.contract is not None
    assert state.contract.forced and not state.contract.malzoom


def test_auction_dealer_forced_bid_exactly_5() -> None:
    state = _call(variant(auction__dealer_forced_bid="exactly-5").new_initial_state(2),
                  *["pass"] * 5)
    assert _bids(state) == [5]


def test_auction_malzoom_forced_5() -> None:
    state = _call(KoutGame("kout6").new_initial_state(2), *["pass"] * 5, 5)
    assert state.contract is not None and state.contract.malzoom


def test_auction_malzoom_any_forced() -> None:
    state = _call(variant(auction__malzoom="any-forced").new_initial_state(2),
                  *["pass"] * 5, 7)
    assert state.contract is not None and state.contract.malzoom


def test_auction_shape_continuing_with_final_passes() -> None:
    state = variant(auction__shape="continuing").new_initial_state(5)
    first = state.current_player()
    _call(state, 5, 6, "pass", "pass", "pass", "pass")
    # seat `first` was outbid and has not passed: it speaks again
    assert state.current_player() == first
    _call(state, 7)
    assert state.current_player() == (first + 1) % 6
    _call(state, "pass")
    assert state.contract is not None and (state.contract.seat, state.contract.bid) == (first, 7)


def test_auction_pass_may_re_enter() -> None:
    state = variant(auction__shape="continuing", auction__pass="may-re-enter").new_initial_state(5)
    first = state.current_player()
    _call(state, "pass", 5, "pass", "pass", "pass", "pass")
    # the seat that passed first speaks again and may now bid
    assert state.current_player() == first
    assert 6 in _bids(state)
    _call(state, 6, *["pass"] * 5)
    assert state.contract is not None and (state.contract.seat, state.contract.bid) == (first, 6)


def test_auction_kout4_forced_after_three_passes() -> None:
    state = _call(KoutGame("kout4").new_initial_state(9), "pass", "pass", "pass")
    assert state.current_player() == state.dealer
    assert all(is_bid(a) for a in state.legal_actions())


def test_contract_trump_choice_and_first_lead() -> None:
    state = _call(KoutGame("kout6").new_initial_state(4), 6, *["pass"] * 5)
    assert state.contract is not None
    declarer = state.contract.seat
    assert state.current_player() == declarer
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        "trump S", "trump H", "trump D", "trump C"]
    state.apply_action(state.legal_actions()[1])
    assert state.current_player() == declarer and state.trump == 1
