"""Property tests: random deals, passes and plays driven through the public ``hearts_core`` API.

What this file guards, and why.  The scripted tests pin the guides' worked examples; these
tests pin the invariants every hand must keep whatever the cards, including positions
nobody thought to script:

* a hand is exactly 13 tricks in which every card is played exactly once, each seat
  playing the cards it held after the pass;
* points taken sum to 26 before the moon rule, and ``scores`` is the moon rule applied;
* the legal set is never empty while someone is to move, matches an independent reading of
  ``docs/rules.md`` written here, and agrees card by card with ``explain`` and with the free
  functions ``legal_plays`` / ``check_play`` (the "one legality source" promise of style.md);
* a refused action raises ``IllegalMove`` with a non-legal verdict and changes nothing, and the
  legal tuple ``HandState`` keeps per position is never stale;
* passes: nothing moves until all four seats have confirmed, then each seat receives
  exactly what ``docs/rules.md`` says (left = seat + 1, right = seat + 3, across = seat + 2);
* a seat's view holds only what that seat may know;
* a match survives a JSON round trip mid-pass, mid-hand and between hands, and the
  reloaded match then plays on exactly like the original.

The oracles below (pass offsets, points, legal sets, refusal reasons) are deliberately
re-derived from ``docs/rules.md`` rather than imported from the engine, so a wrong engine
cannot agree with itself.  Random choices come from hypothesis, either directly or through
a hypothesis-drawn seed for ``random.Random``, so every failure shrinks and replays.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts_core import (
    DECK,
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    ActionReason,
    Card,
    HandState,
    HeartsError,
    IllegalMove,
    InvalidPositionError,
    Match,
    PassDirection,
    Phase,
    Reason,
    Rules,
    Suit,
    check_play,
    legal_plays,
)
from tests.support import examples

SEATS = range(4)

# docs/rules.md "Seats and notation": left = seat + 1, right = seat + 3, across = seat + 2.
PASS_OFFSET = {PassDirection.LEFT: 1, PassDirection.RIGHT: 3, PassDirection.ACROSS: 2}

# How many examples each property sees follows the Hypothesis profile (conftest.py: a few
# seconds for the whole file in an ordinary run, ten times as many with --thorough).
# Whole hands cost about a millisecond, so the cheap properties take the profile's count;
# those that ask about every card at every position, or play whole matches, cost tens of
# times as much per example and take a share of it.
MANY = examples(1)
MODERATE = examples(1 / 4)
LIGHT = examples(1 / 8)


# ----------------------------------------------------------------- oracles from docs/rules.md


def reference_points(card: Card) -> int:
    """Rule 8: each heart 1, ♠Q 13, everything else 0."""
    if card.suit is Suit.HEARTS:
        return 1
    return 13 if card == QUEEN_OF_SPADES else 0


def reference_legal(hand: tuple[Card, ...], trick: tuple[Card, ...], *, first_trick: bool,
                    hearts_broken: bool) -> set[Card]:
    """Rules 3 to 6, read straight from docs/rules.md with sets instead of masks."""
    if not trick:
        if first_trick:
            return {card for card in hand if card == TWO_OF_CLUBS}
        non_hearts = {card for card in hand if card.suit is not Suit.HEARTS}
        return set(hand) if hearts_broken or not non_hearts else non_hearts
    following = {card for card in hand if card.suit is trick[0].suit}
    if following:
        return following
    pointless = {card for card in hand if reference_points(card) == 0}
    return pointless if first_trick and pointless else set(hand)


def reference_refusal(hand: tuple[Card, ...], trick: tuple[Card, ...], *, first_trick: bool) -> Reason:
    """The one reason that refuses a held card in a position that refuses some (docs/rules.md order)."""
    if not trick:
        return Reason.MUST_LEAD_TWO_OF_CLUBS if first_trick else Reason.HEARTS_NOT_BROKEN
    if any(card.suit is trick[0].suit for card in hand):
        return Reason.MUST_FOLLOW_SUIT
    return Reason.NO_POINTS_ON_FIRST_TRICK


def reference_scores(points: tuple[int, ...]) -> tuple[int, ...]:
    """Rule 9: a seat with all 26 scores 0 and each other seat 26; else points as taken."""
    if 26 in points:
        return tuple(0 if taken == 26 else 26 for taken in points)
    return points


def reference_winner(leader: int, cards: tuple[Card, ...]) -> int:
    """Rule 7: the highest card of the led suit takes the trick."""
    led = [card for card in cards if card.suit is cards[0].suit]
    return (leader + cards.index(max(led, key=lambda card: card.rank))) % 4


# ----------------------------------------------------------------- random hands


@dataclass(frozen=True)
class HandPlan:
    """Everything random about one hand, drawn up front so hypothesis can shrink it."""

    deal: tuple[tuple[Card, ...], ...]
    direction: PassDirection
    passes: tuple[tuple[Card, ...], ...]
    pass_order: tuple[int, ...]
    play_seed: int


def split_deal(order: list[Card]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(order[seat * 13:(seat + 1) * 13]) for seat in SEATS)


@st.composite
def hand_plans(draw: st.DrawFn, directions: st.SearchStrategy[PassDirection] | None = None) -> HandPlan:
    """A random deal (any permutation of the deck), direction, passes, pass order and play seed."""
    if directions is None:
        directions = st.sampled_from(PassDirection)
    deal = split_deal(draw(st.permutations(DECK)))
    passes = tuple(tuple(draw(st.permutations(deal[seat]))[:3]) for seat in SEATS)
    return HandPlan(deal, draw(directions), passes, tuple(draw(st.permutations(SEATS))),
                    draw(st.integers(0, 2**32 - 1)))


@st.composite
def moon_plans(draw: st.DrawFn) -> HandPlan:
    """A hold hand where one seat holds all 13 clubs.

    That seat leads ♣2 and then every trick with a club nobody else can follow, so it takes
    all 13 tricks whatever anyone plays: the moon is certain, which random play alone
    almost never reaches.
    """
    shooter = draw(st.sampled_from(SEATS))
    clubs = [card for card in DECK if card.suit is Suit.CLUBS]
    rest = iter(draw(st.permutations([card for card in DECK if card.suit is not Suit.CLUBS])))
    deal = tuple(tuple(clubs) if seat == shooter else tuple(next(rest) for _ in range(13)) for seat in SEATS)
    return HandPlan(deal, PassDirection.HOLD, ((), (), (), ()), (0, 1, 2, 3), draw(st.integers(0, 2**32 - 1)))


def walk(plan: HandPlan) -> Iterator[HandState]:
    """Yield the (same, mutating) hand before every action and once more when it is over."""
    state = HandState.new(plan.deal, plan.direction)
    rng = random.Random(plan.play_seed)
    if state.phase is Phase.PASSING:
        for seat in plan.pass_order:
            yield state
            state.pass_cards(seat, plan.passes[seat])
    while not state.is_over:
        yield state
        state.play(rng.choice(state.legal_plays()))
    yield state


def finish(plan: HandPlan) -> HandState:
    """The hand of ``plan`` played to its end."""
    return deque(walk(plan), maxlen=1)[0]


def after_passing(plan: HandPlan) -> tuple[tuple[Card, ...], ...]:
    """Each seat's 13 cards once the passes resolve, computed from docs/rules.md offsets."""
    if plan.direction is PassDirection.HOLD:
        return tuple(tuple(sorted(hand)) for hand in plan.deal)
    offset = PASS_OFFSET[plan.direction]
    return tuple(
        tuple(sorted((set(plan.deal[seat]) - set(plan.passes[seat])) | set(plan.passes[(seat - offset) % 4])))
        for seat in SEATS
    )


