// For every step of a packing page and a few turns of the view: the cube faces a ray from the
// eye reaches at their middle without passing through another cube (the truth), and of those the
// ones the page did not paint on top at that point (what the painter's order got wrong).
const view = doc.getElementById("view").view, scrub = doc.getElementById("scrub");
function blocks(eye, target, box) {  // does the segment eye -> target pass through the box?
  let t0 = 0, t1 = 1;
  for (let a = 0; a < 3; a++) {
    const d = target[a] - eye[a], lo = box[a] + 1e-4, hi = box[a] + 1 - 1e-4;
    if (Math.abs(d) < 1e-12) { if (eye[a] < lo || eye[a] > hi) return false; continue; }
    let u = (lo - eye[a]) / d, v = (hi - eye[a]) / d;
    if (u > v) [u, v] = [v, u];
    t0 = Math.max(t0, u); t1 = Math.min(t1, v);
    if (t0 > t1) return false;
  }
  return true;
}
let visible = 0, wrong = [];
const shown = new Set();  // the cubes with a face on top at its middle, at the first view and step
const steps = Number(scrub.max);
for (const [yaw, pitch] of VIEWS) {
  for (let step = 1; step <= steps; step++) {
    view.yaw = yaw; view.pitch = pitch;
    scrub.value = step; scrub.dispatchEvent(new win.Event("input"));
    const cubes = view.quads.filter((q) => q.at).map((q) => q.at.map((v) => v - 0.5));
    const eye = view.eye();
    for (const quad of view.quads) {
      if (!quad.at) continue;
      const middle = [0, 1, 2].map((a) => quad.p.reduce((s, p) => s + p[a], 0) / 4);
      const outward = middle.map((v, a) => v - quad.at[a]);
      if (outward.reduce((s, v, a) => s + v * (eye[a] - middle[a]), 0) <= 1e-6) continue;  // turned away
      if (cubes.some((box) => blocks(eye, middle, box))) continue;
      visible++;
      const [x, y] = view.project(middle);
      if (view.quadAt(x, y) !== quad) wrong.push([yaw, pitch, step, quad.piece, quad.at]);
      else if (step === 1 && yaw === VIEWS[0][0]) shown.add(quad.at.join(","));
    }
  }
}
return {visible, wrong: wrong.slice(0, 10), wrongCount: wrong.length, firstShown: shown.size};
