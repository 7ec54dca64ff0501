// A packing's assembly: the pieces go in one at a time in DATA.steps order (as assembly.pdf
// shows them), the newest in full colour and those before it washed out. Hidden faces (between
// two cubes already in) are not drawn.
const view = View($("view"));
const [X, Y, Z] = DATA.box;
view.centre = [X / 2, -Y / 2, Z / 2];
view.radius = 0.6 * Math.hypot(X, Y, Z);  // room for the box turned any way
let step = 0, playing = false, timer = 0;

function faces(cube) {
  const out = [];
  for (let a = 0; a < 3; a++) {
    const b = (a + 1) % 3, c = (a + 2) % 3;
    for (const s of [1, -1]) {
      const corner = (db, dc) => { const p = [...cube]; if (s > 0) p[a] += 1; p[b] += db; p[c] += dc; return p; };
      const p = s > 0 ? [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)]
                      : [corner(0, 0), corner(0, 1), corner(1, 1), corner(1, 0)];
      const next = [...cube]; next[a] += s;
      out.push({p, next: next.join(",")});
    }
  }
  return out;
}

function quadsAt(count) {
  const filled = new Set();
  DATA.steps.slice(0, count).forEach((piece) => piece.cubes.forEach((q) => filled.add(q.join(","))));
  const quads = [];
  DATA.steps.slice(0, count).forEach((piece, i) => {
    const fill = i === count - 1 ? DATA.colours[piece.colour] : DATA.faded[piece.colour];
    for (const cube of piece.cubes) {
      const at = cube.map((v) => v + 0.5);
      for (const face of faces(cube)) {
        if (!filled.has(face.next)) quads.push({p: face.p, front: fill, back: null, stroke: null, at, piece: i});
      }
    }
  });
  // The floor of the box, seen from above only, under everything.
  quads.push({p: [[0, -Y, 0], [X, -Y, 0], [X, 0, 0], [0, 0, 0]], front: "rgb(215,215,205)", back: null, layer: -1});
  return quads;
}

function show(count) {
  step = Math.max(0, Math.min(DATA.steps.length, count));
  view.quads = quadsAt(step);
  view.draw();
  $("scrub").value = step;
  const piece = DATA.steps[step - 1];
  $("where").textContent = step ? `step ${step} of ${DATA.steps.length}: piece ${piece.number} (${piece.name})` : "the empty box";
  document.querySelectorAll("#pieces li").forEach((li, i) => {
    li.className = i === step - 1 ? "current" : i < step - 1 ? "placed" : "";
  });
  publish("step", step);
  publish("t", (step / DATA.steps.length).toFixed(3));
}

function stop() { playing = false; clearInterval(timer); $("play").textContent = "Play"; publish("playing", false); }
$("play").addEventListener("click", () => {
  if (playing) return stop();
  if (step >= DATA.steps.length) show(0);
  playing = true; $("play").textContent = "Pause"; publish("playing", true);
  timer = setInterval(() => { show(step + 1); if (step >= DATA.steps.length) stop(); }, 700);
});
$("next").addEventListener("click", () => { stop(); show(step + 1); });
$("previous").addEventListener("click", () => { stop(); show(step - 1); });
$("scrub").max = DATA.steps.length;
$("scrub").addEventListener("input", (e) => { stop(); show(Number(e.target.value)); });

DATA.steps.forEach((piece, i) => {
  const li = element("li");
  li.append(element("span", {class: "swatch", style: `background:${DATA.colours[piece.colour]}`}));
  li.append(`piece ${piece.number} (${piece.name})`);
  li.addEventListener("click", () => { stop(); show(i + 1); });
  $("pieces").append(li);
});
// #step=N: the first N pieces in; #t=0..1: that fraction of the pieces in (rounded down); plainly, the packed box.
const count = DATA.steps.length;
const [atStep, atT] = [hashNumber("step"), hashNumber("t")];
show(atStep !== null ? Math.round(atStep) : atT !== null ? Math.floor(atT * count + 1e-6) : count);