# ----------------------------------------------------------------- a whole hand


@MANY
@given(hand_plans())
def test_a_hand_is_13_tricks_with_every_card_played_once(plan: HandPlan) -> None:
    state = finish(plan)
    held = after_passing(plan)

    assert state.is_over and state.phase is Phase.HAND_OVER
    assert len(state.tricks) == 13
    assert Counter(card for trick in state.tricks for card in trick.cards) == Counter(DECK)
    assert len(state.plays) == 52
    assert [card for _, card in state.plays] == [card for trick in state.tricks for card in trick.cards]
    for seat in SEATS:
        assert sorted(card for player, card in state.plays if player == seat) == list(held[seat])
        assert state.hand(seat) == ()
    assert state.to_move is None and state.legal_plays() == ()


@MANY
@given(hand_plans())
def test_two_of_clubs_opens_and_the_highest_card_of_the_led_suit_takes_each_trick(plan: HandPlan) -> None:
    state = finish(plan)
    held = after_passing(plan)
    opener = next(seat for seat in SEATS if TWO_OF_CLUBS in held[seat])

    assert state.tricks[0].leader == opener and state.tricks[0].cards[0] == TWO_OF_CLUBS
    for earlier, later in zip(state.tricks, state.tricks[1:], strict=False):
        assert later.leader == earlier.winner
    for trick in state.tricks:
        assert trick.winner == reference_winner(trick.leader, trick.cards)
        assert trick.seats == tuple((trick.leader + step) % 4 for step in range(4))
        assert [trick.played_by(seat) for seat in trick.seats] == list(trick.cards)


