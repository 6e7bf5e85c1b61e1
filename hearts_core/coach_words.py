"""The coach's words: every sentence of a reason, each said only when the facts it states hold.

Design choices:

* Every sentence is a :class:`Claim`: one whole pattern with named placeholders, and the
  facts it states (:mod:`hearts_core.facts`).  A claim is said only when every one of
  its facts holds of the position (:func:`first_true`), so a reason is true by
  construction.
* The generators list what might be said, most telling first: what the table shows
  (:func:`situation_claims`), what separates the best card from the runner-up in the deals
  played out (:func:`idea_claims`, from :mod:`hearts_core.difference`), what the search's
  figures say (:func:`figure_claims`: a difference only when it is clear,
  :func:`~hearts_core.facts.clear_difference`, quoting the score the hand should end with,
  rounded for a learner), what a played card did (:func:`played_claims`), who alone can beat a
  card because the seat passed them every higher card still out (:func:`passed_claims`), which
  hearts a count shows gone above a heart of the seat's, now the highest left (:func:`counted_claims`),
  and why a pass's cards go (:func:`pass_claims`).
* Players are named as the coached seat sees the table (``_seen``), so a puzzle seen
  from any seat names them as its board does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from hearts_core.bots import Appraisal
from hearts_core.cards import ACE, DECK, KING, QUEEN, Card, Suit
from hearts_core.coach_judgement import Judgement
from hearts_core.difference import LaterTaker, Parting
from hearts_core.facts import (
    AboutAsGood,
    AllAbove,
    AllOutPassed,
    AnyCardLegal,
    Better,
    CanDuckLater,
    CanWinLater,
    Expected,
    Fact,
    FirstTrick,
    HeartsAboveGone,
    HighCard,
    HigherOut,
    Holds,
    LastOfSuit,
    LowestHeld,
    MayBeOvertaken,
    MoonThreat,
    NoneAbove,
    NoPoints,
    NoVoidShown,
    OthersTookNoPoints,
    Over,
    PassedAbove,
    PlaysLast,
    QueenGone,
    QueenOut,
    ShootingPays,
    ShownVoid,
    Situation,
    TakeChance,
    TopCard,
    TopHearts,
    TrickPoints,
    Under,
    Void,
    Winning,
    checked,
)
from hearts_core.parting_facts import PartsAt
from hearts_core.pass_facts import explain_pass
from hearts_core.phrasing import sentences, suit_singular
from hearts_core.rules import NUM_SEATS, QUEEN_OF_SPADES
from hearts_core.wording import (
    about_points,
    and_list,
    marked,
    points_phrase,
    say,
    say_n,
    seat_name,
    suit_name,
)

__all__ = [
    "Claim",
    "choice_claims",
    "claim",
    "counted_claims",
    "facts_of",
    "figure_claims",
    "first_true",
    "idea_claims",
    "joined",
    "later_taker_claims",
    "parting_claims",
    "pass_claims",
    "passed_claims",
    "played_claims",
    "said_claim",
    "situation_claims",
]

_SPADES_ABOVE_QUEEN: Final = (KING, ACE)


@dataclass(frozen=True, slots=True)
class Claim:
    """One sentence of a reason: a whole pattern, its values, and the facts it states."""

    pattern: str
    facts: tuple[Fact, ...]
    values: tuple[tuple[str, object], ...] = ()
    said: bool = False
    """True when ``pattern`` is the finished sentence already (a count-dependent one, see :func:`said_claim`)."""

    def text(self) -> str:
        """The sentence, placeholders filled (translated when a catalogue is installed)."""
        return self.pattern if self.said else say(self.pattern, **dict(self.values))


def claim(pattern: str, facts: tuple[Fact, ...], **values: object) -> Claim:
    """A :class:`Claim`; its facts are checked only when it is chosen (see :func:`first_true`).

    ``pattern`` is written as ``marked("...")`` where the claim is made, so it is extracted
    for translation; it is said (translated and filled) only if the claim is chosen.
    """
    return Claim(pattern, facts, tuple(values.items()))


def said_claim(sentence: str, facts: tuple[Fact, ...]) -> Claim:
    """A :class:`Claim` whose sentence is said when it is made: ``said_claim(say_n("...", "...", n, ...), facts)``.

    A sentence that depends on a count is written as one literal ``say_n`` call, so its two
    forms are extracted as one plural entry of the catalogue; :func:`claim`'s ``marked``
    holds a single form only.
    """
    return Claim(sentence, facts, said=True)


def first_true(position: Situation, claims: Iterable[Claim | None]) -> Claim | None:
    """The first claim whose facts all hold of the position: the only kind of sentence ever said."""
    for candidate in claims:
        if candidate is not None and checked(position, candidate.facts):
            return candidate
    return None


def joined(claims: Iterable[Claim]) -> str:
    """The claims' sentences as one reason."""
    return sentences(item.text() for item in claims)


