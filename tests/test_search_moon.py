"""The search's model of the moon: opponents defend only against a shot they can see (issue 34).

A live threat is a seat that has taken every point taken so far, at least ♠Q's 13
(:func:`hearts_core.policy.moon_threat`).  The two shipped puzzles the issue found are
rebuilt here from their records (deal, passes and plays copied, so the test does not depend
on the shipped set keeping them), with positions built by hand where defending is right and
where it is wrong.
"""

from __future__ import annotations

import random

from hearts_core import HandState, SeatView
from hearts_core.bots import Appraisal, HardBot, make_bot
from hearts_core.cards import DECK, Card, mask_of, parse_cards
from hearts_core.fastsim import sim_from_view
from hearts_core.kernel import Table
from hearts_core.policy import MOON_WATCH_POINTS, controls_hearts, moon_threat, rollout_card
from hearts_core.puzzle_records import PositionRecord, replay
from hearts_core.rules import Rules

# 2026-94-4: trick 2, CPU1 leads from ♠6 ♠J ♠Q ♠A; the old search shipped ♠Q, whose
# figures came from a "you shoot" branch where the others overtook ♠Q with ♠K or ♠A.
LEAD_INTO_THE_SHOOT_BRANCH: PositionRecord = {
    "id": "2026-94-4", "direction": "across", "seat": 1,
    "deal": [["♣2", "♣5", "♣6", "♦6", "♦10", "♦Q", "♠2", "♠4", "♠7", "♠10", "♥5", "♥10", "♥K"],
             ["♣7", "♣J", "♣Q", "♦3", "♦8", "♦J", "♦A", "♠6", "♠J", "♠Q", "♥3", "♥9", "♥Q"],
             ["♣3", "♣9", "♣10", "♣A", "♦2", "♠3", "♠5", "♠9", "♠K", "♥2", "♥4", "♥7", "♥A"],
             ["♣4", "♣8", "♣K", "♦4", "♦5", "♦7", "♦9", "♦K", "♠8", "♠A", "♥6", "♥8", "♥J"]],
    "passes": [["♥K", "♦Q", "♥10"], ["♦A", "♥9", "♣7"], ["♦2", "♥A", "♣A"], ["♠A", "♣K", "♦K"]],
    "plays": ["♣2", "♣Q", "♣10", "♣8"],
}

# 2026-302-21: You may take your own ♠Q (no heart in hand); the old search saw a moon in
# most play-outs because the others dumped their hearts on a seat holding ♠Q alone and
# threw away the high cards that could have won a trick from it.
TAKE_YOUR_OWN_QUEEN: PositionRecord = {
    "id": "2026-302-21", "direction": "across", "seat": 0,
    "deal": [["♣3", "♣7", "♣Q", "♣K", "♦8", "♦10", "♦J", "♦Q", "♠3", "♠7", "♠9", "♥Q", "♥K"],
             ["♣5", "♣8", "♣10", "♣A", "♦4", "♦9", "♠2", "♠4", "♠5", "♠8", "♠A", "♥2", "♥10"],
             ["♣2", "♣4", "♦5", "♦6", "♦K", "♠10", "♠Q", "♠K", "♥3", "♥5", "♥6", "♥8", "♥J"],
             ["♣6", "♣9", "♣J", "♦2", "♦3", "♦7", "♦A", "♠6", "♠J", "♥4", "♥7", "♥9", "♥A"]],
    "passes": [["♥K", "♣K", "♥Q"], ["♠A", "♣A", "♥10"], ["♠Q", "♠K", "♦K"], ["♦7", "♥4", "♣9"]],
    "plays": ["♣2", "♣6", "♣3", "♣5", "♠A", "♠K", "♠2", "♠10", "♦3", "♦8", "♦4", "♦6", "♠3", "♠4", "♣K",
              "♠J", "♦A", "♦K", "♦7", "♦5", "♠6"],
}

QUEEN = parse_cards("♠Q")[0]


