// A grid puzzle to solve in the page: type a digit (Number Cross: X for a tile) in each cell.
// "Check" compares each row with a hash of the solution's row (rowHash), so it says which rows
// are right without the page showing the solution; "Reveal" decodes the inlined solution (base64:
// a convenience, not a secret) and fills the grid in.
const table = $("grid");
const inputs = [];

function region(r, c) { return r >= 0 && c >= 0 && r < DATA.rows && c < DATA.cols ? DATA.regions[r][c] : null; }
function normal(text) {
  const t = text.trim().toUpperCase();
  return DATA.tiles && (t === "#" || t === "*") ? "X" : t;
}

for (let r = 0; r < DATA.rows; r++) {
  const row = table.insertRow(), line = [];
  for (let c = 0; c < DATA.cols; c++) {
    const td = row.insertCell(), mine = region(r, c), wall = "2.5px solid #1a1a1f";
    if (region(r - 1, c) !== mine) td.style.borderTop = wall;
    if (region(r + 1, c) !== mine) td.style.borderBottom = wall;
    if (region(r, c - 1) !== mine) td.style.borderLeft = wall;
    if (region(r, c + 1) !== mine) td.style.borderRight = wall;
    const input = element("input", {inputmode: DATA.tiles ? "text" : "numeric", maxlength: DATA.width,
                                    "aria-label": `row ${r + 1}, column ${c + 1}`});
    input.addEventListener("input", () => { td.classList.toggle("tile", normal(input.value) === "X"); td.classList.remove("wrong"); });
    td.append(input);
    line.push(input);
  }
  if (DATA.clues) row.append(element("td", {class: "clue"}, DATA.clues[r]));
  inputs.push(line);
}
for (const [r, c] of DATA.highlighted) table.rows[r].cells[c].classList.add("hl");
for (const [r, c, text] of DATA.givens) {
  const input = inputs[r][c];
  input.value = text; input.readOnly = true;
  table.rows[r].cells[c].classList.add("given");
}

function rowText(r) { return inputs[r].map((input) => normal(input.value)).join(","); }

function check() {
  const wrong = [], unfinished = [];
  for (let r = 0; r < DATA.rows; r++) {
    if (inputs[r].some((input) => !normal(input.value))) { unfinished.push(r + 1); continue; }
    const right = rowHash(`${DATA.salt}|${r}|${rowText(r)}`) === DATA.hashes[r];
    inputs[r].forEach((input) => input.parentElement.classList.toggle("wrong", !right));
    if (!right) wrong.push(r + 1);
  }
  const verdict = wrong.length ? `Not yet: row${wrong.length > 1 ? "s" : ""} ${wrong.join(", ")} ${wrong.length > 1 ? "are" : "is"} not right.`
    : unfinished.length ? `So far so good; ${unfinished.length} row${unfinished.length > 1 ? "s" : ""} still to fill.`
    : "Solved: every row is right.";
  $("verdict").textContent = verdict;
  publish("checked", wrong.length ? "wrong" : unfinished.length ? "unfinished" : "right");
}

function fill(grid) {
  grid.forEach((line, r) => line.forEach((text, c) => {
    inputs[r][c].value = text;
    inputs[r][c].parentElement.classList.toggle("tile", normal(text) === "X");
    inputs[r][c].parentElement.classList.remove("wrong");
  }));
}

let typed = null;  // what the person had typed when the solution was revealed, given back on hiding it
function reveal(shown) {
  if (shown) {
    typed = inputs.map((line) => line.map((input) => input.value));
    const solution = JSON.parse(atob(DATA.sealed));
    fill(solution.grid);
    $("answer").textContent = solution.answer;
  } else if (typed) {
    fill(typed);
    $("verdict").textContent = "";
    publish("checked", "");
  }
  $("answer").hidden = !shown;
  revealed(shown);
  if (shown) check();
}

$("check").addEventListener("click", check);
$("reveal").addEventListener("click", () => reveal($("answer").hidden));
revealed(false);
if (HASH.has("revealed")) reveal(true);
if (HASH.has("guess")) {  // #guess=1,2,X;3,4,5: type these rows in, then check them
  HASH.get("guess").split(";").forEach((line, r) => line.split(",").forEach((text, c) => {
    if (inputs[r] && inputs[r][c] && !inputs[r][c].readOnly) inputs[r][c].value = text;
  }));
  check();
}
