/**
 * Per-request results of JSON exports as `sample` records (issue 23, goodput part): vLLM
 * `--save-result --save-detailed`, SGLang `bench_serving --output-details` and genai-perf's
 * `profile_export.json`. Expected values are recomputed here from the fixture's own lists, not
 * copied from the reader's output.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { parseJsonExport } from '../../src/ingest/exports/index';
import type { RunRecord, SampleRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'exports');

function fixture(name: string) {
  const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
  return { text, result: parseJsonExport(text, { file: name }) };
}

const runsOf = (r: ReturnType<typeof parseJsonExport>) => r.records.filter((x): x is RunRecord => x.kind === 'run');
const samplesOf = (r: ReturnType<typeof parseJsonExport>) => r.records.filter((x): x is SampleRecord => x.kind === 'sample');

/** Samples of one request of one run, by series. */
function requestValues(samples: readonly SampleRecord[], run: string, request: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples) if (s.labels.run === run && s.labels.request === String(request)) out[s.series] = s.value;
  return out;
}

/** The golden form: runs whole, samples one line each (the full records are ~15 lines a sample). */
function goldenForm(r: ReturnType<typeof parseJsonExport>) {
  return {
    runs: runsOf(r),
    samples: samplesOf(r).map(
      (s) => `${s.labels.run} #${s.labels.request} ${s.series}=${s.value}${s.labels.estimate ? ` (${s.labels.estimate})` : ''}`,
    ),
    diagnostics: r.diagnostics,
  };
}

const close = (a: number | undefined, b: number, eps = 1e-9) => a !== undefined && Math.abs(a - b) <= eps * Math.max(1, Math.abs(b));
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('vLLM --save-result --save-detailed', () => {
  const { text, result } = fixture('vllm-save-detailed.synthetic.json');
  const json = JSON.parse(text) as Record<string, unknown[]>;
  const [run, ...others] = runsOf(result);
  const samples = samplesOf(result);

  test('one run, then its requests: TTFT, latency, TPOT and mean ITL recomputed from the lists', () => {
    assert.deepEqual(result.diagnostics, []);
    assert.ok(run);
    assert.equal(others.length, 0);
    assert.equal(result.records[0], run, 'the run comes before its samples');
    const ttfts = json.ttfts as number[];
    const latencies = json.latencies as number[];
    const outLens = json.output_lens as number[];
    const itls = json.itls as number[][];
    const errors = json.errors as string[];
    let checked = 0;
    for (let i = 0; i < ttfts.length; i++) {
      const v = requestValues(samples, run.id, i);
      if (errors[i]) {
        assert.deepEqual(v, { request_failed: 1 }, `request ${i} failed: no zeros read as values`);
        continue;
      }
      const ttft = ttfts[i]!;
      const lat = latencies[i]!;
      assert.ok(close(v.request_ttft_ms, ttft * 1000), `ttft ${i}`);
      assert.equal(v.request_latency_s, lat);
      assert.ok(close(v.request_tpot_ms, ((lat - ttft) / (outLens[i]! - 1)) * 1000), `tpot ${i}`);
      assert.ok(close(v.request_itl_ms, mean(itls[i]!) * 1000), `itl ${i}`);
      checked++;
    }
    assert.equal(checked, json.completed as unknown as number);
    assert.equal(samples.length, checked * 4 + 1);
  });

  test('labels {run, request}, no time, unique ids, one shared source object', () => {
    const ids = new Set(samples.map((s) => s.id));
    assert.equal(ids.size, samples.length);
    for (const s of samples) {
      assert.deepEqual(Object.keys(s.labels), ['run', 'request'], 'measured latency: no estimate label');
      assert.equal(s.labels.run, run!.id);
      assert.equal('t' in s, false, 'no time is invented');
      assert.equal(s.source, samples[0]!.source, 'compact: the source object is shared');
    }
    assert.deepEqual(samples[0]!.source, { file: 'vllm-save-detailed.synthetic.json', line: 1, format: 'vllm-bench-json' });
    assert.equal(run!.raw.ttfts, undefined, 'per-request lists are not copied into raw');
  });

  test('golden', () => assertGolden('exports/vllm-save-detailed.synthetic.json', goldenForm(result)));
});

