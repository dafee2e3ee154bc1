"""A complete conformance adapter over a small Baloot engine written into it: all thirteen
question types of the Baloot suite, under the reconciled rules (profile ``baloot-default``) only.

Run it with ``trickrules conform --game baloot --engine "python baloot_adapter.py"``. Plain
Python, standard library only: it stands for an engine written from the rulebook alone. A
request whose ``rules`` differ from the reconciled readings is declined as unsupported."""

import json
import sys

# The readings this engine plays: the reconciled profile, parameter by parameter.
RECONCILED = {
    "deck.cards": "piquet-32", "seating.partners": "opposite",
    "seating.turn-order": "counter-clockwise", "dealer.first": "random",
    "dealer.rotation": "to-the-right", "deal.cut": "cutter-chooses",
    "deal.packets": "3-2-then-public",
    "deal.exposed-card": "keep-unless-ace", "deal.completion": "taker-2-others-3",
    "auction.order": "from-dealers-right", "auction.sun-over-hokom": "any-other-player",
    "auction.hokom-over-hokom": "none",
    "auction.sun-over-sun": "higher-priority", "auction.ashkal-callers": "dealer-and-left",
    "auction.wrong-ashkal": "forced-sun", "auction.ashkal-on-ace": "forced-sun",
    "auction.ashkal-round": "first-round", "auction.ashkal-when": "any-standing-bid",
    "auction.hokom-confirmation": "none",
    "auction.kawesh": "first-round", "auction.second-round-hokom": "named-with-bid",
    "auction.all-pass": "next-dealer", "double.sun": "one-above-other-below-100",
    "double.sun-ahead": "either-side",
    "double.lock": "no-trump-lead", "double.split": "winner-takes-all",
    "double.projects": "same-as-hand", "double.four-caller": "doubler",
    "double.gahwa": "hand-winner-wins-game", "double.tie": "as-any-hand",
    "double.buyer-raises": "declarer",
    "project.values": "sira-50-100-400", "project.per-player": "up-to-two",
    "project.four-hundred-holder": "any-player", "project.hundred-order": "run-first",
    "project.tie-break": "highest-card-then-first", "project.declaration-order": "play-order",
    "project.proof": "shown", "project.baloot-holder": "any-player",
    "project.baloot-value": "2-game-points", "project.baloot-in-project": "not-split-not-in-100",
    "project.scoring-side": "comparison-winner",
    "rank.plain": "ten-high", "rank.trump": "jack-nine-high", "play.first-lead": "dealers-right",
    "play.follow-suit": "must-follow", "play.hokom-void": "must-trump-unless-partner-winning",
    "play.trump-led": "must-overtrump", "play.hokom-ruff": "any-trump",
    "score.card-points": "standard",
    "score.sun-conversion": "five-kept-div-5", "score.hokom-conversion": "nearest-ten-half-down",
    "score.keep-total": "declarers-get-rest", "score.hokom-threshold": "at-least-81",
    "score.sun-threshold": "at-least-65-card-points", "score.failed": "defenders-take-all",
    "score.failed-baloot": "to-defenders",
    "score.threshold-counts": "with-projects-and-baloot", "score.sweep": "card-points",
    "game.target": "152", "game.both-reach": "higher-total",
}
OPS = ["legal-plays", "trick-winner", "perft", "auction", "doubling", "projects",
       "project-compare", "hand-score", "game-end", "next-dealer", "first-lead", "cut",
       "exposed-card"]

PLAIN = ["7", "8", "9", "J", "Q", "K", "10", "A"]  # low to high in a plain suit
TRUMP = ["7", "8", "Q", "K", "10", "A", "9", "J"]  # low to high in trumps
RUN = ["7", "8", "9", "10", "J", "Q", "K", "A"]  # the order of a run (a project)
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_POINTS = {**POINTS, "J": 20, "9": 14}
PROJECT_VALUES = {"sun": {"sira": 4, "fifty": 10, "hundred": 20, "four-hundred": 40},
                  "hokom": {"sira": 2, "fifty": 5, "hundred": 10}}
LEVEL = {"sira": 1, "fifty": 2, "hundred": 3, "four-hundred": 4}


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


def team(seat):
    return seat % 2


# ----------------------------------------------------------------------- play of the cards

def strength(card, led, trump):
    """How strongly a card bids for the trick: trumps above the suit led, others not at all."""
    if suit(card) == trump:
        return 100 + TRUMP.index(rank(card))
    if suit(card) == led:
        return PLAIN.index(rank(card))
    return -1


def winner_index(trick, trump):
    """The index in the trick of the card that is winning it."""
    return max(range(len(trick)), key=lambda i: strength(trick[i], suit(trick[0]), trump))


