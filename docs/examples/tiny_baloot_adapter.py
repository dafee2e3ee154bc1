"""A complete conformance adapter over a tiny Baloot engine: the legal cards and the trick
winner under the reconciled rules, in plain Python. Every other question is declined."""

import json
import sys

PLAIN = ["7", "8", "9", "J", "Q", "K", "10", "A"]  # low to high in a plain suit
TRUMP = ["7", "8", "Q", "K", "10", "A", "9", "J"]  # low to high in trumps


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


def strength(card, led, trump):
    """How strongly a card bids for the trick: trumps above the suit led, others not at all."""
    if suit(card) == trump:
        return 100 + TRUMP.index(rank(card))
    if suit(card) == led:
        return PLAIN.index(rank(card))
    return -1


def legal(hand, trick, trump, locked):
    if not trick:
        if locked and trump and any(suit(c) != trump for c in hand):
            return [c for c in hand if suit(c) != trump]  # a locked double: no trump lead
        return hand
    led = suit(trick[0])
    follow = [c for c in hand if suit(c) == led]
    if follow and led == trump:  # a trump led: overtrump when possible
        top = max(strength(c, led, trump) for c in trick)
        return [c for c in follow if strength(c, led, trump) > top] or follow
    if follow:
        return follow
    best = max(range(len(trick)), key=lambda i: strength(trick[i], led, trump))
    if best == len(trick) - 2:
        return hand  # void, and the partner is winning the trick: any card
    trumps = [c for c in hand if suit(c) == trump]
    return trumps or hand  # void in Hokom: trump if possible


def answer(request):
    op = request["op"]
    if op == "hello":
        return {"engine": "tiny-baloot 0.1", "ops": ["legal-plays", "trick-winner"]}
    if op not in ("legal-plays", "trick-winner") or request["game"] != "baloot":
        return {"unsupported": f"{op} of {request['game']}"}
    s = request["situation"]
    if op == "legal-plays":
        mover = (s["leader"] + len(s["trick"])) % 4
        return {"cards": legal(s["hands"][mover], s["trick"], s["trump"], s["locked"])}
    led = suit(s["trick"][0])
    best = max(range(4), key=lambda i: strength(s["trick"][i], led, s["trump"]))
    return {"winner": (s["leader"] + best) % 4}


for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request["id"], **answer(request)}), flush=True)
