"""What an exercise asks for: a goal kind (the key of its sentence in ``messages``) and when it is met."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rummy_teach import messages
from rummy_teach.melds import Verdict
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.rummikub.card_words import said

__all__ = ["Goal"]

GoalKind = Literal[
    "make_meld",
    "make_run",
    "make_group",
    "lay_down_all",
    "lay_off_all",
    "open",
    "open_or_draw",
    "play_turn",
    "go_out",
    "play_game",
    "score",
    "spot",
]
_TURN_KINDS = ("play_turn", "go_out", "play_game")
"""Goals of the Rummy play views, worded in ``messages/en_turn.py`` (keys ``turn.goal.*``)."""


@dataclass(frozen=True, slots=True)
class Goal:
    """An exercise's goal: ``kind`` names the sentence and the check; ``left`` pieces may stay in hand."""

    kind: GoalKind
    left: int = 0

    @classmethod
    def make_meld(cls) -> Goal:
        """Lay down one meld, of either kind."""
        return cls("make_meld")

    @classmethod
    def make_run(cls) -> Goal:
        """Lay down a run."""
        return cls("make_run")

    @classmethod
    def make_group(cls) -> Goal:
        """Lay down a group."""
        return cls("make_group")

    @classmethod
    def lay_down_all(cls, left: int = 0) -> Goal:
        """Lay down melds until only ``left`` pieces stay in hand."""
        return cls("lay_down_all", left)

    @classmethod
    def lay_off_all(cls, left: int = 0) -> Goal:
        """Lay off onto the table until only ``left`` pieces stay in hand."""
        return cls("lay_off_all", left)

    @classmethod
    def open(cls) -> Goal:
        """Put down a valid Rummikub initial meld (K-OPEN-2)."""
        return cls("open")

    @classmethod
    def open_or_draw(cls) -> Goal:
        """Open if the rack can, else draw (K-OPEN-1, K-OPEN-2)."""
        return cls("open_or_draw")

    @classmethod
    def play_turn(cls, left: int = 0) -> Goal:
        """Play a whole Rummy turn (R-TURN-1..6), ending it with at most ``left`` cards in hand."""
        return cls("play_turn", left)

    @classmethod
    def go_out(cls) -> Goal:
        """Go out this turn: by melding, laying off or discarding the last card (R-OUT-1)."""
        return cls("go_out")

    @classmethod
    def play_game(cls) -> Goal:
        """Play a whole game against the computer, round after round, to the target (R-GAME-1)."""
        return cls("play_game")

    @classmethod
    def score(cls) -> Goal:
        """Count the winner's points at the end of a round (R-SCORE-1, K-END-1)."""
        return cls("score")

    @classmethod
    def spot(cls) -> Goal:
        """Mark exactly the melds that are not valid (R-MELD-1..3, K-MELD-2..4)."""
        return cls("spot")

    def text(self, rules: Rules) -> str:
        """The goal in one sentence, as shown above the exercise (with cards under card rules, K-CARDS-1)."""
        if self.kind == "score":  # Rummikub scores a game (K-END-1), Rummy a round (R-SCORE-1)
            return messages.text(
                "scoring.goal.rummikub" if isinstance(rules, RummikubRules) else "scoring.goal"
            )
        if self.kind == "spot":
            return messages.text("spot.goal.spot")
        needed = rules.initial_meld_points if isinstance(rules, RummikubRules) else 0
        area = "turn" if self.kind in _TURN_KINDS else "widgets"
        key = f"{area}.goal.{self.kind}"
        if self.kind in ("lay_down_all", "lay_off_all", "play_turn") and self.left == 0:
            key += "_none"
        target = rules.target if isinstance(rules, RummyRules) else 0
        hands = rules.hands if isinstance(rules, RummyRules) else None
        if self.kind == "play_game" and hands is not None:
            key += "_hands"
        return said(key, rules, left=self.left, needed=needed, target=target, hands=hands)

    def met_by_turn(self, hand_size: int, *, went_out: bool, turn_over: bool) -> bool:
        """Whether a Rummy turn that left ``hand_size`` cards in hand meets this goal."""
        if self.kind == "go_out":
            return went_out
        if self.kind == "play_turn":
            return (turn_over or went_out) and hand_size <= self.left
        return False

    def met_by_melds(self, laid: Sequence[Verdict], hand_size: int) -> bool:
        """Whether melds laid down (their verdicts) and the pieces left in hand meet this goal."""
        if self.kind == "make_meld":
            return len(laid) >= 1
        if self.kind == "make_run":
            return any(verdict.kind == "run" for verdict in laid)
        if self.kind == "make_group":
            return any(verdict.kind == "group" for verdict in laid)
        if self.kind in ("lay_down_all", "lay_off_all"):
            return hand_size <= self.left
        return False
