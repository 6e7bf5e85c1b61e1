// One exercise (see exercise_parts.js): ask first, then show the engine's verdict.

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-exercise");
  hlExercise(model, root);
}

export default { render };
