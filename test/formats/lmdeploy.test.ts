/**
 * lmdeploy's benchmark scripts (src/ingest/formats/lmdeploy/): each dashed result block and each
 * Profiler summary box is one run, times normalised (TTFT/ITL/TPOT in ms, latency in s), the
 * elapsed time as the duration, concurrency and lengths as client settings, and the model and tp
 * from the command above. The fixtures are hand-written in the shapes of the scripts' print
 * statements over lmdeploy's history (InternLM/lmdeploy: benchmark/profile_throughput.py,
 * profile_generation.py 2023-06 … 2025-07, lmdeploy/profiler.py 2025 on; lmdeploy's issues #137-style
 * reports were not used as models, they are in the corpus).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { scanBlocks } from '../../src/ingest/blocks/index';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

function runsOf(name: string) {
  const lines = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'lmdeploy', name), 'utf8').split(/\r?\n/);
  const scans = scanBlocks(lines, name);
  return { runs: scans.flatMap((s) => s.result.runs), diagnostics: scans.flatMap((s) => s.result.diagnostics) };
}

describe('lmdeploy', () => {
  it('profile_throughput blocks: one run each, tuples and percentile lists by stat', () => {
    const { runs, diagnostics } = runsOf('profile-throughput.txt');
    assert.equal(runs.length, 2);
    const [a, b] = runs;
    assert.equal(a?.format, 'lmdeploy');
    assert.deepEqual(
      { ...a?.metrics },
      {
        duration_s: 411.25,
        ttft_min_ms: 212,
        ttft_max_ms: 9870,
        ttft_mean_ms: 2345,
        itl_p50_ms: 31,
        itl_p75_ms: 42,
        itl_p95_ms: 311,
        itl_p99_ms: 587,
        input_tokens: 498812,
        output_tokens: 451203,
        output_tps: 1097.148,
        total_tps: 2310.066,
        throughput_rps: 4.863,
        rpm_request_per_minute: 291.793,
      },
    );
    assert.equal(a?.client?.concurrency, 128);
    assert.equal(a?.client?.total_requests, 2000, 'from --num-prompts of the command (continuation lines joined)');
    assert.equal(a?.model, 'internlm2-chat-20b');
    assert.equal(a?.parallelism?.tp, 2);
    assert.equal(b?.metrics.ttft_mean_ms, 1980, '`first_token latency(min, max, ave): …s` of the older script');
    assert.equal(b?.client?.total_requests, 1000, 'short flags -c / -n');
    assert.equal(b?.parallelism?.tp, undefined, 'the second command has no --tp: the first one does not reach it');
    assert.deepEqual(diagnostics, []);
    assertGolden('lmdeploy/profile-throughput.json', runs);
  });

  it('profile_generation blocks: settings on the first lines, request latency, ITL percentiles', () => {
    const { runs } = runsOf('profile-generation.txt');
    assert.equal(runs.length, 2);
    const [old, mid] = runs;
    assert.deepEqual(old?.client, { concurrency: 16, input_len: 256, output_len: 512 });
    assert.equal(old?.metrics.latency_mean_s, 22.7, "`token latency` is a request's whole time");
    assert.equal(old?.metrics.output_tps, 344.51);
    assert.equal(old?.model, 'llama2-13b', 'from --model_path');
    assert.equal(mid?.metrics.duration_s, 41.37, '`total time` is the duration');
    assert.equal(mid?.metrics.itl_p99_ms, 101, 'numpy 2 floats in the list');
    assert.equal(mid?.metrics.total_tps, 2969.73);
    assert.equal(mid?.raw.test_round, '3');
    assert.equal(mid?.model, 'qwen-14b-chat', 'the positional model path');
    assertGolden('lmdeploy/profile-generation.json', runs);
  });

  it('the Profiler summary box: one run, seconds to ms for TTFT/TPOT/ITL, settings as client', () => {
    const { runs, diagnostics } = runsOf('profiler-summary.txt');
    assert.equal(runs.length, 1);
    const run = runs[0];
    assert.equal(run?.title, 'Profile Throughput');
    assert.equal(run?.metrics.duration_s, 188.402);
    assert.equal(run?.metrics.requests_ok_count, 1498);
    assert.equal(run?.metrics.ttft_p99_ms, 1870);
    assert.equal(run?.metrics.tpot_mean_ms, 38);
    assert.equal(run?.metrics.latency_p95_s, 19.004);
    assert.deepEqual(run?.client, { total_requests: 1500, concurrency: 64 });
    assert.equal(run?.metrics.concurrency, undefined, 'concurrency is a setting, never a metric');
    assert.equal(run?.raw['Stream output'], 'true');
    assert.equal(run?.parallelism?.tp, 2);
    assert.deepEqual(diagnostics, []);
    assertGolden('lmdeploy/profiler-summary.json', runs);
  });

  it('a line lmdeploy never prints inside a block is kept in raw with a warning', () => {
    const lines = [
      '-'.repeat(50),
      'concurrency: 8',
      'elapsed_time: 12.5s',
      'mystery value: 3 things',
      'RPS (request per second): 1.5 req/s',
      '-'.repeat(50),
    ];
    const scans = scanBlocks(lines, 'odd.txt');
    const runs = scans.flatMap((s) => s.result.runs);
    assert.equal(runs.length, 1);
    assert.equal(runs[0]?.metrics.throughput_rps, 1.5);
    assert.equal(runs[0]?.raw['mystery value'], '3 things');
    const warn = scans.flatMap((s) => s.result.diagnostics).find((d) => d.code === 'cell-unparsed');
    assert.equal(warn?.line, 4);
  });

  it('a bare `concurrency: 8` line with no lmdeploy labels after it is not an lmdeploy block', () => {
    const scans = scanBlocks(['concurrency: 8', 'some other: 3'], 'other.txt');
    assert.ok(scans.every((s) => s.result.runs.every((r) => r.format !== 'lmdeploy')));
  });
});

describe('lmdeploy tables (CSV from --csv, the same columns in Markdown)', () => {
  const read = (name: string) => {
    const file = `lmdeploy/${name}`;
    const res = parseLog(fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'lmdeploy', name), 'utf8'), { file });
    assertGolden(`formats/lmdeploy/${name.replace(/\.\w+$/, '')}-records.json`, res);
    return res.records.filter((r): r is RunRecord => r.kind === 'run');
  };

  it('profile_throughput CSV: batch is the concurrency, FTL the TTFT, bare percentiles the per-token latency', () => {
    const runs = read('profile-throughput.csv');
    assert.deepEqual(
      runs.map((r) => [
        r.engine,
        r.client?.concurrency,
        r.client?.total_requests,
        r.metrics.throughput_rps,
        r.metrics.ttft_mean_ms,
        r.metrics.itl_p99_ms,
        r.metrics.output_tps,
      ]),
      [
        ['lmdeploy', 32, 2000, 7.731, 286, 151, 1712.448],
        ['lmdeploy', 64, 2000, 9.402, 611, 197, 2083.905],
      ],
    );
  });

  it('profile_generation CSV: fixed prompt and completion lengths are the client settings', () => {
    const runs = read('profile-generation.csv');
    assert.deepEqual(
      runs.map((r) => [
        r.client?.concurrency,
        r.client?.input_len,
        r.client?.output_len,
        r.metrics.total_tps,
        r.metrics.ttft_max_ms,
        r.metrics.itl_p50_ms,
      ]),
      [
        [1, 128, 512, 121.06, 21, 10],
        [16, 128, 512, 1610.44, 93, 12],
      ],
    );
  });

  it('the same columns in a Markdown table: engine lmdeploy, model and tp from the heading', () => {
    const runs = read('results-table.md');
    assert.deepEqual(
      runs.map((r) => [r.engine, r.model, r.parallelism?.tp, r.client?.concurrency, r.metrics.ttft_min_ms, r.metrics.total_tps]),
      [
        ['lmdeploy', 'Qwen2-7B-Instruct', 1, 64, 47, 3851.12],
        ['lmdeploy', 'Qwen2-7B-Instruct', 1, 128, 61, 4419.48],
      ],
    );
  });
});
