"""Run a suite against an engine: ask every vector, compare, and charge each wrong answer to
the rule it breaks.

A wrong answer is charged through the vector's attribution (the card, seat, call or score
part that differs). Two answers need a closer look, and the runner asks the engine more
questions to find the smallest point of difference: a perft count that differs is followed down
its divide to the first position whose legal cards or trick winner differ, and a refused
situation is probed trick prefix by prefix (or call by call) for the first move the engine
finds illegal. Engine problems (crash, hang, bad output) are charged to the vector's rules.

A legal card whose legality rests on a rank order (the trumps a player must beat) is charged
to that order instead of the play rule when the engine also gets the order wrong where the
order alone decides (a trick's winner): one wrong order is then one failing rule, not two.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from trickrules.kit.charges import NO_FIT, Charges, Departure
from trickrules.kit.engine_process import EngineProcess, Problem
from trickrules.kit.tally import Failure as Failure
from trickrules.kit.tally import RuleTally as RuleTally
from trickrules.kit.tally import Run as Run
from trickrules.kit.tally import charge as charge
from trickrules.kit.tally import settle as settle
from trickrules.proofs.conformance.build import why_rules
from trickrules.proofs.conformance.protocol import (
    Answer,
    InvalidRequestError,
    canonical,
    definition,
    profile_for,
    request,
)
from trickrules.proofs.conformance.suite import SuiteData
from trickrules.proofs.kit import kit_for_game
from trickrules.spec.model import Profile

REFERENCE_DIFFERS = ("not charged: this product's reference answers the vector otherwise "
                     "than the suite (the suite is stale, or the reference is wrong)")
"""The detail of a failure on a vector the reference no longer answers as the suite does."""
Refusal = tuple[list[str], str, list[list[str]], list[tuple[str, str]] | None]
"""A refused move's charge: rules, detail, the rank orders it rests on, reproducing readings."""