def view_of(record: PositionRecord) -> SeatView:
    return replay(record).view(record["seat"])


def moon_share(item: Appraisal) -> float:
    """How often the seat shot the moon in the play-outs: only a shot scores 26 below the others' average."""
    return sum(1 for score in item.world_scores if score <= -26 + 1e-9) / len(item.world_scores)


def figures(view: SeatView, seed: int, budget: float) -> dict[Card, Appraisal]:
    return {item.card: item for item in HardBot(random.Random(seed), budget, max_worlds=4000).appraise(view)}


def test_leading_queen_into_a_blind_shoot_branch_is_no_longer_the_answer() -> None:
    view = view_of(LEAD_INTO_THE_SHOOT_BRANCH)
    found = figures(view, 94, 0.3)
    best = min(found.values(), key=lambda item: item.expected_points)
    assert best.card != QUEEN
    # Leading ♠Q into four players who all still hold spades gives it away, shot or not.
    queen = found[QUEEN]
    assert moon_share(queen) < 0.05
    assert queen.expected_points > best.expected_points + 3


def test_the_others_do_not_overtake_a_queen_nobody_can_see_is_a_shot() -> None:
    # In the "you shoot" branch CPU1 leads ♠Q; CPU2 holds ♠K over it and ♠3 ♠5 ♠9 under it.
    # Nothing on the table says CPU1 is shooting, so CPU2 ducks as usual.
    state = replay(LEAD_INTO_THE_SHOOT_BRANCH)
    state.play("♠Q")
    hands = tuple(mask_of(state.hand(seat)) for seat in range(4))
    sim = sim_from_view(state.view(2), (hands[0], hands[1], hands[2], hands[3]))
    assert moon_threat(sim) == -1
    assert str(DECK[rollout_card(sim, shooter=1)]) == "♠9"


def test_taking_your_own_queen_is_not_a_likely_moon() -> None:
    view = view_of(TAKE_YOUR_OWN_QUEEN)
    found = figures(view, 302, 0.1)
    best = min(found.values(), key=lambda item: item.expected_points)
    assert best.card != QUEEN
    # Once the seat holds ♠Q and every point, the others defend: a shot from ♣7 ♣Q and five
    # top cards, with no heart, happens in a quarter of the play-outs (the old model: 256 in 300).
    assert moon_share(found[QUEEN]) < 0.3
    assert found[QUEEN].expected_points > best.expected_points + 3


# CPU1 leads clubs from ♣A down; CPU3 drops ♠Q on the second trick, so CPU1 has 13 points
# and nobody else has one.  Then CPU1 leads ♦9, CPU2 (only hearts left) throws ♥8, CPU3
# follows ♦8, and You, last, hold ♦5 ♦6 ♦7 ♦10 ♦J ♦Q ♦K.  CPU1 keeps ♦A, clubs and ♥A:
# ducking lets it take every heart; ♦10 takes ♥8 and ends the shot for a point.
QUEEN_ALONE_DEAL = [
    "♣2 ♣3 ♣4 ♦2 ♦3 ♦4 ♦5 ♦6 ♦7 ♦10 ♦J ♦Q ♦K",
    "♣5 ♣6 ♣7 ♣8 ♣9 ♣10 ♣J ♣Q ♣K ♣A ♦9 ♦A ♥A",
    "♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♥2 ♥3 ♥4 ♥5 ♥6 ♥7 ♥8",
    "♠8 ♠9 ♠10 ♠J ♠Q ♠K ♠A ♦8 ♥9 ♥10 ♥J ♥Q ♥K",
]


def queen_alone_threat() -> HandState:
    state = HandState.new(QUEEN_ALONE_DEAL, "hold")
    for card in ("♣2", "♣A", "♠2", "♠8",
                 "♣K", "♠3", "♠Q", "♣3",
                 "♣Q", "♠4", "♠9", "♣4",
                 "♣J", "♠5", "♠10", "♦2",
                 "♣10", "♠6", "♠J", "♦3",
                 "♣9", "♠7", "♠K", "♦4",
                 "♦9", "♥8", "♦8"):
        state.play(card)
    assert state.to_move == 0 and state.points_taken == (0, MOON_WATCH_POINTS, 0, 0)
    return state


