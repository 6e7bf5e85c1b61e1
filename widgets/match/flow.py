"""The match page's controller: the learner's actions, the opening and resume, the hint and the review.

Design choices:

* No traitlets here.  :class:`MatchFlow` holds the page's state (the match, a saved match
  on offer, a finished trick still on the table, the cards chosen, the message) and the
  widget (:mod:`widgets.match.widget`) copies it into traits after every action, through the
  payload builders of :mod:`widgets.match.payloads`.  So the flow can be driven, and
  tested, without a front end.
* The controller is in two halves along one seam: :class:`~widgets.match.course.MatchCourse`
  moves the match on (the computers' cards, the save, the screen, the words of each action's
  end), and :class:`MatchFlow`, built on it, is what the page asks of it: each public method
  is one action of the learner or the front end, checked and refused here before the match
  changes.  The settings and their values are :mod:`widgets.match.settings`.
* Two pages on one save (:mod:`hearts_learner.match_saves`): before each action the flow asks
  whether another page has written the save since this one did; if so it refuses, says
  so, and :meth:`MatchFlow.reload` carries on from the newer save.  Every match has an
  id (kept in the save, so every page playing it agrees) and the statistics count an id
  once.
* Habits are kept: the settings are remembered between matches (``settings.json``), and
  every finished match goes into the history (``history.json``) as well as the statistics.
* The flow decides only when the coach's advice and the review of a hand show; what they say
  is the engine's (:mod:`widgets.match.advice`).
* "Show me" in the review (:meth:`MatchFlow.show_mistake`) is the puzzle board's, on a
  mistake's own position (:func:`mistake_showcase`): replayed from the match's record and
  seeded from the position as the review's judge was, so the deal shown is one of the very
  deals the review's figures (and the parting its words name) came from.  A mistake made again
  is shown at its costliest play, the one whose cost and why its entry says.  Built only when
  pressed; closed with the review, and by opening another hand's review.
* A newcomer's first match is dealt from :data:`FIRST_MATCH_SEED`: every newcomer meets the
  same first hand (one the coach can teach from), so the page can show it before Python
  has run (its first view, ``tools/first_views.py``).  A newcomer is a learner with nothing
  saved that would change the opening: no match in progress, no finished match, no options
  chosen.  :attr:`MatchFlow.opens_as_newcomer` says whether the next opening would still be
  a newcomer's (the page keeps that where it can read it before the first paint).
* Building the flow never writes the save: Voilà may build the widget in a preheated
  kernel long before a learner arrives, while another page is still playing.  A saved,
  unfinished match with progress is offered instead ("Resume match" / "New match").
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from hearts_core import CARDS_IN_PASS, Card, IllegalMove, InvalidCardError, Match, PassDirection, Rules, seat_name
from hearts_core.cards import to_card
from hearts_core.coach import position_seed
from hearts_core.difference import PLAY_OUT_DEALS, Showcase, showcase
from hearts_core.parting_facts import PartsAt
from hearts_core.records import view_before_play
from hearts_core.review import Mistake, PassMistake, group_mistakes, play_index, unchecked_words
from hearts_core.rules import TieRule
from hearts_core.state import HandState
from hearts_core.wording import LEARNER_SEAT, about_points, and_list, marked, say, say_n
from hearts_learner.match_saves import MatchSaves
from hearts_learner.match_store import SavedMatch
from widgets.match.course import MatchCourse, News, Pending, Screen, Tone, saved_place
from widgets.match.settings import COMPUTERS, HARD_TIME_BUDGET, OPPONENT_LEVELS, SETTINGS, SPEEDS, TIE_RULES, Settings
from widgets.phrases import nonempty_sentences
from widgets.puzzles.flow import SHOW_PATTERNS, Shown

# The settings' names are here too: a caller reads the controller's vocabulary from this one module.
__all__ = [
    "COMPUTERS",
    "FIRST_MATCH_SEED",
    "HARD_TIME_BUDGET",
    "OPPONENT_LEVELS",
    "REVIEW_ORDER",
    "SETTINGS",
    "SPEEDS",
    "TIE_RULES",
    "MatchFlow",
    "Pending",
    "ReviewShown",
    "Screen",
    "Settings",
    "Tone",
    "mistake_showcase",
    "new_seed",
]

log = logging.getLogger("hearts_lessons.widgets.match")

FIRST_MATCH_SEED: Final = 14
"""The deal of a newcomer's first match.  Its hand holds ♠Q with only two spades below it, and the
coach's advice says why to pass it: the first thing lesson 12 teaches about passing."""