class Runner:
    """Asks one engine the vectors of a suite under given profiles."""

    def __init__(self, engine: EngineProcess, suite: SuiteData,
                 profile_of: Callable[[str], Profile], only: Iterable[str] | None = None) -> None:
        self.engine = engine
        self.suite = suite
        self.profile_of = profile_of
        self.only = None if only is None else sorted(set(only))
        self.charging = True
        """Whether a wrong answer is traced to the readings that give it (the house table,
        which only counts passes and failures, turns it off)."""
        self.charges = Charges(suite, lambda profile_id, rules: profile_for(
            {"game": suite.profiles[profile_id]["game"], "profile": profile_id,
             "rules": rules}))

    def asks(self, vector: dict[str, Any]) -> bool:
        """Whether the run asks ``vector`` at all (``--only`` leaves other types out)."""
        return self.only is None or vector["op"] in self.only

    def run(self, profiles: list[str]) -> Run:
        """Every vector holding under each of ``profiles`` (of the types asked)."""
        start = time.perf_counter()
        result = Run(self.engine.command, profiles, self.engine.timeout, only=self.only)
        try:
            for profile_id in profiles:
                profile = self.profile_of(profile_id)
                for vector in self.suite.for_profile(profile_id):
                    if self.asks(vector):
                        self.one(result, profile, vector)
            settle(result)
        finally:
            self.engine.stop()
        result.starts = self.engine.starts
        result.seconds = time.perf_counter() - start
        return result

    def _ask(self, profile: Profile, op: str, body: dict[str, Any]) -> dict[str, Any] | Problem:
        return self.engine.ask(request(op, profile, body))

    def one(self, run: Run, profile: Profile, vector: dict[str, Any]) -> None:
        """Ask one vector under one profile and tally the answer in ``run``; a question the
        engine does not answer is counted apart."""
        op = vector["op"]
        reply = self._ask(profile, op, vector["request"])
        if isinstance(reply, Problem) and reply.kind == "unsupported":
            run.unsupported[op] = run.unsupported.get(op, 0) + 1
            return
        run.vectors += 1
        group = run.groups.setdefault(vector["group"], [0, 0])
        by_op = run.ops.setdefault(op, [0, 0])
        failure = self._judge(profile, vector, reply)
        if failure is not None and self.charging and not self.reference_agrees(profile,
                                                                               vector):
            run.reference_differs.append(vector["id"])
            failure = Failure(vector, profile.id, [], failure.reason, failure.got,
                              REFERENCE_DIFFERS)
        if failure is None:
            run.passed += 1
            group[0] += 1
            by_op[0] += 1
            for rule in vector["rules"]:
                run.rules.setdefault(rule, RuleTally()).passed += 1
            return
        group[1] += 1
        by_op[1] += 1
        run.failures.append(failure)
        if failure.readings == []:
            run.no_fit += 1
        if isinstance(reply, Problem):
            run.problems[reply.kind] = run.problems.get(reply.kind, 0) + 1
            run.causes.setdefault(reply.kind, reply.detail)
        run.pending.append(failure)

    def reference_agrees(self, profile: Profile, vector: dict[str, Any]) -> bool:
        """Whether this product's reference still gives the vector's expected answer under
        ``profile`` (compared as answers are): only then may it charge a failure."""
        shape = definition("response", profile.game.id, vector["op"])
        try:
            answer = _answer(profile, {"op": vector["op"], **vector["request"]})
        except (InvalidRequestError, ValueError, KeyError):
            return False
        return bool(canonical(shape, answer.expect) == canonical(shape, vector["expect"]))

    # ------------------------------------------------------------------ judging
    def _judge(self, profile: Profile, vector: dict[str, Any],
               reply: dict[str, Any] | Problem) -> Failure | None:
        """The failure the engine's reply to ``vector`` is, or None when it is right."""
        op, expect, why = vector["op"], vector["expect"], vector["why"]
        if isinstance(reply, Problem):
            return self._judge_problem(profile, vector, reply)
        shape = definition("response", profile.game.id, op)
        got = canonical(shape, {k: v for k, v in reply.items()
                                if k != "id" and not k.startswith("x-")})
        expect = canonical(shape, expect)
        if op == "perft":
            if got == expect:
                return None
            rules, detail, rests, readings = self._perft(profile, vector["request"], got)
            return Failure(vector, profile.id, rules or list(vector["rules"]),
                           "perft counts differ", got, detail, rests, readings)
        rules = differing_rules(op, expect, why, got)
        if not rules:
            return None
        return self._wrong_answer(profile, vector, expect, got, rules)

    def _judge_problem(self, profile: Profile, vector: dict[str, Any],
                       reply: Problem) -> Failure:
        """An engine problem as a failure: a refused request charged to its first move the
        engine finds illegal, or to the house readings that refuse it too; any other problem
        to the vector's rules."""
        rules, detail = list(vector["rules"]), ""
        rests: list[list[str]] = []
        readings = None
        if reply.kind == "error":
            found = self._refusal(profile, vector)
            if found is not None:
                rules, detail, rests, readings = found
            elif self.charging:
                departed = self.charges.refusing_request(profile, vector)
                readings = [(d.parameter, d.reading) for d in departed]
                if departed:
                    rules = sorted({d.parameter for d in departed})
                    detail = f"the reference refuses it too under {named(departed)}"
        return Failure(vector, profile.id, rules, str(reply), None, detail, rests, readings)

    def _wrong_answer(self, profile: Profile, vector: dict[str, Any], expect: dict[str, Any],
                      got: dict[str, Any], rules: list[str]) -> Failure:
        """A wrong answer's failure: charged to the house readings that give it, else (an
        auction or doubling) to the first call the engine would itself refuse, else to
        ``rules`` with no reading fitting."""
        op, why = vector["op"], vector["why"]
        rests = (resting_on(why, set(expect["cards"]) ^ set(got.get("cards", [])))
                 if op == "legal-plays" else tricks_resting_on(why, expect, got))
        departed = self.charges.reproducing(profile, vector, got) if self.charging else []
        if departed:
            return Failure(vector, profile.id, sorted({d.parameter for d in departed}),
                           "wrong answer", got, f"the reference answer under {named(departed)}",
                           rests, [(d.parameter, d.reading) for d in departed])
        if self.charging and op in ("auction", "doubling"):
            # an answer after calls the engine would itself refuse: judged by the first of them
            found = self._refusal(profile, vector)
            if found is not None:
                rules, detail, rests, readings = found
                return Failure(vector, profile.id, rules, "wrong answer", got, detail, rests,
                               readings)
        return Failure(vector, profile.id, rules, "wrong answer", got, NO_FIT, rests,
                       readings=[])

    def _refusal(self, profile: Profile, vector: dict[str, Any]) -> Refusal | None:
        """The first move of the request the engine finds illegal, charged to the house
        readings under which it is illegal too, else to its rule (with no reading fitting)."""
        op, body = vector["op"], vector["request"]
        if op == "hand-score":
            return self._trick_refusal(profile, vector)
        if op in ("legal-plays", "trick-winner", "perft"):
            conformance = kit_for_game(profile.game.id).conformance
            for k, card in enumerate(body["situation"]["trick"]):
                prefix, seat = conformance.before(body["situation"], k)
                expected = _answer(profile, {"op": "legal-plays", "situation": prefix})
                reply = self._ask(profile, "legal-plays", {"situation": prefix})
                if isinstance(reply, dict) and card not in reply["cards"]:
                    return self._refused(profile, "legal-plays", {"situation": prefix}, card,
                                         [expected.why["cards"][card]],
                                         f"refuses seat {seat}'s {card}",
                                         resting_on(expected.why, [card]))
            return None
        if op in ("auction", "doubling"):
            for k in range(len(body["calls"])):
                prefix = {**body, "calls": body["calls"][:k]}
                expected = _answer(profile, {"op": op, **prefix})
                reply = self._ask(profile, op, prefix)
                call = body["calls"][k]
                speaker = expected.expect.get("seat")
                if isinstance(reply, dict) and reply.get("seat", speaker) != speaker:
                    got = {p: v for p, v in reply.items() if p != "id"}
                    return self._charged(profile, op, prefix, got, [expected.why["seat"]],
                                         f"seat {reply.get('seat')} speaks at call {k}, "
                                         f"expected seat {speaker}", [])
                if isinstance(reply, dict) and call not in reply.get("legal", []):
                    return self._refused(profile, op, prefix, call,
                                         [expected.why["calls"][call]],
                                         f"refuses call {k} ({call})", [])
        return None

    def _trick_refusal(self, profile: Profile, vector: dict[str, Any]) -> Refusal | None:
        """A refused hand given as its tricks: the first trick the engine gets wrong, asked
        as a trick-winner question and charged as that question's failure would be."""
        conformance = kit_for_game(profile.game.id).conformance
        for trick in conformance.trick_requests({"op": "hand-score", **vector["request"]}):
            body = {k: v for k, v in trick.items() if k != "op"}
            try:
                expected = _answer(profile, trick)
            except InvalidRequestError:
                return None
            asked = {**vector, "op": "trick-winner", "request": body,
                     "expect": expected.expect, "why": expected.why,
                     "rules": sorted(why_rules(expected.why))}
            failure = self._judge(profile, asked, self._ask(profile, "trick-winner", body))
            if failure is not None:
                where = f"trick {body['situation']['leader']}-led {body['situation']['trick']}"
                return (failure.rules, f"{where}: {failure.detail or failure.reason}",
                        failure.rests_on, failure.readings)
        return None

    def _charged(self, profile: Profile, op: str, body: dict[str, Any], got: dict[str, Any],
                 rules: list[str], detail: str, rests: list[list[str]]) -> Refusal:
        """A wrong answer found on the way (in a perft's divide): charged to the readings that
        give it, if any, else to ``rules`` with no reading fitting."""
        departed = self.charges.answering(profile, op, body, got, rules) if self.charging else []
        if departed:
            return (sorted({d.parameter for d in departed}),
                    f"{detail}, as under {named(departed)}", rests,
                    [(d.parameter, d.reading) for d in departed])
        return rules, f"{detail}; {NO_FIT}", rests, []

    def _refused(self, profile: Profile, op: str, body: dict[str, Any], move: str,
                 rules: list[str], detail: str, rests: list[list[str]]) -> Refusal:
        """A refused move's charge: the readings under which it is refused too, if any."""
        departed = self.charges.refusing(profile, op, body, move) if self.charging else []
        if departed:
            return (sorted({d.parameter for d in departed}),
                    f"{detail}, as under {named(departed)}", rests,
                    [(d.parameter, d.reading) for d in departed])
        return rules, f"{detail}; {NO_FIT}", rests, []

    def _perft(self, profile: Profile, body: dict[str, Any], got: dict[str, Any]) -> Refusal:
        """Follow a differing perft count down its divide to the first differing position,
        and charge what differs there like any wrong answer (to the readings that give it)."""
        situation, depth = body["situation"], int(body["depth"])
        path: list[str] = []
        while True:
            expected: Answer = _answer(profile, {"op": "perft", "situation": situation,
                                                "depth": depth})
            mine, theirs = expected.expect["divide"], got.get("divide", {})
            at = f" after {' '.join(path)}" if path else ""
            if set(mine) != set(theirs):
                return self._divide_cards_differ(profile, situation, mine, theirs, at)
            card = next((c for c in mine if mine[c] != theirs[c]), None)
            if card is None or depth <= 1:
                return [], f"totals differ{at}", [], None
            found = self._trick_end_differs(profile, situation, card, at)
            if found is not None:
                return found
            path.append(card)
            situation = kit_for_game(profile.game.id).conformance.after(profile, situation, card)
            depth -= 1
            reply = self._ask(profile, "perft", {"situation": situation, "depth": depth})
            if isinstance(reply, Problem):
                return [], f"{reply} when asked perft {depth}{at} {card}", [], None
            got = reply

    def _divide_cards_differ(self, profile: Profile, situation: dict[str, Any],
                             mine: dict[str, Any], theirs: dict[str, Any], at: str) -> Refusal:
        """A perft divide whose cards differ from the reference's: the engine plays on after
        the hand is over, or its legal cards there differ (charged like a wrong answer)."""
        over, _ = kit_for_game(profile.game.id).conformance.trick_point(profile, situation)
        if over:
            return ["hand.early-stop"], f"the hand is over{at}; the engine plays on", [], None
        why = _answer(profile, {"op": "legal-plays", "situation": situation}).why
        cards = sorted(set(mine) ^ set(theirs))
        rules = sorted({why["cards"].get(c, "play.card-in-hand") for c in cards})
        return self._charged(profile, "legal-plays", {"situation": situation},
                             {"cards": sorted(theirs)}, rules,
                             f"legal cards differ{at}: {', '.join(cards)}",
                             resting_on(why, cards))

    def _trick_end_differs(self, profile: Profile, situation: dict[str, Any], card: str,
                           at: str) -> Refusal | None:
        """When ``card`` ends the trick: the engine's failure to name its winner, or the
        wrong winner it names (charged like a wrong answer); None when it names the right
        one or the trick goes on."""
        _, down = kit_for_game(profile.game.id).conformance.trick_point(profile, situation)
        if down != len(situation["hands"]) - 1:
            return None
        done = dict(situation)
        done["trick"] = [*situation["trick"], card]
        done["hands"] = [[c for c in h if c != card] for h in situation["hands"]]
        mine_w = _answer(profile, {"op": "trick-winner", "situation": done})
        reply_w = self._ask(profile, "trick-winner", {"situation": done})
        if isinstance(reply_w, Problem):
            return [], f"{reply_w} when asked the winner of a trick{at}", [], None
        if reply_w["winner"] != mine_w.expect["winner"]:
            rule = mine_w.why["seats"].get(str(reply_w["winner"]), "trick.winner")
            return self._charged(profile, "trick-winner", {"situation": done},
                                 {"winner": reply_w["winner"]}, [rule],
                                 f"trick {' '.join(done['trick'])}{at}: the engine "
                                 f"gives seat {reply_w['winner']}, expected "
                                 f"{mine_w.expect['winner']}", [])
        return None


