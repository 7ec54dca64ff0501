// Run the Khronos glTF validator on one .glb/.gltf file and print its JSON report on stdout.
//
//   node tests/validate_gltf.mjs FILE
//
// The validator is the npm package gltf-validator, which .ci/run installs into .cache/npm
// (GLTF_VALIDATOR may name another copy of the package folder). Exit 0 when the report was
// printed, whatever it says; exit 3 when the validator package is missing; 1 on other failures.
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const packageDir = process.env.GLTF_VALIDATOR || join(here, "..", ".cache", "npm", "node_modules", "gltf-validator");
if (!existsSync(join(packageDir, "package.json"))) {
  console.error(`gltf-validator is not installed at ${packageDir} (.ci/run installs it)`);
  process.exit(3);
}
const file = process.argv[2];
if (!file) {
  console.error("usage: node validate_gltf.mjs FILE");
  process.exit(1);
}

const validator = createRequire(import.meta.url)(resolve(packageDir));
const options = { uri: basename(file), maxIssues: 0, writeTimestamp: false };
try {
  const report = await validator.validateBytes(new Uint8Array(readFileSync(file)), options);
  console.log(JSON.stringify(report, null, 1));
} catch (error) {
  console.error(`validation failed: ${error}`);
  process.exit(1);
}