describe('SGLang bench_serving --output-details', () => {
  const { text, result } = fixture('sglang-bench-serving-details.synthetic.jsonl');
  const lines = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown[]>);
  const runs = runsOf(result);
  const samples = samplesOf(result);

  test('each line its run; latency estimated as TTFT + the sum of ITLs, and labelled so', () => {
    assert.deepEqual(result.diagnostics, []);
    assert.equal(runs.length, 2);
    for (const [k, run] of runs.entries()) {
      const line = lines[k]!;
      const ttfts = line.ttfts as number[];
      const itls = line.itls as number[][];
      const errors = line.errors as string[];
      for (let i = 0; i < ttfts.length; i++) {
        const v = requestValues(samples, run.id, i);
        if (errors[i]) {
          assert.deepEqual(v, { request_failed: 1 });
          continue;
        }
        const est = ttfts[i]! + itls[i]!.reduce((s, x) => s + x, 0);
        assert.ok(close(v.request_latency_s, est), `line ${k + 1} request ${i}`);
      }
    }
    const latency = samples.filter((s) => s.series === 'request_latency_s' || s.series === 'request_tpot_ms');
    assert.ok(latency.length > 0);
    for (const s of latency) assert.equal(s.labels.estimate, 'ttft + sum(itls)');
    for (const s of samples.filter((x) => x.series === 'request_ttft_ms')) assert.equal(s.labels.estimate, undefined);
    assert.equal(samples.filter((s) => s.series === 'request_failed').length, 1, 'the failed request of line 2');
  });

  test('golden', () => assertGolden('exports/sglang-bench-serving-details.synthetic.jsonl.json', goldenForm(result)));
});

describe("genai-perf's profile_export.json", () => {
  const { text, result } = fixture('genai-perf-profile-export-requests.synthetic.json');
  const json = JSON.parse(text) as { experiments: Array<{ requests: Array<Record<string, unknown>> }> };
  const reqs = json.experiments[0]!.requests;
  const [run] = runsOf(result);
  const samples = samplesOf(result);

  test('a run per experiment: load level, model, metrics from the timestamps with provenance', () => {
    assert.deepEqual(result.diagnostics, []);
    assert.ok(run);
    assert.equal(run.source.format, 'genai-perf-json');
    assert.deepEqual(run.client, { concurrency: 4, model_path: 'Qwen/Qwen2.5-7B-Instruct' });
    assert.equal(run.model, 'Qwen2.5-7B-Instruct');
    assert.equal(run.metrics.requests_ok_count, 20);
    assert.equal(run.metrics.requests_failed_count, 0);
    assert.match(run.provenance.metrics ?? '', /computed from the per-request timestamps/);
    // genai-perf: throughput = requests / (last response with output − first request).
    const lastOut = (r: Record<string, unknown>) => {
      const t = r.response_timestamps as number[];
      return t[t.length - 3]!; // the finish chunk and [DONE] carry no output
    };
    const start = Math.min(...reqs.map((r) => r.timestamp as number));
    const end = Math.max(...reqs.map(lastOut));
    assert.ok(close(run.metrics.throughput_rps, 20 / ((end - start) / 1e9), 1e-5));
  });

  test('TTFT to the first response with output (not the role chunk), latency to the last one', () => {
    for (const [i, r] of reqs.entries()) {
      const t = r.response_timestamps as number[];
      const ts = r.timestamp as number;
      const v = requestValues(samples, run!.id, i);
      // Doubles hold epoch nanoseconds to ±128 ns; the reader rounds to the microsecond.
      assert.ok(Math.abs(v.request_ttft_ms! - (t[1]! - ts) / 1e6) < 0.002, `ttft ${i}`);
      assert.ok(Math.abs(v.request_latency_s! - (t[t.length - 3]! - ts) / 1e9) < 2e-6, `latency ${i}`);
      assert.ok(Math.abs(v.request_itl_ms! - (t[t.length - 3]! - t[1]!) / (t.length - 4) / 1e6) < 0.002, `itl ${i}`);
      assert.equal(v.request_tpot_ms, undefined, 'no token counts without a tokenizer: no TPOT');
    }
    const ttfts = samples.filter((s) => s.series === 'request_ttft_ms').map((s) => s.value);
    assert.equal(ttfts.length, 20);
    assert.ok(close(run!.metrics.ttft_mean_ms, mean(ttfts), 1e-9));
    assert.equal(run!.metrics.ttft_max_ms, Math.max(...ttfts));
  });

  test('a request with no response carrying output counts as failed', () => {
    const copy = JSON.parse(text) as typeof json;
    const r = copy.experiments[0]!.requests[2]!;
    r.response_timestamps = [(r.timestamp as number) + 5_000_000];
    r.response_outputs = [{ response: 'data: [DONE]\n\n' }];
    const res = parseJsonExport(JSON.stringify(copy), { file: 'p.json' });
    const [run2] = runsOf(res);
    assert.equal(run2?.metrics.requests_failed_count, 1);
    assert.ok(run2?.flags.includes('failed-requests'));
    assert.deepEqual(requestValues(samplesOf(res), run2!.id, 2), { request_failed: 1 });
  });

  test('several experiments: one run each, told apart in the id', () => {
    const copy = JSON.parse(text) as { experiments: Array<Record<string, unknown>> };
    copy.experiments.push({ ...copy.experiments[0], experiment: { mode: 'request_rate', value: 2.5 } });
    const res = parseJsonExport(JSON.stringify(copy), { file: 'p.json' });
    const runs = runsOf(res);
    assert.deepEqual(
      runs.map((r) => r.id),
      ['p.json:1:experiment1', 'p.json:1:experiment2'],
    );
    assert.equal(runs[1]?.client?.request_rate, 2.5);
    assert.equal(samplesOf(res).filter((s) => s.labels.run === 'p.json:1:experiment2').length, 60);
  });

  test('golden', () => assertGolden('exports/genai-perf-profile-export-requests.synthetic.json', goldenForm(result)));
});

