"""Median time of ``check_meld`` on a mix of valid and invalid melds, with and without jokers.

Target (issue 2): well under 100 µs per call. Prints one line per meld and the overall median.
Run with ``make bench`` or ``python benchmarks/melds.py``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from rummy_teach import (
    RummikubRules,
    RummyRules,
    check_layoff,
    check_meld,
    parse_cards,
    parse_tiles,
)

RUMMY = RummyRules()
KUB = RummikubRules()
CASES = [
    ("rummy", "5H 6H 7H", True),
    ("rummy", "9H 9S 9C 9D", True),
    ("rummy", "5H 6H 8H", False),
    ("rummy", "QS KS AS", False),
    ("rummy", "5H 6D 7H", False),
    ("rummy", "2C 9H KD", False),
    ("rummikub", "R10 B10 K10", True),
    ("rummikub", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", True),
    ("rummikub", "R5 R6 J", True),
    ("rummikub", "R5 J J", True),
    ("rummikub", "K10 B10 J", True),
    ("rummikub", "R7 R7 B7", False),
    ("rummikub", "R12 R13 R1", False),
    ("rummikub", "R5 R9 J", False),
]
REPEATS = 2000


def _median_us(call: Callable[[], object]) -> float:
    samples = []
    for _ in range(REPEATS):
        start = time.perf_counter_ns()
        call()
        samples.append(time.perf_counter_ns() - start)
    return statistics.median(samples) / 1000


def main() -> None:
    """Print the median microseconds per call for each case and overall."""
    medians = []
    print(f"check_meld, median of {REPEATS} calls each (target: well under 100 µs)")
    for game, text, expected in CASES:
        if game == "rummy":
            pieces = parse_cards(text)
            rules: RummyRules | RummikubRules = RUMMY
        else:
            pieces = parse_tiles(text)
            rules = KUB
        assert check_meld(pieces, rules).ok is expected, text
        median = _median_us(lambda pieces=pieces, rules=rules: check_meld(pieces, rules))
        medians.append(median)
        status = "valid  " if expected else "invalid"
        print(f"  {game:9} {status} {median:8.1f} µs  {text}")
    print(
        f"overall median: {statistics.median(medians):.1f} µs, slowest case {max(medians):.1f} µs"
    )
    table, added = parse_cards("6S 7S 8S"), parse_cards("9S 10S")
    print(
        f"check_layoff (run + 2 cards): {_median_us(lambda: check_layoff(table, added, RUMMY)):.1f} µs"
    )


if __name__ == "__main__":
    main()
