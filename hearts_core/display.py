"""Pictures for notebooks: the engine's values drawn as HTML, the same cards the widgets draw.

Design choices:

* Standard library only, no script: ``_repr_html_`` of :class:`~hearts_core.cards.Card`,
  :class:`~hearts_core.state.Trick`, :class:`~hearts_core.legality.Verdict`,
  :class:`~hearts_core.state.HandState`, :class:`~hearts_core.state.SeatView`,
  :class:`~hearts_core.match.Match`, :class:`~hearts_core.review.HandReview` and
  :class:`~hearts_core.coach.Recommendation` call the functions here, imported only when a
  notebook asks for a picture (python-chess's ``_repr_svg_`` does the same with
  ``chess.svg``), so importing the engine costs nothing more.  ``repr`` stays code.
* One look: the markup is the widgets' own (``cards.js``'s ``hlCard`` for a static card:
  ``div.hl-card.is-static`` with ``role="img"``, ``data-card``, ``data-suit`` and a spoken
  name), styled by the one stylesheet both use, ``hearts_core/static/cards.css``; every
  picture carries it in a ``<style>`` of its own, since a notebook output has no other.
* Every picture is a labelled region a screen reader can speak: cards are images named
  as the widgets name them ("10♣, ten of clubs"), a trick and a hand are groups with a
  name, and a hidden sentence says the trick in words, as the widgets' spoken table does.
* Words come through :func:`hearts_core.wording.say` as whole patterns (:data:`PATTERNS`),
  ready for translation; values are escaped, so a picture never carries markup from input.
* Seats are named as everywhere else (:func:`hearts_core.wording.seat_name`: seat 0 is
  "You").

>>> from hearts_core.cards import to_card
>>> 'data-card="♠Q"' in to_card("♠Q")._repr_html_()
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from html import escape
from importlib import resources
from typing import TYPE_CHECKING, Final

from hearts_core.cards import Card
from hearts_core.phrasing import by_seat, sentences
from hearts_core.rules import CARDS_PER_SEAT, NUM_SEATS, QUEEN_OF_SPADES
from hearts_core.state import Phase
from hearts_core.wording import and_list, card_name, marked, points_phrase, say, seat_name

if TYPE_CHECKING:
    from hearts_core.coach import Recommendation
    from hearts_core.legality import Verdict
    from hearts_core.match import Match
    from hearts_core.review import HandReview
    from hearts_core.state import HandState, SeatView, Trick

__all__ = [
    "PATTERNS",
    "card_css",
    "card_html",
    "hand_html",
    "match_html",
    "recommendation_html",
    "review_html",
    "state_html",
    "trick_html",
    "verdict_html",
    "view_html",
]

PATTERNS: Final = {
    "hand": marked("{seat}'s hand"),
    "your_hand": marked("Your hand"),
    "trick": marked("Trick {number}"),
    "trick_so_far": marked("The trick so far"),
    "table": marked("The table"),
    "led": marked("{seat} led {card}."),
    "you_led": marked("You led {card}."),
    "played": marked("{seat} played {card}."),
    "you_played": marked("You played {card}."),
    "took": marked("{seat} took the trick with {card}: {points}."),
    "you_took": marked("You took the trick with {card}: {points}."),
    "nobody_led": marked("Nobody has played to this trick yet."),
    "to_move": marked("{seat} to play."),
    "to_pass_left": marked("Everyone chooses three cards to pass to the left."),
    "to_pass_right": marked("Everyone chooses three cards to pass to the right."),
    "to_pass_across": marked("Everyone chooses three cards to pass across."),
    "hearts_broken": marked("Hearts are broken."),
    "hearts_unbroken": marked("Hearts are not broken yet."),
    "queen_gone": marked("♠Q has been played."),
    "queen_out": marked("♠Q has not been played yet."),
    "trick_of": marked("Trick {number} of {total}."),
    "hand_over": marked("The hand is over."),
    "moon": marked("{seat} shot the moon: everyone else scores 26."),
    "you_moon": marked("You shot the moon: everyone else scores 26."),
    "player": marked("Player"),
    "points": marked("Points taken"),
    "score": marked("Score"),
    "total": marked("Total"),
    "hand_number": marked("Hand {number}"),
    "score_sheet": marked("Score sheet"),
    "match_over": marked("The match is over: {winners} won."),
    "match_on": marked("Hand {number} is being played."),
    "match_between": marked("Hand {number} is over; the match goes on."),
    "allowed": marked("Allowed"),
    "not_allowed": marked("Not allowed"),
    "recommended": marked("The coach's card"),
    "recommended_pass": marked("The coach's pass"),
    "review": marked("Review of {seat}'s hand"),
    "your_review": marked("Review of your hand"),
    "your_dealt": marked("Your cards after the pass"),
    "played_card": marked("Played"),
    "better_card": marked("Better"),
    "passed_card": marked("Passed"),
    "mistake": marked("Trick {trick}: {played} was played; {better} was better."),
    "repeated_mistake": marked("Tricks {tricks}: {played} were played; {better} was better each time (one mistake, "
                               "repeated)."),
    "dealt": marked("{seat}'s cards after the pass"),
}
"""Every word of the pictures, each a whole pattern for :func:`say`."""

_EXTRA_CSS: Final = """
.hl-picture { display: block; margin: 4px 0; }
.hl-picture .hl-picture-caption { font-weight: 700; margin: 6px 0 2px; }
.hl-picture .hl-picture-facts { margin: 4px 0; padding-left: 1.2em; }
.hl-picture .hl-hand { padding-top: 4px; }
.hl-picture table { border-collapse: collapse; margin: 4px 0; }
.hl-picture th, .hl-picture td { border-bottom: 1px solid #d6dbe0; padding: 4px 10px; text-align: right; }
.hl-picture th[scope="row"], .hl-picture thead th:first-child { text-align: left; }
.hl-picture .hl-message { min-height: 0; }
.hl-picture .hl-picture-tag { font-size: 0.85rem; color: var(--hl-muted); }
"""


@cache
def card_css() -> str:
    """The card look shared by the widgets and these pictures (``hearts_core/static/cards.css``)."""
    return resources.files("hearts_core").joinpath("static/cards.css").read_text(encoding="utf-8")


def _picture(body: str, label: str, *, role: str = "group") -> str:
    """A whole notebook output: the styles, then ``body`` in a labelled region."""
    return (f'<div class="hl-root hl-picture" role="{role}" aria-label="{escape(label)}">'
            f"<style>{card_css()}{_EXTRA_CSS}</style>{body}</div>")


def _card(card: Card, *, legal: bool | None = None) -> str:
    """One card as ``cards.js`` draws a static one: a named image, its corner as text.

    ``data-suit`` is the style sheet's hook (``clubs``), never shown; the card's name is said in the active language.
    """
    rank, symbol = escape(card.rank_text), escape(card.suit.symbol)
    flag = "" if legal is None else f' data-legal="{str(legal).lower()}"'
    return (f'<div class="hl-card is-static" role="img" data-card="{escape(str(card))}" '
            f'data-suit="{card.suit.name.lower()}"{flag} aria-label="{rank}{symbol}, {escape(card_name(card))}">'
            f'<span class="hl-corner hl-top" aria-hidden="true"><span class="hl-rank">{rank}</span>'
            f'<span class="hl-small-suit">{symbol}</span></span>'
            f'<span class="hl-corner hl-bottom" data-rank="{rank}" data-symbol="{symbol}" aria-hidden="true"></span>'
            f'<span class="hl-pip" data-symbol="{symbol}" aria-hidden="true"></span></div>')


def _hand(cards: Iterable[Card], label: str, legal: set[Card] | None = None) -> str:
    faces = "".join(_card(card, legal=None if legal is None else card in legal) for card in cards)
    return f'<div class="hl-hand" role="group" aria-label="{escape(label)}">{faces}</div>'


def _spoken(seats: Sequence[int], cards: Sequence[Card]) -> str:
    said = [by_seat(seat, PATTERNS["you_led"], PATTERNS["led"], card=card) if index == 0
            else by_seat(seat, PATTERNS["you_played"], PATTERNS["played"], card=card)
            for index, (seat, card) in enumerate(zip(seats, cards, strict=True))]
    return sentences(said) or say(PATTERNS["nobody_led"])


def _table(leader: int, cards: Sequence[Card], label: str, *, winner: int | None = None) -> str:
    """A trick laid out seat by seat from its leader, as the widgets' seats table does."""
    seats = [(leader + offset) % NUM_SEATS for offset in range(len(cards))]
    places = []
    for seat, card in zip(seats, cards, strict=True):
        mark = " is-winner" if seat == winner else ""
        places.append(f'<div class="hl-played{mark}" data-seat="{seat}">{_card(card)}'
                      f'<span class="hl-seat">{escape(seat_name(seat))}</span></div>')
    return (f'<div class="hl-table hl-seats-table" role="group" aria-label="{escape(label)}">'
            f'<span class="hl-visually-hidden">{escape(_spoken(seats, cards))}</span>{"".join(places)}</div>')


def _facts(lines: Iterable[str]) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in lines if line)
    return f'<ul class="hl-picture-facts">{items}</ul>' if items else ""