def legal(hand, trick, trump, locked):
    if not trick:
        if locked and trump and any(suit(c) != trump for c in hand):
            return [c for c in hand if suit(c) != trump]  # a locked double: no trump lead
        return list(hand)
    led = suit(trick[0])
    follow = [c for c in hand if suit(c) == led]
    if follow and led == trump:  # a trump led: overtrump when possible
        top = max(strength(c, led, trump) for c in trick)
        return [c for c in follow if strength(c, led, trump) > top] or follow
    if follow:
        return follow
    if winner_index(trick, trump) == len(trick) - 2:
        return list(hand)  # void, and the partner is winning the trick: any card
    trumps = [c for c in hand if suit(c) == trump]
    return trumps or list(hand)  # void in Hokom: trump if possible (in Sun, trump is None)


def play(hands, leader, trick, card, trump):
    """The hands, leader and trick after ``card``; a full trick's winner leads the next one."""
    mover = (leader + len(trick)) % 4
    hands = [h if s != mover else [c for c in h if c != card] for s, h in enumerate(hands)]
    trick = [*trick, card]
    if len(trick) == 4:
        return hands, (leader + winner_index(trick, trump)) % 4, []
    return hands, leader, trick


def perft(hands, leader, trick, trump, locked, depth):
    """How many sequences of exactly ``depth`` legal plays start here, by first card. A hand
    that ends before ``depth`` plays counts nothing."""
    mover = (leader + len(trick)) % 4
    divide = {}
    for card in legal(hands[mover], trick, trump, locked):
        after = play(hands, leader, trick, card, trump)
        divide[card] = 1 if depth == 1 else sum(perft(*after, trump, locked, depth - 1).values())
    return divide


# ----------------------------------------------------------------------- buying the hand

def auction(dealer, public, hands, calls):
    """Replays the calls; returns the calls open to the seat to speak, the contract and the
    seat to speak (None once the buying is over)."""
    order = [(dealer + 1 + i) % 4 for i in range(4)]  # from the dealer's right: priority
    rnd, queue, bid, passed_on_sun, over = 1, list(order), None, set(), False
    for call in calls:
        seat = queue.pop(0)
        if call == "kawesh":
            return [], None, None  # the hand is void
        if call == "pass":
            if bid and bid[0] == "sun":
                passed_on_sun.add(seat)
        elif call == "hokom" or call.startswith("suit-"):
            trump = suit(public) if call == "hokom" else call[-1]
            bid = ("hokom", seat, trump)
            # every other player, from the top of the order, may answer a Hokom with Sun
            queue = [s for s in order if s != seat]
        else:  # "sun", or "ashkal": a Sun for the caller's partner; on an Ace, or called by
            # a player who may not call it (only the dealer and the dealer's left may), the
            # caller's own Sun
            asked = call == "ashkal" and seat in (dealer, (dealer + 3) % 4)
            declarer = (seat + 2) % 4 if asked and rank(public) != "A" else seat
            bid = ("sun", declarer, None)
            # a second-round Sun is final; in the first round the players ahead of the caller
            # who have not passed on a Sun may still take it, in order of priority
            queue = [] if rnd == 2 else [s for s in order[:order.index(seat)]
                                         if s not in passed_on_sun and s != declarer]
        if not queue:
            if bid or rnd == 2:
                over = True
                break
            rnd, queue = 2, list(order)  # four passes: the second round
    if over or not queue:
        contract = bid and {"kind": bid[0], "declarer": bid[1], "trump": bid[2]}
        return [], contract, None
    seat = queue[0]
    open_calls = ["pass", "sun"]
    if rnd == 1:
        if not bid:
            open_calls.append("hokom")
        open_calls.append("ashkal")  # anyone's: from the wrong seat it is the caller's Sun
        if all(rank(c) in ("7", "8", "9") for c in hands[seat]):
            open_calls.append("kawesh")
    elif not bid:
        open_calls += [f"suit-{s}" for s in "SHDC" if s != suit(public)]
    return open_calls, None, seat


def doubling(contract, declarer, scores, calls):
    """Double (a defender), Triple (the buyer), Four (the doubler), Gahwa (the buyer)."""
    defenders = [(declarer + 1) % 4, (declarer + 3) % 4]  # the buyer's right speaks first
    state = {"legal": [], "seat": None, "multiplier": 1, "locked": False, "gahwa": False}
    if contract == "sun" and not (max(scores) > 100 and min(scores) < 100):
        return state  # a Sun is doubled only when one side (either) is over 100, the other under
    seat, doubler, steps = defenders[0], None, list(calls)
    while True:
        mult = state["multiplier"]
        if mult == 1:
            options = ["pass", "double"] + (["double-locked"] if contract == "hokom" else [])
        elif mult == 2 and contract == "hokom":
            options = ["pass", "triple"]
        elif mult == 3:
            options = ["pass", "four", "four-locked"]
        elif mult == 4 and not state["gahwa"]:
            options = ["pass", "gahwa"]
        else:
            options = []  # a doubled Sun, or a Gahwa: nothing more to say
        if not options:
            return state
        if not steps:
            return {**state, "legal": options, "seat": seat}
        call = steps.pop(0)
        if call == "pass":
            if mult == 1 and seat == defenders[0]:
                seat = defenders[1]  # the other defender may still double
                continue
            return state
        state["multiplier"] = mult + 1 if call != "gahwa" else 4
        state["locked"] = call.endswith("-locked")  # a Triple or a Gahwa unlocks
        state["gahwa"] = call == "gahwa"
        doubler = doubler if doubler is not None else seat
        seat = declarer if seat == doubler else doubler


