"""Baloot's checked statements (see :mod:`trickrules.proofs.rule_facts`): each is computed from the
engine under the rulebook's profile and compared with the Z3 model or the doubling graph, so a
rule's words, numbers and tables are those the machine rules play."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from trickrules.engine.baloot import actions as act
from trickrules.engine.baloot import auction as eng_auction
from trickrules.engine.baloot.cards import name as card_name
from trickrules.engine.baloot.rules import HOKOM, SUN, Rules, compile_rules
from trickrules.engine.baloot.scoring import HandFacts, game_points, game_winner, made, score_hand
from trickrules.proofs.baloot import auction_z3 as z_auction
from trickrules.proofs.baloot import model as z_model
from trickrules.proofs.baloot import scoring as z_scoring
from trickrules.proofs.baloot.doubling import Step, calls
from trickrules.proofs.baloot.projects import KIND_NAMES
from trickrules.proofs.baloot.projects import value as z_project_value
from trickrules.proofs.facts import Example, FactError, RuleFact
from trickrules.proofs.smt import terms as t
from trickrules.proofs.smt.parameters import SymbolicProfile
from trickrules.proofs.smt.solver import Names
from trickrules.spec.model import Profile

STEPS: dict[str, tuple[str, Callable[[Fraction], Fraction]]] = {
    "round-ten-half-up": ("rounded to the nearest ten (a 5 rounded up)",
                          lambda x: Fraction((x + 5) // 10 * 10)),
    "round-ten-half-down": ("rounded to the nearest ten (a 5 rounded down)",
                            lambda x: Fraction((x + 4) // 10 * 10)),
    "round-ten-fives-kept": ("rounded to the nearest ten, except that points ending in 5 are "
                             "kept as they are", lambda x: x if x % 10 == 5 else
                             Fraction((x + 5) // 10 * 10)),
    "double": ("doubled", lambda x: x * 2),
    "divide-by-5": ("divided by 5", lambda x: x / 5),
    "divide-by-10": ("divided by 10", lambda x: x / 10),
}
"""The words and the arithmetic of each step a conversion may state."""
CONTRACTS = {"sun": (SUN, z_model.SUN), "hokom": (HOKOM, z_model.HOKOM)}
PROJECT_NAMES = {"sira": "Sira (three in a row)", "fifty": "50 (four in a row)",
                 "hundred": "100 (five in a row; four 10s, Jacks, Queens or Kings; "
                            "four Aces in Hokom)",
                 "four-hundred": "400 (four Aces in Sun)"}
CALL_WORDS = {"pass": "passes", "sun": "calls Sun", "hokom": "calls Hokom"}


def _model(profile: Profile) -> SymbolicProfile:
    return SymbolicProfile(profile, Names("rule-facts"))


def _ranges(values: list[int]) -> list[tuple[str, str]]:
    """(card points, game points) rows: consecutive card points with one value, as a range."""
    rows: list[tuple[str, str]] = []
    start = 0
    for p in range(1, len(values) + 1):
        if p == len(values) or values[p] != values[start]:
            span = str(start) if p - 1 == start else f"{start}\u2013{p - 1}"
            rows.append((span, str(values[start])))
            start = p
    return rows


def game_points_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<game-points:CONTRACT:STEP,...>>``: the stated steps must give the engine's game
    points (and the model's) for every card point total a side can hold."""
    (contract,), steps = args
    for step in steps:
        if step not in STEPS:
            raise FactError(f"unknown step {step!r} (known: {', '.join(STEPS)})")
    rules, sp = compile_rules(profile), _model(profile)
    engine_contract, model_contract = CONTRACTS[contract]
    total = rules.total_card_points(None if engine_contract == SUN else 0)
    values = []
    wrong = []
    for p in range(total + 1):
        got = game_points(rules, engine_contract, p)
        model = z_scoring.game_points(sp, model_contract, p)
        if not t.known(model) or int(model) != got:
            raise FactError(f"engine and model differ at {p} card points: {got} and {model}")
        stated = Fraction(p)
        for step in steps:
            stated = STEPS[step][1](stated)
        if stated != got:
            wrong.append(f"{p} ({float(stated):g} stated, {got} played)")
        values.append(got)
    if wrong:
        raise FactError(f"the stated steps disagree with the engine at {len(wrong)} of "
                        f"{total + 1} card point totals: {', '.join(wrong[:5])}")
    words = ", then ".join(STEPS[s][0] for s in steps)
    rows = _ranges(values)
    table = (("Card points", "Game points"), *rows)
    return RuleFact(words, table, checked=f"engine and Z3 model, every total 0 to {total}")


