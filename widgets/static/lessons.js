// Front end for the lesson index: a progress bar across the course, then the course's parts,
// each a heading and one row per lesson with its link, what its mark needs, how far the learner got (stars for first-try answers)
// and its completed mark.

function renderIndex(model, root) {
  root.classList.add("hl-index");
  const course = hlEl("div", "hl-course");
  const bar = hlEl("div", "hl-course-bar");
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-label", "lessons completed");
  const fill = hlEl("div", "hl-course-fill");
  bar.append(fill);
  const courseText = hlEl("p", "hl-course-text");
  course.append(courseText, bar);
  // One section per part of the course (the rules, then playing well), each with its own
  // list; the numbers run on across parts, so "lesson 12" is the same lesson everywhere.
  const list = hlEl("div", "hl-parts");
  const notice = hlEl("p", "hl-notice");
  notice.setAttribute("role", "status");
  const onward = hlEl("p", "hl-next-step");
  const onwardLink = hlEl("a", "hl-next-step-link");
  onward.append(onwardLink);
  root.append(notice, course, onward, list, hlErrorBox(model));

  function stars(count, of) {
    const el = hlEl("span", "hl-stars", "★".repeat(count) + "☆".repeat(Math.max(0, of - count)));
    el.setAttribute("aria-label", count + " of " + of + " answered right at the first try");
    el.title = "answered right at the first try";
    return el;
  }

  function draw() {
    notice.textContent = model.get("notice") || "";
    notice.hidden = !notice.textContent;
    const totals = model.get("course") || {};
    const done = totals.done || 0;
    const total = totals.total || 1;
    fill.style.width = Math.round((100 * done) / total) + "%";
    bar.setAttribute("aria-valuemin", "0");
    bar.setAttribute("aria-valuemax", String(total));
    bar.setAttribute("aria-valuenow", String(done));
    courseText.textContent = done + " of " + total + " lessons completed" +
      (totals.graded ? " · " + totals.stars + " of " + totals.graded + " stars" : "");
    const step = model.get("next_step") || {};
    onward.hidden = !step.text;
    onwardLink.textContent = (step.text || "") + " →";
    onwardLink.href = step.href || "";
    onwardLink.dataset.lesson = step.lesson || "";
    list.replaceChildren();
    const lists = new Map();
    const parts = model.get("parts") || [];
    for (const part of parts) {
      const section = hlEl("section", "hl-part");
      section.dataset.part = part.key;
      const heading = hlEl("h2", "hl-part-title", part.title);
      heading.id = "hl-part-" + part.key + "-" + Math.random().toString(36).slice(2);
      section.setAttribute("aria-labelledby", heading.id);
      const rows = document.createElement("ol");
      rows.setAttribute("aria-labelledby", heading.id);
      section.append(heading, hlEl("p", "hl-part-summary", part.summary), rows);
      list.append(section);
      lists.set(part.key, rows);
    }
    for (const item of model.get("lessons")) {
      let rows = lists.get(item.part);
      if (!rows) {
        rows = document.createElement("ol");
        list.append(rows);
        lists.set(item.part, rows);
      }
      if (!rows.childElementCount) rows.start = item.number;
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
      if (item.graded) body.append(stars(item.stars, item.graded));
      body.append(hlEl("p", "hl-summary", item.summary));
      const needs = hlEl("p", "hl-needs", "✓ when: " + item.mark);
      if (item.exercises && !item.done) {
        needs.append(hlEl("span", "hl-so-far", " (" + item.answered + " of " + item.exercises + " done so far)"));
      }
      body.append(needs);
      row.append(number, body);
      rows.append(row);
    }
  }
  model.on("change:lessons", draw);
  model.on("change:course", draw);
  model.on("change:parts", draw);
  model.on("change:notice", draw);
  model.on("change:next_step", draw);
  draw();
  // The marks may be older than this page (a preheated kernel): ask for fresh ones now, and
  // again on coming back to the index (browser back).
  model.send({ type: "opened" });
  window.addEventListener("pageshow", () => model.send({ type: "opened" }));
}

function render({ model, el }) {
  const root = hlRoot(el);
  renderIndex(model, root);
}

export default { render };
