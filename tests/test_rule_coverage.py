"""Coverage of the rule book: every rule id enforced where the engine says so, tested, every switch tried.

One convention for tests: a test that checks a rule cites its id, in the rule book's spelling
(``R-TURN-6``, ``K-JOKER-1``), in its docstring; test names say what is checked, not the id.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from functools import cache
from pathlib import Path

import pytest

from rummy_teach import RummikubRules, RummyRules

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
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
ID_IN_A_NAME = re.compile(r"(?:^|_)[rk]_[a-z]+_\d+(?:_|$)")


@cache
def all_test_functions() -> dict[str, ast.FunctionDef]:
    """Every test function under tests/, by ``file::name``."""
    found: dict[str, ast.FunctionDef] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found[f"{path.relative_to(TESTS)}::{node.name}"] = node
    return found


def test_the_list_matches_the_rule_book() -> None:
    """The pinned list of ids is the rule book's (where ../shared/RULES.md lies beside the checkout)."""
    if not RULE_BOOK.exists():
        pytest.skip("the rule book lies beside the checkout only in the project's workspace and CI")
    in_book = re.findall(
        r"^\| ([RK]-[A-Z]+-\d+) \|", RULE_BOOK.read_text(encoding="utf-8"), re.MULTILINE
    )
    assert sorted(in_book) == sorted(RULE_IDS)


@pytest.mark.parametrize("rule", RULE_IDS)
def test_rule_is_cited_in_the_engine(rule: str) -> None:
    """Each rule id stands in the engine where the rule is enforced."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "rummy_teach").rglob("*.py"))
    assert rule in source, f"{rule} is enforced nowhere that says so"


@pytest.mark.parametrize("rule", RULE_IDS)
def test_rule_is_cited_by_a_test_docstring(rule: str) -> None:
    """Each rule id is cited in the docstring of at least one test."""
    docs = [ast.get_docstring(node) or "" for node in all_test_functions().values()]
    assert any(rule in doc for doc in docs), f"no test docstring cites {rule}"


def test_no_test_spells_a_rule_id_into_its_name() -> None:
    """The convention: ids go in docstrings (``R-MELD-1: …``), never into test names."""
    named = [key for key in all_test_functions() if ID_IN_A_NAME.search(key.split("::")[1][5:])]
    assert named == []


@pytest.mark.parametrize(
    ("rules", "switch"),
    [(RummyRules, field.name) for field in dataclasses.fields(RummyRules)]
    + [(RummikubRules, field.name) for field in dataclasses.fields(RummikubRules)],
)
def test_every_variant_switch_is_tried(rules: type, switch: str) -> None:
    """Every field of both rules objects is set to a non-default value by some test."""
    sources = "".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py"))
    assert re.search(rf"{rules.__name__}\([^)]*\b{switch}=", sources), (
        f"no test sets {rules.__name__}({switch}=...)"
    )
