"""Hearts Lessons widgets: the interactive pieces the lessons are made of.

Each widget shows what :mod:`hearts_core` says; none decides a rule itself.
"""

from widgets.analysis_board import AnalysisBoard
from widgets.explainer import CardExplainer
from widgets.match import MatchWidget
from widgets.pass_picker import PassPicker
from widgets.points_quiz import PointsQuiz
from widgets.practice import Practice
from widgets.puzzle_board import PuzzleBoard
from widgets.record_viewer import RecordViewer
from widgets.score_table import ScoreQuiz, ScoreTable
from widgets.trick_scene import TrickScene

__all__ = [
    "AnalysisBoard",
    "CardExplainer",
    "MatchWidget",
    "PassPicker",
    "PointsQuiz",
    "Practice",
    "PuzzleBoard",
    "RecordViewer",
    "ScoreQuiz",
    "ScoreTable",
    "TrickScene",
]
