"""OpenSpiel as the outside referee: its IS-MCTS judges positions the exact endgame judge cannot reach.

The engine proposes (the hard player's search mines the puzzles and finds the review's costly
plays); a verdict a learner reads must also be confirmed by an engine that shares none of its
play-out habits.  In the last tricks that is the engine's own exact judge
(:mod:`hearts_core.independent_judge`, standard library, so it runs in the browser too).
Earlier, it is OpenSpiel's IS-MCTS, here: the judge the shipped puzzles passed when they were
mined (``tools/mine_puzzles.py`` through ``tools/judge_puzzles.py``), and the one the match
review asks before it calls a play costly (:func:`hearts_referee.ismcts.confirms_costly`).

A package of its own because OpenSpiel is a compiled library: the engine stays standard library
only (it runs under Pyodide, where OpenSpiel does not), and this package is imported only where
OpenSpiel is installed (:func:`available`).  It sits between the engine and the widgets: it
imports the engine, the widgets import it, and nothing in the engine knows it.
"""

from __future__ import annotations

from importlib.util import find_spec

__all__ = ["available"]


def available() -> bool:
    """True when OpenSpiel (``pyspiel``) can be imported here: a Jupyter kernel, not the static site's Pyodide."""
    try:
        return find_spec("pyspiel") is not None
    except (ImportError, ValueError):
        return False
