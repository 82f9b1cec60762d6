"""Classroom warm-up: which lessons a teacher names, how many kernels each keeps ready, when ready."""

from __future__ import annotations

import pytest

from rummy_teach import warmup
from rummy_teach.warmup import ClassPlan, PlanError, pick_lessons

LESSONS = ["01-start-here.ipynb", "02-rummy-groups-and-runs.ipynb", "04-rummy-laying-off.ipynb"]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("02,04", ("02-rummy-groups-and-runs.ipynb", "04-rummy-laying-off.ipynb")),
        ("04, 02 ,04", ("04-rummy-laying-off.ipynb", "02-rummy-groups-and-runs.ipynb")),
        ("01-start-here.ipynb", ("01-start-here.ipynb",)),
        ("01-start-here", ("01-start-here.ipynb",)),
        ("", tuple(LESSONS)),
        (["02"], ("02-rummy-groups-and-runs.ipynb",)),
    ],
)
def test_lessons_are_named_by_number_or_file(spec: str, expected: tuple[str, ...]) -> None:
    assert pick_lessons(spec, LESSONS) == expected


@pytest.mark.parametrize("spec", ["03", "2", "02,99", "x" * 300, "rummy"])
def test_an_unknown_lesson_is_refused_with_the_known_ones(spec: str) -> None:
    with pytest.raises(PlanError) as caught:
        pick_lessons(spec, LESSONS)
    assert "too long" in str(caught.value) or "01, 02, 04" in str(caught.value)


@pytest.mark.parametrize("size", [0, -1, 201, True, 2.5])
def test_a_class_size_outside_one_to_two_hundred_is_refused(size: object) -> None:
    with pytest.raises(PlanError, match="from 1 to 200"):
        ClassPlan.make(size, LESSONS[:1])  # type: ignore[arg-type]


def test_a_plan_needs_a_lesson() -> None:
    with pytest.raises(PlanError, match="at least one lesson"):
        ClassPlan.make(30, [])


def test_the_reserve_shrinks_as_learners_come_down_to_the_usual_pool() -> None:
    """Each learner who opens a planned lesson takes a kernel that is not replaced until the pool."""
    plan = ClassPlan.make(30, LESSONS[1:])
    assert [plan.reserve(LESSONS[1], taken, 4) for taken in (0, 1, 26, 27, 40)] == [30, 29, 4, 4, 4]
    assert plan.reserve(LESSONS[0], 0, 4) == 4  # not in the plan: the usual pool


def test_a_plan_too_big_for_the_memory_is_cut_and_says_so() -> None:
    """Class kernels take at most half the memory available, shared by the planned lessons."""
    gib = 2**30
    big = ClassPlan.make(30, LESSONS[1:], available_bytes=24 * gib)
    assert big.size == 30 and not big.cut
    small = ClassPlan.make(30, LESSONS[1:], available_bytes=2 * gib)  # 16 kernels fit: 8 a lesson
    assert (small.size, small.asked, small.cut) == (8, 30, True)
    assert ClassPlan.make(30, LESSONS, available_bytes=10 * 2**20).size == 1  # never 0


def test_voila_pool_config_keeps_the_default_and_adds_each_reserve() -> None:
    plan = ClassPlan.make(30, LESSONS[1:2])
    base = {"default": {"pool_size": 9, "kernel_env_variables": {"A": "1"}}}
    config = warmup.pool_config(plan, {LESSONS[1]: 5}, 2, base)
    assert config == {
        "default": {"pool_size": 2, "kernel_env_variables": {"A": "1"}},
        LESSONS[1]: {"pool_size": 25, "kernel_env_variables": {"A": "1"}},
    }
    assert warmup.pool_config(None, {}, 3, base) == {
        "default": {"pool_size": 3, "kernel_env_variables": {"A": "1"}}
    }


def test_ready_when_every_planned_lesson_has_its_reserve_waiting() -> None:
    plan = ClassPlan.make(3, LESSONS[1:])
    assert not warmup.ready(plan, {LESSONS[1]: 3, LESSONS[2]: 2}, {}, 1)
    assert warmup.ready(plan, {LESSONS[1]: 3, LESSONS[2]: 3}, {}, 1)
    assert warmup.ready(plan, {LESSONS[1]: 1, LESSONS[2]: 3}, {LESSONS[1]: 2}, 1)


FOUR = {"en": 12, "nb": 12, "da": 12, "nl": 12}
GIB = 2**30


@pytest.mark.parametrize(
    ("main", "available_gib", "pool_size", "expected"),
    [
        # 22 GiB: 44 kernels; English alone keeps 3 (36), one per translated lesson would need 48
        ("en", 22, None, {"en": 3, "nb": 0, "da": 0, "nl": 0}),
        # a Norwegian server: its lessons 2, English 1 (36 kernels), Danish and Dutch none
        ("nb", 22, None, {"en": 1, "nb": 2, "da": 0, "nl": 0}),
        # 24 GiB: 48 kernels, one for each lesson of every language
        ("en", 24, None, {"en": 1, "nb": 1, "da": 1, "nl": 1}),
        ("da", 40, None, {"en": 1, "nb": 1, "da": 3, "nl": 1}),
        ("en", 64, None, {"en": 4, "nb": 1, "da": 1, "nl": 1}),
        # little memory: the server's language keeps 1 (as before), no other language
        ("nl", 4, None, {"en": 0, "nb": 0, "da": 0, "nl": 1}),
        ("nb", None, None, {"en": 0, "nb": 1, "da": 0, "nl": 0}),
        # --pool-size sets the server's language; the others still follow the memory
        ("nb", 22, 1, {"en": 1, "nb": 1, "da": 0, "nl": 0}),
        ("nb", 24, 1, {"en": 1, "nb": 1, "da": 1, "nl": 1}),
        ("en", 22, 3, {"en": 3, "nb": 0, "da": 0, "nl": 0}),
        ("en", 64, 0, {"en": 0, "nb": 0, "da": 0, "nl": 0}),
    ],
)
def test_the_servers_language_keeps_the_most_kernels_and_others_one_when_memory_allows(
    main: str, available_gib: int | None, pool_size: int | None, expected: dict[str, int]
) -> None:
    available = None if available_gib is None else available_gib * GIB
    pools = warmup.language_pools(FOUR, main, available, pool_size)
    assert pools == expected
    if available_gib is not None and available_gib >= 8:  # within an eighth of the memory
        kernels = sum(pools[language] * FOUR[language] for language in FOUR)
        assert kernels * warmup.KERNEL_MIB * 2**20 <= available / 8


def test_a_lessons_own_pool_is_kept_in_voilas_config_and_is_its_usual_pool() -> None:
    """A translated lesson with a pool of 1 (or 0) keeps it without a class, and its class
    reserve shrinks down to it, not to the default pool."""
    plan = ClassPlan.make(5, ["nb/02.ipynb"])
    own = {"nb/02.ipynb": 1, "da/02.ipynb": 0}
    config = warmup.pool_config(plan, {"nb/02.ipynb": 4}, 3, None, own)
    assert config == {
        "default": {"pool_size": 3},
        "nb/02.ipynb": {"pool_size": 1},
        "da/02.ipynb": {"pool_size": 0},
    }
    assert warmup.usual_pool("da/02.ipynb", 3, own) == 0
    assert warmup.usual_pool("02.ipynb", 3, own) == 3
    assert warmup.ready(plan, {"nb/02.ipynb": 1}, {"nb/02.ipynb": 4}, 3, own)
    assert not warmup.ready(plan, {"nb/02.ipynb": 1}, {"nb/02.ipynb": 4}, 3)
