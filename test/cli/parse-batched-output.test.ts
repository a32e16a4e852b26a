/**
 * `parse` writes its JSON lines in batches (parse-command.ts): the bytes are still one line a
 * record, in the order parsePaths gives the records, across batches and files.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { parsePaths } from '../../src/ingest/index';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-batched-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('output of several batches and files: one JSON line a record, in order, as parsePaths gives them', async () => {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'), 'utf8');
  fs.writeFileSync(path.join(dir, 'a.log'), text.repeat(3));
  fs.writeFileSync(path.join(dir, 'b.log'), text);
  const cli = spawnSync(process.execPath, [BIN, 'parse', '--jobs', '1', '--include', 'env,samples', dir], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.ok(cli.stdout.length > 2 * (1 << 16), `${cli.stdout.length} characters: more than two batches`);
  const res = await parsePaths([dir], { jobs: 1 });
  assert.equal(cli.stdout, res.records.map((r) => `${JSON.stringify(r)}\n`).join(''));
});
