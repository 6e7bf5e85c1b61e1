// Shared by every Hearts Lessons front end; bundled in front of each widget's module.
// Cards arrive from Python fully described (text, rank, symbol, suit, spoken label):
// nothing here knows a rule or even the notation.

// Words: every text a learner reads or hears is written here as its English pattern, a
// double-quoted literal passed to hlT (or a singular and a plural passed to hlTn with a
// count), so Babel extracts it into the catalogue; Python sends the active language's forms
// in the model's `words` (widgets/_base.py finds every such literal of the bundle), and
// hlUseWords(model) at the top of render() installs them. Placeholders are named ({seat}) so a translation may reorder them.
let HL_WORDS = {};
function hlUseWords(model) {
  HL_WORDS = model.get("words") || {};
}

// A widget whose language can change while it is shown (the index's language picker) redraws
// when Python sends the new words.
function hlFollowWords(model, redraw) {
  model.on("change:words", () => {
    hlUseWords(model);
    redraw();
  });
}

// A translated sentence that carries its own emphasis and links, in the two markdown forms
// the catalogues use: **bold** and [text](address), alone or as **[text](address)**. Only
// text nodes and links are made (never HTML from the sentence), so a catalogue cannot inject
// markup; an address that is not a relative page or a fragment stays plain text.
function hlInline(parent, text) {
  const pattern = /\*\*\[([^\]]+)\]\(([^)\s]+)\)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    parent.append(document.createTextNode(text.slice(at, found.index)));
    const [whole, strongText, strongHref, linkText, linkHref, bold] = found;
    if (bold !== undefined) {
      parent.append(hlEl("strong", "", bold));
    } else {
      const label = strongText ?? linkText;
      const href = strongHref ?? linkHref;
      if (/^(?![a-z][a-z0-9+.-]*:|\/\/)/i.test(href)) {
        const link = hlEl("a", "", label);
        link.href = href;
        parent.append(strongText !== undefined ? hlWrap("strong", link) : link);
      } else {
        parent.append(document.createTextNode(whole));
      }
    }
    at = found.index + whole.length;
  }
  parent.append(document.createTextNode(text.slice(at)));
  return parent;
}

function hlWrap(tag, child) {
  const el = document.createElement(tag);
  el.append(child);
  return el;
}

