"""The translation machinery (issue #25): catalogues, generated notebooks, the active language.

* Completeness: every message of every catalogue translated and none fuzzy; the report
  names each catalogue's untranslated and fuzzy counts and its first missing messages.
* Consistency, which holds at every stage: Babel's own checkers (plural forms, ``%``
  formats), the same named placeholders in a translation as in its English pattern, and in
  the notebooks' catalogue the same link targets, HTML tags, table cells and cards.
* Generated files up to date with their sources (``./dev translations --check``): the
  templates, the catalogues, the compiled ``.mo`` files and the translated notebooks.
* The language a process speaks: from ``HEARTS_LANG``, else the page's folder, settled at
  the first word and again as each widget is built (the static site's snapshot case).
"""

from __future__ import annotations

import gettext
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from hearts_core import wording

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


translations = _tool("translations")

CATALOGUES = [
    *(translations.lessons_po_path(code) for code in translations.TRANSLATED),
    *(translations.hearts_po_path(code) for code in translations.TRANSLATED),
]


def _catalogue(path: Path) -> Catalog:
    with path.open("rb") as stream:
        return read_po(stream, locale=path.parts[-3], domain=path.stem)


def _messages(catalogue: Catalog) -> Iterator[Message]:
    return (message for message in catalogue if message.id)


def _forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string or ""]


def _ids(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    wording.set_language("en")


# -- completeness and consistency ----------------------------------------------------------

@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_message_is_translated(path: Path) -> None:
    catalogue = _catalogue(path)
    messages = list(_messages(catalogue))
    untranslated = [message for message in messages if not all(_forms(message))]
    fuzzy = [message for message in messages if message.fuzzy and all(_forms(message))]
    shown = "; ".join(repr(_ids(message)[0][:60]) for message in [*untranslated, *fuzzy][:5])
    assert not untranslated and not fuzzy, (
        f"{path.relative_to(ROOT)}: {len(untranslated)} of {len(messages)} messages untranslated, "
        f"{len(fuzzy)} fuzzy; first: {shown}")


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda path: str(path.relative_to(ROOT)))
def test_translations_pass_babels_checkers_and_keep_their_placeholders(path: Path) -> None:
    catalogue = _catalogue(path)
    problems = [f"{_ids(message)[0][:60]!r}: {'; '.join(map(str, errors))}" for message, errors in catalogue.check()]
    problems += translations.placeholder_problems(catalogue)
    if path.stem == translations.LESSONS_DOMAIN:
        problems += translations.markdown_problems(catalogue)
    assert not problems, f"{path.relative_to(ROOT)}:\n" + "\n".join(problems)


def test_the_placeholder_check_finds_a_changed_placeholder() -> None:
    catalogue = Catalog(locale="es")
    catalogue.add("{seat} led {card}.", "{asiento} salió con {card}.")
    catalogue.add(("{count} point", "{count} points"), ("{count} punto", "{count} puntos"))
    catalogue.add("Untouched {card}", "")
    assert translations.placeholder_problems(catalogue) == [
        "'{seat} led {card}.': the translation has {asiento}, {card} where the English has {card}, {seat}"]


def test_the_markdown_check_finds_a_broken_link_and_table_row() -> None:
    catalogue = Catalog(locale="ja")
    catalogue.add("[Back to the lessons](index.ipynb)", "[レッスンへ](glossary.ipynb)")
    catalogue.add("| card | points |", "| カード | 点 | ? |")
    catalogue.add("<b>Read the answer</b>", "<b>答えを読む")
    problems = translations.markdown_problems(catalogue)
    assert len(problems) == 3
    assert "index.ipynb" in problems[0] and "cells" in problems[1] and "<b>" in problems[2]


def test_the_markdown_check_finds_an_example_whose_cards_the_translation_changed() -> None:
    catalogue = Catalog(locale="es")
    catalogue.add("♦J is winning and you hold ♦3, ♦9 and ♦K: play ♦9.",
                  "Va ganando el ♦J y tienes el ♦3, el ♦9 y el ♦K: juega el ♦3.")
    catalogue.add("♠Q is worth 13 points.", "La ♠Q vale 13 puntos.")
    problems = translations.markdown_problems(catalogue)
    assert len(problems) == 1 and "♦3" in problems[0] and "♦9" in problems[0]