def _caption(text: str) -> str:
    return f'<p class="hl-picture-caption">{escape(text)}</p>'


def _message(text: str, *, legal: bool | None, badge: str = "") -> str:
    kind = "" if legal is None else (" is-legal" if legal else " is-illegal")
    mark = f'<span class="hl-badge">{escape(badge)}</span>' if badge else ""
    return f'<div class="hl-message{kind}">{mark}<span class="hl-text">{escape(text)}</span></div>'


# ---------------------------------------------------------------- the pictures


def card_html(card: Card) -> str:
    """One card."""
    return _picture(_card(card), card_name(card), role="figure")


def hand_html(cards: Iterable[Card], seat: int = 0) -> str:
    """A hand of cards, named as ``seat``'s."""
    label = say(PATTERNS["your_hand"]) if seat == 0 else say(PATTERNS["hand"], seat=seat_name(seat))
    return _picture(_hand(cards, label), label)


def trick_html(trick: Trick, number: int | None = None) -> str:
    """A finished trick: the four cards from its leader, the winner marked, who took it and its points."""
    label = say(PATTERNS["trick"], number=number) if number else say(PATTERNS["table"])
    took = by_seat(trick.winner, PATTERNS["you_took"], PATTERNS["took"], card=trick.played_by(trick.winner),
                   points=points_phrase(trick.points))
    return _picture(_table(trick.leader, trick.cards, label, winner=trick.winner) + _facts([took]), label)


