/**
 * Study questions: what each input set out to compare, and the answers. On the sample data
 * through the real ingest (the numbers are checked by hand against the documents' tables),
 * and on small hand-built runs for each rule (asked-by levels, confidence, ranking).
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { analyzeRuns } from '../../src/analyze';
import type { ClaimCheck, StudyQuestion, Summary } from '../../src/analyze/types';
import { parsePaths } from '../../src/ingest';
import type { RunRecord } from '../../src/model/records';
import { confidenceReason } from '../../src/report/view/confidence-words';
import { REPO_ROOT } from '../helpers/golden';
import { mkRun, vllmRun } from './helpers';

async function summarise(file: string, claims: ClaimCheck[] = []): Promise<{ runs: RunRecord[]; summary: Summary }> {
  const prev = process.cwd();
  process.chdir(REPO_ROOT);
  try {
    const r = await parsePaths([path.join('data', file)], {});
    const runs = r.records.filter((x): x is RunRecord => x.kind === 'run');
    return { runs, summary: analyzeRuns(runs, { claims }) };
  } finally {
    process.chdir(prev);
  }
}

const r1 = (x: number): number => Math.round(x * 10) / 10;

function find(s: Summary, pred: (q: StudyQuestion) => boolean): StudyQuestion {
  const q = s.questions.find(pred);
  assert.ok(q, `no such question among ${s.questions.map((x) => `${x.factor} ${x.labels.join('→')}`).join('; ')}`);
  return q;
}

describe('questions of data/a10-sglang-vllm-tp2-vs-tp4.md', async () => {
  const { summary } = await summarise('a10-sglang-vllm-tp2-vs-tp4.md');
  const vllm = find(summary, (q) => q.factor === 'gpus' && q.held_equal.engine === 'vllm');
  const sglang = find(summary, (q) => q.factor === 'gpus' && q.held_equal.engine === 'sglang');

  it('vLLM 2 → 4 GPUs: +13.9% at concurrency 30 (pairs +9.3 … +18.9%), +1.5% at 50, +7.0% at 100', () => {
    assert.deepEqual(vllm.values, [2, 4]);
    assert.deepEqual(vllm.differs_also, []);
    const a = vllm.answer;
    assert.equal(a.metric, 'throughput_rps');
    assert.deepEqual(a.over, ['concurrency']);
    assert.deepEqual(
      a.points.map((p) => [p.setting.concurrency, r1(p.change_pct), p.n]),
      [
        [30, 13.9, [2, 2]],
        [50, 1.5, [2, 2]],
        [100, 7.0, [2, 2]],
      ],
    );
    assert.equal(a.headline, 0);
    assert.deepEqual(a.change_pct_range.map(r1), [9.3, 18.9]);
    assert.deepEqual(a.range?.map(r1), [1.5, 13.9]);
    // At 50 the 2-GPU runs (15.07, 15.27) and the 4-GPU runs (15.20, 15.61) overlap.
    assert.equal(a.confidence, 'medium');
    assert.deepEqual(a.confidence_factors, [
      { code: 'runs', point: 0, n: [2, 2] },
      { code: 'overlap', point: 1 },
    ]);
    assert.equal(confidenceReason(vllm), '2 runs on each side at concurrency 30; at concurrency 50 the repeats of the two sides overlap');
    assert.deepEqual(
      a.along.map((m) => [m.metric, m.direction]),
      [
        ['output_tps', 'with'],
        ['latency_mean_s', 'with'],
      ],
    );
  });

  it('vLLM: asked by the "Now compare with 2 GPUs" comment and the two launch commands', () => {
    assert.equal(vllm.asked_by, 'comment-or-table');
    assert.deepEqual(
      vllm.evidence.map((e) => [e.kind, e.line, e.above ?? false]),
      [
        ['comment', 630, true],
        ['launch-command', 412, false],
        ['launch-command', 627, false],
      ],
    );
    assert.equal(vllm.evidence[0]?.text, 'Now compare with 2 GPUs');
    assert.deepEqual(
      vllm.evidence.map((e) => e.side),
      ['baseline', 'candidate', 'baseline'],
      'the comment is over the 2-GPU runs; the launch at 412 is the 4-GPU one',
    );
    assert.match(vllm.evidence[1]?.text ?? '', /--tensor-parallel-size 4$/);
  });

  it('SGLang 2 → 4 GPUs: +88.0% at 30 is the headline, not the warm-up pair at 5; low confidence (one 4-GPU run)', () => {
    const a = sglang.answer;
    assert.deepEqual(
      a.points.map((p) => [p.setting.concurrency, r1(p.change_pct), p.warmup]),
      [
        [5, -72.9, true],
        [30, 88.0, false],
        [50, 40.4, false],
      ],
    );
    assert.equal(a.points[a.headline]?.setting.concurrency, 30);
    assert.equal(r1(a.change_pct), 88.0);
    assert.deepEqual(a.n, [2, 1]);
    assert.deepEqual(a.range?.map(r1), [40.4, 88.0], 'the warm-up pair is left out of the range');
    assert.equal(a.confidence, 'low');
    assert.deepEqual(a.confidence_factors, [
      { code: 'runs', point: 1, n: [2, 1] },
      { code: 'single-run', point: 1, n: [2, 1] },
    ]);
    assert.equal(confidenceReason(sglang), 'one run on the 4-GPU side');
    const latency = a.along.find((m) => m.metric === 'latency_mean_s');
    assert.deepEqual(
      latency?.changes.map((x) => (x === null ? null : r1(x))),
      [267.8, -46.8, -28.8],
    );
    assert.equal(latency?.direction, 'with', 'the warm-up point does not count for the direction');
  });

  it('SGLang vs vLLM: the SGLang runs name no model and no temperature, so it is no like-for-like question', () => {
    const engine = find(summary, (q) => q.factor === 'engine');
    assert.deepEqual(engine.differs_also, ['model', 'temperature']);
    assert.equal(engine.asked_by, 'heading');
  });

  it('ids follow the rank: the two GPU questions first, vLLM (medium) before SGLang (low)', () => {
    assert.deepEqual(
      summary.questions.map((q) => [q.id, q.factor, q.held_equal.engine ?? '']),
      [
        ['q1', 'gpus', 'vllm'],
        ['q2', 'gpus', 'sglang'],
        ['q3', 'engine', ''],
      ],
    );
    for (const q of summary.questions) for (const i of q.comparisons) assert.ok(summary.comparisons[i], `comparison ${i} exists`);
  });
});

describe('questions of the other sample documents', () => {
  it('presets: pipeline vs tensor on 2-GPU presets is asked by its side-by-side table; prompt TPS +13.4 / +25.9 / +18.7%', async () => {
    const { summary } = await summarise('multi-gpu-presets-report.md');
    const q = summary.questions[0];
    assert.ok(q);
    assert.equal(q.factor, 'strategy');
    assert.deepEqual([q.values, q.held_equal.gpus], [['pipeline', 'tensor'], 2]);
    assert.equal(q.asked_by, 'comment-or-table');
    assert.deepEqual(
      q.evidence.map((e) => [e.kind, e.line]),
      [
        ['table', 86],
        ['table', 86],
      ],
    );
    assert.deepEqual(
      q.answer.points.map((p) => p.setting.preset),
      ['H100X2', 'gpu-medium', 'mi210x2'],
      'in the order of the source table',
    );
    assert.deepEqual(
      q.answer.points.map((p) => r1(p.change_pct)),
      [11.4, 25.4, 14.9],
    );
    const prompt = q.answer.along.find((m) => m.metric === 'input_tps');
    assert.deepEqual(
      prompt?.changes.map((x) => (x === null ? null : r1(x))),
      [13.4, 25.9, 18.7],
    );
    assert.equal(confidenceReason(q), 'a single run on each side');
  });

  it('Qwen3: think vs no-think per engine, asked by the separators; answered with high confidence', async () => {
    const { summary } = await summarise('qwen3-4b-think-openai-vs-native.md');
    const vllm = find(summary, (q) => q.factor === 'mode' && q.held_equal.engine === 'vllm');
    const sglang = find(summary, (q) => q.factor === 'mode' && q.held_equal.engine === 'sglang');
    assert.deepEqual(vllm.values, ['no-think', 'think']);
    assert.equal(vllm.asked_by, 'heading');
    assert.deepEqual(
      vllm.evidence.map((e) => [e.kind, e.text, e.line]),
      [
        ['separator', 'think', 6],
        ['separator', 'no think', 69],
      ],
    );
    assert.deepEqual([r1(vllm.answer.change_pct), vllm.answer.confidence], [-42.6, 'high']);
    assert.deepEqual([r1(sglang.answer.change_pct), sglang.answer.confidence], [-36.2, 'high']);
    // Longer answers: fewer requests per second, more tokens per second (the other way).
    assert.equal(vllm.answer.along.find((m) => m.metric === 'output_tps')?.direction, 'against');
    const api = find(summary, (q) => q.factor === 'api' && q.held_equal.engine === 'vllm');
    assert.deepEqual([api.differs_also, confidenceReason(api)], [[], 'one run on the native API side']);
  });

  it('the conclusion text (a checked claim) ranks a question first and picks its headline point', async () => {
    const plain = await summarise('a10-sglang-vllm-tp2-vs-tp4.md');
    const c100 = plain.summary.comparisons.findIndex(
      (c) => c.factor === 'gpus' && c.group.engine === 'vllm' && c.group.concurrency === 100 && c.metric === 'throughput_rps',
    );
    const sg30 = plain.summary.comparisons.findIndex(
      (c) => c.factor === 'gpus' && c.group.engine === 'sglang' && c.group.concurrency === 30 && c.metric === 'throughput_rps',
    );
    const claim = (comparison: number, line: number): ClaimCheck => {
      const c = plain.summary.comparisons[comparison]!;
      return {
        quote: 'Throughput improves by approximately 6-10% for 100 concurrent requests',
        file: 'data/a10-sglang-vllm-tp2-vs-tp4.md',
        line,
        claimed: '+6% … +10%',
        measured: {
          comparison,
          metric: c.metric,
          change_pct: c.change_pct,
          change_pct_range: c.change_pct_range,
          n: [c.baseline.n, c.candidate.n],
        },
        verdict: 'consistent',
        why: 'within the claimed range',
      };
    };
    const { summary } = await summarise('a10-sglang-vllm-tp2-vs-tp4.md', [claim(c100, 838), claim(sg30, 845)]);
    const [first, second] = summary.questions;
    assert.equal(first?.held_equal.engine, 'vllm');
    assert.equal(first?.asked_by, 'conclusion');
    assert.deepEqual([first?.evidence[0]?.kind, first?.evidence[0]?.line], ['conclusion', 838]);
    assert.equal(first?.answer.points[first.answer.headline]?.setting.concurrency, 100, 'the claimed point is the headline');
    assert.equal(second?.asked_by, 'conclusion');
    assert.deepEqual(summary.claims.length, 2, 'claims are copied to summary.claims');
  });
});

/** Two vLLM configurations per concurrency (2 and 4 GPUs), throughput per run as given. */
function sweep(points: Array<[number, number[], number[]]>, extra: Parameters<typeof vllmRun>[3] = {}): RunRecord[] {
  const runs: RunRecord[] = [];
  let line = 10;
  for (const [concurrency, two, four] of points) {
    for (const rps of two) runs.push(vllmRun((line += 10), 2, rps, { concurrency, ...extra }));
    for (const rps of four) runs.push(vllmRun((line += 10), 4, rps, { concurrency, ...extra }));
  }
  return runs;
}

