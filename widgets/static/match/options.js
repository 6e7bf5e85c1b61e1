// The Options panel: computer speed, on/off options and the computers' levels.  The lists
// come from Python (`option_lists`); the panel is built once and redrawn from the settings.

function hlMatchOptions(ui) {
  const { model, send, open } = ui;
  const lists = model.get("option_lists");
  const panel = hlEl("section", "hl-panel hl-options");
  panel.setAttribute("aria-label", hlT("play options"));

  // A group of buttons, one per value the setting `name` may take (data-action prefix-value);
  // draw() marks the current one pressed.
  function choiceGroup(name, prefix, title, groupLabel, items, spoken = (label) => label) {
    const group = hlGroup("hl-option-group", groupLabel);
    group.append(hlEl("span", "hl-option-title", title));
    for (const { value, label } of items) {
      const button = hlButton(label, prefix + value, { secondary: true, className: "hl-option", aria: spoken(label) });
      button.dataset.option = name;
      button.dataset.value = value;
      button.addEventListener("click", () => send("set", { name, value }));
      group.append(button);
    }
    return group;
  }

  const speed = choiceGroup("speed", "speed-", hlT("Computer speed"), hlT("computer speed"), lists.speeds,
    (label) => hlT("computer speed {speed}", { speed: label.toLowerCase() }));

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
  levels.append(hlEl("span", "hl-option-title", hlT("Computer players")));
  lists.computers.forEach((computer, index) => {
    const row = hlEl("label", "hl-level");
    const select = hlEl("select", "hl-option");
    select.dataset.option = "levels";
    select.dataset.index = String(index);
    select.setAttribute("aria-label", hlT("{seat} level", { seat: computer }));
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
  const ties = choiceGroup("tie_rule", "tie-", hlT("Ties (from your next new match)"),
    hlT("when the lowest totals tie, from your next new match"), lists.tie_rules);
  const current = hlEl("span", "hl-option-note");
  ties.append(current);
  panel.append(speed, toggles, levels, ties);

  function draw() {
    panel.hidden = !open.options;
    current.textContent = model.get("header").tie_note || "";
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
