// The Rummy turn view (TurnExercise): the stock, the discard pile, the table's melds with their
// owners, the hand. Drags are shortcuts for clicks (RUMMY_PLAY_DRAGS): a hand card onto a table
// meld lays it off there, onto the discard pile or "Discard" discards it, onto "Lay down" lays the
// picked cards down. Table cards never move, so they cannot be dragged.
import { RUMMY_PLAY_DRAGS, renderExercise } from "./base.js";

function render(context) {
  return renderExercise(context, { name: "turn", ...RUMMY_PLAY_DRAGS });
}

export default { render };
