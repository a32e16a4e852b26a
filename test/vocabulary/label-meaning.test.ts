/**
 * Labels by meaning: spellings that no list of known labels holds, as other tools and home-made
 * scripts print them, map through their words and unit; a property builds labels from
 * (quantity word, statistic, unit, layout) and checks key and conversion.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { classifyUnit, meaningAsOutputRate, meaningFromWords, splitLabel, statOfWord } from '../../src/model/label-meaning';
import { applyFactor, lookupLabel, secondsPerUnit } from '../../src/model/metric-vocabulary';

type Opts = { unit?: string; stat?: string };
type Expect = [string, Opts, string, number] | [string, Opts, { client: string }];

/** Spellings seen in the wild (tool source and users' scripts), none of them in the known-spelling list. */
const SPELLINGS: Expect[] = [
  // LLMPerf (ray-project/llmperf) summary keys: unit in the middle, statistic at the end
  ['results_ttft_s_mean', {}, 'ttft_mean_ms', 1000],
  ['results_ttft_s_quantiles_p99', {}, 'ttft_p99_ms', 1000],
  ['results_inter_token_latency_s_p90', {}, 'itl_p90_ms', 1000],
  ['results_end_to_end_latency_s_mean', {}, 'latency_mean_s', 1],
  ['results_request_output_throughput_token_per_s_mean', {}, 'output_tps_per_user', 1],
  ['results_number_input_tokens_mean', {}, 'input_tokens_mean', 1],
  ['results_number_output_tokens_p50', {}, 'output_tokens_p50', 1],
  ['results_num_completed_requests_per_min', {}, 'throughput_rps', 1 / 60],
  ['results_mean_output_throughput_token_per_s', {}, 'output_tps', 1],
  // snake-case JSON-ish keys of home-made scripts
  ['mean_ttft_ms', {}, 'ttft_mean_ms', 1],
  ['ttft_p99_ms', {}, 'ttft_p99_ms', 1],
  ['p99.9_e2el_ms', {}, 'latency_p99_9_s', 0.001],
  ['latency_p99_9_ms', {}, 'latency_p99_9_s', 0.001],
  ['tpot_median_ms', {}, 'tpot_p50_ms', 1],
  ['itl_p95', {}, 'itl_p95_ms', 1],
  ['requests_per_second', {}, 'throughput_rps', 1],
  ['duration_seconds', {}, 'duration_s', 1],
  ['num_prompts', {}, { client: 'total_requests' }],
  // units in brackets, in the cell, or as words
  ['Avg. TTFT [s]', {}, 'ttft_mean_ms', 1000],
  ['TTFT [s]', { stat: 'p95' }, 'ttft_p95_ms', 1000],
  ['Average latency', { unit: 'ms' }, 'latency_mean_s', 0.001],
  ['Elapsed', { unit: 'ms' }, 'duration_s', 0.001],
  ['Output throughput', { unit: 'tok/s' }, 'output_tps', 1],
  ['Throughput', { unit: 'requests/s' }, 'throughput_rps', 1],
  ['Request latency', { stat: 'std', unit: 'ns' }, 'latency_std_s', 1e-9],
  // evalscope rich UI, genai-perf CSV, TGI, vLLM throughput scripts
  ['Gen. toks/s', {}, 'output_tps', 1],
  ['Avg TPOT(s)', {}, 'tpot_mean_ms', 1000],
  ['Output Token Throughput (per sec)', {}, 'output_tps', 1],
  ['Prefill throughput (tok/s)', {}, 'input_tps', 1],
  ['Decode tokens/s', {}, 'output_tps', 1],
  ['Generation throughput (tokens/s)', {}, 'output_tps', 1],
  ['Total throughput (tokens/sec)', {}, 'total_tps', 1],
  ['Total tokens/s', {}, 'total_tps', 1],
  ['Input tokens per second', {}, 'input_tps', 1],
  ['Output tokens/s/user', {}, 'output_tps_per_user', 1],
  ['Peak output throughput (tok/s)', {}, 'peak_output_tps', 1],
  ['Goodput (req/s)', {}, 'goodput_rps', 1],
  ['Requests/s', {}, 'throughput_rps', 1],
  ['QPS', {}, 'throughput_rps', 1],
  ['Throughput (req/s)', {}, 'throughput_rps', 1],
  ['Tokens/min output', {}, 'output_tps', 1 / 60],
  // latency words and statistics written out
  ['99th percentile latency (ms)', {}, 'latency_p99_s', 0.001],
  ['TTFT P90 (ms)', {}, 'ttft_p90_ms', 1],
  ['TTFT - p99 (ms)', {}, 'ttft_p99_ms', 1],
  ['First token latency P95 (ms)', {}, 'ttft_p95_ms', 1],
  ['Time to first token, mean (s)', {}, 'ttft_mean_ms', 1000],
  ['Inter-token latency p50 (ms)', {}, 'itl_p50_ms', 1],
  ['Time between tokens p99 (ms)', {}, 'itl_p99_ms', 1],
  ['TPOT mean (ms)', {}, 'tpot_mean_ms', 1],
  ['E2E latency p99 (s)', {}, 'latency_p99_s', 1],
  ['Mean E2E request latency (ms)', {}, 'latency_mean_s', 0.001],
  ['End-to-end latency (avg, ms)', {}, 'latency_mean_s', 0.001],
  ['Response Time P99', {}, 'latency_p99_s', 1],
  ['Latency StdDev (ms)', {}, 'latency_std_s', 0.001],
  ['Min latency (µs)', {}, 'latency_min_s', 1e-6],
  // counts, lengths, durations, concurrency
  ['Completed requests', {}, 'requests_ok_count', 1],
  ['Errored requests', {}, 'requests_failed_count', 1],
  ['Total time (s)', {}, 'duration_s', 1],
  ['Elapsed time', {}, 'duration_s', 1],
  ['Avg input tokens', {}, 'input_tokens_mean', 1],
  ['Mean output length', {}, 'output_tokens_mean', 1],
  ['Completion tokens (avg)', {}, 'output_tokens_mean', 1],
  ['Avg concurrency', {}, 'measured_concurrency', 1],
  ['Max concurrency', {}, { client: 'concurrency' }],
  ['Input length', {}, { client: 'input_len' }],
  ['Output len', {}, { client: 'output_len' }],
  ['Max new tokens', {}, { client: 'max_tokens' }],
  ['Number of prompts', {}, { client: 'total_requests' }],
  ['Request rate', {}, { client: 'request_rate' }],
];

