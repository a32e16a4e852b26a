/**
 * Text from inputs reaches the terminal escaped (src/model/terminal-text.ts): a crafted file
 * name and log through compare / capacity / history tables and the diagnostics on stderr.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fixedWidthTable } from '../../src/analyze/format-table';
import { terminalSafe, terminalSafeLine } from '../../src/model/terminal-text';
import { REPO_ROOT } from '../helpers/golden';
import { BIN } from './fault-helpers';

/** What must never reach a terminal raw: C0 but TAB/LF, DEL, C1, bidi controls, line/paragraph separators. */
const RAW_CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('terminalSafe', () => {
  it('shows controls escaped and leaves text, TAB and newline alone', () => {
    assert.equal(
      terminalSafe('a\x1b]0;pwned\x07b\rc\bd\x9b[2J\u202ee\tf\ng é ✓'),
      'a\\x1b]0;pwned\\x07b\\x0dc\\x08d\\x9b[2J\\u202ee\tf\ng é ✓',
    );
    assert.equal(terminalSafe('\x00\x7f\u2066\u2069\u2028'), '\\x00\\x7f\\u2066\\u2069\\u2028');
    assert.equal(terminalSafeLine('a\nb\tc'), 'a\\nb\\tc');
  });
  it('keeps table columns aligned after escaping', () => {
    const lines = fixedWidthTable(
      ['name', 'n'],
      [
        ['x\x1by', '1'],
        ['plain', '22'],
      ],
      new Set([1]),
    )
      .trimEnd()
      .split('\n');
    assert.equal(lines[2], 'x\\x1by   1');
    assert.equal(lines[3], 'plain   22');
    assert.doesNotMatch(lines.join('\n'), RAW_CONTROL);
  });
});

describe('a crafted log and file name through the CLI', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-faults-esc-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const name = 'evil\x1b]0;pwned\x07\x1b[2J\x9b\u202e.md';
  const text = fs
    .readFileSync(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'), 'utf8')
    .replaceAll('Qwen7B-awq', 'Qwen\u202e\x85\x7f-awq');
  fs.writeFileSync(path.join(dir, name), text);

  for (const args of [
    ['compare', dir, '--by', 'gpus'],
    ['capacity', dir, '--slo', 'latency_p99_s<=3'],
    ['history', dir],
  ]) {
    it(`${args[0]}: no raw control character on stdout or stderr; the file name shown escaped`, () => {
      const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
      assert.equal(r.status, 0, r.stderr);
      assert.doesNotMatch(r.stdout, RAW_CONTROL);
      assert.doesNotMatch(r.stderr, RAW_CONTROL);
      assert.ok(r.stderr.includes('evil\\x1b]0;pwned\\x07\\x1b[2J\\x9b\\u202e.md:'), r.stderr.slice(0, 400));
      if (args[0] === 'compare') assert.ok(r.stdout.includes('model=Qwen\\u202e'), r.stdout.slice(0, 2000));
    });
  }
});
