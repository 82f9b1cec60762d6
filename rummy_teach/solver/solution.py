"""The solver's answer: a ``Solution`` (the rack tiles placed and the whole table after them)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rummy_teach.rules import RummikubRules
from rummy_teach.rummikub.sets import TileSet
from rummy_teach.solver.explain import Plan, Step, describe

__all__ = ["Solution"]


@dataclass(frozen=True, slots=True)
class Solution:
    """A turn the solver found: the rack tiles it places and the whole table after it."""

    placed: TileSet
    """The rack tiles played, sorted."""
    table: tuple[TileSet, ...]
    """The new table: every set, each read as the engine reads it (K-MELD-5): runs ascending with
    each joker where it stands, groups K R B O then jokers; sets left untouched exactly as given."""
    points: int
    """An opening: the meld's value (K-OPEN-2, a joker worth what it stands for). Later plays: the
    placed tiles' value as K-END-1 counts them (a joker 30)."""
    before: tuple[TileSet, ...] = ()
    """The table the play starts from."""
    rack: TileSet = ()
    """The rack the play starts from."""
    opening: bool = False
    """True for an initial meld (K-OPEN-2)."""
    proven: bool = True
    """False when HiGHS reached its deterministic node or iteration limit (``model.NODE_LIMIT``)
    and the play is the best it found rather than proven best; the same on any machine."""
    rules: RummikubRules | None = field(default=None, repr=False, compare=False)
    """The rules the play was found under (``pieces="cards"`` words it with cards, K-CARDS-1)."""
    plan: Plan | tuple[Step, ...] = field(default=(), repr=False, compare=False)
    """The steps, or what the solver decided for ``steps`` to work out when asked for."""

    @property
    def steps(self) -> tuple[Step, ...]:
        """The play step by step, as data; ``explain()`` words it."""
        if isinstance(self.plan, Plan):
            return tuple(describe(self.before, self.table, self.placed, self.plan, self.rules))
        return self.plan

    @property
    def tiles(self) -> int:
        """How many rack tiles the play places."""
        return len(self.placed)

    @property
    def left(self) -> TileSet:
        """The rack tiles still on the rack after the play."""
        remaining = Counter(self.rack)
        remaining.subtract(self.placed)
        return tuple(sorted(remaining.elements()))

    def explain(self) -> str:
        """The play in the learner's words, one step per line."""
        return "\n".join(self.explain_steps())

    def explain_steps(self) -> list[str]:
        """The play in the learner's words, one sentence per step."""
        cards = self.rules is not None and self.rules.pieces == "cards"
        return [step.text(cards=cards) for step in self.steps]
