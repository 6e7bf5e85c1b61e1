"""Our "hard" computer player against OpenSpiel's IS-MCTS bot, on the same Hearts rules.

Run ``python benchmarks/vs_openspiel.py [--hands 40] [--seed 0] [--ours 1|2] [--sims 1000]
[--time-budget SECONDS] [--uct-c 2.0] [--rollouts 1]``; with ``--time-positions N`` it
only times both searches on N shared positions.  A progress line per hand goes to
stderr; the results table goes to stdout.

Each hand seats ``--ours`` of our hard bots (1 or 2) and fills the other seats with
``pyspiel.ISMCTSBot`` (``--sims`` simulations per decision, a random-rollout evaluator
with ``--rollouts`` rollouts, UCT exploration ``--uct-c``, unlimited world samples, final
policy = the most visited action; UCT is the only child-selection rule OpenSpiel's IS-MCTS
has).  OpenSpiel is loaded as ``hearts`` with ``qs_breaks_hearts=False``, which is exactly
the table rules of ``docs/rules.md`` (checked at start-up, as the differential test does).

Design choices:

* **OpenSpiel referees, our engine mirrors.**  The OpenSpiel state is the referee: it is
  what the IS-MCTS bots search from, and its returns are the result.  A
  :class:`~hearts_core.HandState` mirrors the same hand (same deal, same pass direction)
  because our bot may only be given ``HandState.view(seat)``: that is the boundary that
  guarantees it sees no hidden cards.  Every pass and play, whoever made it, is applied to
  both engines; after every play the two must agree on the seat to move, a card one side
  chose must be legal in the other, and at the end the four hand scores must agree.  Any
  disagreement stops the run with :class:`EngineMismatch` (an engine bug, not a result).
* **Seats rotate.**  The players are laid out around the table (1 of ours: H I I I; 2 of
  ours: H I H I, alternating, so each side passes to and plays after the other side in
  the same way), and hand ``n`` turns that layout by ``n`` seats.  Seat numbers carry no
  advantage in the rules, but a fixed layout would tie each side to whatever the seeded
  deals happen to give particular seats; rotating gives every seat to each side equally
  often (exactly so when ``--hands`` is a multiple of 4).
* **Seeded, as far as OpenSpiel allows.**  Hand ``n`` is ``deal_hands(seed, n + 1)`` with
  the pass direction of the match cycle (left, right, across, hold), and every bot of
  every seat gets its own seed derived from ``(seed, n, seat)``.  Both searches count
  work, not seconds (our hard bot in simulated plays, IS-MCTS in simulations), so machine
  load changes only the timings.  Our bot replays identically; IS-MCTS does not across
  processes: it breaks ties in the order of an ``absl::flat_hash_map``, whose hash absl
  seeds anew in every process, so the same seed gives the same deals and seatings but
  not always the same play.  Runs are therefore independent samples of one experiment
  (the deals are common to them), not replays.
* **IS-MCTS passes by its own search, on a rotated copy.**  OpenSpiel's pass phase has
  players 0..3 pass in turn, three card actions each.  Our bot's three cards are applied
  as three actions when its seat's turn comes.  An IS-MCTS seat chooses its three cards
  with three ``step`` calls, but on a copy of the deal rotated so that it is player 0:
  OpenSpiel 2.0.2's ``HeartsState::ResampleFromInfostate`` builds impossible worlds for a
  seat whose passer has already passed (it replays that passer's real cards, which are
  unknown to the receiver until the play begins, on a resampled deal that does not hold
  them), and searching such worlds crashes the process.  A seat's information while
  passing is only its own hand, its own passed cards and the direction, which the copy
  shows exactly (seats relabelled, direction relative), so the search and its decision
  are what a correct resampler would give.  In the play phase the bots search on the
  referee state itself (its resampler is consistent there; note that it ignores voids
  shown in play, a known limitation of OpenSpiel's hearts resampler).
* **What the confidence interval means.**  The four seats of one hand are not independent
  (they share 26 points), so each hand gives one observation per side: that side's
  average score over its seats in that hand.  ``points/hand`` is the mean of those
  observations over all hands, and the 95% interval is mean +- 1.96 standard errors
  (normal approximation; too narrow with fewer than about 30 hands).  The two sides'
  observations in one hand are tied together (they share its points), so their separate
  intervals cannot simply be compared; the paired line ``hard - ismcts`` is the test: the
  mean of the per-hand differences with its own interval.  If that interval excludes 0,
  one side takes fewer points than the other on these rules at these settings.
* **Timing.**  Each ``choose_play`` of ours and each IS-MCTS ``step`` in the play phase is
  timed (wall clock, ``perf_counter``).  Forced plays (one legal card) return at once on
  both sides, so medians are shown over all plays and over real choices only.  A pass is
  timed as one decision per seat (``choose_pass``, or the three IS-MCTS steps together).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Final

import pyspiel

from hearts_core import (
    CARDS_IN_PASS,
    NUM_SEATS,
    Card,
    HandState,
    IllegalMove,
    PassDirection,
    deal_hands,
    parse_card,
)
from hearts_core.arena import half_width
from hearts_core.bots import Bot, make_bot
from hearts_core.openspiel import ACTION_TO_CARD, CARD_TO_ACTION, TABLE_RULES_OPTIONS, TABLE_RULES_PARAMETERS

OURS: Final = "hard"
THEIRS: Final = "ismcts"
SIDES: Final = (OURS, THEIRS)

POINTS_PER_HAND: Final = 26
# Seat layouts before rotation: True marks our bot.
LAYOUTS: Final = {1: (True, False, False, False), 2: (True, False, True, False)}


class EngineMismatch(RuntimeError):
    """The referee and the mirror disagree: an engine (or mapping) bug, never a result."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How both sides search."""

    sims: int = 1000
    uct_c: float = 2.0
    rollouts: int = 1
    time_budget: float | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """One hand: who sat where, the scores, the moon shooter and the decision times."""

    number: int
    direction: PassDirection
    ours: tuple[bool, ...]
    scores: tuple[int, int, int, int]
    shooter: int | None
    play_times: dict[str, list[float]]
    choice_times: dict[str, list[float]]
    pass_times: dict[str, list[float]]

    def side_seats(self, side: str) -> list[int]:
        """The seats ``side`` occupied in this hand."""
        return [seat for seat in range(NUM_SEATS) if self.ours[seat] == (side == OURS)]

    def side_average(self, side: str) -> float:
        """The side's average score over its seats: one observation per hand."""
        return statistics.fmean(self.scores[seat] for seat in self.side_seats(side))


