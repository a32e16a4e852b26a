#!/usr/bin/env node
import fs from 'node:fs';
// The main job: one report per sample log set in data/, and one combined, into reports/.
// Usage: node scripts/build-reports.mjs [--no-pdf] [--out reports]
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { main } = require(path.join(root, 'dist', 'cli', 'main.js'));

const args = process.argv.slice(2);
const pdf = !args.includes('--no-pdf');
const outAt = args.indexOf('--out');
const outRoot = path.resolve(root, outAt >= 0 ? args[outAt + 1] : 'reports');
const sets = JSON.parse(fs.readFileSync(path.join(root, 'scripts', 'report-sets.json'), 'utf8'));

process.chdir(root); // record ids carry paths as given: keep them relative to the repo
let worst = 0;
for (const set of sets) {
  const out = path.join(outRoot, set.name);
  fs.rmSync(out, { recursive: true, force: true });
  // A set may name its own title (otherwise the report derives one from its inputs) and
  // service-level targets (`--slo`: a Capacity section).
  const slo = (set.slo ?? []).flatMap((s) => ['--slo', s]);
  const argv = ['report', ...set.inputs, '--out', out, ...(set.title ? ['--title', set.title] : []), ...slo, ...(pdf ? ['--pdf'] : [])];
  const started = Date.now();
  const code = await main(argv);
  console.error(`main job: ${set.name} → ${path.relative(root, out)} (exit ${code}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  worst = Math.max(worst, code);
}
process.exitCode = worst;