@MANY
@given(st.one_of(hand_plans(), moon_plans()))
def test_points_sum_to_26_and_scores_apply_the_moon_rule(plan: HandPlan) -> None:
    for state in walk(plan):
        if state.is_over:
            break
        # A hand has no score until its last trick; asking early is an error, not zeros.
        with pytest.raises(InvalidPositionError):
            _ = state.scores
        assert state.moon_shooter is None
        assert sum(state.points_taken) == sum(trick.points for trick in state.tricks)

    for trick in state.tricks:
        assert trick.points == sum(reference_points(card) for card in trick.cards)
    taken = tuple(sum(trick.points for trick in state.tricks if trick.winner == seat) for seat in SEATS)
    assert state.points_taken == taken
    assert sum(state.points_taken) == 26
    assert state.scores == reference_scores(state.points_taken)
    shooters = [seat for seat in SEATS if state.points_taken[seat] == 26]
    assert state.moon_shooter == (shooters[0] if shooters else None)


@LIGHT
@given(moon_plans())
def test_holding_all_clubs_on_a_hold_hand_shoots_the_moon(plan: HandPlan) -> None:
    shooter = next(seat for seat in SEATS if TWO_OF_CLUBS in plan.deal[seat])
    state = finish(plan)

    assert all(trick.winner == shooter for trick in state.tricks)
    assert state.points_taken == tuple(26 if seat == shooter else 0 for seat in SEATS)
    assert state.scores == tuple(0 if seat == shooter else 26 for seat in SEATS)
    assert state.moon_shooter == shooter


# ----------------------------------------------------------------- legality at every position


@MANY
@given(hand_plans())
def test_legal_set_is_never_empty_and_matches_rules_md(plan: HandPlan) -> None:
    for state in walk(plan):
        if state.phase is not Phase.PLAYING:
            assert state.legal_plays() == ()
            assert state.to_move is None
            continue
        mover = state.to_move
        assert mover is not None
        hand, trick = state.hand(mover), state.current_trick
        broken = any(card.suit is Suit.HEARTS for _, card in state.plays)
        assert state.hearts_broken == broken
        assert state.first_trick == (not state.tricks)

        legal = state.legal_plays()
        assert legal, f"nothing legal for seat {mover} holding {hand} on {trick}"
        assert list(legal) == sorted(legal)
        assert set(legal) == reference_legal(hand, trick, first_trick=state.first_trick, hearts_broken=broken)


@MODERATE
@given(hand_plans())
def test_explain_agrees_with_legal_plays_for_every_card(plan: HandPlan) -> None:
    for state in walk(plan):
        legal = set(state.legal_plays())
        mover = state.to_move
        refused_reasons: set[Reason | ActionReason] = set()
        for card in DECK:
            verdict = state.explain(card)
            assert verdict.card is card
            assert verdict.legal == (card in legal), f"explain({card}) = {verdict} but legal set is {legal}"
            assert bool(verdict) == verdict.legal
            assert (verdict.reason is Reason.LEGAL) == verdict.legal
            if state.phase is not Phase.PLAYING:
                assert verdict.reason is ActionReason.WRONG_PHASE
                continue
            assert mover is not None
            if not verdict.legal and card in state.hand(mover):
                refused_reasons.add(verdict.reason)
            for seat in SEATS:
                by_seat = state.explain(card, seat=seat)
                if seat == mover:
                    assert by_seat == verdict
                else:
                    assert not by_seat.legal and by_seat.reason is ActionReason.NOT_YOUR_TURN
        if refused_reasons:
            # docs/rules.md: every refusal names exactly one reason, the first rule that bites.
            assert mover is not None
            expected = reference_refusal(state.hand(mover), state.current_trick, first_trick=state.first_trick)
            assert refused_reasons == {expected}


@MODERATE
@given(hand_plans())
def test_free_functions_agree_with_each_other_and_with_the_hand(plan: HandPlan) -> None:
    for state in walk(plan):
        if state.phase is not Phase.PLAYING:
            continue
        mover = state.to_move
        assert mover is not None
        hand, trick = state.hand(mover), state.current_trick
        played = {card for _, card in state.plays}
        options = {"first_trick": state.first_trick, "hearts_broken": state.hearts_broken}
        # Text input in reverse order: the answer must not depend on notation or order.
        as_text = [str(card) for card in reversed(hand)]
        assert legal_plays(hand, trick, **options) == state.legal_plays()
        assert legal_plays(as_text, " ".join(map(str, trick)), **options) == state.legal_plays()
        for card in DECK:
            verdict = check_play(hand, trick, card, **options)
            assert verdict.legal == (card in state.legal_plays())
            assert check_play(as_text, trick, str(card), **options) == verdict
            if card in played:
                # HandState words this "already played"; the free function cannot know that.
                assert state.explain(card).reason == verdict.reason == Reason.NOT_IN_HAND
            else:
                assert state.explain(card) == verdict


