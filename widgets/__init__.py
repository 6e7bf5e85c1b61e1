"""Hearts Lessons widgets: the interactive pieces the lessons are made of.

Each widget shows what :mod:`hearts_core` says; none decides a rule itself.
"""

from widgets.explainer import CardExplainer

__all__ = ["CardExplainer"]
