// The joker view (JokerExercise): the rearrange view with "Swap for the joker" (pick the joker and
// the rack tile it stands for). In the question goal ("what does this joker stand for?") the tiles
// to choose from are a zone of their own: a click (or Enter) on one names it. Drags as in the
// rearrange view; every zone's "Move here" button makes each step work by keyboard too.
import { TURN_DRAGS, renderExercise, tallyPart } from "./base.js";

function render(context) {
  return renderExercise(context, { name: "joker", ...TURN_DRAGS, parts: (model) => [tallyPart(model)] });
}

export default { render };