# ----------------------------------------------------------------- refused actions change nothing


Attempt = tuple[str, Callable[[HandState], object], Reason | ActionReason]


def refused_attempts(state: HandState, rng: random.Random) -> list[Attempt]:
    """Actions the rules must refuse in this position, each with the reason it must give."""
    play, pass_cards = HandState.play, HandState.pass_cards
    attempts: list[Attempt] = []
    if state.phase is Phase.PASSING:
        card = rng.choice(DECK)
        attempts += [
            ("play while passing", partial(play, card=card), ActionReason.WRONG_PHASE),
            ("play with seat= while passing", partial(play, card=card, seat=rng.choice(SEATS)),
             ActionReason.WRONG_PHASE),
        ]
        for seat in SEATS:
            held = state.hand(seat)
            pick = rng.sample(held, 4)
            stranger = rng.choice([card for card in DECK if card not in held])
            if state.passed(seat) is not None:
                attempts.append((f"seat {seat} passes twice", partial(pass_cards, seat=seat, cards=pick[:3]),
                                 ActionReason.ALREADY_PASSED))
                continue
            attempts += [
                (f"seat {seat} passes two", partial(pass_cards, seat=seat, cards=pick[:2]), ActionReason.WRONG_PASS),
                (f"seat {seat} passes four", partial(pass_cards, seat=seat, cards=pick), ActionReason.WRONG_PASS),
                (f"seat {seat} passes none", partial(pass_cards, seat=seat, cards=()), ActionReason.WRONG_PASS),
                (f"seat {seat} passes a card twice", partial(pass_cards, seat=seat, cards=[pick[0], pick[0], pick[1]]),
                 ActionReason.WRONG_PASS),
                (f"seat {seat} passes {stranger}, not held",
                 partial(pass_cards, seat=seat, cards=[pick[0], pick[1], stranger]), Reason.NOT_IN_HAND),
            ]
    elif state.phase is Phase.PLAYING:
        mover = state.to_move
        assert mover is not None
        held, legal = state.hand(mover), state.legal_plays()
        illegal = [card for card in held if card not in legal]
        if illegal:
            reason = reference_refusal(held, state.current_trick, first_trick=state.first_trick)
            attempts.append(("illegal play", partial(play, card=rng.choice(illegal)), reason))
        elsewhere = [card for card in DECK if state.holder(card) not in (None, mover)]
        if elsewhere:
            attempts.append(("play a card another seat holds", partial(play, card=rng.choice(elsewhere)),
                             Reason.NOT_IN_HAND))
        if state.plays:
            attempts.append(("play a played card", partial(play, card=rng.choice(state.plays)[1]), Reason.NOT_IN_HAND))
        wrong_seat = rng.choice([seat for seat in SEATS if seat != mover])
        attempts += [
            ("legal card by the wrong seat", partial(play, card=rng.choice(legal), seat=wrong_seat),
             ActionReason.NOT_YOUR_TURN),
            ("pass during play", partial(pass_cards, seat=mover, cards=rng.sample(DECK, 3)),
             ActionReason.WRONG_PHASE),
        ]
    else:
        attempts += [
            ("play after the hand", partial(play, card=rng.choice(DECK)), ActionReason.WRONG_PHASE),
            ("play with seat= after the hand", partial(play, card=rng.choice(DECK), seat=rng.choice(SEATS)),
             ActionReason.WRONG_PHASE),
            ("pass after the hand", partial(pass_cards, seat=rng.choice(SEATS), cards=rng.sample(DECK, 3)),
             ActionReason.WRONG_PHASE),
        ]
    return attempts


def snapshot(state: HandState) -> tuple[object, ...]:
    """Everything observable about a hand through its public API."""
    return (
        state.to_record(), state.phase, state.to_move, state.is_over, state.first_trick, state.hearts_broken,
        state.current_trick, state.trick_leader, state.tricks, state.plays, state.points_taken, state.legal_plays(),
        tuple(state.hand(seat) for seat in SEATS), tuple(state.passed(seat) for seat in SEATS),
        tuple(state.view(seat) for seat in SEATS),
    )