describe('lists that cannot be read say so', () => {
  const base = { request_throughput: 2, completed: 3, failed: 0, mean_ttft_ms: 100 };

  test('lists of different lengths: a warning at the object, the run still read, no samples', () => {
    const res = parseJsonExport(JSON.stringify({ ...base, ttfts: [0.1, 0.2, 0.3], errors: ['', ''] }), { file: 'x.json' });
    assert.equal(runsOf(res).length, 1);
    assert.equal(samplesOf(res).length, 0);
    assert.equal(res.diagnostics.length, 1);
    assert.equal(res.diagnostics[0]?.severity, 'warning');
    assert.equal(res.diagnostics[0]?.line, 1);
    assert.match(res.diagnostics[0]?.message ?? '', /ttfts 3, errors 2/);
  });

  test('no errors list: failed requests are the unmeasured ones only when there are exactly `failed` of them', () => {
    const ok = parseJsonExport(JSON.stringify({ ...base, completed: 2, failed: 1, latencies: [1.2, 0, 1.4] }), { file: 'y.json' });
    assert.deepEqual(ok.diagnostics, []);
    const s = samplesOf(ok);
    assert.deepEqual(requestValues(s, 'y.json:1', 1), { request_failed: 1 });
    assert.deepEqual(requestValues(s, 'y.json:1', 2), { request_latency_s: 1.4 });
    const unsure = parseJsonExport(JSON.stringify({ ...base, completed: 1, failed: 2, latencies: [1.2, 0, 1.4] }), { file: 'z.json' });
    assert.equal(samplesOf(unsure).length, 0);
    assert.match(unsure.diagnostics[0]?.message ?? '', /no errors list to say which/);
  });

  test('property: any equal-length lists parse without throwing; samples stay within the requests', () => {
    const entry = fc.oneof(fc.double({ noNaN: true, min: -5, max: 50 }), fc.constant(0), fc.constant(null), fc.string({ maxLength: 3 }));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }).chain((n) =>
          fc.record({
            n: fc.constant(n),
            ttfts: fc.array(entry, { minLength: n, maxLength: n }),
            latencies: fc.array(entry, { minLength: n, maxLength: n }),
            output_lens: fc.array(fc.oneof(fc.integer({ min: -1, max: 50 }), fc.constant(null)), { minLength: n, maxLength: n }),
            itls: fc.array(fc.oneof(fc.array(entry, { maxLength: 4 }), fc.constant(null)), { minLength: n, maxLength: n }),
            errors: fc.array(fc.oneof(fc.constant(''), fc.string({ minLength: 1, maxLength: 5 }), fc.constant(null)), {
              minLength: n,
              maxLength: n,
            }),
          }),
        ),
        (o) => {
          const { n, ...lists } = o;
          const res = parseJsonExport(JSON.stringify({ ...base, ...lists }), { file: 'p.json' });
          assert.equal(runsOf(res).length, 1);
          for (const s of samplesOf(res)) {
            const i = Number(s.labels.request);
            assert.ok(Number.isInteger(i) && i >= 0 && i < n);
            assert.ok(Number.isFinite(s.value));
            const err = lists.errors[i];
            if (typeof err === 'string' && err !== '') assert.equal(s.series, 'request_failed');
            if (s.series === 'request_ttft_ms')
              assert.ok(close(s.value, (lists.ttfts[i] as number) * 1000) && (lists.ttfts[i] as number) > 0);
            if (s.series === 'request_latency_s') assert.equal(s.value, lists.latencies[i]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
