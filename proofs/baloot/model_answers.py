"""The Z3 model's answers at a rule example: the legal cards or calls, each trick's winner, the
hand's score and the game's winner, and the hands once the deal is complete.

The model is given only facts: the cards held and played, the calls made, who leads and who
bought, read from the example's state and from the engine's record of the hand as the actions
are played through its public API. What those facts mean (which card wins, what it is worth,
which call is allowed, who gets which card) comes from :mod:`trickrules.proofs.baloot.model`,
:mod:`trickrules.proofs.baloot.auction_z3`, :mod:`trickrules.proofs.baloot.scoring` and
:mod:`trickrules.proofs.baloot.projects`, all written from ``spec/baloot/``. A question the model
does not cover at that situation raises :class:`~trickrules.proofs.kit.ModelSilentError`; it is
never answered by the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trickrules.proofs.baloot import auction_z3 as az
from trickrules.proofs.baloot import projects as pj
from trickrules.proofs.baloot.doubling import calls, doubling_graph
from trickrules.proofs.baloot.model import (
    HOKOM,
    NO_TRUMP,
    SUN,
    card_name,
    card_of,
    card_points,
    last_trick_points,
    legal,
    lock_binds,
    rank,
    winner_is,
)
from trickrules.proofs.baloot.projects import baloot_counts, declared_groups
from trickrules.proofs.baloot.scoring import Hand, game_winner, score
from trickrules.proofs.kit import ModelSilentError
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.model import Profile

_BID_CALLS = {"pass": az.PASS, "sun": az.SUN, "ashkal": az.ASHKAL, "kawesh": az.KAWESH}
KAWESH_RANKS = (0, 1, 2)
"""7, 8 and 9 in the model's order of ranks: the cards of a Kawesh hand."""


def _trump(letter: str | None) -> int:
    return NO_TRUMP if letter is None else SUIT_LETTERS.index(letter)


def _winner(sp: SymbolicProfile, leader: int, cards: Sequence[str], trump: int) -> int:
    """The seat whose card wins a complete trick, by the model."""
    ids = [card_of(c) for c in cards]
    wins = [k for k in range(4) if winner_is(sp, ids, trump, k) is True]
    if len(wins) != 1:
        raise ModelSilentError(f"the model names {len(wins)} winners of the trick {list(cards)}")
    return (leader + wins[0]) % 4


def _legal_cards(sp: SymbolicProfile, data: dict[str, Any], state: Any) -> list[str]:
    if state.legal_actions() and state.legal_actions()[0] >= 32:
        raise ModelSilentError("the player to move first decides on projects, which the model "
                          "does not rule on")
    play = data["play"]
    trick = [p["card"] for p in (play.get("trick") or {}).get("plays", [])]
    leader = (play.get("trick") or {}).get("leader", state.hand.leader)
    mover = str((leader + len(trick)) % 4)
    hand = [card_of(c) for c in data["hands"][mover]]
    flags = [c in hand for c in range(32)]
    trump = _trump(_contract(data)[1])
    return [card_name(c) for c in sorted(hand)
            if legal(sp, flags, [card_of(c) for c in trick], trump,
                     lock_binds(sp, state.hand.locked, int(mover), state.hand.declarer), c)
            is True]


def _contract(data: dict[str, Any]) -> tuple[str, str | None]:
    """The contract and trump the calls of the state name (the last Sun or Hokom)."""
    contract: tuple[str, str | None] = ("none", None)
    for call in data.get("auction", []):
        if call["call"] in ("sun", "ashkal"):
            contract = ("sun", None)
        elif call["call"] == "hokom" or str(call["call"]).startswith("suit-"):
            contract = ("hokom", call.get("trump") or data["public_card"][-1])
    return contract


def _call(entry: dict[str, Any], public_suit: str) -> int:
    name = entry["call"]
    if name in _BID_CALLS:
        return _BID_CALLS[name]
    if name == "hokom" and entry.get("round", 1) == 2 and entry.get("trump"):
        others = [s for s in SUIT_LETTERS if s != public_suit]
        return az.OTHER_SUIT[others.index(entry["trump"])]
    if name == "hokom":
        return az.HOKOM
    raise ModelSilentError(f"the model has no buying call {name!r}")


def _call_name(call: int, public_suit: str) -> str:
    if call in az.OTHER_SUIT:
        others = [s for s in SUIT_LETTERS if s != public_suit]
        return f"suit-{others[az.OTHER_SUIT.index(call)]}"
    return az.CALL_NAMES[call]


