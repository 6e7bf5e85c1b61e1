"""Random hands per second: our engine's public API against OpenSpiel's C++ hearts.

Run ``python benchmarks/engine_speed.py [--loops all|engine|harness] [--clock wall|cpu] [--seed 0]``
(engine only: ``[--hands 1000] [--repeats 15]``; harness included: ``[--seconds 2] [--rounds 5]
[--openspiel-deal both]``).

Design choices:

* The headline is the **engine-only** loop.  Every deal, pass and random choice is drawn
  before the clock (:func:`draw_scripts`, which plays each hand once untimed through both
  engines in lockstep and demands the same legal sets and scores), so the timed loops do
  only what an engine does: each side creates the hand, deals and passes the drawn
  cards, and at every play lists its legal plays and plays the drawn one, all through
  its public API (our ``HandState.new``, ``pass_cards``, ``legal_plays``, ``play`` and
  ``scores``; OpenSpiel's ``new_initial_state``, ``apply_action``, ``legal_actions`` and
  ``returns``), then reads the scores.  The drawn choice is a position in each side's
  own legal list (``legal[choice]``, the same work on both sides), chosen so both play the
  same card; both sides therefore play the same hands and must return the same checksum
  (each seat's scores summed), which is checked after every timed call, so a loop that
  skips work or plays another hand fails instead of reporting a time.
* Two more loops on the same scripts say where our time goes.  :func:`ours_kernel_only`
  drives the rules kernel alone (``Table`` and ``rule_walk`` on masks, as the computer
  players' simulator does): the rest of ours is the public API (cards in and out, legal
  tuples, ``Trick`` records, checks).  :func:`cpython_floor` is not an engine: it is the
  cheapest pure-Python loop that still does a play's irreducible work (legal mask, hand
  mask, trick, winner, points), to say how far our per-play cost is from what CPython allows.
* Engine-only loops run each side over the same ``--hands`` scripts ``--repeats`` times,
  rotating which goes first so drift in machine load (the machine is shared) falls on
  every side alike; medians are reported, with min and max to show the spread.
* The older **harness-included** loops are kept and labelled so: each hand draws its
  own shuffle, random passes and random picks inside the clock (about a third of
  OpenSpiel's time per hand), added equally to both sides, which pulls the ratio toward
  1.  Ours deals with one ``shuffle`` of the deck, as the match code does.  OpenSpiel is
  dealt two ways, by default (``--openspiel-deal both``) both timed in the same rounds:
  ``shuffle`` (shuffle the 52 card actions and apply them), both sides applying a
  shuffled deck; ``chance`` draws each card from ``chance_outcomes()``, its API for
  dealing, whose outcome lists are about half of OpenSpiel's time per hand.  The pass
  direction, a chance node in OpenSpiel, is set from the match's cycle rather than drawn,
  so both sides play the same mix of hands.  Each round runs each engine for a fixed
  slice of ``--clock`` and counts whole hands; scores are sanity-checked per hand.
* Ours runs whichever build of the rules kernel the package imports: the mypyc build that
  ``./dev`` makes from ``hearts_core/kernel.py`` (tools/compile_kernel.py), or the source
  itself with ``HEARTS_PURE_KERNEL=1`` (as in the browser).  The first line says which;
  the rest of our engine is the same Python source either way.
* ``--clock cpu`` times by this process's CPU time, which a busy shared machine disturbs
  less than the wall clock; OpenSpiel runs in-process, so both sides are measured alike.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any

import pyspiel

from hearts_core import (
    CARDS_IN_PASS,
    CARDS_PER_SEAT,
    DECK,
    NUM_SEATS,
    QUEEN_OF_SPADES,
    SEATS,
    TWO_OF_CLUBS,
    Card,
    HandState,
    PassDirection,
    Rules,
    Suit,
    card_points,
)
from hearts_core._kernel_build import compiled_build
from hearts_core.cards import CARDS_PER_SUIT, mask_of
from hearts_core.kernel import LEADING, Table, rule_walk
from hearts_core.openspiel import CARD_TO_ACTION, TABLE_RULES_OPTIONS
from hearts_core.rules import MOON_POINTS

# Sum of the four hand scores: 26 normally, 78 when someone shoots the moon.
VALID_SCORE_SUMS = (26, 78)


def ours_hand(rng: random.Random, number: int) -> int:
    """Play one random hand through ``HandState``; return the sum of its scores."""
    deck = list(DECK)
    rng.shuffle(deck)
    direction = PassDirection.for_hand(number + 1)
    hands = [deck[seat * CARDS_PER_SEAT : (seat + 1) * CARDS_PER_SEAT] for seat in range(NUM_SEATS)]
    state = HandState.new(hands, direction)
    if direction is not PassDirection.HOLD:
        for seat in range(NUM_SEATS):
            state.pass_cards(seat, rng.sample(state.hand(seat), CARDS_IN_PASS))
    choice = rng.choice
    while not state.is_over:
        state.play(choice(state.legal_plays()))
    return sum(state.scores)


def make_openspiel_hand(deal: str = "chance") -> Callable[[random.Random, int], int]:
    """The OpenSpiel counterpart of :func:`ours_hand`, bound to one loaded game.

    ``deal`` is ``"chance"`` (draw each card from ``chance_outcomes()``) or ``"shuffle"``.
    """
    game: Any = pyspiel.load_game("hearts", TABLE_RULES_OPTIONS)
    card_actions = list(range(52))

    def openspiel_hand(rng: random.Random, number: int) -> int:
        state = game.new_initial_state()
        state.apply_action(PassDirection.for_hand(number + 1).offset)
        choice = rng.choice
        if deal == "shuffle":
            # Any order of the 52 card actions is a uniformly random deal.
            rng.shuffle(card_actions)
            for action in card_actions:
                state.apply_action(action)
        while state.is_chance_node():
            state.apply_action(choice(state.chance_outcomes())[0])
        # Passing and playing are both "pick one of legal_actions()" in OpenSpiel.
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        returns: list[float] = state.returns()
        return round(sum(26 - value for value in returns))

    return openspiel_hand


def run_for(
    hand: Callable[[random.Random, int], int], rng: random.Random, seconds: float, clock: Callable[[], float]
) -> float:
    """Play hands until ``seconds`` of ``clock`` have passed; return hands per second of that clock."""
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        total = hand(rng, count)
        if total not in VALID_SCORE_SUMS:
            raise AssertionError(f"hand {count} scored {total} in all, not 26 or 78: the benchmark loop is broken")
        count += 1
        now = clock()
        if now >= deadline:
            return count / (now - start)


# ------------------------------------------------------------------ engine only (the headline)


@dataclass(frozen=True, slots=True)
class Script:
    """One hand drawn before the clock: the deal, the passes and every choice, for each side.

    ``choices[k]`` and ``their_choices[k]`` are the positions, in our ``legal_plays()`` and
    in OpenSpiel's ``legal_actions()``, of the same uniformly drawn card at the hand's
    k-th play, so both sides play the same hand and must reach the same ``scores``.
    """

    hands: tuple[tuple[Card, ...], ...]
    direction: PassDirection
    passes: tuple[tuple[Card, ...], ...] | None
    choices: tuple[int, ...]
    offset: int
    deal_actions: tuple[int, ...]
    pass_actions: tuple[int, ...]
    their_choices: tuple[int, ...]
    cards: tuple[int, ...]
    scores: tuple[int, int, int, int]


def draw_scripts(count: int, seed: int) -> list[Script]:
    """Draw ``count`` random hands (deal, passes, plays), untimed, through both engines in lockstep.

    Directions cycle left, right, across, hold as in a match.  Each play is drawn
    uniformly from our legal plays; OpenSpiel must offer the same set (a small differential
    check on every benchmark run), and its position for the card is recorded.
    """
    rng = random.Random(seed)
    game: Any = pyspiel.load_game("hearts", TABLE_RULES_OPTIONS)
    scripts = []
    for number in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        hands = tuple(tuple(deck[seat * CARDS_PER_SEAT : (seat + 1) * CARDS_PER_SEAT]) for seat in SEATS)
        direction = PassDirection.for_hand(number + 1)
        ours = HandState.new(hands, direction)
        theirs = game.new_initial_state()
        theirs.apply_action(direction.offset)
        # OpenSpiel deals the k-th chance card to player k % 4.
        deal_actions = tuple(CARD_TO_ACTION[hands[seat][k]] for k in range(CARDS_PER_SEAT) for seat in SEATS)
        for action in deal_actions:
            theirs.apply_action(action)
        passes = None
        pass_actions: tuple[int, ...] = ()
        if direction is not PassDirection.HOLD:
            passes = tuple(tuple(rng.sample(hands[seat], CARDS_IN_PASS)) for seat in SEATS)
            pass_actions = tuple(CARD_TO_ACTION[card] for seat in SEATS for card in passes[seat])
            for seat in SEATS:
                ours.pass_cards(seat, passes[seat])
            for action in pass_actions:
                theirs.apply_action(action)
        choices, their_choices, cards = [], [], []
        while not ours.is_over:
            legal = ours.legal_plays()
            their_legal = theirs.legal_actions()
            if {CARD_TO_ACTION[card] for card in legal} != set(their_legal):
                raise AssertionError(f"hand {number}: the engines disagree on the legal plays: {legal}, {their_legal}")
            choice = rng.randrange(len(legal))
            card = legal[choice]
            choices.append(choice)
            their_choices.append(their_legal.index(CARD_TO_ACTION[card]))
            cards.append(card.index)
            ours.play(card)
            theirs.apply_action(CARD_TO_ACTION[card])
        scores = ours.scores
        if tuple(round(26 - value) for value in theirs.returns()) != scores or sum(scores) not in VALID_SCORE_SUMS:
            raise AssertionError(f"hand {number}: the engines disagree on the scores")
        scripts.append(Script(hands, direction, passes, tuple(choices), direction.offset, deal_actions, pass_actions,
                              tuple(their_choices), tuple(cards), scores))
    return scripts


Checksum = tuple[int, int, int, int]


def expected_checksum(scripts: Sequence[Script]) -> Checksum:
    """What every engine-only loop must return: each seat's hand scores summed over the scripts."""
    return tuple_sum(script.scores for script in scripts)


