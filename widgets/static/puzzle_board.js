// Puzzle board front end: the position, the hand, Confirm, the verdict, the rating and the themes.
// Every word shown comes from Python (labels, facts, verdicts); a tap sends "select", the
// Confirm button "confirm". Which cards are playable, and why not, is Python's to say.
// A screen reader hears one short line per change (the verdict alone once answered, from
// a live region of its own); the reason is shown under the verdict, not announced, and
// focus moves on from the spent Confirm (to Next puzzle) and from the spent Next (to the
// new puzzle's title).
// "Show me" (once answered) lays out one deal played out for two cards, trick by trick: Python
// builds every step and sentence; showcase.js (shared with the match review) draws a step, and
// here they are only paged (Previous trick / Next trick), focus going to the panel's heading
// when it opens and back to "Show me" when it closes.

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-puzzles");
  const labels = () => model.get("labels") || {};

  const notice = hlEl("p", "hl-notice");
  notice.setAttribute("role", "status");

  const status = hlEl("div", "hl-puzzle-status");
  const rating = hlEl("p", "hl-puzzle-rating");
  const streak = hlEl("p", "hl-puzzle-streak");
  // "Your mistakes" names its count as a group, so a reader says the two apart
  // ("Your mistakes, group, To review now: 3"), not as one run-on line.
  const due = hlEl("div", "hl-puzzle-due");
  due.setAttribute("role", "group");
  const dueHeading = hlEl("span", "hl-puzzle-due-heading");
  dueHeading.id = "hl-puzzle-due-" + Math.random().toString(36).slice(2);
  dueHeading.setAttribute("aria-hidden", "true");
  due.setAttribute("aria-labelledby", dueHeading.id);
  const dueCount = hlEl("p", "hl-puzzle-due-count");
  due.append(dueHeading, dueCount);
  // What the ratings shown here (the learner's, the puzzle's in the title) are, asked for.
  const ratingHelp = { open: false };
  const ratingHelpBox = hlEl("div", "hl-puzzle-rating-help");
  status.append(rating, streak, due, ratingHelpBox);

  const controls = hlEl("div", "hl-row hl-puzzle-controls");
  const themeLabel = hlEl("label", "hl-puzzle-theme-label");
  const picker = hlEl("select", "hl-puzzle-theme");
  picker.id = "hl-puzzle-theme-" + Math.random().toString(36).slice(2);
  themeLabel.htmlFor = picker.id;
  picker.addEventListener("change", () => model.send({ type: "theme", theme: picker.value }));
  const day = hlButton("", "day", { secondary: true });
  day.addEventListener("click", () => model.send({ type: "day" }));
  controls.append(themeLabel, picker, day);

  const title = hlEl("h3", "hl-title hl-puzzle-title");
  title.tabIndex = -1; // focus lands here when Next puzzle has shown a new one
  const question = hlEl("p", "hl-prompt hl-puzzle-question");
  const facts = hlEl("ul", "hl-puzzle-facts");
  // A match puzzle's score, under the facts: a table (its caption names it) and what it means.
  const matchBox = hlEl("div", "hl-puzzle-match");
  const table = hlEl("div", "hl-table hl-seats-table hl-puzzle-table");
  table.setAttribute("role", "group");
  const players = hlEl("div", "hl-puzzle-players-box");
  const hand = hlHand("hl-hand hl-puzzle-hand", "");
  const actions = hlEl("div", "hl-row hl-puzzle-actions");
  const confirm = hlButton("", "confirm");
  confirm.addEventListener("click", () => model.send({ type: "confirm" }));
  const next = hlButton("", "next", { className: "hl-next-puzzle" });
  next.addEventListener("click", () => model.send({ type: "next" }));
  actions.append(confirm, next);
  // The message is shown, not announced: `announce` speaks its short line (the verdict alone).
  const message = hlEl("div", "hl-message hl-puzzle-message");
  const announce = hlAnnouncer();
  const pointsHelp = { open: false };
  // Once answered, the position can be studied further on the analysis board (a link from Python).
  const analysis = hlEl("a", "hl-glossary-link hl-puzzle-analysis");
  const accuracyBox = hlEl("section", "hl-puzzle-accuracy");
  const accuracyHeading = hlEl("h4", "hl-puzzle-accuracy-heading");
  const accuracyList = hlEl("ul", "hl-puzzle-accuracy-list");
  accuracyBox.append(accuracyHeading, accuracyList);

  // "Show me": the button under the verdict, the panel it opens (built in drawShowcase).
  const showRow = hlEl("div", "hl-row hl-puzzle-show-row");
  const showMe = hlButton("", "show", { secondary: true, className: "hl-puzzle-show-me" });
  showMe.addEventListener("click", () => model.send({ type: "show" }));
  const showPanel = hlEl("section", "hl-puzzle-showcase");
  showPanel.id = "hl-puzzle-showcase-" + Math.random().toString(36).slice(2);
  showMe.setAttribute("aria-controls", showPanel.id);
  showMe.setAttribute("aria-expanded", "false");
  showRow.append(showMe);
  // The step on screen, and which layout it belongs to (a new one opens on its first step).
  const showState = { key: "", step: 0 };
  showPanel.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      model.send({ type: "hide" });
    }
  });

  // Shown, not announced: an answer in a lesson is heard once, as its verdict (the announcer).
  const lessonLine = hlEl("p", "hl-puzzle-lesson-goal");

  // What a player at the table would have seen and counted: the tricks before this one
  // (folded away until asked for) and, per suit, the cards still out.
  const record = hlEl("details", "hl-puzzle-history");
  const recordSummary = hlEl("summary", "hl-puzzle-history-summary");
  const recordList = hlEl("ol", "hl-puzzle-history-list");
  record.append(recordSummary, recordList);
  // A named group, not a <section>: a lesson holding two boards would have two landmarks of one name.
  const outBox = hlEl("div", "hl-puzzle-out");
  outBox.setAttribute("role", "group");
  const outHeading = hlEl("h4", "hl-puzzle-out-heading");
  outHeading.id = "hl-puzzle-out-" + Math.random().toString(36).slice(2);
  outBox.setAttribute("aria-labelledby", outHeading.id);
  const outList = hlEl("ul", "hl-puzzle-out-list");
  outBox.append(outHeading, outList);

  root.append(notice, status, lessonLine, controls, title, question, facts, matchBox, table, hand, actions, message, showRow,
    showPanel, analysis, players, outBox, record, accuracyBox, announce.element, hlErrorBox(model));
  // What the board showed last: an answer or a new puzzle since then moves focus on.
  let shown = null;

  function drawLabels() {
    const words = labels();
    themeLabel.textContent = words.theme_label || "";
    day.textContent = words.day_button || "";
    day.setAttribute("aria-label", words.day_button || "");
    confirm.textContent = words.confirm || "";
    confirm.setAttribute("aria-label", words.confirm || "");
    next.textContent = words.next || "";
    next.setAttribute("aria-label", words.next || "");
    hand.setAttribute("aria-label", words.hand || "");
    table.setAttribute("aria-label", words.table || "");
    dueHeading.textContent = (words.mistakes || "") + " ";
    accuracyHeading.textContent = words.accuracy || "";
    outHeading.textContent = words.out_heading || "";
    ratingHelpBox.replaceChildren(...(words.rating_question
      ? [hlHelp("hl-puzzle-rating-question", words.rating_question, words.rating_help || "", ratingHelp)] : []));
  }

  function drawRecord() {
    const tricks = model.get("history") || [];
    recordSummary.textContent = model.get("history_title") || "";
    recordList.replaceChildren(...tricks.map((line) => hlEl("li", "", line)));
    record.hidden = !tricks.length;
    outList.replaceChildren(...(model.get("out") || []).map((line) => hlEl("li", "", line)));
  }

  function drawThemes() {
    picker.replaceChildren();
    for (const item of model.get("themes")) {
      const option = hlEl("option", "", item.label);
      option.value = item.key;
      picker.append(option);
    }
    picker.value = model.get("theme");
  }

  // The puzzles page shows everything; a lesson's puzzles keep to its themes (no picker, no
  // puzzle of the day) and say how far the lesson's mark is; a worked position is one
  // puzzle outside the rating, so it shows neither the rating nor a next puzzle.
  function drawMode() {
    const mode = model.get("mode") || "page";
    root.dataset.mode = mode;
    controls.hidden = mode !== "page";
    status.hidden = mode === "worked";
    accuracyBox.hidden = mode !== "page";
    due.hidden = mode !== "page";
    next.hidden = mode === "worked";
    lessonLine.hidden = mode !== "lesson";
  }

  function drawStatus() {
    lessonLine.textContent = model.get("lesson_text") || "";
    notice.textContent = model.get("notice") || "";
    notice.hidden = !notice.textContent;
    rating.textContent = model.get("rating");
    streak.textContent = model.get("streak");
    dueCount.textContent = model.get("due");
    accuracyList.replaceChildren(...model.get("accuracy").map((line) => hlEl("li", "", line)));
  }

  function slot(item) {
    const place = hlEl("div", "hl-played");
    place.dataset.seat = item.seat;
    if (item.you) place.classList.add("is-you");
    if (item.card) place.append(hlCard(item.card, { static: true }));
    else place.append(hlEl("div", "hl-seat-empty", labels().your_card || ""));
    place.append(hlEl("span", "hl-seat", item.seat));
    return place;
  }

  function draw() {
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    const answered = model.get("answered");
    root.dataset.answered = String(answered);
    root.dataset.puzzle = model.get("puzzle_id");
    root.dataset.opened = String(model.get("opened"));
    title.textContent = model.get("title");
    question.textContent = model.get("question");
    facts.replaceChildren(...model.get("facts").map((line) => hlEl("li", "", line)));

    table.replaceChildren(...model.get("table").map(slot));
    hlSpoken(table, model.get("table_words"));

    const restore = hlFocusAfter(root, ['[data-action="next"]', "button.hl-card"]);
    hlKeepFocus(hand, () => {
      hand.replaceChildren();
      for (const card of model.get("hand")) {
        const button = hlCard(card, { legal: card.legal, selected: card.text === model.get("selected") });
        button.addEventListener("click", () => model.send({ type: "select", card: card.text }));
        hand.append(button);
      }
    });
    confirm.classList.toggle("is-disabled", answered || !model.get("selected"));
    confirm.setAttribute("aria-disabled", String(answered || !model.get("selected")));
    next.classList.toggle("is-secondary", !answered);
    next.setAttribute("aria-disabled", String(!answered));
    restore();

    const said = model.get("message") || {};
    const verdictShown = said.kind === "right" || said.kind === "wrong";
    message.className = "hl-message hl-puzzle-message";
    message.dataset.kind = said.kind || "";
    if (said.kind === "right") message.classList.add("is-legal");
    if (said.kind === "wrong" || said.kind === "refused") message.classList.add("is-illegal");
    message.replaceChildren();
    let verdict = null;
    if (verdictShown) {
      // The verdict as the message's heading, the reason under it (and, when the reason quotes
      // the points to end the hand with, what that figure is).
      verdict = hlEl("h4", "hl-puzzle-verdict", said.badge || "");
      verdict.tabIndex = -1;
      message.append(verdict);
      if (said.text) message.append(hlEl("p", "hl-text hl-puzzle-reason", said.text));
      const help = said.points || {};
      if (help.question) message.append(hlHelp("hl-puzzle-points-help", help.question, help.answer, pointsHelp));
    } else {
      if (said.badge) message.append(hlEl("span", "hl-badge", said.badge));
      message.append(hlEl("span", "hl-text", said.text || ""));
    }
    const link = model.get("analysis_link") || {};
    analysis.href = link.href || "";
    analysis.textContent = link.text || "";
    analysis.hidden = !answered || !link.href;
    moveOn(answered, verdict, verdictShown ? said.badge || "" : said.text || "");
  }

  // After Confirm, focus leaves the spent button for Next puzzle (or, with no next puzzle, the
  // verdict, which the reader then says: it is not announced as well); after Next puzzle, for
  // the new puzzle's title. Only focus on the spent button moves: a learner elsewhere (walking
  // the theme picker with the arrow keys, say) is left there. The first draw announces
  // nothing: the page is opening.
  function moveOn(answered, verdict, line) {
    const now = { puzzle: model.get("puzzle_id"), answered };
    const before = shown;
    shown = now;
    if (before === null) {
      announce.say(line, { silently: true });
      return;
    }
    if (now.puzzle !== before.puzzle) {
      if (document.activeElement === next) title.focus();
    } else if (answered && !before.answered && document.activeElement === confirm && verdict) {
      if (!next.hidden) next.focus();
      else {
        verdict.focus();
        announce.say(line, { silently: true });
        return;
      }
    }
    announce.say(line);
  }

  function drawShowcase() {
    const button = model.get("show_button") || {};
    const shown = model.get("showcase") || {};
    const open = Boolean(shown.steps && shown.steps.length);
    showRow.hidden = !button.text;
    showMe.textContent = button.text || "";
    showMe.setAttribute("aria-label", button.name || button.text || "");
    showMe.setAttribute("aria-expanded", String(open));
    const hadFocus = showPanel.contains(document.activeElement);
    if (!open) {
      showPanel.replaceChildren();
      showPanel.hidden = true;
      if (showState.key) {
        showState.key = "";
        if (hadFocus && !showRow.hidden) showMe.focus();
      }
      return;
    }
    const key = model.get("puzzle_id") + "|" + shown.heading;
    const opening = key !== showState.key;
    if (opening) {
      showState.key = key;
      showState.step = shown.start || 0;
    }
    const steps = shown.steps;
    const index = Math.max(0, Math.min(showState.step, steps.length - 1));
    const focusedAction = hadFocus && document.activeElement.dataset ? document.activeElement.dataset.action : "";
    const heading = hlShowcaseFill(showPanel, shown, index, {
      back: () => moveStep(-1), forward: () => moveStep(1), close: () => model.send({ type: "hide" }),
    });
    if (opening) {
      heading.focus();
    } else if (focusedAction) {
      hlShowcaseRefocus(showPanel, focusedAction);
    }
  }

  // Previous trick / Next trick: only which prepared step is shown changes; the step is then
  // said once (its heading, where the lines part, both tricks).
  function moveStep(by) {
    const shown = model.get("showcase") || {};
    const steps = shown.steps || [];
    const to = showState.step + by;
    if (to < 0 || to >= steps.length) return;
    showState.step = to;
    drawShowcase();
    const text = hlShowcaseSpoken(shown, to);
    announce.say(text);  // the board's one voice
  }

  function drawAll() {
    drawMode();
    drawLabels();
    drawRecord();
    drawThemes();
    drawStatus();
    draw();
    drawPlayers();
    drawMatch();
    drawShowcase();
  }

  function drawMatch() {
    const score = model.get("match_totals") || {};
    const rows = score.rows || [];
    matchBox.hidden = !rows.length;
    if (!rows.length) {
      matchBox.replaceChildren();
      return;
    }
    const { table: made, body } = hlTable("hl-puzzle-match-table", score.columns || []);
    made.prepend(hlEl("caption", "", score.heading || ""));
    for (const item of rows) {
      const row = hlEl("tr", item.you ? "is-you" : "");
      row.dataset.seat = item.seat;
      const name = hlEl("th", "", item.seat);
      name.scope = "row";
      row.append(name, hlEl("td", "hl-match-before", item.before), hlEl("td", "hl-match-now", item.now));
      body.append(row);
    }
    matchBox.replaceChildren(made, hlEl("p", "hl-puzzle-match-said", score.said || ""));
  }

  function drawPlayers() {
    const words = labels();
    const { table: made, body } = hlTable("hl-puzzle-players", [words.player || "", words.points || "",
      words.voids || ""]);
    const caption = hlEl("caption", "", words.players || "");
    made.prepend(caption);
    for (const item of model.get("players")) {
      const row = hlEl("tr", item.you ? "is-you" : "");
      row.dataset.seat = item.seat;
      const name = hlEl("th", "", item.seat);
      name.scope = "row";
      row.append(name, hlEl("td", "hl-points", item.points), hlEl("td", "hl-voids", item.voids));
      body.append(row);
    }
    players.replaceChildren(made);
  }

  model.on("change:labels", drawAll);
  model.on("change:themes", drawThemes);
  model.on("change:theme", drawThemes);
  for (const name of ["notice", "rating", "streak", "due", "accuracy", "lesson_text"]) {
    model.on("change:" + name, drawStatus);
  }
  model.on("change:mode", drawMode);
  model.on("change:history", drawRecord);
  model.on("change:out", drawRecord);
  model.on("change:history_title", drawRecord);
  model.on("change:players", drawPlayers);
  model.on("change:match_totals", drawMatch);
  model.on("change:show_button", drawShowcase);
  model.on("change:showcase", drawShowcase);
  for (const name of ["puzzle_id", "title", "question", "facts", "table", "table_words", "hand", "selected",
    "answered", "opened", "message", "four_colour", "analysis_link"]) {
    model.on("change:" + name, draw);
  }
  drawAll();
  model.send({ type: "opened" });
}

export default { render };