def facts_of(claims: Iterable[Claim]) -> tuple[Fact, ...]:
    """Every fact the claims state, in order."""
    return tuple(fact for item in claims for fact in item.facts)


def choice_claims(position: Situation, judgement: Judgement, card: Card, other: Card,
                  parting: Parting | None = None) -> tuple[Claim, ...]:
    """Why ``card`` rather than ``other``: what the table shows about it, who alone can beat it when the seat's own
    pass says so, that it is the highest heart left when a count of the hearts played shows it, where the two part,
    then the figures.

    ``parting`` is where ``other``'s line loses its points in the deals played out
    (:func:`hearts_core.difference.parting`), if one trick says it: the idea sentence, said
    after the situation and only when ``card`` is clearly the better.  When the two part at
    this very trick the idea is said only if the situation sentence would be as true of
    ``other`` (the same pattern): otherwise that sentence already tells them apart.  Every
    claim returned has been checked against the position.
    """
    situation = first_true(position, situation_claims(position, judgement.figures(card)))
    idea = None
    if parting is not None:
        theirs = first_true(position, situation_claims(position, judgement.figures(other))) if parting.now else None
        if not parting.now or (situation is not None and theirs is not None and theirs.pattern == situation.pattern):
            idea = first_true(position, idea_claims(judgement, parting))
    passed = first_true(position, passed_claims(position, card))
    counted = first_true(position, counted_claims(position, card))
    figures = first_true(position, figure_claims(judgement, card, other, position.view.points_taken[position.seat]))
    return tuple(item for item in (situation, passed, counted, idea, figures) if item is not None)


def idea_claims(judgement: Judgement, parting: Parting) -> Iterator[Claim]:
    """What separates ``parting.best`` from ``parting.runner``: the trick where the runner-up's line loses its points.

    Said of the deals played out, with their count, and only when the best card is clearly
    better for the seat's own score (:class:`~hearts_core.facts.Better`): where the two are
    about as good, naming one trick would overstate a difference the figures do not show.
    """
    own, own_error = judgement.own_gain(parting.best, parting.runner)
    yield from parting_claims(parting, (PartsAt(parting), Better(parting.best, parting.runner, own, own_error)),
                              now=parting.now)


def parting_claims(parting: Parting, grounds: tuple[Fact, ...], *, now: bool) -> Iterator[Claim]:
    """:func:`idea_claims`' sentences for ``parting`` on the facts ``grounds`` (which must license them).

    A live judgement grounds them on :class:`~hearts_core.parting_facts.PartsAt` over its play-outs; a
    puzzle on :class:`~hearts_core.parting_facts.StoredPartsAt` over its stored counts and the stored
    figures (:meth:`hearts_core.puzzles.Puzzle.check`).  ``now`` says the two part at this trick.
    """
    best, runner, taker = parting.best, parting.runner, parting.taker
    count, deals, trick = parting.parted, parting.deals, parting.trick
    if now:
        yield claim(marked("Play {best} rather than {runner}: in {count} of {deals} deals played out, {runner} takes "
                           "this trick and its points, which playing {best} now avoids."),
                    grounds, best=best, runner=runner, count=count, deals=deals)
    elif taker is best and runner.suit is best.suit and runner.rank < best.rank:
        # The lower card kept is the exit: the higher one, played now while it is safe, cannot be caught later.
        yield claim(marked("Play {best} now and keep {runner} for later: in {count} of {deals} deals played out, "
                           "playing {runner} now leaves {best} to take trick {trick} and its points, which playing "
                           "{best} now avoids."), grounds, best=best, runner=runner, count=count, deals=deals,
                    trick=trick)
    else:
        yield claim(marked("Play {best} rather than {runner}: in {count} of {deals} deals played out, playing "
                           "{runner} now leaves your {taker} to take trick {trick} and its points, which playing "
                           "{best} now avoids."), grounds, best=best, runner=runner, taker=taker, count=count,
                    deals=deals, trick=trick)


