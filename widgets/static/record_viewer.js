// RecordViewer front end: loading controls, one trick per frame, the list of illegal actions.
// The kernel sends the frame on screen only; each step asks it for another. A record above
// the kernel's size limit (max_bytes) is refused here, before it is sent: near Jupyter's
// websocket limit the page would silently reconnect instead of showing any error.

function hlMegabytes(bytes) {
  return hlT("{size} MB", { size: (bytes / 1000000).toFixed(1) });
}

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el, "hl-viewer");
  const title = hlEl("p", "hl-title");

  const loaders = hlEl("div", "hl-loaders");
  const fileLabel = hlEl("label", "hl-button is-secondary hl-file-label", hlT("Upload a record"));
  const file = document.createElement("input");
  file.type = "file";
  file.accept = ".json,application/json";
  file.setAttribute("aria-label", hlT("upload a match record file"));
  file.dataset.action = "upload";
  function tooBig(bytes) {
    const limit = model.get("max_bytes");
    if (bytes <= limit) return false;
    loadError.textContent = hlT("This record is {size}: records up to {limit} can be checked here.",
      { size: hlMegabytes(bytes), limit: hlMegabytes(limit) });
    return true;
  }
  file.addEventListener("change", async () => {
    if (!file.files.length) return;
    const chosen = file.files[0];
    file.value = "";
    if (tooBig(chosen.size)) return;
    const text = await chosen.text();
    model.send({ type: "load_text", text, source: hlT("uploaded: {name}", { name: chosen.name }) });
  });
  fileLabel.append(file);
  const sample = hlEl("button", "hl-button is-secondary", hlT("Load the sample with mistakes"));
  sample.dataset.action = "sample";
  sample.addEventListener("click", () => model.send({ type: "load_sample", name: "mistakes" }));
  const mine = hlEl("button", "hl-button is-secondary", hlT("My last match"));
  mine.dataset.action = "last-match";
  mine.addEventListener("click", () => model.send({ type: "load_last_match" }));
  // The learner's finished matches (kept by the guided match), newest first.
  const pastRow = hlEl("div", "hl-row hl-past");
  const pastLabel = hlEl("label", "hl-past-label", hlT("Your finished matches"));
  const past = document.createElement("select");
  past.dataset.action = "choose-past";
  pastLabel.append(past);
  const pastCheck = hlEl("button", "hl-button is-secondary", hlT("Check this match"));
  pastCheck.dataset.action = "past-match";
  pastCheck.addEventListener("click", () => model.send({ type: "load_past_match", number: Number(past.value) }));
  pastRow.append(pastLabel, pastCheck);
  loaders.append(fileLabel, sample, mine, pastRow);
  const paste = document.createElement("textarea");
  paste.placeholder = hlT("…or paste a match record here: the text the guided match saves");
  paste.setAttribute("aria-label", hlT("paste a record"));
  const check = hlEl("button", "hl-button", hlT("Check this record"));
  check.dataset.action = "check";
  check.addEventListener("click", () => {
    if (tooBig(new Blob([paste.value]).size)) return;
    model.send({ type: "load_text", text: paste.value, source: hlT("pasted") });
  });
  const pasteRow = hlEl("div", "hl-row");
  pasteRow.append(check);
  const loadError = hlEl("div", "hl-error");
  loadError.setAttribute("role", "alert");

  const status = hlEl("p", "hl-status");
  status.setAttribute("aria-live", "polite");
  const where = hlEl("p", "hl-where");
  const table = hlEl("div", "hl-table");
  const caption = hlLiveMessage("hl-message hl-frame-caption");
  const nav = hlEl("div", "hl-row");
  const back = hlEl("button", "hl-button is-secondary", hlT("Previous trick"));
  back.dataset.action = "back";
  back.addEventListener("click", () => model.send({ type: "back" }));
  const next = hlEl("button", "hl-button", hlT("Next trick"));
  next.dataset.action = "next";
  next.addEventListener("click", () => model.send({ type: "next" }));
  nav.append(back, next);
  const problems = hlEl("ol", "hl-problems");
  problems.setAttribute("aria-label", hlT("illegal actions found"));
  // Hunting (lesson 10): what each player held as the trick began, the answer to a tapped
  // card, and a way to give up and see every mistake.  All of it comes from Python.
  const held = hlEl("ul", "hl-held");
  held.setAttribute("aria-label", hlT("what each player held as this trick began"));
  const huntAnswer = hlLiveMessage("hl-message hl-hunt-answer");
  const reveal = hlButton(hlT("Show me the mistakes"), "reveal", { secondary: true, className: "hl-reveal" });
  reveal.addEventListener("click", () => model.send({ type: "reveal" }));
  const huntRow = hlEl("div", "hl-row hl-hunt-row");
  huntRow.append(reveal);

  // Only a hunt (a widget with a "hunting" trait) has the hunt's parts on its page.
  const huntable = model.get("hunting") !== undefined;
  root.append(title, loaders, paste, pasteRow, loadError, status, where, ...(huntable ? [held] : []), table, caption,
              ...(huntable ? [huntAnswer] : []), nav, ...(huntable ? [huntRow] : []), problems, hlErrorBox(model));

  function draw() {
    const refocus = hlFocusAfter(root, ['[data-action="next"]', '[data-action="back"]']);
    root.classList.toggle("hl-four-colour", model.get("four_colour"));
    title.textContent = model.get("title");
    const loading = model.get("allow_loading");
    for (const node of [loaders, paste, pasteRow]) node.hidden = !loading;
    loadError.textContent = model.get("load_error");
    const labels = model.get("past_matches");
    pastRow.hidden = labels.length === 0;
    past.replaceChildren(...labels.map((label, number) => {
      const option = document.createElement("option");
      option.value = String(number);
      option.textContent = label;
      return option;
    }));
    // A hunt's status is a whole instruction; the source would dangle after it.
    status.textContent = model.get("source") && !model.get("hunting")
      ? hlT("{status} ({source})", { status: model.get("status"), source: model.get("source") })
      : model.get("status");
    const hunting = Boolean(model.get("hunting"));
    held.hidden = !hunting;
    huntRow.hidden = !hunting;
    const answer = model.get("feedback") || "";
    huntAnswer.hidden = !answer;
    huntAnswer.textContent = answer;
    huntAnswer.className = "hl-message hl-hunt-answer" + (answer ? (model.get("feedback_ok") ? " is-legal" : " is-illegal") : "");
    const count = model.get("frame_count");
    const frame = model.get("frame");
    // The frame's own step: "step" may arrive a message before its frame.
    const step = frame && Number.isInteger(frame.step) ? frame.step : model.get("step");
    table.replaceChildren();
    if (!frame || !frame.cards) {
      where.textContent = "";
      caption.textContent = hlT("Nothing loaded yet.");
      back.disabled = next.disabled = true;
    } else {
      where.textContent = hlT("Hand {hand} ({direction}), trick {trick} (step {step} of {count})",
        { hand: frame.hand, direction: frame.direction, trick: frame.trick, step: step + 1, count });
      frame.cards.forEach((item, position) => {
        const slot = hlEl("div", "hl-played");
        if (item.winner && !hunting) slot.classList.add("is-winner");
        if (item.illegal) slot.classList.add("is-illegal");
        if (hunting) {
          const button = hlCard(item.card, {});
          button.dataset.position = String(position);
          button.dataset.action = "mark-" + position;
          button.setAttribute("aria-label", item.you
            ? hlT("{card}, played by you: tap if it breaks a rule", { card: hlCardName(item.card) })
            : hlT("{card}, played by {seat}: tap if it breaks a rule", { card: hlCardName(item.card), seat: item.seat }));
          button.addEventListener("click", () => model.send({ type: "mark", position }));
          slot.append(button, hlEl("span", "hl-seat", item.seat));
        } else {
          slot.append(hlCard(item.card, { static: true }), hlEl("span", "hl-seat", item.seat));
        }
        table.append(slot);
      });
      held.replaceChildren(...(hunting ? frame.held || [] : []).map((entry) => {
        const line = hlEl("li", "hl-held-line");
        const who = entry.you ? hlT("You held") : hlT("{seat} held", { seat: entry.seat });
        line.append(hlEl("span", "hl-held-seat", who), hlEl("span", "hl-held-cards", entry.cards));
        return line;
      }));
      const winner = frame.cards.find((item) => item.winner);
      if (!hunting) hlSpoken(table, hlTrickWords(frame.cards, { winner: winner && winner.seat, winnerIsYou: Boolean(winner && winner.you),
        done: true }));
      caption.className = "hl-message hl-frame-caption" + (frame.cards.some((c) => c.illegal) ? " is-illegal" : "");
      caption.textContent = frame.caption;
      back.disabled = step === 0;
      next.disabled = step >= count - 1;
    }
    problems.replaceChildren();
    for (const problem of model.get("problems")) {
      const item = document.createElement("li");
      const jump = hlEl("button", "hl-link", problem.text);
      jump.dataset.action = "goto-" + problem.step;
      jump.addEventListener("click", () => model.send({ type: "goto", step: problem.step }));
      item.append(jump);
      hlAppendRuleLink(item, problem.link);
      problems.append(item);
    }
    refocus();
  }
  for (const name of ["title", "status", "source", "load_error", "frame", "frame_count", "problems", "step",
                      "allow_loading", "four_colour", "past_matches", "hunting", "feedback", "feedback_ok",
                      "found"]) {
    model.on("change:" + name, draw);
  }
  draw();
  model.send({ type: "opened" });
}

export default { render };