def test_a_seat_with_the_queen_alone_is_stopped_late_in_the_hand() -> None:
    state = queen_alone_threat()
    assert make_bot("normal").choose_play(state.view(0)) == parse_cards("♦10")[0]
    # The search, by the seat's own points (the puzzles' measure), also takes the heart.
    found = figures(state.view(0), 3, 0.3)
    take, duck = found[parse_cards("♦10")[0]], found[parse_cards("♦7")[0]]
    assert take.take_chance == 1.0 and take.expected_points < duck.expected_points


def test_one_heart_is_not_a_shot_to_defend_against() -> None:
    # CPU1 took one heart on trick 2 and nobody else has a point; CPU1 leads ♦9 and CPU2
    # throws ♥8 on it.  Overtaking would only take the heart: You duck with ♦7.
    state = HandState.new(QUEEN_ALONE_DEAL, "hold")
    for card in ("♣2", "♣A", "♠2", "♠8",
                 "♣K", "♠3", "♥9", "♣3",
                 "♦9", "♥8", "♦8"):
        state.play(card)
    assert state.to_move == 0 and state.points_taken == (0, 1, 0, 0)
    assert moon_threat(sim_from_view(state.view(0))) == -1
    assert make_bot("normal").choose_play(state.view(0)) == parse_cards("♦7")[0]


def threat_to_lead(cpu1: str, cpu2: str) -> Table:
    """Trick 11: CPU1 (13 points, ♠Q, nobody else a point) is to lead from ``cpu1``; CPU2 holds ``cpu2``."""
    hands = [mask_of(parse_cards("♦3 ♦4 ♠2")), mask_of(parse_cards(cpu1)), mask_of(parse_cards(cpu2)),
             mask_of(parse_cards("♥9 ♥10 ♥J"))]
    played = (1 << len(DECK)) - 1
    for hand in hands:
        played &= ~hand
    return Table(hands, [], 1, 10, True, [0, 13, 0, 0], Rules(), takers=0b10, played=played)


def threat_leads(lead: str, second: str) -> Table:
    """:func:`threat_to_lead`, CPU1 having led ``lead`` from ``lead`` ♣K ♣Q."""
    table = threat_to_lead(f"{lead} ♣K ♣Q", second)
    table.play(parse_cards(lead)[0].index)
    return table


def test_the_threat_plays_on_for_the_moon_only_with_the_top_hearts() -> None:
    # CPU1 has no heart and CPU3 holds three: CPU1 leads low as usual, not its highest card.
    table = threat_to_lead("♣Q ♣K ♦9", "♣3 ♣A ♥5")
    assert moon_threat(table) == 1 and not controls_hearts(table, 1)
    assert str(DECK[rollout_card(table)]) == "♦9"
    # Holding every heart still out, it plays to take every trick: its highest card, not ♥Q.
    table = threat_to_lead("♣K ♥Q ♥K", "♣3 ♣A ♦5")
    table.hands[3] = mask_of(parse_cards("♦6 ♦7 ♦8"))
    table.played = ((1 << len(DECK)) - 1) & ~(table.hands[0] | table.hands[1] | table.hands[2] | table.hands[3])
    assert controls_hearts(table, 1)
    assert str(DECK[rollout_card(table)]) == "♥K"


def test_a_defender_keeps_its_high_card_when_discarding_on_the_threat() -> None:
    # Void in diamonds: CPU2 keeps ♥5 off CPU1's trick, and throws ♣3, not the ♣A that can
    # win a trick from CPU1 later.
    table = threat_leads("♦9", "♣3 ♣A ♥5")
    assert moon_threat(table) == 1
    assert str(DECK[rollout_card(table)]) == "♣3"