# Every refusal tried at every position of a hand: as costly as the MODERATE properties.
@MODERATE
@given(hand_plans(), st.integers(0, 2**32 - 1))
def test_a_refused_action_raises_and_changes_nothing(plan: HandPlan, seed: int) -> None:
    rng = random.Random(seed)
    seen_reasons: set[Reason | ActionReason] = set()
    for state in walk(plan):
        for name, attempt, reason in refused_attempts(state, rng):
            before, twin = snapshot(state), state.copy()
            with pytest.raises(IllegalMove) as refused:
                attempt(state)
            error = refused.value
            assert isinstance(error, ValueError)
            assert not error.verdict.legal, name
            assert error.verdict.reason == reason, f"{name}: {error.verdict}"
            assert str(error) == error.verdict.message != ""
            assert snapshot(state) == before, f"{name} changed the hand"
            assert state == twin
            seen_reasons.add(reason)
    # Guard the guard: every hand reaches playing and the end, so these refusals were tried.
    assert {ActionReason.WRONG_PHASE, ActionReason.NOT_YOUR_TURN, Reason.NOT_IN_HAND} <= seen_reasons


@MODERATE
@given(hand_plans(), st.integers(0, 2**32 - 1))
def test_the_kept_legal_tuple_is_never_stale(plan: HandPlan, seed: int) -> None:
    """The legal tuple ``HandState`` keeps per position is never stale and never rebuilt.

    Its cards come from a cache shared by all hands; asked before or after refused plays,
    or on a copy, it is what the free function says, and asking again hands out the same tuple.
    """
    rng = random.Random(seed)
    for state in walk(plan):
        if state.phase is not Phase.PLAYING:
            continue
        mover = state.to_move
        assert mover is not None
        fresh = legal_plays(state.hand(mover), state.current_trick, first_trick=state.first_trick,
                            hearts_broken=state.hearts_broken)
        first = state.legal_plays()
        assert first == fresh
        assert state.legal_plays() is first
        for _, attempt, _ in refused_attempts(state, rng):
            with pytest.raises(IllegalMove):
                attempt(state)
            assert state.legal_plays() is first
        assert state.copy().legal_plays() == fresh


@MODERATE
@given(hand_plans(), st.integers(0, 2**32 - 1))
def test_cards_in_any_form_asked_about_or_not_play_the_same_hand(plan: HandPlan, seed: int) -> None:
    """The play path for a card just handed out and the checking path for anything else agree.

    Two copies of a hand play the same cards: one hands ``play`` the :class:`Card` values
    of ``legal_plays()``, asked at every position; the other asks only now and then and
    plays the same cards as text, or a card from its own hand, by seat.  Both keep the
    same legal tuple (built, or kept from the play before, when it is read), refuse the
    same illegal cards leaving the hand as it was, and end equal.
    """
    rng = random.Random(seed)
    fast = HandState.new(plan.deal, plan.direction)
    if fast.phase is Phase.PASSING:
        for seat in plan.pass_order:
            fast.pass_cards(seat, plan.passes[seat])
    slow = fast.copy()
    while not fast.is_over:
        legal = fast.legal_plays()
        card = rng.choice(legal)
        if rng.random() < 0.5:
            assert slow.legal_plays() == legal
        illegal = [other for other in slow.hand(slow.to_move or 0) if other not in legal]
        if illegal:
            before = slow.copy()
            with pytest.raises(IllegalMove):
                slow.play(str(rng.choice(illegal)))
            assert slow == before and slow.legal_plays() == legal
        taken = fast.play(card)
        assert slow.play(str(card) if rng.random() < 0.5 else card, seat=slow.to_move) == taken
        assert slow.current_trick == fast.current_trick and slow.tricks == fast.tricks
    assert slow == fast and slow.scores == fast.scores and slow.legal_plays() == fast.legal_plays() == ()


@LIGHT
@given(hand_plans(), st.integers(0, 51))
def test_copy_is_equal_and_independent(plan: HandPlan, stop: int) -> None:
    positions = walk(plan)
    state = next(positions)
    for _, position in zip(range(stop), positions, strict=False):
        state = position
    twin = state.copy()
    frozen = snapshot(twin)
    assert twin == state and snapshot(state) == frozen
    for _ in positions:  # play the original to the end
        pass
    assert snapshot(twin) == frozen
    # Equality is the history: the copy stays equal exactly when the original did not move on.
    assert (twin == state) == (snapshot(state) == frozen)


# ----------------------------------------------------------------- passing