@dataclass
class SideStats:
    """Aggregates for one side over the run."""

    side: str
    per_hand: list[float] = field(default_factory=list)
    seat_hands: int = 0
    moons: int = 0
    play_times: list[float] = field(default_factory=list)
    choice_times: list[float] = field(default_factory=list)
    pass_times: list[float] = field(default_factory=list)

    @property
    def mean(self) -> float:
        """Average points per seat-hand."""
        return statistics.fmean(self.per_hand)

    @property
    def half_width(self) -> float:
        """Half-width of the 95% confidence interval of :attr:`mean`."""
        return half_width(self.per_hand)


# ------------------------------------------------------------------ OpenSpiel set-up


def load_game() -> Any:
    """OpenSpiel's hearts with the table rules, after checking options and card mapping."""
    game = pyspiel.load_game("hearts", TABLE_RULES_OPTIONS)
    parameters = game.get_parameters()
    if parameters != TABLE_RULES_PARAMETERS:
        raise EngineMismatch(f"OpenSpiel hearts options are not the table rules: {parameters}")
    state = game.new_initial_state()
    state.apply_action(PassDirection.LEFT.offset)  # card names are given after the direction
    names = [parse_card(state.action_to_string(action)) for action in range(52)]
    if names != list(ACTION_TO_CARD):
        raise EngineMismatch("OpenSpiel's card names do not match the action-to-card mapping")
    return game