def number_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<number:NAME>>``: a number the rules play, found from the engine's behaviour and
    compared with the model: ``sun-total``, ``hokom-total``, ``hokom-threshold``,
    ``sun-threshold``, ``sun-game-points``, ``hokom-game-points``."""
    (name,), = args
    rules, sp = compile_rules(profile), _model(profile)
    contract = SUN if name.startswith("sun") else HOKOM
    model_contract = CONTRACTS["sun" if contract == SUN else "hokom"][1]
    total = rules.total_card_points(None if contract == SUN else 0)
    model_total = z_scoring.SUN_TOTAL if contract == SUN else z_scoring.HOKOM_TOTAL
    if total != model_total:
        raise FactError(f"the engine counts {total} card points, the model {model_total}")
    if name.endswith("-total"):
        return RuleFact(str(total), checked="engine and Z3 model")
    if name.endswith("-game-points"):
        got = game_points(rules, contract, total)
        if got != int(z_scoring.game_points(sp, model_contract, total)):
            raise FactError("engine and model convert a whole hand differently")
        return RuleFact(str(got), checked="engine and Z3 model")
    if name.endswith("-threshold"):
        least = next(p for p in range(total + 1) if made(rules, contract, p, total - p, 1))
        for p in (least - 1, least):
            model = z_scoring.made(sp, model_contract, p, total - p, 1)
            if bool(model) != made(rules, contract, p, total - p, 1):
                raise FactError(f"engine and model differ on {p} card points")
        return RuleFact(str(least), checked="engine and Z3 model, at the threshold and below")
    raise FactError(f"unknown number {name!r}")


def project_values_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<project-values>>``: each project's game points in Sun and Hokom, the engine's
    table against the model's."""
    rules, sp = compile_rules(profile), _model(profile)
    rows: list[tuple[str, ...]] = [("Project", "Sun", "Hokom")]
    for index, kind in KIND_NAMES.items():
        cells = []
        for contract, model_contract in (("sun", z_model.SUN), ("hokom", z_model.HOKOM)):
            got = rules.project_values.get(f"{kind}-{contract}", 0)
            model = z_project_value(sp, index, model_contract)
            if not t.known(model) or int(model) != got:
                raise FactError(f"{kind} in {contract}: engine {got}, model {model}")
            cells.append(str(got) if got else "\u2014")
        rows.append((PROJECT_NAMES[kind], *cells))
    return RuleFact("", tuple(rows), checked="engine and Z3 model")


