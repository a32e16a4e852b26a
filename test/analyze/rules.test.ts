import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  analyzeRuns,
  buildConfigurations,
  buildObservations,
  checkRun,
  compareBy,
  compareSelections,
  formatComparisonTable,
  markWarmupSuspects,
  runGroup,
} from '../../src/analyze';
import { mkRun, vllmRun } from './helpers';

describe('runGroup and configurations', () => {
  it('maps flat group keys from the nested record', () => {
    const r = vllmRun(10, 4, 13, { temperature: 0.7, mode: 'think', preset: 'a10x4' });
    assert.deepEqual(runGroup(r), {
      engine: 'vllm',
      model: 'Qwen7B-awq',
      gpu: 'NVIDIA A10',
      preset: 'a10x4',
      gpus: 4,
      strategy: 'tensor',
      concurrency: 30,
      max_tokens: 256,
      context_length: 8192,
      api: 'openai',
      mode: 'think',
      temperature: 0.7,
    });
  });

  it('groups repeats, treats an absent key as its own value, and aggregates with sample std and cv', () => {
    const runs = [vllmRun(10, 2, 11.12), vllmRun(20, 2, 12.0), vllmRun(30, 2, 11.5, { context: undefined })];
    const confs = buildConfigurations(runs);
    assert.equal(confs.length, 2, 'the run without context_length is not pooled with the others');
    const two = confs.find((c) => c.runs.length === 2)!;
    const s = two.metrics.throughput_rps!;
    assert.equal(s.n, 2);
    assert.equal(s.mean, (11.12 + 12.0) / 2);
    assert.equal(s.min, 11.12);
    assert.equal(s.max, 12.0);
    const m = (11.12 + 12.0) / 2;
    const std = Math.sqrt(((11.12 - m) ** 2 + (12.0 - m) ** 2) / 1);
    assert.equal(s.std, std);
    assert.equal(s.cv, std / m);
    const one = confs.find((c) => c.runs.length === 1)!;
    assert.equal(one.metrics.throughput_rps!.std, 0, 'n = 1 gives std 0');
    assert.equal(one.metrics.throughput_rps!.cv, 0);
  });

  it('counts a duplicate once: excluded with its reason', () => {
    const runs = [vllmRun(10, 2, 11), vllmRun(20, 2, 11, { flags: ['duplicate'] })];
    const [c] = buildConfigurations(runs);
    assert.deepEqual(c!.excluded, [{ run: 'logs/t.md:20', reason: 'duplicate' }]);
    assert.equal(c!.metrics.throughput_rps!.n, 1);
  });
});