@MANY
@given(hand_plans(directions=st.sampled_from([PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS])))
def test_nothing_moves_until_all_four_have_passed_then_each_seat_gets_its_pass(plan: HandPlan) -> None:
    direction = plan.direction
    offset = PASS_OFFSET[direction]
    for seat in SEATS:
        assert direction.receiver(seat) == (seat + offset) % 4
        assert direction.passer(seat) == (seat - offset) % 4

    state = HandState.new(plan.deal, direction)
    confirmed: list[int] = []
    for seat in plan.pass_order:
        assert state.phase is Phase.PASSING and state.to_move is None and state.legal_plays() == ()
        for other in SEATS:
            assert state.hand(other) == state.dealt(other) == tuple(sorted(plan.deal[other]))
            assert state.view(other).received is None
            expected_pass = tuple(sorted(plan.passes[other])) if other in confirmed else None
            assert state.passed(other) == state.view(other).passed == expected_pass
        state.pass_cards(seat, plan.passes[seat])
        confirmed.append(seat)

    assert state.phase is Phase.PLAYING
    held = after_passing(plan)
    for seat in SEATS:
        source = (seat - offset) % 4
        assert state.hand(seat) == held[seat]
        assert state.view(seat).received == tuple(sorted(plan.passes[source]))
        assert state.view(seat).passed == tuple(sorted(plan.passes[seat]))
        assert state.dealt(seat) == tuple(sorted(plan.deal[seat]))
    assert state.to_move == next(seat for seat in SEATS if TWO_OF_CLUBS in held[seat])


@LIGHT
@given(hand_plans(directions=st.just(PassDirection.HOLD)))
def test_a_hold_hand_starts_playing_with_the_deal_and_refuses_passes(plan: HandPlan) -> None:
    state = HandState.new(plan.deal, PassDirection.HOLD)
    assert state.phase is Phase.PLAYING
    assert state.to_move == next(seat for seat in SEATS if TWO_OF_CLUBS in plan.deal[seat])
    assert state.legal_plays() == (TWO_OF_CLUBS,)
    for seat in SEATS:
        assert state.hand(seat) == tuple(sorted(plan.deal[seat]))
        assert state.passed(seat) is None
        assert state.view(seat).received is None
        with pytest.raises(IllegalMove) as refused:
            state.pass_cards(seat, plan.deal[seat][:3])
        assert refused.value.verdict.reason is ActionReason.WRONG_PHASE


# ----------------------------------------------------------------- views


def cards_inside(value: object) -> set[Card]:
    """Every card reachable from a view's fields, however deeply nested."""
    if isinstance(value, Card):
        return {value}
    if is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_inside(getattr(value, field.name)) for field in fields(value)))
    if isinstance(value, tuple | list):
        return set().union(*(cards_inside(item) for item in value))
    return set()


@MODERATE
@given(hand_plans())
def test_a_view_holds_only_what_its_seat_may_know(plan: HandPlan) -> None:
    for state in walk(plan):
        passing_done = state.phase is not Phase.PASSING and plan.direction is not PassDirection.HOLD
        public = {card for _, card in state.plays}
        for seat in SEATS:
            view = state.view(seat)
            received = view.received or ()
            assert view.seat == seat
            assert view.hand == state.hand(seat)
            assert view.passed == state.passed(seat)
            if passing_done:
                assert received == state.passed((seat - PASS_OFFSET[plan.direction]) % 4)
            else:
                assert view.received is None
            assert cards_inside(view) <= set(state.dealt(seat)) | set(received) | public, "view leaks hidden cards"
            assert (view.phase, view.plays, view.tricks, view.current_trick) == (
                state.phase, state.plays, state.tricks, state.current_trick)
            assert (view.to_move, view.trick_leader, view.hearts_broken, view.points_taken) == (
                state.to_move, state.trick_leader, state.hearts_broken, state.points_taken)
            assert view.is_my_turn == (state.to_move == seat)
            assert view.legal_plays() == (state.legal_plays() if view.is_my_turn else ())
            if state.phase is not Phase.PASSING:
                for other in SEATS:
                    assert view.cards_left(other) == len(state.hand(other))
            # The view answers "may I play this?" for its own seat only, and must say
            # exactly what the referee says for that seat, turn and phase included.
            legal = set(view.legal_plays())
            for card in (*view.hand, *view.current_trick):
                verdict = view.explain(card)
                assert verdict.legal == (card in legal), f"seat {seat} view: {verdict}"
                assert verdict == state.explain(card, seat=seat) or card in view.current_trick


@LIGHT
@given(hand_plans(), st.sampled_from([True, False, 4, -1, 1.0, "0"]))
def test_play_refuses_a_seat_that_is_not_a_seat_number(plan: HandPlan, bad_seat: object) -> None:
    # explain(seat=) and pass_cards(seat) refuse bools and out-of-range seats; play(seat=)
    # must too, or play(card, seat=True) would act for seat 1.
    for state in walk(plan):
        if state.phase is not Phase.PLAYING:
            continue
        before, card = snapshot(state), state.legal_plays()[0]
        with pytest.raises(HeartsError):
            state.play(card, seat=bad_seat)  # type: ignore[arg-type]
        assert snapshot(state) == before


