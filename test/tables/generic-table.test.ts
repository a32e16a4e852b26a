/**
 * Tables no known tool printed, read by genericTableReader through the whole console scanner:
 * fixtures written in the shapes home-made scripts print (test/fixtures/tables), each with a
 * golden of its runs and the numbers it must give; and the samples, where the generic reader
 * must read nothing (every table there belongs to the stress-test or tool readers, or is no
 * benchmark result).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { consoleReaders } from '../../src/ingest/console-log';
import { normalizeText } from '../../src/ingest/hygiene';
import { parseLog } from '../../src/ingest/parse-log';
import { genericTableReader } from '../../src/ingest/tables/generic-table';
import type { RunRecord } from '../../src/model/records';
import { assertGolden, otherToolsDir, REPO_ROOT } from '../helpers/golden';

const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'tables');

function runsOf(name: string): RunRecord[] {
  const parsed = parseLog(fs.readFileSync(path.join(FIXTURES, name), 'utf8'), { file: name });
  assertGolden(`tables/generic/${name.replace(/\.txt$/, '.json')}`, parsed);
  return parsed.records.filter((r): r is RunRecord => r.kind === 'run');
}

test('a sweep printed as one double box per concurrency, ╟─╫─╢ between rows, the first a warm-up', () => {
  const runs = runsOf('sweep-double-box.txt');
  assert.deepEqual(
    runs.map((r) => r.client?.concurrency),
    [1, 8, 32],
  );
  assert.deepEqual(
    runs.map((r) => r.flags.includes('warmup-suspect')),
    [true, false, false],
  );
  assert.match(runs[1]?.provenance['client.concurrency'] ?? '', /"Concurrency 8" \(title of the table at line 23\)/);
  const last = runs[2]!;
  assert.equal(last.metrics.throughput_rps, 14.02);
  assert.equal(last.metrics.output_tps, 1790.6);
  assert.equal(last.metrics.ttft_p99_ms, 1204.5);
  assert.equal(last.metrics.latency_mean_s, 2.21, 'unit in the value');
  assert.equal(last.metrics.kv_cache_hit_rate_pct, 63, 'a label the vocabulary does not know is kept as a slug');
  assert.equal(last.raw['Mean E2E latency'], '2.21 s');
});

test('one ASCII table per user count (+===+ header rule, +---+ between rows), the level on a banner line above', () => {
  const runs = runsOf('users-ascii-sweep.txt');
  assert.equal(runs.length, 2);
  assert.deepEqual(
    runs.map((r) => [r.client?.concurrency, r.metrics.throughput_rps, r.metrics.latency_p95_s, r.metrics.requests_failed_count]),
    [
      [10, 3.9, 3.02, 0],
      [50, 11.2, 6.75, 3],
    ],
  );
  assert.match(runs[0]?.provenance['client.concurrency'] ?? '', /"=== Users: 10 ===" \(line 3, above the table\)/);
});

test('percentile tables: metrics × statistics (fancy grid) and statistics × metrics (transposed)', () => {
  const [grid, transposed, ...rest] = runsOf('percentile-grids.txt');
  assert.equal(rest.length, 0);
  assert.ok(grid && transposed);
  assert.equal(grid.metrics.ttft_p99_ms, 250);
  assert.equal(grid.metrics.tpot_min_ms, 9.8);
  assert.equal(grid.metrics.latency_p90_s, 2.6);
  assert.equal(grid.metrics.queue_wait_p99_ms, 30, 'unknown quantity: slug, statistic and unit');
  assert.equal(transposed.metrics.ttft_p50_ms, 55, 'median is p50');
  assert.equal(transposed.metrics.itl_p99_ms, 31);
  assert.equal(transposed.metrics.latency_mean_s, 2.31);
});

test('a sweep table with divider rows and ragged borders; a key/value table whose dividers prefix nothing known', () => {
  const runs = runsOf('sweep-sections-ragged.txt');
  assert.equal(runs.length, 5);
  const sweep = runs.slice(0, 4);
  assert.deepEqual(
    sweep.map((r) => [r.client?.concurrency, r.metrics.latency_p99_s, r.metrics.requests_failed_count, r.flags.includes('warmup-suspect')]),
    [
      [1, 2.9, 0, true],
      [16, 3.8, 0, false],
      [64, 6.02, 2, false],
      [128, 11.9, 17, false],
    ],
  );
  assert.match(sweep[0]?.provenance.flags ?? '', /under the divider "warm-up"/);
  const settings = runs[4]!;
  assert.equal(settings.client?.concurrency, 64);
  assert.equal(settings.client?.max_tokens, 512);
  assert.match(settings.provenance['client.concurrency'] ?? '', /"Load: Concurrency" row/);
  assert.equal(settings.metrics.output_tps, 2210.4);
  assert.equal(settings.metrics.total_tps, 3907.9);
  assert.equal(settings.metrics.proto, 1, '__proto__ becomes a slug, never a prototype');
  assert.equal(Object.getPrototypeOf(settings.metrics), Object.prototype);
  assert.equal(settings.raw['Measured: 吞吐量 (req/s)'], '17.3');
});

test('tabulate simple is read; pip list and a cost table are no benchmark results', () => {
  const runs = runsOf('tabulate-simple-and-noise.txt');
  assert.equal(runs.length, 1);
  assert.deepEqual(runs[0]?.metrics, {
    requests_ok_count: 100,
    duration_s: 42.5,
    throughput_rps: 2.35,
    itl_mean_ms: 18.4,
    itl_p50_ms: 17.9,
  });
});

test('known readers keep their tables: an AIPerf-like stat matrix, a stress table under a caption', () => {
  const statMatrix = [
    'Custom Results',
    '┏━━━━━━━━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━┳━━━━━━━┓',
    '┃ Metric            ┃   avg ┃   p50 ┃   p99 ┃',
    '┡━━━━━━━━━━━━━━━━━━━╇━━━━━━━╇━━━━━━━╇━━━━━━━┩',
    '│ TTFT (ms)         │  10.0 │   9.0 │  30.0 │',
    '└───────────────────┴───────┴───────┴───────┘',
  ];
  const stress = [
    'Results',
    '┏━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━┓',
    '┃ Metric              ┃ Value                 ┃',
    '┡━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━┩',
    '│ Successful Requests │ 10 (100.0%)           │',
    '│ Failed Requests     │ 0 (0.0%)              │',
    '│ Actual Throughput   │ 1.50 requests/second  │',
    '└─────────────────────┴───────────────────────┘',
  ];
  for (const lines of [statMatrix, stress]) {
    for (let i = 0; i < lines.length; i++) assert.equal(genericTableReader.startsAt(lines, i), false, `line ${i + 1}`);
    const runs = parseLog(lines.join('\n'), { file: 'x.log' }).records.filter((r) => r.kind === 'run');
    assert.equal(runs.length, 1);
  }
});

/** Lines of each sample where no earlier reader starts, scanned as the console scanner does. */
function unclaimedLines(file: string): { lines: string[]; at: number[] } {
  const { lines } = normalizeText(fs.readFileSync(file, 'utf8'), file);
  const earlier = consoleReaders().filter((r) => r !== genericTableReader);
  const at: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const reader = earlier.find((r) => r.startsAt(lines, i));
    if (reader) i = Math.max(i, reader.read(lines, i, file).next - 1);
    else at.push(i);
  }
  return { lines, at };
}

