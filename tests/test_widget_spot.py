"""The spot-the-mistake view, driven with the messages the browser sends (lesson 2, R-MELD-1..3)."""

from __future__ import annotations

from rummy_teach import RummikubRules, RummyRules, lessons, messages
from rummy_teach.widgets import RulesPicker, SpotExercise, show

_seq = 0


def send(view: SpotExercise, **content: object) -> None:
    global _seq
    _seq += 1
    view.receive({**content, "seq": _seq})


def mark(view: SpotExercise, *melds: int) -> None:
    for index in melds:
        send(view, intent="pick", piece=view.groups[index][-1])


def check(view: SpotExercise) -> None:
    send(view, intent="press", button="check")


def test_lesson_2s_spot_the_mistake_right_first_time_R_MELD_2() -> None:
    """Marking exactly the five faulty melds and checking solves it, with three stars (par)."""
    view = show(lessons.RUMMY_SPOT)
    assert isinstance(view, SpotExercise)
    assert view.faulty() == [0, 1, 3, 4, 5]
    assert [zone["role"] for zone in view.zones] == ["table"] * 6
    assert not any("note" in zone for zone in view.zones)  # nothing said before Check
    mark(view, 0, 1, 3, 4, 5)
    assert sorted(view.marked) == [0, 1, 3, 4, 5]
    assert set(view.selected) == {pid for i in view.marked for pid in view.groups[i]}
    check(view)
    assert view.solved and view.stars == 3
    assert view.feedback["status"] == "solved"
    assert "5 of 6 were not valid" in view.feedback["message"]
    notes = [zone["note"] for zone in view.zones]
    assert "7♥ is missing between 6♥ and 8♥" in notes[0]  # the engine's words, under each meld
    assert notes[2].startswith("Right, this one is valid")
    assert [zone["status"] for zone in view.zones] == ["bad", "bad", "ok", "bad", "bad", "bad"]


def test_a_wrong_mark_and_a_missed_meld_are_each_said_R_MELD_1() -> None:
    """A valid meld marked and a faulty one missed: not solved, each zone says which it was."""
    view = show(lessons.RUMMY_SPOT)
    mark(view, 0, 2)
    check(view)
    assert not view.solved
    assert view.feedback["status"] == "bad"
    assert view.feedback["message"] == messages.text("spot.not_all", found=1, faulty=5, mistaken=1)
    notes = {int(zone["id"][1:]): zone["note"] for zone in view.zones}
    assert notes[0].startswith("Right, it is not valid")
    assert notes[2].startswith("This one is valid, so it is no mistake")
    assert notes[5].startswith("Missed:") and "only 2 cards" in notes[5]
    mark(view, 2)  # unmark the valid group
    mark(view, 1, 3, 4, 5)
    check(view)
    assert view.solved and view.stars == 2  # more moves than the par


def test_marking_twice_unmarks_and_reset_clears_everything() -> None:
    view = show(lessons.RUMMY_SPOT)
    mark(view, 1)
    assert view.marked == [1] and view.zones[1]["status"] == "info"
    mark(view, 1)
    assert view.marked == [] and "no longer marked" in view.feedback["message"]
    mark(view, 3)
    check(view)
    send(view, intent="press", button="reset")
    assert view.marked == [] and not view.checked and not view.selected
    assert not any("note" in zone for zone in view.zones)


def test_hints_name_the_rules_and_end_with_the_faulty_melds() -> None:
    view = show(lessons.RUMMY_SPOT)
    ladder = view.hints()
    assert "“Groups”, “Runs” and “The ace is low”" in ladder[0]
    assert ladder[2].startswith("The melds that are not valid: meld 1 (5♥ 6♥ 8♥)")
    send(view, intent="press", button="hint")
    assert view.feedback["link"] == "rules.ipynb#R-MELD-1"


def test_bad_messages_change_nothing() -> None:
    view = show(lessons.RUMMY_SPOT)
    before = (list(view.marked), view.zones)
    send(view, intent="pick", piece="p999")
    send(view, intent="press", button="lay_down")
    send(view, intent="drop", piece="p0", on="s1")
    assert (view.marked, view.zones) == before
    assert view.answered == 3


def test_a_house_rule_switched_judges_the_melds_again_R_MELD_3() -> None:
    """With the ace high or low, Q-K-A is valid: the same marks no longer solve it."""
    view = SpotExercise(["QS KS AS", "KS AS 2S", "AH 2H 3H"], RummyRules())
    mark(view, 0, 1)
    check(view)
    assert view.solved
    RulesPicker(view).choose("ace", "low_or_high")
    assert not view.solved and view.faulty() == [1]
    check(view)
    assert not view.solved
    mark(view, 0)
    check(view)
    assert view.solved


def test_rummikub_melds_and_jokers() -> None:
    view = SpotExercise(["R7 R7 B7", "O12 O13 O1", "R12 R13 J"], RummikubRules())
    assert view.faulty() == [0, 1]
    assert "“Jokers”" in view.hints()[0]
    assert view._repr_mimebundle_()[0]["text/plain"] == messages.text("widgets.needs_page")


def test_another_row_shows_the_lessons_slips_among_valid_melds_and_replays() -> None:
    """R-MELD-1..3: hand N is a row of valid melds and slips, the same for everyone, solvable."""
    from rummy_teach import RummyRules, check_meld, format_pieces, parse_cards
    from rummy_teach.lessons.deals_spot import spot_melds

    rules = RummyRules()
    for number in range(1, 41):
        row = spot_melds(number, rules)
        assert row == spot_melds(number, rules)
        verdicts = [check_meld(parse_cards(meld), rules) for meld in row]
        assert 2 <= sum(v.ok for v in verdicts) <= 3 and len(row) == 6
    view = SpotExercise(("4D 5D 6D", "9H 9S"), rules)
    view.another(7)
    assert view.hand_caption and len(view.groups) == 6
    shown = [format_pieces(view.piece(pid) for pid in group) for group in view.groups]
    assert tuple(shown) == spot_melds(7, rules)
    for index in view.faulty():
        view.receive({"intent": "pick", "piece": view.groups[index][0], "seq": 1})
    view.receive({"intent": "press", "button": "check", "seq": 2})
    assert view.solved
