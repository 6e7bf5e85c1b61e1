"""Every widget's front end reads and listens only to traits its widget has.

A trait renamed in Python but not in the JavaScript fails silently in a browser (the
front end reads ``undefined`` and draws a blank); this test reads each file of each
widget's bundle and compares the trait names it mentions with the widget's synced traits.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections import defaultdict

import pytest

import widgets
from widgets._base import ESM_FILE_MARK, HeartsWidget

# model.get("x"), model.set("x", ...), "change:x" (model.on("change:x", ...) and friends)
_LITERAL = re.compile(r"""model\.(?:get|set)\(\s*["']([\w]+)["']|["']change:([\w]+)["']""")
# for (const name of ["a", "b"]) model.on("change:" + name, ...), or a named list of traits
# listened to the same way: const NAMES = ["a", "b"]; ... for (const name of NAMES) model.on("change:" + name
_LOOP = re.compile(
    r"""for\s*\(\s*const\s+(\w+)\s+of\s+(\[[^\]]*\]|\w+)\s*\)\s*\{?\s*model\.on\(\s*["']change:["']\s*\+\s*\1"""
)
_STRING = re.compile(r"""["'](\w+)["']""")


def traits_mentioned(source: str) -> set[str]:
    """The trait names ``source`` reads or listens to, as far as they are written literally."""
    names = {get or change for get, change in _LITERAL.findall(source)}
    for _, listed in _LOOP.findall(source):
        literal = listed
        if not listed.startswith("["):  # a named list: find its definition in the same source
            definition = re.search(rf"""const\s+{listed}\s*=\s*(\[[^\]]*\])""", source)
            assert definition is not None, f"the list {listed} is not defined in the same file"
            literal = definition.group(1)
        names |= set(_STRING.findall(literal))
    return names


def all_widgets() -> list[type[HeartsWidget]]:
    """Every HeartsWidget subclass in the widgets package."""
    for module in pkgutil.iter_modules(widgets.__path__):
        if module.name != "serving":  # server glue, no widgets
            importlib.import_module(f"widgets.{module.name}")
    found, queue = [], [HeartsWidget]
    while queue:
        for child in queue.pop().__subclasses__():
            # traitlets' add_traits (anywidget uses it on each instance) makes same-named
            # subclasses per instance, whose _esm is a trait: only the declared classes count.
            if isinstance(vars(child).get("_esm"), str):
                found.append(child)
            queue.append(child)
    return found


def bundled_files(widget: type[HeartsWidget]) -> dict[str, str]:
    """The bundle of ``widget`` split back into its files: name -> source."""
    esm = vars(widget)["_esm"]
    parts = esm.split(ESM_FILE_MARK)[1:]
    assert parts, f"{widget.__name__}'s front end was not built by bundle_esm"
    files = {}
    for part in parts:
        name, _, source = part.partition("\n")
        files[name] = source
    return files


def synced_traits(widget: type[HeartsWidget]) -> set[str]:
    return set(widget.class_trait_names(sync=True))


def test_the_parser_finds_every_way_a_trait_is_read() -> None:
    source = """
      model.get("title"); model.get('step'); model.on("change:error", show);
      const HL_TRAITS = ["one", "two"];
      for (const name of HL_TRAITS) model.on("change:" + name, schedule);
      for (const name of ["three", "four"]) model.on("change:" + name, draw);
      model.set("chosen", 1);
    """
    assert traits_mentioned(source) == {"title", "step", "error", "one", "two", "three", "four", "chosen"}


def test_every_widget_is_covered() -> None:
    names = {widget.__name__ for widget in all_widgets()}
    assert {"MatchWidget", "PassPicker", "Practice", "RecordViewer", "ScoreTable", "TrickScene",
            "CardExplainer", "LessonIndex", "PointsQuiz"} <= names


def test_each_front_end_file_listens_only_to_traits_its_widgets_have() -> None:
    # A file shared by several widgets (cards.js by all, lessons.js by two) may read any
    # trait of any widget that bundles it: it checks which one it is drawing.
    owners: dict[str, set[str]] = defaultdict(set)
    sources: dict[str, str] = {}
    for widget in all_widgets():
        for name, source in bundled_files(widget).items():
            sources[name] = source
            if name == "cards.js":
                owners[name] |= synced_traits(HeartsWidget)
            else:
                owners[name] |= synced_traits(widget)
    unknown = {name: sorted(traits_mentioned(source) - owners[name]) for name, source in sources.items()}
    assert not {name: traits for name, traits in unknown.items() if traits}
    assert "match/main.js" in sources and len([name for name in sources if name.startswith("match/")]) > 3


@pytest.mark.parametrize("widget", all_widgets(), ids=lambda widget: widget.__name__)
def test_every_widget_front_end_reads_some_of_its_traits(widget: type[HeartsWidget]) -> None:
    mentioned = set().union(*(traits_mentioned(source) for source in bundled_files(widget).values()))
    assert mentioned & (synced_traits(widget) - synced_traits(HeartsWidget))