def tuple_sum(rows: Iterable[Sequence[int]]) -> Checksum:
    """Column sums of four-seat score rows."""
    a = b = c = d = 0
    for row in rows:
        a += row[0]
        b += row[1]
        c += row[2]
        d += row[3]
    return (a, b, c, d)


def ours_engine_only(scripts: Sequence[Script]) -> Checksum:
    """Our side, engine only: deal, pass and play each script through ``HandState``'s public API.

    Per play it lists the legal plays and plays the drawn one; per hand it reads the scores.
    """
    new = HandState.new
    a = b = c = d = 0
    for script in scripts:
        state = new(script.hands, script.direction)
        passes = script.passes
        if passes is not None:
            pass_cards = state.pass_cards
            pass_cards(0, passes[0])
            pass_cards(1, passes[1])
            pass_cards(2, passes[2])
            pass_cards(3, passes[3])
        legal_plays = state.legal_plays
        play = state.play
        for choice in script.choices:
            play(legal_plays()[choice])
        w, x, y, z = state.scores
        a += w
        b += x
        c += y
        d += z
    return (a, b, c, d)


def make_openspiel_engine_only(game: Any) -> Callable[[Sequence[Script]], Checksum]:
    """OpenSpiel's side, engine only: the same scripts through ``apply_action`` and ``legal_actions``."""

    def openspiel_engine_only(scripts: Sequence[Script]) -> Checksum:
        new_state = game.new_initial_state
        a = b = c = d = 0
        for script in scripts:
            state = new_state()
            apply_action = state.apply_action
            apply_action(script.offset)
            for action in script.deal_actions:
                apply_action(action)
            for action in script.pass_actions:
                apply_action(action)
            legal_actions = state.legal_actions
            for choice in script.their_choices:
                apply_action(legal_actions()[choice])
            w, x, y, z = state.returns()
            a += round(26 - w)
            b += round(26 - x)
            c += round(26 - y)
            d += round(26 - z)
        return (a, b, c, d)

    return openspiel_engine_only