function hlFill(pattern, values = {}) {
  return pattern.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

function hlT(pattern, values) {
  const translated = HL_WORDS[pattern];
  return hlFill(typeof translated === "string" ? translated : pattern, values);
}

// A pattern that depends on a count: the catalogue's forms and, under "\u0004plural", which
// form each count takes (counts 0-199; larger counts repeat the last hundred, as every
// gettext plural rule does).
function hlTn(singular, plural, count, values = {}) {
  const forms = HL_WORDS[singular + "\u0004" + plural];
  const table = HL_WORDS["\u0004plural"];
  let pattern = count === 1 ? singular : plural;
  if (Array.isArray(forms) && Array.isArray(table)) {
    const form = forms[table[count < 200 ? count : 100 + (count % 100)]];
    if (typeof form === "string") pattern = form;
  }
  return hlFill(pattern, { count, ...values });
}

function hlEl(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  return el;
}

// A widget's root element, placed in anywidget's `el`: every style in cards.css is scoped
// under .hl-root, and `kind` (hl-quiz, hl-match, ...) scopes the widget's own sheet.
function hlRoot(el, kind) {
  const root = hlEl("div", kind ? "hl-root " + kind : "hl-root");
  el.append(root);
  return root;
}

// A button that asks Python for something: it shows `label`, carries data-action (tests and
// the keyboard find it by that) and a name for screen readers (options.aria, else the label).
// options: secondary (the quieter look), className (more classes), disabled, pressed.
function hlButton(label, action, options = {}) {
  const classes = ["hl-button", options.secondary ? "is-secondary" : "", options.className || ""];
  const button = hlEl("button", classes.filter(Boolean).join(" "), label);
  button.type = "button";
  button.dataset.action = action;
  button.setAttribute("aria-label", options.aria || label);
  // aria-disabled rather than disabled: the button stays reachable by Tab, and pressing it
  // early gets an explanation from Python instead of silence.
  if (options.disabled) {
    button.setAttribute("aria-disabled", "true");
    button.classList.add("is-disabled");
  }
  if (options.pressed !== undefined) button.setAttribute("aria-pressed", String(options.pressed));
  return button;
}

// What a card is called: its name with the corner's rank as shown and the suit said once
// ("10 of clubs"; a face's letter first, "Q, queen of spades", since other languages' names
// may not start with it), so a screen reader does not say "10 clubs, ten of clubs" and a
// voice-control user can say what the corner shows; then the marks drawn on it.
function hlCardName(card, options = {}) {
  const parts = /^\d+$/.test(card.rank) ? [card.name] : [card.rank, card.name];
  if (options.received) {
    parts.push(options.receivedFrom ? hlT("received from {seat}", { seat: options.receivedFrom }) : hlT("received"));
  }
  if (options.danger) parts.push(hlT("danger: likely to cost points"));
  return parts.join(hlT(", "));
}

// The description of a dimmed card, one element per page, shared by every card that
// points to it with aria-describedby.
const HL_NOT_NOW_ID = "hl-not-playable-now";
function hlNotNowDescription() {
  let note = document.getElementById(HL_NOT_NOW_ID);
  if (!note) {
    note = hlEl("span", "hl-visually-hidden", hlT("May not be played now: choose it to hear why."));
    note.id = HL_NOT_NOW_ID;
    note.hidden = true; // aria-describedby still reads hidden text; nothing is shown
    document.body.append(note);
  }
  return note.id;
}

// One card: a button in a hand, or (static) a picture (role img) on the table. Either way
// it carries data-card, data-suit, data-legal (when given) and a name that holds its
// visible text. A card that may not be played now stays pressable (Python explains why)
// and says so in its description. Not aria-disabled: assistive tech and test drivers
// (Playwright) then treat the card as inert, and tapping it is how the learner asks why.
function hlCard(card, options = {}) {
  const el = hlEl(options.static ? "div" : "button", "hl-card");
  if (!options.static) el.type = "button";
  else {
    el.classList.add("is-static");
    el.setAttribute("role", "img");
  }
  el.dataset.card = card.text;
  el.dataset.suit = card.suit;
  el.setAttribute("aria-label", hlCardName(card, options));
  if (options.legal !== undefined && options.legal !== null) el.dataset.legal = String(options.legal);
  if (options.legal === false && !options.static) {
    el.setAttribute("aria-describedby", hlNotNowDescription());
  }
  if (options.selected) el.classList.add("is-selected");
  if (options.received) el.classList.add("is-received");
  if (options.danger) el.classList.add("is-danger");
  const pressed = options.pressed !== undefined ? options.pressed : (options.static ? undefined : options.selected);
  if (pressed !== undefined) el.setAttribute("aria-pressed", String(Boolean(pressed)));
  // The visible text is the top corner only; the bottom corner and the centre pip are
  // drawn from data attributes in CSS, so the visible text reads "10♣" once, as named.
  const top = hlEl("span", "hl-corner hl-top");
  top.append(hlEl("span", "hl-rank", card.rank), hlEl("span", "hl-small-suit", card.symbol));
  const bottom = hlEl("span", "hl-corner hl-bottom");
  bottom.dataset.rank = card.rank;
  bottom.dataset.symbol = card.symbol;
  const pip = hlEl("span", "hl-pip");
  pip.dataset.symbol = card.symbol;
  for (const part of [top, bottom, pip]) part.setAttribute("aria-hidden", "true");
  el.append(top, bottom, pip);
  return el;
}

// Roving focus: one Tab stop per row of cards (the card last focused, else the first
// selected, else the first), the arrow keys walk the row.
function hlRove(container) {
  const cards = [...container.querySelectorAll("button.hl-card")];
  if (!cards.length) return;
  const current = cards.find((card) => card.dataset.card === container.dataset.roving) ||
    cards.find((card) => card.classList.contains("is-selected")) || cards[0];
  for (const card of cards) card.tabIndex = card === current ? 0 : -1;
}

function hlArrowKeys(container) {
  container.addEventListener("keydown", (event) => {
    if (!["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"].includes(event.key)) return;
    const cards = [...container.querySelectorAll("button.hl-card")];
    const index = cards.indexOf(document.activeElement);
    if (index < 0 || cards.length === 0) return;
    event.preventDefault();
    let next = index;
    if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = Math.max(0, index - 1);
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = Math.min(cards.length - 1, index + 1);
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = cards.length - 1;
    cards[next].focus();
  });
  container.addEventListener("focusin", (event) => {
    if (!event.target.matches("button.hl-card")) return;
    container.dataset.roving = event.target.dataset.card;
    hlRove(container);
  });
  // Widgets redraw their hands by replacing the cards: keep one Tab stop after each redraw.
  new MutationObserver(() => hlRove(container)).observe(container, { childList: true });
}

// A table with one header row; the caller fills the body it returns. A heading is its text,
// or { text, className } for a column with a style of its own.
function hlTable(className, headings) {
  const table = hlEl("table", className);
  const head = hlEl("tr");
  for (const heading of headings) {
    const { text, className: columnClass } = typeof heading === "string" ? { text: heading } : heading;
    const cell = hlEl("th", columnClass || "", text);
    cell.scope = "col";
    head.append(cell);
  }
  const thead = hlEl("thead");
  thead.append(head);
  const body = hlEl("tbody");
  table.append(thead, body);
  return { table, body };
}

// Elements that belong together (a hand, the answer buttons), named as one group for screen readers.
function hlGroup(className, label) {
  const group = hlEl("div", className);
  group.setAttribute("role", "group");
  if (label) group.setAttribute("aria-label", label);
  return group;
}

// The learner's row of cards: a group walked with the arrow keys.
function hlHand(className, label) {
  const hand = hlGroup(className, label);
  hlArrowKeys(hand);
  return hand;
}

// Text for screen readers in place of a drawing: the drawn children are hidden from them
// and one visually hidden line says what the drawing shows.
function hlSpoken(el, text) {
  for (const child of el.children) {
    if (!child.classList.contains("hl-spoken")) child.setAttribute("aria-hidden", "true");
  }
  let line = el.querySelector(":scope > .hl-spoken");
  if (!line) {
    line = hlEl("span", "hl-spoken hl-visually-hidden");
    el.prepend(line);
  }
  line.textContent = text;
  return el;
}

// A trick in words, in the order it was played: "CPU1 led 10♣ (ten of clubs); CPU2 played
// K♣ (king of clubs); You to play." `plays` holds { seat, card, you } (seat is a name, you
// is true for the learner's seat); `next` names who plays next, `winner` who takes (or is
// taking) the trick, and `winnerIsYou` / `nextIsYou` say whether that is the learner.
function hlTrickWords(plays, options = {}) {
  const parts = plays.map((play, index) => {
    const values = { seat: play.seat, card: play.card.rank + play.card.symbol, name: play.card.label };
    // The learner's own patterns: a language may give "you" its own verb form.
    if (play.you) {
      return index === 0 ? hlT("You led {card} ({name})", values) : hlT("You played {card} ({name})", values);
    }
    return index === 0 ? hlT("{seat} led {card} ({name})", values) : hlT("{seat} played {card} ({name})", values);
  });
  if (!plays.length) parts.push(options.empty || hlT("No card played yet"));
  if (options.winner) {
    const you = Boolean(options.winnerIsYou);
    if (options.done) parts.push(you ? hlT("You take the trick") : hlT("{seat} takes the trick", { seat: options.winner }));
    else parts.push(you ? hlT("You are winning the trick") : hlT("{seat} is winning the trick", { seat: options.winner }));
  }
  if (options.next) parts.push(options.nextIsYou ? hlT("You to play") : hlT("{seat} to play", { seat: options.next }));
  return hlT("{parts}.", { parts: parts.join(hlT("; ")) });
}

// Append the link to the rule behind a verdict ({ text, href } from Python), opened beside
// the lesson; nothing when there is none.
function hlAppendRuleLink(parent, link) {
  if (!link || !link.href) return;
  const anchor = hlEl("a", "hl-glossary-link", link.text);
  anchor.href = link.href;
  anchor.target = "_blank";
  parent.append(anchor);
}

// The engine's verdict on a card in a message box: "Allowed" or "Not allowed", then `text`.
function hlVerdict(message, legal, text) {
  message.classList.add(legal ? "is-legal" : "is-illegal");
  message.append(hlEl("span", "hl-badge", legal ? hlT("Allowed") : hlT("Not allowed")), hlEl("span", "hl-text", text));
}

// A question a learner may ask about a figure ("What is a rating?"), its answer folded under
// it. `memory` ({ open }) keeps it open across redraws that rebuild it.
function hlHelp(className, question, answer, memory) {
  const box = hlEl("details", "hl-help " + className);
  box.append(hlEl("summary", "hl-help-question", question), hlEl("p", "hl-help-answer", answer));
  if (memory) {
    box.open = memory.open;
    box.addEventListener("toggle", () => { memory.open = box.open; });
  }
  return box;
}

// A message line a screen reader reads out whenever its text changes.
function hlLiveMessage(className) {
  const message = hlEl("div", className);
  message.setAttribute("aria-live", "polite");
  return message;
}

// A visually hidden live region for what the table shows (who plays next, who took the
// trick): say(text) speaks only when the text changes, so a redraw repeats nothing.
function hlAnnouncer() {
  const region = hlLiveMessage("hl-visually-hidden hl-announce");
  region.setAttribute("role", "status");
  let last = "";
  return {
    element: region,
    // options.silently: remember `text` as said without speaking it (focus already says it,
    // or the page is only opening), so it is not spoken by the next redraw either.
    say(text, options = {}) {
      if (text === last) return;
      last = text;
      region.textContent = options.silently ? "" : text;
    },
  };
}

// Re-render helper that keeps keyboard focus on the same card across re-renders.
// A tap is a press and a release on one element: a redraw that swapped a card between the
// two (the kernel answering the tap just before) would lose the tap without a word. So a row
// of cards is rebuilt by `draw` only when `key` (what the row shows) has changed since the last
// draw, and the caller updates the kept cards' state in place; returns the row's cards.
const HL_DRAWN_FOR = new WeakMap();
function hlCardsKept(container, key, draw) {
  if (HL_DRAWN_FOR.get(container) !== key) {
    hlKeepFocus(container, draw);
    HL_DRAWN_FOR.set(container, key);
  }
  return [...container.children];
}

function hlKeepFocus(root, draw) {
  const focused = root.contains(document.activeElement) ? document.activeElement : null;
  const key = focused && (focused.dataset.card || focused.dataset.action);
  draw();
  if (key) {
    const again = root.querySelector(`[data-card="${key}"], [data-action="${key}"]`);
    if (again) again.focus();
  }
}

// Focus must never fall to the page: call before a redraw that may remove or disable the
// focused control, and call what it returns after. If focus was inside `root` and is lost,
// it goes to the first shown, enabled match of `selectors` (tried in order).
function hlFocusAfter(root, selectors) {
  const had = root.contains(document.activeElement);
  return () => {
    const active = document.activeElement;
    const usable = (el) => el && el.isConnected && root.contains(el) && !el.disabled &&
      !el.closest("[hidden]") && el.getClientRects().length > 0;
    if (!had || usable(active)) return;
    for (const selector of selectors) {
      const target = [...root.querySelectorAll(selector)].find(usable);
      if (!target) continue;
      if (target.tabIndex < 0 && !target.hasAttribute("tabindex")) target.tabIndex = -1;
      target.focus();
      return;
    }
  };
}

function hlErrorBox(model) {
  const box = hlEl("div", "hl-error");
  box.setAttribute("role", "alert");
  const show = () => { box.textContent = model.get("error") || ""; };
  model.on("change:error", show);
  show();
  return box;
}
