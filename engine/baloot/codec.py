"""The JSON form of a Baloot state, and its strict reader.

Format ``trickrules/baloot-state/1``; cards in the notation (``AS``, ``10H``, ``7C``), suits
as letters::

    {
      "format": "trickrules/baloot-state/1",
      "game": "baloot", "profile": "baloot-default", "seed": 1,
      "hand_index": 0, "deal_index": 0, "dealer": 2, "scores": [0, 0], "winner": null,
      "phase": "cut" | "auction" | "trump" | "double" | "play" | "game-over",
      "hands": {"0": ["AS", ...], ...},     cards held now (five each while buying)
      "public_card": "JD" | null,
      "stock": ["..."],                    cards not yet dealt, in dealing order
      "cutter": "cut" | null, "exposed": ["..."],
      "auction": [{"seat": 3, "round": 1, "call": "hokom", "trump": "D"}, ...],
      "doubling": [{"seat": 0, "call": "double"}, ...],
      "play": null | {
        "dealt": {"0": [eight cards], ...},   each seat's cards when play began
        "declared": [0, 3],                   seats that declared projects, in order
        "decided": [0, 1, 3],                 seats that chose, in order
        "tricks": [{"leader": 3, "plays": [{"seat": 3, "card": "AS"}, ...], "winner": 0}],
        "trick": {"leader": 0, "plays": [...]}
      },
      "history": [...]                      action ids applied since the state was made
    }

The reader replays the calls and the tricks under the profile's rules, so a state that could
not arise (an illegal call or card, a wrong trick winner, a card in two places) is refused with
the field named; it never trusts a derived fact it can compute.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from trickrules.engine.baloot import actions as act
from trickrules.engine.baloot.cards import NUM_CARDS, mask, name, names, parse
from trickrules.engine.baloot.deal import CUTTER_CHOICES, FirstDeal
from trickrules.engine.baloot.hand import Hand
from trickrules.engine.baloot.play import legal_mask, lock_binds
from trickrules.engine.baloot.state import AUCTION, CUT, DOUBLE, GAME_OVER, PLAY, TRUMP
from trickrules.engine.codec import Reader, plays_json, read_card, read_int, read_trick
from trickrules.engine.errors import EngineError, StateError
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.model import Profile

FORMAT = "trickrules/baloot-state/1"
PHASES = (CUT, AUCTION, TRUMP, DOUBLE, PLAY, GAME_OVER)
_CALLS = {"pass": act.PASS, "sun": act.SUN, "ashkal": act.ASHKAL, "kawesh": act.KAWESH,
          "hokom": act.HOKOM}


def _seat_cards(masks: list[int]) -> dict[str, list[str]]:
    return {str(seat): names(m) for seat, m in enumerate(masks)}


def _auction_json(state: Any, dealing: bool) -> list[dict[str, Any]]:
    """The buying calls made so far, a named trump as its suit letter (none before a deal)."""
    calls = []
    if state.auction is not None and dealing:
        for call in state.auction.calls:
            row = dict(call)
            if "trump" in row:
                row["trump"] = SUIT_LETTERS[int(row["trump"])]
            calls.append(row)
    return calls


def _deal_json(state: Any, dealing: bool, calls: list[dict[str, Any]]) -> dict[str, Any]:
    """The fields of the deal and its buying: the public card, the stock, the cut, the
    auction's ``calls`` and the doubling (empty before a deal and once the game is over)."""
    return {
        "public_card": name(state.public) if dealing else None,
        "stock": ([name(c) for c in state.order] if state.phase == CUT else
                  [name(c) for c in state.rest] if state.phase == AUCTION else []),
        "cutter": state.cut_choice if dealing else None,
        "exposed": [name(c) for c in state.exposed] if dealing else [],
        "auction": calls,
        "doubling": [dict(call) for call in state.doubling.calls]
        if state.doubling is not None and dealing else [],
    }


