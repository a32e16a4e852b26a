import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  applyFactor,
  isCountMetric,
  lookupLabel,
  normaliseStat,
  parseNumber,
  secondsPerUnit,
  unitInLabel,
  unknownMetricKey,
} from '../../src/model/metric-vocabulary';

/** label (with optional column stat / unit) → [key, factor] or a client key. */
const METRICS: Array<[string, { unit?: string; stat?: string }, string, number]> = [
  // vLLM benchmark_serving / vllm bench serve
  ['Mean TTFT (ms)', {}, 'ttft_mean_ms', 1],
  ['Median TTFT (ms)', {}, 'ttft_p50_ms', 1],
  ['P50 TTFT (ms)', {}, 'ttft_p50_ms', 1],
  ['P99 TTFT (ms)', {}, 'ttft_p99_ms', 1],
  ['Median ITL (ms)', {}, 'itl_p50_ms', 1],
  ['Mean TPOT (ms)', {}, 'tpot_mean_ms', 1],
  ['P95 TPOT (ms)', {}, 'tpot_p95_ms', 1],
  ['P99 E2EL (ms)', {}, 'latency_p99_s', 0.001],
  ['Mean E2EL (ms)', {}, 'latency_mean_s', 0.001],
  ['Request throughput (req/s)', {}, 'throughput_rps', 1],
  ['Request goodput (req/s)', {}, 'goodput_rps', 1],
  ['Output token throughput (tok/s)', {}, 'output_tps', 1],
  ['Input token throughput (tok/s)', {}, 'input_tps', 1],
  ['Total Token throughput (tok/s)', {}, 'total_tps', 1],
  ['Total token throughput (tok/s)', {}, 'total_tps', 1],
  ['Peak output token throughput (tok/s)', {}, 'peak_output_tps', 1],
  ['Peak concurrent requests', {}, 'peak_in_flight_count', 1],
  ['Total generated tokens', {}, 'output_tokens', 1],
  ['Total input tokens', {}, 'input_tokens', 1],
  ['Benchmark duration (s)', {}, 'duration_s', 1],
  ['Successful requests', {}, 'requests_ok_count', 1],
  ['Failed requests', {}, 'requests_failed_count', 1],
  // SGLang bench_serving
  ['Mean E2E Latency (ms)', {}, 'latency_mean_s', 0.001],
  ['P90 E2E Latency (ms)', {}, 'latency_p90_s', 0.001],
  ['Max ITL (ms)', {}, 'itl_max_ms', 1],
  ['Concurrency', {}, 'measured_concurrency', 1],
  // genai-perf / AIPerf (stat from a column)
  ['Time to First Token (ms)', { stat: 'avg' }, 'ttft_mean_ms', 1],
  ['Request Latency (ms)', { stat: 'p99' }, 'latency_p99_s', 0.001],
  ['Request Latency (ns)', { stat: 'avg' }, 'latency_mean_s', 1e-9],
  ['Inter Token Latency (ms)', { stat: 'std' }, 'itl_std_ms', 1],
  ['Output Token Throughput Per User (tokens/sec/user)', { stat: 'avg' }, 'output_tps_per_user', 1],
  ['Output Token Throughput Per Request (tokens/sec)', { stat: 'avg' }, 'output_tps_per_user', 1],
  ['Output Sequence Length (tokens)', { stat: 'p99' }, 'output_tokens_p99', 1],
  ['Input Sequence Length (tokens)', { stat: 'avg' }, 'input_tokens_mean', 1],
  ['Request Throughput (per sec)', { stat: 'avg' }, 'throughput_rps', 1],
  ['Request Count (count)', { stat: 'avg' }, 'requests_ok_count', 1],
  ['Goodput (requests/sec)', {}, 'goodput_rps', 1],
  // evalscope
  ['Average latency (s)', {}, 'latency_mean_s', 1],
  ['Average time to first token (s)', {}, 'ttft_mean_ms', 1000],
  ['Average inter-token latency (s)', {}, 'itl_mean_ms', 1000],
  ['Time taken for tests (s)', {}, 'duration_s', 1],
  ['Average output tokens per request', {}, 'output_tokens_mean', 1],
  ['Average input tokens per request', {}, 'input_tokens_mean', 1],
  ['Succeed requests', {}, 'requests_ok_count', 1],
  ['RPS (req/s)', {}, 'throughput_rps', 1],
  ['Gen. throughput (tok/s)', {}, 'output_tps', 1],
  ['Avg Lat.(s)', {}, 'latency_mean_s', 1],
  ['P99 Lat.(s)', {}, 'latency_p99_s', 1],
  ['P99 TTFT(s)', {}, 'ttft_p99_ms', 1000],
  // guidellm (stat from a column, unit from a header)
  ['Request Latency', { stat: 'mdn', unit: 's' }, 'latency_p50_s', 1],
  ['TTFT', { stat: 'p95', unit: 'ms' }, 'ttft_p95_ms', 1],
  ['Output Tok/s', { stat: 'mean' }, 'output_tps', 1],
  ['Total Tok/s', { stat: 'mean' }, 'total_tps', 1],
  // k6
  ['http_req_duration', { stat: 'p(95)', unit: 'ms' }, 'latency_p95_s', 0.001],
  ['http_req_duration', { stat: 'med', unit: 'µs' }, 'latency_p50_s', 1e-6],
  // the stress-test tables in data/
  ['Actual Throughput', {}, 'throughput_rps', 1],
  ['Theoretical Max Throughput', {}, 'theoretical_max_rps', 1],
  ['Average Response Time', {}, 'latency_mean_s', 1],
  ['P99 Response Time', {}, 'latency_p99_s', 1],
  ['Std Dev Response Time', {}, 'latency_std_s', 1],
  ['Total Test Duration', {}, 'duration_s', 1],
  ['Tokens Per Second', {}, 'output_tps', 1],
  ['Avg Tokens Per Request', {}, 'output_tokens_mean', 1],
  ['Peak Requests In Flight', {}, 'peak_in_flight_count', 1],
  ['Total Generated Tokens', {}, 'output_tokens', 1],
  ['Prompt TPS', {}, 'input_tps', 1],
  ['Gen TPS', {}, 'output_tps', 1],
  ['Request Prompt Level TPS', {}, 'input_tps_per_user', 1],
  ['Request Generation Level TPS', {}, 'output_tps_per_user', 1],
  ['Avg Latency (s)', {}, 'latency_mean_s', 1],
];