def dealt_state(game: Any, direction: PassDirection, hands: Sequence[Sequence[Card]]) -> Any:
    """A fresh OpenSpiel state with the pass direction set and ``hands`` dealt (k-th card to player k % 4)."""
    state = game.new_initial_state()
    state.apply_action(direction.offset)
    for index in range(len(hands[0])):
        for seat in range(NUM_SEATS):
            state.apply_action(CARD_TO_ACTION[hands[seat][index]])
    return state


def make_ismcts(seed: int, settings: Settings) -> Any:
    """One IS-MCTS bot with the benchmark's settings."""
    evaluator = pyspiel.RandomRolloutEvaluator(settings.rollouts, seed)
    return pyspiel.ISMCTSBot(
        seed,
        evaluator,
        settings.uct_c,
        settings.sims,
        -1,  # max_world_samples: unlimited, a fresh world every simulation
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,  # use_observation_string: hearts only provides information-state strings
        False,  # allow_inconsistent_action_sets: a seat's legal cards depend only on what it sees
    )


def sub_seed(seed: int, number: int, seat: int, who: str) -> int:
    """A stable 31-bit seed for one bot of one seat of one hand."""
    return random.Random(f"vs-openspiel {seed} {number} {seat} {who}").getrandbits(31)


def ismcts_pass(game: Any, bot: Any, seat: int, direction: PassDirection,
                dealt: Sequence[Sequence[Card]]) -> tuple[list[Card], float]:
    """IS-MCTS's three pass cards for ``seat``, searched on a copy of the deal where it is player 0.

    See the module notes: the copy avoids OpenSpiel's inconsistent pass-phase resampling.
    Returns the cards and the seconds spent in the three ``step`` calls.
    """
    rotated = [dealt[(seat + offset) % NUM_SEATS] for offset in range(NUM_SEATS)]
    proxy = dealt_state(game, direction, rotated)
    cards: list[Card] = []
    spent = 0.0
    for _ in range(CARDS_IN_PASS):
        if proxy.current_player() != 0:
            raise EngineMismatch(f"the pass copy expected player 0 to pass, not {proxy.current_player()}")
        started = time.perf_counter()
        action = bot.step(proxy)
        spent += time.perf_counter() - started
        proxy.apply_action(action)
        cards.append(ACTION_TO_CARD[action])
    return cards, spent


# ------------------------------------------------------------------ one hand


def layout(number: int, ours: int) -> tuple[bool, ...]:
    """Which seats are ours in hand ``number`` (from 0): the layout turned by ``number`` seats."""
    base = LAYOUTS[ours]
    return tuple(base[(seat - number) % NUM_SEATS] for seat in range(NUM_SEATS))


def _position(theirs: Any, mirror: HandState) -> str:
    return f"OpenSpiel state:\n{theirs}\nour trick in progress: {' '.join(map(str, mirror.current_trick)) or '-'}"


