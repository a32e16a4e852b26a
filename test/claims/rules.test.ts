/**
 * The verdict rules one by one, on small hand-built runs (analyzeRunsDetailed makes the
 * comparisons) and one-line claims: tolerance edges, ratios, latency, sides stated the other
 * way round, directions over several comparisons, scaling, and every cannot-check reason.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeRunsDetailed, CLAIM_RULES, CLAIM_TOLERANCE_POINTS, type ClaimCheck, checkClaims } from '../../src/analyze';
import { readClaims } from '../../src/ingest';
import type { RunRecord } from '../../src/model/records';
import { mkRun, type RunSpec } from '../analyze/helpers';

const FILE = 'logs/t.md';

/** Runs at concurrency 30 (and others) of one engine on 2 and 4 GPUs, two repeats each. */
function run(line: number, spec: Partial<RunSpec> & { rps: number }): RunRecord {
  const { rps, ...rest } = spec;
  return mkRun({
    line,
    engine: 'vllm',
    gpu: 'NVIDIA A10',
    strategy: 'tensor',
    concurrency: 30,
    ...rest,
    metrics: { throughput_rps: rps, output_tps: rps * 100, latency_mean_s: 30 / rps, ...(rest.metrics ?? {}) },
  });
}

function check(text: string, runs: RunRecord[], file = FILE): ClaimCheck[] {
  const { summary, runs: marked } = analyzeRunsDetailed(runs);
  return checkClaims(readClaims(text, file), summary.comparisons, summary.configurations, marked);
}

function only(text: string, runs: RunRecord[]): ClaimCheck {
  const cs = check(text, runs);
  assert.equal(cs.length, 1, JSON.stringify(cs));
  return cs[0]!;
}

/** 2 → 4 GPUs at concurrency 30: 10 and 10 req/s → 11.4 and 11.4 req/s, a +14% change (no spread). */
const scaling14 = [
  run(1, { gpus: 2, rps: 10 }),
  run(2, { gpus: 2, rps: 10 }),
  run(3, { gpus: 4, rps: 11.4 }),
  run(4, { gpus: 4, rps: 11.4 }),
];
const lead = 'Moving from 2 to 4 GPUs:\n\n';

