// The rearrange view (RearrangeExercise): one Rummikub turn. Tiles of the rack and of every table
// set can be picked (aria-pressed) and dragged onto a set, the new-set zone or back onto the rack;
// each zone has its own "Move here" button (base.js draws a zone's action), so every step also works
// by keyboard. A live line under the zones says what ending the turn now would mean.
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
  return renderExercise(context, { name: "rearrange", ...TURN_DRAGS, parts: (model) => [tally(model)] });
}

export default { render };
