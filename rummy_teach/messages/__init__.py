"""Every learner-facing sentence, looked up by a stable reason key with named parameters.

English is the source text (one module per area: ``en_melds``, ``en_rummy`` …). Other languages
are standard gettext catalogs, ``locale/<lang>/LC_MESSAGES/rummy_teach.mo``, whose entries use the
reason key as message context (``msgctxt``) and the English template as ``msgid``; adding
Norwegian, Danish or Dutch is adding a catalog, never touching the engine.
"""

from __future__ import annotations

import gettext
import string
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from rummy_teach.errors import RummyTeachError
from rummy_teach.messages import (
    en_course,
    en_every,
    en_joker,
    en_lessons,
    en_melds,
    en_rearrange,
    en_rulebook,
    en_rules_picker,
    en_rummikub,
    en_rummikub_game,
    en_rummy,
    en_rummy_game,
    en_scoring,
    en_solver,
    en_spot,
    en_turn,
    en_widgets,
)

if TYPE_CHECKING:
    from rummy_teach.pieces import Card, Tile

__all__ = [
    "CATALOG",
    "LOCALE_DIR",
    "get_language",
    "join",
    "piece_name",
    "piece_short",
    "pieces_short",
    "rule_link",
    "set_language",
    "template",
    "text",
]

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "rummy_teach"


def _merge(*catalogs: Mapping[str, str]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for catalog in catalogs:
        for key, english in catalog.items():
            if key in merged:
                raise RummyTeachError(f"message key {key!r} is defined twice")
            merged[key] = english
    return merged


CATALOG: dict[str, str] = _merge(
    en_melds.MESSAGES,
    en_rummy.MESSAGES,
    en_rummikub.MESSAGES,
    en_solver.MESSAGES,
    en_widgets.MESSAGES,
    en_rearrange.MESSAGES,
    en_joker.MESSAGES,
    en_turn.MESSAGES,
    en_rummy_game.MESSAGES,
    en_rulebook.MESSAGES,
    en_course.MESSAGES,
    en_scoring.MESSAGES,
    en_rules_picker.MESSAGES,
    en_every.MESSAGES,
    en_rummikub_game.MESSAGES,
    en_spot.MESSAGES,
    en_lessons.MESSAGES,
)
"""Reason key -> English template with ``{named}`` parameters."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(language: str | None, *, localedir: Path | str | None = None) -> None:
    """Word every message in ``language`` (``"en"``, ``"nb"``, ``"da"``, ``"nl"`` …) from now on.

    A language without a catalog falls back to English for every key.
    """
    global _translation, _language
    if language in (None, "en"):
        _translation, _language = gettext.NullTranslations(), "en"
        return
    assert language is not None
    _translation = gettext.translation(
        DOMAIN, localedir=str(localedir or LOCALE_DIR), languages=[language], fallback=True
    )
    _language = language


def get_language() -> str:
    """The language messages are worded in now."""
    return _language


def template(key: str) -> str:
    """The template for ``key`` in the current language; an unknown key raises ``RummyTeachError``."""
    try:
        english = CATALOG[key]
    except KeyError:
        raise RummyTeachError(f"no message for reason key {key!r}") from None
    return _translation.pgettext(key, english)


def text(key: str, /, **params: object) -> str:
    """The sentence for ``key`` with its named parameters filled in."""
    pattern = template(key)
    try:
        return pattern.format(**params)
    except (KeyError, IndexError, ValueError) as error:
        raise RummyTeachError(
            f"message {key!r} needs parameters {placeholders(key)}: {error}"
        ) from None


def placeholders(key: str) -> set[str]:
    """The parameter names the English template of ``key`` uses."""
    return {name for _, name, _, _ in string.Formatter().parse(CATALOG[key]) if name}


def join(items: Iterable[str]) -> str:
    """Items as a list in words: ``a``, ``a and b``, ``a, b and c``."""
    words = list(items)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return text("list.join", head=text("list.separator").join(words[:-1]), last=words[-1])


def piece_short(piece: Card | Tile) -> str:
    """How a piece is named inside a sentence: ``7♥``, ``red 7``, ``joker``."""
    from rummy_teach.pieces import Card

    if isinstance(piece, Card):
        return piece.symbol
    if piece.colour is None:
        return text("piece.joker")
    return text(
        "piece.tile", colour=text(f"colour.{piece.colour.name.lower()}"), number=piece.number
    )


def pieces_short(pieces: Iterable[Card | Tile]) -> str:
    """Several pieces named inside a sentence, space-separated: ``5♥ 6♥ 8♥``."""
    return " ".join(piece_short(piece) for piece in pieces)


def piece_name(piece: Card | Tile) -> str:
    """A piece's accessible name, for screen readers: ``7 of hearts``, ``red 7``, ``joker``,
    ``joker as red 4``."""
    from rummy_teach.pieces import Card

    if isinstance(piece, Card):
        return text(
            "piece.card",
            rank=text(f"rank.{piece.rank}"),
            suit=text(f"suit.{piece.suit.name.lower()}"),
        )
    if piece.stands is not None:  # K-MELD-5: a joker that says what it stands for
        return text("piece.joker_as", tile=piece_short(piece.stands))
    return piece_short(piece)


def rule_link(rule_id: str) -> str:
    """The rule book page's address for ``rule_id``, relative to a lesson: ``rules.ipynb#K-OPEN-2``.

    For a lesson's or a hint's link to the rule it names (``rummy_teach.course.rule_link``).
    """
    from rummy_teach.course import rule_link as link

    return link(rule_id)
