"""What the puzzle board's front end draws, built from the flow's state.

Design choices:

* One function per trait (or per few traits drawn together), each a function of a
  :class:`~widgets.puzzles.flow.PuzzleFlow` or of the seat's view and nothing else: they
  decide no rule and keep no state.  The widget calls them after every action.
* The position is what the puzzle's seat sees (:meth:`hearts_core.puzzles.Puzzle.view`): its
  hand, the trick so far, hearts broken or not, whether ♠Q is out, the points each player
  has taken and the voids play has shown (:meth:`hearts_core.knowledge.Knowledge.voids`), and
  its own pass: which three cards it gave to whom, and which of them that player still holds
  (lesson 19's idea; a learner opening a puzzle did not make the pass, so the board says it).
  Legal cards are marked from the engine's ``legal_plays``; the front end dims what Python
  marks and never decides a rule.
* Seats are named as the puzzle's seat sees the table: itself "You", the next to play
  "CPU1" and so on, as the reasons name them (:mod:`hearts_core.coach`).
* A puzzle mined from a real hand is opened by a learner who did not see it played, so the
  board says what a counting player would know: the tricks so far in words and, per suit,
  the cards still out.
* Every sentence is a whole pattern of :data:`~widgets.puzzles.flow.PATTERNS` (or of
  :mod:`hearts_learner.puzzle_words` for the progress) said in the active language.
* The two figures a learner meets here are explained where they are first met, once: what a
  rating is (:data:`RATING_HELP`, folded under the learner's rating, above the puzzle's), and
  what "you should end the hand with about 7 points" is (:func:`widgets.phrases.points_help`,
  folded under a verdict that quotes it).  :data:`RATING_HELP` says what
  :mod:`hearts_learner.rating` does: one scale for puzzles and solvers, a puzzle rated from
  how the computer levels did on it (:func:`hearts_core.mining.rate`), the learner's moved
  by Glicko-2 on first tries only, by more for a surprise and while it is new, and an even
  chance of solving a puzzle rated as the learner is.
* "Show me" (:func:`showcase_payload`, :func:`show_button`) is drawn from the flow's
  :class:`~widgets.puzzles.flow.Shown`: per trick, both lines' four cards with who took the
  trick, the trick in one sentence, and at the trick where the lines part the sentence saying
  how, all worked out here from the engine's layout; the front end only pages through it.
  :func:`layout_payload` turns any :class:`~hearts_core.difference.Showcase` into that payload,
  so the match review's Show me (:mod:`widgets.match.review_payloads`) says the same words, and
  ``static/showcase.js`` draws it for both.  Where the lines never part trick by trick but a moon
  in one of them makes the end scores differ, "never costs you more" would be false of the end:
  the moon and both scores are said instead.
* A match puzzle (its view has ``match_totals``) shows the match score (:func:`match_totals`):
  each seat's total before the hand and with the points it has taken so far, and what that
  means.  "The match ends after this hand" is said only when some total already reaches the
  target counting this hand's points *and* at least two seats have taken points, since a moon
  (which only a seat holding every point so far can shoot) would rewrite the scores.  Its Show me
  says in its intro in how many of the deals drawn the better card ends the match better (the deal
  shown is one of them, :attr:`~hearts_core.difference.Showcase.turned`), each line's final totals
  and who wins the match (:func:`match_said`), and marks the
  first trick whose taker or points differ, naming who took it in each line: in a match the
  points an opponent takes matter as much as the seat's own.
* The verdict is the flow's message ``badge``, one short sentence ("Right: ♥J."), and the
  reason its ``text``: the front end announces the first and shows the second.
"""

from __future__ import annotations

from typing import Any

from hearts_core.cards import DECK, Card, Suit
from hearts_core.difference import Showcase, ShownLine, ShownTrick
from hearts_core.knowledge import Knowledge
from hearts_core.match_stakes import ends_the_match, running_totals
from hearts_core.phrasing import whole_number
from hearts_core.puzzles import THEMES
from hearts_core.rules import MATCH_TARGET, NUM_SEATS, TRICKS_PER_HAND
from hearts_core.scoring import Outcome, match_outcome, match_winners
from hearts_core.state import PassDirection, SeatView
from hearts_core.wording import and_list, marked, points_phrase, say, seat_name, suit_name
from hearts_learner.puzzle_progress import learner_start
from hearts_learner.puzzle_words import PATTERNS as PROGRESS_PATTERNS
from hearts_learner.puzzle_words import due_text, rating_text, streak_text, theme_text
from widgets._base import card_data, cards_data
from widgets.analysis.links import analysis_link
from widgets.phrases import points_help
from widgets.puzzles.flow import PATTERNS, SHOW_PATTERNS, PuzzleFlow
from widgets.seen_position import player_rows, spoken_trick, table_facts, trick_slots, which_trick