def later_taker_claims(found: LaterTaker, grounds: tuple[Fact, ...]) -> Iterator[Claim]:
    """What separates ``found.best`` from ``found.runner`` when no one trick does but one card does: it takes points
    later, at one trick or another (:class:`~hearts_core.difference.LaterTaker`), on the facts ``grounds``."""
    best, runner, taker = found.best, found.runner, found.taker
    count, deals = found.parted, found.deals
    if taker is best and runner.suit is best.suit and runner.rank < best.rank:
        yield claim(marked("Play {best} now and keep {runner} for later: in {count} of {deals} deals played out, "
                           "playing {runner} now leaves {best} to take a later trick and its points, which playing "
                           "{best} now avoids."), grounds, best=best, runner=runner, count=count, deals=deals)
    yield claim(marked("Play {best} rather than {runner}: in {count} of {deals} deals played out, playing {runner} now "
                       "leaves your {taker} to take a later trick and its points, which playing {best} now avoids."),
                grounds, best=best, runner=runner, taker=taker, count=count, deals=deals)


def figure_claims(judgement: Judgement, card: Card, other: Card, already: int) -> Iterator[Claim]:
    """The search's comparison of ``card`` with ``other``, said only as far as it is sure of it.

    ``already`` is what the seat has taken so far: the figures quoted are the score it
    should end the hand with, which includes those points.
    """
    mine, theirs = judgement.figures(card), judgement.figures(other)
    own, own_error = judgement.own_gain(card, other)
    relative, relative_error = judgement.relative_gain(card, other)
    expected = (Expected(card, mine.rest_points, already), Expected(other, theirs.rest_points, already))
    ours, others_figure = about_points(expected[0].total), about_points(expected[1].total)
    tie = AboutAsGood(card, other, relative, relative_error)
    if ours == others_figure:
        yield claim(marked("{card} and {other} are about as good: with either you should end the hand with {points}."),
                    (tie, *expected), card=card, other=other, points=ours)
    yield claim(marked("{other} is about as good: with {card} you should end the hand with {points}, with {other} "
                       "{other_points}."), (tie, *expected),
                card=card, other=other, points=ours, other_points=others_figure)
    yield claim(marked("With {card} you should end the hand with {points}; {other} would cost you {gain} more."),
                (Better(card, other, own, own_error), expected[0]),
                card=card, other=other, points=ours, gain=about_points(own))
    yield claim(marked("{card} should cost you {extra} more than {other} by the end of the hand, but it leaves the "
                       "others with more: against their average you come out {gain} better."),
                (Better(other, card, -own, own_error), Better(card, other, relative, relative_error, "relative")),
                card=card, other=other, extra=about_points(-own), gain=about_points(relative))
    yield claim(marked("{card} and {other} should cost you about the same, but {card} leaves the others with more: "
                       "against their average you come out {gain} better."),
                (AboutAsGood(card, other, own, own_error, "own"),
                 Better(card, other, relative, relative_error, "relative")),
                card=card, other=other, gain=about_points(relative))


