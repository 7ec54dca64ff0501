// Any FOLD file opened in the page (its button, or dropped on the page): foldkit's own fold.fold
// or another tool's. Its frames (the key frame, then file_frames, each inheriting what it does not
// give from its frame_parent when frame_inherit is set) are played as a film in the 3D view: the
// faces (faces_vertices) at each frame's vertices_coords, blended between frames of one mesh.
// Nothing leaves the page: the file is read by the browser from the reader's own disk.
const FOLD_FRONT = "rgb(250,236,200)", FOLD_BACK = "rgb(140,170,215)";

function foldFrames(fold) {
  const raw = [fold, ...(Array.isArray(fold.file_frames) ? fold.file_frames : [])], made = [];
  function frame(i, depth) {  // frame i with what it inherits, its ancestors' first
    if (made[i]) return made[i];
    const own = raw[i], parent = own.frame_parent;
    const inherits = own.frame_inherit === true && Number.isInteger(parent) && parent >= 0 && parent < raw.length
      && parent !== i && depth < raw.length;
    made[i] = inherits ? {...frame(parent, depth + 1), ...own} : own;
    return made[i];
  }
  return raw.map((_, i) => frame(i, 0)).filter((f) => Array.isArray(f.vertices_coords) && Array.isArray(f.faces_vertices));
}

function sameMesh(a, b) {
  return a.vertices_coords.length === b.vertices_coords.length && a.faces_vertices === b.faces_vertices;
}

function foldFileFilm(name, frames) {
  const points = frames.map((f) => f.vertices_coords.map((p) => [Number(p[0]) || 0, Number(p[1]) || 0, Number(p[2]) || 0]));
  // The box around every frame (by reduce: a large file's points are too many to spread as arguments).
  const all = points.flat(), low = [0, 1, 2].map((a) => all.reduce((m, p) => Math.min(m, p[a]), Infinity));
  const high = [0, 1, 2].map((a) => all.reduce((m, p) => Math.max(m, p[a]), -Infinity));
  const steps = Math.max(frames.length - 1, 1);
  function quadsAt(t) {
    const at = t * (frames.length - 1), lo = Math.min(Math.floor(at), Math.max(frames.length - 2, 0));
    const hi = Math.min(lo + 1, frames.length - 1), s = at - lo;
    const blend = sameMesh(frames[lo], frames[hi]);
    const shown = blend ? lo : Math.round(at);
    const coords = points[shown].map((p, v) => blend ? p.map((x, a) => x + s * (points[hi][v][a] - x)) : p);
    return frames[shown].faces_vertices.filter((face) => face.length >= 3 && face.every((v) => coords[v]))
      .map((face) => ({p: face.map((v) => coords[v]), front: FOLD_FRONT, back: FOLD_BACK}));
  }
  function where(t) {
    const k = Math.round(t * (frames.length - 1)), title = frames[k].frame_title;
    return `${name}: frame ${k + 1} of ${frames.length}${title ? ` (${title})` : ""}`;
  }
  return {quadsAt, where, steps, centre: low.map((v, a) => (v + high[a]) / 2),
          radius: Math.max(0.5, Math.hypot(...low.map((v, a) => high[a] - v)) / 2)};
}

function openFoldFile(file) {
  return file.text().then((text) => {
    const frames = foldFrames(JSON.parse(text));
    if (!frames.length) throw new Error("it has no frame with vertices_coords and faces_vertices");
    loadFilm(foldFileFilm(file.name, frames));
    document.querySelectorAll(".facts").forEach((facts) => { facts.hidden = true; });  // they are of this page's box
    $("fold-back").hidden = false;
    $("fold-status").textContent = `${file.name}: ${frames.length} frame${frames.length > 1 ? "s" : ""}.`;
    publish("foldFile", file.name);
    publish("foldFrames", frames.length);
  }).catch((error) => {
    $("fold-status").textContent = `Cannot show ${file.name}: ${error.message}`;
    publish("foldError", error.message);
  });
}

$("fold-file").addEventListener("change", (e) => { if (e.target.files[0]) openFoldFile(e.target.files[0]); });
window.addEventListener("dragover", (e) => e.preventDefault());
window.addEventListener("drop", (e) => {
  e.preventDefault();
  if (e.dataTransfer && e.dataTransfer.files[0]) openFoldFile(e.dataTransfer.files[0]);
});
$("fold-back").addEventListener("click", () => {
  $("fold-back").hidden = true;
  $("fold-status").textContent = "";
  delete document.body.dataset.foldFile;
  chooseBox(Number(document.body.dataset.box) || 1);
});