def named(departures: list[Departure]) -> str:
    """House readings as a failure's detail names them."""
    return ", ".join(f"{d.parameter} = {d.reading}" for d in departures)


def differing_rules(op: str, expect: dict[str, Any], why: dict[str, Any],
                    got: dict[str, Any]) -> list[str]:
    """The rules charged for the parts of ``got`` that differ from ``expect`` (empty when
    they agree): each card, seat or call by its own rule; an answer whose first part differs
    (the tricks or card points a played hand gives each side, whether a contract was made,
    the scores) by that part's rule alone, since the rest follows from it; any other part by
    the rule ``why`` gives it. In the auction and the doubling who speaks comes first: a
    wrong seat is charged to the rule of speaking order alone, and calls are compared only
    where both sides agree who speaks."""
    rules: set[str] = set()
    if op == "legal-plays":
        for card in set(expect["cards"]) ^ set(got.get("cards", [])):
            rules.add(why["cards"].get(card, "play.card-in-hand"))
        return sorted(rules)
    if op == "trick-winner":
        if got.get("winner") != expect["winner"]:
            rules.add(why["seats"].get(str(got.get("winner")), "trick.winner"))
        return sorted(rules)
    if "legal" in expect:  # the auction and the doubling
        if "seat" in expect and got.get("seat") != expect["seat"]:
            # another seat speaks: its calls answer another question, so are not compared
            return [str(why.get("seat", "auction.order"))]
        calls = why.get("calls", {})
        for call in set(expect["legal"]) ^ set(got.get("legal", [])):
            rules.add(calls.get(call, why.get("contract", why.get("multiplier", "contracts"))))
    if got == expect:
        return sorted(rules)
    first = _first_part_rules(expect, why, got)
    if first is not None:
        return sorted(rules | first)
    return sorted(_part_rules(expect, why, got, rules))


