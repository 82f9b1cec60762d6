"""K-CARDS-1: which sentence says the same with cards when Rummikub is played with two card decks.

Under ``RummikubRules(pieces="cards")`` a tile is a card, the rack a hand and the pool the stock,
as the Rummy game words them. Each sentence that names tiles, racks or the pool has a card twin
(``<key>.cards``, or a Rummy sentence saying the same); ``worded`` picks it by the rules, for the
engine's verdicts and for the Rummikub views alike. The keys are written out so that a reader, a
search and the catalog tests find every one.

Pieces are named the same way: inside ``with shown_by(rules):`` (the checks and the views enter it
from the rules they were given) ``messages`` names and ``svg`` draws each tile as the card it is
under card rules (``5♥``, "5 of hearts"), and as a tile under tile rules. ``legend(rules)`` says
which suit stands for which colour, for the views played with cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextvars import Token
from dataclasses import replace
from typing import TYPE_CHECKING

from rummy_teach import messages
from rummy_teach.rules import Rules, RummikubRules
from rummy_teach.verdict import Verdict

if TYPE_CHECKING:
    from rummy_teach.pieces import Colour, Suit

__all__ = ["CARD_KEYS", "in_card_words", "legend", "said", "shown_by", "worded"]

CARD_KEYS: dict[str, str] = {
    # the engine's verdicts (rummikub.*)
    "rummikub.turn_ok": "rummikub.turn_ok.cards",
    "rummikub.opening_ok": "rummikub.opening_ok.cards",
    "rummikub.drew": "rummikub.drew.cards",
    "rummikub.passed": "rummikub.passed.cards",
    "rummikub.drew_blocked": "rummikub.drew_blocked.cards",
    "rummikub.drew_blocked_all": "rummikub.drew_blocked_all.cards",
    "rummikub.penalty": "rummikub.penalty.cards",
    "rummikub.timeout": "rummikub.timeout.cards",
    "rummikub.nothing_to_end": "rummikub.nothing_to_end.cards",
    "rummikub.ws_untouched": "rummikub.nothing_to_end.cards",
    "rummikub.won": "rummikub.won.cards",
    "rummikub.table_tile_missing": "rummikub.table_tile_missing.cards",
    "rummikub.joker_to_rack": "rummikub.joker_to_rack.cards",
    "rummikub.not_on_rack": "rummikub.not_on_rack.cards",
    "rummikub.nothing_played": "rummikub.nothing_played.cards",
    "rummikub.open_table_tile": "rummikub.open_table_tile.cards",
    "rummikub.open_short": "rummikub.open_short.cards",
    "rummikub.joker_set_broken": "rummikub.joker_set_broken.cards",
    "rummikub.joker_moved": "rummikub.joker_moved.cards",
    "rummikub.joker_misfit": "rummikub.joker_misfit.cards",
    "rummikub.joker_not_replaced": "rummikub.joker_not_replaced.cards",
    "rummikub.joker_stand_in_from_table": "rummikub.joker_stand_in_from_table.cards",
    "rummikub.joker_trio_both": "rummikub.joker_trio_both.cards",
    "rummikub.ws_not_on_rack": "rummikub.ws_not_on_rack.cards",
    "rummikub.ws_table_to_rack": "rummikub.ws_table_to_rack.cards",
    "rummikub.ws_joker_to_rack": "rummikub.ws_joker_to_rack.cards",
    "rummikub.ws_not_opened": "rummikub.ws_not_opened.cards",
    "rummikub.ws_bad_split": "rummikub.ws_bad_split.cards",
    # the initial meld's verdicts (rummy_teach.melds.opening)
    "opening.too_many_copies": "opening.too_many_copies.cards",
    "opening.short": "opening.short.cards",
    # the solver's steps (rummy_teach.solver.explain)
    "solver.nothing": "solver.nothing.cards",
    "solver.empty_rack": "solver.empty_rack.cards",
    "solver.open_set": "solver.open_set.cards",
    "solver.from_rack": "solver.from_rack.cards",
    "solver.cli_draw": "solver.cli_draw.cards",
    "solver.cli_empty": "solver.cli_empty.cards",
    "app.cli.no_tiles": "app.cli.no_tiles.cards",
    "app.cli.no_opening": "app.cli.no_opening.cards",
    "solver.too_many_jokers": "solver.too_many_jokers.cards",
    "solver.too_many_copies": "solver.too_many_copies.cards",
    # the solver's hints and reviews (rummy_teach.solver.hints)
    "solver.hint_no_opening": "solver.hint_no_opening.cards",
    "solver.hint_open": "solver.hint_open.cards",
    "solver.hint_draw": "solver.hint_draw.cards",
    "solver.hint_play": "solver.hint_play.cards",
    "solver.review_best": "solver.review_best.cards",
    "solver.review_draw_right": "solver.review_draw_right.cards",
    "solver.review_more": "solver.review_more.cards",
    "solver.review_drew": "solver.review_drew.cards",
    "solver.review_no_answer": "solver.review_no_answer.cards",
    # the opening view (OpeningExercise) and the hint ladder's rule texts
    "widgets.rack": "widgets.hand",
    "widgets.button.draw": "widgets.button.draw.cards",
    "widgets.drew": "widgets.drew.cards",
    "widgets.draw_right": "widgets.draw_right.cards",
    "widgets.draw_wrong": "widgets.draw_wrong.cards",
    "widgets.goal.open": "widgets.goal.open.cards",
    "widgets.goal.open_or_draw": "widgets.goal.open_or_draw.cards",
    "widgets.hint.nudge.opening": "widgets.hint.nudge.opening.cards",
    "widgets.hint.answer_draw": "widgets.hint.answer_draw.cards",
    "widgets.rule.k_meld_2": "widgets.rule.k_meld_2.cards",
    "widgets.rule.k_meld_3": "widgets.rule.k_meld_3.cards",
    "widgets.rule.k_meld_4": "widgets.rule.k_meld_4.cards",
    "widgets.rule.k_open_2": "widgets.rule.k_open_2.cards",
    "every.dead_end.open": "every.dead_end.open.cards",
    # the lessons' reading of a deal (rummy_teach.lessons.whatif)
    "lesson.fact.rummikub_racks": "lesson.fact.rummikub_racks.cards",
    # the rearrange view (RearrangeExercise), which the game and joker views build on
    "rearrange.rack": "widgets.hand",
    "rearrange.instructions": "rearrange.instructions.cards",
    "rearrange.button.to_rack": "rearrange.button.to_rack.cards",
    "rearrange.button.split": "rearrange.button.split.cards",
    "rearrange.button.draw": "rearrange.button.draw.cards",
    "rearrange.button_off": "rearrange.button_off.cards",
    "rearrange.pick_some": "rearrange.pick_some.cards",
    "rearrange.pick_first": "rearrange.pick_first.cards",
    "rearrange.off.split": "rearrange.off.split.cards",
    "rearrange.off.join": "rearrange.off.join.cards",
    "rearrange.did.to_rack": "rearrange.did.to_rack.cards",
    "rearrange.dead_end": "rearrange.dead_end.cards",
    "rearrange.rule.k_turn_1": "rearrange.rule.k_turn_1.cards",
    "rearrange.rule.k_turn_3": "rearrange.rule.k_turn_3.cards",
    "rearrange.rule.k_open_2": "rearrange.rule.k_open_2.cards",
    "rearrange.rule.k_joker_1": "rearrange.rule.k_joker_1.cards",
    "rearrange.rule.k_joker_2": "rearrange.rule.k_joker_2.cards",
    "rearrange.rule.k_joker_3": "rearrange.rule.k_joker_3.cards",
    "rearrange.rule.k_joker_4": "rearrange.rule.k_joker_4.cards",
    "rearrange.rule.k_joker_4.both": "rearrange.rule.k_joker_4.both.cards",
    "rearrange.rule.k_meld_5": "rearrange.rule.k_meld_5.cards",
    "rearrange.hint.answer_draw": "rearrange.hint.answer_draw.cards",
    "rearrange.hint.answer_penalty": "rearrange.hint.answer_penalty.cards",
    "rearrange.goal.place_all": "rearrange.goal.place_all.cards",
    "rearrange.goal.place_most": "rearrange.goal.place_most.cards",
    "rearrange.goal.swap": "rearrange.goal.swap.cards",
    "rearrange.goal.stands": "rearrange.goal.stands.cards",
    "rearrange.goal_missed.place": "rearrange.goal_missed.place.cards",
    "rearrange.goal_missed.place_all": "rearrange.goal_missed.place_all.cards",
    "rearrange.goal_missed.swap": "rearrange.goal_missed.swap.cards",
    "rearrange.hint.nudge.place": "rearrange.hint.nudge.place.cards",
    "rearrange.hint.nudge.place_all": "rearrange.hint.nudge.place_all.cards",
    "rearrange.hint.nudge.swap": "rearrange.hint.nudge.swap.cards",
    "rearrange.hint.nudge.stands": "rearrange.hint.nudge.stands.cards",
    # the joker view (JokerExercise)
    "joker.instructions": "joker.instructions.cards",
    "joker.off.swap": "joker.off.swap.cards",
    "joker.swapped": "joker.swapped.cards",
    "joker.wrong_tile": "joker.wrong_tile.cards",
    "joker.why.break_up": "joker.why.break_up.cards",
    "joker.why.not_replaced": "joker.why.not_replaced.cards",
    "joker.why.trio_both": "joker.why.trio_both.cards",
    "joker.asked": "joker.asked.cards",
    "joker.choices_label": "joker.choices_label.cards",
    "joker.pick_a_choice": "joker.pick_a_choice.cards",
    "joker.hint.nudge.stands": "joker.hint.nudge.stands.cards",
    "joker.hint.nudge.swap": "joker.hint.nudge.swap.cards",
    "joker.hint.nudge.place": "joker.hint.nudge.place.cards",
    "joker.hint.nudge.place_most": "joker.hint.nudge.place_most.cards",
    # the game view (RummikubGame)
    "rummikub_game.instructions": "rummikub_game.instructions.cards",
    "rummikub_game.opponent": "rummy_game.opponent",
    "rummikub_game.opponent_closed": "rummikub_game.opponent_closed.cards",
    "rummikub_game.pool": "rummikub_game.pool.cards",
    "rummikub_game.hint.nudge.place_all": "rummikub_game.hint.nudge.place_all.cards",
    "rummikub_game.button.sort_colour": "rummy_game.button.sort_suit",
    "rummikub_game.button.sort_number": "rummy_game.button.sort_rank",
    "rummikub_game.sorted_colour": "rummy_game.sorted_suit",
    "rummikub_game.sorted_number": "rummy_game.sorted_rank",
    "rummikub_game.prompt": "rummikub_game.prompt.cards",
    "rummikub_game.prompt_open": "rummikub_game.prompt_open.cards",
    "rummikub_game.dealt": "rummikub_game.dealt.cards",
    "rummikub_game.you_passed": "rummikub_game.you_passed.cards",
    "rummikub_game.did.out": "rummikub_game.did.out.cards",
    "rummikub_game.did.draw": "rummy.did.draw",
    "rummikub_game.why.closed": "rummikub_game.why.closed.cards",
    "rummikub_game.why.stuck": "rummikub_game.why.stuck.cards",
    "rummikub_game.why.strong": "rummikub_game.why.strong.cards",
    "rummikub_game.why.easy": "rummikub_game.why.easy.cards",
    "rummikub_game.from_rack": "rummikub_game.from_rack.cards",
    "rummikub_game.goal": "rummikub_game.goal.cards",
}
"""A sentence naming tiles, a rack or the pool -> the sentence saying the same with cards."""


def in_card_words(verdict: Verdict, rules: Rules | None) -> Verdict:
    """``verdict`` said by its reason's card wording when ``rules`` play with cards (K-CARDS-1)."""
    key = worded(verdict.reason or "", rules)
    if verdict.reason is None or key == verdict.reason:
        return verdict
    message = messages.text(key, **dict(verdict.params))
    if verdict.message[:1].isupper():
        message = message[:1].upper() + message[1:]
    return replace(verdict, message=message)


