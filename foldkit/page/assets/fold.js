// The fold: every cell a quad carried by its panel's motion, the motions sampled by foldkit at
// evenly spaced fold fractions (per frame, per panel, a 3x4 matrix row by row) and blended
// linearly between samples, which is close enough at 8 samples per hinge group. A net that folds
// into several boxes has a folding per box (DATA.foldings), shown one at a time (#box=N). What the
// view plays is a "film": a folding of this page, or the frames of a FOLD file opened in the page
// (foldfile.js): its quads at a fraction t of the whole, its number of steps, and how to say where it is.
const view = View($("view"));
let film = null, t = 0, playing = false, last = 0, timer = 0;

function apply(m, x, y) { return [m[0] * x + m[1] * y + m[3], m[4] * x + m[5] * y + m[7], m[8] * x + m[9] * y + m[11]]; }

function foldingFilm(folding) {
  const frames = folding.frames, groups = folding.stages;
  function motion(frame, panel) { return frames[frame].slice(12 * panel, 12 * panel + 12); }
  function quadsAt(t) {
    const at = t * (frames.length - 1), lo = Math.min(Math.floor(at), frames.length - 2), s = at - lo;
    const matrices = [];
    for (let p = 0; p * 12 < frames[0].length; p++) {
      const a = motion(lo, p), b = motion(lo + 1, p);
      matrices.push(a.map((v, i) => v + s * (b[i] - v)));
    }
    return folding.cells.map(([r, c, panel, face, label, underline]) => {
      const m = matrices[panel];
      // Corners counter-clockwise seen from +z; the printed side faces -z in net coordinates.
      const p = [[c, r], [c + 1, r], [c + 1, r + 1], [c, r + 1]].map(([x, y]) => apply(m, x, y));
      return {p, front: DATA.inside[face], back: DATA.colours[face], label, underline, labelSide: "back"};
    });
  }
  // Step N (1-based) is hinge group N turning; #step=N and the published step: N groups folded.
  function where(t, done, between) {
    return t >= 1 ? `closed: ${groups} of ${groups} hinge groups folded` : t <= 0 ? "flat"
      : between ? `folding hinge group ${done + 1} of ${groups}` : `hinge group ${done} of ${groups} folded`;
  }
  return {quadsAt, where, steps: groups, centre: folding.centre, radius: folding.radius};
}

function loadFilm(shown) {  // show a film from its start
  stop();
  film = shown;
  view.centre = film.centre;
  view.radius = film.radius;
  show(0);
}

// Show the net's folding onto box n (1-based), at the same fold fraction.
function chooseBox(n) {
  const index = Math.max(1, Math.min(DATA.foldings.length, Math.round(n))) - 1, folding = DATA.foldings[index];
  const at = t;
  loadFilm(foldingFilm(folding));
  show(at);
  document.querySelectorAll("#boxes button").forEach((b, i) => b.setAttribute("aria-pressed", i === index));
  document.querySelectorAll(".facts").forEach((facts, i) => { facts.hidden = i !== index; });
  publish("box", index + 1);
  publish("boxText", folding.box);
}

function show(value) {
  t = Math.max(0, Math.min(1, value));
  view.quads = film.quadsAt(t);
  view.draw();
  $("scrub").value = Math.round(t * 1000);
  const done = Math.floor(t * film.steps + 1e-6), between = t * film.steps - done > 1e-6;
  $("where").textContent = film.where(t, done, between);
  publish("t", t.toFixed(3));
  publish("step", done);
}

// Playing moves on by a timer (about 30 times a second), as the packing page does, rather than
// by animation frames, which a browser does not give a page it does not paint (headless, hidden).
function tick() {
  if (!playing) return;
  const now = performance.now(), seconds = last ? (now - last) / 1000 : 0;
  last = now;
  show(t + seconds / (1.2 * film.steps));
  if (t >= 1) stop(); else timer = setTimeout(tick, 33);
}
function stop() { playing = false; clearTimeout(timer); $("play").textContent = "Play"; publish("playing", false); }
$("play").addEventListener("click", () => {
  if (playing) return stop();
  if (t >= 1) show(0);
  playing = true; last = 0; $("play").textContent = "Pause"; publish("playing", true);
  tick();
});
$("next").addEventListener("click", () => { stop(); show((Math.floor(t * film.steps + 1e-6) + 1) / film.steps); });
$("previous").addEventListener("click", () => { stop(); show((Math.ceil(t * film.steps - 1e-6) - 1) / film.steps); });
$("scrub").addEventListener("input", (e) => { stop(); show(e.target.value / 1000); });
document.querySelectorAll("#boxes button").forEach((button) => button.addEventListener("click", () => {
  chooseBox(Number(button.dataset.box));
}));

const WAYS = {U: "up", R: "right", D: "down", L: "left"};
// An arrow's drawing: fixed markup parsed as HTML makes an SVG element (no namespace to write out).
function arrowSvg(pointed, outline) {
  const template = document.createElement("template");
  template.innerHTML = '<svg viewBox="-0.5 -0.5 1 1"><polygon></polygon></svg>';
  const svg = template.content.firstChild;
  svg.setAttribute("aria-label", `arrow ${pointed.split("").map((d) => WAYS[d]).join(" and ")}`);
  svg.firstChild.setAttribute("points", outline.map((p) => p.join(",")).join(" "));
  return svg;
}
function puzzleGrid(puzzle) {
  const table = $("puzzle");
  const kept = new Map(DATA.foldings[0].cells.map(([r, c, , face]) => [`${r},${c}`, face]));
  for (let r = 0; r < puzzle.rows; r++) {
    const row = table.insertRow();
    for (let c = 0; c < puzzle.cols; c++) {
      const cell = row.insertCell(), face = kept.get(`${r},${c}`);
      if (face !== undefined) { cell.className = "kept"; cell.dataset.face = face; }
    }
  }
  for (const [r, c, pointed, outline] of puzzle.arrows) {
    table.rows[r].cells[c].append(arrowSvg(pointed, outline));
    table.rows[r].cells[c].classList.add("arrow");
  }
  for (const [r, c, text, mark, underline] of puzzle.marks) {
    const cell = table.rows[r].cells[c];
    cell.textContent = text;
    if (mark) cell.classList.add(mark);
    if (underline) cell.classList.add("underlined");  // reads as another number upside down
  }
}
function reveal(shown) {
  $("puzzle").classList.toggle("revealed", shown);
  for (const cell of document.querySelectorAll("#puzzle td.kept")) {
    cell.style.background = shown ? DATA.colours[cell.dataset.face] : "";
  }
  $("answer").hidden = !shown;
  revealed(shown);
}
if (DATA.puzzle) {
  puzzleGrid(DATA.puzzle);
  $("reveal").addEventListener("click", () => reveal($("answer").hidden));
  revealed(false);
  if (HASH.has("revealed")) reveal(true);
}
chooseBox(hashNumber("box") ?? 1);
const [atStep, atT] = [hashNumber("step"), hashNumber("t")];
show(atStep !== null ? Math.round(atStep) / film.steps : atT !== null ? atT : 0);