# ----------------------------------------------------------------------- projects

def runs(cards):
    """The maximal runs of three or more cards of one suit, in the order A K Q J 10 9 8 7."""
    found = []
    for s in "SHDC":
        held = [r in {rank(c) for c in cards if suit(c) == s} for r in RUN] + [False]
        start = 0
        for i, here in enumerate(held):
            if not here:
                if i - start >= 3:
                    found.append([RUN[j] + s for j in range(start, i)])
                start = i + 1
    return found


def projects(contract, hand):
    """The projects of a hand that share no card and are worth the most. A card of a four of a
    kind is not also in a run; a run scores once, as the longest project it makes (a run of six
    or more, which the rulebook leaves open and the suite does not ask, is one 100 here). At most
    two a player, which eight cards never exceed with projects that share no card."""
    fours = [[r + s for s in "SHDC"] for r in ("10", "J", "Q", "K", "A")
             if all(r + s in hand for s in "SHDC")]
    best, best_value = [], -1
    for mask in range(1 << len(fours)):  # which fours of a kind to take (at most two)
        taken = [f for i, f in enumerate(fours) if mask >> i & 1]
        used = {c for f in taken for c in f}
        found = [("hundred" if rank(f[0]) != "A" or contract == "hokom" else "four-hundred", f)
                 for f in taken]
        for run in runs([c for c in hand if c not in used]):
            found.append(({3: "sira", 4: "fifty"}.get(len(run), "hundred"), run))
        value = sum(PROJECT_VALUES["sun"][kind] for kind, _ in found)
        if value > best_value:
            best, best_value = found, value
    return [{"kind": kind, "cards": cards} for kind, cards in best]


def baloot(trump, hand, declared):
    """Baloot: the trump King and Queen held together score for any player, but not when a
    declared project holds one of the two without the other, or both in a 100."""
    if trump is None or "K" + trump not in hand or "Q" + trump not in hand:
        return False
    for p in declared:
        king, queen = "K" + trump in p["cards"], "Q" + trump in p["cards"]
        if king != queen or (king and p["kind"] in ("hundred", "four-hundred")):
            return False
    return True


def project_compare(contract, first_leader, declared):
    """Only the side with the higher project scores projects: all of its own."""
    if not declared:
        return None, 0

    def key(p):
        is_run = len({suit(c) for c in p["cards"]}) == 1
        top = max(RUN.index(rank(c)) for c in p["cards"])
        # level; a 100 in a row beats four of a kind; the top card; then who declared first
        return (LEVEL[p["kind"]], is_run, top, -((p["seat"] - first_leader) % 4))

    winner = team(max(declared, key=key)["seat"])
    values = PROJECT_VALUES[contract]
    return winner, sum(values[p["kind"]] for p in declared if team(p["seat"]) == winner)


# ----------------------------------------------------------------------- scoring

