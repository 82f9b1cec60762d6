"""The hint ladder's middle step: the text of each rule an exercise practises, in the rules' variant."""

from __future__ import annotations

from collections.abc import Sequence

from rummy_teach import messages
from rummy_teach.rules import Rules, RummikubRules, RummyRules

__all__ = ["rule_texts"]


def rule_texts(rule_ids: Sequence[str], rules: Rules) -> str:
    """Each rule's text (``widgets.rule.<id>``), the ace-high wording when the rules say so."""
    texts = []
    for rule in rule_ids:
        key = "widgets.rule." + rule.lower().replace("-", "_")
        if rule == "R-MELD-3" and isinstance(rules, RummyRules) and rules.ace == "low_or_high":
            key += ".high"
        needed = rules.initial_meld_points if isinstance(rules, RummikubRules) else 0
        texts.append(messages.text(key, needed=needed))
    return " ".join(texts)
