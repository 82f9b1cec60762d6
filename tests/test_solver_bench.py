"""Every play the solver finds on the 300 shared benchmark positions passes the engine's turn check
(K-MELD-1, K-OPEN-1/2, K-TURN-1/2, K-JOKER-1/2/4) and places as many tiles as the reference, or
fewer only where a table set holds a joker (the reference lets table jokers move freely)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_teach import RummikubRules, parse_tiles
from rummy_teach.rummikub import check_turn
from rummy_teach.solver import best_opening, best_play
from rummy_teach.solver.play import _best_play

DATA = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "rummikub_positions.json"
POSITIONS = json.loads(DATA.read_text())["positions"]
RULES = RummikubRules()


def _read(position: dict[str, object]) -> tuple[list, list]:  # type: ignore[type-arg]
    rack = parse_tiles(" ".join(position["rack"]))  # type: ignore[arg-type]
    table = [parse_tiles(" ".join(tiles)) for tiles in position["table"]]  # type: ignore[union-attr]
    return rack, table


@pytest.mark.parametrize("tier", ["opening", "midgame", "late"])
def test_every_benchmark_play_passes_the_turn_check(tier: str) -> None:
    """K-MELD-1: check_turn accepts every play; tile counts equal the reference unless a table joker locks."""
    below: list[str] = []
    for position in POSITIONS:
        if position["tier"] != tier:
            continue
        rack, table = _read(position)
        reference = position["max_tiles_without_joker_lock"]
        if tier == "opening":
            play = best_opening(rack, RULES)
            if play is None:
                assert reference == 0, position["id"]
                continue
            verdict = check_turn(table, play.table, rack, opened=False, rules=RULES)
        else:
            play = best_play(rack, table, RULES)
            if not play.placed:
                assert reference == 0 or any("J" in tiles for tiles in position["table"])
                continue
            verdict = check_turn(table, play.table, rack, opened=True, rules=RULES)
        assert verdict.ok, (position["id"], verdict.message)
        assert play.tiles <= reference, position["id"]
        if play.tiles < reference:
            assert any("J" in tiles for tiles in position["table"]), position["id"]
            below.append(position["id"])
        assert play.explain()
    if tier == "opening":
        assert not below


def test_free_jokers_reach_the_reference_exactly() -> None:
    """With table jokers free to move (the reference's model) the solver equals it everywhere."""
    for position in POSITIONS:
        if position["tier"] == "opening" or not any("J" in t for t in position["table"]):
            continue
        rack, table = _read(position)
        free = _best_play(rack, table, RULES, objective="tiles", lock_jokers=False)
        assert free.tiles == position["max_tiles_without_joker_lock"], position["id"]


def test_the_benchmark_prints_each_target_met_or_missed(capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/solver.py says each tier's p95 against 50 ms, and the late one's scaled by the anchor."""
    from benchmarks import solver as bench

    ours = {"opening": [1.0] * 100, "midgame": [60.0] * 100, "late": [40.0] * 100}
    bench.tier_targets(ours, (131.0, 353.0))
    out = capsys.readouterr().out
    assert "opening  p95 1.0 ms <= 50.0: met" in out
    assert "midgame  p95 60.0 ms > 50.0: MISSED" in out
    assert "late median (131 here, 120 when set): 40.0 ms <= 54.6: met" in out
    assert "late p95 (353 here, 475 when set): 40.0 ms > 37.2: MISSED" in out
    bench.tier_targets(ours, None)
    assert "scaled" not in capsys.readouterr().out
