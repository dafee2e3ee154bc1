"""What each rule example's picture shows, worked out by replaying the example in the engine
(never drawn by hand): the buying so far and whose turn it is, the hands, the tricks with
their winners and card points, the projects held and the score. What to show follows from the
example's own data: its situation's phase, the answers its ``expect`` states and its optional
``focus`` (the tricks its text is about)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trickrules.engine.registry import state_from_json
from trickrules.proofs.kit import kit_for_game
from trickrules.proofs.outcome_words import SUIT_WORDS, Words, card_words, words_for
from trickrules.proofs.rule_examples import example_profile
from trickrules.spec.cards import SUIT_LETTERS
from trickrules.spec.loader import family_catalogue
from trickrules.spec.model import Profile
from trickrules.spec.registry import family, family_of
from trickrules.spec.rule_examples import RuleExample


@dataclass(frozen=True)
class PlayedTrick:
    """One finished trick: its cards in the order played from the leader, its winner and,
    where cards count (Baloot), its card points with the last-trick bonus among them."""

    number: int
    leader: int
    cards: tuple[str, ...]
    winner: int
    points: int | None = None
    bonus: int = 0


@dataclass(frozen=True)
class Scene:
    """Everything one example's picture shows; ``kind`` is what the example is about:
    ``buying``, ``play`` (the cards allowed), ``trick`` (who wins) or ``score``."""

    kind: str
    players: int
    partnership: str
    header: str
    hands: dict[int, tuple[str, ...]] = field(default_factory=dict)
    marked: dict[int, frozenset[str]] = field(default_factory=dict)
    marks_mean: str = ""
    mover: int | None = None
    public_card: str | None = None
    first_speaker: int = 0
    calls: tuple[tuple[int, str, bool], ...] = ()
    """The buying's calls in order: the seat, the call in words, whether ``then`` makes it."""
    to_call: int | None = None
    buying_note: str = ""
    trick_leader: int = 0
    trick_so_far: tuple[str, ...] | None = None
    tricks: tuple[PlayedTrick, ...] = ()
    highlighted: frozenset[int] = frozenset()
    projects: tuple[str, ...] = ()
    tally: tuple[tuple[str, int, int], ...] = ()
    verdicts: tuple[str, ...] = ()


def scene_kind(example: RuleExample) -> str:
    """What the example is about, from its data: the buying (its situation is before play),
    a hand's score or the game's end, who wins a trick, or the cards allowed."""
    if example.state.get("phase") != "play":
        return "buying"
    if "score" in example.expect or "winner" in example.expect:
        return "score"
    return "trick" if "tricks" in example.expect else "play"


def focus_key(example: RuleExample) -> tuple[Any, ...]:
    """Two examples with the same key are about the same thing and may share a picture; any
    two with different keys must not."""
    score = example.expect.get("score") or {}
    return (example.situation, scene_kind(example), tuple(sorted(example.expect)),
            tuple(sorted(score)), example.focus_tricks)


def _seat_cards(hands: dict[str, list[str]]) -> dict[int, tuple[str, ...]]:
    return {int(seat): tuple(cards) for seat, cards in hands.items()}


def _played_on(example: RuleExample, profile: Profile) -> Any:
    """The engine's state once the example's ``then`` actions are played."""
    state = state_from_json(example.state, profile)
    for text in example.then:
        names = {state.action_to_string(a): a for a in state.legal_actions()}
        state.apply_action(names[text])
    return state


def _call_words(words: Words, call: dict[str, Any]) -> str:
    """A call without its seat (the table's column names the seat)."""
    said = words.call(call)
    prefix = f"seat {call['seat']} "
    return said[len(prefix):] if said.startswith(prefix) else said


def _either(choices: list[str]) -> str:
    """Choices in words: ``pass, Hokom or Sun``."""
    return choices[0] if len(choices) == 1 else ", ".join(choices[:-1]) + " or " + choices[-1]


def _contract_words(bought: dict[str, Any] | None) -> str:
    """The contract the buying settled, in words (both families' judges report it)."""
    if bought is None:
        return "no one has bought yet"
    trump = f", {SUIT_WORDS[bought['trump']]} trump" if bought.get("trump") else ""
    if "bid" in bought:
        how = "was forced to bid" if bought["forced"] else "bid"
        return f"seat {bought['seat']} {how} {bought['bid']}{trump}"
    kind = "Sun" if bought["contract"] == "sun" else "Hokom"
    text = f"seat {bought['seat']} buys {kind}{trump}"
    if bought["caller"] != bought["seat"]:
        text += f" (seat {bought['caller']} called Ashkal for its partner)"
    return text