def worded(key: str, rules: Rules | None) -> str:
    """``key``, or the key of its card wording when ``rules`` play Rummikub with cards (K-CARDS-1)."""
    if isinstance(rules, RummikubRules) and rules.pieces == "cards":
        return CARD_KEYS.get(key, key)
    return key


def said(key: str, rules: Rules | None, /, **params: object) -> str:
    """The sentence for ``key`` in the words of ``rules`` (with cards under card rules, K-CARDS-1)."""
    return messages.text(worded(key, rules), **params)


class _Shown:
    """The context of ``shown_by``: tiles named as the rules show them, then as before."""

    __slots__ = ("_suits", "_token")

    def __init__(self, suits: Mapping[Colour, Suit] | None) -> None:
        self._suits = suits
        self._token: Token[Mapping[Colour, Suit] | None] | None = None

    def __enter__(self) -> None:
        self._token = messages.show_tiles_as_cards(self._suits)

    def __exit__(self, *_exc: object) -> None:
        if self._token is not None:
            messages.restore_tile_names(self._token)
            self._token = None


class _Unchanged:
    """The context of ``shown_by`` for rules without tiles: names stay as they are."""

    __slots__ = ()

    def __enter__(self) -> None:
        return None

    def __exit__(self, *_exc: object) -> None:
        return None


