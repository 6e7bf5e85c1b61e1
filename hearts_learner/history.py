"""The learner's finished matches, kept in ``history.json`` so lesson 10 can replay any of them.

Design choices:

* The newest :data:`HISTORY_KEPT` finished matches are kept, each with its full
  ``hearts-record/1`` record (embedded as an object, so the file stays readable by people)
  and the figures a chooser shows (when, the totals, how many hands).
* A match's outcome is derived from its totals by the engine (:func:`hearts_core.match_outcome`
  under the match's own rules), never read back: the file writes it for people, so a history
  entry cannot disagree with the engine.
* A match is kept once per match id, however many pages finish it; adding reads, changes and
  writes the file under the folder's lock (:func:`hearts_learner.files.folder_lock`).
* An unreadable file raises :class:`~hearts_learner.files.CorruptFileError` and is never
  overwritten: the caller sets it aside (:mod:`hearts_learner.match_saves`).
* A label is said in the learner's language, months included (not the C library's locale:
  one page, one language, ours).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from hearts_core import InvalidRecordError, Match, Outcome, Rules, match_outcome
from hearts_core.wording import LEARNER_SEAT, and_list, marked, say, say_n, translate
from hearts_learner.files import CorruptFileError, atomic_write, folder_lock, read_json, short

__all__ = ["HISTORY_FORMAT", "HISTORY_KEPT", "FinishedMatch", "add_to_history", "read_history"]

HISTORY_FORMAT: Final = "hearts-lessons-history/1"
HISTORY_KEPT: Final = 50
"""How many finished matches the history keeps (the oldest go first)."""

_MONTHS: Final = (
    marked("Jan"), marked("Feb"), marked("Mar"), marked("Apr"), marked("May"), marked("Jun"), marked("Jul"),
    marked("Aug"), marked("Sep"), marked("Oct"), marked("Nov"), marked("Dec"),
)
"""Months as a history label abbreviates them (not the C library's locale: one page, one language, ours)."""


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A finished match as the history keeps it: when, how it went, and its full record."""

    match_id: str
    finished_at: str
    """Local time, ``YYYY-MM-DDTHH:MM:SS`` and the UTC offset."""
    totals: tuple[int, ...]
    """The four seats' final totals, seat 0 (the learner) first."""
    hands: int
    rules: Rules
    """The table rules the match was played under, as its record states them."""
    record: str
    """The match as ``hearts-record/1`` JSON text (what :meth:`hearts_core.Match.from_json` and the checker read)."""

    @property
    def outcome(self) -> Outcome:
        """How the match went for the learner: the engine's verdict on the totals under the match's rules.

        It is derived, never read back (the file writes it for people, as the statistics
        write their averages), so a history entry cannot disagree with the engine.
        """
        outcome = match_outcome(self.totals, LEARNER_SEAT, self.rules)
        assert outcome is not None, "from_dict refuses totals that end no match"
        return outcome

    @property
    def label(self) -> str:
        """A plain description for a chooser.

        For example "30 Nov 2026 at 23:40: you won with 64 points, against 101, 88 and 79, in 12 hands".
        """
        try:
            moment = time.strptime(self.finished_at[:19], "%Y-%m-%dT%H:%M:%S")
            # The day as people write it (1, not 01), in every language; the clock keeps its zeros.
            day, clock = str(moment.tm_mday), f"{moment.tm_hour:02d}:{moment.tm_min:02d}"
            when = say("{day} {month} {year} at {time}", day=day, month=translate(_MONTHS[moment.tm_mon - 1]),
                       year=moment.tm_year, time=clock)
        except ValueError:
            when = say("Unknown date")
        values = {"when": when, "points": self.totals[0], "others": and_list(self.totals[1:])}
        if self.outcome is Outcome.WON:
            return say_n("{when}: you won with {points} points, against {others}, in {count} hand",
                         "{when}: you won with {points} points, against {others}, in {count} hands", self.hands,
                         **values)
        if self.outcome is Outcome.DRAWN:
            return say_n("{when}: a draw at {points} points, against {others}, in {count} hand",
                         "{when}: a draw at {points} points, against {others}, in {count} hands", self.hands,
                         **values)
        return say_n("{when}: you lost with {points} points, against {others}, in {count} hand",
                     "{when}: you lost with {points} points, against {others}, in {count} hands", self.hands,
                     **values)

    def match(self) -> Match:
        """The match itself, read back through the engine."""
        return Match.from_json(self.record)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form kept in the history file (the record embedded as an object, and the outcome, for people)."""
        return {"match_id": self.match_id, "finished_at": self.finished_at, "outcome": self.outcome,
                "totals": list(self.totals), "hands": self.hands, "match": json.loads(self.record)}

    @classmethod
    def from_dict(cls, data: object) -> FinishedMatch:
        """Read one history entry; anything malformed raises :class:`CorruptFileError`."""
        if not isinstance(data, dict):
            raise CorruptFileError(f"a history entry must be an object, not {short(data)}")
        texts = {name: data.get(name) for name in ("match_id", "finished_at")}
        for name, value in texts.items():
            if not isinstance(value, str):
                raise CorruptFileError(f"history field {name!r} must be text, not {short(value)}")
        totals, hands = data.get("totals"), data.get("hands")
        if not isinstance(totals, list) or not all(isinstance(item, int) and not isinstance(item, bool)
                                                   for item in totals) or len(totals) != 4:
            raise CorruptFileError(f"history field 'totals' must be four whole numbers, not {short(totals)}")
        if not isinstance(hands, int) or isinstance(hands, bool) or hands < 1:
            raise CorruptFileError(f"history field 'hands' must be a positive whole number, not {short(hands)}")
        if not isinstance(data.get("match"), dict):
            raise CorruptFileError(f"history entry {texts['match_id']!r} has no match record")
        try:
            record = json.dumps(data["match"], ensure_ascii=False)
        except (RecursionError, ValueError):
            raise CorruptFileError(f"history entry {texts['match_id']!r} has a match nested too deeply") from None
        try:
            rules = Rules.from_dict(data["match"].get("rules", {}))
        except InvalidRecordError as problem:
            raise CorruptFileError(f"history entry {texts['match_id']!r} has unreadable rules: {problem}") from None
        if match_outcome(totals, LEARNER_SEAT, rules) is None:
            raise CorruptFileError(f"history entry {texts['match_id']!r} has totals {short(totals)}, "
                                   "which end no match under its rules")
        return cls(match_id=str(texts["match_id"]), finished_at=str(texts["finished_at"]), totals=tuple(totals),
                   hands=hands, rules=rules, record=record)


def read_history(path: Path) -> tuple[FinishedMatch, ...]:
    """The finished matches kept in ``path``, newest first; :class:`CorruptFileError` if the file is unreadable."""
    try:
        document = read_json(path)
    except FileNotFoundError:
        return ()
    if not isinstance(document, dict) or document.get("format") != HISTORY_FORMAT:
        raise CorruptFileError(f"{path.name} is not a {HISTORY_FORMAT} file")
    matches = document.get("matches")
    if not isinstance(matches, list):
        raise CorruptFileError(f"the matches in {path.name} are not a list: {short(matches)}")
    return tuple(FinishedMatch.from_dict(item) for item in reversed(matches))


def add_to_history(path: Path, match: Match, match_id: str = "") -> tuple[FinishedMatch, ...]:
    """Keep the finished ``match`` in ``path`` (once per ``match_id``); return the history, newest first.

    Only the newest :data:`HISTORY_KEPT` matches are kept.
    """
    if match.outcome(LEARNER_SEAT) is None:
        raise ValueError(f"only a finished match goes into the history, not {match!r}")
    entry = FinishedMatch(
        match_id=match_id,
        finished_at=time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        totals=match.totals,
        hands=len(match.history),
        rules=match.rules,
        record=match.to_json(),
    )
    with folder_lock(path.parent):
        kept = list(reversed(read_history(path)))  # oldest first, as written
        if match_id and any(item.match_id == match_id for item in kept):
            return tuple(reversed(kept))
        kept = [*kept, entry][-HISTORY_KEPT:]
        document = {"format": HISTORY_FORMAT, "matches": [item.to_dict() for item in kept]}
        atomic_write(path, json.dumps(document, ensure_ascii=False, indent=1))
    return tuple(reversed(kept))