__all__ = [
    "LABELS",
    "RATING_HELP",
    "RATING_QUESTION",
    "accuracy",
    "board_link",
    "due",
    "end_said",
    "facts",
    "hand",
    "history",
    "history_title",
    "labels",
    "layout_payload",
    "lesson_text",
    "match_said",
    "match_totals",
    "message",
    "pass_fact",
    "players",
    "question",
    "rating",
    "show_button",
    "show_words",
    "showcase_payload",
    "still_out",
    "streak",
    "table",
    "table_words",
    "theme_choices",
    "title",
]

LABELS = ("any_theme", "theme_label", "day_button", "confirm", "next", "hand", "table", "players", "player",
          "points", "voids", "mistakes", "accuracy", "your_card", "out_heading")
"""The page's fixed words (buttons, headings): the keys of :data:`PATTERNS` the front end labels with."""


RATING_QUESTION = marked("What is a rating?")
RATING_HELP = marked(
    "A rating measures puzzle skill, on one scale for the puzzles and for you. A puzzle's rating comes from how "
    "computer players of known strength did on it: the higher, the harder. Yours starts at {start} and moves only "
    "on your first try at each puzzle: up when you solve it, down when you miss it, and further when the result "
    "is a surprise (solving a puzzle rated above you, missing one rated below) or while your rating is new. The "
    "number in brackets is how far your last answer moved it. When your rating equals a puzzle's, you should "
    "solve it about half the time.")
"""What :func:`rating` and :func:`title` quote, explained once, under the learner's rating."""


def labels() -> dict[str, str]:
    """The page's fixed words in the active language, by their :data:`PATTERNS` key, and what a rating is
    (``rating_question``, ``rating_help``)."""
    return {**{name: say(PATTERNS[name]) for name in LABELS}, "rating_question": say(RATING_QUESTION),
            "rating_help": say(RATING_HELP, start=whole_number(round(learner_start().rating)))}


def theme_choices(flow: PuzzleFlow) -> list[dict[str, str]]:
    """The picker's choices, "Any theme" first, then the catalogue's themes by their words: ``key`` and ``label``."""
    return [{"key": "", "label": say(PATTERNS["any_theme"])}] + [
        {"key": key, "label": say(THEMES[key])} for key in sorted(flow.theme_keys, key=lambda key: say(THEMES[key]))]


# ------------------------------------------------------------------ the position (drawn when a puzzle is shown)


def title(flow: PuzzleFlow) -> str:
    """Why this puzzle is here (new, the day's, a review, a repeat, a match's play, a worked one) and its rating."""
    return say(PATTERNS[flow.title_kind], rating=whole_number(flow.puzzle.rating))


def question(view: SeatView) -> str:
    """The question: lead this trick, or play to it."""
    return say(PATTERNS["question_follow" if view.current_trick else "question_lead"])


PASS_HELD = marked("You passed {cards} to {seat}, who still holds {held}.")
PASS_UNPLAYED = marked("You passed {cards} to {seat}, who has played none of them yet.")
PASS_PLAYED = marked("You passed {cards} to {seat}, who has played them all.")
PASS_NONE = marked("Nobody passed cards this hand (a hold hand).")
"""The seat's own pass, said under the position (:func:`pass_fact`)."""


def facts(view: SeatView) -> list[str]:
    """Which trick it is, hearts broken or not, where ♠Q is, and the seat's pass, as sentences."""
    return [which_trick(view), *table_facts(view), *pass_fact(view)]


