"""CardExplainer: tap any card of a hand and read, in the engine's words, whether it may be played.

Legal cards are marked and illegal ones dimmed but still tappable, because tapping an
unavailable card is how a learner finds out why.  Everything shown comes from
:func:`hearts_core.check_play` and :func:`hearts_core.legal_plays`.

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
from hearts_core.wording import seat_name
from widgets._base import HeartsWidget, bundle_css, bundle_esm, card_data, cards_data

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

    def __init__(self, scenario: str | Position = "practice-clubs-led", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.position = position(scenario) if isinstance(scenario, str) else scenario
        legal = set(self.position.legal())
        self.title = self.position.title
        self.prompt = self.position.prompt
        self.hand = cards_data(self.position.hand, legal=lambda card: card in legal)
        self.table = [
            {"seat": seat_name(seat), "card": card_data(card)}
            for seat, card in zip(self.position.seats, self.position.trick, strict=True)
        ]

    def _actions(self) -> dict[str, Any]:
        return {"tap": self.tap}

    def is_complete(self) -> bool:
        """Answered: some card has been tapped and explained (see :func:`widgets.lessons.completes`)."""
        return bool(self.verdict)

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
        }
        return verdict
