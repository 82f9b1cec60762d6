"""Every rule id of the rule book is cited where the engine enforces it and named by a test."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
RULE_BOOK = REPO.parent / "shared" / "RULES.md"  # beside the checkout, as CI lays it out
RULE_IDS = [
    *[f"R-SETUP-{n}" for n in range(1, 5)],
    *[f"R-MELD-{n}" for n in range(1, 4)],
    *[f"R-TURN-{n}" for n in range(1, 7)],
    "R-OUT-1",
    "R-OUT-2",
    "R-SCORE-1",
    "R-SCORE-2",
    "R-GAME-1",
    "R-STOCK-1",
    "R-STOCK-2",
    *[f"K-SET-{n}" for n in range(1, 4)],
    *[f"K-MELD-{n}" for n in range(1, 6)],
    *[f"K-OPEN-{n}" for n in range(1, 5)],
    *[f"K-TURN-{n}" for n in range(1, 5)],
    *[f"K-JOKER-{n}" for n in range(1, 5)],
    "K-END-1",
    "K-END-2",
    "K-CARDS-1",
]


def _text(folder: str, pattern: str) -> str:
    return "\n".join(
        path.read_text(encoding="utf-8") for path in sorted((REPO / folder).rglob(pattern))
    )


def test_the_list_matches_the_rule_book() -> None:
    if not RULE_BOOK.exists():
        pytest.skip(
            "the rule book lies beside the checkout only in the project's own workspace and CI"
        )
    in_book = re.findall(
        r"^\| ([RK]-[A-Z]+-\d+) \|", RULE_BOOK.read_text(encoding="utf-8"), re.MULTILINE
    )
    assert sorted(in_book) == sorted(RULE_IDS)


@pytest.mark.parametrize("rule", RULE_IDS)
def test_rule_is_cited_in_the_engine(rule: str) -> None:
    assert rule in _text("rummy_teach", "*.py"), f"{rule} is enforced nowhere that says so"


@pytest.mark.parametrize("rule", RULE_IDS)
def test_rule_is_named_by_a_test(rule: str) -> None:
    tests = "\n".join(
        path.read_text(encoding="utf-8")
        for path in sorted((REPO / "tests").rglob("test_*.py"))
        if path.name != "test_rule_coverage.py"
    )
    spelled = rule.lower().replace("-", "_")
    assert rule in tests or spelled in tests, f"no test names {rule}"