def _first_part_rules(expect: dict[str, Any], why: dict[str, Any],
                      got: dict[str, Any]) -> set[str] | None:
    """The rule of the first part of a played hand's answer that differs (the tricks, the
    card points, whether the contract was made, the scores), when ``why`` names one; None
    when none differs."""
    for first in ("tricks_won", "card_points", "made", "scores"):
        rule = why.get(first)
        if first in expect and got.get(first) != expect[first] and isinstance(rule,
                                                                              (str, list)):
            return {rule} if isinstance(rule, str) else set(map(str, rule))
    return None


def _part_rules(expect: dict[str, Any], why: dict[str, Any], got: dict[str, Any],
                rules: set[str]) -> set[str]:
    """``rules`` with the rule ``why`` gives each other part that differs (or the score's);
    every rule of the attribution when only a part that follows from the others differs (a
    total)."""
    for part, value in expect.items():
        if part != "legal" and got.get(part) != value:
            rule = why.get(part, why.get("score"))
            if isinstance(rule, str):
                rules.add(rule)
            elif isinstance(rule, list):
                rules.update(str(r) for r in rule)
    if not rules:
        rules = why_rules(why)
    return rules


def resting_on(why: dict[str, Any], cards: Iterable[str]) -> list[list[str]]:
    """The rank orders each of ``cards`` rests on, by the attribution's ``ranks``; empty when
    some card rests on none (the play rule alone then explains the difference)."""
    ranks = why.get("ranks", {})
    out = [list(ranks.get(card, [])) for card in cards]
    return out if out and all(out) else []


def tricks_resting_on(why: dict[str, Any], expect: dict[str, Any],
                      got: dict[str, Any]) -> list[list[str]]:
    """The rank orders a played hand's trick winners rest on (the attribution's ``orders``)
    when the tricks each side won differ; empty otherwise."""
    if "tricks_won" in expect and got.get("tricks_won") != expect["tricks_won"]:
        return [list(why.get("orders", []))] if why.get("orders") else []
    return []



def _answer(profile: Profile, request: dict[str, Any]) -> Answer:
    """The reference answer, from the family's proof kit."""
    return kit_for_game(profile.game.id).conformance.answer(profile, request)
