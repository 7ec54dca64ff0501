// Open FOLD_TEXT in the page as FOLD_NAME (dropped on the page, or through the file button when
// THROUGH is "button"), then read what the view draws at each frame and whether Play reaches the end.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const files = new win.DataTransfer();
files.items.add(new win.File([FOLD_TEXT], FOLD_NAME, {type: "application/json"}));
if (THROUGH === "button") {
  const input = doc.getElementById("fold-file");
  input.files = files.files;
  input.dispatchEvent(new win.Event("change", {bubbles: true}));
} else {
  doc.body.dispatchEvent(new win.DragEvent("drop", {dataTransfer: files, bubbles: true, cancelable: true}));
}
for (let i = 0; i < 500 && !doc.body.dataset.foldFrames && !doc.body.dataset.foldError; i++) await sleep(20);  // a bound on a hang, not a speed claim
const view = doc.getElementById("view").view, scrub = doc.getElementById("scrub");
const frames = Number(doc.body.dataset.foldFrames || 0), drawn = [];
scrub.value = 0; scrub.dispatchEvent(new win.Event("input"));
for (let k = 0; k < frames; k++) {  // frame by frame with the "next" button
  drawn.push({where: doc.getElementById("where").textContent, faces: view.quads.map((q) => q.p)});
  doc.getElementById("next").click();
}
scrub.value = 0; scrub.dispatchEvent(new win.Event("input"));
doc.getElementById("play").click();
for (let i = 0; i < 100 && doc.body.dataset.playing === "true"; i++) await sleep(100);
return {state: Object.assign({}, doc.body.dataset), drawn};