def pass_fact(view: SeatView) -> list[str]:
    """The seat's pass: its three cards, their receiver (named as the seat sees the table) and which of them the
    receiver still holds, since a passed card stays in that hand until played; or that nobody passed."""
    if view.pass_direction is PassDirection.HOLD:
        return [say(PASS_NONE)]
    if view.passed is None:  # not yet passed: no puzzle is set before the pass, but say nothing false if one were
        return []
    receiver_seat = view.pass_direction.receiver(view.seat)
    receiver = seat_name((receiver_seat - view.seat) % NUM_SEATS)
    # The engine's knowledge of the hidden hands places each passed card with its receiver until played.
    known = Knowledge.from_view(view).known[receiver_seat]
    held = [card for card in view.passed if known & card.bit]
    if not held:
        return [say(PASS_PLAYED, cards=and_list(view.passed), seat=receiver)]
    if len(held) == len(view.passed):
        return [say(PASS_UNPLAYED, cards=and_list(view.passed), seat=receiver)]
    return [say(PASS_HELD, cards=and_list(view.passed), seat=receiver, held=and_list(held))]


def match_totals(view: SeatView) -> dict[str, Any]:
    """A match puzzle's score ({} for any other): ``heading``, ``columns`` (the table's three headings), ``rows``
    (per seat from this one on: ``seat``, ``before`` (its total before this hand), ``now`` (with the points it has
    taken this hand), ``you``) and ``said``, what it means in a sentence."""
    totals, now = view.match_totals, running_totals(view)
    if totals is None or now is None:
        return {}
    target = view.rules.target
    order = [(view.seat + offset) % NUM_SEATS for offset in range(NUM_SEATS)]
    reaching = [seat for seat in order if now[seat] >= target]
    # Whether this hand ends the match is the engine's to say (a moon could still rewrite the scores).
    if not ends_the_match(view):
        said = say(PATTERNS["match_rule"], target=target)
    elif len(reaching) > 1:
        said = say(PATTERNS["match_ends_many"], seats=and_list(seat_name(seat) for seat in reaching), target=target)
    elif reaching[0] == view.seat:
        said = say(PATTERNS["match_ends_you"], total=now[view.seat])
    else:
        said = say(PATTERNS["match_ends_seat"], seat=seat_name(reaching[0]), total=now[reaching[0]])
    return {"heading": say(PATTERNS["match_heading"]),
            "columns": [say(PATTERNS["player"]), say(PATTERNS["match_before"]), say(PATTERNS["match_now"])],
            "rows": [{"seat": seat_name(seat), "before": str(totals[seat]), "now": str(now[seat]),
                      "you": seat == view.seat} for seat in order],
            "said": said}


def players(flow: PuzzleFlow) -> list[dict[str, Any]]:
    """Each player from the puzzle's seat on, in play order: ``seat``, ``points`` taken, ``voids`` shown, ``you``."""
    return player_rows(flow.view, first=flow.puzzle.seat, you=flow.puzzle.seat)


def still_out(view: SeatView) -> list[str]:
    """Per suit, the cards neither in the seat's hand nor played yet: the ones a careful player counts."""
    gone = set(view.hand) | {card for _, card in view.plays}
    lines = []
    for suit in Suit:
        left = [card for card in DECK if card.suit is suit and card not in gone]
        named = suit_name(suit)
        name = named[:1].upper() + named[1:]  # heads a line: "Clubs: ..."
        lines.append(say(PATTERNS["out_suit"], suit=name, cards=" ".join(str(card) for card in left)) if left
                     else say(PATTERNS["out_none"], suit=name))
    return lines


def history(view: SeatView) -> list[str]:
    """The finished tricks in words, oldest first (a learner opening a puzzle did not see them played)."""
    return [say(PATTERNS["history_trick"], number=number, leader=seat_name(trick.leader),
                cards=" ".join(str(card) for card in trick.cards), seat=seat_name(trick.winner),
                card=trick.played_by(trick.winner), points=points_phrase(trick.points))
            for number, trick in enumerate(view.tricks, start=1)]


def history_title(view: SeatView) -> str:
    """The heading over :func:`history`, with the number of tricks played."""
    return say(PATTERNS["history_heading"], count=len(view.tricks))


def board_link(view: SeatView) -> dict[str, str]:
    """The position on the analysis board (``href``, ``text``), shown once the puzzle is answered."""
    return analysis_link(view, say(PATTERNS["analysis_link"]))


