// Front end for the lesson index: the page's heading, a language picker and introduction, a
// progress bar across the course, then the course's parts, each a heading and one row per lesson
// with its link, what its mark needs, how far the learner got (stars for first-try answers) and
// its completed mark. Every word comes from Python in the chosen language, so picking another
// redraws the whole page at once (no reload).

function languagePicker(model) {
  const box = hlEl("div", "hl-language");
  const label = hlEl("label", "hl-language-label");
  const select = document.createElement("select");
  select.className = "hl-language-select";
  select.id = "hl-language-" + Math.random().toString(36).slice(2);
  label.htmlFor = select.id;
  box.append(label, select);
  select.addEventListener("change", () => model.send({ type: "choose_language", code: select.value }));
  function draw() {
    // The label is in the language the page speaks now; each choice is named in its own language.
    label.textContent = hlT("Language");
    select.replaceChildren();
    for (const choice of model.get("languages") || []) {
      const option = hlEl("option", "", choice.name);
      option.value = choice.code;
      option.lang = choice.code;
      option.selected = choice.code === model.get("language");
      select.append(option);
    }
  }
  return { box, draw };
}

function renderIndex(model, root) {
  root.classList.add("hl-index");
  const header = hlEl("div", "hl-index-header");
  const title = hlEl("h1", "hl-index-title");
  const picker = languagePicker(model);
  header.append(title, picker.box);
  const intro = hlEl("div", "hl-intro");
  const footer = hlEl("p", "hl-index-links");
  const course = hlEl("div", "hl-course");
  const bar = hlEl("div", "hl-course-bar");
  bar.setAttribute("role", "progressbar");
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
  root.append(header, intro, notice, course, onward, list, footer, hlErrorBox(model));

  function stars(count, of) {
    const el = hlEl("span", "hl-stars", "★".repeat(count) + "☆".repeat(Math.max(0, of - count)));
    el.setAttribute("aria-label", hlT("{count} of {total} answered right at the first try", { count, total: of }));
    el.title = hlT("answered right at the first try");
    return el;
  }

  function drawPage() {
    const code = model.get("language") || "en";
    root.lang = code;
    // The page holds nothing but this widget's words: the whole document speaks its language.
    document.documentElement.lang = code;
    const page = model.get("page") || {};
    title.textContent = page.title || "";
    picker.draw();
    intro.replaceChildren(...(page.intro || []).map((text) => hlInline(hlEl("p", "hl-intro-text"), text)));
    footer.replaceChildren(...(page.links || []).map((link) => {
      const a = hlEl("a", "hl-index-link", link.text);
      a.href = link.href;
      return a;
    }));
  }

  function draw() {
    drawPage();
    bar.setAttribute("aria-label", hlT("lessons completed"));
    notice.textContent = model.get("notice") || "";
    notice.hidden = !notice.textContent;
    const totals = model.get("course") || {};
    const done = totals.done || 0;
    const total = totals.total || 1;
    fill.style.width = Math.round((100 * done) / total) + "%";
    bar.setAttribute("aria-valuemin", "0");
    bar.setAttribute("aria-valuemax", String(total));
    bar.setAttribute("aria-valuenow", String(done));
    courseText.textContent = totals.graded
      ? hlT("{done} of {total} lessons completed · {stars} of {graded} stars",
        { done, total, stars: totals.stars, graded: totals.graded })
      : hlT("{done} of {total} lessons completed", { done, total });
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
      const values = { number: item.number, title: item.title };
      link.setAttribute("aria-label", item.done ? hlT("Lesson {number}: {title} (completed)", values)
        : hlT("Lesson {number}: {title}", values));
      link.href = item.href;
      body.append(link);
      if (item.done) body.append(hlEl("span", "hl-done-mark", hlT("✓ completed")));
      if (item.graded) body.append(stars(item.stars, item.graded));
      body.append(hlEl("p", "hl-summary", item.summary));
      const needs = hlEl("p", "hl-needs", hlT("✓ when: {mark}", { mark: item.mark }));
      if (item.exercises && !item.done) {
        needs.append(hlEl("span", "hl-so-far", hlT("({answered} of {exercises} done so far)",
          { answered: item.answered, exercises: item.exercises })));
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
  model.on("change:page", draw);
  model.on("change:language", draw);
  hlFollowWords(model, draw);
  draw();
  // The marks may be older than this page (a preheated kernel): ask for fresh ones now, and
  // again on coming back to the index (browser back). With them go what decides the language
  // when the learner has not chosen one: the address's ?lang= and the browser's languages.
  const opened = () => model.send({
    type: "opened",
    asked: new URLSearchParams(window.location.search).get("lang") || "",
    browser: Array.from(navigator.languages || [navigator.language || ""]).filter(Boolean).map(String),
  });
  opened();
  window.addEventListener("pageshow", opened);
}

function render({ model, el }) {
  hlUseWords(model);
  const root = hlRoot(el);
  renderIndex(model, root);
}

export default { render };
