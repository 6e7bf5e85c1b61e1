// The Options panel: computer speed, on/off options and the computers' levels.  The lists
// come from Python (`option_lists`); the panel is built once and redrawn from the settings.

function hlMatchOptions(ui) {
  const { model, send, open } = ui;
  const lists = model.get("option_lists");
  const panel = hlEl("section", "hl-panel hl-options");
  panel.setAttribute("aria-label", "play options");

  const speed = hlEl("div", "hl-option-group");
  speed.setAttribute("role", "group");
  speed.setAttribute("aria-label", "computer speed");
  speed.append(hlEl("span", "hl-option-title", "Computer speed"));
  for (const { value, label } of lists.speeds) {
    const button = hlButton(label, "speed-" + value, { secondary: true, aria: "computer speed " + label.toLowerCase() });
    button.classList.add("hl-option");
    button.dataset.option = "speed";
    button.dataset.value = value;
    button.addEventListener("click", () => send("set", { name: "speed", value }));
    speed.append(button);
  }

  const toggles = hlEl("div", "hl-option-group hl-toggles");
  for (const { name, label } of lists.options) {
    const row = hlEl("label", "hl-check");
    const box = hlEl("input", "hl-option");
    box.type = "checkbox";
    box.dataset.option = name;
    box.setAttribute("aria-label", label);
    box.addEventListener("change", () => send("set", { name, value: box.checked }));
    row.append(box, hlEl("span", "", label));
    toggles.append(row);
  }

  const levels = hlEl("div", "hl-option-group");
  levels.append(hlEl("span", "hl-option-title", "Computer players"));
  lists.computers.forEach((computer, index) => {
    const row = hlEl("label", "hl-level");
    const select = hlEl("select", "hl-option");
    select.dataset.option = "levels";
    select.dataset.index = String(index);
    select.setAttribute("aria-label", `${computer} level`);
    for (const { value, label } of lists.levels) {
      const option = hlEl("option", "", label);
      option.value = value;
      select.append(option);
    }
    select.addEventListener("change", () => {
      const value = [...model.get("levels")];
      value[index] = select.value;
      send("set", { name: "levels", value });
    });
    row.append(hlEl("span", "", computer), select);
    levels.append(row);
  });
  // The tie rule is part of a match's rules, so it takes effect from the next new match.
  const ties = hlEl("div", "hl-option-group");
  ties.setAttribute("role", "group");
  ties.setAttribute("aria-label", "when the lowest totals tie, from your next new match");
  ties.append(hlEl("span", "hl-option-title", "Ties (from your next new match)"));
  for (const { value, label } of lists.tie_rules) {
    const button = hlButton(label, "tie-" + value, { secondary: true });
    button.classList.add("hl-option");
    button.dataset.option = "tie_rule";
    button.dataset.value = value;
    button.addEventListener("click", () => send("set", { name: "tie_rule", value }));
    ties.append(button);
  }
  const current = hlEl("span", "hl-option-note");
  ties.append(current);
  panel.append(speed, toggles, levels, ties);

  function draw() {
    panel.hidden = !open.options;
    const rules = model.get("header").tie_text;
    current.textContent = rules ? `This match: ${rules.charAt(0).toLowerCase()}${rules.slice(1)}.` : "";
    for (const control of panel.querySelectorAll("[data-option]")) {
      const name = control.dataset.option;
      if (name === "speed" || name === "tie_rule") {
        control.setAttribute("aria-pressed", String(model.get(name) === control.dataset.value));
      }
      else if (name === "levels") control.value = model.get("levels")[Number(control.dataset.index)];
      // The on/off options are settings traits named in option_lists (a Python test checks them).
      else control.checked = Boolean(model.get(name));
    }
  }

  return { element: panel, draw };
}
