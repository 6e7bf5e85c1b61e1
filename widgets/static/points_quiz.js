// Points quiz front end: the cards, one button per choice; the answer, the feedback and
// whether the quiz is answered all come from Python.

function render({ model, el }) {
  const root = hlEl("div", "hl-root hl-quiz");
  el.append(root);
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

export default { render };
