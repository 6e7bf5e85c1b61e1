// Front end for the lesson index and the points quiz (one module; the model says which).

function renderIndex(model, root) {
  root.classList.add("hl-index");
  const list = document.createElement("ol");
  list.setAttribute("aria-label", "lessons");
  const notice = hlEl("p", "hl-notice");
  notice.setAttribute("role", "status");
  root.append(notice, list, hlErrorBox(model));
  function draw() {
    notice.textContent = model.get("notice") || "";
    notice.hidden = !notice.textContent;
    list.replaceChildren();
    for (const item of model.get("lessons")) {
      const row = document.createElement("li");
      row.dataset.lesson = item.key;
      if (item.done) row.classList.add("is-done");
      const number = hlEl("span", "hl-number", String(item.number));
      number.setAttribute("aria-hidden", "true");
      const body = hlEl("div", "hl-body");
      const link = hlEl("a", "hl-lesson-link", item.title);
      link.setAttribute("aria-label", `Lesson ${item.number}: ${item.title}${item.done ? " (completed)" : ""}`);
      link.href = item.href;
      body.append(link);
      if (item.done) body.append(hlEl("span", "hl-done-mark", "✓ completed"));
      body.append(hlEl("p", "hl-summary", item.summary));
      row.append(number, body);
      list.append(row);
    }
  }
  model.on("change:lessons", draw);
  model.on("change:notice", draw);
  draw();
  // The marks may be older than this page (a preheated kernel): ask for fresh ones now, and
  // again on coming back to the index (browser back).
  model.send({ type: "opened" });
  window.addEventListener("pageshow", () => model.send({ type: "opened" }));
}

function renderQuiz(model, root) {
  root.classList.add("hl-quiz");
  const question = hlEl("p", "hl-title");
  const cards = hlEl("div", "hl-table");
  const choices = hlEl("div", "hl-choices");
  choices.setAttribute("role", "group");
  choices.setAttribute("aria-label", "choose an answer");
  const feedback = hlLiveMessage("hl-message");
  root.append(question, cards, choices, feedback, hlErrorBox(model));
  function draw() {
    question.textContent = model.get("question");
    cards.replaceChildren(...model.get("cards").map((card) => hlCard(card, { static: true })));
    hlKeepFocus(choices, () => {
      choices.replaceChildren();
      for (const value of model.get("choices")) {
        const button = hlEl("button", "hl-button is-secondary hl-choice", String(value));
        button.dataset.action = "choice-" + value;
        button.setAttribute("aria-label", `${value} points`);
        if (value === model.get("chosen")) button.classList.add("is-chosen");
        button.addEventListener("click", () => model.send({ type: "choose", points: value }));
        choices.append(button);
      }
    });
    const text = model.get("feedback");
    feedback.textContent = text || "Pick an answer.";
    feedback.className = "hl-message" + (text ? (model.get("answered") ? " is-legal" : " is-illegal") : "");
  }
  for (const name of ["question", "cards", "choices", "chosen", "feedback", "answered"]) model.on("change:" + name, draw);
  draw();
}

function render({ model, el }) {
  const root = hlEl("div", "hl-root");
  el.append(root);
  if (model.get("lessons") !== undefined) renderIndex(model, root);
  else renderQuiz(model, root);
}

export default { render };
