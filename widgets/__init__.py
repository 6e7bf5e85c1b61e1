"""Hearts Lessons widgets: the interactive pieces the lessons are made of.

Each widget shows what :mod:`hearts_core` says; none decides a rule itself.

Every public name below is importable from this package (``from widgets import
MatchWidget``), but its module is imported only when the name is first asked for
(PEP 562 ``__getattr__``).  Importing them all up front cost about 0.74 s, which every
lesson kernel paid before running its first cell although most lessons use one or two
widgets: ``from widgets.lessons import completes`` runs this file first, and now
imports only what the lesson uses.  That is the time a page waits when it gets a fresh
kernel instead of a preheated one, and what each refill of Voilà's preheated pool costs
the machine that is serving the pages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from widgets._lazy import lazy_exports

if TYPE_CHECKING:  # what a type checker and a reader see; at run time __getattr__ imports them
    from widgets.analysis.widget import AnalysisBoard
    from widgets.drill import Drill
    from widgets.exercises import LegalCardsQuiz, StopTheMoon, TrickPointsQuiz, WhoTakesQuiz
    from widgets.explainer import CardExplainer
    from widgets.lessons import LessonIndex, LessonPractice, completes
    from widgets.match.widget import MatchWidget
    from widgets.pass_picker import PassPicker
    from widgets.points_quiz import PointsQuiz
    from widgets.practice import Practice
    from widgets.puzzles.widget import PuzzleBoard
    from widgets.records.widget import MistakeHunt, RecordViewer
    from widgets.score_table import ScoreQuiz, ScoreTable
    from widgets.trick_scene import TrickScene

# Public name -> the module that defines it.
_HOMES = {
    "AnalysisBoard": "widgets.analysis.widget",
    "CardExplainer": "widgets.explainer",
    "completes": "widgets.lessons",
    "Drill": "widgets.drill",
    "LegalCardsQuiz": "widgets.exercises",
    "LessonIndex": "widgets.lessons",
    "LessonPractice": "widgets.lessons",
    "MatchWidget": "widgets.match.widget",
    "MistakeHunt": "widgets.records.widget",
    "PassPicker": "widgets.pass_picker",
    "PointsQuiz": "widgets.points_quiz",
    "Practice": "widgets.practice",
    "PuzzleBoard": "widgets.puzzles.widget",
    "RecordViewer": "widgets.records.widget",
    "ScoreQuiz": "widgets.score_table",
    "ScoreTable": "widgets.score_table",
    "StopTheMoon": "widgets.exercises",
    "TrickPointsQuiz": "widgets.exercises",
    "TrickScene": "widgets.trick_scene",
    "WhoTakesQuiz": "widgets.exercises",
}

__all__ = [
    "AnalysisBoard",
    "CardExplainer",
    "Drill",
    "LegalCardsQuiz",
    "LessonIndex",
    "LessonPractice",
    "MatchWidget",
    "MistakeHunt",
    "PassPicker",
    "PointsQuiz",
    "Practice",
    "PuzzleBoard",
    "RecordViewer",
    "ScoreQuiz",
    "ScoreTable",
    "StopTheMoon",
    "TrickPointsQuiz",
    "TrickScene",
    "WhoTakesQuiz",
    "completes",
]


__getattr__, __dir__ = lazy_exports(__name__, _HOMES, __all__)