describe('warm-up rule', () => {
  it('flags the first run after a launch under 0.8 × the median of its repeats, and leaves the aggregate', () => {
    const runs = [vllmRun(10, 4, 5), vllmRun(20, 4, 13), vllmRun(30, 4, 13.2)];
    const marked = markWarmupSuspects(runs);
    assert.deepEqual(marked[0]!.flags, ['warmup-suspect']);
    assert.match(marked[0]!.provenance['flags.warmup-suspect']!, /< 0\.8 × median/);
    assert.deepEqual(marked[1]!.flags, []);
    assert.deepEqual(runs[0]!.flags, [], 'input not mutated');
    assert.notEqual(marked[0], runs[0]);
    const [c] = buildConfigurations(runs);
    assert.deepEqual(c!.excluded, [{ run: 'logs/t.md:10', reason: 'warmup-suspect' }]);
    assert.equal(c!.metrics.throughput_rps!.mean, 13.1);
  });

  it('does not flag a first run at or above 0.8 × the median, nor a later slow run', () => {
    const marked = markWarmupSuspects([vllmRun(10, 4, 10.5), vllmRun(20, 4, 13), vllmRun(30, 4, 5)]);
    assert.deepEqual(
      marked.map((r) => r.flags),
      [[], [], []],
    );
  });

  it('uses output_tps when throughput_rps is absent', () => {
    const a = mkRun({ line: 1, engine: 'vllm', command: 'x', metrics: { output_tps: 100 } });
    const b = mkRun({ line: 2, engine: 'vllm', command: 'x', metrics: { output_tps: 300 } });
    assert.deepEqual(markWarmupSuspects([a, b])[0]!.flags, ['warmup-suspect']);
  });

  it('with no repeats: flags max latency over 5 × min latency, not under', () => {
    const slow = mkRun({
      line: 1,
      engine: 'sglang',
      command: 'launch --tp 4',
      concurrency: 5,
      metrics: { latency_min_s: 0.83, latency_max_s: 14.62, throughput_rps: 1.12 },
    });
    const fine = mkRun({
      line: 2,
      engine: 'sglang',
      command: 'launch --tp 4',
      concurrency: 30,
      metrics: { latency_min_s: 1.47, latency_max_s: 1.51, throughput_rps: 20 },
    });
    const marked = markWarmupSuspects([slow, fine]);
    assert.deepEqual(marked[0]!.flags, ['warmup-suspect']);
    assert.match(marked[0]!.provenance['flags.warmup-suspect']!, /no repeats/);
    assert.deepEqual(marked[1]!.flags, []);
  });

  it('needs a launch: runs without server.command are never rule-flagged', () => {
    const slow = mkRun({ line: 1, engine: 'sglang', metrics: { latency_min_s: 0.5, latency_max_s: 10 } });
    assert.deepEqual(markWarmupSuspects([slow])[0]!.flags, []);
  });

  it('first run per launch scope: a second launch of the same configuration has its own first run', () => {
    const a1 = vllmRun(10, 4, 13);
    const a2 = vllmRun(20, 4, 13);
    const b1 = vllmRun(10, 4, 6, { file: 'other.md' });
    const marked = markWarmupSuspects([a1, a2, b1]);
    assert.deepEqual(marked[2]!.flags, ['warmup-suspect']);
  });

  it('a configuration of suspects keeps them, and its comparison carries the flag', () => {
    const base = vllmRun(10, 2, 4.13, { concurrency: 5 });
    const cand = vllmRun(20, 4, 1.12, { concurrency: 5, flags: ['warmup-suspect'] });
    const confs = buildConfigurations([base, cand]);
    assert.deepEqual(
      confs.map((c) => c.excluded),
      [[], []],
    );
    const [cmp] = compareBy([base, cand], 'gpus', { metric: 'throughput_rps' });
    assert.ok(cmp!.flags.includes('warmup-suspect'));
  });
});

