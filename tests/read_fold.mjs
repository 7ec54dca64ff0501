// Read a .fold file with the FOLD project's own JavaScript library (npm package "fold") and print
// on stdout, as JSON, what that library makes of it:
//   faces: the faces it finds from the key frame's 2D vertices_coords and edges_vertices alone
//          (counterclockwise, the outside face left out), to compare with the file's faces_vertices;
//   mountain, valley, flat, boundary: its edge lists by assignment;
//   frames: for every frame of file_frames (each with what it inherits from its frame_parent when
//          frame_inherit is set, resolved here as the FOLD spec says: the library has no frames),
//          its title, the library's counts of its vertices, edges and faces, each edge's length
//          (geom.dist) and each face's unit normal (geom.polygonNormal) at its vertices_coords.
//
//   node tests/read_fold.mjs FILE
//
// .ci/run installs the package into .cache/npm (FOLD_LIBRARY may name another copy of the package
// folder). Exit 0 when the report was printed; 3 when the package is missing; 1 on other failures.
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = process.env.FOLD_LIBRARY || join(here, "..", ".cache", "npm", "node_modules", "fold");
if (!existsSync(join(packageDir, "package.json"))) {
  console.error(`the fold package is not installed at ${packageDir} (.ci/run installs it)`);
  process.exit(3);
}
const file = process.argv[2];
if (!file) {
  console.error("usage: node read_fold.mjs FILE");
  process.exit(1);
}

const FOLD = createRequire(import.meta.url)(resolve(packageDir));
const fold = JSON.parse(readFileSync(file, "utf8"));
const graph = { vertices_coords: fold.vertices_coords, edges_vertices: fold.edges_vertices };
FOLD.convert.edges_vertices_to_faces_vertices(graph);

const raw = [fold, ...(fold.file_frames || [])];
function resolved(i) {  // frame i with what it inherits (frame 0 is the key frame)
  const own = raw[i];
  return own.frame_inherit && own.frame_parent !== undefined ? { ...resolved(own.frame_parent), ...own } : own;
}
function frameReport(frame) {
  const at = (v) => frame.vertices_coords[v];
  return {
    title: frame.frame_title,
    vertices: FOLD.filter.numVertices(frame),
    edges: FOLD.filter.numEdges(frame),
    faces: FOLD.filter.numFaces(frame),
    edgeLengths: frame.edges_vertices.map(([a, b]) => FOLD.geom.dist(at(a), at(b))),
    normals: frame.faces_vertices.map((face) => FOLD.geom.polygonNormal(face.map(at))),
  };
}

console.log(JSON.stringify({
  faces: graph.faces_vertices,
  mountain: FOLD.filter.mountainEdges(fold),
  valley: FOLD.filter.valleyEdges(fold),
  flat: FOLD.filter.flatEdges(fold),
  boundary: FOLD.filter.boundaryEdges(fold),
  frames: raw.slice(1).map((_, i) => frameReport(resolved(i + 1))),
}));