def situation_claims(position: Situation, figures: Appraisal) -> Iterator[Claim]:
    """What the table shows about playing ``figures.card``, most telling first; :func:`first_true` picks one."""
    view, card = position.view, figures.card
    if figures.shooting:
        # Said of the hand, never of the search: the search's line with the card is a moon bid
        # (ShootingPays), but the words rest on what the seat sees, nobody else's points and its hearts.
        hearts = tuple(sorted((item for item in view.hand if item.suit is Suit.HEARTS
                               and not position.unseen_above(item)), reverse=True))
        yield claim(marked("No one else has taken a point yet and your {hearts} are above every heart the others "
                           "hold: your cards are strong enough to try for the moon, so play {card} and aim to take "
                           "every heart and ♠Q."),
                    (ShootingPays(card, figures.shooting), OthersTookNoPoints(), TopHearts(hearts)),
                    hearts=and_list(hearts), card=card)
    winning = position.winning
    if winning is None:
        yield from _lead_claims(position, figures)
        return
    seat, top = winning
    points = position.trick_points
    led = position.trick[0].suit
    takes = (*([PlaysLast()] if len(position.trick) == NUM_SEATS - 1 else [TopCard(card)]), Over(card, top))
    threat = next((other for other in range(NUM_SEATS) if other != view.seat and MoonThreat(other).holds(position)), -1)
    if threat >= 0 and points:
        yield claim(marked("{seat} alone has taken points so far and may be shooting the moon; taking this trick and "
                           "its {points} with {card} stops that."),
                    (MoonThreat(threat), TrickPoints(points), *takes),
                    seat=_seen(position, threat), points=points_phrase(points), card=card)
    if card.suit is led:
        yield from _follow_claims(position, figures, seat, top, points)
    else:
        yield from _discard_claims(position, figures, seat, top, threat)


def _seen(position: Situation, seat: int) -> str:
    """``seat``'s name as the coached seat sees the table: itself "You", the next to play "CPU1", and so on.

    The learner's seat in a match is seat 0, where this is :func:`seat_name` itself; a puzzle
    may be seen from any seat, and its words must name the players as its board does.
    """
    return seat_name((seat - position.seat) % NUM_SEATS)


def _lead_claims(position: Situation, figures: Appraisal) -> Iterator[Claim]:
    card = figures.card
    suit = card.suit
    if suit is Suit.SPADES and card.rank < QUEEN:
        yield claim(marked("♠Q is still out and you hold no spade above it, so leading {card} may force ♠Q out "
                           "onto someone else's trick."), (QueenOut(), NoneAbove(QUEEN_OF_SPADES), Holds((card,))),
                    card=card)
    # "No one else": the fact is about the cards not yet seen; the seat's own may rank higher still.
    # Taking a trick is no aim in itself: a sure winner is worth leading while it is likely to be a
    # clean trick (the card carries no points, nobody has shown a void to throw points from, and ♠Q
    # cannot fall on a spade), otherwise only the plain consequence is said.
    if suit is not Suit.HEARTS:
        queen_safe = () if suit is not Suit.SPADES else (
            (Holds((QUEEN_OF_SPADES,)),) if position.holds_card(QUEEN_OF_SPADES) else (QueenGone(),))
        yield claim(marked("No one else holds a {suit} above {card}, so it takes the trick whenever you lead it, and "
                           "no one has shown a void in {suits} yet: lead it now, before the others run out of {suits} "
                           "and can throw points on it."),
                    (TopCard(card), NoPoints(card), NoVoidShown(suit), *queen_safe),
                    card=card, suit=suit_singular(suit), suits=suit_name(suit))
    yield claim(marked("No one else holds a {suit} above {card}, so it takes this trick, with any points played to "
                       "it, and you lead the next one."), (TopCard(card),), card=card, suit=suit_singular(suit))
    above = len(position.unseen_above(card))
    seldom = TakeChance(card, figures.take_chance, likely=False)
    voids = [seat for seat in range(NUM_SEATS) if ShownVoid(seat, suit).holds(position)]
    if voids:
        yield said_claim(say_n("Leading {card} should leave the trick to someone else, since a higher {suit} is "
                               "still out, although {seats} cannot follow suit and may throw points on it.",
                               "Leading {card} should leave the trick to someone else, since {count} higher {suits} "
                               "are still out, although {seats} cannot follow suit and may throw points on it.",
                               above, card=card, suit=suit_singular(suit), suits=suit_name(suit),
                               seats=and_list(_seen(position, s) for s in voids)),
                         (seldom, HigherOut(card, above), *(ShownVoid(seat, suit) for seat in voids)))
    yield said_claim(say_n("Leading {card} should leave the trick to someone else, since a higher {suit} is still out.",
                           "Leading {card} should leave the trick to someone else, since {count} higher {suits} are "
                           "still out.", above, card=card, suit=suit_singular(suit), suits=suit_name(suit)),
                     (seldom, HigherOut(card, above)))


