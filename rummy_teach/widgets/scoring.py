"""The scoring view: the hands left at the end of a round; the learner types the winner's points.

Rummy (R-SCORE-1, R-SCORE-2: going rummy doubling with the switch) and Rummikub (K-END-1: zero
sum, a joker left on a rack 30; K-END-2: the empty-pool ending). The round is played to its end by
the engine (``rummy_teach.lessons.deals_scoring``) under the exercise's rules, and every number
shown or judged comes from the engine (``RummyState.points``, ``RummikubState.scores``,
``hand_value``, ``piece_value``); the view only words them. A typed number arrives as the
``answer`` intent (``intents.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Literal

import traitlets

from rummy_teach import messages
from rummy_teach.errors import IllegalMoveError, RulesError, shown
from rummy_teach.lessons.deals_scoring import RummikubEnd, RummyEnd, ScoringEnd, deal_scoring
from rummy_teach.lessons.goals import Goal
from rummy_teach.melds import hand_value, piece_value
from rummy_teach.pieces import Piece
from rummy_teach.rules import Rules, RummikubRules, RummyRules
from rummy_teach.rummikub import RummikubState
from rummy_teach.rummy import RummyState
from rummy_teach.static import view_css, view_module
from rummy_teach.widgets.base import Exercise
from rummy_teach.widgets.intents import MAX_ANSWER, MIN_ANSWER

__all__ = ["ScoringExercise"]

EndState = RummyState | RummikubState


@dataclasses.dataclass(frozen=True, slots=True)
class _Zone:
    """One zone of the end position: a player's hand or rack, or a set on the table."""

    id: str
    kind: Literal["hand", "table"]
    player: int | None
    pieces: tuple[Piece, ...]


