/**
 * Inputs that are streams: standard input (`-`, shown as `<stdin>`), a FIFO fed by the test,
 * gzip files given directly and in a folder (read through node:zlib).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import zlib from 'node:zlib';
import { parsePaths } from '../../src/ingest';
import { REPO_ROOT } from '../helpers/golden';
import { A10, A10_RUNS, runKeys, tempDir, withCode } from './helpers';

test('`parse -` reads standard input: the runs of the file, named <stdin>', async () => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '-e', "require('./src/cli/main').main(['parse', '-']).then((c) => { process.exitCode = c; })"],
    {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.resume();
  // Written in pieces: a pipe, not a file redirected.
  const text = fs.readFileSync(A10);
  for (let k = 0; k < text.length; k += 4096) child.stdin.write(text.subarray(k, k + 4096));
  child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
  const runs = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; id: string });
  assert.equal(runs.filter((r) => r.kind === 'run').length, A10_RUNS);
  assert.ok(runs.every((r) => r.id.startsWith('<stdin>:')));
});

test('a FIFO given as an input is read as a stream (whole, and streamed past the threshold)', async (t) => {
  const want = runKeys((await parsePaths([A10])).records);
  const dir = tempDir('fifo');
  try {
    const fifo = path.join(dir, 'feed.md');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return t.skip('mkfifo is not available');
    for (const streamThreshold of [undefined, 1024]) {
      // The writer opens the FIFO once the reader does; it is fed in pieces.
      const writer = fs.promises.open(fifo, 'w').then(async (fh) => {
        const text = fs.readFileSync(A10);
        for (let k = 0; k < text.length; k += 8192) await fh.write(text.subarray(k, k + 8192));
        await fh.close();
      });
      const res = await parsePaths([fifo], streamThreshold ? { streamThreshold } : {});
      await writer;
      assert.deepEqual(runKeys(res.records), want, `threshold ${streamThreshold}`);
      assert.equal(withCode(res.diagnostics, 'io-error').length, 0);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a folder of .log.gz and .md.gz files gives the runs of the plain files; a .gz given itself too', async () => {
  const want = runKeys((await parsePaths([A10])).records);
  const dir = tempDir('gz');
  try {
    const gz = zlib.gzipSync(fs.readFileSync(A10));
    fs.writeFileSync(path.join(dir, 'a.log.gz'), gz);
    fs.writeFileSync(path.join(dir, 'b.md.gz'), gz);
    const folder = await parsePaths([dir]);
    assert.equal(runKeys(folder.records).length, 2 * A10_RUNS);
    assert.deepEqual(runKeys(folder.records).slice(0, A10_RUNS), want);
    assert.equal(withCode(folder.diagnostics, 'duplicate-run').length, A10_RUNS, 'the second copy repeats the first');
    const streamed = await parsePaths([path.join(dir, 'a.log.gz')], { streamThreshold: 1024 });
    assert.deepEqual(runKeys(streamed.records), want);
    // A corrupt .gz is an io-error, not a crash.
    fs.writeFileSync(path.join(dir, 'c.log.gz'), gz.subarray(0, 100));
    const bad = await parsePaths([path.join(dir, 'c.log.gz')]);
    assert.equal(withCode(bad.diagnostics, 'io-error').length, 1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