def ours_kernel_only(scripts: Sequence[Script]) -> Checksum:
    """Our rules kernel alone, for where the time goes: no public API, no cards handed out.

    What the computer players' simulator runs: hands as masks, :func:`rule_walk` once per
    position (its playable mask checks the drawn card), :class:`Table` applying it.
    """
    rules = Rules()
    a = b = c = d = 0
    for script in scripts:
        hands = [mask_of(hand) for hand in script.hands]
        if script.passes is not None:
            given = [mask_of(cards) for cards in script.passes]
            hands = [hands[seat] & ~given[seat] | given[(seat - script.offset) % NUM_SEATS] for seat in SEATS]
        leader = next(seat for seat in SEATS if hands[seat] & 1)
        table = Table(hands, [], leader, 0, False, [0, 0, 0, 0], rules)
        play = table.play
        for index in script.cards:
            trick = table.trick
            playable = rule_walk(table.hands[table.to_move], trick[0] // CARDS_PER_SUIT if trick else LEADING,
                                 table.tricks_done == 0, table.hearts_broken)[0]
            if not playable >> index & 1:
                raise AssertionError("the kernel was given an illegal card")
            play(index)
        w, x, y, z = table.scores()
        a += w
        b += x
        c += y
        d += z
    return (a, b, c, d)


