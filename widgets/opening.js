// The opening view (OpeningExercise): build a Rummikub initial meld, with a live points tally under
// the zones (an aria-live region, so screen readers hear it change). Drags as in the meld view.
import { MELD_DRAGS, renderExercise, tallyPart } from "./base.js";

function render(context) {
  return renderExercise(context, { name: "opening", ...MELD_DRAGS, parts: (model) => [tallyPart(model)] });
}

export default { render };
