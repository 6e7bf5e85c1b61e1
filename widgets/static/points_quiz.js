// Points quiz front end: the cards, one button per choice; the answer, the feedback and
// whether the quiz is answered all come from Python.

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-quiz");
  const question = hlEl("p", "hl-title");
  const cards = hlEl("div", "hl-table");
  const choices = hlGroup("hl-choices", hlT("choose an answer"));
  const feedback = hlLiveMessage("hl-message");
  root.append(question, cards, choices, feedback, hlErrorBox(model));
  function draw() {
    question.textContent = model.get("question");
    cards.replaceChildren(...model.get("cards").map((card) => hlCard(card, { static: true })));
    hlKeepFocus(choices, () => {
      choices.replaceChildren();
      for (const value of model.get("choices")) {
        const button = hlButton(String(value), "choice-" + value, { secondary: true, className: "hl-choice",
          aria: hlTn("{count} point", "{count} points", value) });
        if (value === model.get("chosen")) button.classList.add("is-chosen");
        button.addEventListener("click", () => model.send({ type: "choose", points: value }));
        choices.append(button);
      }
    });
    const text = model.get("feedback");
    feedback.textContent = text || hlT("Pick an answer.");
    feedback.className = "hl-message" + (text ? (model.get("answered") ? " is-legal" : " is-illegal") : "");
  }
  for (const name of ["question", "cards", "choices", "chosen", "feedback", "answered"]) model.on("change:" + name, draw);
  draw();
}

export default { render };