# -- generated files -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def stale() -> list[Path]:
    return translations.stale_files()


def test_the_catalogues_are_up_to_date_with_the_sources(stale: list[Path]) -> None:
    out_of_date = [str(path.relative_to(ROOT)) for path in stale if path.suffix in (".pot", ".po")]
    assert not out_of_date, f"run ./dev translations: {out_of_date}"


def test_the_compiled_catalogues_are_up_to_date_with_the_po_files(stale: list[Path]) -> None:
    out_of_date = [str(path.relative_to(ROOT)) for path in stale if path.suffix == ".mo"]
    assert not out_of_date, f"run ./dev translations: {out_of_date}"
    for code in translations.TRANSLATED:
        mo = translations.hearts_po_path(code).with_suffix(".mo")
        assert mo.read_bytes() == translations.compiled(_catalogue(translations.hearts_po_path(code)))


def test_the_translated_notebooks_are_what_the_tool_generates(stale: list[Path]) -> None:
    out_of_date = [str(path.relative_to(ROOT)) for path in stale if path.suffix == ".ipynb"]
    assert not out_of_date, f"run ./dev translations: {out_of_date}"


@pytest.mark.parametrize("code", translations.TRANSLATED)
def test_a_translated_notebook_has_the_english_code_and_no_outputs(code: str) -> None:
    sources = translations.source_notebooks()
    assert sorted(path.name for path in (ROOT / "lessons" / code).glob("*.ipynb")) == [path.name for path in sources]
    for source in sources:
        english = json.loads(source.read_text(encoding="utf-8"))
        translated = json.loads((ROOT / "lessons" / code / source.name).read_text(encoding="utf-8"))
        assert [cell.get("id") for cell in translated["cells"]] == [cell.get("id") for cell in english["cells"]]
        assert [cell["cell_type"] for cell in translated["cells"]] == [cell["cell_type"] for cell in english["cells"]]
        for mine, theirs in zip(translated["cells"], english["cells"], strict=True):
            if theirs["cell_type"] == "code":
                # What nbval would run: the code and the cell's metadata (its tags, such as nbval-skip).
                # conftest.py runs nbval on the English notebooks only, on the strength of this test.
                assert mine["source"] == theirs["source"], f"{code}/{source.name}: code differs"
                assert mine["metadata"] == theirs["metadata"], f"{code}/{source.name}: cell metadata differs"
                assert mine["outputs"] == [] and mine["execution_count"] is None
        assert translated["metadata"] == english["metadata"]


def test_a_notebook_is_rebuilt_with_its_translations_in_place_and_its_structure_kept(tmp_path: Path) -> None:
    source = ROOT / "lessons" / "03-practice.ipynb"
    cells = json.loads(source.read_text(encoding="utf-8"))["cells"]
    first = translations.segments("".join(cells[0]["source"]))
    heading = next(piece for piece in first if isinstance(piece, translations.Message))
    answer = next(piece for piece in translations.segments("".join(cells[3]["source"]))
                  if isinstance(piece, translations.Message) and piece.text.startswith("You hold two clubs"))
    made = json.loads(translations.translated_notebook(source, {
        heading.text: "3. ¿Qué carta jugarías?",
        answer.text: "Tienes dos tréboles.\nDebes jugar uno.",
    }))
    assert "".join(made["cells"][0]["source"]).startswith("# 3. ¿Qué carta jugarías?\n\n")
    answer_cell = "".join(made["cells"][3]["source"])
    # The HTML around the translated paragraph stays where it was, and the paragraph's own lines too.
    assert "\n\nTienes dos tréboles.\nDebes jugar uno.\n</details>\n" in answer_cell
    assert answer_cell.startswith("<details><summary><b>Read the answer</b>")  # not translated: English


def test_cutting_markdown_loses_nothing() -> None:
    for path in translations.source_notebooks():
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            source = "".join(cell["source"])
            pieces = translations.segments(source)
            again = translations.render(pieces, {})
            # Only the hard wraps inside a paragraph change (joined by spaces): every character stays, in order.
            assert re.sub(r"\s+", "", again) == re.sub(r"\s+", "", source), path.name
            assert [piece for piece in translations.segments(again) if isinstance(piece, translations.Message)] == [
                piece for piece in pieces if isinstance(piece, translations.Message)], path.name