REVIEW_ORDER: Final = (("yours", False), ("better", True))
"""A reviewed mistake's "Show me": the learner's card first, then the better one, labelled as after a wrong answer."""


@dataclass(frozen=True, slots=True)
class ReviewShown:
    """What "Show me" lays out in a review: which hand and which of its mistakes, and the deal."""

    hand: int
    mistake: int
    """The mistake's place among the hand's costly mistakes (from 0, the pass not counted)."""
    shown: Shown


def mistake_showcase(hand: HandState, mistake: Mistake) -> Showcase:
    """One deal of the review's own play-outs for ``mistake``: its position replayed from ``hand``, the card played
    and the better card laid out whole (:func:`hearts_core.difference.showcase`).

    The review judged each position seeded from it (:func:`hearts_core.coach.position_seed`), so the deals drawn here
    are the ones its figures and its parting came from; when its words name where the cards part
    (:class:`~hearts_core.parting_facts.PartsAt`), the deal shown is one that parts there.

    Raises:
        InvalidPositionError: the learner did not play the mistake's card where it says in ``hand``.
    """
    view = view_before_play(hand, play_index(hand, LEARNER_SEAT, mistake))
    named = next((fact.parting for fact in mistake.facts
                  if isinstance(fact, PartsAt) and (fact.parting.best, fact.parting.runner) == (mistake.better,
                                                                                                mistake.played)),
                 None)
    seed = position_seed(view)
    if named is not None:
        try:
            return showcase(view, mistake.better, mistake.played, deals=named.deals, seed=seed, named=named)
        except ValueError:
            # A review asked for a second opinion found its parting in other deals: show the median one.
            log.info("the parting of %s and %s is not in the position's own deals", mistake.better, mistake.played)
    return showcase(view, mistake.better, mistake.played, deals=PLAY_OUT_DEALS, seed=seed)


def new_seed() -> int:
    """A fresh match seed, small enough to read out and type back in."""
    return secrets.randbelow(1_000_000)


SELECTED: Final = marked("{card} selected: press Play (or Enter) to play it, or tap it again (or press Escape) to "
                         "put it back.")
"""What the learner hears on choosing a card to play."""


def has_progress(match: Match) -> bool:
    """Whether the learner has done anything in ``match``; an untouched deal is not worth offering."""
    return match.hand_number > 1 or bool(match.hand.plays) or match.hand.passed(LEARNER_SEAT) is not None


