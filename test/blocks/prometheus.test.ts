import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLabels, prometheusReader, samplesFromScrapes } from '../../src/ingest/formats/prometheus/prometheus';
import type { SampleRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';
import { fixtureLines, otherToolLines, SKIP_MESSAGE, scanFile } from './helpers';

function find(
  samples: readonly SampleRecord[],
  series: string,
  labels: Record<string, string> = {},
  t?: string | number,
): SampleRecord | undefined {
  return samples.find(
    (s) => s.series === series && (t === undefined || s.t === t) && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
}

test('prom_2: gauges, labelled counters and TTFT buckets; "..." lines skipped', (t) => {
  const lines = otherToolLines('prom_2.txt');
  if (!lines) return t.skip(SKIP_MESSAGE);
  const scans = scanFile('prom_2.txt', lines);
  assert.equal(scans.length, 1);
  const { samples, diagnostics } = scans[0]!.result;
  const model = 'meta-llama/Llama-3.1-8B-Instruct';
  assert.equal(find(samples, 'num_requests_running')?.value, 8);
  assert.equal(find(samples, 'num_requests_running')?.labels.model_name, model);
  assert.equal(find(samples, 'vllm:generation_tokens_total')?.value, 27453);
  assert.equal(find(samples, 'vllm:request_success_total', { finished_reason: 'stop' })?.value, 1);
  assert.equal(find(samples, 'vllm:request_success_total', { finished_reason: 'length' })?.value, 131);
  assert.equal(find(samples, 'vllm:request_success_total', { finished_reason: 'abort' })?.value, 0);
  assert.equal(find(samples, 'vllm:time_to_first_token_seconds_count')?.value, 140);
  assert.equal(find(samples, 'vllm:time_to_first_token_seconds_bucket', { le: '0.02' })?.value, 13);
  assert.equal(find(samples, 'vllm:time_to_first_token_seconds_bucket', { le: '0.04' })?.value, 97);
  assert.equal(find(samples, 'vllm:time_to_first_token_seconds_bucket', { le: '0.1' })?.value, 140);
  assert.ok(samples.every((s) => s.labels.model_name === model));
  assert.equal(diagnostics.filter((d) => d.code === 'prose-skipped' && d.severity === 'info').length, 3);
  // The closing fence is left to the document scanner.
  assert.equal(lines[scans[0]!.result.next]?.trim(), '```');
  assertGolden('blocks/prom_2.txt.json', scans);
});

test('multi-scrape fixture: counters become rates, histograms interval stats', () => {
  const lines = fixtureLines('prometheus-multi-scrape.synthetic.txt');
  const scans = scanFile('prometheus-multi-scrape.synthetic.txt', lines);
  assert.equal(scans.length, 1);
  const { samples } = scans[0]!.result;
  const t1 = '2025-05-12T10:00:10Z';
  const t2 = '2025-05-12T10:00:20Z';
  assert.equal(find(samples, 'gpu_kv_cache_usage_pct', {}, '2025-05-12T10:00:00Z')?.value, 25, 'fractions scaled to percent');
  assert.equal(find(samples, 'num_requests_running', {}, t1)?.value, 8);
  // (3000 − 1000) tokens / 10 s, (9000 − 5000) / 10 s
  assert.equal(find(samples, 'output_tps', {}, t1)?.value, 200);
  assert.equal(find(samples, 'input_tps', {}, t1)?.value, 400);
  assert.equal(find(samples, 'output_tps', {}, t2)?.value, 50);
  assert.equal(find(samples, 'input_tps', {}, t2)?.value, 0);
  assert.equal(find(samples, 'throughput_rps', { finished_reason: 'stop' }, t2)?.value, 0.5);
  assert.equal(find(samples, 'throughput_rps', {}, t1), undefined, 'a counter first seen in scrape 2 has no rate yet');
  // Interval histogram: Δcount 20, Δsum 30 → mean 1.5 s; Δbuckets 0/10/20/20 → p50 1.0, p95 2.35, p99 2.47
  assert.equal(find(samples, 'latency_mean_s', {}, t1)?.value, 1.5);
  assert.equal(find(samples, 'latency_p50_s', {}, t1)?.value, 1);
  assert.equal(find(samples, 'latency_p95_s', {}, t1)?.value, 2.35);
  assert.equal(find(samples, 'latency_p99_s', {}, t1)?.value, 2.47);
  assert.equal(find(samples, 'latency_mean_s', {}, t2), undefined, 'no requests finished in the last interval');
  assert.equal(find(samples, 'latency_mean_s', {})?.labels.le, undefined);
  assertGolden('blocks/prometheus-multi-scrape.synthetic.txt.json', scans);
});

test('scrapes pasted without separators are split where a series repeats; no times, no rates', () => {
  const text = [
    '# TYPE vllm:generation_tokens_total counter',
    'vllm:generation_tokens_total{model_name="m"} 10',
    '',
    '# TYPE vllm:generation_tokens_total counter',
    'vllm:generation_tokens_total{model_name="m"} 30',
  ];
  const r = prometheusReader.read(text, 0, 'x');
  assert.deepEqual(
    r.samples.map((s) => [Object.hasOwn(s, 't'), s.value]),
    [
      [false, 10],
      [false, 30],
    ],
    'no time printed, no interval known: no t (not an ordinal, not 0)',
  );
  assert.equal(r.diagnostics[0]?.code, 'context-missing');
});

test('samplesFromScrapes: scrape log with times in seconds', () => {
  const { samples } = samplesFromScrapes(
    [
      { t: 100, text: 'vllm:prompt_tokens_total{model_name="m"} 100' },
      { t: 104, text: 'vllm:prompt_tokens_total{model_name="m"} 300' },
    ],
    'scrapes.jsonl',
  );
  assert.deepEqual(find(samples, 'input_tps')?.value, 50);
  assert.equal(find(samples, 'input_tps')?.t, 104);
});

test('parseLabels: escapes, __proto__, malformed', () => {
  assert.deepEqual(parseLabels('{a="x",b="q\\"uote"}'), { a: 'x', b: 'q"uote' });
  const p = parseLabels('{__proto__="evil"}');
  assert.equal(Object.getPrototypeOf(p), Object.prototype);
  // biome-ignore lint/suspicious/noProto: the test is that a label named __proto__ is an own, plain key
  assert.equal(p?.__proto__, 'evil');
  assert.equal(parseLabels('{a=x}'), undefined);
});

test('startsAt: HELP/TYPE or a labelled series; not a bare "name value" line of prose', () => {
  assert.equal(prometheusReader.startsAt(['# HELP vllm:x help'], 0), true);
  assert.equal(prometheusReader.startsAt(['foo{a="b"} 1'], 0), true);
  assert.equal(prometheusReader.startsAt(['total 3'], 0), false);
  assert.equal(prometheusReader.startsAt(['# A heading'], 0), false);
});

test('vLLM V1 /metrics under watch: *_created dropped, times from the watch header, V1 counters and prefix hit rate', () => {
  const lines = fixtureLines('prometheus-vllm-v1-watch.txt');
  const scans = scanFile('prometheus-vllm-v1-watch.txt', lines);
  assertGolden('blocks/prometheus-vllm-v1-watch.txt.json', scans);
  assert.equal(scans.length, 1);
  const r = scans[0]!.result;
  assert.equal(
    r.samples.some((s) => s.series.endsWith('_created')),
    false,
    'creation timestamps are not samples',
  );
  const created = r.diagnostics.find((d) => /_created/.test(d.message));
  assert.match(created?.message ?? '', /^12 \*_created series skipped/);
  const t0 = '2025-03-12T09:15:00';
  const t1 = '2025-03-12T09:15:10';
  assert.equal(find(r.samples, 'num_requests_running', {}, t0)?.value, 12);
  assert.equal(find(r.samples, 'gpu_kv_cache_usage_pct', {}, t1)?.value, 50, 'vllm:kv_cache_usage_perc × 100');
  assert.equal(find(r.samples, 'output_tps', {}, t1)?.value, 550, '5500 tokens in 10 s');
  assert.equal(find(r.samples, 'input_tps', {}, t1)?.value, 1600);
  assert.equal(find(r.samples, 'throughput_rps', { finished_reason: 'stop' }, t1)?.value, 1.2);
  assert.equal(find(r.samples, 'prefix_cache_hit_rate_pct', {}, t1)?.value, 37.5, '6000 hits of 16000 queried tokens');
  assert.equal(find(r.samples, 'ttft_mean_ms', {}, t1)?.value, 400, '6 s over 15 requests');
  assert.ok(r.samples.every((s) => s.t === t0 || s.t === t1));
});

test('SGLang /metrics pasted twice with a scrape interval: relative seconds by order, rates between them', () => {
  const lines = fixtureLines('prometheus-sglang-interval.txt');
  const scans = scanFile('prometheus-sglang-interval.txt', lines);
  assertGolden('blocks/prometheus-sglang-interval.txt.json', scans);
  const r = scans[0]!.result;
  assert.deepEqual([...new Set(r.samples.map((s) => s.t))], [0, 5]);
  assert.equal(find(r.samples, 'num_requests_running', {}, 5)?.value, 30);
  assert.equal(find(r.samples, 'gpu_kv_cache_usage_pct', {}, 0)?.value, 31, 'sglang:token_usage × 100');
  assert.equal(find(r.samples, 'prefix_cache_hit_rate_pct', {}, 5)?.value, 14);
  assert.equal(find(r.samples, 'throughput_rps', {}, 5)?.value, 6, '30 requests in 5 s');
  const rates = r.samples.filter((s) => s.series === 'output_tps' && s.t === 5).map((s) => s.value);
  assert.deepEqual(rates.sort(), [1500, 1510], 'the gauge as printed and the counter rate');
});

test('one scrape with no time and no interval: no t on any sample, and a diagnostic says so', () => {
  const r = prometheusReader.read(['# TYPE vllm:num_requests_running gauge', 'vllm:num_requests_running{engine="0"} 4'], 0, 'x');
  assert.equal(r.samples.length, 1);
  assert.equal(Object.hasOwn(r.samples[0]!, 't'), false);
  assert.match(r.diagnostics.map((d) => d.message).join('\n'), /no scrape interval is known/);
});