def verdict_html(verdict: Verdict) -> str:
    """A card with the engine's verdict on it: allowed or not, and the reason in words."""
    badge = say(PATTERNS["allowed" if verdict.legal else "not_allowed"])
    card = _card(verdict.card, legal=verdict.legal) if verdict.card is not None else ""
    return _picture(f'<div class="hl-hand">{card}</div>' + _message(verdict.message, legal=verdict.legal, badge=badge),
                    badge)


def _position_facts(tricks_done: int, hearts_broken: bool, queen_played: bool, over: bool) -> list[str]:
    if over:
        return [say(PATTERNS["hand_over"])]
    return [say(PATTERNS["trick_of"], number=min(tricks_done + 1, CARDS_PER_SEAT), total=CARDS_PER_SEAT),
            say(PATTERNS["hearts_broken" if hearts_broken else "hearts_unbroken"]),
            say(PATTERNS["queen_gone" if queen_played else "queen_out"])]


def _points_table(taken: Sequence[int], scores: Sequence[int] | None = None) -> str:
    head = [say(PATTERNS["player"]), say(PATTERNS["points"]), *([say(PATTERNS["score"])] if scores else [])]
    rows = []
    for seat in range(NUM_SEATS):
        cells = f"<td>{taken[seat]}</td>" + (f"<td>{scores[seat]}</td>" if scores else "")
        rows.append(f'<tr><th scope="row">{escape(seat_name(seat))}</th>{cells}</tr>')
    header = "".join(f'<th scope="col">{escape(text)}</th>' for text in head)
    return f"<table><thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def state_html(state: HandState) -> str:
    """The table: the hand of the seat to move (its playable cards marked), the trick, the points taken.

    Passing shows every seat's hand (everyone chooses at once); a finished hand shows all
    four hands as they were after the pass, the points taken and the scores.
    """
    label = say(PATTERNS["table"])
    over = state.is_over
    queen_played = any(card is QUEEN_OF_SPADES for _, card in state.plays)
    parts = [_facts(_position_facts(len(state.tricks), state.hearts_broken, queen_played, over))]
    if state.phase is Phase.PASSING:
        parts.append(_facts([say(PATTERNS[f"to_pass_{state.pass_direction.value}"])]))
        for seat in range(NUM_SEATS):
            parts.append(_caption(_seat_hand(seat)) + _hand(state.hand(seat), _seat_hand(seat)))
    elif over:
        for seat in range(NUM_SEATS):
            words = say(PATTERNS["your_dealt"]) if seat == 0 else say(PATTERNS["dealt"], seat=seat_name(seat))
            parts.append(_caption(words) + _hand(_after_pass(state, seat), words))
        if state.moon_shooter is not None:
            parts.append(_facts([by_seat(state.moon_shooter, PATTERNS["you_moon"], PATTERNS["moon"])]))
        parts.append(_points_table(state.points_taken, state.scores))
    else:
        seat = state.to_move if state.to_move is not None else 0
        parts.append(_trick_in_play(state.trick_leader, state.current_trick))
        parts.append(_facts([say(PATTERNS["to_move"], seat=seat_name(seat))]))
        parts.append(_hand(state.hand(seat), _seat_hand(seat), set(state.legal_plays())))
        parts.append(_points_table(state.points_taken))
    return _picture("".join(parts), label)