for (const [label, opts, want, factor] of SPELLINGS) {
  test(`by meaning: "${label}"${opts.stat ? ` stat ${opts.stat}` : ''}${opts.unit ? ` unit ${opts.unit}` : ''}`, () => {
    const got = lookupLabel(label, opts);
    if (typeof want === 'string') {
      assert.equal(got?.kind, 'metric', `${label}: ${JSON.stringify(got)}`);
      if (got?.kind !== 'metric') return;
      assert.equal(got.key, want);
      assert.ok(Math.abs(got.factor - (factor ?? 1)) <= 1e-15, `factor ${got.factor}`);
    } else assert.deepEqual(got, { kind: 'client', key: want.client });
  });
}

test('labels whose words are not all understood stay unknown', () => {
  for (const label of [
    'Total input text tokens', // SGLang: text only, not all input tokens
    'Total input vision tokens',
    'Accept length',
    'Accuracy Rate (%)',
    'Success rate',
    'Per-position acceptance (%)',
    'Position 0',
    'Drafts',
    'Acceptance rate (%)',
    'Decode latency p50 (ms)', // TGI: one decode step, not a request
    'Throughput (tokens/s)', // no direction: input, output or total?
    'Latency', // no statistic
    'TTFT (tokens)', // a count unit on a time quantity
    'error_rate',
    '__proto__',
  ]) {
    assert.equal(lookupLabel(label), undefined, label);
  }
});

test('a column statistic that contradicts the label leaves it unknown', () => {
  assert.equal(meaningFromWords('P99 TTFT (ms)', { stat: 'mean' }), undefined);
  assert.equal(meaningFromWords('TTFT (ms)', { stat: 'p99' })?.kind, 'metric');
});

