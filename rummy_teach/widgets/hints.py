"""The hint ladder's words: rules named as the rule book names them, their texts, and the link to them.

A nudge names the rules it points at in words (the rule book's headings, ``rulebook.<id>.name``),
never by id; the feedback that shows a hint carries the rule book's address of the first rule as a
separate ``link`` (with ``link_text``), which the page draws as a link beside the plain text.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_teach import course, messages
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.rummikub.card_words import said

__all__ = ["rule_link", "rule_names", "rule_texts"]


def rule_names(rule_ids: Sequence[str]) -> str:
    """The rules in words, as the rule book heads them: ``“Groups” and “Runs”``."""
    return messages.join(
        messages.text("widgets.hint.rule_name", name=messages.text(course.rule_key(rule) + ".name"))
        for rule in rule_ids
    )


def rule_link(rule_ids: Sequence[str]) -> dict[str, str]:
    """The feedback fields linking the first rule's entry in the rule book (none without a rule)."""
    if not rule_ids:
        return {}
    first = rule_ids[0]
    name = messages.text(course.rule_key(first) + ".name")
    return {
        "link": course.rule_link(first),
        "link_text": messages.text("widgets.hint.rule_link", name=name),
    }


def rule_texts(rule_ids: Sequence[str], rules: Rules) -> str:
    """Each rule's text (``widgets.rule.<id>``), the ace-high wording when the rules say so, in
    card words when Rummikub is played with cards (K-CARDS-1)."""
    texts = []
    for rule in rule_ids:
        key = "widgets.rule." + rule.lower().replace("-", "_")
        if rule == "R-MELD-3" and isinstance(rules, RummyRules) and rules.ace == "low_or_high":
            key += ".high"
        needed = rules.initial_meld_points if isinstance(rules, RummikubRules) else 0
        texts.append(said(key, rules, needed=needed))
    return " ".join(texts)