_UNCHANGED = _Unchanged()


def shown_by(rules: Rules | None) -> _Shown | _Unchanged:
    """A ``with`` block naming and drawing tiles as ``rules`` show them: each tile as its card when
    Rummikub is played with cards, as a tile otherwise (K-CARDS-1); other rules change nothing."""
    if not isinstance(rules, RummikubRules):
        return _UNCHANGED
    if rules.pieces != "cards":
        return _Shown(None)
    from rummy_teach.rummikub.tiles import SUIT_OF_COLOUR

    return _Shown(SUIT_OF_COLOUR)


def legend(rules: Rules | None) -> str:
    """Which suit stands for which colour, when Rummikub is played with cards (K-CARDS-1); ''
    otherwise."""
    if not isinstance(rules, RummikubRules) or rules.pieces != "cards":
        return ""
    from rummy_teach.rummikub.tiles import SUIT_OF_COLOUR

    pairs = [
        messages.text(
            "widgets.cards_legend_pair",
            symbol=suit.symbol,
            suit=messages.text(f"suit.{suit.name.lower()}"),
            colour=messages.text(f"colour.{colour.name.lower()}"),
        )
        for colour, suit in SUIT_OF_COLOUR.items()
    ]
    return messages.text("widgets.cards_legend", pairs=messages.join(pairs))
