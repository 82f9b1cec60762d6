// The opening view (OpeningExercise): build a Rummikub initial meld, with a live points tally under
// the zones (an aria-live region, so screen readers hear it change). Drags as in the meld view.
import { MELD_DRAGS, asText, el, renderExercise } from "./base.js";

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
  return renderExercise(context, { name: "opening", ...MELD_DRAGS, parts: (model) => [tally(model)] });
}

export default { render };
