// A small 3D view on a 2D canvas (our own, no library): flat convex polygons in world space (z up),
// painted back to front and filled (the painter's algorithm), which needs neither WebGL nor a GPU.
// Drag to orbit, wheel or pinch to zoom. Each quad: {p: [[x,y,z] x3 or more], front, back: CSS
// colours or null (side hidden), label, underline, stroke, layer, at}; "front" is the side facing
// +z of its net coordinates turned by its motion. Polygons are painted by layer (lowest first: a
// floor under everything), then those of unit cubes (at: the cube's centre) by the cube's
// Manhattan distance from the eye, farthest first, an exact order for the faces of a grid of
// cubes, and the others by the depth of their middle, enough for the fold's panels.
function View(canvas) {
  const view = {yaw: -0.6, pitch: 0.9, zoom: 1, quads: [], centre: [0, 0, 0], radius: 1};
  const ctx = canvas.getContext("2d");
  let drawn = [];  // what the last draw painted, in painting order
  canvas.view = view;  // for a reader's console, and a test measuring what is drawn

  function basis() {
    const cy = Math.cos(view.yaw), sy = Math.sin(view.yaw), cp = Math.cos(view.pitch), sp = Math.sin(view.pitch);
    // Camera right, up and towards-the-viewer directions in world coordinates.
    return {r: [cy, sy, 0], u: [-sy * cp, cy * cp, sp], f: [sy * sp, -cy * sp, cp]};
  }
  function dot(a, b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
  function sub(a, b) { return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]; }
  function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }

  function shade(colour, light) {
    return colour.replace(/rgb\((\d+),(\d+),(\d+)\)/, (_, r, g, b) =>
      `rgb(${Math.round(r * light)},${Math.round(g * light)},${Math.round(b * light)})`);
  }

  const distance = 4;  // a mild perspective: the eye stands 4 radii from the centre
  // Where the eye is, in world coordinates.
  view.eye = function () { return basis().f.map((v, i) => view.centre[i] + distance * view.radius * v); };
  // A world point on the canvas: [x, y] in CSS pixels, and its depth towards the eye.
  view.project = function (p) {
    const {r, u, f} = basis(), w = canvas.clientWidth, h = canvas.clientHeight;
    const scale = view.zoom * 0.5 * Math.min(w, h) / view.radius, eye = distance * view.radius;
    const q = sub(p, view.centre), depth = dot(q, f), k = eye / (eye - depth);
    return [w / 2 + scale * k * dot(q, r), h / 2 - scale * k * dot(q, u), depth];
  };
  function farFirst(eye) {
    const away = (p) => Math.abs(p[0] - eye[0]) + Math.abs(p[1] - eye[1]) + Math.abs(p[2] - eye[2]);
    return (a, b) => (a.quad.layer || 0) - (b.quad.layer || 0)
      || (a.quad.at && b.quad.at ? away(b.quad.at) - away(a.quad.at) : a.depth - b.depth);
  }

  view.draw = function () {
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (canvas.width !== Math.round(w * dpr)) canvas.width = Math.round(w * dpr);
    if (canvas.height !== Math.round(h * dpr)) canvas.height = Math.round(h * dpr);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, w, h);
    const {f} = basis(), eye = view.eye();
    drawn = [];
    for (const quad of view.quads) {
      const normal = cross(sub(quad.p[1], quad.p[0]), sub(quad.p[quad.p.length - 1], quad.p[0]));
      const pts = quad.p.map(view.project);
      // Which side the eye sees: the side of the polygon's plane it stands on (perspective).
      const facing = dot(normal, sub(eye, quad.p[0])) >= 0;
      const fill = facing ? quad.front : quad.back;
      if (!fill) continue;
      const depth = pts.reduce((s, p) => s + p[2], 0) / pts.length;
      const light = 0.7 + 0.3 * Math.abs(dot(normal, f)) / (Math.hypot(...normal) || 1);
      drawn.push({pts, depth, fill: shade(fill, light), quad, facing});
    }
    drawn.sort(farFirst(eye));
    for (const d of drawn) {
      ctx.beginPath();
      d.pts.forEach((p, i) => (i ? ctx.lineTo(p[0], p[1]) : ctx.moveTo(p[0], p[1])));
      ctx.closePath();
      ctx.fillStyle = d.fill;
      ctx.fill();
      ctx.strokeStyle = d.quad.stroke || "rgba(40,40,50,0.55)";
      ctx.lineWidth = d.quad.stroke ? 2 : 0.6;
      ctx.stroke();
      if (d.quad.label && d.facing === (d.quad.labelSide !== "back")) {
        const n = d.pts.length, cx = d.pts.reduce((s, p) => s + p[0], 0) / n, cy = d.pts.reduce((s, p) => s + p[1], 0) / n;
        const size = Math.max(7, Math.min(28, 0.5 * Math.hypot(d.pts[0][0] - d.pts[2][0], d.pts[0][1] - d.pts[2][1])));
        ctx.fillStyle = "#1a1a1f";
        ctx.font = `${Math.round(size)}px sans-serif`;
        ctx.textAlign = "center";
        ctx.textBaseline = "middle";
        if (d.quad.underline) {  // a number that reads as another upside down: a bar under it
          const bar = Math.min(ctx.measureText(d.quad.label).width, 0.5 * size), line = Math.max(1, 0.09 * size);
          ctx.fillText(d.quad.label, cx, cy - 0.1 * size);
          ctx.fillRect(cx - bar / 2, cy + 0.34 * size, bar, line);
        } else {
          ctx.fillText(d.quad.label, cx, cy);
        }
      }
    }
  };

  // The polygon painted on top at a canvas point (CSS pixels), as last drawn, or null.
  view.quadAt = function (x, y) {
    for (let i = drawn.length - 1; i >= 0; i--) {
      const pts = drawn[i].pts;
      let inside = false;
      for (let j = 0, k = pts.length - 1; j < pts.length; k = j++) {
        if ((pts[j][1] > y) !== (pts[k][1] > y) &&
            x < pts[k][0] + (pts[j][0] - pts[k][0]) * (y - pts[k][1]) / (pts[j][1] - pts[k][1])) inside = !inside;
      }
      if (inside) return drawn[i].quad;
    }
    return null;
  };

  // Orbit with one pointer, zoom with the wheel or two pointers (pinch).
  const pointers = new Map();
  let pinch = 0;
  canvas.addEventListener("pointerdown", (e) => { pointers.set(e.pointerId, [e.clientX, e.clientY]); canvas.setPointerCapture(e.pointerId); });
  canvas.addEventListener("pointerup", (e) => { pointers.delete(e.pointerId); pinch = 0; });
  canvas.addEventListener("pointercancel", (e) => { pointers.delete(e.pointerId); pinch = 0; });
  canvas.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    const [x, y] = pointers.get(e.pointerId);
    pointers.set(e.pointerId, [e.clientX, e.clientY]);
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()], span = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (pinch) view.setZoom(view.zoom * span / pinch);
      pinch = span;
    } else {
      view.yaw -= (e.clientX - x) * 0.01;
      view.pitch = Math.max(-1.55, Math.min(1.55, view.pitch + (e.clientY - y) * 0.01));
      view.draw();
    }
  });
  canvas.addEventListener("wheel", (e) => { e.preventDefault(); view.setZoom(view.zoom * Math.exp(-e.deltaY * 0.001)); }, {passive: false});
  view.setZoom = function (z) { view.zoom = Math.max(0.3, Math.min(6, z)); view.draw(); };
  window.addEventListener("resize", () => view.draw());
  return view;
}