class MatchFlow(MatchCourse):
    """A match against CPU1..CPU3 as one page plays it: actions in, state and a sentence out.

    Every action returns the sentence it leaves in :attr:`message`.  :attr:`step` goes up
    each time the display must be redrawn.
    """

    def __init__(self, saves: MatchSaves, settings: Settings, *, seed: int | None = None,
                 rules: Rules | None = None,
                 restore_settings: Callable[[dict[str, Any]], Settings] | None = None,
                 settings_chosen: bool = False) -> None:
        """``restore_settings`` turns settings read from a save into the settings to play with
        (the widget validates them as traits); by default saved settings are ignored.
        ``settings_chosen`` says the learner has options remembered from an earlier match (the
        widget has read them to start from): no newcomer then."""
        super().__init__(saves, settings)
        self._restore_settings = restore_settings or (lambda _saved: self.settings)
        self._seed = seed
        self._rules = rules
        self._newcomer_deal = False  # this page opened a newcomer's first match
        self.review_shown: ReviewShown | None = None
        """What "Show me" lays out in the open review, while it is open (built only when asked for)."""
        # Read once, by the widget: on the static site every file read is a round trip to the browser's storage.
        self._settings_chosen = settings_chosen

    # ------------------------------------------------------------------ opening

    def open(self, match: Match | None = None) -> str:
        """Start with ``match`` (it replaces any save), or offer the saved match, or start a new one."""
        with self.building():
            if match is not None:
                self.saves.adopt_current()  # a match handed in replaces whatever is saved
                return self._start(match, say("Let's play."))
            return self._open_saved_or_new()

    def _open_saved_or_new(self) -> str:
        self.statistics = self.saves.read_statistics()
        self.history = self.saves.read_history()
        saved = self.saves.read_save()
        if saved is not None and not saved.match.is_over and has_progress(saved.match):
            self.match = None
            self.offered = saved
            self._newcomer_deal = False
            self.message = say("You have a match in progress. Resume it, or start a new one?")
            self._redraw()
        elif self.match is None or self.offered is not None:
            newcomer = self._seed is None and self._rules is None and self.opens_as_newcomer
            seed = self._seed if self._seed is not None else FIRST_MATCH_SEED if newcomer else new_seed()
            self._start(Match.new(seed, self._rules or self._new_rules()), say("A new match begins."))
            self._newcomer_deal = newcomer
        return self.message

    @property
    def opens_as_newcomer(self) -> bool:
        """Whether the learner's next opening of the page would be a newcomer's first match, as things stand.

        Nothing that would change the opening may be saved: a match in progress (offered on
        opening), a finished match (statistics and history), options chosen, or a problem to report.
        """
        match = self.match
        in_progress = self.offered is not None or (match is not None and not match.is_over and has_progress(match))
        return not (in_progress or self.statistics.played or self.history or self._settings_chosen or self.notice)

    @property
    def shows_newcomer_opening(self) -> bool:
        """The page shows a newcomer's first match as it opened, before the learner has done anything."""
        return self._newcomer_deal and not self.acted

    def page_opened(self) -> str:
        """The page was opened: pick up what was saved since it was built, unless the learner acted here."""
        if not self.acted:
            with self.building():
                self._open_saved_or_new()
        return self.message

    def _new_rules(self, base: Rules | None = None) -> Rules:
        """The rules of a new match: ``base`` (or the table rules) with the learner's tie rule."""
        rules = base or Rules()
        tie_rule: TieRule = "play_on" if self.settings.tie_rule == "play_on" else "share"
        return rules if rules.tie_rule == tie_rule else replace(rules, tie_rule=tie_rule)

    def change_settings(self, settings: Settings) -> None:
        """The learner changed an option: remember it for next time, save it with the match and redraw."""
        self.settings = settings
        self.saves.remember_settings(settings.to_dict())
        self._settings_chosen = True
        if self.match is None:
            return
        self._save()
        self._redraw()

    # ------------------------------------------------------------ learner's actions

    def choose(self, card: Card | str) -> str:
        """The learner taps ``card``: toggle it while passing; select (or play) it on their turn."""
        match = self.match
        if match is None:
            return self.refuse(say("Choose Resume match or New match first."))
        if (stale := self._stale()) is not None:
            return stale
        try:
            chosen = to_card(card)
        except InvalidCardError as problem:
            return self.refuse(str(problem))
        screen = self.screen
        if screen is Screen.PASSING:
            return self.toggle_pass(chosen)
        if screen is not Screen.PLAYING:
            return self.refuse(self._wrong_screen())
        if self.shown is not None and self.settings.confirm_tricks:
            return self.refuse(say("The finished trick is still on the table: press Next trick first."))
        verdict = match.explain(chosen, seat=LEARNER_SEAT)
        if not verdict.legal:
            return self.refuse(verdict.message, chosen, verdict.reason)
        if self.settings.one_tap:
            self.selected = [str(chosen)]
            return self.play_selected()
        if self.selected == [str(chosen)]:  # a second tap puts it back: playing takes the Play button
            return self.deselect()
        self.selected = [str(chosen)]
        return self._say(say(SELECTED, card=chosen))

    def deselect(self) -> str:
        """Put the selected card back in the hand without playing it (a second tap, or Escape)."""
        if self.screen is not Screen.PLAYING or not self.selected:
            return self.message
        card = self.selected[0]
        self.selected = []
        return self._say(say("{card} put back: nothing was played.", card=card))

    def play_selected(self) -> str:
        """Play the selected card (the "Play" button)."""
        match = self.match
        if match is None or self.screen is not Screen.PLAYING:
            return self.refuse(self._wrong_screen())
        if self.shown is not None and self.settings.confirm_tricks:
            return self.refuse(say("The finished trick is still on the table: press Next trick first."))
        if not self.selected:
            return self.refuse(say("Choose a card first: tap it, then press Play."))
        if (stale := self._stale()) is not None:
            return stale
        verdict = match.explain(self.selected[0], seat=LEARNER_SEAT)
        if not verdict.legal:
            return self.refuse(verdict.message, verdict.card, verdict.reason)
        self._news = News()
        self.shown = None  # playing on moves past a finished trick still on show
        self._play(verdict.card or to_card(self.selected[0]), LEARNER_SEAT)
        return self._finish()

    def toggle_pass(self, card: Card | str) -> str:
        """Add ``card`` to the cards to pass, or take it back out."""
        match = self.match
        if match is None or self.screen is not Screen.PASSING:
            return self.refuse(say("There is nothing to pass now."))
        try:
            chosen = to_card(card)
        except InvalidCardError as problem:
            return self.refuse(str(problem))
        if chosen not in match.hand.hand(LEARNER_SEAT):
            return self.refuse(say("You do not hold {card}.", card=chosen), chosen)
        text = str(chosen)
        if text in self.selected:
            self.selected = [item for item in self.selected if item != text]
        elif len(self.selected) >= CARDS_IN_PASS:
            return self.refuse(say("You have chosen {count} cards already: tap one of them to put it back.",
                                   count=CARDS_IN_PASS))
        else:
            self.selected = [*self.selected, text]
        return self._say(self._pass_progress())

    @property
    def can_pass(self) -> bool:
        """Whether "Pass 3 cards" would pass now."""
        return self.screen is Screen.PASSING and len(self.selected) == CARDS_IN_PASS

    @property
    def can_play(self) -> bool:
        """Whether "Play" would play now (a card is selected on the learner's turn)."""
        return self.screen is Screen.PLAYING and self.pending is Pending.LEARNER and len(self.selected) == 1

    def confirm_pass(self) -> str:
        """Pass the chosen cards (the "Pass 3 cards" button); the computers pass too."""
        match = self.match
        if match is None or self.screen is not Screen.PASSING:
            return self.refuse(say("There is nothing to pass now."))
        if len(self.selected) != CARDS_IN_PASS:
            return self.refuse(self._pass_progress())
        if (stale := self._stale()) is not None:
            return stale
        try:
            match.pass_cards(LEARNER_SEAT, self.selected)
        except IllegalMove as refusal:
            return self.refuse(refusal.verdict.message, None, refusal.verdict.reason)
        for seat in COMPUTERS:
            match.pass_cards(seat, self._bot(seat, "pass").choose_pass(match.view(seat)))
        view = match.view(LEARNER_SEAT)
        direction = match.hand.pass_direction
        self.selected = []
        self._news = News()
        self._news.say(say(
            "You passed {passed} to {receiver} and received {received} from {giver}; they are outlined in gold.",
            passed=and_list(view.passed or ()), receiver=seat_name(direction.receiver(LEARNER_SEAT)),
            received=and_list(view.received or ()), giver=seat_name(direction.passer(LEARNER_SEAT))))
        return self._finish()

    def advance(self, step: int | None = None) -> str:
        """Let the computers move on: one card (or the whole way at speed "instant").

        A call for an older ``step``, or when nothing is waiting on the computers, does nothing.
        """
        if self.match is None or (step is not None and step != self.step) or self.pending is not Pending.ADVANCE:
            return self.message
        if (stale := self._stale()) is not None:
            return stale
        self._news = News()
        self._run(until_learner=self.settings.speed == "instant")
        return self._finish()

    def next_trick(self) -> str:
        """Clear the finished trick from the table and go on (with ``confirm_tricks``)."""
        if self.match is None or self.shown is None:
            return self.refuse(say("There is no finished trick waiting."))
        if (stale := self._stale()) is not None:
            return stale
        self._news = News()
        self.shown = None
        return self._finish()

    def next_hand(self) -> str:
        """Deal the next hand after the score screen."""
        match = self.match
        if match is None or self.screen is not Screen.HAND_OVER:
            return self.refuse(self._wrong_screen())
        if (stale := self._stale()) is not None:
            return stale
        match.next_hand()
        self.selected = []
        self.reviewing = None
        direction = match.hand.pass_direction
        if direction is PassDirection.HOLD:
            opening = say("Hand {hand}: no passing this time.", hand=match.hand_number)
        else:
            values = {"hand": match.hand_number, "count": CARDS_IN_PASS,
                      "seat": seat_name(direction.receiver(LEARNER_SEAT))}
            if direction is PassDirection.LEFT:
                opening = say("Hand {hand}: choose {count} cards to pass left, to {seat}.", **values)
            elif direction is PassDirection.RIGHT:
                opening = say("Hand {hand}: choose {count} cards to pass right, to {seat}.", **values)
            else:
                opening = say("Hand {hand}: choose {count} cards to pass across, to {seat}.", **values)
        self._news = News()
        self._news.say(opening)
        return self._finish()

    def new_match(self, seed: int | None = None) -> str:
        """Start a new match with a new seed (or ``seed``), keeping the settings."""
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            return self.refuse(say("A match seed is a whole number, not {seed}.", seed=repr(seed)))
        if (stale := self._stale()) is not None:
            return stale
        rules = self._new_rules(self.match.rules if self.match is not None else self._rules)
        return self._start(Match.new(seed if seed is not None else new_seed(), rules), say("A new match begins."))

    def replay(self) -> str:
        """Start this match again from its first deal (same seed; the computers may choose differently)."""
        if self.match is None:
            return self.refuse(say("There is no match to replay yet."))
        if (stale := self._stale()) is not None:
            return stale
        return self._start(Match.new(self.match.seed, self.match.rules), say("The same deals again, from hand 1."))

    def resume(self) -> str:
        """Continue the saved match that was offered on opening, with its settings."""
        if self.offered is None:
            return self.refuse(say("There is no saved match to resume."))
        if (stale := self._stale()) is not None:
            return stale
        saved, self.offered = self.offered, None
        # A finished hand's screen says "Hand 1 is over." itself: the welcome does not say it first.
        welcome = (say("Welcome back.") if saved.match.hand.is_over
                   else say("Welcome back: {place}.", place=saved_place(saved)))
        return self._continue(saved, welcome)

    def reload(self) -> str:
        """Re-read the save (another page has continued the match) and carry on from where it is now."""
        saved = self.saves.read_save()
        if saved is None:
            rules = self._new_rules(self.match.rules if self.match is not None else self._rules)
            return self._start(Match.new(new_seed(), rules),
                               say("There was no saved match to reload: a new match begins."))
        self.offered = None
        return self._continue(saved, say("Reloaded the saved match: {place}.", place=saved_place(saved)))

    def _continue(self, saved: SavedMatch, opening: str) -> str:
        """Play on from a save, with its settings and the same match id."""
        self.settings = self._restore_settings(saved.settings)
        hand = saved.match.hand
        # A finished trick that was waiting on the table when the learner left waits again.
        waiting = saved.display.get("trick_on_table") and hand.tricks and not hand.current_trick
        shown = hand.tricks[-1] if waiting else None
        self._as_saved = self._position(saved.match, shown is not None)
        return self._start(saved.match, opening, shown=shown, match_id=saved.match_id)

    def hint(self) -> str:
        """Show the coach's advice once (or, while passing, what a sound player would pass)."""
        match = self.match
        if match is None:
            return self.refuse(say("Choose Resume match or New match first."))
        advice = self.recommendation(force=True)
        if advice is None:
            return self.refuse(say("Hints are for your turn to play."))
        if self.screen is Screen.PASSING:
            return self._say(say("Hint: pass {cards}. {reason}", cards=and_list(advice.cards), reason=advice.reason),
                             Tone.HINT)
        return self._say(say("Hint: play {card}. {reason}", card=advice.card, reason=advice.reason), Tone.HINT)

    # ------------------------------------------------------------------ review

    def review(self) -> str:
        """Open the review of the hand just finished: the learner's plays, each costly one with a better card."""
        match = self.match
        if match is None or self.screen not in (Screen.HAND_OVER, Screen.MATCH_OVER):
            return self.refuse(say("A hand can be reviewed once it is over."))
        items = self.review_of(match.hand_number)
        self.reviewing = match.hand_number
        self.review_shown = None
        self._redraw()
        if items is None:
            return self._say(say("This hand could not be reviewed, sorry."))
        passing = self.pass_of(match.hand_number)
        left_out = unchecked_words(self.unchecked_of(match.hand_number))
        if not items and passing is None:
            return self._say(nonempty_sentences(
                say("Hand {hand}: the review found no costly mistake in your choices.", hand=match.hand_number),
                left_out))
        groups = group_mistakes(items)  # a repeated mistake is one, its cost counted once
        # A costly pass is an entry of its own, its cost counted once like a play's.
        count = len(groups) + (passing is not None)
        lost = about_points(sum(group.cost for group in groups) + (passing.cost if passing is not None else 0.0))
        return self._say(nonempty_sentences(
            say_n("Hand {hand}: {count} costly mistake, expected to cost you {lost}.",
                  "Hand {hand}: {count} costly mistakes, expected to cost you {lost} together.",
                  count, hand=match.hand_number, lost=lost), left_out))

    def close_review(self) -> str:
        """Back from the review to the score screen."""
        if self.reviewing is None:
            return self.message
        self.reviewing = None
        self.review_shown = None
        self._redraw()
        return self._say(say("Back to the scores."))

    def show_mistake(self, mistake: int) -> str:
        """"Show me" for costly mistake ``mistake`` (from 0, in the review's order, the pass not counted) of the open
        review: one deal of the review's own play-outs laid out for the learner's card and the better one."""
        match = self.match
        number = self.reviewing
        items = self.review_of(number) if match is not None and number is not None else None
        groups = group_mistakes(items or ())
        if match is None or number is None or not 0 <= mistake < len(groups):
            return self.refuse(say("There is no such costly play to show in this review."))
        costliest = groups[mistake].costliest
        layout = mistake_showcase(match.hands[number - 1], costliest)
        self.review_shown = ReviewShown(number, mistake, Shown(layout, REVIEW_ORDER))
        self._redraw()
        # Nothing new is said: focus moves to the panel's heading, which a screen reader reads out.
        return say(SHOW_PATTERNS["heading"], card=costliest.played, other=costliest.better)

    def hide_showcase(self) -> str:
        """Close what "Show me" shows in the review."""
        if self.review_shown is None:
            return self.message
        self.review_shown = None
        self._redraw()
        return self.message

    def review_of(self, hand_number: int) -> tuple[Mistake, ...] | None:
        """The learner's costly plays in finished hand ``hand_number`` (``None`` if the review failed)."""
        assert self.match is not None
        return self.advice.mistakes(self.match_id, self.match, hand_number)

    def pass_of(self, hand_number: int) -> PassMistake | None:
        """The learner's pass in finished hand ``hand_number``, if its review found it costly."""
        assert self.match is not None
        self.review_of(hand_number)  # the pass is known once the hand's review is done
        return self.advice.costly_pass(self.match_id, hand_number)

    def unchecked_of(self, hand_number: int) -> int:
        """How many of the learner's plays in finished hand ``hand_number`` its review left out unchecked."""
        assert self.match is not None
        self.review_of(hand_number)  # known once the hand's review is done
        return self.advice.unchecked(self.match_id, hand_number)

    def kept_of(self, hand_number: int) -> int:
        """How many of those costly plays now wait as puzzles for the learner (0 if none could be kept)."""
        return self.advice.kept(self.match_id, hand_number)

    def dismiss_notice(self) -> str:
        """Hide the storage notice (not the one asking to reload: that one stays until the page reloads)."""
        if not self.saves.stale:
            self.saves.notice = ""
        return self.message