def _follow_claims(position: Situation, figures: Appraisal, seat: int, top: Card, points: int) -> Iterator[Claim]:
    card, led, view = figures.card, figures.card.suit, position.view
    lower = tuple(item for item in view.hand if item.suit is led and item.rank < card.rank)
    if led is Suit.SPADES:
        catchers = tuple(item for item in view.hand if item.suit is Suit.SPADES and item.rank in _SPADES_ABOVE_QUEEN)
        if catchers:
            yield claim(marked("♠Q is still out and {catchers} could catch it, so stay under {top} with {card}."),
                        (QueenOut(), Holds(catchers), Under(card, top)),
                        catchers=and_list(catchers), top=top, card=card)
    if points:
        yield claim(marked("{seat}'s {top} is winning this trick with {points} in it, so play {card}, which stays "
                           "under it."), (Winning(seat, top), TrickPoints(points), Under(card, top)),
                    seat=_seen(position, seat), top=top, points=points_phrase(points), card=card)
    yield claim(marked("{seat}'s {top} is winning this trick, so play {card}, which stays under it."),
                (Winning(seat, top), Under(card, top)), seat=_seen(position, seat), top=top, card=card)
    if lower:
        yield claim(marked("Nobody may throw points on the first trick unless they hold nothing else, so {card} can "
                           "take it cheaply and you keep {lower} for later."),
                    (FirstTrick(), TrickPoints(0), Over(card, top), Holds(lower)), card=card, lower=and_list(lower))
    yield claim(marked("Nobody may throw points on the first trick unless they hold nothing else, so {card} can "
                       "take it cheaply."), (FirstTrick(), TrickPoints(0), Over(card, top)), card=card)
    if lower:
        yield claim(marked("All your {suits} are above {top} and you play last, so you take this trick whatever you "
                           "play: take it with {card} and keep {lower} for later."),
                    (AllAbove(top), PlaysLast(), NoneAbove(card), Holds(lower)),
                    suits=suit_name(led), top=top, card=card, lower=and_list(lower))
    yield claim(marked("The trick holds no points and you play last, so {card} takes it safely."),
                (PlaysLast(), TrickPoints(0), Over(card, top)), card=card)
    yield claim(marked("All your {suits} are above {top}, so play {card}, your lowest: a player after you may "
                       "still go higher and take the trick."), (AllAbove(top), LowestHeld(card), MayBeOvertaken(card)),
                suits=suit_name(led), top=top, card=card)
    if led is Suit.SPADES:
        yield claim(marked("♠Q has already been played, so {card} can take this spade trick without catching it."),
                    (QueenGone(), Over(card, top)), card=card)
    if lower:
        yield claim(marked("{card} is above {top} and will probably take this trick, so take it with {card} and keep "
                           "{lower}: the others hold more {suits} above {lower} than can fall on this trick, so you "
                           "can duck a later {suit} trick."),
                    (TakeChance(card, figures.take_chance, likely=True), Over(card, top), CanDuckLater(lower)),
                    card=card, top=top, lower=and_list(lower), suits=suit_name(led), suit=suit_singular(led))