def _buying(sp: SymbolicProfile, data: dict[str, Any], calls: Sequence[dict[str, Any]]) -> tuple[
        az.Buying, list[bool]]:
    """The model's buying after ``calls`` from the start, and each priority's Kawesh flag
    (whether the public card is an Ace is :func:`_public_ace`)."""
    dealer, public = int(data["dealer"]), data["public_card"]
    kawesh = [all(rank(card_of(c)) in KAWESH_RANKS for c in data["hands"][str(_seat(dealer, p))])
              for p in range(4)]
    ace = _public_ace(data)
    b = az.start()
    for entry in calls:
        b = az.after(sp, b, _call(entry, public[-1]), ace)
    return b, kawesh


def _public_ace(data: dict[str, Any]) -> bool:
    """Whether the public card is an Ace."""
    return bool(rank(card_of(data["public_card"])) == 7)


def _seat(dealer: int, priority: int) -> int:
    """The seat of a priority: 0 is the dealer's right."""
    return (dealer + 1 + priority) % 4


def _legal_calls(sp: SymbolicProfile, data: dict[str, Any], state: Any) -> list[str]:
    """The calls the model allows the next speaker after the state's calls."""
    public = data["public_card"]
    b, kawesh = _buying(sp, data, data.get("auction", []))
    if b.end != az.OPEN:
        return []
    speaker = _seat(int(data["dealer"]), int(az.speaker(b)))
    if speaker != state.current_player():
        raise ModelSilentError(f"the model has seat {speaker} to speak, the state seat "
                          f"{state.current_player()}")
    return sorted(_call_name(c, public[-1]) for c in az.CALLS
                  if az.allowed(sp, b, c, tuple(kawesh), _public_ace(data)) is True)


def _legal_doubling(sp: SymbolicProfile, profile: Profile, data: dict[str, Any]) -> list[str]:
    """The doubling calls the model's ladder (:mod:`trickrules.proofs.baloot.doubling`) opens after
    the state's buying, at its scores, once the doubling calls made so far are followed."""
    b, _ = _buying(sp, data, data.get("auction", []))
    if b.end != az.CONTRACT:
        raise ModelSilentError("the buying does not end in a contract in the model")
    hokom = int(b.bid) != az.SUN_BID
    buyers = _seat(int(data["dealer"]), int(b.declarer)) % 2
    _, step = doubling_graph(profile, hokom, (int(data["scores"][0]), int(data["scores"][1])),
                             buyers)
    for entry in data.get("doubling", []):
        following = dict(calls(profile, hokom, step))
        if entry["call"] not in following:
            raise ModelSilentError(f"the model's doubling has no call {entry['call']!r} here")
        step = following[entry["call"]]
    return [name for name, _ in calls(profile, hokom, step)]


def _trick_points(sp: SymbolicProfile, record: dict[str, Any],
                  trump: int) -> tuple[list[int], list[int]]:
    """Each side's card points and tricks won, each trick's winner by the model (the last
    trick's points to its winner)."""
    points, won = [0, 0], [0, 0]
    for i, trick in enumerate(record["tricks"]):
        cards = [p["card"] for p in trick["plays"]]
        side = _winner(sp, trick["leader"], cards, trump) % 2
        won[side] += 1
        points[side] += sum(int(card_points(sp, card_of(x), trump)) for x in cards)
        if i == len(record["tricks"]) - 1:
            points[side] += int(last_trick_points(sp))
    return points, won


def _baloots(sp: SymbolicProfile, record: dict[str, Any], contract: int,
             declarers: list[int]) -> list[int]:
    """Each side's Baloot by the model: the holder of the trump King and Queen in a Hokom,
    beside the projects he declared."""
    c = record["contract"]
    baloots = [0, 0]
    if contract == HOKOM:
        pair = {f"K{c['trump']}", f"Q{c['trump']}"}
        for seat in range(4):
            held = record["deal"][str(seat)]
            if pair <= set(held):
                groups = (declared_groups(sp, [card_of(x) for x in held], contract,
                                          seat == c["seat"])[1] if seat in declarers else [])
                baloots[seat % 2] = int(_baloot_counts(sp, seat == c["seat"], groups,
                                                       card_of(f"K{c['trump']}"),
                                                       card_of(f"Q{c['trump']}")))
    return baloots


def _buyer_first_with_ace(record: dict[str, Any]) -> bool:
    """A reverse sweep's condition: the last bid was the declarer's own, as the first to
    speak (the dealer's right), and he held an Ace among his eight cards."""
    c = record["contract"]
    bids = [x for x in record["auction"] if x["call"] not in ("pass", "kawesh")]
    first = (int(record["dealer"]) + 1) % 4
    return (bool(bids) and bids[-1]["seat"] == c["seat"] == first
            and any(x.startswith("A") for x in record["deal"][str(first)]))


