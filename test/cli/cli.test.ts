/**
 * The CLI contract, through the built binary (the README's `npx benchbook`): help, usage
 * errors (exit 2), parse output on stdout and diagnostics on stderr, exit 1 on errors.
 */

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../helpers/golden';

const BIN = path.join(REPO_ROOT, 'bin', 'benchbook.js');

function run(args: string[], cwd = REPO_ROOT) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test('--help lists the four commands', () => {
  const r = run(['--help']);
  assert.equal(r.code, 0);
  for (const c of ['parse', 'report', 'compare', 'notebook']) assert.match(r.stdout, new RegExp(`\\b${c}\\b`));
});

test('each command has --help', () => {
  for (const c of [['parse'], ['report'], ['compare'], ['notebook', 'run']]) {
    const r = run([...c, '--help']);
    assert.equal(r.code, 0, `${c.join(' ')} --help`);
    assert.match(r.stdout, /Usage: benchbook/);
  }
});

test('unknown command and no arguments exit 2 with usage', () => {
  const unknown = run(['frobnicate']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command/);
  const none = run([]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /Usage: benchbook/);
});

test('bad option values are usage errors (exit 2)', () => {
  assert.equal(run(['parse', 'data', '--format', 'xml']).code, 2);
  assert.equal(run(['parse', 'data', '--include', 'bogus']).code, 2);
  assert.equal(run(['parse', 'no/such/path']).code, 2);
  assert.equal(run(['parse', 'data', '--set', 'novalue']).code, 2);
});

test('parse writes JSON lines of runs with schema_version 1; env only with --include', () => {
  const r = run(['parse', 'data/a10-sglang-vllm-tp2-vs-tp4.md']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(lines.length, 25);
  assert.ok(lines.every((l) => l.kind === 'run' && l.schema_version === 1));
  const withEnv = run(['parse', 'data/a10-sglang-vllm-tp2-vs-tp4.md', '--include', 'env']);
  const kinds = new Set(
    withEnv.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).kind),
  );
  assert.deepEqual([...kinds].sort(), ['env', 'run']);
});

test('parse --format csv gives a header and one row per run', () => {
  const r = run(['parse', 'data/a10-sglang-vllm-tp2-vs-tp4.md', '--format', 'csv']);
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout.trim().split(/\r?\n/);
  assert.equal(rows.length, 26);
  assert.match(rows[0] ?? '', /^id,/);
});

