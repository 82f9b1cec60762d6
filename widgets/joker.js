// The joker view (JokerExercise): the rearrange view with "Swap for the joker" (pick the joker and
// the rack tile it stands for). In the question goal ("what does this joker stand for?") the tiles
// to choose from are a zone of their own: a click (or Enter) on one names it. Drags as in the
// rearrange view; every zone's "Move here" button makes each step work by keyboard too.
import { TURN_DRAGS, asText, el, renderExercise } from "./base.js";

function tally(model) {
  const node = el("p", "rt-tally");
  node.setAttribute("aria-live", "polite");
  const draw = () => {
    const text = asText(model.get("tally"));
    if (node.textContent !== text) node.textContent = text;
    node.hidden = !text;
  };
  return { node, draw, traits: ["tally"] };
}

function render(context) {
  return renderExercise(context, { name: "joker", ...TURN_DRAGS, parts: (model) => [tally(model)] });
}

export default { render };
