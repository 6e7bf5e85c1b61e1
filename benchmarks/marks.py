"""The two moments a page-load benchmark stamps, in the page's own clock (ms from the navigation's start).

``window.hlFirstCards``: the first frame with a card on screen, from a first view or a live
widget.  ``window.hlLive``: the first with a live widget drawn and every first view handed
over (none left, none pending).  A page without first views has both at its first widget.
Shared by ``site.py`` (the static site) and ``serve.py`` (Voilà), so both measure alike.
"""

MARKS = """
(() => {
  const seen = () => [...document.querySelectorAll(".hl-card")].some((card) => {
    const box = card.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(card).visibility !== "hidden";
  });
  const live = () => [...document.querySelectorAll(".hl-root")].some((root) => !root.closest(".hl-first-view"))
    && !document.querySelector(".hl-first-view, .hl-live-pending");
  const check = () => {
    if (window.hlFirstCards === undefined && seen()) window.hlFirstCards = performance.now();
    if (window.hlLive === undefined && live()) window.hlLive = performance.now();
    return window.hlFirstCards !== undefined && window.hlLive !== undefined;
  };
  new MutationObserver((changes, watcher) => { if (check()) watcher.disconnect(); })
    .observe(document, { subtree: true, childList: true, attributes: true });
})();
"""

BOTH_STAMPED = "window.hlFirstCards !== undefined && window.hlLive !== undefined"
