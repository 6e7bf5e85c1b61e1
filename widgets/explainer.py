"""CardExplainer: tap any card of a hand and read, in the engine's words, whether it may be played.

Nothing is marked before the learner taps: every card looks the same, and a card shows
allowed or not (and why) once tapped, because a lesson asks before it tells.  Everything
shown comes from :func:`hearts_core.check_play`; the reason code stays in Python.

>>> explainer = CardExplainer("first-trick-no-points")
>>> explainer.tap("♠Q").reason.value
'no_points_on_first_trick'
"""

from __future__ import annotations

from typing import Any, ClassVar

import traitlets

from hearts_core import Card, Verdict, check_play
from hearts_core.cards import to_card
from hearts_core.scenarios import Position, position
from hearts_core.wording import translate
from widgets._base import HeartsWidget, bundle_css, bundle_esm, cards_data, command, played_data
from widgets.glossary import rule_link

__all__ = ["CardExplainer"]


class CardExplainer(HeartsWidget):
    """A position from the package's scenarios; ``tap(card)`` explains that card."""

    _esm = bundle_esm("explainer.js")
    _css = bundle_css()

    completion_trait: ClassVar[str] = "verdict"

    title = traitlets.Unicode("").tag(sync=True)
    prompt = traitlets.Unicode("").tag(sync=True)
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    table = traitlets.List(traitlets.Dict()).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    verdict = traitlets.Dict().tag(sync=True)
    tapped = traitlets.List(traitlets.Dict()).tag(sync=True)
    """Each card tapped so far with its verdict: only these show allowed or not."""

    def __init__(self, scenario: str | Position = "practice-clubs-led", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.position = position(scenario) if isinstance(scenario, str) else scenario
        # The scenario's texts are patterns kept in the engine's tables: said here, in the page's language.
        self.title = translate(self.position.title)
        self.prompt = translate(self.position.prompt)
        self.hand = cards_data(self.position.hand)
        self.table = played_data(self.position.seats, self.position.trick)

    def is_complete(self) -> bool:
        """Answered: some card has been tapped and explained (see :func:`widgets.lessons.completes`)."""
        return bool(self.verdict)

    @command("tap")
    def tap(self, card: Card | str) -> Verdict:
        """The learner taps ``card``: select it and show the engine's verdict."""
        chosen = to_card(card)  # malformed text raises InvalidCardError, quoting it
        verdict = check_play(
            self.position.hand, self.position.trick, chosen,
            first_trick=self.position.first_trick, hearts_broken=self.position.hearts_broken,
        )
        self.selected = str(chosen)
        self.verdict = {
            "card": str(chosen), "legal": verdict.legal, "reason": verdict.reason.value, "message": verdict.message,
            "link": rule_link(verdict.reason),
        }
        if all(item["card"] != str(chosen) for item in self.tapped):
            self.tapped = [*self.tapped, {"card": str(chosen), "legal": verdict.legal}]
        return verdict
