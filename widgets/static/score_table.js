// ScoreTable front end: a plain table of what Python computed (before, this hand, total),
// then the moon announcement and the ending line, both written in Python from the engine.

function render({ model, el }) {
  const root = hlRoot(el, "hl-score-sheet");
  const title = hlEl("p", "hl-title");
  const number = (text) => ({ text, className: "hl-col-num" });
  const { table, body } = hlTable("hl-scores",
    [{ text: "Player", className: "hl-col-player" }, number("Before"), number("This hand"), number("Total")]);
  const caption = hlEl("caption", "hl-visually-hidden");
  table.prepend(caption);  // a caption comes first in its table
  const moon = hlLiveMessage("hl-message hl-moon-note");
  const ending = hlLiveMessage("hl-message hl-ending");
  const wrap = hlEl("div", "hl-scores-wrap");
  wrap.append(table);
  root.append(title, wrap, moon, ending, hlErrorBox(model));

  function draw() {
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    title.textContent = model.get("title");
    caption.textContent = model.get("title");
    body.replaceChildren();
    for (const row of model.get("rows")) {
      const tr = hlEl("tr", "hl-score-row");
      tr.dataset.seat = row.player;
      tr.classList.toggle("is-winner", row.winner);
      tr.classList.toggle("is-reached", row.reached);
      const name = hlEl("th", "hl-col-player");
      name.scope = "row";
      // Name and tags wrap as a group, so on a phone a tag drops neatly under the name.
      const who = hlEl("span", "hl-player");
      who.append(hlEl("span", "hl-player-name", row.player));
      if (row.winner) who.append(hlEl("span", "hl-tag hl-tag-winner", model.get("draw") ? "shares" : "wins"));
      if (row.reached) who.append(hlEl("span", "hl-tag hl-tag-reached", "reached " + model.get("target")));
      name.append(who);
      tr.append(
        name,
        hlEl("td", "hl-col-num hl-before", String(row.before)),
        hlEl("td", "hl-col-num hl-this-hand", row.this_hand_text),
        hlEl("td", "hl-col-num hl-total", String(row.total)),
      );
      body.append(tr);
    }
    moon.textContent = model.get("moon");
    moon.hidden = !model.get("moon");
    ending.textContent = model.get("ending");
    ending.classList.toggle("is-over", model.get("over"));
  }
  for (const name of ["title", "rows", "moon", "ending", "over", "draw", "target", "four_colour"]) {
    model.on("change:" + name, draw);
  }
  draw();
}

export default { render };