def _hand_facts(sp: SymbolicProfile, record: dict[str, Any]) -> tuple[Hand, list[int]]:
    """The finished hand as the model's facts: card points per side from the tricks (each
    winner by the model), the side that won all eight (if one did), projects of the one side
    that declared, Baloot of the holder of the trump King and Queen."""
    c = record["contract"]
    contract = SUN if c["type"] == "sun" else HOKOM
    trump = _trump(c["trump"])
    points, won = _trick_points(sp, record, trump)
    declarers = sorted({p["seat"] for p in record["projects"] if p["kind"] != "baloot"})
    project_side, project_points = _project_side(sp, record, declarers, contract, trump)
    baloots = _baloots(sp, record, contract, declarers)
    first_with_ace = _buyer_first_with_ace(record)
    hand = Hand(contract, c["seat"] % 2, c["multiplier"], c["gahwa"], (points[0], points[1]),
                project_side, project_points,
                (baloots[0], baloots[1]), won.index(8) if 8 in won else -1, first_with_ace)
    return hand, points


def _declaration_place(sp: SymbolicProfile, seat: int, leader: int, buyer: int) -> int:
    """A declaring seat's place in the order of declaring (``project.declaration-order``):
    from the first trick's leader in play order, else from the buyer."""
    return ((seat - leader) % 4 if sp.is_("project.declaration-order", "play-order")
            is True else (buyer - seat) % 4)


