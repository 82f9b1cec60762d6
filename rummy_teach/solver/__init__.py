"""Exact best Rummikub opening and best play, worded step by step.

Rules: K-OPEN-2, K-TURN-1, K-MELD-*, K-JOKER-*.

The solver is an integer program solved by HiGHS (``model``): one integer variable per candidate
set, one equality per tile type (den Hertog & Hulshof 2006). A dynamic program over numbers 1-13
(van Rijn, Takes & Vis 2015) has no room for the joker rules. It runs in stages, one module each:

- ``catalogue``: tile types as model rows; every run of 3-5 and group of 3-4 (longer runs are
  pieces joined again afterwards; with four jokers also the few longer runs no such cut builds).
  With two jokers a joker is a column "a joker standing for tile t" (no set can be all jokers
  then); with four, every joker placement is a candidate.
- ``table``: the input checked, each table set read; the hosts a joker set may live on in
  (K-JOKER-1/2/4 under today's ``"slide"`` rule, the swaps as ``rummikub.sets`` lists them).
- ``windows``: with four jokers, a joker run growing at its ends as its block and the numbers
  covered beyond it (tile or joker), not its thousands of hosts one by one.
- ``model``: the integer program, one lexicographically weighted objective solved by HiGHS to the
  optimum under deterministic node/iteration limits only (no clock reaches the answer).
- ``guard``: the watchdog every hint, review, strong bot and CLI solve runs under (a reused
  worker process; "no answer in time" instead of hanging).
- ``opening`` and ``play``: ``best_opening`` and ``best_play``, each read → build → solve → decode.
- ``readings``: decoding: jokers put back in, long runs joined, sets laid out as the engine reads them.
- ``solution`` and ``explain``: the answer (``Solution``) and its steps in words.
- ``hints``: ``hint`` and ``review`` for a game in progress.

Importing the package is light: ``highspy`` and ``numpy`` are imported on the first solve only,
and ``hints`` (with the guard) on first use of its names. The solver does no linear algebra in
numpy, so unless numpy is already loaded (or the variable set) OpenBLAS is told to start no
threads of its own: each would spin ~0.1 s of CPU at import (measured: numpy's import 88-96 ms
wall and 155-175 ms CPU with them, 61-66 ms and the same CPU without, on the 2-core machine where
a class's kernels share the cores).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if "numpy" not in sys.modules:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from rummy_teach.solver.explain import Step
from rummy_teach.solver.opening import best_opening
from rummy_teach.solver.play import Objective, best_play
from rummy_teach.solver.solution import Solution

if TYPE_CHECKING:
    from rummy_teach.solver.hints import Hint, Review, hint, review

__all__ = [
    "Hint",
    "Objective",
    "Review",
    "Solution",
    "Step",
    "best_opening",
    "best_play",
    "hint",
    "review",
]

_HINT_NAMES = frozenset({"Hint", "Review", "hint", "review"})


def __getattr__(name: str) -> Any:
    """``hints``' names, imported on first use (a first solve need not load the guard)."""
    if name in _HINT_NAMES:
        from rummy_teach.solver import hints

        value = getattr(hints, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'rummy_teach.solver' has no attribute {name!r}")
