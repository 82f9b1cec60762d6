// The spot-the-mistake view (SpotExercise): each meld is a zone; clicking any of its pieces marks or
// unmarks the whole meld as wrong (its pieces show as pressed), "Check" judges them all. Nothing is
// dragged.
import { renderExercise } from "./base.js";

function render(context) {
  return renderExercise(context, {
    name: "spot",
    draggable: () => false,
    zoneTakes: () => false,
    buttonTakes: () => false,
    pickable: (role) => role === "table",
  });
}

export default { render };