# ------------------------------------------------------------------ the hand, the table, the message


def hand(flow: PuzzleFlow) -> list[dict[str, Any]]:
    """The seat's hand with each card's ``legal`` mark; the confirmed card has left it for the table."""
    legal = set(flow.view.legal_plays())
    return [card for card in cards_data(flow.view.hand, legal=lambda card: card in legal)
            if flow.played is None or card["text"] != str(flow.played)]


def _trick(flow: PuzzleFlow) -> tuple[int, list[Card]]:
    """The trick's leader and its cards in play order, the learner's confirmed card last."""
    view = flow.view
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    return leader, [*view.current_trick, *([flow.played] if flow.played is not None else [])]


def table(flow: PuzzleFlow) -> list[dict[str, Any]]:
    """Each seat of the trick in play order up to the learner's: ``seat`` (a name), ``card`` (or none yet), ``you``."""
    leader, played = _trick(flow)
    return trick_slots(leader, played, len(flow.view.current_trick) + 1, you=flow.view.seat)


def table_words(flow: PuzzleFlow) -> str:
    """The trick so far for a screen reader, or that nobody has played to it yet."""
    leader, played = _trick(flow)
    return spoken_trick(leader, played, PATTERNS["nobody_led"])


def message(flow: PuzzleFlow) -> dict[str, Any]:
    """The message under the hand: ``kind`` ("prompt", "refused", "right", "wrong"), ``badge`` and ``text``.

    Once answered, ``badge`` is the verdict alone ("Right: ♥J.") and ``text`` the reason; ``points`` then
    holds what "you should end the hand with" means (``question``, ``answer``) when the reason quotes it.
    """
    said = flow.message
    answer = flow.answer
    return {"kind": said.kind, "badge": said.badge, "text": said.text,
            "points": points_help(answer.facts) if answer is not None and said.kind in ("right", "wrong") else {}}


# ------------------------------------------------------------------ the learner's progress


def rating(flow: PuzzleFlow) -> str:
    """The learner's rating; once this page's puzzle is answered, with its change or why it did not move.

    Before the answer a change would be an older answer's, so none is shown.
    """
    progress = flow.progress
    number = whole_number(progress.rating)
    if not flow.answered:
        return say(PROGRESS_PATTERNS["rating"], rating=number)
    if flow.entry.play:
        return say(PATTERNS["play_rating"], rating=number)
    if not flow.first_try:
        return say(PATTERNS["repeat_rating"], rating=number)
    return rating_text(progress)


def streak(flow: PuzzleFlow) -> str:
    """First-try solves in a row."""
    return streak_text(flow.progress)


def due(flow: PuzzleFlow) -> str:
    """How many of the reviews this board can show were due when the status was last worked out."""
    return due_text(flow.showable(flow.progress), flow.status_at)


def accuracy(flow: PuzzleFlow) -> list[str]:
    """First-try solves per theme, as sentences, or that nothing has been answered yet."""
    records = flow.progress.accuracy()
    return [theme_text(say(THEMES[key]), record) for key, record in records.items() if key in THEMES] \
        or [say(PATTERNS["accuracy_none"])]


def lesson_text(flow: PuzzleFlow) -> str:
    """In a lesson, its first-try solves against the goal ("" elsewhere)."""
    if flow.mode != "lesson":
        return ""
    solved = flow.goal_count
    return say(PATTERNS["lesson_done" if solved >= flow.goal else "lesson_goal"], count=solved, goal=flow.goal)



# ------------------------------------------------------------------ "Show me"


def show_button(flow: PuzzleFlow) -> dict[str, str]:
    """The "Show me" button once the puzzle is answered: its ``text`` and the ``name`` a screen reader says (which
    starts with the text); empty when there is nothing to show."""
    cards = flow.show_cards
    if cards is None:
        return {}
    return show_words(*cards)


def _trick_said(trick: ShownTrick) -> str:
    """The trick in the words of the tricks played so far (:func:`history`): its cards in play order, who took it."""
    return say(PATTERNS["history_trick"], number=trick.number, leader=seat_name(trick.leader),
               cards=" ".join(str(card) for card in trick.cards), seat=seat_name(trick.winner),
               card=trick.played_by(trick.winner), points=points_phrase(trick.points))


