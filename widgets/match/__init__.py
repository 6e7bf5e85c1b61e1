"""The match page: a whole match to 100 against three computer players.

The page is in parts, a module each, read in this order:

- :mod:`~widgets.match.settings`, the learner's choices (speed, levels, options) and the
  values each may take;
- :mod:`~widgets.match.course` and :mod:`~widgets.match.flow`, the controller (no
  traitlets), in two halves: the course of the match (its state, the computers' cards, the
  save, the words each action ends with), and the flow built on it, which takes the
  learner's actions, opens or resumes a match, and shows the hint and the review;
- :mod:`~widgets.match.advice`, the coach's advice and the hand reviews the flow shows,
  cached per position and reviewed in the background;
- :mod:`~widgets.match.payloads`, typed builders of what the front end draws: the whole
  display, built from one module per panel (:mod:`~widgets.match.table_payloads`,
  :mod:`~widgets.match.coach_payloads`, :mod:`~widgets.match.score_payloads`,
  :mod:`~widgets.match.review_payloads`);
- :mod:`~widgets.match.widget`, the thin :class:`MatchWidget`: the traits, and the table of
  actions the front end may send.

The save and the statistics are the learner's (:mod:`hearts_learner.match_saves`); the front
end is split by panel in ``widgets/static/match/``.  This package re-exports the widget and
the names a caller reads beside it, so ``from widgets.match import MatchWidget`` is the
widget (``from widgets import MatchWidget`` stays the lessons' way in).  The widget is imported
when one of those names is first asked for (PEP 562 ``__getattr__``, as in :mod:`widgets`), not
with the package: ``from widgets.match import flow`` drives and tests the controller without
importing a widget library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from widgets._lazy import lazy_exports

if TYPE_CHECKING:  # what a type checker and a reader see; at run time __getattr__ imports them
    from widgets.match.widget import (
        FIRST_MATCH_SEED,
        HARD_TIME_BUDGET,
        NEWCOMER,
        OPPONENT_LEVELS,
        SETTINGS,
        SPEEDS,
        MatchWidget,
    )

__all__ = ["FIRST_MATCH_SEED", "HARD_TIME_BUDGET", "NEWCOMER", "OPPONENT_LEVELS", "SETTINGS", "SPEEDS", "MatchWidget"]


__getattr__, __dir__ = lazy_exports(__name__, dict.fromkeys(__all__, "widgets.match.widget"), __all__)