test('statOfWord, classifyUnit, splitLabel', () => {
  assert.equal(statOfWord('p99.9'), 'p99_9');
  assert.equal(statOfWord('P(95)'), 'p95');
  assert.equal(statOfWord('p10'), 'p10');
  assert.equal(statOfWord('Mdn'), 'p50');
  assert.equal(statOfWord('stddev'), 'std');
  assert.equal(statOfWord('latency'), undefined);
  assert.deepEqual(classifyUnit('tokens/sec/user'), { kind: 'rate', of: 'tok', perSecond: 1, perUser: true });
  assert.deepEqual(classifyUnit('req/min'), { kind: 'rate', of: 'req', perSecond: 1 / 60, perUser: false });
  assert.deepEqual(classifyUnit('µs'), { kind: 'time', seconds: 1e-6 });
  assert.equal(classifyUnit('%').kind, 'pct');
  assert.equal(classifyUnit('MiB').kind, 'other');
  assert.deepEqual(splitLabel('Avg. TTFT [s]'), { symbols: new Set(['TTFT']), stat: 'mean', unit: 's' });
  assert.equal(splitLabel('Total input text tokens'), undefined);
});

// ---- property: (quantity word, statistic, unit, layout) → key and converted value ----

const QUANTITIES: ReadonlyArray<{ key: string; own: 's' | 'ms'; words: string[] }> = [
  { key: 'ttft', own: 'ms', words: ['TTFT', 'ttft', 'Time to First Token', 'time to first token', 'First Token Latency'] },
  { key: 'tpot', own: 'ms', words: ['TPOT', 'Time per Output Token', 'time per output token'] },
  { key: 'itl', own: 'ms', words: ['ITL', 'Inter-token Latency', 'Inter Token Latency', 'inter token latency', 'TBT'] },
  { key: 'latency', own: 's', words: ['E2EL', 'E2E Latency', 'End-to-End Latency', 'Request Latency', 'Latency', 'Response Time'] },
];
const STATS: ReadonlyArray<{ stat: string; words: string[] }> = [
  { stat: 'mean', words: ['Mean', 'Avg', 'Average', 'avg.', 'mean'] },
  { stat: 'p50', words: ['Median', 'P50', 'p50', 'mdn'] },
  { stat: 'p90', words: ['P90', 'p90', '90th percentile'] },
  { stat: 'p95', words: ['P95', 'p(95)'] },
  { stat: 'p99', words: ['P99', 'p99', '99th percentile'] },
  { stat: 'p99_9', words: ['P99.9', 'p99.9'] },
  { stat: 'min', words: ['Min', 'min', 'Minimum'] },
  { stat: 'max', words: ['Max', 'max', 'Maximum'] },
  { stat: 'std', words: ['Std', 'StdDev', 'std'] },
];
const UNITS = ['ms', 's', 'ns', 'us', 'µs', 'sec', 'seconds'];
const LAYOUTS = ['stat first (unit)', 'quantity first [unit]', 'snake', 'unit in the cell', 'quantity first (unit)'] as const;

test('property: a latency label built from quantity, statistic and unit maps to its key and converts', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...QUANTITIES),
      fc.constantFrom(...STATS),
      fc.constantFrom(...UNITS),
      fc.constantFrom(...LAYOUTS),
      fc.nat(),
      fc.nat(),
      fc.double({ min: 0.001, max: 1e6, noNaN: true }),
      (q, st, unit, layout, qi, si, value) => {
        const qw = q.words[qi % q.words.length] ?? q.words[0]!;
        const sw = st.words[si % st.words.length] ?? st.words[0]!;
        let label: string;
        const opts: Opts = {};
        if (layout === 'stat first (unit)') label = `${sw} ${qw} (${unit})`;
        else if (layout === 'quantity first [unit]') label = `${qw} ${sw} [${unit}]`;
        else if (layout === 'quantity first (unit)') label = `${qw} - ${sw} (${unit})`;
        else if (layout === 'snake')
          label = `${sw}_${qw}_${unit}`
            .toLowerCase()
            .replace(/[\s.-]+/g, '_')
            .replace(/[()]/g, '');
        else {
          label = `${sw} ${qw}`;
          opts.unit = unit;
        }
        const m = lookupLabel(label, opts);
        assert.equal(m?.kind, 'metric', `${label} ${JSON.stringify(opts)} → ${JSON.stringify(m)}`);
        if (m?.kind !== 'metric') return;
        assert.equal(m.key, `${q.key}_${st.stat}_${q.own}`, label);
        const seconds = secondsPerUnit(unit)!;
        const want = value * seconds * (q.own === 'ms' ? 1000 : 1);
        const got = applyFactor(value, m.factor);
        assert.ok(Math.abs(got - want) <= Math.abs(want) * 1e-9, `${label}: ${value} → ${got}, want ${want}`);
      },
    ),
    { numRuns: 500 },
  );
});

