"""Every K-* rule of RULES.md and every RummikubRules switch is named by some Rummikub test."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from rummy_teach import RummikubRules

TESTS = Path(__file__).parent
RULE_IDS = [
    *[f"K-SET-{n}" for n in range(1, 4)],
    *[f"K-MELD-{n}" for n in range(1, 6)],
    *[f"K-OPEN-{n}" for n in range(1, 5)],
    *[f"K-TURN-{n}" for n in range(1, 5)],
    *[f"K-JOKER-{n}" for n in range(1, 5)],
    "K-END-1",
    "K-END-2",
    "K-CARDS-1",
]


def docstrings() -> dict[str, str]:
    """Every Rummikub test's docstring, by test name."""
    found: dict[str, str] = {}
    for path in sorted(TESTS.glob("test_rummikub*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                found[f"{path.name}::{node.name}"] = ast.get_docstring(node) or ""
    return found


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_rule_has_a_test(rule: str) -> None:
    """Coverage: some test names the rule id in its docstring."""
    docs = docstrings()
    assert any(rule in doc for doc in docs.values()), f"no test docstring cites {rule}"


@pytest.mark.parametrize("switch", [field.name for field in dataclasses.fields(RummikubRules)])
def test_every_variant_switch_is_exercised(switch: str) -> None:
    """Coverage: every RummikubRules field is set to a non-default value in some test."""
    sources = "".join(path.read_text(encoding="utf-8") for path in TESTS.glob("test_rummikub*.py"))
    assert f"RummikubRules({switch}=" in sources or f", {switch}=" in sources
