"""The JSON form of a state, and its strict reader.

Format ``trickrules/kout-state/1``; cards are written in the card notation (``AS``, ``10H``,
``RJ``) and suits as letters (``S H D C``)::

    {
      "format": "trickrules/kout-state/1",
      "game": "kout6", "profile": "kout6-default", "seed": 1,
      "hand_index": 0, "dealer": 2, "scores": [0, 0],
      "phase": "auction" | "trump" | "play" | "game-over",
      "hands": {"0": ["AS", ...], ...},          cards held now
      "auction": [{"seat": 3, "bid": 5}, {"seat": 4, "pass": true}, ...],
      "contract": null | {"seat": 3, "bid": 5, "forced": false, "malzoom": false},
      "trump": null | "H",
      "played": ["..."],                         every card of this hand's finished tricks
      "tricks_won": [0, 0],                      finished tricks won by team 0 and team 1
      "tricks": [{"leader": 3, "plays": [{"seat": 3, "card": "AS"}, ...], "winner": 4}],
      "trick": null | {"leader": 3, "plays": [...]},   the trick in progress
      "winner": null | 0 | 1,
      "history": [54, 59, ...]                   action ids applied since the state was made
    }

In a mid-hand situation ``tricks`` may list fewer tricks than were played (``played`` and
``tricks_won`` hold the totals) and ``auction`` may be empty. A game-over state has empty hands.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from trickrules.engine.codec import Reader, plays_json, read_card, read_int, read_trick
from trickrules.engine.errors import IllegalActionError, StateError
from trickrules.engine.kout import STATE_FORMAT
from trickrules.engine.kout.actions import NUM_ACTIONS
from trickrules.engine.kout.play import Contract, possible_winners
from trickrules.engine.kout.state import GAME_OVER, PLAY, TRUMP, KoutStateCore, KoutTable
from trickrules.engine.masks import cards_of
from trickrules.engine.trick import Trick
from trickrules.spec.cards import SUIT_LETTERS, card_name
from trickrules.spec.model import Profile

if TYPE_CHECKING:
    from trickrules.engine.kout.rules import Rules

MakeGame = Callable[[str, "Profile | str | None"], KoutTable]

FORMAT = STATE_FORMAT
PHASES = ("auction", "trump", "play", "game-over")


def _hand_json(state: KoutStateCore, players: int) -> dict[str, Any]:
    """The fields of the hand being dealt and bought: the cards held, the calls, the contract
    and the trump (empty once the game is over)."""
    over = state.phase == GAME_OVER
    return {
        "hands": {} if over else {
            str(seat): [card_name(c) for c in state.hand(seat)] for seat in range(players)},
        "auction": [] if over or state.auction is None else [
            {"seat": seat, "pass": True} if bid == 0 else {"seat": seat, "bid": bid}
            for seat, bid in state.auction.calls],
        "contract": None if over or state.contract is None else {
            "seat": state.contract.seat, "bid": state.contract.bid,
            "forced": state.contract.forced, "malzoom": state.contract.malzoom},
        "trump": None if over or state.trump is None else SUIT_LETTERS[state.trump],
    }


def _play_json(state: KoutStateCore, players: int) -> dict[str, Any]:
    """The fields of the play: the cards played, the tricks won, the finished tricks and the
    trick in progress (empty outside the play)."""
    position = state.position if state.phase == PLAY else None
    return {
        "played": [] if position is None else [card_name(c) for c in cards_of(position.played)],
        "tricks_won": [0, 0] if position is None else list(position.won),
        "tricks": [] if position is None else [
            {"leader": t.leader, "plays": plays_json(t.leader, t.cards, players),
             "winner": t.winner} for t in position.tricks],
        "trick": None if position is None else {
            "leader": position.leader,
            "plays": plays_json(position.leader, position.trick, players)},
    }


def state_to_json(state: KoutStateCore) -> dict[str, Any]:
    """The JSON form of ``state`` (a dict of JSON types)."""
    rules = state.rules
    players = rules.players
    data: dict[str, Any] = {
        "format": FORMAT,
        "game": rules.game_id,
        "profile": rules.profile_id,
        "seed": state.seed,
        "hand_index": state.hand_index,
        "dealer": state.dealer,
        "scores": list(state.scores),
        "phase": state.phase,
        **_hand_json(state, players),
        **_play_json(state, players),
        "winner": state.winner,
        "history": state.history(),
    }
    return data


def state_from_json(data: Any, profile: Profile | None, make_game: MakeGame) -> KoutStateCore:
    """Rebuild a state from :func:`state_to_json` output; raises :class:`StateError` whose
    message starts with the field (``state.hands[2]: ...``). Given ``profile``, the same facts
    are read under that profile's rules instead of the one the JSON names (so one situation
    can be judged under several rule sets). ``make_game`` makes the game (the state class is
    the game's ``state_class``)."""
    try:
        return _read_state(data, profile, make_game)
    except StateError as exc:
        message = str(exc)
        if message.startswith("state"):
            raise
        field = re.match(r"[a-z_]+(\[\d+\])*:", message)
        raise StateError(f"state.{message}" if field else f"state: {message}") from None


def _check_game_goes_on(rules: Rules, scores: tuple[int, int]) -> None:
    """A state still playing with totals at which the game was already won is refused
    (``game.target``, ``game.shutout``): its phase would be ``game-over``."""
    shut_out = rules.shutout is not None and any(
        scores[t] >= rules.shutout and scores[1 - t] == 0 for t in (0, 1))
    if max(scores) >= rules.target or shut_out:
        raise StateError(f"state.scores: at {scores[0]}-{scores[1]} the game is already won "
                         f"(target {rules.target}"
                         f"{'' if rules.shutout is None else f', shut-out {rules.shutout}-0'}); "
                         "such a state has phase 'game-over'")


def _read_game(read: Reader, profile: Profile | None, make_game: MakeGame) -> KoutTable:
    """The game a state belongs to: its format checked, the game it names made under
    ``profile`` or else the profile it names."""
    if read.get("format", str) != FORMAT:
        raise StateError(f"state.format: expected {FORMAT!r}")
    try:
        return make_game(read.get("game", str), profile or read.get("profile", str))
    except (KeyError, ValueError) as exc:
        raise StateError(f"state.game/profile: {exc}") from None


def _read_seating(read: Reader, players: int) -> tuple[int, int, int]:
    """The seed, the hand's index (not negative) and the dealer (a seat)."""
    seed = read.get("seed", int)
    hand_index = read.get("hand_index", int)
    if hand_index < 0:
        raise StateError(f"state.hand_index: {hand_index} is negative")
    dealer = read.get("dealer", int)
    if not 0 <= dealer < players:
        raise StateError(f"state.dealer: {dealer} is not a seat 0..{players - 1}")
    return seed, hand_index, dealer


def _read_scores(read: Reader) -> tuple[int, int]:
    """The two teams' scores, neither negative."""
    raw_scores = read.get("scores", list)
    if len(raw_scores) != 2:
        raise StateError("state.scores: expected two team scores")
    scores = (read_int(raw_scores[0], "state.scores[0]"),
              read_int(raw_scores[1], "state.scores[1]"))
    for team, score in enumerate(scores):
        if score < 0:
            raise StateError(f"state.scores[{team}]: {score} is negative; scores only grow")
    return scores


def _read_history(read: Reader) -> list[int]:
    """The action ids applied since the state was made, each a known action."""
    history = [read_int(a, f"state.history[{i}]")
               for i, a in enumerate(read.get("history", list, []))]
    if any(not 0 <= a < NUM_ACTIONS for a in history):
        raise StateError(f"state.history: action ids run from 0 to {NUM_ACTIONS - 1}")
    return history


def _read_hands(read: Reader, players: int) -> list[list[int]]:
    """Each seat's cards held, and no seat the game does not have."""
    raw_hands = read.get("hands", dict)
    hands = []
    for seat in range(players):
        cards = raw_hands.get(str(seat))
        if not isinstance(cards, list):
            raise StateError(f"state.hands[{seat}]: expected a list of cards")
        hands.append([read_card(t, f"state.hands[{seat}][{i}]") for i, t in enumerate(cards)])
    extra = set(raw_hands) - {str(s) for s in range(players)}
    if extra:
        raise StateError(f"state.hands: unknown seats {sorted(extra)}")
    return hands


def _read_state(data: Any, profile: Profile | None, make_game: MakeGame) -> KoutStateCore:
    """The state ``data`` describes, each field checked and the calls replayed."""
    read = Reader(data)
    game = _read_game(read, profile, make_game)
    rules = game.rules
    players = rules.players
    phase = read.get("phase", str)
    if phase not in PHASES:
        raise StateError(f"state.phase: {phase!r} is not one of {', '.join(PHASES)}")
    seed, hand_index, dealer = _read_seating(read, players)
    scores = _read_scores(read)
    history = _read_history(read)
    winner = read.get("winner", (int, type(None)), None)
    if phase == GAME_OVER:
        if winner not in (0, 1):
            raise StateError("state.winner: a game-over state needs winner 0 or 1")
        _check_game_over(read, players)
        state: KoutStateCore = game.new_initial_state(seed)
        state.dealer, state.hand_index, state.scores = dealer, hand_index, list(scores)
        state.auction = state.contract = state.position = None
        state.phase, state.winner, state._history = GAME_OVER, winner, history
        return state
    if winner is not None:
        raise StateError("state.winner: only a game-over state has a winner")
    _check_game_goes_on(rules, scores)
    hands = _read_hands(read, players)
    calls = read.get("auction", list, [])
    if phase == PLAY:
        state = _play_state(game, read, hands, dealer, seed, hand_index, scores)
        if calls:
            _replay_auction(game, state, calls, seed, dealer, hand_index, scores)
    else:
        state = game.state_class.from_deal(game, hands, dealer, seed=seed, hand_index=hand_index,
                                    scores=scores)
        _replay_bidding(read, state, calls, phase)
    state._history = history
    return state


def _replay_auction(game: KoutTable, state: KoutStateCore, calls: list[Any], seed: int,
                    dealer: int, hand_index: int, scores: tuple[int, int]) -> None:
    """The calls of a hand in play replayed on a fresh deal: they must finish the auction
    with the state's contract, and become the state's auction."""
    replay = game.state_class(game, seed, dealer, [0] * game.rules.players, hand_index, scores)
    _replay_calls(replay, calls)
    if replay.phase != TRUMP:
        raise StateError("state.auction: the calls do not finish the auction")
    _same_contract(state.contract or Contract(-1, 0, False, False), replay.contract)
    state.auction = replay.auction


def _replay_bidding(read: Reader, state: KoutStateCore, calls: list[Any], phase: str) -> None:
    """The calls of a hand being bought replayed on its deal: they must leave the auction
    open or finished as ``phase`` says, with the contract any the state names."""
    _replay_calls(state, calls)
    done = state.phase == TRUMP
    if done != (phase == TRUMP):
        raise StateError(f"state.auction: the calls leave the auction "
                         f"{'finished' if done else 'open'}, but phase is {phase!r}")
    raw_contract = read.get("contract", (dict, type(None)), None)
    if done and raw_contract is not None:
        _same_contract(_contract(raw_contract), state.contract)


def _contract(raw: Any) -> Contract:
    if not isinstance(raw, dict):
        raise StateError("state.contract: expected an object with seat, bid, forced, malzoom")
    forced, malzoom = raw.get("forced", False), raw.get("malzoom", False)
    if not isinstance(forced, bool) or not isinstance(malzoom, bool):
        raise StateError("state.contract: forced and malzoom must be true or false")
    return Contract(read_int(raw.get("seat"), "state.contract.seat"),
                    read_int(raw.get("bid"), "state.contract.bid"), forced, malzoom)


def _same_contract(given: Contract, derived: Contract | None) -> None:
    if derived != given:
        raise StateError(f"state.contract: {given} does not match the auction's {derived}")


def _check_game_over(read: Reader, players: int) -> None:
    """A game-over state holds no cards and no contract, and what it names is well formed."""
    for seat, cards in read.get("hands", dict, {}).items():
        if cards:
            raise StateError(f"state.hands[{seat}]: a game-over state has empty hands")
    trump = read.get("trump", (str, type(None)), None)
    if trump is not None and trump not in SUIT_LETTERS:
        raise StateError(f"state.trump: {trump!r} is not one of S H D C")
    for i, token in enumerate(read.get("played", list, [])):
        read_card(token, f"state.played[{i}]")
    for i, raw in enumerate(read.get("tricks", list, [])):
        read_trick(raw, f"state.tricks[{i}]", players)


def _replay_calls(state: KoutStateCore, calls: list[Any]) -> None:
    from trickrules.engine.kout.actions import PASS, bid_action

    for i, call in enumerate(calls):
        if not isinstance(call, dict):
            raise StateError(f"state.auction[{i}]: expected an object")
        seat = read_int(call.get("seat"), f"state.auction[{i}].seat")
        if seat != state.current_player():
            raise StateError(f"state.auction[{i}].seat: {seat} speaks out of turn "
                             f"(seat {state.current_player()} is to speak)")
        if ("pass" in call) == ("bid" in call) or call.get("pass", True) is not True:
            raise StateError(f"state.auction[{i}]: a call is exactly one of "
                             "{\"bid\": N} and {\"pass\": true}")
        action = PASS if "pass" in call else bid_action(
            read_int(call.get("bid"), f"state.auction[{i}].bid"))
        try:
            state.apply_action(action)
        except (IllegalActionError, ValueError) as exc:
            raise StateError(f"state.auction[{i}]: {exc}") from None


def _read_tricks_won(read: Reader) -> tuple[int, int]:
    """The finished tricks each team has won this hand (none when not given)."""
    won_raw = read.get("tricks_won", list, [0, 0])
    if len(won_raw) != 2:
        raise StateError("state.tricks_won: expected two counts")
    return (read_int(won_raw[0], "state.tricks_won[0]"),
            read_int(won_raw[1], "state.tricks_won[1]"))


def _finished_trick(rules: Rules, raw: Any, where: str, trump_letter: str,
                    played: list[int]) -> Trick:
    """A finished trick the state lists: all its cards, among those played, and a winner the
    rules allow for it."""
    players = rules.players
    t_leader, cards = read_trick(raw, where, players)
    if len(cards) != players:
        raise StateError(f"{where}: a finished trick has {players} cards")
    t_winner = read_int(raw.get("winner"), f"{where}.winner")
    if not 0 <= t_winner < players:
        raise StateError(f"{where}.winner: {t_winner} is not a seat 0..{players - 1}")
    if not set(cards) <= set(played):
        raise StateError(f"{where}: its cards must also be in state.played")
    can_win = possible_winners(rules, SUIT_LETTERS.index(trump_letter), t_leader, tuple(cards))
    if t_winner not in can_win:
        raise StateError(f"{where}.winner: seat {t_winner} cannot have won this "
                         f"trick; by the rules seat {' or '.join(map(str, sorted(can_win)))}"
                         " did")
    return Trick(t_leader, tuple(cards), t_winner)


def _play_state(game: KoutTable, read: Reader, hands: list[list[int]], dealer: int, seed: int,
                hand_index: int, scores: tuple[int, int]) -> KoutStateCore:
    players = game.rules.players
    contract = _contract(read.get("contract", dict))
    trump_letter = read.get("trump", str)
    if trump_letter not in SUIT_LETTERS or len(trump_letter) != 1:
        raise StateError(f"state.trump: {trump_letter!r} is not one of S H D C")
    played = [read_card(t, f"state.played[{i}]")
              for i, t in enumerate(read.get("played", list, []))]
    won = _read_tricks_won(read)
    raw_trick = read.get("trick", (dict, type(None)), None)
    leader, trick = (None, []) if raw_trick is None else read_trick(raw_trick, "state.trick",
                                                                        players)
    tricks = [_finished_trick(game.rules, raw, f"state.tricks[{i}]", trump_letter, played)
              for i, raw in enumerate(read.get("tricks", list, []))]
    if leader is None:
        leader = tricks[-1].winner if tricks else contract.seat
        if not tricks and won != (0, 0):
            raise StateError("state.trick: the leader of the next trick is unknown; give "
                             "state.trick with its leader and no plays")
    state = game.state_class.from_situation(
        game, hands=hands, trump=SUIT_LETTERS.index(trump_letter), contract=contract,
        dealer=dealer, leader=leader, trick=trick, played=played, tricks_won=won, seed=seed,
        hand_index=hand_index, scores=scores)
    assert state.position is not None
    state.position.tricks = tricks
    return state
