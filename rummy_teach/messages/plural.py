"""A message whose wording depends on a number: an English singular and plural, chosen per language."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Plural"]


@dataclass(frozen=True)
class Plural:
    """An English template in two forms; the number in parameter ``n`` picks the form.

    A catalog gives each language its own forms (``msgid_plural``, ``msgstr[0]`` …, chosen by the
    catalog's CLDR plural rule through ``npgettext``), so no sentence is glued from pieces in code.
    """

    n: str
    """The parameter whose number picks the form, e.g. ``"count"``."""
    one: str
    """The English template for exactly one."""
    other: str
    """The English template for any other number."""