def _header(example: RuleExample, words: Words) -> str:
    state = example.state
    scores = state.get("scores", [0, 0])
    contract = words.contract(state)
    if state.get("public_card") and state.get("auction"):
        contract += f" on the {card_words(state['public_card'])}"
    calls = state.get("doubling") or []
    if any(call.get("call") != "pass" for call in calls):  # a Double, a lock, a Triple
        contract += "; doubling: " + ", then ".join(
            f"seat {call['seat']} passed" if call.get("call") == "pass" else words.call(call)
            for call in calls)
    before = f"; scores before the hand {scores[0]} to {scores[1]}" if any(scores) else ""
    return f"{contract[0].upper()}{contract[1:]}; seat {state['dealer']} dealt{before}."


def _then_tricks(example: RuleExample, winners: list[int], words: Words) -> list[PlayedTrick]:
    """The tricks the ``then`` cards complete, each with the engine's winner."""
    leader, plays, done = words.trick(example.state)
    held = {c for cards in example.state["hands"].values() for c in cards}
    players = len(example.state["hands"])
    out: list[PlayedTrick] = []
    for text in example.then:
        if text not in held:
            continue  # a declaration, not a card
        plays = [*plays, text]
        if len(plays) == players and len(out) < len(winners):
            winner = winners[len(out)]
            out.append(PlayedTrick(done + len(out) + 1, leader, tuple(plays), winner))
            leader, plays = winner, []
    return out


def _action_ids(state: Any) -> dict[str, int]:
    """Each action's number by its name; a card's number is the card's own in the engine
    (cards come first in the action space)."""
    ids: dict[str, int] = {}
    for action in range(128):
        try:
            ids.setdefault(state.action_to_string(action), action)
        except (ValueError, IndexError, KeyError):
            break
    return ids


def _baloot_hand(after: Any) -> tuple[list[PlayedTrick], dict[str, Any]] | None:
    """Every trick of the Baloot hand just finished, from the engine's record, each with its
    card points under the hand's trump (the last with the last-trick bonus)."""
    record = after.records[-1] if after.records else None
    if not isinstance(record, dict) or not record.get("tricks"):
        return None
    ids = _action_ids(after)
    letter = record["contract"]["trump"]
    trump = None if letter is None else SUIT_LETTERS.index(letter)
    out = []
    for index, trick in enumerate(record["tricks"], start=1):
        cards = tuple(p["card"] for p in trick["plays"])
        bonus = after.rules.last_trick if index == len(record["tricks"]) else 0
        points = sum(after.rules.points(ids[c], trump) for c in cards) + bonus
        out.append(PlayedTrick(index, trick["leader"], cards, trick["winner"], points, bonus))
    return out, record


def _baloot_score(example: RuleExample, record: dict[str, Any],
                  score: dict[str, Any]) -> tuple[tuple[str, ...], list[tuple[str, int, int]]]:
    """The projects held and the rows of the score the example states."""
    stated = {**(example.expect.get("score") or {})}
    words = words_for(example.game)
    projects = tuple(words.held_project(p) for p in record["projects"])
    rows = [("Card points", *score["card_points"])]
    if stated.keys() - {"card_points"} or "winner" in example.expect:
        rows.append(("Game points of the cards", *record["score"]["cards"]))
        rows += words.score_parts(record["score"])
        rows.append(("Game points of the hand", *score["game_points"]))
    return projects, rows


def _verdicts(example: RuleExample, score: dict[str, Any], winner: int | None,
              side: str) -> tuple[str, ...]:
    stated = example.expect.get("score") or {}
    out = []
    if "made" in stated:
        buyers = score.get("buyers", score.get("bidders"))
        what = f"bid of {score['bid']}" if "bid" in score else "contract"
        out.append(f"{side.title()} {buyers}'s {what} "
                   + ("is made." if score["made"] else "fails."))
    if "winner" in example.expect:
        out.append("The game goes on." if winner is None else f"{side.title()} {winner} wins "
                   "the game.")
    return tuple(out)