def view_html(view: SeatView) -> str:
    """What one seat sees: its hand (the cards it may play marked on its turn), the trick, the points taken."""
    queen_played = any(card is QUEEN_OF_SPADES for _, card in view.plays)
    over = len(view.tricks) == CARDS_PER_SEAT
    legal = set(view.legal_plays()) if view.is_my_turn else None
    parts = [_facts(_position_facts(len(view.tricks), view.hearts_broken, queen_played, over)),
             _trick_in_play(view.trick_leader, view.current_trick),
             _hand(view.hand, _seat_hand(view.seat), legal),
             _points_table(view.points_taken)]
    return _picture("".join(parts), _seat_hand(view.seat))


def _seat_hand(seat: int) -> str:
    return say(PATTERNS["your_hand"]) if seat == 0 else say(PATTERNS["hand"], seat=seat_name(seat))


def _trick_in_play(leader: int | None, cards: Sequence[Card]) -> str:
    label = say(PATTERNS["trick_so_far"])
    if leader is None or not cards:
        return (f'<div class="hl-table hl-seats-table" role="group" aria-label="{escape(label)}">'
                f'<span class="hl-empty-note">{escape(say(PATTERNS["nobody_led"]))}</span></div>')
    return _table(leader, cards, label)


def _after_pass(state: HandState, seat: int) -> tuple[Card, ...]:
    """The thirteen cards ``seat`` played this hand, in the engine's card order."""
    return tuple(sorted(card for player, card in state.plays if player == seat))


def match_html(match: Match) -> str:
    """The score sheet: each hand's scores, the totals, and whether the match is over (and who won)."""
    label = say(PATTERNS["score_sheet"])
    header = "".join(f'<th scope="col">{escape(seat_name(seat))}</th>' for seat in range(NUM_SEATS))
    rows = []
    for number, hand in enumerate(match.hands, start=1):
        if not hand.is_over:
            continue
        cells = "".join(f"<td>{score}</td>" for score in hand.scores)
        rows.append(f'<tr><th scope="row">{escape(say(PATTERNS["hand_number"], number=number))}</th>{cells}</tr>')
    totals = "".join(f"<td><strong>{total}</strong></td>" for total in match.totals)
    rows.append(f'<tr><th scope="row">{escape(say(PATTERNS["total"]))}</th>{totals}</tr>')
    table = (f'<table aria-label="{escape(label)}"><thead><tr><th scope="col"></th>{header}</tr></thead>'
             f"<tbody>{''.join(rows)}</tbody></table>")
    if match.winners is not None:
        state = say(PATTERNS["match_over"], winners=and_list(seat_name(seat) for seat in match.winners))
    else:
        state = say(PATTERNS["match_between" if match.hand.is_over else "match_on"], number=match.hand_number)
    return _picture(_caption(label) + table + _facts([state]), label)


def review_html(review: HandReview) -> str:
    """A hand's review: its summary, a costly pass, then each mistake (a repeated one once) with its cards and why."""
    label = say(PATTERNS["your_review"]) if review.seat == 0 else say(PATTERNS["review"], seat=seat_name(review.seat))
    parts = [_caption(label), _message(review.summary(), legal=None)]
    if review.pass_mistake is not None:  # the pass came before the play: its entry comes first
        passing = review.pass_mistake
        shown = (*((card, "passed_card") for card in passing.passed),
                 *((card, "better_card") for card in passing.better))
        parts.append(_tagged_cards(shown) + _message(passing.describe(), legal=False))
    for group in review.groups:
        if group.repeated:
            heading = say(PATTERNS["repeated_mistake"], tricks=and_list(group.tricks), played=and_list(group.played),
                          better=group.better)
        else:
            heading = say(PATTERNS["mistake"], trick=group.tricks[0], played=group.played[0], better=group.better)
        shown = (*((card, "played_card") for card in group.played), (group.better, "better_card"))
        parts.append(_tagged_cards(shown) + _message(sentences((heading, group.why)), legal=False))
    return _picture("".join(parts), label)


def _tagged_cards(shown: Iterable[tuple[Card, str]]) -> str:
    """A row of cards, each with its tag underneath ("Played", "Better", "Passed")."""
    pair = "".join(f'<div class="hl-played">{_card(card)}<span class="hl-picture-tag">{escape(say(PATTERNS[tag]))}'
                   "</span></div>" for card, tag in shown)
    return f'<div class="hl-hand">{pair}</div>'


def recommendation_html(recommendation: Recommendation) -> str:
    """The coach's card (or three cards to pass) and the reason."""
    label = say(PATTERNS["recommended" if recommendation.card is not None else "recommended_pass"])
    cards = "".join(_card(card) for card in recommendation.choice)
    return _picture(_caption(label) + f'<div class="hl-hand">{cards}</div>'
                    + _message(recommendation.reason, legal=True), label)