def _trick_drawn(trick: ShownTrick, seat: int, already: int) -> list[dict[str, Any]]:
    """The trick's cards in play order, each with its ``seat`` name, ``you``, ``took`` (the winner's card) and
    ``before`` (already on the table when the puzzle was asked)."""
    return [{"seat": seat_name(player), "you": player == seat, "took": player == trick.winner,
             "before": offset < already, "card": card_data(card)}
            for offset, card in enumerate(trick.cards) for player in [(trick.leader + offset) % NUM_SEATS]]


def _seat_points(line: ShownLine, seat: int, upto: int) -> int:
    return sum(trick.points for trick in line.tricks if trick.number <= upto and trick.winner == seat)


def _parting_said(layout: Showcase, first: int) -> list[str]:
    """The sentences marking the trick where the lines part, true of the deal shown.

    When they never part trick by trick, a moon can still make the end scores differ: the points
    the seat takes in tricks are then no measure of the end, so the moon is said, with the scores.
    """
    seat, best, other = layout.seat, layout.best, layout.other
    if layout.parting is None:
        if (best.moon is None and other.moon is None) or layout.difference == 0:
            return [say(SHOW_PATTERNS["never_parts"], other=other.card, best=best.card)]
        return [say(SHOW_PATTERNS["never_parts_moon"], other=other.card, best=best.card,
                    other_points=points_phrase(other.scores[seat]), best_points=points_phrase(best.scores[seat])),
                *(_moon_said(line, seat) for line in (other, best) if line.moon is not None)]
    trick = next(each for each in other.tricks if each.number == layout.parting)
    if layout.outcome_differs:
        # A match's deal parts at the first trick whose taker or points differ, whoever takes it.
        mine = next(each for each in best.tricks if each.number == layout.parting)
        return [say(SHOW_PATTERNS["parts_match"], other=other.card, start=first, seat=seat_name(trick.winner),
                    points=points_phrase(trick.points), best=best.card, seat_best=seat_name(mine.winner),
                    points_best=points_phrase(mine.points))]
    if layout.named:
        return [say(SHOW_PATTERNS["parts_named"], other=other.card, start=first, taker=trick.played_by(seat),
                    points=points_phrase(trick.points), best=best.card)]
    more = _seat_points(other, seat, layout.parting) - _seat_points(best, seat, layout.parting)
    return [say(SHOW_PATTERNS["parts_here"], other=other.card, points=points_phrase(more), best=best.card)]


def _moon_said(line: ShownLine, seat: int) -> str:
    """Who shoots the moon in ``line``, in a sentence."""
    if line.moon == seat:
        return say(SHOW_PATTERNS["moon_you"], card=line.card)
    return say(SHOW_PATTERNS["moon_seat"], card=line.card, seat=seat_name(line.moon if line.moon is not None else 0))


def end_said(card: Card, score: int) -> str:
    """The seat's hand score at the end of a shown line, in a sentence (none said as none, in every language)."""
    if score == 0:
        return say(SHOW_PATTERNS["end_none"], card=card)
    return say(SHOW_PATTERNS["end"], card=card, points=points_phrase(score))


def match_said(layout: Showcase, line: ShownLine) -> str:
    """The match totals after ``line`` and who wins the match, in a sentence ("" for a layout without totals)."""
    totals = layout.final_totals(line)
    if totals is None:
        return ""
    seat = layout.seat
    listed = say(SHOW_PATTERNS["totals"], **{name: value for player in range(NUM_SEATS) for name, value in (
        (f"seat{player}", seat_name(player)), (f"total{player}", totals[player]))})
    outcome = match_outcome(totals, seat)
    winners = match_winners(totals) or ()
    if outcome is None:
        return say(SHOW_PATTERNS["match_on"], card=line.card, totals=listed, target=MATCH_TARGET)
    if outcome is Outcome.WON:
        return say(SHOW_PATTERNS["match_won"], card=line.card, totals=listed)
    if outcome is Outcome.DRAWN:
        return say(SHOW_PATTERNS["match_drawn"], card=line.card, totals=listed,
                   seats=and_list(seat_name(winner) for winner in winners if winner != seat))
    if len(winners) == 1:
        return say(SHOW_PATTERNS["match_lost"], card=line.card, totals=listed, seat=seat_name(winners[0]))
    return say(SHOW_PATTERNS["match_lost_shared"], card=line.card, totals=listed,
               seats=and_list(seat_name(winner) for winner in winners))


