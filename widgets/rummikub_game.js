// The Rummikub game view (RummikubGame): the rearrange view's zones and drags (TURN_DRAGS) on the
// learner's turn, plus what the game views share (gameParts: whose move it is, the opponents' tile
// counts and the pool's, the score sheet, the automatic pace of "Next move"). Under a turn timer
// (K-TURN-4) the page itself keeps time: when the learner's turn has lasted the trait timer's
// seconds, it presses that turn's time-out button once (Python never reads a clock).
import { TURN_DRAGS, renderExercise } from "./base.js";
import { gameParts } from "./games.js";
import { el } from "./dom.js";

function turnTimer(model) {
  const node = el("span", "rt-turn-timer");
  node.hidden = true;
  let timer = null;
  let armed = "";
  let seq = 1500000000;
  const draw = () => {
    const value = model.get("timer") || {};
    const button = typeof value.button === "string" ? value.button : "";
    const seconds = Number(value.seconds) || 0;
    if (button === armed) return;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    armed = button;
    if (!button || seconds <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      seq += 1;
      model.send({ intent: "press", button, seq });
    }, seconds * 1000);
  };
  return { node, draw, traits: ["timer"] };
}

function render(context) {
  return renderExercise(context, {
    name: "rummikub_game",
    ...TURN_DRAGS,
    parts: (model) => [...gameParts(model), turnTimer(model)],
  });
}

export default { render };