describe('answer rules (hand-built runs)', () => {
  const only = (runs: RunRecord[]): StudyQuestion => {
    const qs = analyzeRuns(runs).questions;
    assert.equal(qs.length, 1, qs.map((q) => q.factor).join());
    return qs[0] as StudyQuestion;
  };

  it('high: two runs a side at every concurrency, ranges apart, same sign', () => {
    const q = only(
      sweep([
        [10, [10, 10.2], [12, 12.3]],
        [20, [15, 15.1], [18, 18.5]],
      ]),
    );
    assert.equal(q.answer.confidence, 'high');
    assert.deepEqual(q.answer.confidence_factors, [{ code: 'runs', point: q.answer.headline, n: [2, 2] }, { code: 'apart' }]);
    assert.equal(confidenceReason(q), '2 runs on each side at every concurrency, and the repeats of the two sides never overlap');
    assert.equal(q.asked_by, 'data', 'nothing in the runs names the sides');
  });

  it('medium when the change flips sign over the sweep; low with a single run a side', () => {
    const flip = only(
      sweep([
        [10, [10, 10.2], [12, 12.3]],
        [20, [15, 15.1], [13, 13.2]],
      ]),
    );
    assert.equal(flip.answer.confidence, 'medium');
    assert.deepEqual(flip.answer.confidence_factors.at(-1), { code: 'sign-flip' });
    assert.match(confidenceReason(flip), /the change flips sign over concurrency$/);
    const single = only(sweep([[10, [10], [12]]]));
    assert.deepEqual([single.answer.confidence, confidenceReason(single)], ['low', 'a single run on each side']);
    assert.equal(single.answer.range, undefined);
  });

  it('low when more than 10% of the requests of a headline run failed', () => {
    const runs = sweep([[10, [10, 10.2], [12, 12.3]]]);
    runs[3]!.metrics.requests_ok_count = 80;
    runs[3]!.metrics.requests_failed_count = 20;
    const q = only(runs);
    assert.deepEqual([q.answer.confidence, confidenceReason(q)], ['low', 'more than 10% of the requests of one of its runs failed']);
    assert.deepEqual(q.answer.confidence_factors.at(-1), { code: 'failed-requests', point: 0, share: 0.2, limit: 0.1 });
  });

  it('asked by launch commands when only they differ; a "compare" comment counts when it names a side', () => {
    const launched = only(
      sweep([[10, [10, 10.2], [12, 12.3]]]).map((r) => ({
        ...r,
        provenance: { 'parallelism.gpus': `launch command at line ${r.source.line - 1}` },
      })),
    );
    assert.equal(launched.asked_by, 'launch-command');
    const commented = (label: string): StudyQuestion =>
      only(sweep([[10, [10, 10.2], [12, 12.3]]]).map((r) => ({ ...r, labels: r.parallelism?.gpus === 2 ? [label] : [] })));
    assert.equal(commented('now compare with 2 GPUs').asked_by, 'comment-or-table');
    assert.equal(commented('compare the weather').asked_by, 'data');
  });

  it('across files, headings and comments do not ask: only the data varies', () => {
    const runs = sweep([[10, [10, 10.2], [12, 12.3]]]).map((r) => {
      const file = r.parallelism?.gpus === 2 ? 'logs/two.md' : 'logs/four.md';
      return {
        ...r,
        id: `${file}:${r.source.line}`,
        source: { ...r.source, file },
        labels: [`compare with ${r.parallelism?.gpus} GPUs`],
      };
    });
    const q = only(runs);
    assert.deepEqual(q.files, ['logs/four.md', 'logs/two.md']);
    assert.equal(q.asked_by, 'data');
  });

  it('ranks by how directly asked, then confidence, then size; one question per engine', () => {
    const sg = (line: number, gpus: number, rps: number) =>
      mkRun({ line, engine: 'sglang', gpu: 'NVIDIA A10', gpus, concurrency: 30, api: 'native', metrics: { throughput_rps: rps } });
    // vLLM: +20% on single runs (low); SGLang: +5% on two runs a side (high); both asked by data.
    const runs = [vllmRun(1, 2, 10), vllmRun(2, 4, 12), sg(3, 2, 10), sg(4, 2, 10.1), sg(5, 4, 10.5), sg(6, 4, 10.6)];
    const gpuQuestions = (rs: RunRecord[]) => analyzeRuns(rs).questions.filter((q) => q.factor === 'gpus');
    assert.deepEqual(
      gpuQuestions(runs).map((q) => [q.held_equal.engine, q.answer.confidence]),
      [
        ['sglang', 'high'],
        ['vllm', 'low'],
      ],
    );
    // Asked by a heading beats confidence.
    for (const r of runs) if (r.engine === 'vllm') r.labels = [`${r.parallelism?.gpus} GPUs`];
    assert.equal(gpuQuestions(runs)[0]?.held_equal.engine, 'vllm');
  });

  it('the same runs in any order give the same questions', () => {
    const runs = sweep([
      [10, [10, 10.2], [12, 12.3]],
      [20, [15, 15.1], [18, 18.5]],
    ]);
    assert.deepEqual(analyzeRuns([...runs].reverse()).questions, analyzeRuns(runs).questions);
  });
});