def _discard_claims(position: Situation, figures: Appraisal, seat: int, top: Card, threat: int) -> Iterator[Claim]:
    card, led = figures.card, position.trick[0].suit
    void = Void(led)
    if HighCard(card).holds(position):
        yield claim(marked("You have no {suits}, and nobody may throw points on the first trick unless they hold "
                           "nothing else: a cheap moment to get rid of {card}."),
                    (void, FirstTrick(), HighCard(card)), suits=suit_name(led), card=card)
    if threat >= 0:
        yield claim(marked("{seat} alone has taken points so far, may be shooting the moon and is winning this "
                           "trick, so give it no points: throw away {card}."),
                    (MoonThreat(threat), Winning(threat, top), void, NoPoints(card)),
                    seat=_seen(position, threat), card=card)
    if card is QUEEN_OF_SPADES:
        if len(position.trick) == NUM_SEATS - 1:
            yield claim(marked("You have no {suits}, so drop ♠Q now: {seat} takes this trick and its 13 points."),
                        (void, Winning(seat, top), PlaysLast()), suits=suit_name(led), seat=_seen(position, seat))
        yield claim(marked("You have no {suits}, so drop ♠Q now: a card off the led suit never takes the trick, "
                           "so its 13 points go to someone else."), (void,), suits=suit_name(led))
    if card.suit is Suit.HEARTS:
        yield claim(marked("You have no {suits}, so throw away {card}: a card off the led suit never takes the trick, "
                           "so its point goes to someone else."), (void,), suits=suit_name(led), card=card)
    if card.suit is Suit.SPADES and card.rank in _SPADES_ABOVE_QUEEN:
        yield claim(marked("You have no {suits}: throw away {card} now, while ♠Q is still out and {card} could "
                           "otherwise be made to catch it."), (void, QueenOut(), Holds((card,))),
                    suits=suit_name(led), card=card)
    yield claim(marked("You have no {suits}, so throw away {card}: no one else holds a {suit} above it, so it "
                       "would take any {suit} trick it is played to."), (void, TopCard(card)),
                suits=suit_name(led), card=card, suit=suit_singular(card.suit))
    # What the card would do if kept, in the cards' terms; where nothing sets it apart, only what the
    # rules allow (the figures that follow say how close the choice is).
    could_win = claim(marked("You have no {suits}, so throw away {card}, your highest {suit}: someone else holds a "
                             "lower {suit}, so if you kept it, it could win a later {suit} trick."),
                      (void, CanWinLater(card)), suits=suit_name(led), card=card, suit=suit_singular(card.suit))
    if HighCard(card).holds(position):  # a high card's risk tells more than the void it leaves
        yield could_win
    yield claim(marked("You have no {suits}, so throw away {card}, your last {suit}: with none left, you may throw "
                       "away a card on {suit} tricks too."), (void, LastOfSuit(card)),
                suits=suit_name(led), card=card, suit=suit_singular(card.suit))
    yield could_win
    yield claim(marked("You have no {suits}, so you may throw away any card."), (void, AnyCardLegal()),
                suits=suit_name(led))
    yield claim(marked("You have no {suits}, so you may throw away a card of another suit."), (void,),
                suits=suit_name(led))


def played_claims(position: Situation, figures: Appraisal) -> Iterator[Claim]:
    """What the card a seat actually played (``figures.card``) did, or risked, as the seat could see it."""
    winning = position.winning
    played = figures.card
    if winning is not None:
        _, top = winning
        points = position.trick_points
        certain = (PlaysLast(),) if len(position.trick) == NUM_SEATS - 1 else (TopCard(played),)
        if points:
            yield claim(marked("{played} is above {top}, so it takes this trick and the {points} already in it."),
                        (Over(played, top), TrickPoints(points), *certain),
                        played=played, top=top, points=points_phrase(points))
        yield claim(marked("{played} is above {top}, so it takes this trick, and whatever points are thrown on it."),
                    (Over(played, top), *certain), played=played, top=top)
        yield claim(marked("{played} is above {top}, so it takes this trick unless someone after you plays higher."),
                    (TakeChance(played, figures.take_chance, likely=True), Over(played, top)), played=played, top=top)
        return
    if played.suit is Suit.SPADES and played.rank in _SPADES_ABOVE_QUEEN:
        yield claim(marked("Leading {played} while ♠Q is still out can catch it: whoever holds ♠Q may have to play it "
                           "under your card."), (QueenOut(), Holds((played,))), played=played)
    yield claim(marked("No one else holds a {suit} above {played}, so it takes the trick, and any points thrown "
                       "on it."),
                (TopCard(played),), played=played, suit=suit_singular(played.suit))


