/**
 * The resolver on the kinds of wording the fourth round's tuning set (dev3) showed: units other
 * tools print (`usec`, `infer/sec`, `[#/sec]`, `T/s`, `tokens/req/s`, `ms/token`), CamelCase and
 * snake_case keys, ollama's `eval` words, a statistic before the quantity, and settings that
 * must never be read as metrics (concurrency, users, a target rate, a server's limits).
 * Labels and numbers are made up in the shape of those tools' output.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyUnit, meaningAsOutputRate } from '../../src/model/label-meaning';
import { applyFactor, lookupLabel, parseNumber, serverSettingOfLabel } from '../../src/model/metric-vocabulary';

type Case = [label: string, unit: string | undefined, want: string | { client: string } | undefined, factor?: number];

const CASES: Case[] = [
  // perf_analyzer-style `Key: value usec` / `infer/sec` lines
  ['Avg latency', 'usec', 'latency_mean_s', 1e-6],
  ['p50 latency', 'usec', 'latency_p50_s', 1e-6],
  ['p95 latency', 'µs', 'latency_p95_s', 1e-6],
  ['P99 Latency', 'nsec', 'latency_p99_s', 1e-9],
  ['Throughput', 'infer/sec', 'throughput_rps', 1],
  ['Inferences/Second', undefined, 'throughput_rps', 1],
  // ApacheBench-style bracketed units, `Complete requests`
  ['Requests per second', '[#/sec]', 'throughput_rps', 1],
  ['Complete requests', undefined, 'requests_ok_count', 1],
  // koboldcpp-style CamelCase keys with `T/s`
  ['ProcessingSpeed', 'T/s', 'input_tps', 1],
  ['GenerationSpeed', 't/s', 'output_tps', 1],
  ['TotalTime', 's', 'duration_s', 1],
  ['ProcessingTime', 's', undefined],
  // mlx-lm-style snake_case keys
  ['prompt_tps', undefined, 'input_tps', 1],
  ['generation_tps', undefined, 'output_tps', 1],
  // ollama --verbose words: `prompt eval` is the prompt, a bare `eval` the generated tokens
  ['prompt eval rate', 'tokens/s', 'input_tps', 1],
  ['eval rate', 'tokens/s', 'output_tps', 1],
  ['prompt eval count', 'token(s)', 'input_tokens', 1],
  ['eval count', 'tokens', 'output_tokens', 1],
  ['eval duration', 's', undefined],
  // rates with a per-request denominator, `speed`, `ingestion`
  ['Average generation throughput', 'tokens/req/s', 'output_tps_per_user', 1],
  ['Processing speed', 'reqs/s', 'throughput_rps', 1],
  ['ingestion', 'tok/s', 'input_tps', 1],
  ['generation speed', 'T/s', 'output_tps', 1],
  ['Throughput (t/s)', undefined, undefined], // no direction: the reader decides (meaningAsOutputRate)
  ['total_rps', undefined, 'throughput_rps', 1],
  // a time with no statistic is left to the reader (it asks for the mean and says so)
  ['First token cost', 's', undefined],
  ['TTFT (ms)', undefined, undefined],
  ['Time per request', 'ms', undefined],
  // a statistic alone names no quantity (optimum-benchmark's `mean | 9.8 | s` rows), nor does `Total`
  ['Average', 'ms', undefined],
  ['Slowest', 's', undefined],
  ['Total', 's', undefined],
  ['sec total', undefined, 'duration_s', 1], // the label's own unit: torchchat's `1.10 sec total`
  ['Total (ms)', undefined, 'duration_s', 1e-3],
  // h2load-style rows under min / max / mean / sd columns are asked with the column's statistic
  ['time for request', 'ms', undefined],
  ['Average', undefined, undefined],
  ['constructor', 'ms', undefined], // a name of Object.prototype is no word of the vocabulary
  ['toString', 's', undefined],
  // settings, never metrics
  ['Request concurrency', undefined, { client: 'concurrency' }],
  ['Concurrency', undefined, 'measured_concurrency', 1], // SGLang prints its measured mean so
  ['Users', undefined, { client: 'concurrency' }],
  ['user_count', undefined, { client: 'concurrency' }],
  ['vus', undefined, { client: 'concurrency' }],
  ['QPS target', undefined, { client: 'request_rate' }],
  ['Target QPS', undefined, { client: 'request_rate' }],
  ['Request rate', undefined, { client: 'request_rate' }],
  ['Input length', undefined, { client: 'input_len' }],
  ['max_num_seqs', undefined, undefined],
  ['max_concurrent_requests', undefined, undefined],
];

for (const [label, unit, want, factor] of CASES) {
  test(`resolves "${label}"${unit ? ` in ${unit}` : ''}`, () => {
    const got = lookupLabel(label, unit === undefined ? {} : { unit });
    if (want === undefined) assert.equal(got, undefined, JSON.stringify(got));
    else if (typeof want === 'string') {
      assert.equal(got?.kind === 'metric' ? got.key : JSON.stringify(got), want);
      if (got?.kind === 'metric') assert.ok(Math.abs(got.factor - (factor ?? 1)) <= 1e-15, `factor ${got.factor}`);
    } else assert.deepEqual(got, { kind: 'client', key: want.client });
  });
}

const AS_MEAN: Case[] = [
  ['First token cost', 's', 'ttft_mean_ms', 1000],
  ['Time to first token', 'ms', 'ttft_mean_ms', 1],
  ['TTFT (ms)', undefined, 'ttft_mean_ms', 1],
  ['ttft', 'ms', 'ttft_mean_ms', 1],
  ['Latency (ms)', undefined, 'latency_mean_s', 1e-3],
  ['Time per request', '[ms]', 'latency_mean_s', 1e-3],
  ['Decode latency', 'ms/token', 'tpot_mean_ms', 1],
  ['ms per token', undefined, 'tpot_mean_ms', 1],
  ['Prompt', 'ms/token', undefined], // a prompt token's time is not TPOT
  ['time for request', 'us', 'latency_mean_s', 1e-6],
  ['time to 1st byte', 'ms', 'ttft_mean_ms', 1],
];

for (const [label, unit, want, factor] of AS_MEAN) {
  test(`read as the mean when a reader asks: "${label}"${unit ? ` in ${unit}` : ''}`, () => {
    const got = lookupLabel(label, unit === undefined ? { stat: 'mean' } : { unit, stat: 'mean' });
    if (want === undefined) return assert.equal(got, undefined);
    assert.equal(got?.kind === 'metric' ? got.key : JSON.stringify(got), want);
    if (got?.kind === 'metric') assert.ok(Math.abs(got.factor - (factor ?? 1)) <= 1e-15, `factor ${got.factor}`);
  });
}

test("a filler section with the statistic given by the reader is the requests' time (ghz `Summary:`)", () => {
  assert.deepEqual(lookupLabel('Summary', { unit: 's', stat: 'Slowest' }), { kind: 'metric', key: 'latency_max_s', factor: 1 });
  assert.deepEqual(lookupLabel('Summary', { unit: 'ms', stat: 'Fastest' }), { kind: 'metric', key: 'latency_min_s', factor: 1e-3 });
  assert.deepEqual(lookupLabel('Summary', { unit: 'ms', stat: 'Average' }), { kind: 'metric', key: 'latency_mean_s', factor: 1e-3 });
  assert.equal(lookupLabel('Summary', { unit: 'tok/s', stat: 'Average' }), undefined);
});

test('a server limit is named as one, and is not the client concurrency', () => {
  assert.equal(serverSettingOfLabel('max_num_seqs'), 'max_num_seqs');
  assert.equal(serverSettingOfLabel('--max-concurrent-requests'), 'max_concurrent_requests');
  assert.equal(serverSettingOfLabel('Max request concurrency'), undefined);
  assert.deepEqual(lookupLabel('Maximum request concurrency'), { kind: 'client', key: 'concurrency' });
});

test('units: time, per-token time, rates of tokens and of requests', () => {
  assert.deepEqual(classifyUnit('usec'), { kind: 'time', seconds: 1e-6 });
  assert.deepEqual(classifyUnit('[ms]'), { kind: 'time', seconds: 1e-3 });
  assert.deepEqual(classifyUnit('T/s'), { kind: 'rate', of: 'tok', perSecond: 1, perUser: false });
  assert.deepEqual(classifyUnit('infer/sec'), { kind: 'rate', of: 'req', perSecond: 1, perUser: false });
  assert.deepEqual(classifyUnit('[#/sec]'), { kind: 'rate', of: 'any', perSecond: 1, perUser: false });
  assert.deepEqual(classifyUnit('tokens/req/s'), { kind: 'rate', of: 'tok', perSecond: 1, perUser: true });
  assert.deepEqual(classifyUnit('ms/token'), { kind: 'token-time', seconds: 1e-3 });
  assert.deepEqual(classifyUnit('ms per token'), { kind: 'token-time', seconds: 1e-3 });
  assert.deepEqual(classifyUnit('token(s)'), { kind: 'count', of: 'tok' });
  assert.equal(classifyUnit('KB/s').kind, 'other');
});

test('a keyless per-token time or token rate is read as the generated tokens only on request', () => {
  assert.deepEqual(meaningAsOutputRate('', { unit: 'ms/token' }), { kind: 'metric', key: 'tpot_mean_ms', factor: 1 });
  assert.deepEqual(meaningAsOutputRate('Throughput (t/s)'), { kind: 'metric', key: 'output_tps', factor: 1 });
  assert.equal(meaningAsOutputRate('Prompt', { unit: 'ms/token' }), undefined);
});

test('parseNumber: glued units, bracketed units, comments and a written-out spread', () => {
  assert.deepEqual(parseNumber('512.07T/s'), { value: 512.07, unit: 'T/s' });
  assert.deepEqual(parseNumber('7.315s'), { value: 7.315, unit: 's' });
  assert.deepEqual(parseNumber('6.1842ms'), { value: 6.1842, unit: 'ms' });
  assert.deepEqual(parseNumber('2.5k'), { value: 2500 });
  assert.deepEqual(parseNumber('41.07 [#/sec] (mean)'), { value: 41.07, unit: '#/sec' });
  assert.deepEqual(parseNumber('93.4 [ms] (mean) # my note'), { value: 93.4, unit: 'ms' });
  assert.deepEqual(parseNumber('12 # clients'), { value: 12 });
  assert.deepEqual(parseNumber('611 usec (standard deviation 88 usec)'), { value: 611, unit: 'usec', spread: 88 });
  assert.deepEqual(parseNumber('611 usec (std 88 usec)'), { value: 611, unit: 'usec', spread: 88 });
  // a spread in another unit is not taken as this value's
  assert.deepEqual(parseNumber('611 usec (standard deviation 88 ms)'), { value: 611, unit: 'usec' });
  const m = lookupLabel('Avg latency', { unit: 'usec' });
  assert.equal(m?.kind === 'metric' ? applyFactor(611, m.factor) : undefined, 0.000611);
});