# ----------------------------------------------------------------- match records


@dataclass(frozen=True)
class MatchPlan:
    """A seeded match, the seed of its choices, and where to split off reloaded twins."""

    seed: int
    rules: Rules
    choice_seed: int
    mid_pass: tuple[int, int]  # (hand 1..3, passes confirmed 1..3)
    mid_hand: tuple[int, int]  # (hand 1..4, plays made 0..51)
    between: int  # hand 1..3, reloaded after its last trick, before next_hand()


# Any total after three hands is at most 3 * 26 < 100, so hands 1..4 always exist and
# hands 1..3 are passing hands (left, right, across): every twin is always spawned.
match_plans = st.builds(
    MatchPlan,
    seed=st.integers(0, 2**63),
    rules=st.builds(Rules, tie_rule=st.sampled_from(["share", "play_on"]), qs_breaks_hearts=st.booleans(),
                    jack_of_diamonds_bonus=st.booleans(), moon_subtracts=st.booleans()),
    choice_seed=st.integers(0, 2**32 - 1),
    mid_pass=st.tuples(st.integers(1, 3), st.integers(1, 3)),
    mid_hand=st.tuples(st.integers(1, 4), st.integers(0, 51)),
    between=st.integers(1, 3),
)


def reloaded(match: Match) -> Match:
    """A JSON round trip, checked to be faithful where it is made."""
    text = match.to_json()
    twin = Match.from_json(text)
    assert twin == match
    assert twin.to_json() == text
    assert (twin.phase, twin.hand_number, twin.totals, twin.winners) == (
        match.phase, match.hand_number, match.totals, match.winners)
    assert [twin.view(seat) for seat in SEATS] == [match.view(seat) for seat in SEATS]
    return twin


def next_action(match: Match, rng: random.Random) -> tuple[str, int, tuple[Card, ...]]:
    """One random legal action in the match: a pass, a play, or dealing the next hand."""
    hand = match.hand
    if hand.phase is Phase.PASSING:
        seat = rng.choice([seat for seat in SEATS if hand.passed(seat) is None])
        return ("pass", seat, tuple(rng.sample(hand.hand(seat), 3)))
    if hand.phase is Phase.PLAYING:
        return ("play", -1, (rng.choice(match.legal_plays()),))
    return ("next", -1, ())


def apply(match: Match, action: tuple[str, int, tuple[Card, ...]]) -> None:
    kind, seat, cards = action
    if kind == "pass":
        match.pass_cards(seat, cards)
    elif kind == "play":
        match.play(cards[0])
    else:
        match.next_hand()


@LIGHT
@given(match_plans)
def test_a_match_reloads_from_json_anywhere_and_plays_on_identically(plan: MatchPlan) -> None:
    rng = random.Random(plan.choice_seed)
    match = Match.new(plan.seed, plan.rules)
    twins: dict[str, Match] = {}
    passes_made = plays_made = 0
    while not match.is_over:
        assert match.hand_number < 200, "the match never ended"
        hand = match.hand
        if hand.phase is Phase.PASSING and (match.hand_number, passes_made) == plan.mid_pass:
            twins["mid-pass"] = reloaded(match)
        if hand.phase is Phase.PLAYING and (match.hand_number, plays_made) == plan.mid_hand:
            twins["mid-hand"] = reloaded(match)
        if hand.is_over:
            # Between hands is where the lessons save and show the score table.
            twin = reloaded(match)
            if match.hand_number == plan.between:
                twins["between hands"] = twin
        action = next_action(match, rng)
        for each in (match, *twins.values()):
            apply(each, action)
        if action[0] == "next":
            passes_made = plays_made = 0
        elif action[0] == "pass":
            passes_made += 1
        else:
            plays_made += 1
        for name, twin in twins.items():
            assert (twin.phase, twin.to_move, twin.legal_plays()) == (
                match.phase, match.to_move, match.legal_plays()), f"the {name} twin diverged"

    assert set(twins) == {"mid-pass", "mid-hand", "between hands"}
    final = reloaded(match)
    assert final.is_over and final.winners == match.winners
    for name, twin in twins.items():
        assert twin == match, f"the {name} twin ended differently"
        assert twin.to_json() == match.to_json()