class ScoringExercise(Exercise):
    """The end of a round: the hands or racks left, the table; type the winner's points."""

    _esm = view_module("scoring")
    _css = view_css("scoring")
    entry = traitlets.Dict().tag(sync=True)
    """The number field: its label, its Check button, the words for a bad entry, the bounds, the
    number last judged (Python's; the browser sends a typed number as an ``answer`` intent)."""

    def __init__(self, end: ScoringEnd, rules: Rules | None = None, *, title: str = "") -> None:
        rules = (
            (RummyRules() if end.game == "rummy" else RummikubRules()) if rules is None else rules
        )
        if rules.game != end.game:
            raise RulesError(f"a {end.game} ending needs {end.game} rules, not {shown(rules.key)}")
        self.end = end
        self.entered: int | None = None
        """The number the learner typed last (None before any)."""
        self.problem: str | None = None
        """Why the round cannot end this way under the rules now (engine's words), or None."""
        self._layout: list[_Zone] = []
        self._ids: list[list[str]] = []
        super().__init__("", rules, goal=Goal.score(), title=title)
        self.instructions = messages.text("scoring.instructions")

    # ------------------------------------------------------------------ the round, by the engine

    def _play_out(self) -> None:
        """Play the position to its end under the rules now and lay out its zones."""
        try:
            self.end_state: EndState = self._ended(self.rules)
        except IllegalMoveError as error:  # a switch the ending breaks: keep what was shown
            if not self._layout:
                raise
            self.problem = str(error)
            return
        self.problem = None
        layout: list[_Zone] = []
        hands: Sequence[Sequence[Piece]] = (
            self.end_state.hands if isinstance(self.end_state, RummyState) else self.end_state.racks
        )
        for player, hand in enumerate(hands):
            layout.append(_Zone(f"h{player}", "hand", player, tuple(hand)))
        table: Sequence[Sequence[Piece]]
        if isinstance(self.end_state, RummyState):
            table = [meld.cards for meld in self.end_state.table]
            owners: list[int | None] = [meld.player for meld in self.end_state.table]
        else:
            table = list(self.end_state.table)
            owners = [None] * len(table)
        for index, (pieces, owner) in enumerate(zip(table, owners, strict=True)):
            layout.append(_Zone(f"t{index}", "table", owner, tuple(pieces)))
        self._layout = layout
        self._all = {}
        self._ids = [self._add_pieces(zone.pieces) for zone in layout]
        self._show_pieces()

    def _ended(self, rules: Rules) -> EndState:
        """The position played to its end by the engine under ``rules`` (of the position's game)."""
        if isinstance(self.end, RummyEnd) and isinstance(rules, RummyRules):
            return self.end.state(rules)
        if isinstance(self.end, RummikubEnd) and isinstance(rules, RummikubRules):
            return self.end.state(rules)
        raise RulesError(
            f"a {self.end.game} ending needs {self.end.game} rules, not {shown(rules.key)}"
        )

    @property
    def winner(self) -> int:
        """The seat of the round's winner (the engine's)."""
        assert self.end_state.winner is not None
        return self.end_state.winner

    @property
    def points(self) -> int:
        """The winner's points for the round: what the learner must type (the engine's)."""
        if isinstance(self.end_state, RummyState):
            return self.end_state.points
        assert self.end_state.scores is not None
        return self.end_state.scores[self.winner]

    def _name(self, player: int) -> str:
        return self.end_state.players[player]

    def _start(self) -> None:
        self.entered = None
        self._play_out()
        super()._start()

    def _deal(self, number: int) -> bool:
        """A fresh end position of the same game from ``number`` (the same for everyone)."""
        self.end = deal_scoring(self.rules.game, number)
        self._start()
        return True

    # ------------------------------------------------------------------ what the view shows

    def _refresh(self, feedback: dict[str, str]) -> None:
        with self.hold_sync():
            self.entry = {
                "label": messages.text("scoring.entry.label", player=self._name(self.winner)),
                "check": messages.text("scoring.entry.check"),
                "invalid": messages.text("scoring.entry.invalid"),
                "min": MIN_ANSWER,
                "max": MAX_ANSWER,
                "value": "" if self.entered is None else str(self.entered),
            }
            super()._refresh(feedback)

    def _zones(self) -> list[dict[str, Any]]:
        shown = self.entered is not None or self.hint_level >= 3
        zones = []
        for zone, ids in zip(self._layout, self._ids, strict=True):
            spec: dict[str, Any] = {
                "id": zone.id,
                "label": self._zone_label(zone),
                "role": zone.kind,
                "pieces": ids,
            }
            note = self._zone_note(zone) if shown else ""
            if note:
                spec |= {"status": "info", "note": note}
            zones.append(spec)
        return zones

    def _zone_label(self, zone: _Zone) -> str:
        cards = not self.rules.uses_tiles
        short = (
            messages.pieces_short(zone.pieces)
            if cards
            else messages.join(messages.piece_short(piece) for piece in zone.pieces)
        )
        if zone.kind == "table":
            if cards and zone.player is not None:
                return messages.text(
                    "scoring.zone.meld", player=self._name(zone.player), cards=short
                )
            return messages.text("scoring.zone.set", tiles=short)
        assert zone.player is not None
        player = self._name(zone.player)
        if not zone.pieces:
            key = "scoring.zone.went_out" if cards else "scoring.zone.rack_empty"
            return messages.text(key, player=player)
        if cards:
            return messages.text("scoring.zone.hand", player=player, cards=short)
        return messages.text("scoring.zone.rack", player=player, tiles=short)

    def _zone_note(self, zone: _Zone) -> str:
        if zone.kind == "table":
            return messages.text("scoring.note.table")
        assert zone.player is not None
        if not zone.pieces or (zone.player == self.winner and not self.rules.uses_tiles):
            return ""
        counted, total = self._counted(zone.pieces), hand_value(zone.pieces, self.rules)
        if isinstance(self.end_state, RummyState):
            return messages.text("scoring.note.hand", counted=counted, total=total)
        assert self.end_state.scores is not None
        player = self._name(zone.player)
        if zone.player == self.winner:
            return messages.text(
                "scoring.note.winner_rack", counted=counted, total=total, player=player
            )
        score = self.end_state.scores[zone.player]
        return messages.text(
            "scoring.note.rack", counted=counted, total=total, player=player, score=score
        )

    def _counted(self, pieces: Sequence[Piece]) -> str:
        """``Q♦ 10, 4♠ 4``: each piece with what the engine says it counts."""
        return messages.text("list.separator").join(
            messages.text(
                "scoring.value",
                piece=messages.piece_short(piece),
                points=piece_value(piece, self.rules),
            )
            for piece in pieces
        )

    # ------------------------------------------------------------------ the learner's actions

    def _idle_feedback(self) -> dict[str, str]:
        return self._feedback("info", messages.text("scoring.idle"))

    def _pick(self, piece_id: str) -> None:
        """A card or tile clicked: what it counts (or that table pieces count nothing)."""
        self.selected = [] if self.selected == [piece_id] else [piece_id]
        self._refresh(self._preview())

    def _preview(self) -> dict[str, str]:
        if not self.selected:
            return self._idle_feedback()
        piece_id = self.selected[0]
        index = next(n for n, ids in enumerate(self._ids) if piece_id in ids)
        zone, piece = self._layout[index], self._all[piece_id]
        short = messages.piece_short(piece)
        if zone.kind == "table" or zone.player is None:
            return self._feedback("info", messages.text("scoring.piece.table", piece=short))
        player = self._name(zone.player)
        if piece.is_joker:
            return self._feedback("info", messages.text("scoring.piece.joker", player=player))
        key = "scoring.piece.rack" if self.rules.uses_tiles else "scoring.piece.hand"
        points = piece_value(piece, self.rules)
        return self._feedback("info", messages.text(key, piece=short, player=player, points=points))

    def _on_answer(self, value: int) -> None:
        self.entered = value
        self._after_change()
        self._refresh(self._verdict())

    def _after_change(self) -> None:
        """Play the round out again (the rules may have changed) and judge the last answer."""
        self._play_out()
        self._set_solved(self.problem is None and self.entered == self.points)

    def _rejudge(self) -> dict[str, str]:
        if self.problem is not None:
            return self._feedback("bad", messages.text("scoring.cannot_end", why=self.problem))
        return self._verdict() if self.entered is not None else self._preview()

    def _verdict(self) -> dict[str, str]:
        """Right, with the engine's sentence; or wrong, with the likely slip and the whole count."""
        if self.problem is not None:
            return self._rejudge()
        player, points = self._name(self.winner), self.points
        if self.entered == points:
            engine = (
                self.end_state.result_message()
                if isinstance(self.end_state, RummyState)
                else (self.end_state.last_verdict.message if self.end_state.last_verdict else "")
            )
            said = [messages.text("scoring.right", player=player, points=points), engine]
            if isinstance(self.end_state, RummikubState):
                said.append(self._zero_sum())
            return self._solved_feedback(" ".join(said))
        said = [messages.text("scoring.wrong", value=self.entered, player=player, points=points)]
        said += self._slips()
        said.append(self._count())
        return self._feedback("bad", " ".join(said))

    # ------------------------------------------------------------------ explaining the count

    def _count(self) -> str:
        """The whole count, piece by piece, in sentences: the hint's answer and a wrong answer's help."""
        if isinstance(self.end_state, RummyState):
            return self._count_rummy(self.end_state)
        return " ".join([*self._count_rummikub(self.end_state), self._zero_sum()])

    def _losers_pieces(self) -> list[Piece]:
        return [
            piece
            for zone in self._layout
            if zone.kind == "hand" and zone.player != self.winner
            for piece in zone.pieces
        ]

    def _count_rummy(self, state: RummyState) -> str:
        pieces = self._losers_pieces()
        if not pieces:
            return messages.text("scoring.count.none")
        total = hand_value(pieces, state.rules)
        said = messages.text("scoring.count.rummy", counted=self._counted(pieces), total=total)
        if state.points != total:  # R-SCORE-2: going rummy, doubling on
            said += " " + messages.text(
                "scoring.count.doubled", player=self._name(self.winner), points=state.points
            )
        return said

    def _count_rummikub(self, state: RummikubState) -> list[str]:
        assert state.scores is not None
        totals = [hand_value(rack, state.rules) for rack in state.racks]
        low, winner = totals[self.winner], self._name(self.winner)
        said, terms = [], []
        for player, rack in enumerate(state.racks):
            if player == self.winner:
                continue
            score = state.scores[player]
            terms.append(str(-score))
            counted = self._counted(rack) or messages.text("rummy.result.no_cards")
            params = {"player": self._name(player), "counted": counted, "total": totals[player]}
            if state.ending == "blocked":
                said.append(
                    messages.text(
                        "scoring.count.rack_blocked",
                        **params,
                        difference=-score,
                        winner=winner,
                        low=low,
                        score=score,
                    )
                )
            else:
                said.append(messages.text("scoring.count.rack", **params, score=score))
        key = (
            "scoring.count.winner_blocked" if state.ending == "blocked" else "scoring.count.winner"
        )
        said.append(
            messages.text(
                key,
                player=winner,
                low=low,
                terms=messages.text("scoring.plus").join(terms),
                points=state.scores[self.winner],
            )
        )
        return said

    def _zero_sum(self) -> str:
        assert isinstance(self.end_state, RummikubState) and self.end_state.scores is not None
        scores = [
            messages.text("scoring.player_score", player=self._name(player), score=f"{score:+d}")
            for player, score in enumerate(self.end_state.scores)
        ]
        return messages.text("scoring.zero_sum", scores=messages.join(scores))

    def _what_if(self, **switches: Any) -> int | None:
        """The winner's Rummy points had ``switches`` been set (the engine's), None if impossible."""
        try:
            state = self._ended(dataclasses.replace(self.rules, **switches))
        except IllegalMoveError:
            return None
        return state.points if isinstance(state, RummyState) else None

    def _slips(self) -> list[str]:
        """What a wrong answer most likely missed, each found by asking the engine the what-if."""
        value, slips = self.entered, []
        if isinstance(self.end_state, RummyState):
            rules = self.end_state.rules
            base = self._what_if(going_rummy_doubles=False)
            table = [
                piece for zone in self._layout if zone.kind == "table" for piece in zone.pieces
            ]
            counted = hand_value(table, rules)
            if table and base is not None and value in (base + counted, self.points + counted):
                slips.append(messages.text("scoring.wrong.table"))
            doubled = self._what_if(going_rummy_doubles=True)
            rummy = self.end_state.going_rummy
            if rummy and rules.going_rummy_doubles and value == base:
                slips.append(
                    messages.text("scoring.wrong.not_doubled", player=self._name(self.winner))
                )
            elif rummy and not rules.going_rummy_doubles and value == doubled:
                slips.append(messages.text("scoring.wrong.doubled"))
            elif not rummy and value == 2 * self.points:
                slips.append(
                    messages.text("scoring.wrong.not_rummy", player=self._name(self.winner))
                )
            other = "low" if rules.ace == "low_or_high" else "low_or_high"
            if value == self._what_if(ace=other) != self.points:
                key = (
                    "scoring.wrong.ace_low" if other == "low_or_high" else "scoring.wrong.ace_high"
                )
                slips.append(messages.text(key))
            return slips
        assert self.end_state.scores is not None
        if (
            value == -self.points
            or value
            in self.end_state.scores[: self.winner] + self.end_state.scores[self.winner + 1 :]
        ):
            slips.append(messages.text("scoring.wrong.sign"))
        if any(piece.is_joker for piece in self._losers_pieces()):
            slips.append(messages.text("scoring.wrong.joker"))
        totals = [hand_value(rack, self.end_state.rules) for rack in self.end_state.racks]
        low = totals[self.winner]
        if self.end_state.ending == "blocked" and low and value == sum(totals) - low:
            slips.append(messages.text("scoring.wrong.difference", low=low))
        return slips

    # ------------------------------------------------------------------ hints

    def _rule_ids(self) -> list[str]:
        if not self.rules.uses_tiles:
            return ["R-SCORE-1", "R-SCORE-2"]
        if isinstance(self.end_state, RummikubState) and self.end_state.ending == "blocked":
            return ["K-END-2", "K-END-1"]
        return ["K-END-1"]

    def _nudge(self) -> str:
        rules = self._rule_names()
        if not self.rules.uses_tiles:
            return messages.text("scoring.hint.nudge.rummy", rules=rules)
        if self._rule_ids()[0] == "K-END-2":
            return messages.text("scoring.hint.nudge.empty_pool", rules=rules)
        return messages.text("scoring.hint.nudge.rummikub", rules=rules)

    def _rule_texts(self) -> str:
        texts = []
        for rule in self._rule_ids():
            key = "scoring.rule." + rule.lower().replace("-", "_")
            on = (
                (
                    rule == "R-SCORE-1"
                    and isinstance(self.rules, RummyRules)
                    and self.rules.ace == "low_or_high"
                )
                or (
                    rule == "R-SCORE-2"
                    and isinstance(self.rules, RummyRules)
                    and self.rules.going_rummy_doubles
                )
                or (
                    rule == "K-END-2"
                    and isinstance(self.rules, RummikubRules)
                    and self.rules.empty_pool_end == "all_pass"
                )
            )
            suffix = {"R-SCORE-1": ".high", "R-SCORE-2": ".on", "K-END-2": ".all_pass"}.get(
                rule, ""
            )
            texts.append(messages.text(key + (suffix if on else "")))
        return " ".join(texts)

    def _answer(self) -> str:
        return self._count()

    def __repr__(self) -> str:
        return f"ScoringExercise({self.end!r}, rules={self.rules.key!r})"
