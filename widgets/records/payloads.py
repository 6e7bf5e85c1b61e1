"""What the record viewer's front end draws, built from a checked record.

Design choices:

* Functions of engine values only (a :class:`~hearts_core.CheckReport`, a
  :class:`~hearts_core.HandState`, an :class:`~hearts_core.IllegalAction`): they decide
  nothing and keep no state.  :mod:`widgets.records.flow` calls :func:`record_frames` once
  when a record loads and keeps the frames; the widget asks :func:`frame_on_screen` for the
  one it shows.
* A frame is the JSON object ``static/record_viewer.js`` reads: the hand and trick, the
  passing direction in words, the cards (who played each, ``you`` for the learner so the
  page never compares names, which card won, which was illegal), a caption, the points so
  far, what every seat held as the trick began, and its own step number.
* Every sentence is one whole pattern said through :func:`hearts_core.wording.say`, with a
  second pattern where the learner needs other grammar ("You take" / "CPU1 takes").
"""

from __future__ import annotations

from typing import Any, Final

from hearts_core import NUM_SEATS, Card, CheckReport, HandState, IllegalAction, format_cards, seat_name
from hearts_core.wording import LEARNER_SEAT, marked, points_phrase, say
from widgets._base import card_data
from widgets.glossary import rule_link, rule_words
from widgets.phrases import comma_list, nonempty_sentences

__all__ = ["HUNT_CAPTION", "frame_on_screen", "megabytes", "record_frames", "state_holder", "unreadable"]

HUNT_CAPTION = marked("Is every card in this trick allowed? If one breaks a rule, tap it.")
_PASSING: Final = {"left": marked("passing left"), "right": marked("passing right"),
                   "across": marked("passing across"), "hold": marked("no passing")}


def frame_on_screen(frame: dict[str, Any] | None, *, verdict_hidden: bool = False) -> dict[str, Any]:
    """The frame the page shows: ``{}`` for none; while a mistake is hunted, the question instead of the verdict."""
    if frame is None:
        return {}
    if verdict_hidden:
        return {**frame, "caption": say(HUNT_CAPTION), "cards": [{**card, "illegal": False} for card in frame["cards"]]}
    return frame


def megabytes(size: int) -> str:
    """A size in bytes as a learner reads it ("2.0 MB")."""
    # A plain variable, not an f-string inside say(...): the catalogue extractor skips those.
    shown = f"{size / 1_000_000:.1f}"
    return say("{size} MB", size=shown)


def record_frames(report: CheckReport) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every frame of a checked record (one per trick, one for a trick cut short) and its illegal actions."""
    frames: list[dict[str, Any]] = []
    problems: list[dict[str, Any]] = []
    by_hand = {problem.hand: problem for problem in report.problems}
    for number, state in enumerate(report.hands, start=1):
        for trick_number, trick in enumerate(state.tricks, start=1):
            cards = [_played(seat, card, winner=seat == trick.winner)
                     for seat, card in zip(trick.seats, trick.cards, strict=True)]
            caption = _taken(trick.winner, trick_number, trick.played_by(trick.winner), trick.points)
            if trick_number == len(state.tricks) and state.is_over:
                caption = nonempty_sentences(caption, _hand_over(state))
            frames.append(_frame(number, trick_number, cards, caption, state))
            frames[-1]["held"] = _held_before(state, trick_number - 1)
        problem = by_hand.get(number)
        if state.current_trick or problem is not None:
            frames.append(_open_trick(number, state, problem))
            frames[-1]["held"] = _held_before(state, len(state.tricks))
            if problem is not None:
                problems.append({"hand": problem.hand, "trick": problem.trick, "seat": seat_name(problem.seat),
                                 "card": str(problem.card), "reason": problem.verdict.reason.value,
                                 "rule": rule_words(problem.verdict.reason),
                                 "link": rule_link(problem.verdict.reason),
                                 "message": problem.verdict.message, "step": len(frames) - 1,
                                 "text": _problem_line(problem)})
    # Each frame names its own step: "step" and "frame" reach the page as two messages, and the
    # page, drawing from the frame alone, never says "step 2" under the first trick.
    for index, frame in enumerate(frames):
        frame["step"] = index
    return frames, problems


def _held_before(state: HandState, trick_index: int) -> list[dict[str, Any]]:
    """Each seat's cards as the trick ``trick_index`` (0 is the first) began, for a learner hunting mistakes."""
    later = [card for trick in state.tricks[trick_index:] for card in trick.cards]
    later += list(state.current_trick)
    held: list[dict[str, Any]] = []
    for seat in range(NUM_SEATS):
        cards = sorted({*state.hand(seat), *(card for card in later if state_holder(state, card) == seat)})
        held.append({"seat": seat_name(seat), "you": seat == LEARNER_SEAT, "cards": format_cards(cards)})
    return held


