"""A Rummy match (R-GAME-1): rounds dealt one after another until the target or the hands are
reached, each round's deal drawn from the match's seed.

``start_match`` begins a match from nothing; ``RummyMatch.from_scores`` from a position: totals
already scored (``scores``, over ``rounds_played`` earlier rounds) and the round being played, any
``RummyState`` (from ``from_position`` or ``deal``), so that the end of a match can be taught:

>>> from rummy_teach.rummy import LayMeld, TakeDiscard, from_position
>>> position = from_position(["5H 6H 7H", "KS QD 2C"], discard_pile="8H")
>>> match = RummyMatch.from_scores([95, 40], position, seed=1)
>>> match.totals, match.is_over
((95, 40), False)
>>> match = match.apply(TakeDiscard()).apply(LayMeld.parse("5H 6H 7H 8H"))
>>> match.totals, match.is_over, match.winner
((117, 40), True, 0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rummy_teach import messages
from rummy_teach.errors import RulesError, shown
from rummy_teach.rules import RummyRules
from rummy_teach.rummy.moves import Move
from rummy_teach.rummy.setup import deal
from rummy_teach.rummy.state import RummyState, illegal

__all__ = ["RummyMatch", "round_seed", "start_match"]


def round_seed(seed: int, number: int) -> int:
    """The deal's seed of round ``number`` (from 0) of the match with ``seed``."""
    return random.Random(f"rummy-match:{seed}:{number}").getrandbits(32)


@dataclass(frozen=True, slots=True)
class RummyMatch:
    """Rounds played until someone reaches the target, or a fixed number of hands (R-GAME-1)."""

    rules: RummyRules
    players: tuple[str, ...]
    seed: int
    rounds: tuple[RummyState, ...]
    """Finished rounds, in order."""
    current: RummyState
    """The round being played (the last one, finished, once the match is over)."""
    scores_before: tuple[int, ...] = ()
    """Totals scored before the rounds kept here (a match set up by :meth:`from_scores`)."""
    rounds_before: int = 0
    """How many rounds ``scores_before`` came from (they count towards ``rules.hands``)."""

    @classmethod
    def from_scores(
        cls,
        scores: Sequence[int],
        current: RummyState,
        *,
        seed: int = 0,
        rounds_played: int = 0,
    ) -> RummyMatch:
        """A match already under way (R-GAME-1): each player's total ``scores`` so far, from
        ``rounds_played`` earlier rounds, and ``current`` the round being played (its rules and
        players are the match's); later rounds are dealt from ``seed``. A match that would already
        be over, or bad totals, raise ``RulesError``."""
        if not isinstance(current, RummyState) or current.is_over:
            raise RulesError(f"current is a round still being played, not {shown(current)}")
        count = len(current.players)
        if isinstance(scores, str) or not isinstance(scores, Sequence):
            raise RulesError(
                f"scores is a list of {count} totals, one per player, not {shown(scores)}"
            )
        totals = tuple(scores)
        if len(totals) != count or not all(type(n) is int and n >= 0 for n in totals):
            raise RulesError(
                f"scores needs one total of 0 or more per player ({count} of them), not {shown(scores)}"
            )
        if type(seed) is not int:
            raise RulesError(f"a seed is a whole number, not {shown(seed)}")
        if type(rounds_played) is not int or rounds_played < 0:
            raise RulesError(f"rounds_played is 0 or more, not {shown(rounds_played)}")
        match = cls(
            rules=current.rules,
            players=current.players,
            seed=seed,
            rounds=(),
            current=current,
            scores_before=totals,
            rounds_before=rounds_played,
        )
        if match.is_over:
            if current.rules.hands is not None:
                raise RulesError(
                    f"{rounds_played} rounds played: a match of {current.rules.hands} hands "
                    "is over already (R-GAME-1)"
                )
            raise RulesError(
                f"the scores {list(totals)} reach the target {current.rules.target}: the match "
                "is over already (R-GAME-1)"
            )
        return match

    @property
    def score_table(self) -> tuple[tuple[int, ...], ...]:
        """Points per player for each finished round: the running score sheet (R-GAME-1)."""
        return tuple(state.scores for state in self.rounds)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's points over the finished rounds."""
        before = self.scores_before or (0,) * len(self.players)
        return tuple(
            before[player] + sum(row[player] for row in self.score_table)
            for player in range(len(self.players))
        )

    @property
    def is_over(self) -> bool:
        """True after the fixed number of hands, or once a player reached the target (R-GAME-1)."""
        if self.rules.hands is not None:
            return self.rounds_before + len(self.rounds) >= self.rules.hands
        return any(total >= self.rules.target for total in self.totals)

    @property
    def winner(self) -> int | None:
        """The player with most points once the match is over; None before, or on a tie."""
        if not self.is_over:
            return None
        totals = self.totals
        best = max(totals)
        leaders = [player for player, total in enumerate(totals) if total == best]
        return leaders[0] if len(leaders) == 1 else None

    def apply(self, move: Move) -> RummyMatch:
        """The match after ``move`` in the current round; a finished round joins the score table."""
        if self.is_over:
            raise illegal("rummy.match_over", "R-GAME-1")
        state = self.current.apply(move)
        rounds = (*self.rounds, state) if state.is_over else self.rounds
        return replace(self, current=state, rounds=rounds)

    def next_round(self) -> RummyMatch:
        """Deal the next round, the deal passing clockwise; only once the current round is over."""
        if self.is_over:
            raise illegal("rummy.match_over", "R-GAME-1")
        if not self.current.is_over:
            raise illegal("rummy.round_not_over", "R-GAME-1")
        number = self.rounds_before + len(self.rounds)
        dealer = (self.current.dealer + 1) % len(self.players)
        state = deal(self.players, self.rules, seed=round_seed(self.seed, number), dealer=dealer)
        return replace(self, current=state)

    def score_message(self) -> str:
        """The running totals in a sentence."""
        parts = [
            messages.text("rummy.match.total", player=name, points=total)
            for name, total in zip(self.players, self.totals, strict=True)
        ]
        return messages.text(
            "rummy.match.totals",
            rounds=self.rounds_before + len(self.rounds),
            totals=messages.join(parts),
        )

    def to_dict(self) -> dict[str, Any]:
        """The match as a replay: rules, players, seed and each round's moves."""
        from rummy_teach.rummy.saves import match_to_dict

        return match_to_dict(self)

    def to_json(self) -> str:
        """The match as a JSON replay; :func:`~rummy_teach.rummy.load_match` rebuilds exactly it."""
        from rummy_teach.rummy.saves import to_json

        return to_json(self.to_dict())


def start_match(
    players: int | Sequence[str], rules: RummyRules | None = None, *, seed: int | None = None
) -> RummyMatch:
    """A new match (R-GAME-1) with its first round dealt; each round's deal comes from ``seed``."""
    rules = RummyRules() if rules is None else rules
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    if type(seed) is not int:  # the match's save keeps it: every round's deal comes from it
        raise RulesError(f"a seed is a whole number, not {shown(seed)}")
    first = deal(players, rules, seed=round_seed(seed, 0))
    return RummyMatch(rules=rules, players=first.players, seed=seed, rounds=(), current=first)