def play_hand(game: Any, seed: int, number: int, ours: int, settings: Settings) -> HandResult:
    """Play hand ``number`` (from 0) through both engines."""
    seats = layout(number, ours)
    direction = PassDirection.for_hand(number + 1)
    dealt = deal_hands(seed, number + 1)
    our_bots: dict[int, Bot] = {
        seat: make_bot(OURS, seed=sub_seed(seed, number, seat, OURS), time_budget=settings.time_budget)
        for seat in range(NUM_SEATS) if seats[seat]
    }
    their_bots: dict[int, Any] = {
        seat: make_ismcts(sub_seed(seed, number, seat, THEIRS), settings)
        for seat in range(NUM_SEATS) if not seats[seat]
    }
    play_times: dict[str, list[float]] = {side: [] for side in SIDES}
    choice_times: dict[str, list[float]] = {side: [] for side in SIDES}
    pass_times: dict[str, list[float]] = {side: [] for side in SIDES}

    referee = dealt_state(game, direction, dealt)
    mirror = HandState.new(dealt, direction)

    if direction is not PassDirection.HOLD:
        for seat in range(NUM_SEATS):  # OpenSpiel's fixed passing order
            if referee.current_player() != seat:
                raise EngineMismatch(f"OpenSpiel expects seat {referee.current_player()} to pass, not {seat}")
            if seats[seat]:
                started = time.perf_counter()
                cards = list(our_bots[seat].choose_pass(mirror.view(seat)))
                pass_times[OURS].append(time.perf_counter() - started)
            else:
                cards, spent = ismcts_pass(game, their_bots[seat], seat, direction, dealt)
                pass_times[THEIRS].append(spent)
            for card in cards:
                action = CARD_TO_ACTION[card]
                if action not in referee.legal_actions():
                    raise EngineMismatch(f"seat {seat} cannot pass {card} in OpenSpiel\n{_position(referee, mirror)}")
                referee.apply_action(action)
            mirror.pass_cards(seat, cards)  # ours resolves once all four have passed
        held = referee.to_struct().hands
        for seat in range(NUM_SEATS):
            if {parse_card(text) for text in held[seat]} != set(mirror.hand(seat)):
                raise EngineMismatch(f"seat {seat}'s hand after passing differs\n{_position(referee, mirror)}")

    while not mirror.is_over:
        mover = mirror.to_move
        if mover is None or referee.current_player() != mover:
            raise EngineMismatch(f"seat to move: ours {mover}, OpenSpiel {referee.current_player()}\n"
                                 f"{_position(referee, mirror)}")
        side = OURS if seats[mover] else THEIRS
        choices = len(referee.legal_actions())
        started = time.perf_counter()
        if seats[mover]:
            card = our_bots[mover].choose_play(mirror.view(mover))
            action = CARD_TO_ACTION[card]
        else:
            action = their_bots[mover].step(referee)
            card = ACTION_TO_CARD[action]
        seconds = time.perf_counter() - started
        play_times[side].append(seconds)
        if choices > 1:
            choice_times[side].append(seconds)
        if action not in referee.legal_actions():
            raise EngineMismatch(f"seat {mover} ({side}) played {card}, illegal in OpenSpiel\n"
                                 f"{_position(referee, mirror)}")
        try:
            mirror.play(card, seat=mover)
        except IllegalMove as refusal:
            raise EngineMismatch(f"seat {mover} ({side}) played {card}, refused by our engine: "
                                 f"{refusal}\n{_position(referee, mirror)}") from refusal
        referee.apply_action(action)
        expected = None if mirror.is_over else mirror.to_move
        actual = None if referee.is_terminal() else referee.current_player()
        if expected != actual:
            raise EngineMismatch(f"after {card} the seat to move differs: ours {expected}, OpenSpiel {actual}\n"
                                 f"{_position(referee, mirror)}")

    their_scores = tuple(round(POINTS_PER_HAND - value) for value in referee.returns())
    if mirror.scores != their_scores:
        raise EngineMismatch(f"hand scores differ: ours {mirror.scores}, OpenSpiel {their_scores}\n"
                             f"{_position(referee, mirror)}")
    return HandResult(number, direction, seats, mirror.scores, mirror.moon_shooter,
                      play_times, choice_times, pass_times)


# ------------------------------------------------------------------ the run


def collect(results: Sequence[HandResult]) -> dict[str, SideStats]:
    """Per-side aggregates of finished hands."""
    stats = {side: SideStats(side) for side in SIDES}
    for result in results:
        for side, side_stats in stats.items():
            seats = result.side_seats(side)
            side_stats.per_hand.append(result.side_average(side))
            side_stats.seat_hands += len(seats)
            if result.shooter in seats:
                side_stats.moons += 1
            side_stats.play_times += result.play_times[side]
            side_stats.choice_times += result.choice_times[side]
            side_stats.pass_times += result.pass_times[side]
    return stats


