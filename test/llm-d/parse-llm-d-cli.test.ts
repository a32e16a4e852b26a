/**
 * `benchbook parse --format llm-d`: with --out DIR one valid report file a run, named from its
 * id; without, one report a line on stdout; --include is a usage error.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { reportProblems } from '../../src/ingest/formats/llm-d/validate-report';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');
const INPUT = 'data/a10-sglang-dp2-vllm.md';

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('parse --format llm-d --out DIR writes one valid report a run', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-llmd-cli-'));
  try {
    const runs = cli(['parse', INPUT])
      .stdout.trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string });
    const r = cli(['parse', INPUT, '--format', 'llm-d', '--out', path.join(dir, 'reports')]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, '');
    const files = fs.readdirSync(path.join(dir, 'reports')).sort();
    assert.equal(files.length, runs.length);
    assert.ok(runs.length > 3);
    for (const f of files) {
      assert.match(f, /^data_a10-sglang-dp2-vllm\.md_\d+\.json$/);
      const report = JSON.parse(fs.readFileSync(path.join(dir, 'reports', f), 'utf8'));
      assert.deepEqual(reportProblems(report), [], f);
    }
    const uids = files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, 'reports', f), 'utf8')).run.uid).sort();
    assert.deepEqual(uids, runs.map((x) => x.id).sort());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('parse --format llm-d without --out prints one report a line; --include is refused', () => {
  const r = cli(['parse', INPUT, '--format', 'llm-d']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.ok(lines.length > 3);
  for (const l of lines) assert.equal(JSON.parse(l).version, '0.2');
  const refused = cli(['parse', INPUT, '--format', 'llm-d', '--include', 'env']);
  assert.equal(refused.code, 2);
});
