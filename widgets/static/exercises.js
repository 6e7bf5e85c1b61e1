// One exercise (see exercise_parts.js): ask first, then show the engine's verdict.

function render({ model, el }) {
  const root = hlEl("div", "hl-root hl-exercise");
  el.append(root);
  hlExercise(model, root);
}

export default { render };
