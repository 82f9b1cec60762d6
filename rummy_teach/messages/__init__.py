"""Every learner-facing sentence, looked up by a stable reason key with named parameters.

English is the source text (one module per area: ``en_melds``, ``en_rummy`` …). Other languages
are standard gettext catalogs, ``locale/<lang>/LC_MESSAGES/rummy_teach.mo``, whose entries use the
reason key as message context (``msgctxt``) and the English template as ``msgid``; adding
Norwegian, Danish or Dutch is adding a catalog, never touching the engine.
"""

from __future__ import annotations

import gettext
import os
import re
import string
from collections.abc import Iterable, Mapping
from contextvars import ContextVar, Token
from typing import TYPE_CHECKING, Any, Literal

from rummy_teach.errors import RummyTeachError, shown
from rummy_teach.messages import (
    en_app,
    en_course,
    en_every,
    en_joker,
    en_lessons,
    en_melds,
    en_rearrange,
    en_rulebook,
    en_rules,
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
from rummy_teach.messages.plural import Plural

if TYPE_CHECKING:
    from pathlib import Path

    from rummy_teach.pieces import Card, Colour, Suit, Tile

    LOCALE_DIR: Path
    """Where the catalogs live (``locale/<lang>/LC_MESSAGES``)."""

__all__ = [
    "CATALOG",
    "LANGUAGES",
    "LOCALE_DIR",
    "NAMED_WHOLE",
    "PLURALS",
    "Plural",
    "card_suits",
    "face",
    "get_language",
    "join",
    "join_or",
    "meld_short",
    "piece_name",
    "piece_short",
    "pieces_listed",
    "pieces_short",
    "restore_tile_names",
    "rule_link",
    "set_language",
    "show_tiles_as_cards",
    "template",
    "text",
]

_LOCALE = os.path.join(os.path.dirname(__file__), "locale")
"""``LOCALE_DIR`` as a string: pathlib (with urllib.parse) is ~6 ms of a first solve's imports."""


def _module_getattr(name: str) -> Any:
    """``LOCALE_DIR``, made on first use (a ``Path``; a test may set it instead)."""
    if name == "LOCALE_DIR":
        from pathlib import Path

        globals()[name] = Path(_LOCALE)
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if not TYPE_CHECKING:  # hidden from type checkers, which then still flag unknown names
    __getattr__ = _module_getattr

DOMAIN = "rummy_teach"
LANGUAGES = ("en", "nb", "da", "nl")
"""The languages the course is written in: English (the source) and a catalog for each other one."""
_LIST_LOCALE = {"en": "en_GB"}
"""Babel's locale for joining lists, where it differs from the language: ``a, b and c`` in English."""


def _merge(*catalogs: Mapping[str, str | Plural]) -> dict[str, str | Plural]:
    merged: dict[str, str | Plural] = {}
    for catalog in catalogs:
        for key, english in catalog.items():
            if key in merged:
                raise RummyTeachError(f"message key {key!r} is defined twice")
            merged[key] = english
    return merged


SOURCE: dict[str, str | Plural] = _merge(
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
    en_rules.MESSAGES,
    en_every.MESSAGES,
    en_rummikub_game.MESSAGES,
    en_spot.MESSAGES,
    en_app.MESSAGES,
    en_lessons.MESSAGES,
)
"""Reason key -> English template, or its two forms (``Plural``) when a number picks the wording."""
CATALOG: dict[str, str] = {
    key: english.other if isinstance(english, Plural) else english
    for key, english in SOURCE.items()
}
"""Reason key -> English template with ``{named}`` parameters (a plural's form for many)."""
PLURALS: dict[str, Plural] = {
    key: english for key, english in SOURCE.items() if isinstance(english, Plural)
}
"""The keys whose wording depends on a number, with their English forms."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"
_list_locale = "en_GB"
"""Babel's locale for joining lists now: the language's, or English where it has no catalog."""
_LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Za-z0-9]{2,8})*")


def set_language(language: str | None, *, localedir: Path | str | None = None) -> None:
    """Word every message in ``language`` (``"en"``, ``"nb"``, ``"da"``, ``"nl"`` …) from now on.

    A language without a catalog is English throughout: every key, and lists joined. Anything but
    a language code (two or three letters, then ``_`` parts: ``nb_NO``) raises ``RummyTeachError``.
    """
    global _translation, _language, _list_locale
    if language in (None, "en"):
        _translation, _language, _list_locale = gettext.NullTranslations(), "en", "en_GB"
        return
    if not isinstance(language, str) or not _LANGUAGE_CODE.fullmatch(language):
        raise RummyTeachError(
            f"a language is a code such as {', '.join(map(repr, LANGUAGES))}, not {shown(language)}"
        )
    translation = gettext.translation(
        DOMAIN,
        localedir=str(localedir or globals().get("LOCALE_DIR", _LOCALE)),
        languages=[language],
        fallback=True,
    )
    found = type(translation) is not gettext.NullTranslations
    _translation, _language = translation, language
    base = language.partition("_")[0]  # Babel knows the languages; gettext's region may be any
    _list_locale = _LIST_LOCALE.get(base, base) if found else "en_GB"


def get_language() -> str:
    """The language messages are worded in now."""
    return _language


def template(key: str, count: int | None = None) -> str:
    """The template for ``key`` in the current language (for ``count`` things where the wording
    depends on a number); an unknown key raises ``RummyTeachError``."""
    plural = PLURALS.get(key)
    if plural is not None:
        if count is None:
            raise RummyTeachError(f"message {key!r} needs a number for {plural.n!r}")
        return _translation.npgettext(key, plural.one, plural.other, count)
    try:
        english = CATALOG[key]
    except KeyError:
        raise RummyTeachError(f"no message for reason key {key!r}") from None
    return _translation.pgettext(key, english)


def text(key: str, /, **params: object) -> str:
    """The sentence for ``key`` with its named parameters filled in."""
    plural = PLURALS.get(key)
    count: int | None = None
    if plural is not None:
        number = params.get(plural.n)
        if not isinstance(number, int) or isinstance(number, bool):
            raise RummyTeachError(f"message {key!r} needs a whole number for {plural.n!r}")
        count = number
    pattern = template(key, count)
    try:
        return pattern.format(**params)
    except (KeyError, IndexError, ValueError) as error:
        raise RummyTeachError(
            f"message {key!r} needs parameters {placeholders(key)}: {error}"
        ) from None


def placeholders(key: str) -> set[str]:
    """The parameter names the English template of ``key`` uses (both forms of a plural)."""
    english = SOURCE[key]
    forms = (english.one, english.other) if isinstance(english, Plural) else (english,)
    return {name for form in forms for name in names_in(form)}


def names_in(pattern: str) -> set[str]:
    """The ``{named}`` parameters a template uses; a malformed template raises ``ValueError``."""
    return {name for _, name, _, _ in string.Formatter().parse(pattern) if name}


def _format_list(words: list[str], style: Literal["standard", "or"]) -> str:
    if len(words) <= 1:
        # Babel's own answer for no word or one, without importing Babel (~5 ms): a first solve
        # reads every one-joker set on the table. Babel checks the locale first: known ones only.
        return words[0] if words else ""
    from babel.lists import format_list

    return format_list(words, style=style, locale=_list_locale)


def join(items: Iterable[str]) -> str:
    """Items as a list in words, by the language's own rule (Babel): ``a, b and c``, ``a, b og c``."""
    return _format_list(list(items), "standard")


def join_or(items: Iterable[str]) -> str:
    """Alternatives in words, by the language's own rule (Babel): ``a, b or c``, ``a, b eller c``."""
    return _format_list(list(items), "or")


_CARD_SUITS: ContextVar[Mapping[Colour, Suit] | None] = ContextVar("card_suits", default=None)
"""While a game played with cards words its sentences (K-CARDS-1): the suit each tile colour shows
as, so that a tile is named as its card; None: tiles are named as tiles."""


def show_tiles_as_cards(suits: Mapping[Colour, Suit] | None) -> Token[Mapping[Colour, Suit] | None]:
    """Name every tile as the card of its colour's suit in ``suits`` from now on in this context
    (K-CARDS-1), or as a tile when None; ``restore_tile_names(token)`` undoes it."""
    return _CARD_SUITS.set(suits)


def restore_tile_names(token: Token[Mapping[Colour, Suit] | None]) -> None:
    """Name tiles as they were named before the ``show_tiles_as_cards`` that gave ``token``."""
    _CARD_SUITS.reset(token)


def card_suits() -> Mapping[Colour, Suit] | None:
    """The suit each tile colour is named and drawn as now (K-CARDS-1); None: tiles are tiles."""
    return _CARD_SUITS.get()


def face(piece: Card | Tile) -> Card | Tile:
    """``piece`` as it is named and drawn now: a numbered tile as its card while tiles show as
    cards (K-CARDS-1), else itself."""
    suits = _CARD_SUITS.get()
    if suits is None:
        return piece
    from rummy_teach.pieces import Card, Tile

    if not isinstance(piece, Tile) or piece.colour is None:
        return piece
    return Card(piece.number, suits[piece.colour])


def piece_short(piece: Card | Tile) -> str:
    """How a piece is named inside a sentence: ``7♥``, ``red 7``, ``joker`` (a tile as its card
    while tiles show as cards, K-CARDS-1)."""
    from rummy_teach.pieces import Card

    piece = face(piece)
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


NAMED_WHOLE = 20
"""The most pieces ``meld_short`` and ``pieces_listed`` name one by one: a meld holds at most 13,
so a run one or a few too long is still named whole; a longer list is named clipped."""


def meld_short(pieces: Iterable[Card | Tile]) -> str:
    """A meld as given named inside a sentence, as ``pieces_short`` does up to ``NAMED_WHOLE``
    pieces; a longer one, far longer than any meld (13), by its first three, its last and their
    count (``red 5 red 5 red 5 … red 5 (300 pieces)``), so that a verdict on any input stays
    readable."""
    given = list(pieces)
    return pieces_short(given) if len(given) <= NAMED_WHOLE else _clipped(given, " ")


def pieces_listed(pieces: Iterable[Card | Tile]) -> str:
    """Pieces listed inside a sentence (``5♥, 6♥ and 8♥``); more than ``NAMED_WHOLE`` clipped as
    ``meld_short`` clips them (``5♥, 6♥, 8♥ … K♣ (40 pieces)``)."""
    given = list(pieces)
    if len(given) <= NAMED_WHOLE:
        return join(piece_short(piece) for piece in given)
    return _clipped(given, text("list.separator"))


def _clipped(given: list[Card | Tile], separator: str) -> str:
    """A long list of pieces as its first three (``separator`` between), its last and its count."""
    return text(
        "pieces.clipped",
        start=separator.join(piece_short(piece) for piece in given[:3]),
        end=piece_short(given[-1]),
        count=len(given),
    )


def piece_name(piece: Card | Tile) -> str:
    """A piece's accessible name, for screen readers: ``7 of hearts``, ``red 7``, ``joker``,
    ``joker as red 4`` (a tile as its card while tiles show as cards, K-CARDS-1)."""
    from rummy_teach.pieces import Card

    piece = face(piece)
    if isinstance(piece, Card):
        return text(
            "piece.card",
            rank=text(f"rank.{piece.rank}"),
            suit=text(f"suit.{piece.suit.name.lower()}"),
        )
    if piece.stands is not None:  # K-MELD-5: a joker that says what it stands for
        return text("piece.joker_as", tile=piece_name(piece.stands))
    return piece_short(piece)


def rule_link(rule_id: str) -> str:
    """The rule book page's address for ``rule_id``, relative to a lesson: ``rules.ipynb#K-OPEN-2``.

    For a lesson's or a hint's link to the rule it names (``rummy_teach.course.rule_link``).
    """
    from rummy_teach.course import rule_link as link

    return link(rule_id)