describe('comparisons', () => {
  const vllm2 = [vllmRun(630, 2, 11.12), vllmRun(660, 2, 12.0)];
  const vllm4 = [vllmRun(447, 4, 13.22), vllmRun(477, 4, 13.12)];

  it('scaling: ratio, change %, range over all run pairs, efficiency for throughput only', () => {
    const cs = compareBy([...vllm4, ...vllm2], 'gpus');
    const t = cs.find((c) => c.metric === 'throughput_rps')!;
    assert.equal(t.kind, 'scaling');
    assert.equal(t.factor, 'gpus');
    assert.equal(t.baseline.label, '2 GPUs');
    assert.equal(t.candidate.label, '4 GPUs');
    assert.deepEqual(t.baseline.runs, ['logs/t.md:630', 'logs/t.md:660']);
    const ratio = (13.22 + 13.12) / 2 / ((11.12 + 12.0) / 2);
    assert.equal(t.ratio, ratio);
    assert.equal(t.change_pct, (ratio - 1) * 100);
    assert.equal(t.change_pct_range[0], (13.12 / 12.0 - 1) * 100);
    assert.equal(t.change_pct_range[1], (13.22 / 11.12 - 1) * 100);
    assert.equal(t.efficiency, ratio / 2);
    assert.deepEqual(t.flags, [], 'n = 2 on both sides and ranges do not overlap');
    const lat = cs.find((c) => c.metric === 'latency_mean_s')!;
    assert.equal(lat.efficiency, undefined, 'no efficiency for latency');
    assert.ok(lat.change_pct < 0);
    assert.equal(cs.find((c) => c.metric === 'output_tps')!.efficiency !== undefined, true);
  });

  it('inconclusive when n = 1 or the ranges overlap', () => {
    const one = compareBy([vllmRun(1, 2, 10), vllmRun(2, 4, 12)], 'gpus', { metric: 'throughput_rps' })[0]!;
    assert.ok(one.flags.includes('inconclusive'));
    const overlap = compareBy([vllmRun(1, 2, 15.07), vllmRun(2, 2, 15.27), vllmRun(3, 4, 15.2), vllmRun(4, 4, 15.61)], 'gpus', {
      metric: 'throughput_rps',
    })[0]!;
    assert.ok(overlap.flags.includes('inconclusive'));
  });

  it('an absent value does not block but leaves a caveat; any other difference blocks and is listed', () => {
    const base = vllmRun(1, 2, 10, { temperature: 0.7 });
    const cand = vllmRun(2, 4, 12); // temperature absent
    const [c] = compareBy([base, cand], 'gpus', { metric: 'throughput_rps' });
    assert.deepEqual(c!.flags, ['inconclusive', 'caveat:temperature']);
    const other = vllmRun(3, 4, 12, { max_tokens: 512 });
    const s = analyzeRuns([base, other]);
    assert.equal(s.comparisons.filter((x) => x.kind === 'scaling').length, 0);
    const b = s.blocked.find((x) => x.factor === 'gpus')!;
    assert.equal(b.field, 'max_tokens');
    assert.equal(b.baseline.value, 256);
    assert.equal(b.candidate.value, 512);
  });

  it('OpenAI vs native differing in max_tokens too is blocked on max_tokens', () => {
    const openai = [1, 2].map((l) =>
      mkRun({
        line: l,
        engine: 'vllm',
        model: 'Qwen3-4B',
        api: 'openai',
        mode: 'think',
        concurrency: 10,
        max_tokens: 3096,
        metrics: { throughput_rps: 0.39 },
      }),
    );
    const native = mkRun({
      line: 9,
      engine: 'vllm',
      model: 'Qwen3-4B',
      api: 'native',
      concurrency: 10,
      max_tokens: 512,
      metrics: { throughput_rps: 1.67 },
    });
    const s = analyzeRuns([...openai, native]);
    assert.equal(s.comparisons.filter((c) => c.factor === 'api').length, 0);
    assert.deepEqual(
      s.blocked.filter((b) => b.factor === 'api').map((b) => [b.kind, b.field, b.baseline.value, b.candidate.value]),
      [['mode', 'max_tokens', 3096, 512]],
    );
  });

  it('an engine comparison waives the engine’s own endpoint kind but not the model name', () => {
    const v = mkRun({
      line: 1,
      engine: 'vllm',
      model: 'Qwen7B-awq',
      api: 'openai',
      gpus: 2,
      concurrency: 30,
      metrics: { throughput_rps: 11 },
    });
    const sg = mkRun({
      line: 2,
      engine: 'sglang',
      model: 'Qwen7B-awq',
      api: 'native',
      gpus: 2,
      concurrency: 30,
      metrics: { throughput_rps: 10.78 },
    });
    const [c] = compareBy([v, sg], 'engine', { metric: 'throughput_rps' });
    assert.equal(c!.baseline.label, 'vLLM');
    assert.equal(c!.candidate.label, 'SGLang');
    assert.deepEqual(c!.flags, ['inconclusive']);
    const renamed = { ...sg, model: 'llm' };
    assert.deepEqual(compareBy([v, renamed], 'engine'), []);
    assert.equal(analyzeRuns([v, renamed]).blocked.find((b) => b.factor === 'engine')!.field, 'model');
  });

  it('prefers same-api engine pairs over cross-api ones', () => {
    const mk = (line: number, engine: 'vllm' | 'sglang', api: 'openai' | 'native', rps: number) =>
      mkRun({ line, engine, api, model: 'm', concurrency: 10, metrics: { throughput_rps: rps } });
    const cs = compareBy(
      [mk(1, 'vllm', 'openai', 1), mk(2, 'vllm', 'native', 2), mk(3, 'sglang', 'openai', 3), mk(4, 'sglang', 'native', 4)],
      'engine',
      { metric: 'throughput_rps' },
    );
    assert.deepEqual(
      cs.map((c) => [c.group.api, c.baseline.mean, c.candidate.mean]),
      [
        ['native', 2, 4],
        ['openai', 1, 3],
      ],
    );
  });

  it('scaling across presets: the preset comes with the GPU count', () => {
    const a = mkRun({
      line: 1,
      engine: 'vllm',
      model: 'm',
      gpu: 'V100',
      preset: 'gpu-small',
      gpus: 1,
      concurrency: 10,
      metrics: { output_tps: 500 },
    });
    const b = mkRun({
      line: 2,
      engine: 'vllm',
      model: 'm',
      gpu: 'V100',
      preset: 'gpu-medium',
      gpus: 2,
      concurrency: 10,
      metrics: { output_tps: 550 },
    });
    const [c] = compareBy([a, b], 'scaling');
    assert.equal(c!.efficiency, 550 / 500 / 2);
    assert.equal(c!.group.preset, undefined);
  });

  it('parallelism: pipeline is the baseline, tensor the candidate; mode: no-think baseline; context: shorter baseline', () => {
    const p = mkRun({ line: 1, engine: 'vllm', preset: 'H100X2', gpus: 2, strategy: 'pipeline', metrics: { output_tps: 449.28 } });
    const t = mkRun({ line: 2, engine: 'vllm', preset: 'H100X2', gpus: 2, strategy: 'tensor', metrics: { output_tps: 500.43 } });
    const [c] = compareBy([t, p], 'strategy');
    assert.equal(c!.kind, 'parallelism');
    assert.equal(c!.baseline.value, 'pipeline');
    assert.equal(Math.round(c!.change_pct * 10) / 10, 11.4);
    const think = mkRun({ line: 3, engine: 'vllm', mode: 'think', metrics: { throughput_rps: 0.39 } });
    const nothink = mkRun({ line: 4, engine: 'vllm', mode: 'no-think', metrics: { throughput_rps: 0.68 } });
    const [m] = compareBy([think, nothink], 'mode');
    assert.equal(m!.kind, 'mode');
    assert.equal(m!.baseline.value, 'no-think');
    const long = mkRun({ line: 5, engine: 'vllm', context: 8192, metrics: { output_tps: 600 } });
    const short = mkRun({ line: 6, engine: 'vllm', context: 2048, metrics: { output_tps: 650 } });
    assert.equal(compareBy([long, short], 'context_length')[0]!.baseline.value, 2048);
  });

  it('compareBy filters with where (strings from the CLI too) and rejects an unknown factor', () => {
    const runs = [...vllm2, ...vllm4, vllmRun(900, 2, 15, { concurrency: 50 }), vllmRun(901, 4, 15.5, { concurrency: 50 })];
    assert.equal(compareBy(runs, 'gpus', { metric: 'throughput_rps' }).length, 2);
    const only = compareBy(runs, 'gpus', { metric: 'throughput_rps', where: { concurrency: '50' } });
    assert.deepEqual(
      only.map((c) => c.group.concurrency),
      [50],
    );
    assert.throws(() => compareBy(runs, 'colour'), /unknown comparison factor/);
  });

  it('compareSelections: custom comparison between two where filters', () => {
    const runs = [vllmRun(1, 2, 10, { concurrency: 30 }), vllmRun(2, 2, 14, { concurrency: 50 })];
    const [c] = compareSelections(runs, { concurrency: 30 }, { concurrency: 50 }, { metric: 'throughput_rps' });
    assert.equal(c!.kind, 'custom');
    assert.equal(c!.factor, 'concurrency');
    assert.equal(c!.baseline.label, 'concurrency=30');
    assert.equal(c!.ratio, 1.4);
  });

  it('is deterministic and does not depend on input order', () => {
    const runs = [
      ...vllm2,
      ...vllm4,
      vllmRun(5, 4, 5, { concurrency: 5 }),
      mkRun({ line: 7, engine: 'sglang', gpus: 2, concurrency: 30, metrics: { throughput_rps: 10.78 } }),
    ];
    const a = JSON.stringify(analyzeRuns(runs));
    const b = JSON.stringify(analyzeRuns([...runs].reverse()));
    assert.equal(a, b);
  });

  it('formats a fixed-width comparison table', () => {
    const text = formatComparisonTable(compareBy([...vllm4, ...vllm2], 'gpus'), { metric: 'throughput_rps' });
    const lines = text.trimEnd().split('\n');
    assert.match(lines[0]!, /^scaling by gpus: engine=vllm model=Qwen7B-awq/);
    assert.match(
      lines[1]!,
      /^group\s+metric\s+baseline\s+mean\s+n\s+candidate\s+mean\s+n\s+change\s+95% interval\s+range\s+efficiency\s+flags$/,
    );
    assert.match(
      lines[3]!,
      /throughput_rps\s+2 GPUs\s+11\.56\s+2\s+4 GPUs\s+13\.17\s+2\s+\+13\.9%\s+-28\.4%\.\.\+81\.2%\s+\+9\.3%\.\.\+18\.9%\s+0\.57$/,
    );
    assert.equal(formatComparisonTable([]), 'No comparable configurations.\n');
  });
});