def game_points(contract, card_points):
    if contract == "sun":  # to the nearest ten unless it ends in 5, then divided by 5
        return (card_points if card_points % 10 == 5 else (card_points + 5) // 10 * 10) // 5
    return (card_points + 4) // 10  # to the nearest ten (a 5 rounded down), divided by 10


def played_hand(contract, trump, tricks):
    """Who took each trick and what it held; the last trick's 10 goes to its taker."""
    won, points = [0, 0], [0, 0]
    for number, trick in enumerate(tricks):
        cards = trick["cards"]
        side = team(trick["leader"] + winner_index(cards, trump))
        won[side] += 1
        points[side] += sum((TRUMP_POINTS if suit(c) == trump else POINTS).get(rank(c), 0)
                            for c in cards) + (10 if number == 7 else 0)
    return won, points


def hand_score(r):
    contract, decl, mult = r["contract"], r["declarer_team"], r["multiplier"]
    extra = {}
    if "tricks" in r:
        extra["tricks_won"], extra["card_points"] = played_hand(contract, r["trump"], r["tricks"])
    card_points = extra.get("card_points") or r["card_points"]
    total = 26 if contract == "sun" else 16
    made = made_contract(contract, decl, card_points, r)
    winner = decl if made else 1 - decl
    cards = [0, 0]
    if made and mult == 1:  # the defenders' points are converted, the buyers get the rest
        cards[1 - decl] = game_points(contract, card_points[1 - decl])
        cards[decl] = total - cards[1 - decl]
    else:  # a failed or a raised hand: its winner takes every card point, multiplied
        cards[winner] = total * mult
    project_points = [0, 0]
    if r["projects"]["team"] is not None:
        side = r["projects"]["team"] if made else winner  # a failure gives them away
        project_points[side] = r["projects"]["points"] * mult
    baloot = [2 * n for n in r["baloot"]]  # never multiplied
    if not made:  # a failed side scores nothing: its Baloot goes to the defenders
        baloot = [2 * sum(r["baloot"]) if t == winner else 0 for t in (0, 1)]
    return {**extra, "made": made, "cards": cards, "projects": project_points, "baloot": baloot,
            "total": [cards[t] + project_points[t] + baloot[t] for t in (0, 1)],
            "gahwa_winner": winner if r["gahwa"] else None}


def made_contract(contract, decl, card_points, r):
    """Half the card points make the contract (65 of 130 in Sun, 81 of 162 in Hokom), the
    winning projects and both Baloots counted towards it at their card-point worth against the
    other side's (a project's game points times 5 in Sun and 10 in Hokom, a Baloot 20); a side
    that took every trick has made it."""
    if card_points[decl] == (130 if contract == "sun" else 162):
        return True
    worth = [0, 0]
    if r["projects"]["team"] is not None:
        worth[r["projects"]["team"]] += r["projects"]["points"] * (5 if contract == "sun" else 10)
    worth = [worth[t] + 20 * r["baloot"][t] for t in (0, 1)]
    lead = worth[decl] - worth[1 - decl]
    return 2 * card_points[decl] + lead >= 2 * (65 if contract == "sun" else 81)


def game_end(scores, gahwa_winner):
    if gahwa_winner is not None:
        return gahwa_winner
    if max(scores) < 152 or scores[0] == scores[1]:
        return None  # equal scores at the target: another hand is played
    return 0 if scores[0] > scores[1] else 1


# ----------------------------------------------------------------------- the table

def table(r):
    """Who deals next, who leads first, what the cutter may do, what an exposed card does."""
    right = (r["dealer"] + 1) % 4  # the dealer's right: the next seat in turn order
    if r["op"] == "next-dealer":
        return {"dealer": right}  # however the hand ended, four passes twice included
    if r["op"] == "first-lead":
        return {"leader": right}  # whoever bought the hand
    if r["op"] == "cut":
        # the player on the dealer's left chooses how the pack is dealt
        return {"choices": ["cut", "go", "shuffle", "public-first", "top-three",
                            "bottom-three-self", "bottom-three-partner"]}
    # a card turned face up while dealing is kept, but an Ace makes the dealer deal again
    return {"outcomes": ["redeal"] if r["card"][0] == "A" else ["keep"]}


# ----------------------------------------------------------------------- the protocol

def answer(r):
    op = r["op"]
    if op == "hello":
        return {"engine": "example-baloot 1.0", "ops": OPS}
    if r["game"] != "baloot" or op not in OPS or r["rules"] != RECONCILED:
        return {"unsupported": f"{op} under {r['profile']}: only the reconciled rules"}
    if op in ("legal-plays", "trick-winner", "perft"):
        s = r["situation"]
        if op == "trick-winner":
            return {"winner": (s["leader"] + winner_index(s["trick"], s["trump"])) % 4}
        mover = (s["leader"] + len(s["trick"])) % 4
        cards = legal(s["hands"][mover], s["trick"], s["trump"], s["locked"])
        if op == "legal-plays":
            return {"cards": cards}
        divide = perft(s["hands"], s["leader"], s["trick"], s["trump"], s["locked"],
                       r["depth"])
        return {"nodes": sum(divide.values()), "divide": divide}
    if op == "auction":
        calls, contract, seat = auction(r["dealer"], r["public"], r["hands"], r["calls"])
        return {"legal": calls, "seat": seat, "contract": contract}
    if op == "doubling":
        return doubling(r["contract"], r["declarer"], r["scores"], r["calls"])
    if op == "projects":
        found = projects(r["contract"], r["hand"])
        return {"projects": found, "baloot": baloot(r["trump"], r["hand"], found)}
    if op == "project-compare":
        side, points = project_compare(r["contract"], r["first_leader"], r["declared"])
        return {"team": side, "points": points}
    if op == "hand-score":
        return hand_score(r)
    if op in ("next-dealer", "first-lead", "cut", "exposed-card"):
        return table(r)
    return {"winner": game_end(r["scores"], r["gahwa_winner"])}


for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"id": request["id"], **answer(request)}), flush=True)
