/**
 * Detect by content: a file's extension and first line do not decide its reader. Fixtures
 * whose names lie (stat lines named .csv, a CSV named .log, a Prometheus scrape named .csv, a
 * key/value script output named .csv) go to the right reader, and a property says the same for
 * generated CSVs and stat-line logs under any name.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { detectFormat } from '../../src/ingest/detect';
import { FIXTURES, parseFixture } from './helpers';

const read = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

describe('fixtures whose names lie', () => {
  it('vLLM stat lines named .csv are a console log: samples, no CSV rows', () => {
    assert.equal(detectFormat(read('stat-lines.csv'), 'stat-lines.csv'), 'console-log');
    const { records } = parseFixture('stat-lines.csv');
    const series = new Set(records.map((r) => (r.kind === 'sample' ? r.series : r.kind)));
    assert.deepEqual([...series].sort(), [
      'gpu_kv_cache_usage_pct',
      'input_tps',
      'num_requests_running',
      'num_requests_waiting',
      'output_tps',
      'prefix_cache_hit_rate_pct',
    ]);
    assert.equal(records.length, 24);
  });

  it('a CSV named .log, after a comment line, is a CSV: one run per row', () => {
    assert.equal(detectFormat(read('sweep-results.log'), 'sweep-results.log'), 'csv');
    const { runs } = parseFixture('sweep-results.log');
    assert.deepEqual(
      runs.map((r) => [r.source.format, r.client?.concurrency, r.metrics.throughput_rps, r.metrics.ttft_p99_ms]),
      [
        ['csv', 1, 0.92, 55],
        ['csv', 8, 6.1, 120.4],
        ['csv', 32, 14.75, 512.9],
      ],
    );
  });

  it('a Prometheus scrape named .csv is Prometheus text (its label commas split evenly)', () => {
    assert.equal(detectFormat(read('scrape.csv'), 'scrape.csv'), 'console-log');
    const { records } = parseFixture('scrape.csv');
    assert.deepEqual(
      records.map((r) => (r.kind === 'sample' ? [r.series, r.value] : r.kind)),
      [
        ['num_requests_running', 7],
        ['num_requests_waiting', 2],
        ['gpu_kv_cache_usage_pct', 31],
      ],
    );
  });

  it('a key/value script output named .csv is a console log (its settings read as context)', () => {
    assert.equal(detectFormat(read('kv-summary.csv'), 'kv-summary.csv'), 'console-log');
  });

  it('a JSON first line does not make a log a JSON export', () => {
    const text = `{"model": "x", "tensor_parallel_size": 2}\n${read('nightly-2025-03-14.log')}`;
    assert.equal(detectFormat(text, 'run.log'), 'console-log');
  });

  it('the name still breaks a tie: one-column text named .csv is a CSV', () => {
    assert.equal(detectFormat('throughput\n1.5\n2.5\n', 'x.csv'), 'csv');
    assert.equal(detectFormat('throughput\n1.5\n2.5\n', 'x.log'), 'console-log');
  });
});

const NAMES = ['results.csv', 'results.log', 'results.txt', 'results', 'results.tsv', 'results.md'];
const cell = fc.oneof(
  fc.float({ min: 0, max: 1e5, noNaN: true }).map((x) => x.toFixed(2)),
  fc.integer({ min: 1, max: 5000 }).map(String),
);

describe('properties', () => {
  it('a delimited table of numbers is a CSV under any name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(',', ';', '\t'),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 2, max: 12 }),
        fc.constantFrom(...NAMES),
        fc.boolean(),
        (d, cols, rows, name, comment) => {
          const header = Array.from({ length: cols }, (_, k) => `col_${k}`).join(d);
          const body = fc.sample(fc.array(cell, { minLength: cols, maxLength: cols }), rows).map((r) => r.join(d));
          const text = `${comment ? '# exported from the sweep\n' : ''}${header}\n${body.join('\n')}\n`;
          assert.equal(detectFormat(text, name), 'csv');
        },
      ),
      { numRuns: 150 },
    );
  });

  it('vLLM stat lines are a console log under any name', () => {
    const statLine = fc
      .tuple(fc.float({ min: 0, max: 5000, noNaN: true }), fc.integer({ min: 0, max: 256 }), fc.float({ min: 0, max: 100, noNaN: true }))
      .map(
        ([tps, running, kv]) =>
          `INFO 03-14 09:12:10 metrics.py:455] Avg prompt throughput: ${tps.toFixed(1)} tokens/s, Avg generation throughput: ${tps.toFixed(1)} tokens/s, Running: ${running} reqs, Swapped: 0 reqs, Pending: 0 reqs, GPU KV cache usage: ${kv.toFixed(1)}%, CPU KV cache usage: 0.0%.`,
      );
    fc.assert(
      fc.property(fc.array(statLine, { minLength: 1, maxLength: 10 }), fc.constantFrom(...NAMES), (lines, name) => {
        assert.equal(detectFormat(`${lines.join('\n')}\n`, name), 'console-log');
      }),
      { numRuns: 100 },
    );
  });
});