def show_words(better: Card, other: Card, order: tuple[tuple[str, bool], ...]) -> dict[str, str]:
    """A "Show me" button's ``text`` and the ``name`` a screen reader says (which starts with the text), the cards
    named in the order they are shown."""
    first, second = (better, other) if order[0][1] else (other, better)
    return {"text": say(SHOW_PATTERNS["show_me"]), "name": say(SHOW_PATTERNS["show_me_name"], card=first, other=second)}


def layout_payload(layout: Showcase, order: tuple[tuple[str, bool], ...], already: int) -> dict[str, Any]:
    """What "Show me" shows of ``layout``, its lines in ``order`` (see :class:`~widgets.puzzles.flow.Shown`), the
    first trick's ``already`` cards marked as on the table when the question was asked.

    ``heading``, ``intro``; ``hands_heading`` and ``hands`` (the other players' cards in the deal, as
    lines); ``lines`` (per line shown: ``label``, ``end``, the seat's score at the end, and ``match``, the final
    match totals and who wins the match for a layout with totals, "" without); ``steps``, one
    per trick from this one to the last: ``heading``, ``parting`` (True at the trick where the lines
    part), ``marker`` (the sentence saying how, "" elsewhere) and ``lines`` (per line shown: ``cards``,
    see :func:`_trick_drawn`, and ``said``, the trick in a sentence); ``start``, the step to open on
    (the first), and ``labels`` (the buttons' words).  ``never`` holds the sentences saying the lines do
    not part in this deal trick by trick (and, if a moon makes the end differ, who shoots it), when they do not.
    The puzzle board's "Show me" and the match review's draw this one payload.
    """
    seat = layout.seat
    lines = [layout.best if better else layout.other for _, better in order]
    first = lines[0].tricks[0].number
    marker = " ".join(_parting_said(layout, first))
    steps = []
    for index, trick in enumerate(lines[0].tricks):
        number = trick.number
        steps.append({
            "heading": say(SHOW_PATTERNS["trick_of"], number=number, total=TRICKS_PER_HAND),
            "parting": number == layout.parting,
            "marker": marker if number == layout.parting else "",
            "lines": [{"cards": _trick_drawn(line.tricks[index], seat, already if index == 0 else 0),
                       "said": _trick_said(line.tricks[index])} for line in lines],
        })
    ordered = (layout.best.card, layout.other.card) if order[0][1] else (layout.other.card, layout.best.card)
    return {
        "heading": say(SHOW_PATTERNS["heading"], card=ordered[0], other=ordered[1]),
        "intro": say(SHOW_PATTERNS["intro_match"], deals=layout.deals, turned=layout.turned, best=layout.best.card,
                     other=layout.other.card) if layout.outcome_differs
                 else say(SHOW_PATTERNS["intro"], deals=layout.deals),
        "hands_heading": say(SHOW_PATTERNS["hands_heading"]),
        "hands": [say(SHOW_PATTERNS["hand_line"], seat=seat_name(player),
                      cards=" ".join(str(card) for card in layout.hands[player]))
                  for player in range(NUM_SEATS) if player != seat],
        "lines": [{"label": say(SHOW_PATTERNS[key], card=line.card),
                   "end": end_said(line.card, line.scores[seat]), "match": match_said(layout, line)}
                  for (key, _), line in zip(order, lines, strict=True)],
        "steps": steps,
        "start": 0,
        "never": marker if layout.parting is None else "",
        "labels": {"close": say(SHOW_PATTERNS["close"]), "back": say(SHOW_PATTERNS["back"]),
                   "forward": say(SHOW_PATTERNS["forward"]), "took": say(SHOW_PATTERNS["took"])},
    }


def showcase_payload(flow: PuzzleFlow) -> dict[str, Any]:
    """What "Show me" shows on the puzzle board (:func:`layout_payload` of the flow's :class:`Shown`), or ``{}``
    while it is closed."""
    shown = flow.shown
    if shown is None:
        return {}
    return layout_payload(shown.layout, shown.order, len(flow.view.current_trick))
