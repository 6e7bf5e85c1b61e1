// Drill front end: the exercise (exercise_parts.js) with a score line and "New position".

function render({ model, el }) {
  const root = hlRoot(el, "hl-exercise hl-drill");
  // The seed deals every position of this drill: a tester (or a curious learner) can replay it.
  root.dataset.seed = String(model.get("seed"));
  const status = hlEl("div", "hl-drill-status");
  status.setAttribute("aria-live", "polite");
  const again = hlEl("p", "hl-drill-again", "You missed this one earlier: here it is again, for practice. It does not count as right first time.");
  const body = hlEl("div", "hl-drill-body");
  const next = hlButton("New position", "next", { className: "hl-next-position",
    aria: "New position: deal the next question" });
  next.addEventListener("click", () => model.send({ type: "next" }));
  const done = hlEl("p", "hl-drill-done");
  root.append(status, again, body, next, done);
  hlExercise(model, body);

  function draw() {
    const score = model.get("score");
    const goal = model.get("goal");
    status.replaceChildren(
      hlEl("span", "hl-drill-number", "Position " + model.get("number")),
      hlEl("span", "hl-drill-score", "Right first time: " + score + " of " + model.get("tried")),
      hlEl("span", "hl-drill-streak", "Streak " + model.get("streak") + " (best " + model.get("best_streak") + ")"),
    );
    const waiting = model.get("waiting");
    if (waiting) status.append(hlEl("span", "hl-drill-waiting", waiting + " to come back"));
    again.hidden = !model.get("again");
    next.classList.toggle("is-secondary", !model.get("answered"));
    done.textContent = model.get("done") ? "Drill done: " + goal + " right first time. Keep going if you like."
      : "Get " + goal + " right first time to finish this drill.";
  }
  for (const name of ["score", "tried", "streak", "best_streak", "number", "goal", "again", "waiting", "answered",
    "done"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
