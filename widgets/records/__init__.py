"""The record viewer (lessons 8 and 10), in three parts, as the match page is.

* :mod:`widgets.records.flow`: the controller, plain Python: the record loaded, the trick
  on screen, the hunt's marks, and every decision (what loads, what is refused and why);
* :mod:`widgets.records.payloads`: the frames, captions and illegal actions the front end draws;
* :mod:`widgets.records.widget`: :class:`RecordViewer` and :class:`MistakeHunt`, the thin
  widgets that hand each command to the flow and copy its state into their traits.
"""

from __future__ import annotations

from widgets.records.flow import MAX_UPLOAD_BYTES, SAMPLE_NAMES, SAMPLES, HuntFlow, RecordFlow
from widgets.records.payloads import HUNT_CAPTION
from widgets.records.widget import MistakeHunt, RecordViewer

__all__ = ["HUNT_CAPTION", "MAX_UPLOAD_BYTES", "SAMPLES", "SAMPLE_NAMES", "HuntFlow", "MistakeHunt", "RecordFlow",
           "RecordViewer"]