def passed_claims(position: Situation, card: Card) -> Iterator[Claim]:
    """Who alone can beat ``card`` when every higher card still out is one the seat passed (lesson 19's idea), and
    that they must when those are the only cards of its suit still out.

    The pass is knowledge no other player's cards give: until the receiver plays them, the seat
    knows where its three passed cards are.  Said only where that settles who can take the trick
    from ``card`` (:class:`~hearts_core.facts.PassedAbove`), and never on a hold hand.
    """
    view = position.view
    if view.passed is None or view.received is None:
        return
    above = position.unseen_above(card)
    receiver = view.pass_direction.receiver(position.seat)
    # Stronger where it holds: the receiver has nothing else of the suit, so has to play a passed card and win.
    yield said_claim(say_n("{seat} must beat {card}: the one card of its suit still out, {cards}, is one you passed "
                           "to them, so they have to play it.",
                           "{seat} must beat {card}: the {count} cards of its suit still out, {cards}, are all ones "
                           "you passed to them, so they have to play one.", len(above),
                           seat=_seen(position, receiver), card=card, cards=and_list(above)),
                     (PassedAbove(receiver, card, above), AllOutPassed(receiver, card.suit, above)))
    yield said_claim(say_n("Only {seat} can beat {card}: the one higher card of its suit still out, {cards}, is one "
                           "you passed to them.",
                           "Only {seat} can beat {card}: the {count} higher cards of its suit still out, {cards}, are "
                           "ones you passed to them.", len(above), seat=_seen(position, receiver), card=card,
                           cards=and_list(above)),
                     (PassedAbove(receiver, card, above),))


def counted_claims(position: Situation, card: Card) -> Iterator[Claim]:
    """Which hearts above ``card`` have gone, so that it is now the highest heart left (lesson 20's idea).

    Said of a heart below ♥A only once every heart above it has been played
    (:class:`~hearts_core.facts.HeartsAboveGone`): the hearts are named, so the learner can check
    the count.  The seat's own cards are in it ("yours included"): a reader takes "left" to mean
    every card not yet played.  Where a higher heart already lies in this heart trick, the card
    does not take it, and the words speak of the tricks after it.
    """
    if card.suit is not Suit.HEARTS or card.rank >= ACE:
        return
    above = tuple(sorted(item for item in DECK if item.suit is Suit.HEARTS and item.rank > card.rank))
    yield said_claim(say_n("The one heart above {card}, {cards}, has been played, so {card} is now the highest heart "
                           "left, yours included: it would take any heart trick it is played to.",
                           "The {count} hearts above {card}, {cards}, have all been played, so {card} is now the "
                           "highest heart left, yours included: it would take any heart trick it is played to.",
                           len(above), card=card, cards=and_list(above)),
                     (HeartsAboveGone(card, above),))
    yield said_claim(say_n("The one heart above {card}, {cards}, has been played, so {card} is now the highest heart "
                           "left, yours included: once this trick is over, it would take any heart trick it is played "
                           "to.",
                           "The {count} hearts above {card}, {cards}, have all been played, so {card} is now the "
                           "highest heart left, yours included: once this trick is over, it would take any heart "
                           "trick it is played to.", len(above), card=card, cards=and_list(above)),
                     (HeartsAboveGone(card, above, beaten=True),))


# ------------------------------------------------------------------- passing


def pass_claims(position: Situation, cards: tuple[Card, ...]) -> tuple[Claim, ...]:
    """Why these three cards go (and ♠Q stays, when it does): the pass's one explanation, every claim checked.

    The sentences are :func:`hearts_core.pass_facts.explain_pass`'s, the judge's words for
    the same cards; each is said only when its fact holds of the hand and the plain facts
    it rests on (what the claim lists) hold too.
    """
    passing = Situation(position.view, cards)
    claims = (said_claim(fact.sentence(), fact.grounds(passing)) for fact in explain_pass(passing)
              if fact.holds(passing))
    return tuple(item for item in claims if checked(passing, item.facts))