def _as_project(kind: int, cards: frozenset[int], trump: int, place: int) -> pj.Project:
    """A declared group as the model's project: its kind, whether a run, its top rank, whether
    a run of trump, and its declarer's place."""
    run = len({x // 8 for x in cards}) == 1
    return pj.Project(kind, run, max(x % 8 for x in cards), run and min(cards) // 8 == trump,
                      place)


def _best_side(sp: SymbolicProfile, best: dict[int, pj.Project],
               points: list[int]) -> tuple[int, int]:
    """The side whose best project is higher than the other's (or the only side that
    declared) and its project points, or (-1, 0) when neither is higher or it has none."""
    if len(best) == 2:
        sides = [s for s in (0, 1) if pj.higher(sp, best[s], best[1 - s]) is True]
        best = {s: best[s] for s in sides}
    if len(best) != 1 or not points[next(iter(best))]:
        return -1, 0
    winner = next(iter(best))
    return winner, points[winner]


def _project_side(sp: SymbolicProfile, record: dict[str, Any], declarers: list[int],
                  contract: int, trump: int) -> tuple[int, int]:
    """The side whose declared projects score and their game points, or (-1, 0): each
    declaring seat's projects by the model, each side's best compared (``project.comparison``,
    ``project.hundred-order``, ``project.tie-break``, ``project.declaration-order``)."""
    buyer, leader = int(record["contract"]["seat"]), int(record["tricks"][0]["leader"])
    best: dict[int, pj.Project] = {}
    points = [0, 0]
    for seat in declarers:
        held = [card_of(x) for x in record["deal"][str(seat)]]
        place = _declaration_place(sp, seat, leader, buyer)
        for kind, cards in declared_groups(sp, held, contract, seat == buyer)[1]:
            project = _as_project(kind, cards, trump, place)
            points[seat % 2] += int(pj.value(sp, kind, contract))
            side = best.get(seat % 2)
            if side is None or pj.higher(sp, project, side) is True:
                best[seat % 2] = project
    return _best_side(sp, best, points)


def _baloot_counts(sp: SymbolicProfile, holder_bought: bool,
                   groups: list[tuple[int, frozenset[int]]], king: int, queen: int) -> bool:
    """Whether the holder of the trump King and Queen scores Baloot beside the projects he
    declares (``project.baloot-holder``, ``project.baloot-in-project``): it must count for
    every declared project that holds either card, and for none held when there is none."""
    holding = [(kind, cards) for kind, cards in groups if king in cards or queen in cards]
    cases = [(king in cards, queen in cards, kind, len({x // 8 for x in cards}) == 1)
             for kind, cards in holding] or [(False, False, 0, True)]
    return all(baloot_counts(sp, holder_bought, k, q, kind, run) is True
               for k, q, kind, run in cases)


def _completed(sp: SymbolicProfile, data: dict[str, Any],
               then: Sequence[str]) -> dict[str, list[str]]:
    """The hands once the buying in ``then`` ends in a contract (``deal.completion``): the
    model's buyer takes the public card and two cards of the stock, every other seat three,
    from the dealer's right."""
    calls = list(data.get("auction", []))
    b, _ = _buying(sp, data, calls)
    for text in then:
        if b.end != az.OPEN:
            break
        seat = _seat(int(data["dealer"]), int(az.speaker(b)))
        entry = ({"seat": seat, "round": int(b.round), "call": "hokom", "trump": text[-1]}
                 if text.startswith("suit-") else {"seat": seat, "round": int(b.round),
                                                   "call": text})
        b = az.after(sp, b, _call(entry, data["public_card"][-1]), rank(card_of(
            data["public_card"])) == 7)
    if b.end != az.CONTRACT:
        raise ModelSilentError("the buying does not end in a contract in the model")
    buyer = _seat(int(data["dealer"]), int(b.declarer))
    if not sp.is_("deal.completion", "taker-2-others-3"):
        raise ModelSilentError("the model deals the rest only under taker-2-others-3")
    stock = iter(data["stock"])
    hands = {s: list(cards) for s, cards in data["hands"].items()}
    for k in range(4):
        seat = (int(data["dealer"]) + 1 + k) % 4
        extra = [data["public_card"]] if seat == buyer else []
        extra += [next(stock) for _ in range(2 if seat == buyer else 3)]
        hands[str(seat)] = sorted(hands[str(seat)] + extra, key=card_of)
    return hands


def _legal_answer(sp: SymbolicProfile, profile: Profile, data: dict[str, Any],
                  state: Any) -> list[str]:
    """The model's legal actions at the state: cards in play, calls in the buying or the
    doubling."""
    if data["phase"] == "play":
        return _legal_cards(sp, data, state)
    if data["phase"] == "auction":
        return _legal_calls(sp, data, state)
    if data["phase"] == "double":
        return _legal_doubling(sp, profile, data)
    raise ModelSilentError(f"the model does not rule on the legal actions of phase "
                           f"{data['phase']!r}")


def _play_through(sp: SymbolicProfile, state: Any,
                  then: Sequence[str]) -> tuple[list[int], dict[str, Any] | None]:
    """Play ``then`` through the engine until the hand ends: each trick's winner by the
    model, and the engine's record of the hand if it ended."""
    from trickrules.engine.baloot.actions import NUM_ACTIONS, action_name

    names = {action_name(a): a for a in range(NUM_ACTIONS)}
    tricks: list[int] = []
    for text in then:
        if state.phase == "play" and text in names and names[text] < 32:
            hand = state.hand
            cards = [card_name(c) for c in hand.trick] + [text]
            if len(cards) == 4:
                trump = NO_TRUMP if hand.trump is None else hand.trump
                tricks.append(_winner(sp, hand.leader, cards, trump))
        count = len(state.records)
        state.apply_action(names[text])
        if len(state.records) > count:
            return tricks, state.records[-1]
    return tricks, None


def _score_answer(sp: SymbolicProfile, record: dict[str, Any] | None,
                  before: tuple[int, int]) -> tuple[dict[str, Any], int | None]:
    """The model's score of the finished hand and the game's winner after it (None while the
    game goes on)."""
    if record is None or record["contract"] is None:
        raise ModelSilentError("the hand is not played to its end")
    facts, points = _hand_facts(sp, record)
    result = score(sp, facts)
    gained = (int(result.total[0]), int(result.total[1]))
    answer = {"made": bool(result.made), "card_points": points,
              "game_points": list(gained),
              "totals": [before[0] + gained[0], before[1] + gained[1]]}
    won = int(game_winner(sp, before, gained, facts.declarer_side,
                          int(result.game_winner)))
    return answer, None if won < 0 else won


def model_answers(data: dict[str, Any], then: Sequence[str], profile: Profile,
                  asked: set[str]) -> dict[str, Any]:
    """The model's answer to each asked field it covers (``legal``, ``tricks``, ``score``,
    ``winner``, ``hands``) at the state ``data`` with ``then`` played; the actions are played
    through the engine's public API to learn the facts."""
    from trickrules.engine.baloot.codec import state_from_json
    from trickrules.engine.baloot.game import BalootGame

    sp = SymbolicProfile(profile, Names("rule-example"))
    state = state_from_json(data, profile, BalootGame)
    out: dict[str, Any] = {}
    if "legal" in asked:
        out["legal"] = _legal_answer(sp, profile, data, state)
    before = tuple(state.scores)
    tricks, record = _play_through(sp, state, then)
    if "tricks" in asked:
        out["tricks"] = tricks
    if "hands" in asked:
        if data["phase"] != "auction":
            raise ModelSilentError("the model deals the rest of the cards only from a state of the "
                              "buying")
        out["hands"] = _completed(sp, data, then)
    if asked & {"score", "winner"}:
        out["score"], out["winner"] = _score_answer(sp, record, before)
    return {k: v for k, v in out.items() if k in asked}
