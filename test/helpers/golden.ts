/**
 * Golden files (after Observable Framework's test/markdown-test.ts): the expected output of
 * a case lives in `test/output/<name>`. On a mismatch the actual output is written beside it
 * as `<name>-changed.<ext>` and the assertion fails; a missing golden is created, except under
 * `CI=true`, where it fails.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

export const OUTPUT_DIR = path.join(__dirname, '..', 'output');

export function toGoldenText(actual: unknown): string {
  return typeof actual === 'string' ? actual : `${JSON.stringify(actual, null, 2)}\n`;
}

function changedPath(golden: string): string {
  const ext = path.extname(golden);
  return `${golden.slice(0, golden.length - ext.length)}-changed${ext}`;
}

/** Compares `actual` (a string, or a value serialised as pretty JSON) with `test/output/<name>`. */
export function assertGolden(name: string, actual: unknown): void {
  const golden = path.join(OUTPUT_DIR, name);
  const text = toGoldenText(actual);
  const changed = changedPath(golden);
  if (!fs.existsSync(golden)) {
    if (process.env.CI === 'true') assert.fail(`golden file missing under CI=true: ${path.relative(process.cwd(), golden)}`);
    fs.mkdirSync(path.dirname(golden), { recursive: true });
    fs.writeFileSync(golden, text);
    return;
  }
  const expected = fs.readFileSync(golden, 'utf8');
  if (expected === text) {
    if (fs.existsSync(changed)) fs.unlinkSync(changed);
    return;
  }
  fs.writeFileSync(changed, text);
  assert.fail(`${path.relative(process.cwd(), golden)} differs; actual output written to ${path.relative(process.cwd(), changed)}`);
}

/** `../shared/samples/other-tools` as seen from the repository, or undefined when absent. */
export function otherToolsDir(): string | undefined {
  const dir = path.resolve(__dirname, '..', '..', '..', 'shared', 'samples', 'other-tools');
  return fs.existsSync(dir) ? dir : undefined;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