def state_holder(state: HandState, card: Card) -> int | None:
    """Who played ``card`` in this hand (a completed trick or the trick in progress), if anybody did."""
    for seat, played in state.plays:
        if played == card:
            return seat
    return None


def _open_trick(number: int, state: HandState, problem: IllegalAction | None) -> dict[str, Any]:
    leader = state.trick_leader if state.trick_leader is not None else 0
    cards = [_played((leader + offset) % NUM_SEATS, card) for offset, card in enumerate(state.current_trick)]
    if problem is None:
        caption = say("The record stops here, with {cards} on the table.", cards=format_cards(state.current_trick))
    else:
        cards.append(_played(problem.seat, problem.card, illegal=True))
        values = {"seat": seat_name(problem.seat), "card": problem.card, "rule": rule_words(problem.verdict.reason),
                  "told": _as_rule(problem)}
        caption = (say("Illegal: You played {card}, against the rule on {rule}. {told} The check of this hand stops "
                       "here.", **values) if problem.seat == LEARNER_SEAT else
                   say("Illegal: {seat} played {card}, against the rule on {rule}. {told} The check of this hand stops "
                       "here.", **values))
    return _frame(number, len(state.tricks) + 1, cards, caption, state)


def unreadable(text: str, problem: Exception) -> str:
    """Why a paste or file could not be checked, for a learner (the flow logs the technical detail)."""
    if not text.strip():
        return say("There is nothing to check yet: paste a match record into the box (or upload one), "
                   "then press “Check this record”.")
    if not text.lstrip().startswith("{"):
        # "{{" is the curly bracket itself: say() fills placeholders.
        return say("That text is not a match record. A record is the text the guided match saves, starting with "
                   "a curly bracket {{; copy all of it and paste it again.")
    if "format" in str(problem):
        return say("That record was written in a format this checker does not know, so it cannot be checked.")
    return say("That record could not be read: it may have been cut off or changed while copying. "
               "Copy the whole record again and paste it, or load the sample.")


def _played(seat: int, card: Card, *, winner: bool = False, illegal: bool = False) -> dict[str, Any]:
    """A card of a frame: who played it (``you`` for the learner, so the page never compares names)."""
    return {"seat": seat_name(seat), "you": seat == LEARNER_SEAT, "card": card_data(card), "illegal": illegal,
            "winner": winner}


def _problem_line(problem: IllegalAction) -> str:
    """An illegal action as the list under the table names it."""
    values = {"hand": problem.hand, "trick": problem.trick, "seat": seat_name(problem.seat), "card": problem.card,
              "rule": rule_words(problem.verdict.reason)}
    if problem.seat == LEARNER_SEAT:
        return say("Hand {hand}, trick {trick}: You played {card}, against the rule on {rule}", **values)
    return say("Hand {hand}, trick {trick}: {seat} played {card}, against the rule on {rule}", **values)


def _as_rule(problem: IllegalAction) -> str:
    # The engine's sentence is addressed to the player who tried the card.
    if problem.seat == LEARNER_SEAT:
        return say("What the rules told you: “{message}”", message=problem.verdict.message)
    return say("What the rules told {seat}: “{message}”", seat=seat_name(problem.seat), message=problem.verdict.message)


def _frame(number: int, trick: int, cards: list[dict[str, Any]], caption: str, state: HandState) -> dict[str, Any]:
    return {"hand": number, "trick": trick, "direction": say(_PASSING[state.pass_direction.value]), "cards": cards,
            "caption": caption, "points": list(state.points_taken)}


def _taken(seat: int, number: int, card: Card, points: int) -> str:
    """Who took a trick of the record, with which card, for how many points."""
    values = {"seat": seat_name(seat), "trick": number, "card": card, "points": points_phrase(points)}
    if seat == LEARNER_SEAT:
        return say("You take trick {trick} with {card}: {points}.", **values)
    return say("{seat} takes trick {trick} with {card}: {points}.", **values)


def _hand_over(state: HandState) -> str:
    scores = comma_list(say("{seat} {score}", seat=seat_name(seat), score=score)
                        for seat, score in enumerate(state.scores))
    if state.moon_shooter == LEARNER_SEAT:
        return say("You took every point card and shot the moon! Hand scores: {scores}.", scores=scores)
    if state.moon_shooter is not None:
        return say("{seat} took every point card and shot the moon! Hand scores: {scores}.",
                   seat=seat_name(state.moon_shooter), scores=scores)
    return say("Hand over. Scores: {scores}.", scores=scores)
