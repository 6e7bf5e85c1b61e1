"""The learner's state, kept on the learner's own disk: Hearts Lessons without Jupyter.

Everything here is about what a learner has done and keeps between visits; nothing here
shows it.  The widgets (``widgets``) call these modules and display what they return; the
imports run one way, :mod:`hearts_core` → :mod:`hearts_learner` → ``widgets``, and a test
(``tests/test_purity.py``) keeps every Jupyter library, and the widgets, out of this
package, as it does for the engine.  Besides the standard library and :mod:`hearts_core`
it uses ``platformdirs`` (where the data folder is) and ``fsrs`` (the review schedule),
both pure Python.

One module per concept (the way py-fsrs splits card, schedule and log):

* :mod:`~hearts_learner.files`: the data folder, atomic writes, the folder lock every
  store writes under, unreadable files set aside;
* :mod:`~hearts_learner.lesson_progress`: lessons completed, stars, the chosen language;
* :mod:`~hearts_learner.match_store`: the match in progress and the remembered settings;
  :mod:`~hearts_learner.statistics` and :mod:`~hearts_learner.history`: finished matches
  counted and kept; :mod:`~hearts_learner.match_saves`: a match page's policy over them
  (what the learner is told when the disk disagrees);
* the puzzles: :mod:`~hearts_learner.rating` (Glicko-2), :mod:`~hearts_learner.schedule`
  (FSRS), :mod:`~hearts_learner.puzzle_progress` (the progress value),
  :mod:`~hearts_learner.puzzle_file` (its file format), :mod:`~hearts_learner.puzzle_store`
  (the file on disk), :mod:`~hearts_learner.puzzle_choice` (what to solve next),
  :mod:`~hearts_learner.puzzle_words` (the sentences) and
  :mod:`~hearts_learner.puzzle_inputs` (what a page hands in, checked).

The package itself imports none of them: a lesson kernel pays only for the modules its
widgets use (``fsrs`` only on a puzzle or match page), as ``widgets`` imports its
widgets lazily.
"""