test('the samples: the generic reader reads nothing the known readers leave (records unchanged)', (t) => {
  const dirs = [path.join(REPO_ROOT, 'data'), otherToolsDir()];
  if (!dirs[1]) t.diagnostic('other-tools samples absent: data/ only');
  for (const dir of dirs.filter((d): d is string => d !== undefined)) {
    for (const name of fs.readdirSync(dir).filter((f) => /\.(md|txt)$/.test(f) && f !== 'README.md')) {
      const { lines, at } = unclaimedLines(path.join(dir, name));
      for (const i of at) assert.equal(genericTableReader.startsAt(lines, i), false, `${name}:${i + 1}`);
    }
  }
});

test('runs as columns: a header row with a blank corner and no rule under it, no rules between rows (ASCII and Unicode)', () => {
  const runs = runsOf('run-columns-blank-corner.txt');
  assert.equal(runs.length, 4);
  assert.deepEqual(
    runs.map((r) => [r.raw.column, r.metrics.throughput_rps, r.metrics.output_tps, r.metrics.ttft_mean_ms, r.metrics.ttft_p99_ms]),
    [
      ['main', 3.71, 949.8, 220.4, 910.2],
      ['patched', 4.38, 1121.3, 181.9, 702.6],
      ['vLLM', 5.12, undefined, undefined, undefined],
      ['SGLang', 5.48, undefined, undefined, undefined],
    ],
  );
  assert.deepEqual(
    runs.map((r) => r.engine),
    [undefined, undefined, 'vllm', 'sglang'],
  );
  assert.equal(runs[3]?.metrics.itl_mean_ms, 18.2);
  assert.equal(runs[3]?.metrics.latency_p50_s, 5.71);
  assert.notEqual(runs[0]?.id, runs[1]?.id, 'one id per column');
});