for (const [label, opts, key, factor] of METRICS) {
  test(`lookupLabel("${label}"${opts.stat ? `, stat ${opts.stat}` : ''}${opts.unit ? `, unit ${opts.unit}` : ''}) → ${key}`, () => {
    const m = lookupLabel(label, opts);
    assert.deepEqual(m, { kind: 'metric', key, factor });
  });
}

const CLIENT: Array<[string, string]> = [
  ['Request concurrency', 'concurrency'],
  ['Maximum request concurrency', 'concurrency'],
  ['Max request concurrency', 'concurrency'],
  ['Max reqeuest concurrency', 'concurrency'],
  ['Concurrent Requests', 'concurrency'],
  ['Number of concurrency', 'concurrency'],
  ['Traffic request rate', 'request_rate'],
  ['Request rate configured (RPS)', 'request_rate'],
  ['Total Requests', 'total_requests'],
  ['Max Tokens', 'max_tokens'],
  ['Temperature', 'temperature'],
  ['URL', 'url'],
  ['API Base', 'url'],
  ['Model', 'model_path'],
];
for (const [label, key] of CLIENT) {
  test(`lookupLabel("${label}") is the client setting ${key}`, () => {
    assert.deepEqual(lookupLabel(label), { kind: 'client', key });
  });
}

test('labels that are not in the vocabulary stay unknown (and become slugs)', () => {
  for (const label of [
    'Total generated tokens (retokenized)',
    'Accept length',
    'Accuracy Rate (%)',
    'Burstiness factor',
    'Total input text tokens',
  ]) {
    assert.equal(lookupLabel(label), undefined, label);
  }
  assert.equal(unknownMetricKey('Total generated tokens (retokenized)'), 'total_generated_tokens_retokenized');
  assert.equal(unknownMetricKey('Accept length'), 'accept_length');
  assert.equal(unknownMetricKey('Accuracy Rate (%)'), 'accuracy_rate_pct');
  assert.equal(unknownMetricKey('Peak output token throughput (tok/s)'), 'peak_output_token_throughput_tok_s');
  assert.equal(unknownMetricKey('__proto__'), 'proto');
});

test('a latency label without a stat, or with a unit that is not time, has no key', () => {
  assert.equal(lookupLabel('TTFT'), undefined);
  assert.equal(lookupLabel('Mean TTFT (tokens)'), undefined);
  assert.equal(lookupLabel('Output Token Throughput Per User', { stat: 'avg' })?.kind, 'metric');
});

test('normaliseStat', () => {
  const cases: Array<[string, string | undefined]> = [
    ['avg', 'mean'],
    ['Average', 'mean'],
    ['Median', 'p50'],
    ['mdn', 'p50'],
    ['med', 'p50'],
    ['P50', 'p50'],
    ['p(90)', 'p90'],
    ['P99', 'p99'],
    ['p99.9', 'p99_9'],
    ['std', 'std'],
    ['Std Dev', 'std'],
    ['min', 'min'],
    ['Maximum', 'max'],
    ['p25', undefined],
    ['foo', undefined],
  ];
  for (const [w, s] of cases) assert.equal(normaliseStat(w), s, w);
});

