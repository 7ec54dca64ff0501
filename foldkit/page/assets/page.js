// What every page shares: the data inlined by foldkit, the state the page shows (published on
// <body data-...> so a test or a curious reader can see it), and the address's #options that
// open the page at a chosen position (not an id of the page, or the browser would scroll to it),
// with one meaning on every page: #step=N the first N steps done (1-based: hinge groups folded,
// pieces in), #t=0..1 that fraction of the whole, #box=N the net's folding onto its Nth box,
// #revealed the solution shown, #guess=1,2,X;3,4,5 rows typed into a grid and checked.
const DATA = JSON.parse(document.getElementById("data").textContent);
const HASH = new URLSearchParams(location.hash.slice(1));
// The number an #option gives, or null when it is absent or not a number.
function hashNumber(name) {
  const value = HASH.has(name) ? Number(HASH.get(name)) : NaN;
  return Number.isFinite(value) ? value : null;
}

function publish(key, value) { document.body.dataset[key] = String(value); }
function $(id) { return document.getElementById(id); }
function element(tag, attributes, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The reveal button of a puzzle's page says what a click will do, and the page publishes the state.
function revealed(shown) {
  $("reveal").textContent = shown ? "Hide the solution" : "Reveal the solution";
  $("reveal").setAttribute("aria-pressed", shown);
  publish("revealed", shown);
}

// FNV-1a, 32 bits, over the UTF-16 code units of a string (digits and letters here): the same
// function as foldkit.page.grid.row_hash. It lets "check" say right or wrong without the page
// showing the solution; anyone can still decode the inlined solution (it is a convenience for
// the person solving, not a secret).
function rowHash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
  return h >>> 0;
}
// Whether the laid-out page is wider than the window (a reader would have to scroll sideways).
window.addEventListener("load", () => {
  publish("window", window.innerWidth);
  publish("overflow", document.documentElement.scrollWidth > window.innerWidth);
});