def _score_scene(example: RuleExample, after: Any, ruling: Any, base: dict[str, Any],
                 then: list[PlayedTrick]) -> Scene:
    side = str(base["partnership"])
    score = ruling.score or {}
    state = example.state
    focus = set(example.focus_tricks) | (
        {t.number for t in then} if "tricks" in example.expect else set())
    projects: tuple[str, ...] = ()
    baloot = _baloot_hand(after)
    if baloot is not None:
        tricks, record = baloot
        projects, rows = _baloot_score(example, record, score)
    else:
        tricks = then
        won = [int(n) for n in state.get("tricks_won", [0, 0])]
        first = then[0].number if then else sum(won) + 1
        rows = [(f"Tricks before trick {first}", won[0], won[1])]
        for trick in then:
            won[trick.winner % 2] += 1
        rows.append(("Tricks in all", won[0], won[1]))
    if "totals" in (example.expect.get("score") or {}) or "winner" in example.expect:
        rows += [("Scores before the hand", *state.get("scores", [0, 0])),
                 ("Scores after the hand", *score["totals"])]
    return Scene("score", **base, tricks=tuple(tricks), highlighted=frozenset(focus),
                 projects=projects, tally=tuple((r[0], int(r[1]), int(r[2])) for r in rows),
                 verdicts=_verdicts(example, score, ruling.winner, side))


def example_scene(example: RuleExample) -> Scene:
    """The example's picture in facts: the situation replayed in the engine under the
    rulebook's profile of its game, and what it is about picked from its data."""
    catalogue = family_catalogue(family_of(example.game))
    profile = example_profile(catalogue, example)
    ruling = kit_for_game(example.game).rule_on(example.state, example.then, profile)
    after = _played_on(example, profile)
    words = words_for(example.game)
    state = example.state
    hands = _seat_cards(state["hands"])
    players = len(hands)
    base: dict[str, Any] = {"players": players, "header": _header(example, words),
                            "partnership": family(family_of(example.game)).partnership}
    kind = scene_kind(example)
    if kind == "buying":
        return _buying_scene(example, after, ruling, base, words, hands)
    leader, trick, _ = words.trick(state)
    then = _then_tricks(example, ruling.tricks, words)
    if kind == "score":
        return _score_scene(example, after, ruling, base, then)
    mover = (leader + len(trick)) % players
    marked = {mover: frozenset(ruling.legal)} if "legal" in example.expect else {}
    means = f"outlined: the cards seat {mover} may play" if marked else ""
    if kind == "play":  # the cards allowed: the trick as it stands, before ``then``
        then = []
    return Scene(kind, **base, hands=hands, marked=marked, marks_mean=means, mover=mover,
                 trick_leader=leader, trick_so_far=None if then else tuple(trick),
                 tricks=tuple(then), highlighted=frozenset(t.number for t in then))


def _buying_scene(example: RuleExample, after: Any, ruling: Any, base: dict[str, Any],
                  words: Any, hands: dict[int, tuple[str, ...]]) -> Scene:
    """The picture of a buying: the calls drawn, the seat to call next or the contract
    bought, and the cards taken once the buying is over when the example is about them (the
    header only says who deals)."""
    state = example.state
    scores = state.get("scores", [0, 0])
    base = {**base, "header": f"Seat {state['dealer']} deals" + (
        f"; scores {scores[0]} to {scores[1]}." if any(scores) else ".")}
    shown = after.to_json()
    calls = tuple((int(c["seat"]), _call_words(words, c), i >= len(state.get("auction", [])))
                  for i, c in enumerate(shown.get("auction") or []))
    to_call = (after.current_player() if shown["phase"] in ("auction", "trump", "double")
               else None)
    if "hands" in example.expect and ruling.hands is not None:
        new = _seat_cards(ruling.hands)
        marked = {s: frozenset(set(c) - set(hands.get(s, ()))) for s, c in new.items()}
        hands, means = new, "outlined: the cards taken once the buying is over"
    else:
        marked, means = {}, ""
    note = _buying_note(example, ruling, words, shown["phase"], to_call)
    return Scene("buying", **base, hands=hands, marked=marked, marks_mean=means,
                 public_card=state.get("public_card"), calls=calls, to_call=to_call,
                 first_speaker=(int(state["dealer"]) + 1) % base["players"],
                 buying_note=note)


def _buying_note(example: RuleExample, ruling: Any, words: Any, phase: str,
                 to_call: int | None) -> str:
    """The line under the calls: the seat to call, name trump or double next (with the calls
    it may make when nothing is played after the situation), else the contract bought."""
    naming = phase == "trump"
    allowed = _either([words.action(a).removesuffix(" as trump") for a in ruling.legal])
    doubling = phase == "double"
    what = "name trump" if naming else "double or pass" if doubling else "call"
    note = (f"Seat {to_call} to {what}{': ' + allowed if not example.then else ''}."
            if to_call is not None else
            f"The buying is over: {_contract_words(ruling.bought)}.")
    if doubling:
        note = "The buying is over. " + note
    return note