describe('sized claims: the claim widened by the tolerance against the 95% interval of the change', () => {
  it(`a range is consistent up to ${CLAIM_TOLERANCE_POINTS} point outside it, and contradicted beyond`, () => {
    assert.equal(only(`${lead}- Throughput improves by 15-20%`, scaling14).verdict, 'consistent'); // 14 = 15 - 1
    assert.equal(only(`${lead}- Throughput improves by 15.1-20%`, scaling14).verdict, 'contradicted');
    assert.equal(only(`${lead}- Throughput improves by 5-13%`, scaling14).verdict, 'consistent'); // 14 = 13 + 1
    const u = only(`${lead}- Throughput improves by 5-12.9%`, scaling14);
    assert.equal(u.verdict, 'contradicted');
    assert.match(u.why, /is a larger change than the claimed \+5% … \+12\.9%/);
    assert.deepEqual(u.measured?.n, [2, 2]);
    assert.equal(Number(u.measured?.change_pct.toFixed(6)), 14);
  });

  it('a claimed gain the data shows as a loss is contradicted, and says it went the other way', () => {
    const down = [run(1, { gpus: 2, rps: 10 }), run(2, { gpus: 2, rps: 10 }), run(3, { gpus: 4, rps: 9 }), run(4, { gpus: 4, rps: 9 })];
    const c = only(`${lead}- Throughput improves by 5%`, down);
    assert.equal(c.verdict, 'contradicted');
    assert.match(c.why, /measured -10% \(95% interval -10%, n 2 and 2\) goes the other way from the claimed \+5%/);
  });

  it('a claim inside a noisy interval is consistent; outside it, contradicted', () => {
    // 2 → 4 GPUs: 9.5, 10.5 → 11.4, 12.6 req/s: +14%, with a wide interval.
    const noisy = [
      run(1, { gpus: 2, rps: 9.5 }),
      run(2, { gpus: 2, rps: 10.5 }),
      run(3, { gpus: 4, rps: 11.4 }),
      run(4, { gpus: 4, rps: 12.6 }),
    ];
    const c = only(`${lead}- Throughput improves by 40%`, noisy);
    assert.deepEqual(c.measured?.n, [2, 2]);
    const [lo, hi] = c.measured!.ci95!;
    assert.ok(lo < 0 && hi > 40, `interval ${lo} … ${hi}`);
    assert.equal(c.verdict, 'consistent');
    assert.equal(only(`${lead}- Throughput improves by 300%`, noisy).verdict, 'contradicted');
  });

  it('a side with a single run: the noise is unknown, no verdict it cannot support', () => {
    const one = [run(1, { gpus: 2, rps: 10 }), run(3, { gpus: 4, rps: 9 }), run(4, { gpus: 4, rps: 9 })];
    const c = only(`${lead}- Throughput improves by 5%`, one);
    assert.equal(c.verdict, 'noise-unknown');
    assert.equal(c.measured?.ci95, undefined);
    assert.match(
      c.why,
      /measured -10% .*: noise unknown \(1 run\) on the 2 GPUs side, so the claimed \+5% can be neither confirmed nor ruled out/,
    );
  });

  it('latency: "improves by 12%" means 12% lower; "2x slower" means half the requests/s', () => {
    assert.equal(only(`${lead}- Average latency improves by 12%`, scaling14).verdict, 'consistent'); // 30/11.4 vs 30/10: -12.3%
    assert.equal(only(`${lead}- Average latency improves by 20%`, scaling14).verdict, 'contradicted');
    const half = [run(1, { gpus: 2, rps: 10 }), run(2, { gpus: 2, rps: 10 }), run(3, { gpus: 4, rps: 5 }), run(4, { gpus: 4, rps: 5 })];
    assert.equal(only(`${lead}- With 4 GPUs it is 2x slower`, half).verdict, 'consistent');
    assert.equal(only(`${lead}- With 4 GPUs it is 2x faster`, half).verdict, 'contradicted');
  });

  it('ratios are widened by 5%', () => {
    assert.equal(only(`${lead}- 4 GPUs give 1.2x the throughput`, scaling14).verdict, 'consistent'); // 1.14 ≥ 1.2 × 0.95
    assert.equal(only(`${lead}- 4 GPUs give 1.25x the throughput`, scaling14).verdict, 'contradicted'); // 1.14 < 1.1875
    assert.equal(only(`${lead}- 4 GPUs give 1.05x the throughput`, scaling14).verdict, 'contradicted'); // 1.14 > 1.1025
  });

  it('values "A → B" are a change of B / A', () => {
    const c = only(`${lead}- For 30 concurrent requests: 10 req/s → 11.4 req/s`, scaling14);
    assert.deepEqual([c.verdict, c.claimed], ['consistent', '10 → 11.4 req/s (+14%)']);
    assert.equal(only(`${lead}- For 30 concurrent requests: 10 req/s → 12.6 req/s`, scaling14).verdict, 'contradicted');
    assert.equal(only(`${lead}- For 30 concurrent requests: 10 req/s → 11 req/s`, scaling14).verdict, 'contradicted');
  });

  it('a claim stated from the baseline side is turned round: "pipeline is 20% slower than tensor" is tensor +25%', () => {
    const runs = [
      run(1, { gpus: 2, strategy: 'pipeline', rps: 8 }),
      run(2, { gpus: 2, strategy: 'pipeline', rps: 8 }),
      run(3, { gpus: 2, strategy: 'tensor', rps: 10 }),
      run(4, { gpus: 2, strategy: 'tensor', rps: 10 }),
    ];
    const c = only('Pipeline is 20% slower than tensor.', runs);
    assert.deepEqual([c.verdict, c.claimed], ['consistent', '-20% (pipeline parallel against tensor parallel)']);
    assert.match(
      c.why,
      /pipeline → tensor, requests\/s \(the claim names no metric\): measured \+25% \(95% interval \+25%, n 2 and 2\): the claimed \+25% \(stated the other way round\)/,
    );
    assert.equal(only('Pipeline is 30% slower than tensor.', runs).verdict, 'contradicted');
  });
});

