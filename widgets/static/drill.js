// Drill front end: the exercise (exercise_parts.js) with a score line and "New position".

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-exercise hl-drill");
  const status = hlEl("div", "hl-drill-status");
  status.setAttribute("aria-live", "polite");
  const again = hlEl("p", "hl-drill-again", hlT("You missed this one earlier: here it is again, for practice. It does not count as right first time."));
  const body = hlEl("div", "hl-drill-body");
  const next = hlButton(hlT("New position"), "next", { className: "hl-next-position",
    aria: hlT("New position: deal the next question") });
  next.addEventListener("click", () => model.send({ type: "next" }));
  const done = hlEl("p", "hl-drill-done");
  root.append(status, again, body, next, done);
  hlExercise(model, body);

  function draw() {
    // The seed deals every position of this drill: a tester (or a curious learner) can replay it.
    // A warm-up is the same for every drill, and is drawn before Python runs: it shows no seed.
    if (model.get("warm_up") && model.get("number") === 1) delete root.dataset.seed;
    else root.dataset.seed = String(model.get("seed"));
    const score = model.get("score");
    const goal = model.get("goal");
    status.replaceChildren(
      hlEl("span", "hl-drill-number", hlT("Position {number}", { number: model.get("number") })),
      hlEl("span", "hl-drill-score", hlT("Right first time: {score} of {tried}", { score, tried: model.get("tried") })),
      hlEl("span", "hl-drill-streak", hlT("Streak {streak} (best {best})",
        { streak: model.get("streak"), best: model.get("best_streak") })),
    );
    const waiting = model.get("waiting");
    if (waiting) status.append(hlEl("span", "hl-drill-waiting", hlTn("{count} to come back", "{count} to come back", waiting)));
    again.hidden = !model.get("again");
    next.classList.toggle("is-secondary", !model.get("answered"));
    done.textContent = model.get("done")
      ? hlTn("Drill done: {count} right first time. Keep going if you like.",
        "Drill done: {count} right first time. Keep going if you like.", goal)
      : hlTn("Get {count} right first time to finish this drill.", "Get {count} right first time to finish this drill.", goal);
  }
  for (const name of ["score", "tried", "streak", "best_streak", "number", "goal", "again", "waiting", "answered",
    "done"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
