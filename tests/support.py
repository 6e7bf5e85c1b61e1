"""Shared helpers for the engine tests (imported as tests.support)."""

from __future__ import annotations

from hearts_core import Card, parse_cards


def cards(text: str) -> tuple[Card, ...]:
    """Shorthand: ``cards("♣3 ♣A")``."""
    return parse_cards(text)


def texts(items: tuple[Card, ...] | list[Card]) -> list[str]:
    """Cards as house-notation strings, for readable assertions."""
    return [str(card) for card in items]
