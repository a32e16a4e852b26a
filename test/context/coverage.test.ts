/**
 * Never silent: every file's diagnostics end with one `coverage` line, counted the same way
 * whatever the entry point (console log whole or streamed in chunks of any size, CSV, JSON
 * export, Markdown report, empty or binary input), and a file whose numbers no reader took is
 * a warning. The counting rules are pinned line by line (lineShape, CoverageCounter).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import fc from 'fast-check';
import { CoverageCounter, coverageDiagnostic, emptyCoverage, lineShape } from '../../src/ingest/coverage';
import { parseFile, parseLog } from '../../src/ingest/index';
import { REPO_ROOT } from '../helpers/golden';
import { coverageOf, FIXTURES, parseFixture } from './helpers';

describe('lineShape: what a left-over line looks like', () => {
  const cases: Array<[string, ReturnType<typeof lineShape>]> = [
    ['│ Total Calls                    │                   10 │', 'table'],
    ['| p99_latency <= 2.0 | parallel   |               5 | Satisfied |', 'table'],
    ['+--------------------+------------+', 'table'],
    ['32             14.70    188.5       21.0       1879.3', 'table'],
    ['1\t0.93\t41.2', 'table'],
    ['0.93 41.2 11.8 118.4 2.5', 'numbers'],
    ['throughput_rps: 5.21', 'numbers'],
    ['Mean TTFT = 80.1 ms', 'numbers'],
    ['100%|██████████| 80/80 [00:21<00:00,  3.71it/s]', 'other'],
    ['We ran 3 tests on 2 GPUs and it took about 5 minutes in total.', 'other'],
    ['- 2 GPUs: 11.12-12.00 req/s, ~1217 tokens/s, avg response time ~2.09s', 'other'],
    ['INFO:     127.0.0.1:45678 - "POST /v1/completions HTTP/1.1" 200 OK', 'other'],
    ['see https://docs.vllm.ai', 'other'],
  ];
  for (const [line, shape] of cases) it(`${shape}: ${line}`, () => assert.equal(lineShape(line), shape));
});

describe('CoverageCounter', () => {
  it('a run of table-like lines is one table; borders alone are none; a blank line ends it', () => {
    const c = new CoverageCounter();
    const lines = ['+----+----+', '| a  | 1  |', '| b  | 2  |', '+----+----+'];
    for (const [k, l] of lines.entries()) c.leftOver(l, k + 1);
    c.endRegion();
    c.leftOver('╭──────────────╮', 6);
    c.leftOver('│ Title panel  │', 7);
    c.leftOver('╰──────────────╯', 8);
    c.endRegion();
    c.leftOver('| c  | 3  |', 10);
    assert.deepEqual(c.counts, { ...emptyCoverage(), tablesFound: 2, notUnderstood: 3, firstNotUnderstood: [2, 3, 10] });
  });

  it('a block counts its table regions (at least one when it gave records), read when it gave any', () => {
    const c = new CoverageCounter();
    c.block(['┏━┓', '┃a┃', '┗━┛', 'x', '+--+', '|1 |'], 0, 6, 1, 0);
    c.block(['Successful requests: 10', 'Benchmark duration (s): 3'], 0, 2, 1, 0);
    c.block(['{"a": 1}'], 0, 1, 0, 0);
    assert.deepEqual([c.counts.tablesFound, c.counts.tablesRead, c.counts.runs], [3, 3, 2]);
  });

  it('severity: info when read, warning when a table is left or numbers gave no record', () => {
    const base = { ...emptyCoverage(), tablesFound: 1, tablesRead: 1, runs: 1 };
    assert.equal(coverageDiagnostic('f', base).severity, 'info');
    assert.equal(coverageDiagnostic('f', { ...base, tablesFound: 2 }).severity, 'warning');
    assert.equal(coverageDiagnostic('f', { ...emptyCoverage(), notUnderstood: 3, firstNotUnderstood: [1, 2, 3] }).severity, 'warning');
    assert.equal(coverageDiagnostic('f', { ...emptyCoverage(), tablesFound: 1, tablesRead: 1, otherRecords: 20 }).severity, 'info');
    assert.equal(coverageDiagnostic('f', { ...base, notUnderstood: 2, firstNotUnderstood: [4, 9] }).severity, 'info');
    assert.equal(
      coverageDiagnostic('f', { ...base, notUnderstood: 5, firstNotUnderstood: [4, 9, 11] }).message,
      'coverage: 1 table found, 1 read, 1 run, 5 lines not understood (first at 4, 9, 11)',
    );
  });
});

describe('files that used to give nothing, silently', () => {
  it('aligned numeric columns (issue 27): a sweep read, one run per row', () => {
    const { runs, diagnostics } = parseFixture('aligned-numbers.log');
    assert.deepEqual(
      runs.map((r) => [r.client?.concurrency, r.metrics.throughput_rps]),
      [
        [1, 0.93],
        [8, 6.08],
        [32, 14.7],
      ],
    );
    assert.equal(coverageOf(diagnostics)?.message, 'coverage: 1 table found, 1 read, 3 runs, 0 lines not understood');
  });

  it('aligned numeric columns whose names no vocabulary knows: zero runs is a warning naming the lines', () => {
    const { runs, diagnostics } = parseFixture('unread-columns.log');
    assert.equal(runs.length, 0);
    const c = coverageOf(diagnostics);
    assert.equal(c?.severity, 'warning');
    assert.equal(c?.message, 'coverage: 1 table found, 0 read, 0 runs, 3 lines not understood (first at 4, 5, 6)');
  });

  it('labelled numbers no reader takes (names of a home-made script): named, a warning', () => {
    const text = [
      'model: Qwen/Qwen2.5-7B-Instruct',
      'concurrency: 16',
      'widgets_polished: 5.21',
      'frob_rate = 80.14 /min',
      'zorp: 190',
    ].join('\n');
    const res = parseLog(text, { file: 'script.log' });
    const c = coverageOf(res.diagnostics);
    assert.equal(c?.severity, 'warning');
    assert.equal(c?.message, 'coverage: 0 tables found, 0 read, 0 runs, 3 lines not understood (first at 3, 4, 5)');
  });

  it('stat lines give samples, not runs: info, nothing left over', () => {
    const { records, diagnostics } = parseFixture('stat-lines.csv');
    assert.ok(records.length > 0 && records.every((r) => r.kind === 'sample'));
    const c = coverageOf(diagnostics);
    assert.equal(c?.severity, 'info');
    assert.equal(c?.message, 'coverage: 1 table found, 1 read, 0 runs, 0 lines not understood');
  });
});

describe('every entry point ends with one coverage line', () => {
  const cases: Array<[string, string]> = [
    ['CSV', 'test/fixtures/csv/generic-semicolon.csv'],
    ['JSON export', 'test/fixtures/exports/vllm-save-result.synthetic.json'],
    ['Markdown report', 'data/multi-gpu-presets-report.md'],
    ['console log', 'data/a10-sglang-vllm-tp2-vs-tp4.md'],
  ];
  for (const [what, file] of cases) {
    it(what, () => {
      const res = parseLog(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'), { file });
      const runs = res.records.filter((r) => r.kind === 'run').length;
      const c = coverageOf(res.diagnostics);
      assert.ok(c, `${file}: last diagnostic is the coverage line`);
      assert.equal(c.line, 1);
      assert.equal(res.diagnostics.filter((d) => d.code === 'coverage').length, 1);
      assert.match(c.message, new RegExp(`, ${runs} runs?, `));
      assert.equal(c.severity, 'info');
    });
  }
  it('empty and binary input', () => {
    for (const text of ['', '\u0000\u0001binary']) {
      const res = parseLog(text, { file: 'x.log' });
      assert.equal(coverageOf(res.diagnostics)?.message, 'coverage: 0 tables found, 0 read, 0 runs, 0 lines not understood');
    }
  });
  it('the Markdown report counts its tables, the presets table read too', () => {
    const res = parseLog(fs.readFileSync(path.join(REPO_ROOT, 'data/multi-gpu-presets-report.md'), 'utf8'), { file: 'r.md' });
    assert.equal(coverageOf(res.diagnostics)?.message, 'coverage: 19 tables found, 19 read, 88 runs, 0 lines not understood');
  });
});

describe('streamed in chunks: the same coverage as the whole text', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-coverage-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  // Tables read, tables left, number lines left, samples: repeated so that chunks cut through each.
  const parts = ['unread-columns.log', 'stat-lines.csv', 'settings-list.md', 'export-sweep.log', 'k8s-sglang.md'].map((f) =>
    fs.readFileSync(path.join(FIXTURES, f), 'utf8'),
  );
  const text = Array.from({ length: 12 }, (_, k) => parts[k % parts.length]).join('\n\n');
  const file = path.join(dir, 'mixed.log');
  fs.writeFileSync(file, text);
  const whole = parseLog(text, { file: 'mixed.log' });

  it('the whole text counts every part', () => {
    assert.match(
      coverageOf(whole.diagnostics)?.message ?? '',
      /^coverage: 16 tables found, 13 read, 10 runs, 11 lines not understood \(first at 4, 5, 6\)$/,
    );
  });

  it('any chunk size gives the same records and diagnostics', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 64, max: 4096 }), async (chunkBytes) => {
        const streamed = await parseFile(file, { file: 'mixed.log', streamThreshold: 0, chunkBytes });
        assert.deepEqual(streamed.diagnostics, whole.diagnostics);
        assert.deepEqual(
          streamed.records.map((r) => JSON.stringify(r)),
          whole.records.map((r) => JSON.stringify(r)),
        );
      }),
      { numRuns: 12 },
    );
  });
});