def test_structure_stays_outside_the_messages() -> None:
    pieces = translations.segments(
        '<a id="duck"></a>\n### Duck\n\nTo play low\nunder the winner.\n\n1. Deal 13 cards.\n2. Pass three.\n'
        "|---|---|\n| card | points |\n---\n\nplayer\n26. One heart taken.")
    assert pieces == [
        '<a id="duck"></a>', translations.Message("### ", "Duck"), "",
        translations.Message("", "To play low under the winner."), "",
        translations.Message("1. ", "Deal 13 cards."), translations.Message("2. ", "Pass three."),
        "|---|---|", translations.Message("", "| card | points |"), "---", "",
        # A sentence wrapped before "26." stays one paragraph: only a list starting at 1 interrupts one.
        translations.Message("", "player 26. One heart taken."),
    ]


def test_the_ui_catalogue_holds_python_front_end_and_data_texts() -> None:
    template = translations.hearts_template()
    where = {message.id if isinstance(message.id, str) else message.id[0]: {location[0] for location in
                                                                            message.locations}
             for message in template if message.id}
    assert "hearts_core/wording.py" in where["{rank} of {suit}"]  # say()
    assert "widgets/lessons.py" in where["Start with lesson {number}: {title}"]  # marked()
    assert "widgets/static/lessons.js" in where["Language"]  # hlT()
    assert "widgets/static/lessons.js" in where["{done} of {total} lessons completed"]
    assert "widgets/lessons.toml" in where["Which card would you play?"]  # a lesson's title
    assert "hearts_core/scenarios.toml" in where["Clubs were led"]  # a position's title
    plural = next(message for message in template if message.id == ("{count} point", "{count} points"))
    assert plural.pluralizable


# -- the active language -------------------------------------------------------------------

def compiled_catalogue(folder: Path, code: str, translated: dict[str, str]) -> Path:
    catalogue = Catalog(locale=code, domain=wording.DOMAIN)
    for english, text in translated.items():
        catalogue.add(english, text)
    target = folder / code / "LC_MESSAGES" / f"{wording.DOMAIN}.mo"
    target.parent.mkdir(parents=True)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    target.write_bytes(buffer.getvalue())
    return folder


def test_set_language_installs_the_compiled_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(wording, "LOCALE_DIR", compiled_catalogue(tmp_path, "ja", {"Hearts Lessons": "ハーツ講座"}))
    wording.set_language("ja")
    assert wording.language() == "ja" and wording.say("Hearts Lessons") == "ハーツ講座"
    assert wording.say("Not in the catalogue") == "Not in the catalogue"  # falls back to English
    wording.set_language("en")
    assert wording.say("Hearts Lessons") == "Hearts Lessons"


def test_the_shipped_catalogues_load() -> None:
    for code in translations.TRANSLATED:
        found = gettext.translation(wording.DOMAIN, wording.LOCALE_DIR, [code])  # raises when missing
        assert found.info()["language"] == code


@pytest.mark.parametrize("code", ["fr", "", "JA", "ja_JP", "../ja", 3])
def test_set_language_refuses_an_unknown_code_and_changes_nothing(code: object) -> None:
    wording.set_language("es")
    before = wording.say("{rank} of {suit}", rank="queen", suit="spades")
    with pytest.raises(ValueError, match="unknown language") as refused:
        wording.set_language(code)  # type: ignore[arg-type]
    assert repr(code)[:10].strip("'") in str(refused.value)
    assert wording.language() == "es"
    assert wording.say("{rank} of {suit}", rank="queen", suit="spades") == before


def test_the_language_comes_from_the_environment_then_the_folder(tmp_path: Path) -> None:
    assert wording.folder_language(tmp_path / "lessons" / "ja") == "ja"
    assert wording.folder_language(tmp_path / "lessons" / "es") == "es"
    assert wording.folder_language(tmp_path / "lessons") == "en"
    assert wording.folder_language("/drive") == "en"  # the static site's English pages
    assert wording.detect_language({"HEARTS_LANG": "es"}, tmp_path / "ja") == "es"
    assert wording.detect_language({}, tmp_path / "ja") == "ja"
    with pytest.warns(UserWarning, match="HEARTS_LANG='klingon'"):
        assert wording.detect_language({"HEARTS_LANG": "klingon"}, tmp_path / "es") == "es"


