// Every arrow cell of the puzzle grid: its cell's size, and how far its drawing reaches from the
// cell's centre towards each side (in CSS pixels), with the directions it points.
const found = [];
for (const td of doc.querySelectorAll("#puzzle td")) {
  const shapes = td.querySelectorAll("svg polygon");
  if (!shapes.length) continue;
  const cell = td.getBoundingClientRect(), ink = shapes[0].getBoundingClientRect();
  const x = (cell.left + cell.right) / 2, y = (cell.top + cell.bottom) / 2;
  found.push({pointed: td.querySelector("svg").getAttribute("aria-label"), width: cell.width, height: cell.height,
              reach: {U: y - ink.top, D: ink.bottom - y, L: x - ink.left, R: ink.right - x},
              inside: ink.left >= cell.left && ink.right <= cell.right && ink.top >= cell.top && ink.bottom <= cell.bottom,
              visible: doc.elementFromPoint(x, y) !== null && td.contains(doc.elementFromPoint(x, y))});
}
return found;
