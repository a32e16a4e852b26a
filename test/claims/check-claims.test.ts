/**
 * Judging claims through the real pipeline (parsePaths → analyzeRunsDetailed →
 * readClaimsFromPaths → checkClaims): our own fixture with one claim of each verdict, and the
 * sample reports, each verdict with the measured change beside it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ClaimCheck } from '../../src/analyze';
import { assertGolden, REPO_ROOT } from '../helpers/golden';
import { pipeline } from './helpers';

const FIXTURE = 'test/fixtures/claims/l4-scaling-conclusion.md';
const hasData = fs.existsSync(path.join(REPO_ROOT, 'data', 'a10-sglang-vllm-tp2-vs-tp4.md'));

function at(checks: readonly ClaimCheck[], line: number, nth = 0): ClaimCheck {
  const c = checks.filter((x) => x.line === line)[nth];
  assert.ok(c, `no claim at line ${line}: ${checks.map((x) => x.line).join(', ')}`);
  return c;
}

/** verdict, metric, change % and n of a check, rounded for reading. */
function summary(c: ClaimCheck) {
  const m = c.measured;
  return [c.verdict, m?.metric, m ? Number(m.change_pct.toFixed(2)) : undefined, m?.n];
}

describe('our fixture: a 1 → 2 GPU log with a hand-written conclusion', () => {
  it('each verdict comes out, with the measured change beside it', async () => {
    const { checks, summary: s } = await pipeline([FIXTURE]);
    assert.equal(checks.length, 10);
    // "improves by 40-50%" at concurrency 16; the runs give 8.00/8.20 → 9.60/9.72 req/s: +19.3%.
    assert.deepEqual(summary(at(checks, 301)), ['contradicted', 'throughput_rps', 19.26, [2, 2]]);
    assert.match(
      at(checks, 301).why,
      /measured \+19\.3% \(95% interval \+9\.5% … \+29\.9%, n 2 and 2\) is a smaller change than the claimed \+40% … \+50%/,
    );
    assert.equal(at(checks, 301).claimed, '+40% … +50%');
    // "approximately 30%" at 32: 10.00/10.40 → 13.00/13.52: +30.0%.
    assert.deepEqual(summary(at(checks, 302)), ['consistent', 'throughput_rps', 30, [2, 2]]);
    // "only 5%" of output tokens/s at 32: the tokens follow the requests, +30.0%.
    assert.deepEqual(summary(at(checks, 303)), ['contradicted', 'output_tps', 30, [2, 2]]);
    // "1.3x the throughput": a ratio, within 5% of 1.30.
    assert.deepEqual(summary(at(checks, 304)), ['consistent', 'throughput_rps', 30, [2, 2]]);
    // No 2-GPU run at 64 (the title heading names the GPU: NVIDIA L4).
    assert.deepEqual(summary(at(checks, 305)), ['cannot-check', undefined, undefined, undefined]);
    assert.equal(at(checks, 305).why, 'no run with 2 GPUs for vLLM, concurrency 64, NVIDIA L4');
    // "about 25% with 2 GPUs": concurrency 16 and 32 both match.
    assert.match(
      at(checks, 307).why,
      /^2 comparisons match and the text does not say which: concurrency 16: 1 GPU → 2 GPUs; concurrency 32: 1 GPU → 2 GPUs$/,
    );
    // Two clauses, two directions: faster (requests/s) and lower latency, at every concurrency.
    assert.deepEqual(summary(at(checks, 309, 0)), ['consistent', 'throughput_rps', 19.26, [2, 2]]);
    assert.equal(at(checks, 309, 0).claimed, '2 GPUs better than 1 GPU');
    assert.deepEqual(summary(at(checks, 309, 1)), ['consistent', 'latency_mean_s', -15.95, [2, 2]]);
    assert.match(at(checks, 309, 1).why, /^all 2 matching comparisons of mean latency are consistent with it/);
    // A level and a general statement.
    assert.match(at(checks, 310).why, /^it states a value reached \(30 active requests\)/);
    assert.equal(at(checks, 312).why, 'a general statement ("can"), not a result claimed for these runs');
    // The measured comparison is the one in summary.comparisons.
    const m = at(checks, 301).measured!;
    const c = s.comparisons[m.comparison]!;
    assert.deepEqual([c.kind, c.metric, c.group.concurrency, c.baseline.value, c.candidate.value], ['scaling', 'throughput_rps', 16, 1, 2]);
    assert.deepEqual(m.change_pct_range, c.change_pct_range);
  });
});