def _python_in(folder: Path, code: str, **env: str) -> str:
    environment = {key: value for key, value in os.environ.items() if key != wording.LANGUAGE_ENV}
    environment["PYTHONPATH"] = str(ROOT)
    environment.update(env)
    return subprocess.run([sys.executable, "-c", code], cwd=folder, env=environment, capture_output=True,
                          text=True, check=True).stdout.strip()


def test_a_kernel_in_a_translations_folder_speaks_it() -> None:
    # What Voilà does: the page's kernel starts in the notebook's folder.
    said = "from hearts_core import wording; print(wording.language())"
    assert _python_in(ROOT / "lessons" / "ja", said) == "ja"
    assert _python_in(ROOT / "lessons" / "es", said) == "es"
    assert _python_in(ROOT / "lessons", said) == "en"
    assert _python_in(ROOT / "lessons" / "ja", said, HEARTS_LANG="es") == "es"


def test_a_kernel_that_moves_into_the_pages_folder_after_importing_follows_it(tmp_path: Path) -> None:
    # What the static site's kernel does: restored from a snapshot that imported (and perhaps said
    # something) elsewhere, it moves into the page's folder (/drive/ja) before the page's cells run.
    page = tmp_path / "drive" / "ja"
    page.mkdir(parents=True)
    code = ("import os, importlib, pkgutil, hearts_core, widgets\n"
            "for package in (hearts_core, widgets):\n"
            "    for found in pkgutil.walk_packages(package.__path__, package.__name__ + '.'):\n"
            "        importlib.import_module(found.name)\n"
            "from hearts_core import wording\n"
            "before = wording.language()\n"
            f"os.chdir({str(page)!r})\n"
            "from widgets.lessons import LessonIndex, Progress\n"
            f"index = LessonIndex(Progress({str(tmp_path)!r}))\n"
            "print(before, wording.language(), index.language, index.lessons[0]['href'])")
    assert _python_in(tmp_path, code).split() == ["en", "ja", "ja", "01-aim-and-cards.ipynb?lang=ja"]


def test_the_pages_language_script_knows_every_language() -> None:
    site = _tool("build_site")
    script = site.language_script()
    listed = json.loads(re.search(r"const languages = (\[[^\]]*\]);", script).group(1))  # type: ignore[union-attr]
    assert tuple(listed) == wording.LANGUAGES
    assert script.lstrip().startswith("<script>") and "{#" not in script
    voila_page = (ROOT / "lessons" / "jupyter" / "voila" / "templates" / "hearts" / "index.html.j2").read_text()
    assert '{% include "language.html" %}' in voila_page


# -- accessible names ------------------------------------------------------------------------

_LABELLED_BUTTON = re.compile(
    r'hlButton\(\s*hlT\("((?:[^"\\]|\\.)*)"(?:,\s*\{[^}]*\})?\)\s*,[^;]*?aria:\s*hlT\("((?:[^"\\]|\\.)*)"', re.S)


@pytest.mark.parametrize("language", wording.LANGUAGES)
def test_a_buttons_spoken_name_holds_its_visible_label_in_every_language(language: str) -> None:
    """WCAG 2.5.3 (label in name; axe's label-content-name-mismatch): a voice-control user says
    what the button shows, so a button whose screen-reader name is longer than its label must
    still contain the label, in each translation as in English."""
    catalogue = (gettext.NullTranslations() if language == "en" else
                 gettext.translation(wording.DOMAIN, localedir=wording.LOCALE_DIR, languages=[language]))
    pairs = {found for path in (ROOT / "widgets" / "static").rglob("*.js")
             for found in _LABELLED_BUTTON.findall(path.read_text(encoding="utf-8"))}
    assert len(pairs) >= 10  # the match's header and table, the record viewer, the pass picker...
    mismatched = []
    for label, name in sorted(pairs):
        shown = re.sub(r"\{\w+\}", "", catalogue.gettext(label)).strip().lower()
        spoken = catalogue.gettext(name).lower()
        if shown not in spoken:
            mismatched.append(f"{catalogue.gettext(label)!r} is not in {catalogue.gettext(name)!r}")
    assert not mismatched, mismatched