def _play_json(hand: Hand) -> dict[str, Any]:
    """The ``play`` field of a hand being played: the cards dealt, the project decisions, the
    finished tricks and the trick in progress."""
    return {
        "dealt": _seat_cards(hand.dealt),
        "declared": [s for s in hand.decided if s in hand.declared],
        "decided": list(hand.decided),
        "tricks": [{"leader": t.leader, "plays": plays_json(t.leader, t.cards, 4, name),
                    "winner": t.winner} for t in hand.tricks],
        "trick": {"leader": hand.leader, "plays": plays_json(hand.leader, hand.trick, 4,
                                                              name)},
    }


def state_to_json(state: Any) -> dict[str, Any]:
    """The JSON form of ``state`` (a dict of JSON types)."""
    dealing = state.phase in (AUCTION, TRUMP, DOUBLE, PLAY)
    calls = _auction_json(state, dealing)
    data: dict[str, Any] = {
        "format": FORMAT, "game": "baloot", "profile": state.rules.profile_id,
        "seed": state.seed, "hand_index": state.hand_index, "deal_index": state.deal_index,
        "dealer": state.dealer, "scores": list(state.scores), "winner": state.winner,
        "phase": state.phase,
        "hands": _seat_cards(state.hands),
        **_deal_json(state, dealing, calls),
        "play": None,
        "history": list(state.history()),
    }
    hand = state.hand
    if hand is not None and state.phase == PLAY:
        data["play"] = _play_json(hand)
    return data


def _seat(value: Any, where: str) -> int:
    seat = read_int(value, where)
    if not 0 <= seat < 4:
        raise StateError(f"{where}: {seat} is not a seat 0..3")
    return seat