def _ms(values: Sequence[float], how: str) -> str:
    if not values:
        return "-"
    value = statistics.median(values) if how == "median" else max(values)
    return f"{value * 1000:.1f}"


def table(results: Sequence[HandResult], settings: Settings, seed: int, ours: int, elapsed: float) -> str:
    """The results as aligned text."""
    stats = collect(results)
    budget = "default" if settings.time_budget is None else f"{settings.time_budget:g} s"
    lines = [
        f"{len(results)} hands, seed {seed}, {ours} hard vs {NUM_SEATS - ours} IS-MCTS per hand, seats rotated "
        f"every hand; pass directions left, right, across, hold",
        f"hard: time_budget {budget}; IS-MCTS: {settings.sims} simulations, random rollouts x{settings.rollouts}, "
        f"uct_c {settings.uct_c:g}, unlimited world samples, max-visit final policy "
        f"(open-spiel {metadata.version('open-spiel')}); {elapsed:.0f} s in all",
        "",
        f"{'side':<7} {'seat-hands':>10} {'points/hand':>11} {'95% CI':>16} {'moons':>5} "
        f"{'play median ms':>14} {'choice median ms':>16} {'play max ms':>11} {'pass median ms':>14}",
    ]
    for side in SIDES:
        item = stats[side]
        low, high = item.mean - item.half_width, item.mean + item.half_width
        lines.append(
            f"{side:<7} {item.seat_hands:>10} {item.mean:>11.2f} {f'[{low:.2f}, {high:.2f}]':>16} {item.moons:>5} "
            f"{_ms(item.play_times, 'median'):>14} {_ms(item.choice_times, 'median'):>16} "
            f"{_ms(item.play_times, 'max'):>11} {_ms(item.pass_times, 'median'):>14}"
        )
    differences = [result.side_average(OURS) - result.side_average(THEIRS) for result in results]
    mean = statistics.fmean(differences)
    width = half_width(differences)
    lines += [
        "",
        f"hard - ismcts, per hand: {mean:+.2f} points [{mean - width:+.2f}, {mean + width:+.2f}] "
        "(negative: hard takes fewer points)",
        "points/hand: a side's average score per seat per hand; CI: 95%, one observation per hand "
        "(the side's average over its seats); 'choice' times leave out forced plays",
    ]
    return "\n".join(lines)


def _progress(result: HandResult, done: int, hands: int, results: Sequence[HandResult], started: float) -> None:
    stats = collect(results)
    elapsed = time.perf_counter() - started
    left = elapsed / done * (hands - done)
    ours = ",".join(str(seat) for seat in result.side_seats(OURS))
    moon = f" moon by {result.shooter}" if result.shooter is not None else ""
    print(f"hand {done}/{hands} {result.direction.value:<6} hard at {ours:<3} scores "
          f"{' '.join(f'{score:2d}' for score in result.scores)}{moon} | running: hard "
          f"{stats[OURS].mean:5.2f} ismcts {stats[THEIRS].mean:5.2f} | {elapsed:.0f} s, ~{left:.0f} s left",
          file=sys.stderr, flush=True)


def run(hands: int, seed: int, ours: int, settings: Settings, *, progress: bool = True,
        first: int = 0) -> list[HandResult]:
    """Play ``hands`` hands, numbered from ``first``, and return their results.

    A hand's deal, seating and seeds depend only on its number, so a long run may be split
    into ranges run side by side (one process per core) and their hands pooled.
    """
    game = load_game()
    results: list[HandResult] = []
    started = time.perf_counter()
    for number in range(first, first + hands):
        results.append(play_hand(game, seed, number, ours, settings))
        if progress:
            _progress(results[-1], len(results), hands, results, started)
    return results


