// Front end for the lesson index: one row per lesson, with its link and its completed mark.

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

function render({ model, el }) {
  const root = hlEl("div", "hl-root");
  el.append(root);
  renderIndex(model, root);
}

export default { render };
