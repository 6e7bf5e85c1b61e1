"""Keep the course's catalogues and its translated notebooks (``./dev translations``).

Two gettext domains, both kept with Babel:

* ``lessons``: the lessons' markdown. Every ``lessons/*.ipynb`` is the one source; its
  markdown cells are cut into messages (:func:`segments`) and written to
  ``lessons/locale/lessons.pot``; each language's ``lessons/locale/<code>/LC_MESSAGES/lessons.po``
  is created or updated from it (translations kept, changed ones marked fuzzy by Babel's
  own matching), and ``lessons/<code>/*.ipynb`` is produced from the source notebook and the
  catalogue.
* ``hearts``: everything else a learner reads (the engine's and the widgets' Python, the
  front ends' ``hlT``/``hlTn`` literals, the learner texts of the TOML files), in
  ``hearts_core/locale`` beside the package that loads it (:mod:`hearts_core.wording`).

How a notebook is cut: one message per paragraph, list item, heading and table row, so a
translator gets pieces of a manageable size and the markdown's structure (heading marks,
list markers, indentation, ``<a id>`` anchors, ``</details>``, rules, blank lines) stays
outside the messages, where no translation can break it. A message keeps its inline
markdown, links, HTML and card notation (``**bold**``, ``[the glossary](glossary.ipynb#duck)``,
``♠Q``); a paragraph's hard-wrapped lines are one message, joined by spaces, and written on
one line in a translated notebook (markdown renders the same). Pieces without a letter (a
table's ``|---|---|``) are not messages. Each message's location comment names the
notebook and the cell id (``#: lessons/03-practice.ipynb#c00``); a Python or front-end
message's names its file without a line number, so moving code leaves the catalogues as they are.

Why the translated notebooks are checked in rather than built: Voilà serves them from the
folder as they are, nbval runs them as it runs the English ones, binder and the wheel ship
them without a build step, and a page's language comes from its folder
(``lessons/ja/03-practice.ipynb``; :mod:`hearts_core.wording`). A test proves they equal
what this tool generates, so they cannot drift from the source or the catalogue. Their code
cells are byte-identical to the English ones and every output is empty; a message not yet
translated (or fuzzy) falls back to English, as gettext does.

Files are rewritten only when their content changes (dates aside), so running the command
twice changes nothing. ``--check`` writes nothing and exits 1 naming every file that is out
of date (the tests use :func:`stale_files`).
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from hearts_core.wording import TRANSLATED

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
LESSONS_LOCALE = LESSONS / "locale"
LESSONS_DOMAIN = "lessons"
PROJECT = "Hearts Lessons"
COPYRIGHT = "Hearts Lessons"
POT_HEADER = "# Messages of Hearts Lessons, extracted by ./dev translations (tools/translations.py).\n#"


# -- cutting markdown into messages --------------------------------------------------------

@dataclass(frozen=True)
class Message:
    """One translatable piece of a markdown cell: ``prefix`` (structure) + ``text`` + end of line."""

    prefix: str
    text: str


Piece = str | Message
"""A markdown cell is a list of pieces: literal lines kept as written, and messages."""

_BLANK = re.compile(r"^\s*$")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_HTML_ONLY = re.compile(r"^\s*(<[^<>]+>\s*)+$")
_RULE = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")
_TABLE_ROW = re.compile(r"^\s*\|")
_HEADING = re.compile(r"^(\s{0,3}#{1,6}\s+)(.*?)\s*$")
_BULLET = re.compile(r"^(\s*[*+-]\s+)(\S.*)$")
_ORDERED = re.compile(r"^(\s*(\d{1,9})[.)]\s+)(\S.*)$")
_QUOTE = re.compile(r"^(\s{0,3}>\s?)(.*)$")
_LETTER = re.compile(r"[^\W\d_]")


def _starts_block(line: str, *, in_paragraph: bool) -> bool:
    """Whether ``line`` ends the paragraph or list item before it (CommonMark's interruptions)."""
    if _BLANK.match(line) or _FENCE.match(line) or _HTML_ONLY.match(line) or _RULE.match(line):
        return True
    if _TABLE_ROW.match(line) or _HEADING.match(line) or _BULLET.match(line) or _QUOTE.match(line):
        return True
    ordered = _ORDERED.match(line)
    # Only a list starting at 1 may interrupt a paragraph: "26. One heart..." wrapped onto a
    # new line of a sentence stays part of it.
    return ordered is not None and (not in_paragraph or ordered.group(2) == "1")


def _message_or_literal(prefix: str, lines: list[str]) -> list[Piece]:
    text = " ".join(line.strip() for line in lines)
    if not _LETTER.search(text):
        return [prefix + "\n".join(lines)] if len(lines) == 1 else list(lines)
    return [Message(prefix, text)]


def segments(source: str) -> list[Piece]:
    """Cut a markdown cell into literal lines and messages (module docstring).

    >>> segments("## Puzzles\\n\\n* **Why?** Tap a card:\\n  it says.\\n|---|")
    [Message(prefix='## ', text='Puzzles'), '', Message(prefix='* ', text='**Why?** Tap a card: it says.'), '|---|']
    """
    lines = source.split("\n")
    pieces: list[Piece] = []
    at = 0
    while at < len(lines):
        line = lines[at]
        fenced = _FENCE.match(line)
        if fenced:
            fence = fenced.group(1)
            end = at + 1
            while end < len(lines) and not lines[end].lstrip().startswith(fence):
                end += 1
            pieces.extend(lines[at:end + 1])
            at = end + 1
            continue
        if _BLANK.match(line) or _HTML_ONLY.match(line) or _RULE.match(line):
            pieces.append(line)
            at += 1
            continue
        if _TABLE_ROW.match(line):
            indent = line[:len(line) - len(line.lstrip())]
            pieces.extend(_message_or_literal(indent, [line.strip()]))
            at += 1
            continue
        heading = _HEADING.match(line)
        if heading:
            pieces.extend(_message_or_literal(heading.group(1), [heading.group(2)]))
            at += 1
            continue
        item = _BULLET.match(line) or _ORDERED.match(line)
        quote = None if item else _QUOTE.match(line)
        if item:
            prefix, first = item.group(1), item.groups()[-1]
        elif quote:
            prefix, first = quote.group(1), quote.group(2)
        else:
            prefix, first = line[:len(line) - len(line.lstrip())], line.strip()
        body = [first]
        at += 1
        while at < len(lines) and not _starts_block(lines[at], in_paragraph=not item):
            body.append(lines[at])
            at += 1
        pieces.extend(_message_or_literal(prefix, body))
    return pieces


def render(pieces: Iterable[Piece], translate: dict[str, str]) -> str:
    """A markdown cell again, each message in its translation (or as it was, when there is none)."""
    lines: list[str] = []
    for piece in pieces:
        if isinstance(piece, str):
            lines.append(piece)
            continue
        text = translate.get(piece.text) or piece.text
        # A translation on several lines keeps them inside its list item or quote.
        follow = "\n" + (" " * len(piece.prefix) if not piece.prefix.lstrip().startswith(">") else piece.prefix)
        lines.append(piece.prefix + text.replace("\n", follow))
    return "\n".join(lines)


# -- the notebooks -------------------------------------------------------------------------

def source_notebooks() -> list[Path]:
    """The English notebooks, the one source of every language's."""
    return sorted(LESSONS.glob("*.ipynb"))


def _cell_source(cell: dict[str, object]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def _notebook_messages(path: Path) -> Iterator[tuple[str, str, str]]:
    """``(text, notebook, cell id)`` for every message of a notebook's markdown, in order."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for number, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] != "markdown":
            continue
        for piece in segments(_cell_source(cell)):
            if isinstance(piece, Message):
                yield piece.text, path.relative_to(ROOT).as_posix(), str(cell.get("id", number))


def _new_catalogue(domain: str, locale: str | None = None) -> Catalog:
    return Catalog(locale=locale, domain=domain, project=PROJECT, version="0.1", copyright_holder=COPYRIGHT,
                   msgid_bugs_address="", charset="utf-8", header_comment=POT_HEADER,
                   creation_date=_NOW, revision_date=_NOW, fuzzy=False)


_NOW = datetime.now(UTC).replace(microsecond=0)


def lessons_template() -> Catalog:
    """The ``lessons`` domain's template: every message of every source notebook's markdown."""
    template = _new_catalogue(LESSONS_DOMAIN)
    for path in source_notebooks():
        for text, notebook, cell in _notebook_messages(path):
            # The cell id, not a line number, names the cell in any notebook tool; "#" and not
            # ":" so that Babel reads the location back whole.
            template.add(text, locations=[(f"{notebook}#{cell}", None)])  # type: ignore[list-item]  # Babel takes None
    return template


def translated_notebook(path: Path, translations: dict[str, str]) -> str:
    """The text of a source notebook in another language: markdown translated, code identical, no outputs."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    result = copy.deepcopy(notebook)
    for cell in result["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = _as_lines(render(segments(_cell_source(cell)), translations))
        elif cell["cell_type"] == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return json.dumps(result, indent=1, ensure_ascii=False) + "\n"


def _as_lines(text: str) -> list[str]:
    """Jupyter's way of storing a cell's source: its lines, each but the last with its newline."""
    return text.splitlines(keepends=True)


def translations_of(catalogue: Catalog) -> dict[str, str]:
    """What gettext would use from a catalogue: translated messages that are not fuzzy."""
    return {message.id: message.string for message in catalogue
            if message.id and isinstance(message.id, str) and isinstance(message.string, str)
            and message.string and not message.fuzzy}


# -- checks a translation must pass --------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{(\w*)\}")
_LINK_TARGET = re.compile(r"\]\(([^)\s]*)\)")
_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_CARD = re.compile(r"[♣♦♠♥](?:10|[2-9JQKA])")
"""A card as the lessons write it; a lesson's example in cards must name the same cards in every language."""


def _texts(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, tuple | list) else [str(value or "")]


def placeholder_problems(catalogue: Catalog) -> list[str]:
    """Translations whose named placeholders differ from their English pattern's.

    A plural form may leave out ``{count}`` (Spanish "un punto"); nothing else may be added or dropped.
    """
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        ids = _texts(message.id)
        wanted = set().union(*(_PLACEHOLDER.findall(text) for text in ids))
        for form in _texts(message.string):
            if not form:
                continue
            found = set(_PLACEHOLDER.findall(form))
            if found != wanted and not (len(ids) > 1 and found | {"count"} == wanted):
                problems.append(f"{ids[0][:60]!r}: the translation has {_braced(found)} where the English has "
                                f"{_braced(wanted)}")
    return problems


def _braced(names: set[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in sorted(names)) or "none"


def markdown_problems(catalogue: Catalog) -> list[str]:
    """Notebook messages whose translation changed what must stay: link targets, HTML tags, table cells, cards."""
    problems = []
    for message in catalogue:
        if not message.id or not message.string or not isinstance(message.id, str):
            continue
        english, translated = message.id, str(message.string)
        name = repr(english[:60])
        if sorted(_LINK_TARGET.findall(english)) != sorted(_LINK_TARGET.findall(translated)):
            problems.append(f"{name}: link targets {sorted(_LINK_TARGET.findall(translated))} differ from "
                            f"{sorted(_LINK_TARGET.findall(english))}")
        if english.startswith("|") and english.count("|") != translated.count("|"):
            problems.append(f"{name}: a table row needs its {english.count('|') - 1} cells (as many | as the English)")
        if sorted(_TAG.findall(english)) != sorted(_TAG.findall(translated)):
            problems.append(f"{name}: HTML tags {sorted(_TAG.findall(translated))} differ from "
                            f"{sorted(_TAG.findall(english))}")
        if sorted(_CARD.findall(english)) != sorted(_CARD.findall(translated)):
            problems.append(f"{name}: cards {sorted(_CARD.findall(translated))} differ from "
                            f"{sorted(_CARD.findall(english))}")
    return problems


# -- catalogue files -----------------------------------------------------------------------

def _po_text(catalogue: Catalog) -> str:
    buffer = io.BytesIO()
    # No line numbers: a location names the file only, so moving code does not rewrite every catalogue.
    write_po(buffer, catalogue, width=100, sort_output=False, ignore_obsolete=True, include_previous=True,
             include_lineno=False)
    return buffer.getvalue().decode("utf-8")


_DATE_LINE = re.compile(r'^"(POT-Creation-Date|PO-Revision-Date): [^"\\]*\\n"\n', re.MULTILINE)


def _without_dates(text: str) -> str:
    return _DATE_LINE.sub("", text)


def _read(path: Path, locale: str | None = None) -> Catalog | None:
    if not path.exists():
        return None
    with path.open("rb") as stream:
        return read_po(stream, locale=locale, domain=path.stem)


def updated_catalogue(template: Catalog, po_path: Path, code: str) -> Catalog:
    """A language's catalogue brought up to the template: new messages empty, changed ones fuzzy."""
    existing = _read(po_path, locale=code)
    if existing is None:
        existing = _new_catalogue(template.domain or "", locale=code)
    existing.update(template, update_header_comment=False)
    for message in existing:
        # Babel marks a new message fuzzy when it resembles an old one, even an untranslated one:
        # with nothing to check, the flag would only count it twice.
        if message.id and message.fuzzy and not any(_texts(message.string)):
            message.flags.discard("fuzzy")
            message.previous_id = []
    existing.header_comment = POT_HEADER.replace("Messages", f"{existing.locale.english_name} messages")  # type: ignore[union-attr]
    return existing


class Writer:
    """Writes a generated file only when its content (dates aside) changed; or, checking, lists it."""

    def __init__(self, *, check: bool) -> None:
        self.check = check
        self.stale: list[Path] = []

    def text(self, path: Path, content: str, *, ignore_dates: bool = False) -> str:
        """Write ``content`` unless the file already says it; returns what the file says (or would)."""
        old = path.read_text(encoding="utf-8") if path.exists() else None
        same = (old is not None and (_without_dates(old) == _without_dates(content) if ignore_dates
                                     else old == content))
        if same:
            assert old is not None  # same implies it exists
            return old
        self.stale.append(path)
        if not self.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")
        return content

    def bytes(self, path: Path, content: bytes) -> None:
        if path.exists() and path.read_bytes() == content:
            return
        self.stale.append(path)
        if not self.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)


def lessons_po_path(code: str) -> Path:
    return LESSONS_LOCALE / code / "LC_MESSAGES" / f"{LESSONS_DOMAIN}.po"


def keep_lessons(writer: Writer) -> None:
    """The ``lessons`` domain: template, each language's catalogue, each language's notebooks."""
    template = lessons_template()
    writer.text(LESSONS_LOCALE / f"{LESSONS_DOMAIN}.pot", _po_text(template), ignore_dates=True)
    for code in TRANSLATED:
        po_path = lessons_po_path(code)
        catalogue = updated_catalogue(template, po_path, code)
        writer.text(po_path, _po_text(catalogue), ignore_dates=True)
        translations = translations_of(catalogue)
        for source in source_notebooks():
            writer.text(LESSONS / code / source.name, translated_notebook(source, translations))
        for orphan in sorted((LESSONS / code).glob("*.ipynb")):
            if not (LESSONS / orphan.name).exists():
                writer.stale.append(orphan)
                if not writer.check:
                    orphan.unlink()


# -- the user interface: hearts ------------------------------------------------------------

HEARTS_LOCALE = ROOT / "hearts_core" / "locale"
HEARTS_DOMAIN = "hearts"
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "marked_n": (1, 2),
    "say": None, "say_n": (1, 2), "marked": None, "translate": None, "translate_n": (1, 2),
    "hlT": None, "hlTn": (1, 2),
}
"""The translation layer's functions (:mod:`hearts_core.wording`, ``widgets/static/cards.js``) and
which of their arguments are the pattern (Babel's keyword specification)."""
PYTHON_SOURCES = ("hearts_core", "hearts_learner", "widgets", "hearts_lessons_app")
JS_SOURCES = ("widgets/static",)
TOML_TEXTS: dict[str, dict[str, tuple[str, ...]]] = {
    "widgets/lessons.toml": {"lesson": ("title", "summary", "mark")},
    "hearts_core/scenarios.toml": {"position": ("title", "prompt")},
}
"""Learner texts kept as data: file -> table array -> the keys a learner reads."""
COMMENT_TAGS = ("Translators:",)


def _python_files() -> list[Path]:
    return sorted(path for folder in PYTHON_SOURCES for path in (ROOT / folder).rglob("*.py")
                  if "locale" not in path.parts)


def _js_files() -> list[Path]:
    return sorted(path for folder in JS_SOURCES for path in (ROOT / folder).rglob("*.js"))


def _toml_texts(relative: str, keys: dict[str, tuple[str, ...]]) -> Iterator[tuple[str, int]]:
    """``(text, line)`` of every learner text of a TOML file, the line being where the text is written."""
    path = ROOT / relative
    source = path.read_text(encoding="utf-8")
    table = tomllib.loads(source)
    lines = source.split("\n")
    for array, fields in keys.items():
        for entry in table.get(array, ()):
            for field in fields:
                text = entry.get(field)
                if not isinstance(text, str) or not text:
                    continue
                written = json.dumps(text, ensure_ascii=False)  # a basic TOML string is written the same way
                line = next((number for number, content in enumerate(lines, start=1)
                             if content.lstrip().startswith(f"{field} =") and written in content), None)
                yield text, line or 1


def hearts_template() -> Catalog:
    """The ``hearts`` domain's template: every pattern said through the translation layer."""
    template = _new_catalogue(HEARTS_DOMAIN)
    for method, files in (("python", _python_files()), ("javascript", _js_files())):
        for path in files:
            relative = path.relative_to(ROOT).as_posix()
            for line, message, comments, context in extract_from_file(
                    method, path, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
                if not message or (isinstance(message, tuple) and not all(message)):
                    continue  # a keyword called on something that is not a literal: said from a table
                template.add(message, None, [(relative, line)], auto_comments=comments, context=context)
    for relative, keys in TOML_TEXTS.items():
        for text, line in _toml_texts(relative, keys):
            template.add(text, None, [(relative, line)])
    return template


def hearts_po_path(code: str) -> Path:
    return HEARTS_LOCALE / code / "LC_MESSAGES" / f"{HEARTS_DOMAIN}.po"


def compiled(catalogue: Catalog) -> bytes:
    """A catalogue as gettext's ``.mo`` (fuzzy messages left out, as gettext would ignore them)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalogue, use_fuzzy=False)
    return buffer.getvalue()


def keep_hearts(writer: Writer) -> None:
    """The ``hearts`` domain: template, each language's catalogue and its compiled ``.mo``."""
    template = hearts_template()
    writer.text(HEARTS_LOCALE / f"{HEARTS_DOMAIN}.pot", _po_text(template), ignore_dates=True)
    for code in TRANSLATED:
        po_path = hearts_po_path(code)
        catalogue = updated_catalogue(template, po_path, code)
        text = writer.text(po_path, _po_text(catalogue), ignore_dates=True)
        # Compiled from the file as written (what a translator edits), so the .mo matches it.
        written = read_po(io.BytesIO(text.encode("utf-8")), locale=code, domain=HEARTS_DOMAIN)
        writer.bytes(po_path.with_suffix(".mo"), compiled(written))


def stale_files() -> list[Path]:
    """Every generated file that differs from what ``./dev translations`` would write now."""
    writer = Writer(check=True)
    keep_all(writer)
    return writer.stale


def statistics() -> list[str]:
    """Per catalogue: messages, translated, fuzzy, untranslated (what ``--stats`` prints)."""
    lines = []
    for path in [*(lessons_po_path(code) for code in TRANSLATED), *(hearts_po_path(code) for code in TRANSLATED)]:
        catalogue = _read(path, locale=path.parts[-3])
        messages = [message for message in catalogue or () if message.id]
        fuzzy = sum(1 for message in messages if message.fuzzy)
        done = sum(1 for message in messages if not message.fuzzy and all(_texts(message.string)))
        lines.append(f"{path.relative_to(ROOT)}: {len(messages)} messages, {done} translated, {fuzzy} fuzzy, "
                     f"{len(messages) - done - fuzzy} untranslated")
    return lines


def keep_all(writer: Writer) -> None:
    keep_lessons(writer)
    keep_hearts(writer)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 naming every generated file that is out of date")
    parser.add_argument("--stats", action="store_true",
                        help="write nothing; print each catalogue's messages and how many are translated")
    args = parser.parse_args(argv)
    if args.stats:
        for line in statistics():
            print(line)
        return 0
    writer = Writer(check=args.check)
    keep_all(writer)
    for path in writer.stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path.relative_to(ROOT)}")
    if args.check and writer.stale:
        print("run ./dev translations to bring them up to date", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