const RATES: ReadonlyArray<{ key: string; words: string[] }> = [
  {
    key: 'output_tps',
    words: ['Output token throughput', 'Output throughput', 'Generation throughput', 'Gen throughput', 'Decode throughput'],
  },
  { key: 'input_tps', words: ['Input token throughput', 'Prompt throughput', 'Prefill throughput', 'Input throughput'] },
  { key: 'total_tps', words: ['Total token throughput', 'Total throughput'] },
];
const RATE_UNITS: ReadonlyArray<[string, number]> = [
  ['tok/s', 1],
  ['tokens/s', 1],
  ['tokens/sec', 1],
  ['toks/s', 1],
  ['tokens/min', 1 / 60],
];

test('property: a token rate label with a direction word and a rate unit maps to its key and converts', () => {
  fc.assert(
    fc.property(
      fc.constantFrom(...RATES),
      fc.nat(),
      fc.constantFrom(...RATE_UNITS),
      fc.constantFrom('(u)', '[u]', 'cell'),
      fc.double({ min: 0.01, max: 1e6, noNaN: true }),
      (r, wi, [unit, perSecond], where, value) => {
        const w = r.words[wi % r.words.length] ?? r.words[0]!;
        const label = where === 'cell' ? w : `${w} ${where.replace('u', unit)}`;
        const m = lookupLabel(label, where === 'cell' ? { unit } : {});
        assert.equal(m?.kind, 'metric', `${label} → ${JSON.stringify(m)}`);
        if (m?.kind !== 'metric') return;
        assert.equal(m.key, r.key, label);
        const got = applyFactor(value, m.factor);
        assert.ok(Math.abs(got - value * perSecond) <= value * 1e-9, `${label}: ${got}`);
      },
    ),
    { numRuns: 300 },
  );
});

test('a token rate with no direction is output only when a reader asks for that reading', () => {
  assert.equal(lookupLabel('Throughput (tokens/s)'), undefined, 'the vocabulary itself does not choose');
  assert.deepEqual(meaningAsOutputRate('Throughput', { unit: 'tokens/s' }), { kind: 'metric', key: 'output_tps', factor: 1 });
  assert.deepEqual(meaningAsOutputRate('tok/s'), { kind: 'metric', key: 'output_tps', factor: 1 });
  assert.deepEqual(meaningAsOutputRate('Per Request', { unit: 'tok/s', stat: 'p50' }), {
    kind: 'metric',
    key: 'output_tps_per_user_p50',
    factor: 1,
  });
  assert.equal(meaningAsOutputRate('Aggregate', { unit: 'tok/s' })?.key, 'output_tps');
  assert.equal(meaningAsOutputRate('Throughput'), undefined, 'no token word, no token unit: requests or tokens?');
  assert.equal(meaningAsOutputRate('Prompt tok/s'), undefined, 'a direction is named');
  assert.equal(meaningAsOutputRate('Throughput', { unit: 'req/s' }), undefined);
  assert.equal(meaningAsOutputRate('Efficiency', { unit: 'tok/W' }), undefined);
});

test('max in-flight requests and generated tokens', () => {
  assert.equal(lookupLabel('Max inflight requests')?.key, 'peak_in_flight_count');
  assert.equal(lookupLabel('Tokens Generated')?.key, 'output_tokens');
  assert.equal(lookupLabel('Generated tokens')?.key, 'output_tokens');
});
