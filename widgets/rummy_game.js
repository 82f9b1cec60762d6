// The Rummy game view (RummyGame): the turn view's zones and drags (RUMMY_PLAY_DRAGS), plus whose
// move it is (an aria-live line), the computer players' card counts, and the score sheet. With a
// pace set by the page's author (seconds), the page presses "Next move" itself while it is
// enabled; otherwise the learner presses it. Text only through textContent.
import { RUMMY_PLAY_DRAGS, renderExercise } from "./base.js";
import { gameParts } from "./games.js";

function render(context) {
  return renderExercise(context, {
    name: "rummy_game",
    ...RUMMY_PLAY_DRAGS,
    parts: (model) => gameParts(model),
  });
}

export default { render };
