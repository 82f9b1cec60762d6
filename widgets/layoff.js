// The lay-off view (LayoffExercise): pick cards from the hand, then a meld on the table to lay them
// off onto. Drags: a hand card onto a table meld lays it off there (with the picked ones); table
// cards never move, so they cannot be dragged.
import { renderExercise } from "./base.js";

function render(context) {
  return renderExercise(context, {
    name: "layoff",
    draggable: (role) => role === "hand",
    zoneTakes: (zone, drag) => zone.role === "table" && drag.role === "hand",
    buttonTakes: () => false,
  });
}

export default { render };