test('secondsPerUnit and unitInLabel', () => {
  assert.equal(secondsPerUnit('ms'), 1e-3);
  assert.equal(secondsPerUnit('µs'), 1e-6);
  assert.equal(secondsPerUnit('ns'), 1e-9);
  assert.equal(secondsPerUnit('seconds'), 1);
  assert.equal(secondsPerUnit('tok/s'), undefined);
  assert.equal(unitInLabel('Mean E2EL (ms)'), 'ms');
  assert.equal(unitInLabel('Successful requests'), undefined);
});

test('parseNumber', () => {
  assert.deepEqual(parseNumber('2,940.39'), { value: 2940.39 });
  assert.deepEqual(parseNumber('300 (100.0%)'), { value: 300 });
  assert.deepEqual(parseNumber('14.99 seconds'), { value: 14.99, unit: 'seconds' });
  assert.deepEqual(parseNumber('1,081…'), { lossy: true });
  assert.deepEqual(parseNumber('inf'), { missing: true, notFinite: true });
  assert.deepEqual(parseNumber('None'), { missing: true });
  assert.deepEqual(parseNumber('not set'), { missing: true });
  assert.deepEqual(parseNumber('N/A'), { missing: true });
  assert.deepEqual(parseNumber('sglang'), {});
});

test('parseNumber: a count with a parenthesised note (the fast path) reads as the general path does', () => {
  assert.deepEqual(parseNumber('0 (0.0%)'), { value: 0 });
  assert.deepEqual(parseNumber('12.5  (a) b (c)'), { value: 12.5 });
  assert.deepEqual(parseNumber('7 ()'), { value: 7 });
  // Only a note that ends the text is dropped.
  assert.deepEqual(parseNumber('300 (100.0%) of them'), { value: 300, unit: '(100.0%) of them' });
  assert.deepEqual(parseNumber('300 (1…)'), { lossy: true });
  assert.deepEqual(parseNumber('312.4 ( ± 3.1)'), { value: 312.4, spread: 3.1 });
  assert.deepEqual(parseNumber('312.4 (+-3.1) ms'), { value: 312.4, unit: 'ms', spread: 3.1 });
  assert.deepEqual(parseNumber('5 (a\nb)'), {});
});

test('applyFactor keeps conversions free of binary noise', () => {
  assert.equal(33275.16 * 0.001 === 33.27516, false, 'the plain product is noisy');
  assert.equal(applyFactor(33275.16, 0.001), 33.27516);
  assert.equal(applyFactor(591.13, 1e-6), 0.00059113);
  assert.equal(applyFactor(7, 1), 7);
});

test('parseNumber: a date, a time, a range or an address is not a number with a unit', () => {
  for (const text of ['2026-07-29T17:26:30+01:00', '2025-03-14', '12:30:01', '10.0.0.1', '10-20', '1,5,7'])
    assert.deepEqual(parseNumber(text), {}, text);
  // A count out of a total keeps its first figure (count readers rely on it), a unit stays a unit.
  assert.deepEqual(parseNumber('26/26'), { value: 26, unit: '/26' });
  assert.deepEqual(parseNumber('-3.5 ms'), { value: -3.5, unit: 'ms' });
  assert.deepEqual(parseNumber('1,234.5 tok/s'), { value: 1234.5, unit: 'tok/s' });
});

test('parseNumber (issue 27, 32): spreads, magnitudes, non-decimal forms, NaN and infinities', () => {
  assert.deepEqual(parseNumber('312.4 ± 3.1'), { value: 312.4, spread: 3.1 });
  assert.deepEqual(parseNumber('312.4 ± 3.1 ms'), { value: 312.4, unit: 'ms', spread: 3.1 });
  assert.deepEqual(parseNumber('312.4 +/- 3.1 ms'), { value: 312.4, unit: 'ms', spread: 3.1 });
  assert.deepEqual(parseNumber('312.4 (±3.1)'), { value: 312.4, spread: 3.1 });
  assert.deepEqual(parseNumber('1.2k'), { value: 1200 });
  assert.deepEqual(parseNumber('1.1k'), { value: 1100 });
  assert.deepEqual(parseNumber('3M'), { value: 3_000_000 });
  assert.deepEqual(parseNumber('187.250s'), { value: 187.25, unit: 's' });
  for (const t of ['0x10', '0X1F', '0b101', '0o17', '-0x10']) assert.deepEqual(parseNumber(t), {}, t);
  for (const t of ['NaN', 'nan', 'Infinity', '-Infinity', '+inf', '∞'])
    assert.deepEqual(parseNumber(t), { missing: true, notFinite: true }, t);
  assert.deepEqual(parseNumber('/'), { missing: true });
  assert.equal(isCountMetric('requests_ok_count'), true);
  assert.equal(isCountMetric('output_tokens'), true);
  assert.equal(isCountMetric('output_tokens_mean'), false);
});