describe('what a claim compares: engine, mode and API', () => {
  it('"think mode is about 40% slower than no think mode" is the mode comparison, no-think → think', () => {
    const runs = [run(1, { gpus: 2, mode: 'no-think', rps: 10 }), run(2, { gpus: 2, mode: 'think', rps: 6 })];
    const c = only('Think mode is about 40% slower than no think mode.', runs);
    assert.deepEqual([c.verdict, c.claimed], ['noise-unknown', '-40% (think mode against no-think mode)']);
    assert.match(c.why, /no-think → think, requests\/s \(the claim names no metric\): measured -40%/);
  });

  it('"SGLang is 15% faster than vLLM" needs the GPU count when both 2 and 4 GPUs were compared', () => {
    const runs = [
      run(1, { gpus: 2, rps: 10 }),
      run(2, { engine: 'sglang', gpus: 2, rps: 11.5 }),
      run(3, { gpus: 4, rps: 12 }),
      run(4, { engine: 'sglang', gpus: 4, rps: 12 }),
      run(5, { gpus: 2, rps: 10 }),
      run(6, { engine: 'sglang', gpus: 2, rps: 11.5 }),
      run(7, { gpus: 4, rps: 12 }),
      run(8, { engine: 'sglang', gpus: 4, rps: 12 }),
    ];
    assert.match(
      only('SGLang is 15% faster than vLLM.', runs).why,
      /^2 comparisons match and the text does not say which: 2 GPUs: vLLM → SGLang; 4 GPUs: vLLM → SGLang$/,
    );
    const c = only('On 2 GPUs, SGLang is 15% faster than vLLM.', runs);
    assert.deepEqual([c.verdict, Number(c.measured?.change_pct.toFixed(6))], ['consistent', 15]);
    assert.equal(only('On 4 GPUs, SGLang is 15% faster than vLLM.', runs).verdict, 'contradicted');
  });
});

describe('directions', () => {
  const two = [
    ...scaling14,
    run(5, { gpus: 2, concurrency: 50, rps: 15.1 }),
    run(6, { gpus: 2, concurrency: 50, rps: 15.3 }),
    run(7, { gpus: 4, concurrency: 50, rps: 15.0 }),
    run(8, { gpus: 4, concurrency: 50, rps: 15.6 }),
  ];

  it('is consistent when the whole interval of every matching comparison lies that way', () => {
    const c = only(`${lead}4 GPUs are faster than 2 GPUs at concurrency 30.`, two);
    assert.deepEqual([c.verdict, c.claimed], ['consistent', '4 GPUs better than 2 GPUs']);
  });

  it('is inconclusive when one interval includes no change; the row shows that one', () => {
    const c = only(`${lead}4 GPUs are faster than 2 GPUs.`, two);
    assert.equal(c.verdict, 'inconclusive');
    assert.match(
      c.why,
      /^1 of 2 matching comparisons of requests\/s \(the claim names no metric\) do not bear it out: concurrency 50: 2 GPUs → 4 GPUs \+0\.7% \(the mean moved that way but the interval includes no change\); it does hold for concurrency 30/,
    );
    assert.equal(c.measured?.n.join(), '2,2');
    assert.ok(Math.abs(c.measured!.change_pct - 0.6579) < 0.001);
  });

  it('a hedged claim ("some", "slightly") is consistent when every mean moved that way and one whole interval did', () => {
    const c = only(`${lead}4 GPUs are slightly faster than 2 GPUs.`, two);
    assert.equal(c.verdict, 'consistent');
    assert.match(
      c.why,
      /^the claim is hedged \("slightly"\): every matching comparison of requests\/s .* 1 of 2 clearly .*; not clearly for concurrency 50/,
    );
    // A mean that moved the other way is not rescued by a hedge (its interval, -2.6% with n 2, includes no change).
    const down = [...scaling14, run(5, { gpus: 2, concurrency: 50, rps: 15.4 }), run(6, { gpus: 2, concurrency: 50, rps: 15.6 })];
    down.push(run(7, { gpus: 4, concurrency: 50, rps: 15.0 }), run(8, { gpus: 4, concurrency: 50, rps: 15.2 }));
    assert.equal(only(`${lead}4 GPUs give some gains over 2 GPUs.`, down).verdict, 'inconclusive');
  });

  it('"no difference" and "does not help"', () => {
    assert.equal(only(`${lead}At concurrency 50 the throughput was the same on 2 and 4 GPUs.`, two).verdict, 'consistent');
    assert.equal(only(`${lead}At concurrency 30 the throughput was the same on 2 and 4 GPUs.`, two).verdict, 'contradicted');
    assert.equal(only(`${lead}- At concurrency 50, adding GPUs does not help.`, two).verdict, 'consistent');
    assert.equal(only(`${lead}- At concurrency 30, adding GPUs does not help.`, two).verdict, 'contradicted');
  });

  it('one engine scaling better than another: setting by setting', () => {
    const sglang = [
      run(11, { engine: 'sglang', gpus: 2, rps: 10 }),
      run(12, { engine: 'sglang', gpus: 4, rps: 18 }),
      run(13, { engine: 'sglang', gpus: 2, concurrency: 50, rps: 15 }),
      run(14, { engine: 'sglang', gpus: 4, concurrency: 50, rps: 14.9 }),
    ];
    const c = only('SGLang scales more efficiently with additional GPUs than vLLM.', [...two, ...sglang]);
    assert.equal(c.verdict, 'contradicted');
    assert.match(
      c.why,
      /SGLang scaled better than vLLM in not every setting both were scaled in.*concurrency 30: 2 GPUs → 4 GPUs: SGLang \+80% vs vLLM \+14%; concurrency 50: 2 GPUs → 4 GPUs: SGLang -0\.7% vs vLLM \+0\.7%/,
    );
    const onlyVllm = only('SGLang scales more efficiently with additional GPUs than vLLM.', two);
    assert.equal(
      onlyVllm.why,
      'no setting where both SGLang and vLLM were compared on GPU count: only vLLM has GPU-count comparisons here',
    );
  });
});