describe('consistency checks', () => {
  it('passes a consistent run and reports each violation with expected/actual', () => {
    const ok = mkRun({
      line: 1,
      concurrency: 30,
      total: 300,
      metrics: {
        throughput_rps: 13.22,
        latency_mean_s: 1.89,
        duration_s: 22.7,
        requests_ok_count: 300,
        requests_failed_count: 0,
        output_tokens: 29939,
        output_tps: 1318.94,
        latency_min_s: 1.1,
        latency_p50_s: 1.9,
        latency_p90_s: 2.16,
        latency_p99_s: 2.29,
        latency_max_s: 2.42,
      },
    });
    assert.deepEqual(checkRun(ok), []);
    const bad = mkRun({
      line: 2,
      concurrency: 30,
      total: 300,
      metrics: {
        throughput_rps: 5,
        latency_mean_s: 1.89,
        duration_s: 22.7,
        requests_ok_count: 250,
        requests_failed_count: 40,
        output_tokens: 29939,
        output_tps: 2000,
        latency_p90_s: 2.5,
        latency_p99_s: 2.29,
      },
    });
    const f = checkRun(bad);
    assert.deepEqual(f.map((x) => x.check).sort(), [
      'errors',
      'failed-vs-total',
      'littles-law',
      'percentiles-monotone',
      'throughput-vs-duration',
      'tokens-per-second',
    ]);
    const little = f.find((x) => x.check === 'littles-law')!;
    assert.equal(little.expected, 30);
    assert.equal(little.actual, 5 * 1.89);
    assert.equal(f.find((x) => x.check === 'failed-vs-total')!.expected, 50);
    assert.equal(f.find((x) => x.check === 'percentiles-monotone')!.actual, 2.29);
    assert.equal(f.find((x) => x.check === 'errors')!.actual, (40 / 300) * 100);
  });

  it('skips Little’s law for an open-loop (request rate) client and never throws on odd input', () => {
    const open = mkRun({ line: 1, concurrency: 30, metrics: { throughput_rps: 1, latency_mean_s: 1 } });
    open.client!.request_rate = 5;
    assert.deepEqual(checkRun(open), []);
    const odd = { ...mkRun({ line: 2 }), metrics: undefined } as never;
    assert.doesNotThrow(() => checkRun(odd));
  });

  it('errors above 10% of the requests', () => {
    const r = mkRun({ line: 1, total: 100, metrics: { requests_failed_count: 20 } });
    const [f] = checkRun(r);
    assert.equal(f!.check, 'errors');
    assert.equal(f!.actual, 20);
    assert.deepEqual(checkRun(mkRun({ line: 1, total: 100, metrics: { requests_failed_count: 10 } })), []);
  });
});

