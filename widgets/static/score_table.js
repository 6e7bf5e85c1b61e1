// ScoreTable front end: a plain table of what Python computed (before, this hand, total),
// then the moon announcement and the ending line, both written in Python from the engine.
// Asking (the score quiz): the totals and the ending stay hidden behind "?" until the
// learner picks an answer; Python grades it and says so.

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-score-sheet");
  const title = hlEl("p", "hl-title");
  const number = (text) => ({ text, className: "hl-col-num" });
  const { table, body } = hlTable("hl-scores",
    [{ text: hlT("Player"), className: "hl-col-player" }, number(hlT("Before")), number(hlT("This hand")),
      number(hlT("Total"))]);
  const caption = hlEl("caption", "hl-visually-hidden");
  table.prepend(caption);  // a caption comes first in its table
  const moon = hlLiveMessage("hl-message hl-moon-note");
  const ending = hlLiveMessage("hl-message hl-ending");
  const wrap = hlEl("div", "hl-scores-wrap");
  wrap.append(table);
  const question = hlEl("p", "hl-score-question");
  const choices = hlGroup("hl-choices", hlT("choose an answer"));
  const feedback = hlLiveMessage("hl-message hl-score-feedback");
  root.append(title, wrap, question, choices, feedback, moon, ending, hlErrorBox(model));

  function draw() {
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    title.textContent = model.get("title");
    caption.textContent = model.get("title");
    const asking = model.get("asking");
    body.replaceChildren();
    for (const row of model.get("rows")) {
      const tr = hlEl("tr", "hl-score-row");
      tr.dataset.seat = row.player;
      tr.classList.toggle("is-winner", row.winner && !asking);
      tr.classList.toggle("is-reached", row.reached && !asking);
      const name = hlEl("th", "hl-col-player");
      name.scope = "row";
      // Name and tags wrap as a group, so on a phone a tag drops neatly under the name.
      const who = hlEl("span", "hl-player");
      who.append(hlEl("span", "hl-player-name", row.player));
      if (row.winner && !asking) who.append(hlEl("span", "hl-tag hl-tag-winner", model.get("draw") ? hlT("shares") : hlT("wins")));
      if (row.reached && !asking) who.append(hlEl("span", "hl-tag hl-tag-reached", hlT("reached {target}", { target: model.get("target") })));
      name.append(who);
      tr.append(
        name,
        hlEl("td", "hl-col-num hl-before", String(row.before)),
        hlEl("td", "hl-col-num hl-this-hand", row.this_hand_text),
        asking ? hlHiddenTotal() : hlEl("td", "hl-col-num hl-total", String(row.total)),
      );
      body.append(tr);
    }
    moon.textContent = model.get("moon");
    moon.hidden = !model.get("moon") || asking;
    const quiz = model.get("choices").length > 0;
    ending.textContent = model.get("ending");
    ending.classList.toggle("is-over", model.get("over"));
    ending.hidden = quiz;  // a quiz says the ending in its feedback, once answered
    question.textContent = model.get("question");
    question.hidden = !quiz;
    choices.hidden = !quiz;
    hlKeepFocus(choices, () => {
      choices.replaceChildren();
      for (const choice of model.get("choices")) {
        const button = hlButton(choice.label, "choice-" + choice.value, { secondary: true, className: "hl-choice" });
        if (choice.value === model.get("chosen")) button.classList.add("is-chosen");
        button.addEventListener("click", () => model.send({ type: "answer", choice: choice.value }));
        choices.append(button);
      }
    });
    const said = model.get("feedback");
    feedback.hidden = !quiz;
    feedback.textContent = said || hlT("Pick an answer.");
    feedback.className = "hl-message hl-score-feedback" + (said ? (model.get("answered") ? " is-legal" : " is-illegal") : "");
  }
  function hlHiddenTotal() {
    const cell = hlEl("td", "hl-col-num hl-total is-hidden", "?");
    cell.setAttribute("aria-label", hlT("not shown until you answer"));
    return cell;
  }
  for (const name of ["title", "rows", "moon", "ending", "over", "draw", "target", "four_colour", "asking",
    "question", "choices", "chosen", "feedback", "answered"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
