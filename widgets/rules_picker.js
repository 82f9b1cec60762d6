// The house-rules picker (RulesPicker): one labelled control per rules field, its one-line
// explanation linked to it (aria-describedby). Python owns every value; a change is sent as one
// message {intent: "set_rule", rule, value, seq} and the control then shows Python's value again
// (so a refused value snaps back). The root carries data-ready="1" once drawn and data-answered.
import { asList, asText, el } from "./dom.js";

let pickerCount = 0;

function render({ model, el: host }) {
  pickerCount += 1;
  const prefix = `rt-rule-${pickerCount}-${Math.random().toString(36).slice(2, 8)}`;
  let seq = 0;
  const root = el("div", "rt-exercise rt-rules-picker");
  root.dataset.view = "rules_picker";
  host.appendChild(root);
  const box = root.appendChild(el("fieldset", "rt-rules"));
  const legend = box.appendChild(el("legend", "rt-rules-title"));
  const intro = box.appendChild(el("p", "rt-rules-intro"));
  const list = box.appendChild(el("div", "rt-rules-list"));
  const status = root.appendChild(el("p", "rt-rules-status"));
  status.setAttribute("role", "status");
  status.setAttribute("aria-live", "polite");
  const rows = new Map();

  function send(rule, value) {
    seq += 1;
    model.send({ intent: "set_rule", rule, value, seq });
  }

  function newRow(spec, index) {
    const id = `${prefix}-${index}`;
    const row = el("div", `rt-rule rt-rule-kind-${spec.kind}`);
    row.dataset.rule = spec.name;
    const label = el("label", "rt-rule-label");
    label.htmlFor = id;
    let input;
    if (spec.kind === "choice") {
      input = el("select", "rt-rule-select");
      input.addEventListener("change", () => send(spec.name, input.value));
    } else if (spec.kind === "switch") {
      input = el("input", "rt-rule-switch");
      input.type = "checkbox";
      input.addEventListener("change", () => send(spec.name, input.checked));
    } else {
      input = el("input", "rt-rule-number");
      input.type = "number";
      input.step = "1";
      input.addEventListener("change", () => {
        const text = input.value.trim();
        if (text === "" && rows.get(spec.name).spec.optional) send(spec.name, null);
        else if (/^-?[0-9]{1,9}$/.test(text)) send(spec.name, Number.parseInt(text, 10));
        else draw();  // not a number: show Python's value again
      });
    }
    input.id = id;
    input.dataset.rule = spec.name;
    const explain = el("p", "rt-rule-explain");
    explain.id = `${id}-explain`;
    input.setAttribute("aria-describedby", explain.id);
    if (spec.kind === "switch") row.append(input, label, explain);
    else row.append(label, input, explain);
    return { row, label, input, explain, spec, options: "" };
  }

  function draw() {
    legend.textContent = asText(model.get("title"));
    intro.textContent = asText(model.get("intro"));
    const kept = [];
    asList(model.get("controls")).forEach((spec, index) => {
      if (!spec || typeof spec.name !== "string") return;
      let part = rows.get(spec.name);
      if (!part) {
        part = newRow(spec, index);
        rows.set(spec.name, part);
      }
      part.spec = spec;
      part.label.textContent = asText(spec.label);
      part.explain.textContent = asText(spec.explanation);
      if (spec.kind === "choice") {
        const options = JSON.stringify(asList(spec.options));
        if (part.options !== options) {
          part.options = options;
          part.input.replaceChildren(
            ...asList(spec.options).map((option) => {
              const node = el("option", "", asText(option.label));
              node.value = asText(option.id);
              return node;
            }),
          );
        }
        part.input.value = asText(spec.value);
      } else if (spec.kind === "switch") {
        part.input.checked = spec.value === true;
      } else {
        part.input.min = String(spec.min);
        part.input.max = String(spec.max);
        part.input.value = Number.isInteger(spec.value) ? String(spec.value) : "";
      }
      kept.push(part.row);
    });
    list.replaceChildren(...kept);
    const said = asText(model.get("status"));
    if (status.textContent !== said) status.textContent = said;
    const answered = model.get("answered");
    root.dataset.answered = String(Number.isInteger(answered) ? answered : 0);
    root.dataset.ready = "1";
  }

  const traits = ["title", "intro", "controls", "status", "answered"];
  for (const name of traits) model.on(`change:${name}`, draw);
  draw();
  return () => {
    for (const name of traits) model.off(`change:${name}`, draw);
  };
}

export default { render };
