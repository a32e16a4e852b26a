/**
 * `parse --jobs N` and `--out FILE` through the built binary: a folder large enough for workers
 * gives byte-identical output and diagnostics with --jobs 1 and 3; `--out` writes what stdout
 * would get, and Ctrl-C leaves no half-written file (exit 130) and JSON lines that end at a
 * record boundary.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { loadCorpus, writeGeneratedLog } from '../../bench/generate';
import { PARALLEL_MIN_BYTES } from '../../src/ingest/parse-paths';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 1 << 30 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir = '';
let folder = '';

before(async () => {
  // Generated logs of 250–900 KB, the sample files, and one log given twice (cross-file duplicates).
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-jobs-cli-'));
  folder = path.join(dir, 'logs');
  fs.mkdirSync(folder);
  const corpus = loadCorpus(path.join(REPO_ROOT, 'data'));
  for (let i = 0; i < 10; i++) {
    await writeGeneratedLog(path.join(folder, `run-${i}.log`), corpus, { seed: 100 + i, targetBytes: 250_000 + 70_000 * i });
  }
  fs.copyFileSync(path.join(folder, 'run-3.log'), path.join(folder, 'run-3b.log'));
  for (const f of fs.readdirSync(path.join(REPO_ROOT, 'data'))) fs.copyFileSync(path.join(REPO_ROOT, 'data', f), path.join(folder, f));
});

after(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the folder is large enough for workers (else the tests below would not use them)', () => {
  const bytes = fs.readdirSync(folder).reduce((n, f) => n + fs.statSync(path.join(folder, f)).size, 0);
  assert.ok(bytes >= PARALLEL_MIN_BYTES, `${bytes} bytes`);
});

test('--jobs 1 and --jobs 3: byte-identical JSON lines and diagnostics, CSV too', () => {
  const one = cli(['parse', folder, '--jobs', '1', '--include', 'env']);
  const three = cli(['parse', folder, '--jobs', '3', '--include', 'env']);
  assert.equal(one.code, 0, one.stderr);
  assert.ok(one.stdout.split('\n').length > 2000);
  assert.ok(
    /run-3b\.log:\d+: warning \[duplicate-run\] same metrics and client settings as \S*run-3\.log:\d+/.test(one.stderr),
    'the copy is marked',
  );
  assert.equal(three.code, one.code);
  assert.ok(three.stdout === one.stdout, 'stdout differs');
  assert.equal(three.stderr, one.stderr);
  const csv1 = cli(['parse', folder, '--jobs', '1', '--format', 'csv']);
  const csv3 = cli(['parse', folder, '--jobs', '3', '--format', 'csv']);
  assert.ok(csv1.stdout === csv3.stdout && csv1.stdout.length > 0, 'CSV differs');
});

test('--out FILE holds what stdout gets (JSON lines, CSV), with nothing left beside it', () => {
  const out = path.join(dir, 'out');
  fs.mkdirSync(out);
  try {
    for (const format of ['jsonl', 'csv']) {
      const file = path.join(out, `runs.${format}`);
      const r = cli(['parse', path.join(REPO_ROOT, 'data'), '--format', format, '--out', file]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, '');
      assert.equal(fs.readFileSync(file, 'utf8'), cli(['parse', path.join(REPO_ROOT, 'data'), '--format', format]).stdout);
    }
    assert.deepEqual(fs.readdirSync(out).sort(), ['runs.csv', 'runs.jsonl']);
    assert.equal(cli(['parse', 'data', '--out', path.join(dir, 'no', 'such', 'x.jsonl')]).code, 2);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});

test('--jobs takes a whole number ≥ 1, on parse, report and compare', () => {
  for (const bad of ['0', '-1', '1.5', 'many']) assert.equal(cli(['parse', 'data', '--jobs', bad]).code, 2, bad);
  const compare1 = cli(['compare', 'data', '--by', 'gpus', '--jobs', '1']);
  const compare2 = cli(['compare', 'data', '--by', 'gpus', '--jobs', '2']);
  assert.equal(compare1.code, 0, compare1.stderr);
  assert.equal(compare2.stdout, compare1.stdout);
  assert.equal(cli(['report', 'data', '--out', path.join(dir, 'r'), '--jobs', 'x']).code, 2);
});

/** Runs `parse` and sends SIGINT once `ready(stdout so far)` says so; the exit and what was written. */
function interrupted(args: string[], ready: (stdout: string) => boolean, poll?: () => boolean, env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'parse', ...args], { cwd: REPO_ROOT, env });
    let stdout = '';
    let stderr = '';
    let sent = false;
    const send = (): void => {
      if (sent) return;
      sent = true;
      child.kill('SIGINT');
    };
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      if (ready(stdout)) send();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = poll
      ? setInterval(() => {
          if (poll()) send();
        }, 2)
      : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearInterval(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

test('Ctrl-C: JSON lines end at a record boundary, exit 130', async () => {
  const full = cli(['parse', folder, '--jobs', '1']).stdout.split('\n').length;
  const r = await interrupted([folder, '--jobs', '2'], (out) => out.length > 0);
  assert.equal(r.code, 130, r.stderr);
  assert.match(r.stderr, /SIGINT: stopping/);
  assert.ok(r.stdout.endsWith('\n'));
  const lines = r.stdout.slice(0, -1).split('\n');
  for (const l of lines) assert.equal(JSON.parse(l).kind, 'run');
  assert.ok(lines.length < full, `stopped early (${lines.length} of ${full})`);
});

test('Ctrl-C with --out: no output file, no temporary file left, exit 130', async () => {
  for (const format of ['jsonl', 'parquet']) {
    const out = fs.mkdtempSync(path.join(dir, 'int-'));
    const file = path.join(out, `runs.${format}`);
    // Interrupted once reading has begun: the temporary JSON lines file exists, or (Parquet)
    // the run spool, in a temporary folder of the child's own.
    const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
    const r = await interrupted(
      [folder, '--format', format, '--out', file],
      () => false,
      () => fs.readdirSync(out).length > 0 || fs.readdirSync(tmp).length > 0,
      { ...process.env, TMPDIR: tmp },
    );
    assert.deepEqual(fs.readdirSync(tmp), [], `${format}: the spool is removed`);
    assert.equal(r.code, 130, `${format}: ${r.stderr}`);
    assert.match(r.stderr, /interrupted: .* not written/);
    assert.deepEqual(fs.readdirSync(out), [], `${format}: nothing written`);
  }
});
