// The meld view (MeldExercise): pick pieces from the hand, lay them down as melds, take them back.
// Drags: a hand piece onto "Lay down" lays it down with the picked ones; a laid meld's piece onto
// the hand takes that meld back.
import { MELD_DRAGS, renderExercise } from "./base.js";

function render(context) {
  return renderExercise(context, { name: "meld", ...MELD_DRAGS });
}

export default { render };