def _raise_order(rules: Rules, contract: str) -> list[tuple[str, str, int]]:
    """The engine's doubling from a buyer at seat 0: each raise, who makes it, and the
    multiplier of the cards once it is made."""
    doubling = eng_auction.start_doubling(rules, 0, contract, (0, 150))
    full = rules.total_card_points(None if contract == SUN else 0)
    out = []
    while doubling.queue:
        seat = doubling.queue[0]
        raises = [a for a in eng_auction.legal_doubling(doubling) if a != act.PASS]
        name = act.action_name(raises[0])
        who = ("the buyer" if seat == 0 else "the player who doubled"
               if seat == doubling.doubler else "either player of the other side")
        eng_auction.apply_doubling(rules, doubling, raises[0])
        facts = HandFacts(contract, 0, doubling.level, doubling.gahwa, (full - 30, 30), None,
                          0, (0, 0))
        score = score_hand(rules, facts)
        out.append((name, who, score.total[0] // game_points(rules, contract, full)))
    return out


def doubling_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<doubling-ladder>>``: who may raise, in order, and by how much, as the engine's
    action lists give them in Hokom and Sun, each call checked against the doubling graph."""
    rules = compile_rules(profile)
    hokom, sun = _raise_order(rules, HOKOM), _raise_order(rules, SUN)
    step = Step(1, False, 0)
    for name, _, _ in hokom:
        graph_calls = [n for n, _ in calls(profile, True, step) if n != "pass"]
        if name not in graph_calls:
            raise FactError(f"the engine offers {name}, the doubling graph {graph_calls}")
        step = next(s for n, s in calls(profile, True, step) if n == name)
    rows: list[tuple[str, ...]] = [("Call", "Who may make it", "The hand counts", "In Sun")]
    for index, (name, who, times) in enumerate(hokom):
        told = "the whole game" if name == "gahwa" else f"{times} times"
        rows.append((name.capitalize(), who, told, "yes" if index < len(sun) else "no"))
    return RuleFact("", tuple(rows), examples=_doubling_examples(rules),
                    checked="engine action lists against the doubling graph")


def _doubling_examples(rules: Rules) -> tuple[Example, ...]:
    """Who may Double after seat 0 buys Hokom (the other side, each in turn), and its limits:
    the buyer's partner is never asked, only the buyer answers a Double, and a Double of a Sun
    is the last call; each read from the engine's queue of seats to answer."""
    doubling = eng_auction.start_doubling(rules, 0, HOKOM, (0, 0))
    if doubling.queue != [1, 3]:
        raise FactError(f"after a Hokom bought by seat 0 the engine asks {doubling.queue}")
    eng_auction.apply_doubling(rules, doubling, act.PASS)
    eng_auction.apply_doubling(rules, doubling, act.DOUBLE)
    if doubling.queue != [0]:
        raise FactError(f"after seat 3's Double the engine asks {doubling.queue}")
    sun = eng_auction.start_doubling(rules, 0, SUN, (0, 150))
    eng_auction.apply_doubling(rules, sun, act.DOUBLE)
    if sun.queue:
        raise FactError(f"after a Double of a Sun the engine still asks {sun.queue}")
    return (Example(True, "Seat 0 buys Hokom: seat 1 may Double, and when it passes seat 3 may; "
                          "both are of the other side."),
            Example(False, "Seat 2, the buyer's partner, is never asked and may not Double; "
                           "after seat 3 doubles, only the buyer, seat 0, may answer with a "
                           "Triple; after a Double of a Sun nobody may raise."))


QUALIFIERS: dict[str, tuple[str, Callable[[int, int, list[tuple[int, str]]], bool]]] = {
    "spoke-before": ("ahead of the caller in the order of speaking",
                     lambda seat, caller, history: seat < caller),
    "not-yet-spoken": ("who has not yet spoken",
                       lambda seat, caller, history: all(s != seat for s, _ in history)),
    "not-passed-on-sun": ("who has not passed on a Sun",
                          lambda seat, caller, history: not _passed_on_sun(seat, history)),
}
"""What may limit who takes a Sun over a Sun: the words, and the test on a seat given the
caller and the calls so far (seats by priority: 0 speaks first, 3 is the dealer)."""


def _passed_on_sun(seat: int, history: list[tuple[int, str]]) -> bool:
    sun = False
    for who, call in history:
        if call == "sun":
            sun = True
        elif who == seat and sun:
            return True
    return False


def _histories(rules: Rules, sp: SymbolicProfile) -> list[tuple[list[tuple[int, str]],
                                                                 set[int]]]:
    """Every first-round buying of passes, Hokoms and Suns, each point where a Sun stands
    with the seats the engine will still ask, checked against the Z3 buying model."""
    codes = {"pass": (act.PASS, z_auction.PASS), "sun": (act.SUN, z_auction.SUN),
             "hokom": (act.HOKOM, z_auction.HOKOM)}
    out: list[tuple[list[tuple[int, str]], set[int]]] = []

    def walk(history: list[tuple[int, str]]) -> None:
        auction = eng_auction.start(3, 0)
        model = z_auction.start()
        for _, call in history:
            eng_auction.apply_call(rules, auction, codes[call][0])
            model = z_auction.after(sp, model, codes[call][1], False)
        if auction.done or auction.round != 1:
            return
        if auction.bid is not None and auction.bid.kind == SUN:
            asked = set(auction.queue)
            pending = {s for s in range(4) if bool(model.pending[s])}
            if asked != pending:
                raise FactError(f"after {history} the engine asks {sorted(asked)}, the model "
                                f"{sorted(pending)}")
            out.append((list(history), asked))
        seat = auction.queue[0]
        legal = eng_auction.legal_calls(rules, auction, 0xFFFFFFFF)
        for call, (code, _) in codes.items():
            if code in legal:
                walk([*history, (seat, call)])

    walk([])
    return out


def _told(history: list[tuple[int, str]]) -> str:
    told = ", ".join(f"seat {seat} {CALL_WORDS[call]}" for seat, call in history)
    return told[:1].upper() + told[1:]


def _stated_seats(history: list[tuple[int, str]], caller: int,
                  qualifiers: tuple[str, ...]) -> set[int]:
    """The seats the stated qualifiers let call Sun over the Sun called at ``caller``."""
    who = history[caller][0]
    return {s for s in range(4) if s != who and all(
        QUALIFIERS[q][1](s, who, history[:caller + 1] if q == "not-yet-spoken" else history)
        for q in qualifiers)}


def _spoken_example(history: list[tuple[int, str]], caller: int,
                    asked: set[int]) -> Example | None:
    """An example of a seat that has already spoken and may still call Sun over the Sun, if
    this point of the buying shows one."""
    spoke = {s for s, _ in history[:caller]}
    if not asked & spoke:
        return None
    seat = min(asked & spoke)
    return Example(True, f"{_told(history)}: seat {seat} has already "
                         f"spoken and may still call Sun over it.")


def _silent_example(history: list[tuple[int, str]], caller: int,
                    asked: set[int]) -> Example | None:
    """An example of the seats after the caller that may not call Sun over his Sun, if the Sun
    was just called and this point of the buying shows some."""
    who = history[caller][0]
    spoke = {s for s, _ in history[:caller]}
    silent = {s for s in range(4) if s not in spoke and s != who} - asked
    if not (silent and len(history) == caller + 1):
        return None
    seats = " and ".join(f"seat {s}" for s in sorted(silent))
    return Example(False, f"{_told(history)}: {seats}, after the caller in "
                          "the order of speaking, may not call Sun over it.")


def _permission_words(qualifiers: tuple[str, ...]) -> str:
    """The words of the permission: "a player" with each qualifier's words."""
    told = [QUALIFIERS[q][0] for q in qualifiers]
    return " ".join(["a player", *told[:1], " and ".join(told[1:])]).strip()


def permission_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<may:sun-after-sun:QUALIFIER,...>>``: who may still call Sun over a first-round
    Sun; the stated qualifiers must pick exactly the seats the engine (and the model) asks,
    at every point of every first-round buying."""
    (what,), qualifiers = args
    if what != "sun-after-sun" or any(q not in QUALIFIERS for q in qualifiers):
        raise FactError(f"unknown permission {what!r} or qualifier in {qualifiers}")
    rules = compile_rules(profile)
    histories = _histories(rules, _model(profile))
    allowed_example = limit_example = None
    for history, asked in sorted(histories, key=lambda h: len(h[0])):
        caller = max(i for i, (_, c) in enumerate(history) if c == "sun")
        stated = _stated_seats(history, caller, qualifiers)
        if stated != asked:
            raise FactError(f"after {_told(history)}, the words allow seats {sorted(stated)} "
                            f"to call Sun, the engine seats {sorted(asked)}")
        if allowed_example is None:
            allowed_example = _spoken_example(history, caller, asked)
        if limit_example is None:
            limit_example = _silent_example(history, caller, asked)
    examples = tuple(e for e in (allowed_example, limit_example) if e is not None)
    return RuleFact(_permission_words(qualifiers), examples=examples,
                    checked=f"engine and Z3 buying model, {len(histories)} points of the "
                            "first round where a Sun stands")


RANK_WORDS = ("7", "8", "9", "10", "Jack", "Queen", "King", "Ace")
"""Each rank in words, in the engine's order (0 is the 7)."""


def card_points_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<card-points>>``: each rank's card points as a plain card and as a trump, and the
    last trick's, the engine's against the model's, the most valuable plain card first."""
    rules, sp = compile_rules(profile), _model(profile)
    rows: list[tuple[str, ...]] = [("Card", "Plain (Sun, and Hokom outside trump)",
                                    "Trump (Hokom)")]
    found = []
    for rank in range(8):
        got = (rules.points(rank, None), rules.points(rank, 0))
        card = z_model.card_of(card_name(rank))
        model = (z_model.card_points(sp, card, -1), z_model.card_points(sp, card, 0))
        if not all(t.known(m) for m in model) or tuple(int(m) for m in model) != got:
            raise FactError(f"the {card_name(rank)}: engine {got}, model {model}")
        found.append((got, rank))
    for got, rank in sorted(found, key=lambda f: (-f[0][0], -f[0][1], -f[1])):
        rows.append((RANK_WORDS[rank], *(str(g) for g in got)))
    last = z_model.last_trick_points(sp)
    if not t.known(last) or int(last) != rules.last_trick:
        raise FactError(f"the last trick: engine {rules.last_trick}, model {last}")
    rows.append(("The last trick", str(rules.last_trick), str(rules.last_trick)))
    return RuleFact("", tuple(rows), checked="engine and Z3 model")


def target_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<target>>``: the points that win a game, the first total the engine's game end
    gives the game at, checked against the model's at it and one below."""
    rules, sp = compile_rules(profile), _model(profile)
    points = next(p for p in range(1, 1000) if game_winner(rules, (p, 0), 0, None) == 0)
    for total in (points - 1, points):
        model = z_scoring.game_winner(sp, (total, 0), (0, 0), 0, -1)
        if not t.known(model) or (int(model) == 0) != (total == points):
            raise FactError(f"at {total} points the engine and the model differ")
    return RuleFact(str(points), checked="engine and Z3 model")


WORTH_NAMES = {"sira": "a Sira", "fifty": "a Fifty", "hundred": "a Hundred",
               "four-hundred": "a Four Hundred"}
"""Each kind of project as the sentence on card-point worth names it."""


def worth_fact(args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """``<<worth>>``: what each project and Baloot counts as in card points (its game points
    times the card points one game point stands for: 5 in Sun, 10 in Hokom), in the engine's
    values under ``profile``."""
    from trickrules.engine.baloot.scoring import HOKOM_POINTS_PER_GAME, SUN_POINTS_PER_GAME

    rules = compile_rules(profile)
    per = {"sun": SUN_POINTS_PER_GAME, "hokom": HOKOM_POINTS_PER_GAME}
    worths = []
    for key, value in rules.project_values.items():
        project, _, contract = key.rpartition("-")
        worths.append(f"{WORTH_NAMES.get(project, project)} in {contract.title()} "
                      f"{value * per[contract]}")
    baloot = rules.baloot_value * (1 if rules.baloot_card_points else HOKOM_POINTS_PER_GAME)
    return RuleFact(f"({SUN_POINTS_PER_GAME} in Sun, {HOKOM_POINTS_PER_GAME} in Hokom), so "
                    + ", ".join(worths) + f"; Baloot is worth {baloot}", checked="engine")


FACTS: dict[str, Callable[[tuple[tuple[str, ...], ...], Profile], RuleFact]] = {
    "card-points": card_points_fact, "target": target_fact,
    "game-points": game_points_fact, "number": number_fact,
    "project-values": project_values_fact, "doubling-ladder": doubling_fact,
    "may": permission_fact, "worth": worth_fact}
"""Each kind of statement Baloot's rule texts may make."""


def rule_fact(kind: str, args: tuple[tuple[str, ...], ...], profile: Profile) -> RuleFact:
    """A statement of a Baloot rule text, checked (:class:`FactError` when it is wrong)."""
    if kind not in FACTS:
        raise FactError(f"unknown kind of statement {kind!r} (known: {', '.join(FACTS)})")
    return FACTS[kind](args, profile)