describe('observations', () => {
  const table = (row: number, preset: string, gen: number, errs: number) => {
    const r = mkRun({
      line: 118,
      engine: 'vllm',
      preset,
      gpus: 1,
      concurrency: 10,
      total: 100,
      metrics: { output_tps: gen, input_tps: gen / 10, requests_failed_count: errs },
    });
    r.source.row = row;
    r.id = `logs/t.md:118:${row}`;
    return r;
  };

  it('names the highest and lowest per table by preset, lists errors, and never names a >10%-failed run best silently', () => {
    const runs = [table(1, 'H100X1', 649.78, 0), table(2, 'gpu-small', 676.1, 20), table(3, 'mi210x2', 125.16, 10)];
    const texts = buildObservations(runs).map((o) => o.text);
    assert.ok(texts.includes('Highest Gen TPS: gpu-small with 676.10 tok/s (but 20% of its requests failed)'), texts.join('\n'));
    assert.ok(texts.includes('Lowest Gen TPS: mi210x2 with 125.16 tok/s'));
    assert.ok(texts.includes('Notable errors on: gpu-small (20 errs), mi210x2 (10 errs)'));
  });

  it('reports warm-up suspects and sub-linear scaling', () => {
    const runs = [vllmRun(630, 2, 11.12), vllmRun(660, 2, 12.0), vllmRun(447, 4, 13.22), vllmRun(477, 4, 13.12)];
    const s = analyzeRuns(runs);
    const sub = s.observations.find((o) => o.kind === 'sublinear-scaling')!;
    assert.equal(sub.text, 'vLLM Qwen7B-awq on NVIDIA A10 8192 ctx 2→4 GPUs at concurrency 30: throughput +13.9% (efficiency 0.57)');
    const w = analyzeRuns([vllmRun(1, 4, 5), vllmRun(2, 4, 13), vllmRun(3, 4, 13)]).observations.find((o) => o.kind === 'warmup')!;
    assert.match(w.text, /^Warm-up effect suspected on vLLM 4 GPUs \(line 1\) \(Throughput 5\.00 req\/s\): first run after launch/);
  });
});

it('changeRange equals the brute-force min..max over all run pairs, and scales to large inputs', async () => {
  const { changeRange } = await import('../../src/analyze/compare');
  const brute = (b: number[], c: number[]) => {
    const all = b.flatMap((x) => (x === 0 ? [] : c.map((y) => (y / x - 1) * 100)));
    return all.length ? [Math.min(...all), Math.max(...all)] : undefined;
  };
  const cases: Array<[number[], number[]]> = [
    [
      [11.12, 12.0],
      [13.22, 13.12],
    ],
    [
      [2, 0, 5],
      [1, 9],
    ],
    [
      [-2, 3],
      [4, -1],
    ],
    [[0], [1]],
    [[7], [7]],
  ];
  for (const [b, c] of cases) assert.deepEqual(changeRange(b, c), brute(b, c), JSON.stringify([b, c]));
  const big = Array.from({ length: 200_000 }, (_, i) => 1 + (i % 97));
  assert.deepEqual(changeRange(big, big), [(1 / 97 - 1) * 100, (97 - 1) * 100]);
});
