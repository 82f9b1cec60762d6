"""Nothing is lost: every game the set-up functions accept can be saved and loaded again, and a
hostile save is refused in words (a seed that is not a whole number was accepted and its save could
not be loaded; a card game set up by hand was saved in tile notation and read back as cards; JSON
nested 100,000 deep raised ``RecursionError``)."""

from __future__ import annotations

import pytest

from rummy_teach import RummikubRules, rummikub, rummy
from rummy_teach.errors import RulesError


@pytest.mark.parametrize("seed", ["x", 1.5, None, True])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed: object) -> None:
    """``from_position`` and ``start_match`` take a whole number, as ``deal`` does."""
    with pytest.raises(RulesError, match="whole number"):
        rummikub.from_position(["R1", "R2"], seed=seed)  # type: ignore[arg-type]
    if seed is not None:  # start_match draws a seed for None
        with pytest.raises(RulesError, match="whole number"):
            rummy.start_match(["Ada", "Bo"], seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("pieces", ["tiles", "cards"])
def test_a_game_set_up_by_hand_loads_again_with_tiles_or_cards(pieces: str) -> None:
    """K-CARDS-1: the saved position is read back as it was written, whatever the pieces."""
    rules = RummikubRules(pieces=pieces)  # type: ignore[arg-type]
    racks = ["5H 6H 7H", "KS"] if pieces == "cards" else ["R5 R6 R7", "K13"]
    start = rummikub.from_position(racks, rules=rules, seed=4)
    later = start.apply(rummikub.Draw())
    for state in (start, later):
        assert rummikub.load(state.to_json()) == state


@pytest.mark.parametrize("load", [rummikub.load, rummy.load, rummy.load_match])
def test_json_nested_far_too_deep_is_refused_in_words(load: object) -> None:
    """A hostile save (lists 100,000 deep) is a ``RulesError``, not a ``RecursionError``."""
    assert callable(load)
    with pytest.raises(RulesError, match="nested"):
        load("[" * 100_000 + "]" * 100_000)