def _cards(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise StateError(f"{where}: expected a list of cards")
    cards = [read_card(token, f"{where}[{i}]", parse) for i, token in enumerate(value)]
    if len(set(cards)) != len(cards):
        raise StateError(f"{where}: a card is listed twice")
    return cards


def _seat_map(value: Any, where: str) -> list[int]:
    if not isinstance(value, dict) or sorted(value) != ["0", "1", "2", "3"]:
        raise StateError(f"{where}: expected an object with seats \"0\" to \"3\"")
    return [mask(_cards(value[str(seat)], f"{where}.{seat}")) for seat in range(4)]


def _apply(state: Any, action: int, where: str) -> None:
    try:
        state.apply_action(action)
    except EngineError as exc:
        raise StateError(f"{where}: {exc}") from None


def _call_action(state: Any, entry: dict[str, Any], at: str) -> int:
    """The action a recorded call stands for."""
    call = entry.get("call")
    named = call == "trump" or (call == "hokom" and state.auction is not None
                                and state.auction.round == 2
                                and state.rules.second_hokom_named_with_bid)
    if named:
        suit = entry.get("trump")
        if not isinstance(suit, str) or suit not in SUIT_LETTERS:
            raise StateError(f"{at}.trump: expected one of S, H, D, C")
        return act.SUIT_BASE + SUIT_LETTERS.index(suit)
    if isinstance(call, str) and call in _CALLS:
        return _CALLS[call]
    found = [a for a in range(act.DOUBLE, act.GAHWA + 1) if act.action_name(a) == call]
    if not found:
        raise StateError(f"{at}.call: unknown call {call!r}")
    return found[0]


def _replay_calls(state: Any, raw: Any, where: str) -> None:
    if not isinstance(raw, list):
        raise StateError(f"{where}: expected a list of calls")
    for i, entry in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(entry, dict):
            raise StateError(f"{at}: expected an object with seat and call")
        action = _call_action(state, entry, at)
        seat = _seat(entry.get("seat"), f"{at}.seat")
        if seat != state.current_player():
            raise StateError(f"{at}.seat: {seat} is out of turn "
                             f"(expected {state.current_player()})")
        _apply(state, action, at)


def state_from_json(data: Any, profile: Profile | None, make_game: Callable[..., Any]) -> Any:
    """Rebuild a state of the game ``make_game("baloot", profile)`` makes; bad input raises
    :class:`StateError` naming the field."""
    r = Reader(data)
    game = _read_game(r, profile, make_game)
    phase = r.get("phase", str)
    if phase not in PHASES:
        raise StateError(f"state.phase: {phase!r} is not one of {', '.join(PHASES)}")
    seed = read_int(r.get("seed", int), "state.seed")
    dealer = _seat(r.get("dealer", int), "state.dealer")
    scores, indices = _read_totals(r)
    if phase != GAME_OVER:
        _check_game_goes_on(game.rules, scores)
    state = game.state_class.__new__(game.state_class)
    state.game, state.rules, state.seed = game, game.rules, seed
    state.scores, state.winner, state.records, state._history = list(scores), None, [], []
    state.dealer, state.hand_index, state.deal_index = dealer, indices[0], indices[1]
    state._new_deal()
    try:
        _read_phase(state, r, phase)
    except StateError as exc:
        if str(exc).startswith("state.phase"):
            raise
        # a field that does not fit the phase: the phase may be the mistake as well
        raise StateError(f"{exc} (as read for state.phase {phase!r})") from None
    state._history = _read_history(r)
    return state


def _read_phase(state: Any, r: Reader, phase: str) -> None:
    """The fields of ``phase``: the result, the cut, or the hand being bought or played."""
    if phase == GAME_OVER:
        _game_over(state, r)
    elif phase == CUT:
        _read_cut(state, r)
    else:
        _read_hand(state, r, phase)


def _read_game(r: Reader, profile: Profile | None, make_game: Callable[..., Any]) -> Any:
    """The game a state belongs to: its format and game checked, made under ``profile`` or
    else the profile the state names."""
    if r.get("format", str) != FORMAT:
        raise StateError(f"state.format: expected {FORMAT!r}")
    if r.get("game", str) != "baloot":
        raise StateError("state.game: expected 'baloot'")
    try:
        return make_game("baloot", profile if profile is not None else r.get("profile", str))
    except (KeyError, ValueError) as exc:
        raise StateError(f"state.profile: {exc.args[0]}") from None


def _read_totals(r: Reader) -> tuple[list[Any], list[int]]:
    """The two sides' scores and the hand and deal indices, none of them below 0."""
    scores = r.get("scores", list)
    if len(scores) != 2 or any(read_int(s, "state.scores") < 0 for s in scores):
        raise StateError("state.scores: expected two points totals of at least 0")
    indices = [read_int(r.get(k, int), f"state.{k}") for k in ("hand_index", "deal_index")]
    if min(indices) < 0:
        raise StateError("state.hand_index / deal_index: expected numbers of at least 0")
    return scores, indices


def _read_history(r: Reader) -> list[int]:
    """The action ids applied since the state was made, each a known action."""
    history = r.get("history", list, [])
    actions = [read_int(a, f"state.history[{i}]") for i, a in enumerate(history)]
    if any(not 0 <= a < act.NUM_ACTIONS for a in actions):
        raise StateError(f"state.history: an action id is outside 0..{act.NUM_ACTIONS - 1}")
    return actions


def _check_game_goes_on(rules: Any, scores: list[int]) -> None:
    """A state still playing with totals at which the game has already been won is refused
    (``game.target``, ``game.both-reach``): its phase would be ``game-over``."""
    from trickrules.engine.baloot.scoring import game_winner

    if game_winner(rules, (scores[0], scores[1]), None, None) is not None:
        raise StateError(f"state.scores: at {scores[0]}-{scores[1]} the game is already won "
                         f"(target {rules.target}); such a state has phase 'game-over'")


def _game_over(state: Any, r: Reader) -> None:
    winner = r.get("winner", int)
    if winner not in (0, 1):
        raise StateError("state.winner: expected 0 or 1 when the game is over")
    state.phase, state.winner, state.hands = GAME_OVER, winner, [0, 0, 0, 0]


def _read_cut(state: Any, r: Reader) -> None:
    if not state.rules.cutter_chooses:
        raise StateError("state.phase: 'cut' needs deal.cut = cutter-chooses")
    order = _cards(r.get("stock", list), "state.stock")
    if len(order) != NUM_CARDS:
        raise StateError("state.stock: the pack before the cut holds all 32 cards")
    state.order = order


def _read_hand(state: Any, r: Reader, phase: str) -> None:
    public = read_card(r.get("public_card", str), "state.public_card", parse)
    exposed = _cards(r.get("exposed", list, []), "state.exposed")
    cutter = r.get("cutter", (str, type(None)), "cut")
    if cutter not in (*CUTTER_CHOICES, None):
        raise StateError(f"state.cutter: {cutter!r} is not a cutter's choice")
    raw_play = r.get("play", (dict, type(None)), None)
    if phase == AUCTION:
        hands, stock = _read_first_deal(r, public)
    else:
        dealt = _read_dealt(r, raw_play, phase)
        hands, stock = [h & ~(1 << public) for h in dealt], []
    state.load_deal(FirstDeal((hands[0], hands[1], hands[2], hands[3]), public,
                              tuple(stock)))
    state.cut_choice, state.exposed = cutter, exposed
    if phase != AUCTION:
        state.preset_deal = dealt
    _replay_calls(state, r.get("auction", list, []), "state.auction")
    if state.phase in (DOUBLE, PLAY):
        _replay_calls(state, r.get("doubling", list, []), "state.doubling")
    if state.phase != phase:
        raise StateError(f"state.phase: the calls lead to phase {state.phase!r}, not {phase!r}")
    if phase == PLAY:
        assert raw_play is not None
        _replay_play(state, raw_play)
    held = _seat_map(r.get("hands", dict), "state.hands")
    if held != state.hands:
        raise StateError("state.hands: the cards held do not match the deal and the cards "
                         "played")


def _read_first_deal(r: Reader, public: int) -> tuple[list[int], list[int]]:
    """The hands and the stock while buying: five cards a seat and eleven in the stock, every
    card in one place only."""
    hands = _seat_map(r.get("hands", dict), "state.hands")
    stock = _cards(r.get("stock", list), "state.stock")
    _check_places("state.hands", hands, [public], stock)
    if any(h.bit_count() != 5 for h in hands) or len(stock) != 11:
        raise StateError("state.hands: while buying each seat holds five cards, "
                         "with eleven in the stock")
    return hands, stock


def _read_dealt(r: Reader, raw_play: dict[str, Any] | None, phase: str) -> list[int]:
    """Each seat's eight cards once a contract is bought: those play began with, or the cards
    held before play."""
    if raw_play is None and phase == PLAY:
        raise StateError("state.play: missing")
    where = "state.play.dealt" if raw_play is not None else "state.hands"
    dealt = _seat_map(raw_play.get("dealt") if raw_play is not None
                      else r.get("hands", dict), where)
    _check_places(where, dealt, [], [])
    if any(h.bit_count() != 8 for h in dealt):
        raise StateError(f"{where}: in phase {phase!r} each seat holds eight cards (the "
                         "deal is complete once a contract is bought; a state still "
                         "buying has phase 'auction')")
    return dealt


def _check_places(where: str, hands: list[int], extra: list[int], stock: list[int]) -> None:
    """Every card in one place only: the seats' hands, the public card, the stock."""
    places = [(f"{where}.{seat}", m) for seat, m in enumerate(hands)]
    places += [("state.public_card", mask(extra)), ("state.stock", mask(stock))]
    seen: dict[int, str] = {}
    for label, m in places:
        for c in range(NUM_CARDS):
            if m >> c & 1:
                if c in seen:
                    raise StateError(f"{label}: card {name(c)} is also in {seen[c]}")
                seen[c] = label


def _read_decisions(raw: dict[str, Any]) -> tuple[list[int], set[int]]:
    """The seats that chose whether to declare projects, in order, and those that declared."""
    declared = raw.get("declared", [])
    decided = raw.get("decided", [])
    for key, value in (("declared", declared), ("decided", decided)):
        if not isinstance(value, list):
            raise StateError(f"state.play.{key}: expected a list of seats")
    decided = [_seat(s, f"state.play.decided[{i}]") for i, s in enumerate(decided)]
    declared = {_seat(s, f"state.play.declared[{i}]") for i, s in enumerate(declared)}
    if len(set(decided)) != len(decided) or not declared <= set(decided):
        raise StateError("state.play.declared: each seat decides once; a seat that declared "
                         "must be among those that decided")
    return decided, declared


def _replay_card(state: Any, c: int, at: str, decided: list[int], declared: set[int]) -> None:
    """One recorded card played, its seat first deciding on its projects if it must; a card
    the rules do not allow is refused."""
    hand: Hand = state.hand
    seat = hand.to_move
    if not hand.tricks and seat not in hand.decided and hand.offers(state.rules, seat):
        if seat not in decided:
            raise StateError(f"{at}: seat {seat} plays before deciding "
                             "whether to declare projects")
        hand.declare(seat, hand.offers(state.rules, seat) if seat in declared else ())
    if not legal_mask(state.rules, state.hands[seat], hand.trick, hand.trump,
                      lock_binds(state.rules, hand.locked, seat, hand.declarer)) >> c & 1:
        raise StateError(f"{at}.card: {name(c)} is not a legal play")
    hand.play(state.rules, state.hands, c)


def _replay_trick(state: Any, trick: Any, at: str, finished: bool, decided: list[int],
                  declared: set[int]) -> None:
    """One recorded trick replayed (``finished``: one of the four-card tricks, else the trick
    in progress), its leader and any winner it names checked against the rules."""
    hand: Hand = state.hand
    leader, cards = read_trick(trick, at, 4, parse)
    if leader != hand.leader:
        raise StateError(f"{at}.leader: {leader} does not lead (expected {hand.leader})")
    if (len(cards) == 4) != finished:
        raise StateError(f"{at}.plays: a finished trick has four cards, the trick in "
                         "progress fewer")
    for j, c in enumerate(cards):
        _replay_card(state, c, f"{at}.plays[{j}]", decided, declared)
    if finished and isinstance(trick, dict) and "winner" in trick:
        claimed = _seat(trick["winner"], f"{at}.winner")
        if claimed != hand.tricks[-1].winner:
            raise StateError(f"{at}.winner: seat {hand.tricks[-1].winner} wins this trick "
                             f"by the rules, not {claimed}")


def _replay_decisions(state: Any, decided: list[int], declared: set[int]) -> None:
    """Before the first card, the recorded project decisions not yet made by a card played;
    the decisions then checked to be in the order of play."""
    hand: Hand = state.hand
    if not hand.tricks:
        for seat in decided:
            if seat not in hand.decided:
                if not hand.offers(state.rules, seat):
                    raise StateError(f"state.play.decided: seat {seat} holds no project")
                hand.declare(seat, hand.offers(state.rules, seat) if seat in declared else ())
    if hand.decided != decided:
        raise StateError(f"state.play.decided: the seats decide in the order of play "
                         f"({hand.decided}), not {decided}")


def _replay_play(state: Any, raw: dict[str, Any]) -> None:
    """The recorded play replayed under the rules: project decisions, finished tricks and the
    trick in progress."""
    hand: Hand = state.hand
    decided, declared = _read_decisions(raw)
    tricks = raw.get("tricks", [])
    if not isinstance(tricks, list) or len(tricks) > 8:
        raise StateError("state.play.tricks: expected a list of at most 8 tricks")
    for i, trick in enumerate([*tricks, raw.get("trick") or {"leader": hand.leader,
                                                               "plays": []}]):
        at = f"state.play.tricks[{i}]" if i < len(tricks) else "state.play.trick"
        _replay_trick(state, trick, at, i < len(tricks), decided, declared)
    _replay_decisions(state, decided, declared)
    if hand.over:
        raise StateError("state.play.tricks: eight finished tricks end the hand")