def time_positions(count: int, seed: int, settings: Settings) -> str:
    """Both searches timed on the same ``count`` positions, without playing a match.

    Positions come from hold hands played by our normal level (every seventh play with a
    choice), mirrored in OpenSpiel so each bot searches its own engine's state.
    """
    game = load_game()
    times: dict[str, list[float]] = {side: [] for side in SIDES}
    number = 0
    while len(times[OURS]) < count:
        dealt = deal_hands(seed, 4 * number + 4)  # every fourth hand of the cycle holds
        referee = dealt_state(game, PassDirection.HOLD, dealt)
        mirror = HandState.new(dealt, PassDirection.HOLD)
        players = [make_bot("normal", seed=sub_seed(seed, number, seat, "normal")) for seat in range(NUM_SEATS)]
        choices = 0
        while not mirror.is_over and len(times[OURS]) < count:
            mover = mirror.to_move
            assert mover is not None
            view = mirror.view(mover)
            if len(view.legal_plays()) > 1:
                choices += 1
                if choices % 7 == 3:
                    ours = make_bot(OURS, seed=sub_seed(seed, number, mover, OURS), time_budget=settings.time_budget)
                    theirs = make_ismcts(sub_seed(seed, number, mover, THEIRS), settings)
                    started = time.perf_counter()
                    ours.choose_play(view)
                    times[OURS].append(time.perf_counter() - started)
                    started = time.perf_counter()
                    theirs.step(referee)
                    times[THEIRS].append(time.perf_counter() - started)
            card = players[mover].choose_play(view)
            referee.apply_action(CARD_TO_ACTION[card])
            mirror.play(card)
        number += 1
    return "\n".join(
        f"{side:<7} {len(values)} positions, decision median {statistics.median(values) * 1000:.0f} ms, "
        f"max {max(values) * 1000:.0f} ms" for side, values in times.items()
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--hands", type=int, default=40, help="number of hands (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="seed for deals and all bots (default 0)")
    parser.add_argument("--first-hand", type=int, default=0,
                        help="number of the first hand played (default 0): runs of hands 0-199 and 200-399 side by "
                             "side play the same hands as one run of 400")
    parser.add_argument("--ours", type=int, choices=sorted(LAYOUTS), default=1,
                        help="hard bots per hand; the other seats are IS-MCTS (default 1)")
    parser.add_argument("--sims", type=int, default=1000, help="IS-MCTS simulations per decision (default 1000)")
    parser.add_argument("--time-budget", type=float, default=None,
                        help="hard bot: seconds of the reference machine per decision (default: the bot's own)")
    parser.add_argument("--uct-c", type=float, default=2.0, help="IS-MCTS UCT exploration constant (default 2.0)")
    parser.add_argument("--rollouts", type=int, default=1, help="IS-MCTS random rollouts per leaf (default 1)")
    parser.add_argument("--no-progress", action="store_true", help="no progress line per hand on stderr")
    parser.add_argument("--time-positions", type=int, default=0, metavar="N",
                        help="only time both searches on N shared positions, then stop")
    args = parser.parse_args(argv)
    if args.hands < 1 or args.sims < 1 or args.rollouts < 1:
        parser.error("--hands, --sims and --rollouts must be at least 1")
    settings = Settings(args.sims, args.uct_c, args.rollouts, args.time_budget)
    if settings.time_budget is not None:
        try:
            make_bot(OURS, time_budget=settings.time_budget)  # refuse a bad budget before any hand is played
        except ValueError as error:
            parser.error(str(error))
    if args.time_positions > 0:
        print(time_positions(args.time_positions, args.seed, settings))
        return 0
    started = time.perf_counter()
    results = run(args.hands, args.seed, args.ours, settings, progress=not args.no_progress, first=args.first_hand)
    print(table(results, settings, args.seed, args.ours, time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