describe('the sample reports', { skip: hasData ? false : 'data/ is absent' }, () => {
  it('a10: "15-20%", "2-5%" and "6-10%" lie in the wide intervals of 2 runs a side; SGLang 88% and 40% rest on 1 run', async () => {
    const { checks } = await pipeline(['data/a10-sglang-vllm-tp2-vs-tp4.md']);
    const c841 = at(checks, 841);
    assert.deepEqual(summary(c841), ['consistent', 'throughput_rps', 13.93, [2, 2]]);
    assert.deepEqual(
      c841.measured!.change_pct_range.map((x) => Number(x.toFixed(2))),
      [9.33, 18.88],
    );
    // Two runs a side: a t-interval with about 1 degree of freedom, much wider than the run pairs.
    assert.deepEqual(
      c841.measured!.ci95!.map((x) => Number(x.toFixed(2))),
      [-28.38, 81.23],
    );
    assert.deepEqual(summary(at(checks, 842)), ['consistent', 'throughput_rps', 1.55, [2, 2]]);
    assert.deepEqual(summary(at(checks, 843)), ['consistent', 'throughput_rps', 6.98, [2, 2]]);
    assert.deepEqual(summary(at(checks, 849)), ['noise-unknown', 'throughput_rps', 88.03, [2, 1]]);
    assert.match(at(checks, 849).why, /quoted 10\.78 is within the 2 GPUs runs \(10\.78\); 20\.27 is within the 4 GPUs runs \(20\.27\)/);
    assert.deepEqual(summary(at(checks, 850)), ['noise-unknown', 'throughput_rps', 40.45, [2, 1]]);
    // "SGLang … scale more efficiently … than vLLM": +88% vs +13.9% at 30, +40.4% vs +1.5% at 50.
    assert.equal(at(checks, 852).verdict, 'consistent');
    assert.match(
      at(checks, 852).why,
      /concurrency 30: 2 GPUs → 4 GPUs: SGLang \+88% vs vLLM \+13\.9%; concurrency 50: 2 GPUs → 4 GPUs: SGLang \+40\.4% vs vLLM \+1\.5%/,
    );
    // "some scaling improvements … modest": every mean rose, but no interval (2 runs a side) excludes no change.
    assert.deepEqual(summary(at(checks, 839)), ['inconclusive', 'throughput_rps', 1.55, [2, 2]]);
    assert.match(at(checks, 839).why, /^3 of 3 matching comparisons of requests\/s .* the interval includes no change/);
    assert.match(at(checks, 845).why, /at GPU count 2 and 4 only$/);
  });

  it('multi-GPU presets: one run a preset and strategy, so every per-preset claim says the noise is unknown', async () => {
    const { checks } = await pipeline(['data/multi-gpu-presets-report.md']);
    const sized = checks.filter((c) => c.line >= 96 && c.line <= 101);
    assert.equal(sized.length, 12);
    for (const c of sized) assert.equal(c.verdict, 'noise-unknown', `${c.line} ${c.claimed}: ${c.why}`);
    assert.deepEqual(summary(at(checks, 97, 0)), ['noise-unknown', 'input_tps', 13.39, [1, 1]]);
    assert.deepEqual(summary(at(checks, 96, 0)), ['noise-unknown', 'input_tps', -0.61, [1, 1]]);
    const tensor = at(checks, 106);
    assert.equal(tensor.verdict, 'noise-unknown');
    assert.match(
      tensor.why,
      /^3 of 3 matching comparisons of output tokens\/s \(the claim names no metric\) cannot bear it out or refute it: preset mi210x2.*preset H100X2.*preset gpu-medium/,
    );
    assert.equal(at(checks, 80).verdict, 'cannot-check');
    assert.match(at(checks, 316).why, /at concurrency 1 and 10 only$/);
  });

  it('the replica report has no runs: every claim cannot be checked, and says so', async () => {
    const { checks } = await pipeline(['data/vllm-4-replica-load-report.md']);
    assert.deepEqual(
      checks.map((c) => [c.line, c.verdict, c.claimed]),
      [
        [22, 'cannot-check', '950 (active requests)'],
        [29, 'cannot-check', '225 … 240 active requests'],
        [36, 'cannot-check', '50 … 60% (KV cache usage)'],
        [45, 'cannot-check', 'under 0.1 seconds (mean ITL)'],
        [45, 'cannot-check', 'no difference'],
        [57, 'cannot-check', '40 … 50 seconds (p95 latency)'],
      ],
    );
    for (const c of checks)
      assert.equal(c.why, 'no runs were read from data/vllm-4-replica-load-report.md, so there is nothing to check it against');
  });

  it('data/ as a whole: claims are judged against their own file only (golden)', async () => {
    const all = await pipeline(['data']);
    for (const c of all.checks) {
      if (!c.measured) continue;
      const cmp = all.summary.comparisons[c.measured.comparison]!;
      assert.ok(
        [...cmp.baseline.runs, ...cmp.candidate.runs].every((id) => id.startsWith(`${c.file}:`)),
        `${c.file}:${c.line} judged on another file's runs`,
      );
    }
    assertGolden('claims/checks-data.json', all.checks);
  });
});

describe('a sentence with two numbers: two claims, two verdicts', () => {
  it('"raise throughput by about 30% and cut the average latency by about 60%": throughput consistent, latency contradicted', async () => {
    const { checks } = await pipeline(['test/fixtures/claims/two-numbers-one-sentence.md']);
    const line = checks.filter((c) => c.line === 297);
    assert.deepEqual(line.map(summary), [
      ['consistent', 'throughput_rps', 30, [2, 2]],
      ['contradicted', 'latency_mean_s', -23.09, [2, 2]],
    ]);
    assert.deepEqual(
      line.map((c) => c.claimed),
      ['+30%', '-60%'],
    );
  });
});

describe('the Answers lead with the metric the claim names first', () => {
  for (const [file, metric] of [
    ['test/fixtures/claims/two-numbers-one-sentence.md', 'throughput_rps'],
    ['test/fixtures/claims/latency-named-first.md', 'latency_mean_s'],
  ] as const) {
    it(`${path.basename(file)}: the answer's headline metric is ${metric}`, async () => {
      const prev = process.cwd();
      process.chdir(REPO_ROOT);
      try {
        const { parsePaths, readClaimsFromPaths } = await import('../../src/ingest');
        const { analyzeRunsDetailed } = await import('../../src/analyze');
        const runs = (await parsePaths([file], {})).records.filter((r) => r.kind === 'run');
        const { claims } = await readClaimsFromPaths([file]);
        const { summary: s } = analyzeRunsDetailed(runs as Parameters<typeof analyzeRunsDetailed>[0], { sourceClaims: claims });
        const scaling = s.questions.filter((q) => q.kind === 'scaling');
        assert.ok(scaling.length >= 1);
        assert.equal(scaling[0]!.answer.metric, metric);
      } finally {
        process.chdir(prev);
      }
    });
  }
});
