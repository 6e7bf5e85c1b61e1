"""The index's language picker: switching at once, remembered with the progress, and what it must not break.

Each test builds its catalogue in a temporary folder (a few English patterns and made-up
translations), so it proves the index re-says its words, whatever the shipped catalogues hold yet.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts_core import wording
from hearts_core.match import Match
from hearts_learner.match_store import MatchStore
from hearts_lessons_app import cli, lessons_dir
from tests.test_translations import compiled_catalogue
from widgets.lessons import LESSONS, LessonIndex, Progress, opening_language

MADE_UP = {
    "ja": {"Hearts Lessons": "ハーツ講座", LESSONS[0].title: "目的とカード", "Language": "言語",
           "Glossary and rules reference": "用語集とルール"},
    "es": {"Hearts Lessons": "Lecciones de Corazones", LESSONS[0].title: "El objetivo y las cartas"},
}


@pytest.fixture(autouse=True)
def catalogues(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    folder = tmp_path_factory.mktemp("locale")
    for code, translated in MADE_UP.items():
        compiled_catalogue(folder, code, translated)
    monkeypatch.setattr(wording, "LOCALE_DIR", folder)
    wording.set_language("en")
    yield
    wording.set_language("en")


def choose(index: LessonIndex, code: object) -> bool:
    return index._dispatch(index, {"type": "choose_language", "code": code}, None)


def test_the_picker_offers_each_language_named_in_itself(tmp_path: Path) -> None:
    index = LessonIndex(Progress(tmp_path))
    assert index.languages == [{"code": "en", "name": "English"}, {"code": "ja", "name": "日本語"},
                               {"code": "es", "name": "Español"}]
    assert index.language == "en"
    assert 'document.createElement("select")' in index._esm
    assert 'label.htmlFor = select.id' in index._esm  # the select's accessible name is its label


def test_choosing_a_language_says_the_whole_index_in_it_at_once(tmp_path: Path) -> None:
    index = LessonIndex(Progress(tmp_path))
    assert index.page["title"] == "Hearts Lessons" and index.lessons[0]["title"] == LESSONS[0].title
    assert choose(index, "ja"), index.error
    assert index.language == "ja" and wording.language() == "ja"
    assert index.page["title"] == "ハーツ講座"
    assert index.lessons[0]["title"] == "目的とカード"
    assert index.words["Language"] == "言語"  # the front end's own words, re-sent
    assert {"text": "用語集とルール", "href": "ja/glossary.ipynb?lang=ja"} in index.page["links"]
    # Every link leads into the chosen language's folder and says which language it asks for.
    assert [item["href"] for item in index.lessons] == [f"ja/{item.notebook}?lang=ja" for item in LESSONS]
    assert index.next_step["href"] == f"ja/{LESSONS[0].notebook}?lang=ja"
    assert index.page["home"] == "ja/index.ipynb?lang=ja"
    assert choose(index, "es")
    assert index.page["title"] == "Lecciones de Corazones" and index.lessons[1]["title"] == LESSONS[1].title
    assert choose(index, "en")
    assert index.lessons[0]["href"] == f"{LESSONS[0].notebook}?lang=en"


def test_links_are_relative_to_the_folder_the_index_is_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = tmp_path / "lessons" / "es"
    page.mkdir(parents=True)
    monkeypatch.chdir(page)
    index = LessonIndex(Progress(tmp_path))
    assert index.folder == "es"
    assert choose(index, "ja")
    assert index.lessons[2]["href"] == f"../ja/{LESSONS[2].notebook}?lang=ja"
    assert choose(index, "en")
    assert index.lessons[2]["href"] == f"../{LESSONS[2].notebook}?lang=en"
    assert choose(index, "es")
    assert index.lessons[2]["href"] == f"{LESSONS[2].notebook}?lang=es"


def test_the_choice_is_remembered_with_the_progress(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    progress.mark("01-aim-and-cards")
    assert choose(LessonIndex(progress), "ja")
    assert json.loads((tmp_path / "progress.json").read_text())["language"] == "ja"
    # Progress recorded later keeps the choice; the choice kept the progress.
    progress.record("03-practice", complete=False, answered=1, exercises=2)
    assert progress.language() == "ja" and progress.completed() == {"01-aim-and-cards"}
    # A new visit to the English index opens in the stored language.
    wording.set_language("en")
    later = LessonIndex(Progress(tmp_path))
    later._dispatch(later, {"type": "opened", "browser": ["es-ES"], "asked": ""}, None)
    assert later.language == "ja" and later.lessons[0]["title"] == "目的とカード"


def test_switching_keeps_the_progress_and_the_saved_match(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    progress.record("03-practice", complete=True, answered=2, exercises=2, stars=1, graded=2)
    progress.mark("01-aim-and-cards")
    store = MatchStore(tmp_path)
    store.save(Match.new(seed=7), {"speed": "normal"})
    saved = store.save_path.read_bytes()
    before = (progress.completed(), progress.stats())
    index = LessonIndex(progress)
    for code in ("ja", "es", "en", "ja"):
        assert choose(index, code)
    assert (progress.completed(), progress.stats()) == before
    assert store.save_path.read_bytes() == saved
    assert index.course["done"] == 2 and index.course["stars"] == 1


def test_an_unknown_language_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    progress.mark("01-aim-and-cards")
    index = LessonIndex(progress)
    assert choose(index, "ja")
    stored = (tmp_path / "progress.json").read_bytes()
    for bad in ("fr", "", "../ja", 3, None):
        assert not choose(index, bad)
        assert index.error
        assert index.language == "ja" and wording.language() == "ja"
        assert (tmp_path / "progress.json").read_bytes() == stored
    with pytest.raises(ValueError, match="'fr'"):
        progress.choose_language("fr")


def test_a_stored_language_that_is_not_one_we_speak_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "progress.json").write_text(json.dumps({"completed": ["02-tricks"], "language": "klingon"}))
    progress = Progress(tmp_path)
    assert progress.language() is None and progress.completed() == {"02-tricks"}
    index = LessonIndex(progress)
    index._dispatch(index, {"type": "opened", "browser": ["es"], "asked": ""}, None)
    assert index.language == "es"


def test_the_choice_survives_a_corrupt_progress_file_without_overwriting_it(tmp_path: Path) -> None:
    broken = b'{"completed": ["01-aim-and-ca'
    (tmp_path / "progress.json").write_bytes(broken)
    index = LessonIndex(Progress(tmp_path))
    assert "could not be read" in index.notice
    assert choose(index, "es")
    # Besides the progress, the folder holds only what was set aside and the lock every write is made under.
    kept = [path for path in tmp_path.iterdir() if path.name not in {"progress.json", ".lock"} and path.is_file()]
    assert [path.read_bytes() for path in kept] == [broken]  # set aside whole, never overwritten
    assert Progress(tmp_path).language() == "es"
    assert index.language == "es"


def test_which_language_the_index_opens_in() -> None:
    # The address's ?lang=, the stored choice, a translated page's folder, the browser, English.
    assert opening_language("es", "ja", "ja", ["ja"]) == "es"
    assert opening_language("", "ja", "es", ["es"]) == "ja"
    assert opening_language("", None, "es", ["ja-JP"]) == "es"
    assert opening_language("", None, "en", ["fr-FR", "ja-JP", "es"]) == "ja"
    assert opening_language("", None, "en", ["fr", "de"]) == "en"
    assert opening_language("xx", None, "en", []) == "en"


def test_the_browsers_language_applies_when_nothing_is_stored_and_is_not_stored(tmp_path: Path) -> None:
    index = LessonIndex(Progress(tmp_path))
    assert index._dispatch(index, {"type": "opened", "browser": ["ja-JP", "en-US"], "asked": ""}, None)
    assert index.language == "ja" and index.page["title"] == "ハーツ講座"
    assert Progress(tmp_path).language() is None  # a default, not the learner's choice
    assert index._dispatch(index, {"type": "opened", "browser": ["ja-JP"], "asked": "en"}, None)
    assert index.language == "en"
    assert not index._dispatch(index, {"type": "opened", "browser": "ja"}, None)  # not a list: refused


def test_the_front_end_sends_the_address_and_the_browsers_languages() -> None:
    esm = LessonIndex(Progress("/nonexistent"))._esm
    assert "navigator.languages" in esm and 'get("lang")' in esm
    assert 'type: "choose_language"' in esm
    assert "hlFollowWords(model, draw)" in esm  # re-draws when the words change language


def test_hearts_lessons_lang_opens_that_languages_index(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    launched: list[list[str]] = []
    opened: list[str] = []
    monkeypatch.setattr(cli.Voila, "launch_instance", lambda argv: launched.append(list(argv)))
    monkeypatch.setattr(cli, "open_when_ready", lambda url, host, port: opened.append(url))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    assert cli.main(["--lang", "ja", "--open"]) == 0
    assert "http://localhost:8866/voila/render/ja/index.ipynb?lang=ja" in capsys.readouterr().out
    assert opened == ["http://localhost:8866/voila/render/ja/index.ipynb?lang=ja"]
    argv = launched[0]
    assert "--no-browser" in argv  # the command opens the Japanese index itself; Voilà would open "/"
    # Preheated kernels wait on the Japanese pages: not the English ones (the root), not the Spanish.
    denied = [re.compile(arg.split("=", 1)[1]) for arg in argv
              if arg.startswith("--VoilaKernelManager.preheat_denylist=")]
    assert preheated(denied) == sorted(str(path) for path in (lessons_dir() / "ja").glob("*.ipynb"))
    with pytest.raises(SystemExit):
        cli.main(["--lang", "fr"])


def test_by_default_only_the_english_pages_are_preheated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    launched: list[list[str]] = []
    monkeypatch.setattr(cli.Voila, "launch_instance", lambda argv: launched.append(list(argv)))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    assert cli.main([]) == 0
    denied = [re.compile(arg.split("=", 1)[1]) for arg in launched[0]
              if arg.startswith("--VoilaKernelManager.preheat_denylist=")]
    assert preheated(denied) == sorted(str(path) for path in lessons_dir().glob("*.ipynb"))
    # Voilà started on the lessons without the command (the browser tests, binder) reads the same from voila.json.
    shipped = json.loads((lessons_dir() / "voila.json").read_text())["VoilaKernelManager"]["preheat_denylist"]
    assert preheated([re.compile(pattern) for pattern in shipped]) == preheated(denied)


def preheated(denied: list[re.Pattern[str]]) -> list[str]:
    """The notebooks Voilà preheats: it matches each pattern against the whole path (voila_kernel_manager)."""
    return sorted(str(path) for path in lessons_dir().rglob("*.ipynb")
                  if not any(pattern.match(str(path)) for pattern in denied))
