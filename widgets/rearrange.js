// The rearrange view (RearrangeExercise): one Rummikub turn. Tiles of the rack and of every table
// set can be picked (aria-pressed) and dragged onto a set, the new-set zone or back onto the rack;
// each zone has its own "Move here" button (base.js draws a zone's action), so every step also works
// by keyboard. A live line under the zones says what ending the turn now would mean.
import { TURN_DRAGS, renderExercise, tallyPart } from "./base.js";

function render(context) {
  return renderExercise(context, { name: "rearrange", ...TURN_DRAGS, parts: (model) => [tallyPart(model)] });
}

export default { render };