# ----------------------------------------------------------------- the referee's shortcuts
#
# HandState takes shortcuts for its common inputs (a deal of four card lists checked with int
# operations, a pass of cards summed without parsing, a kept legal tuple per position); the
# properties below hold each shortcut to the checking path it stands in for.


def as_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """The same cards as one text: the path that parses and checks every card."""
    return " ".join(str(card) for card in cards)


def outcome(action: Callable[[], object]) -> tuple[str, object]:
    """What an action did: its result, or its refusal's type and message."""
    try:
        return ("done", action())
    except HeartsError as error:
        return (type(error).__name__, str(error))


@st.composite
def spoilt_deals(draw: st.DrawFn) -> list[list[Card]]:
    """A deal, often spoilt: a card repeated (within a hand or across two), a hand short or long."""
    deal = [list(hand) for hand in split_deal(draw(st.permutations(DECK)))]
    spoil = draw(st.sampled_from(["none", "repeat", "short", "long", "swap"]))
    seat, other = draw(st.sampled_from(SEATS)), draw(st.sampled_from(SEATS))
    if spoil == "repeat":  # one card written over by another: 52 cards, one twice, one missing
        deal[seat][draw(st.integers(0, 12))] = deal[other][draw(st.integers(0, 12))]
    elif spoil == "short":
        deal[seat].pop()
    elif spoil == "long":
        deal[seat].append(deal[other][0])
    elif spoil == "swap":  # still a deal: a card moved from one hand to another, the hands 12 and 14
        deal[other].append(deal[seat].pop())
    return deal


@MANY
@given(spoilt_deals(), st.sampled_from([tuple, list]), st.sampled_from(PassDirection))
def test_a_deal_of_cards_is_taken_or_refused_exactly_as_the_same_deal_written_out(
    deal: list[list[Card]], kind: type, direction: PassDirection
) -> None:
    cards = outcome(lambda: HandState.new([kind(hand) for hand in deal], direction))
    text = outcome(lambda: HandState.new([as_text(hand) for hand in deal], direction))
    assert cards[0] == text[0]
    if cards[0] == "done":
        assert isinstance(cards[1], HandState) and isinstance(text[1], HandState)
        assert snapshot(cards[1]) == snapshot(text[1])
    else:
        assert cards == text


@MODERATE
@given(hand_plans(directions=st.sampled_from([PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS])),
       st.integers(0, 2**32 - 1))
def test_a_pass_of_cards_is_taken_or_refused_exactly_as_the_same_pass_written_out(plan: HandPlan, seed: int) -> None:
    """Cards summed without parsing and cards parsed one by one: the same pass, the same refusal, nothing changed."""
    rng = random.Random(seed)
    by_cards = HandState.new(plan.deal, plan.direction)
    by_text = HandState.new(plan.deal, plan.direction)
    for seat in plan.pass_order:
        held = list(by_cards.hand(seat))
        stranger = rng.choice([card for card in DECK if card not in held])
        tries = [held[:2], held[:4], [held[0], held[0], held[1]], [held[0], held[1], stranger], []]
        for cards in [*rng.sample(tries, 2), list(plan.passes[seat])]:
            before = snapshot(by_cards)
            kind = rng.choice([tuple, list])
            result = outcome(lambda: by_cards.pass_cards(seat, kind(cards)))  # noqa: B023 - called at once
            assert result == outcome(lambda: by_text.pass_cards(seat, as_text(cards)))  # noqa: B023
            if result[0] != "done":
                assert snapshot(by_cards) == before
            assert snapshot(by_cards) == snapshot(by_text)
    assert by_cards.phase is Phase.PLAYING


@MODERATE
@given(st.lists(hand_plans(), min_size=2, max_size=3), st.integers(0, 2**32 - 1))
def test_legal_plays_kept_per_position_answer_as_fresh_ones_across_interleaved_hands(
    plans: list[HandPlan], seed: int
) -> None:
    """Hands played in turns share the cards cache and each keep their last tuple: every answer is fresh.

    The free function builds its answer from the hand's cards with nothing kept, so a
    stale or borrowed tuple (another hand's, or this hand's last position's) cannot match it.
    """
    rng = random.Random(seed)
    states = [HandState.new(plan.deal, PassDirection.HOLD) for plan in plans]
    while not all(state.is_over for state in states):
        for state in states:
            if state.is_over:
                assert state.legal_plays() == ()
                continue
            mover = state.to_move
            assert mover is not None
            fresh = legal_plays(state.hand(mover), state.current_trick, first_trick=state.first_trick,
                                hearts_broken=state.hearts_broken)
            kept = state.legal_plays()
            assert kept == fresh and state.legal_plays() is kept
            assert state.copy().legal_plays() == fresh
            state.play(rng.choice(kept))
