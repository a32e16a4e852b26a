/**
 * Metric direction has one definition (model/metric-names): every metric key the vocabulary
 * can produce, from known spellings and from labels built of meaning words, has a direction,
 * and the failures, durations and timed keys are the lower-is-better ones.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { lowerIsBetter, metricDirection } from '../../src/model/metric-names';
import { lookupLabel } from '../../src/model/metric-vocabulary';

/** Labels as the serving tools print them, one or more per whole-run family of the vocabulary. */
const KNOWN_LABELS = [
  'Theoretical max throughput',
  'Request goodput (req/s)',
  'Output token throughput per user',
  'Request prompt level tps',
  'Request throughput (req/s)',
  'Total token throughput (tok/s)',
  'Input token throughput (tok/s)',
  'Output token throughput (tok/s)',
  'Avg output tokens',
  'Avg input tokens',
  'Peak output token throughput',
  'Total generated tokens',
  'Total input tokens',
  'Successful requests',
  'Failed requests',
  'Peak concurrent requests',
  'Benchmark duration (s)',
  'Concurrency',
  'Mean TTFT (ms)',
  'P99 E2EL (ms)',
  'Median ITL (ms)',
  'Std TPOT (ms)',
  'duration_seconds',
  'results_number_output_tokens_p50',
  'p99 requests per second',
];

const WORDS = [
  ...['request', 'requests', 'output', 'input', 'prompt', 'total', 'token', 'tokens', 'throughput', 'goodput', 'per', 'user'],
  ...['second', 'latency', 'ttft', 'tpot', 'itl', 'e2el', 'failed', 'successful', 'duration', 'concurrency', 'peak', 'in', 'flight'],
  ...['mean', 'median', 'p50', 'p90', 'p99', 'max', 'min', 'std', 'avg', 'count', 'number', 'of', 'generated'],
];
const UNITS = [undefined, 's', 'ms', 'us', 'req/s', 'tok/s', 'tokens', '%'];

function keyOf(label: string, unit?: string): string | undefined {
  const m = lookupLabel(label, unit === undefined ? {} : { unit });
  return m?.kind === 'metric' ? m.key : undefined;
}

test('every known spelling lands on a metric with a direction', () => {
  for (const label of KNOWN_LABELS) {
    const key = keyOf(label);
    assert.ok(key !== undefined, `${label}: not a metric`);
    assert.ok(metricDirection(key) !== undefined, `${label} → ${key}: no direction`);
  }
});

test('every metric a label of meaning words maps to has exactly one direction', () => {
  const label = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
  fc.assert(
    fc.property(label, fc.constantFrom(...UNITS), (text, unit) => {
      const key = keyOf(text, unit);
      if (key === undefined) return;
      const direction = metricDirection(key);
      assert.ok(direction === 'lower-is-better' || direction === 'higher-is-better', `${text} (${unit}) → ${key}: no direction`);
      assert.equal(lowerIsBetter(key), direction === 'lower-is-better');
    }),
    { numRuns: 2000 },
  );
});

test('failures, durations and timed keys are lower-is-better; rates higher; unknown keys have none', () => {
  for (const key of ['requests_failed_count', 'duration_s', 'latency_p99_s', 'ttft_mean_ms', 'itl_p99_9_ms', 'tpot_std_ms']) {
    assert.equal(metricDirection(key), 'lower-is-better', key);
  }
  for (const key of ['throughput_rps', 'output_tps', 'goodput_rps', 'requests_ok_count', 'throughput_rps_p99']) {
    assert.equal(metricDirection(key), 'higher-is-better', key);
  }
  for (const key of ['kv_cache_usage_pct', 'latency_p99_h', 'constructor', 'toString']) {
    assert.equal(metricDirection(key), undefined, key);
    assert.equal(lowerIsBetter(key), false, key);
  }
});
