import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..');
const SCRIPT = path.join(ROOT, 'scripts', 'check-function-length.mjs');

/** Runs the check on a temporary tree holding `files` (paths under it → text). */
function check(files: Record<string, string>): { code: number | null; stderr: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fn-length-'));
  try {
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    const r = spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
    return { code: r.status, stderr: r.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A function declaration of exactly `lines` lines. */
function fn(name: string, lines: number): string {
  return `export function ${name}(): number {\n${'  void 0;\n'.repeat(lines - 3)}  return 1;\n}\n`;
}

test('a function of 60 lines passes, one of 61 fails with its file, line, name and length', () => {
  assert.equal(check({ 'src/a.ts': fn('short', 60) }).code, 0);
  const r = check({ 'src/a.ts': fn('short', 60), 'src/deep/b.ts': `// lead\n${fn('long', 61)}` });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^src\/deep\/b\.ts:2: long is 61 lines/m);
  assert.doesNotMatch(r.stderr, /short/);
});

test('methods, object members and anonymous callbacks are named after what holds them', () => {
  const body = '    void 0;\n'.repeat(62);
  const r = check({
    'src/c.ts': [
      `export class Reader {\n  read(): void {\n${body}  }\n}`,
      `export const reader = {\n  startsAt(): void {\n${body}  },\n};`,
      `export function outer(): void {\n  [1].forEach(() => {\n${body}  });\n}`,
    ].join('\n'),
  });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /: Reader\.read is 64 lines/);
  assert.match(r.stderr, /: reader\.startsAt is 64 lines/);
  assert.match(r.stderr, /: outer\/<anonymous> is 64 lines/);
  assert.match(r.stderr, /: outer is 66 lines/);
});

test('the allow-list lets a named function stay long; an entry no longer needed is only a note', () => {
  const allow = '# why\nsrc/b.ts long kept whole for a measured reason\nsrc/b.ts gone split since\n';
  const r = check({ 'src/b.ts': fn('long', 80), 'scripts/long-functions.txt': allow });
  assert.equal(r.code, 0);
  assert.match(r.stderr, /^note: scripts\/long-functions\.txt:3: src\/b\.ts gone is no longer over 60 lines/m);
  assert.doesNotMatch(r.stderr, /src\/b\.ts long is/);
  const bad = check({ 'src/b.ts': fn('short', 3), 'scripts/long-functions.txt': 'src/b.ts long\n' });
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /expected "<file> <function> <why>"/);
});

test('a file over 600 lines fails', () => {
  const pad = (n: number): string => '// line\n'.repeat(n);
  assert.equal(check({ 'src/d.ts': pad(600) }).code, 0);
  const r = check({ 'src/d.ts': pad(601) });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^src\/d\.ts: 601 lines \(at most 600 in a file\)/m);
});