# The floor: what CPython needs at least for a play, written as tight as it goes.
_SUIT_MASKS = tuple(((1 << CARDS_PER_SUIT) - 1) << (suit * CARDS_PER_SUIT) for suit in range(len(Suit)))
_HEARTS = _SUIT_MASKS[Suit.HEARTS]
_PENALTY = _HEARTS | QUEEN_OF_SPADES.bit
_POINTS = tuple(card_points(card) for card in DECK)


def cpython_floor(scripts: Sequence[Script]) -> Checksum:
    """CPython's floor per play: a referee stripped to a play's irreducible work, for scale only.

    Not an engine and not a rules source: it trusts the script for which card to play
    and hands out no cards.  Per play it computes the mover's legal mask (the table
    rules, a few int operations), checks the card against it, takes the card out of a
    hand mask and appends it to the trick; per trick it finds the winner and adds the
    points; per hand it builds the hand masks, applies the passes and the moon rule.
    """
    suits, hearts, penalty, points_of = _SUIT_MASKS, _HEARTS, _PENALTY, _POINTS
    # Rule numbers as locals: as fast as literals inside the loop.
    per_suit, seats, moon, two_of_clubs = CARDS_PER_SUIT, NUM_SEATS, MOON_POINTS, TWO_OF_CLUBS.bit
    a = b = c = d = 0
    for script in scripts:
        hands = [0, 0, 0, 0]
        for seat in SEATS:
            for card in script.hands[seat]:
                hands[seat] |= 1 << card.index
        if script.passes is not None:
            given = [0, 0, 0, 0]
            for seat in SEATS:
                for card in script.passes[seat]:
                    given[seat] |= 1 << card.index
            offset = script.offset
            hands = [hands[seat] & ~given[seat] | given[(seat - offset) % seats] for seat in SEATS]
        mover = 0
        while not hands[mover] & two_of_clubs:
            mover += 1
        points = [0, 0, 0, 0]
        trick: list[int] = []
        first = True
        broken = False
        leader = mover
        for index in script.cards:
            hand = hands[mover]
            if trick:
                legal = hand & suits[trick[0] // per_suit]
                if not legal:
                    legal = (hand & ~penalty or hand) if first else hand
            elif first:
                legal = two_of_clubs
            else:
                legal = hand if broken else hand & ~hearts or hand
            bit = 1 << index
            if not legal & bit:
                raise AssertionError("the floor was given an illegal card")
            hands[mover] = hand ^ bit
            trick.append(index)
            if bit & hearts:
                broken = True
            if len(trick) < seats:
                mover = (mover + 1) % seats
                continue
            w, x, y, z = trick
            top = ((1 << w | 1 << x | 1 << y | 1 << z) & suits[w // per_suit]).bit_length() - 1
            leader = mover = (leader + trick.index(top)) % seats
            points[mover] += points_of[w] + points_of[x] + points_of[y] + points_of[z]
            trick = []
            first = False
        if moon in points:
            points = [0 if value == moon else moon for value in points]
        a += points[0]
        b += points[1]
        c += points[2]
        d += points[3]
    return (a, b, c, d)


def time_engine_only(
    loops: dict[str, Callable[[Sequence[Script]], Checksum]],
    scripts: Sequence[Script],
    repeats: int,
    clock: Callable[[], float],
) -> dict[str, list[float]]:
    """Seconds each loop takes over all ``scripts``, ``repeats`` times, rotating who goes first.

    Every call's checksum must equal the scripts' own scores, so a loop that skips work
    or plays a different hand fails instead of reporting a time.
    """
    expected = expected_checksum(scripts)
    times: dict[str, list[float]] = {name: [] for name in loops}
    names = list(loops)
    for repeat in range(repeats):
        shift = repeat % len(names)
        for name in names[shift:] + names[:shift]:
            start = clock()
            checksum = loops[name](scripts)
            times[name].append(clock() - start)
            if checksum != expected:
                raise AssertionError(f"{name} returned checksum {checksum}, not {expected}: the loop is broken")
    return times


def kernel_build() -> str:
    """Which build of the rules kernel this process runs, in one line."""
    import hearts_core.kernel  # noqa: PLC0415 - already imported above; here for its file

    if hearts_core.kernel.__file__ and hearts_core.kernel.__file__.endswith("kernel.py"):
        why = "asked for by HEARTS_PURE_KERNEL=1" if compiled_build() else "no compiled build here"
        return f"rules kernel: the source, hearts_core/kernel.py ({why})"
    return "rules kernel: compiled by mypyc from hearts_core/kernel.py (tools/compile_kernel.py)"


def report_engine_only(args: argparse.Namespace, clock: Callable[[], float]) -> None:
    """Draw the scripts, time the engine-only loops and print the headline figures."""
    scripts = draw_scripts(args.hands, args.seed)
    game: Any = pyspiel.load_game("hearts", TABLE_RULES_OPTIONS)
    loops = {
        "ours (HandState)": ours_engine_only,
        "OpenSpiel (pyspiel)": make_openspiel_engine_only(game),
        "ours, kernel only (no API)": ours_kernel_only,
        "CPython floor (not an engine)": cpython_floor,
    }
    # One untimed pass each, so first-call costs (caches, allocator) stay out of the timings.
    time_engine_only(loops, scripts[: max(1, len(scripts) // 10)], 1, clock)
    times = time_engine_only(loops, scripts, args.repeats, clock)
    plays = len(scripts) * len(DECK)
    medians = {name: statistics.median(values) for name, values in times.items()}
    width = max(map(len, loops))
    print(kernel_build())
    print(
        f"Engine only: {len(scripts)} hands (seed {args.seed}) drawn before the clock, {args.repeats} repeats, "
        f"{args.clock} clock (Python {sys.version.split()[0]}, open-spiel {metadata.version('open-spiel')})"
    )
    print(f"checksum, every loop and repeat (each seat's scores summed): {expected_checksum(scripts)}")
    print(f"{'loop':<{width}}  {'median s':>9}  {'min s':>9}  {'max s':>9}  {'hands/s':>8}  {'us/play':>8}")
    for name in loops:
        seconds = medians[name]
        print(
            f"{name:<{width}}  {seconds:9.4f}  {min(times[name]):9.4f}  {max(times[name]):9.4f}  "
            f"{len(scripts) / seconds:8.0f}  {seconds / plays * 1e6:8.2f}"
        )
    ours, theirs, kernel, floor = (medians[name] for name in loops)
    names = list(loops)
    paired = statistics.median(
        their_time / our_time for our_time, their_time in zip(times[names[0]], times[names[1]], strict=True)
    )
    print(f"ratio ours/OpenSpiel, engine only (hands/s, medians): {theirs / ours:.2f} "
          f"(median of the {args.repeats} per-repeat ratios: {paired:.2f})")
    print(f"ours per play / CPython floor per play (medians): {ours / floor:.2f}x "
          f"({ours / plays * 1e6:.2f} vs {floor / plays * 1e6:.2f} us, deal and passes included); "
          f"the kernel alone {kernel / floor:.2f}x the floor, so the public API is {1 - kernel / ours:.0%} of ours")


def report_harness(args: argparse.Namespace, clock: Callable[[], float]) -> None:
    """Time the older loops, harness included: shuffle, passes and picks drawn inside the clock."""
    deals = ("shuffle", "chance") if args.openspiel_deal == "both" else (args.openspiel_deal,)
    engines: dict[str, Callable[[random.Random, int], int]] = {"ours (HandState)": ours_hand}
    for deal in deals:
        engines[f"OpenSpiel (pyspiel, {deal} deal)"] = make_openspiel_hand(deal)
    rng = random.Random(args.seed)
    # A short untimed warm-up so first-call costs (imports, caches) stay out of round 1.
    for hand in engines.values():
        run_for(hand, rng, min(0.2, args.seconds), clock)

    rates: dict[str, list[float]] = {name: [] for name in engines}
    names = list(engines)
    for round_number in range(args.rounds):
        # Rotate who goes first so drift in machine load falls on every engine alike.
        shift = round_number % len(names)
        order = names[shift:] + names[:shift]
        for name in order:
            rates[name].append(run_for(engines[name], rng, args.seconds, clock))

    medians = {name: statistics.median(values) for name, values in rates.items()}
    ours_name, *theirs_names = names
    width = max(map(len, names))
    print(
        f"Harness included (shuffle, passes and random picks inside the clock): random hands per {args.clock} "
        f"second, {args.rounds} rounds x {args.seconds:g} s per engine"
    )
    header = "  ".join(f"{f'round {number + 1}':>8}" for number in range(args.rounds))
    print(f"{'engine':<{width}}  {header}  {'median':>8}")
    for name in names:
        cells = "  ".join(f"{value:8.0f}" for value in rates[name])
        print(f"{name:<{width}}  {cells}  {medians[name]:8.0f}")
    for deal, theirs_name in zip(deals, theirs_names, strict=True):
        like = "harness included" if deal == "shuffle" else "harness included, OpenSpiel dealing through chance nodes"
        print(f"ratio ours/OpenSpiel, {deal} deal ({like}; medians): {medians[ours_name] / medians[theirs_name]:.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--loops",
        choices=("all", "engine", "harness"),
        default="all",
        help="engine only (the headline), harness included (the older figures), or both (default)",
    )
    parser.add_argument("--hands", type=int, default=1000, help="hands drawn for the engine-only loops")
    parser.add_argument("--repeats", type=int, default=15, help="timed repeats of the engine-only loops")
    parser.add_argument("--seconds", type=float, default=2.0, help="harness loops: seconds per engine per round")
    parser.add_argument("--rounds", type=int, default=5, help="harness loops: number of interleaved rounds")
    parser.add_argument("--seed", type=int, default=0, help="seed for deals, passes and plays")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time by wall clock (default) or by this process's CPU time, steadier on a busy shared machine",
    )
    parser.add_argument(
        "--openspiel-deal",
        choices=("both", "shuffle", "chance"),
        default="both",
        help="harness loops: deal OpenSpiel by applying a shuffled deck, from chance_outcomes(), or both (default)",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.hands < 1 or args.repeats < 1:
        parser.error("--seconds must be positive and --rounds, --hands and --repeats at least 1")
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    if args.loops in ("all", "engine"):
        report_engine_only(args, clock)
    if args.loops == "all":
        print()
    if args.loops in ("all", "harness"):
        report_harness(args, clock)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