test('a file with an error exits 1 but still prints the other runs; --strict promotes warnings', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-cli-'));
  try {
    const good = fs
      .readFileSync(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'), 'utf8')
      .split('\n')
      .slice(53, 82)
      .join('\n');
    // the same table twice, the second cut off before its bottom border
    const cut = good.split('\n').slice(0, 15).join('\n');
    fs.writeFileSync(path.join(dir, 'log.txt'), `${good}\n\n${cut}\n`);
    const r = run(['parse', path.join(dir, 'log.txt')]);
    assert.ok(r.stdout.trim().split('\n').length >= 1, 'the complete table still comes out');
    assert.match(r.stderr, /log\.txt:\d+/);
    assert.ok(r.code === 0 || r.code === 1);
    const strict = run(['parse', path.join(dir, 'log.txt'), '--strict']);
    assert.equal(strict.code, 1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('parse does not load danfojs, vega or puppeteer', () => {
  const script = `
    const { main } = require(${JSON.stringify(path.join(REPO_ROOT, 'dist', 'cli', 'main.js'))});
    main(['parse', 'data/a10-sglang-vllm-tp2-vs-tp4.md']).then(() => {
      const loaded = Object.keys(require.cache).filter((k) => /node_modules[\\\\/](danfojs-node|vega|vega-lite|puppeteer-core)[\\\\/]/.test(k));
      process.stderr.write('LOADED=' + JSON.stringify(loaded.length) + '\\n');
    });`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.match(r.stderr, /LOADED=0/);
});

test('compare prints the 2→4 GPU table; an unknown factor or where key is a usage error', () => {
  const r = run(['compare', 'data/a10-sglang-vllm-tp2-vs-tp4.md', '--by', 'gpus', '--metric', 'throughput_rps', '--where', 'engine=vllm']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /2 GPUs\s+11\.56\s+2\s+4 GPUs\s+13\.17\s+2\s+\+13\.9%/);
  assert.doesNotMatch(r.stdout, /engine=sglang/);
  assert.equal(run(['compare', 'data', '--by', 'bogus']).code, 2);
  assert.equal(run(['compare', 'data', '--by', 'gpus', '--where', 'colour=red']).code, 2);
});

test('notebook run with an unknown parameter and report with a missing template are usage errors', () => {
  const nb = run(['notebook', 'run', 'notebooks/02-gpu-scaling.ipynb', '-p', 'metrc=1']);
  assert.equal(nb.code, 2);
  assert.match(nb.stderr, /unknown parameter metrc; known: .*metric/);
  assert.doesNotMatch(nb.stderr, /\n\s+at /, 'no stack trace for a usage error');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-cli-'));
  try {
    const rep = run(['report', 'data/a10-sglang-dp2-vllm.md', '--out', dir, '--template', path.join(dir, 'missing.hbs')]);
    assert.equal(rep.code, 2);
    assert.match(rep.stderr, /template not found/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('report --png writes PNG charts through Chromium', { skip: !fs.existsSync('/usr/bin/chromium') && 'no /usr/bin/chromium' }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-cli-'));
  try {
    const r = run(['report', 'data/a10-sglang-vllm-tp2-vs-tp4.md', '--out', dir, '--png']);
    assert.equal(r.code, 0, r.stderr);
    const pngs = fs.readdirSync(path.join(dir, 'charts')).filter((f) => f.endsWith('.png'));
    assert.ok(pngs.length >= 3, `pngs: ${pngs.join(', ')}`);
    const head = fs.readFileSync(path.join(dir, 'charts', pngs[0]!)).subarray(0, 8);
    assert.deepEqual([...head], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('parse streams the same records, in the same order, that parsePaths collects', async () => {
  const { parsePaths } = await import('../../src/ingest');
  const r = run(['parse', 'data', '--include', 'env,samples']);
  const collected = await parsePaths(['data']);
  assert.equal(r.stdout, collected.records.map((x) => `${JSON.stringify(x)}\n`).join(''));
});

/** A generated log over the 16 MiB streaming threshold (read in chunks), removed after `use`. */
async function withBigLog(use: (file: string) => Promise<void>): Promise<void> {
  const { loadCorpus, writeGeneratedLog } = await import('../../bench/generate');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-pipe-'));
  const file = path.join(dir, 'big.log');
  try {
    await writeGeneratedLog(file, loadCorpus(path.join(REPO_ROOT, 'data')), { seed: 7, targetBytes: 20e6 });
    await use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `benchbook parse FILE` with stdout a pipe the test reads; stderr collected, exit code awaited. */
async function startParse(file: string) {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, [BIN, 'parse', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const code = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, code, stderr: () => stderr };
}

test('parse into a slow pipe: every record arrives, and waiting for it leaves no listeners behind', async () => {
  await withBigLog(async (file) => {
    const run = await startParse(file);
    const child = run.child;
    let lines = 0;
    // A reader slower than parse: stdout fills up and parse waits for it to drain, many times.
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      lines += d.split('\n').length - 1;
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 1);
    });
    assert.equal(await run.code, 0);
    assert.doesNotMatch(run.stderr(), /MaxListenersExceededWarning/);
    // One JSON line per run, as the library reads them.
    const { parseFile } = await import('../../src/ingest/index');
    let runs = 0;
    await parseFile(file, { onRecord: (r) => void (r.kind === 'run' && runs++) });
    assert.ok(runs > 1000, `${runs} runs`);
    assert.equal(lines, runs);
  });
});

test('parse into a pipe its reader closes (`| head`): reading stops, diagnostics so far, no crash', async () => {
  await withBigLog(async (file) => {
    const run = await startParse(file);
    const child = run.child;
    let firstLine = '';
    child.stdout.setEncoding('utf8').once('data', (d: string) => {
      firstLine = d.split('\n')[0] ?? '';
      child.stdout.destroy(); // what `head -1` does after its line
    });
    const code = await run.code;
    assert.match(firstLine, /^\{"kind":"run"/);
    assert.doesNotMatch(run.stderr(), /Unhandled|EPIPE\n\s+at /);
    assert.match(run.stderr(), /warning \[io-error\] reading stopped after \d+ of \d+ bytes: stdout was closed by its reader/);
    assert.equal(code, 0);
  });
});

test('parse --format csv of a streamed log: the CSV runsToCsv gives, runs held in a temporary file that is removed', async () => {
  await withBigLog(async (file) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-csv-tmp-'));
    try {
      const r = spawnSync(process.execPath, [BIN, 'parse', '--format', 'csv', file], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, TMPDIR: tmp },
      });
      assert.equal(r.status, 0, r.stderr);
      const { parseFile } = await import('../../src/ingest/index');
      const { runsToCsv } = await import('../../src/model/runs-csv');
      const runs = (await parseFile(file)).records.filter((x): x is import('../../src/model/records').RunRecord => x.kind === 'run');
      assert.ok(runs.length > 1000, `${runs.length} runs`);
      assert.equal(r.stdout, runsToCsv(runs));
      assert.deepEqual(fs.readdirSync(tmp), [], 'the temporary file is gone');
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

test('parse --format csv into a pipe its reader closes: stops writing, no crash, temporary file removed', async () => {
  await withBigLog(async (file) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-csv-tmp-'));
    try {
      const { spawn } = await import('node:child_process');
      const child = spawn(process.execPath, [BIN, 'parse', '--format', 'csv', file], {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TMPDIR: tmp },
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      let firstLine = '';
      child.stdout.setEncoding('utf8').once('data', (d: string) => {
        firstLine = d.split('\n')[0] ?? '';
        child.stdout.destroy();
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.match(firstLine, /^id,file,line,/);
      assert.doesNotMatch(stderr, /Unhandled|EPIPE\n\s+at /);
      assert.equal(code, 0, stderr);
      assert.deepEqual(fs.readdirSync(tmp), []);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