describe('cannot check, and why', () => {
  it('names the missing side: "no run with 2 GPUs for SGLang, concurrency 100"', () => {
    const runs = [...scaling14, run(9, { engine: 'sglang', gpus: 4, concurrency: 100, rps: 20 })];
    const c = only('SGLang at 100 concurrent requests improves by 30% from 2 to 4 GPUs.', runs);
    assert.deepEqual([c.verdict, c.why, c.measured], ['cannot-check', 'no run with 2 GPUs for SGLang, concurrency 100', undefined]);
  });

  it('several comparisons the text does not tell apart', () => {
    const runs = [...scaling14, run(5, { gpus: 2, concurrency: 50, rps: 15 }), run(7, { gpus: 4, concurrency: 50, rps: 16 })];
    assert.match(
      only(`${lead}- Throughput improves by 10%`, runs).why,
      /^2 comparisons match and the text does not say which: concurrency 30: 2 GPUs → 4 GPUs; concurrency 50: 2 GPUs → 4 GPUs$/,
    );
  });

  it('a metric the data does not compare', () => {
    assert.equal(
      only(`${lead}- TTFT improves by 10% for 30 concurrent requests`, scaling14).why,
      'the matching comparisons are of requests/s, output tokens/s and mean latency, not mean TTFT',
    );
  });

  it("another file's runs are never used", () => {
    const c = check(`${lead}- Throughput improves by 14%`, scaling14, 'logs/other.md');
    assert.equal(c[0]!.why, 'no runs were read from logs/other.md, so there is nothing to check it against');
  });

  it('warm-up suspects are used only when nothing else matches, and the row says so', () => {
    const suspects = [run(1, { gpus: 2, rps: 10, flags: ['warmup-suspect'] }), run(3, { gpus: 4, rps: 11.4, flags: ['warmup-suspect'] })];
    const c = only(`${lead}- Throughput improves by 14%`, suspects);
    assert.equal(c.verdict, 'noise-unknown');
    assert.match(c.why, /; only runs suspected of warm-up were compared$/);
  });

  it('levels, trends and general statements', () => {
    assert.match(only('The queue stabilized at approximately 30 active requests.', scaling14).why, /^it states a value reached/);
    assert.equal(
      only('Throughput decreases as concurrency rises.', scaling14).why,
      'a trend over concurrency needs runs at 3 or more concurrency levels; the runs are at concurrency 30 only',
    );
    assert.match(only('In general, tensor parallel is faster than pipeline.', scaling14).why, /^a general statement \("in general"\)/);
  });

  it('the rules are plain words, one verdict rule per entry', () => {
    assert.ok(CLAIM_RULES.length >= 6);
    for (const r of CLAIM_RULES) assert.doesNotMatch(r, /[_`]|\bundefined\b/);
    assert.ok(CLAIM_RULES.some((r) => r.includes(`${CLAIM_TOLERANCE_POINTS} percentage point`)));
  });
});
