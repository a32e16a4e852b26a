/** compareBy on tp/dp/pp, and explainEmptyComparison's conditions in the order compareBy applies them. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as analyze from '../../src/analyze';
import type { RunRecord } from '../../src/model/records';
import { vllmRun } from './helpers';

function withDegrees(run: RunRecord, tp: number, dp: number, pp: number): RunRecord {
  const strategy =
    tp * dp * pp === 1
      ? 'single'
      : [tp, dp, pp].filter((d) => d > 1).length > 1
        ? 'mixed'
        : tp > 1
          ? 'tensor'
          : dp > 1
            ? 'data'
            : 'pipeline';
  return { ...run, parallelism: { tp, dp, pp, gpus: tp * dp * pp, strategy } };
}

describe('tp, dp and pp factors', () => {
  it('compare tp 2 → 4 at equal dp and pp (GPUs and strategy come with the degree)', () => {
    const runs = [
      withDegrees(vllmRun(1, 2, 10), 2, 1, 1),
      withDegrees(vllmRun(2, 2, 11), 2, 1, 1),
      withDegrees(vllmRun(3, 4, 15), 4, 1, 1),
      withDegrees(vllmRun(4, 1, 6), 1, 1, 1),
    ];
    const c = analyze.compareBy(runs, 'tp', { metric: 'throughput_rps' });
    assert.deepEqual(
      c.map((x) => [x.kind, x.factor, x.baseline.label, x.candidate.label, x.baseline.mean, x.candidate.mean]),
      [
        ['parallelism', 'tp', 'tp=1', 'tp=2', 6, 10.5],
        ['parallelism', 'tp', 'tp=1', 'tp=4', 6, 15],
        ['parallelism', 'tp', 'tp=2', 'tp=4', 10.5, 15],
      ],
    );
  });

  it('a pair whose other degrees differ is not comparable, and the explanation says so', () => {
    const runs = [withDegrees(vllmRun(1, 4, 10), 2, 2, 1), withDegrees(vllmRun(2, 4, 12), 4, 1, 1)];
    assert.deepEqual(analyze.compareBy(runs, 'tp'), []);
    const why = analyze.explainEmptyComparison(runs, 'tp');
    assert.match(why, /^tp differs in 1 pair of configurations, but every pair also differs in dp \(1 pair\):\n/);
    assert.match(why, /strategy=mixed .* vs .*strategy=tensor .*: dp 2 ≠ 1$/);
  });
});

describe('explainEmptyComparison', () => {
  it('no runs', () => {
    assert.equal(analyze.explainEmptyComparison([], 'gpus'), 'no runs were read from the inputs');
  });

  it('no value of the factor', () => {
    assert.equal(analyze.explainEmptyComparison([vllmRun(1, 2, 10)], 'mode'), 'none of the 1 run has a value for mode');
  });

  it('pairs comparable but the metric is missing on a side', () => {
    const runs = [vllmRun(1, 2, 10), { ...vllmRun(2, 4, 12), metrics: { output_tps: 1200 } }];
    assert.deepEqual(analyze.compareBy(runs, 'gpus', { metric: 'throughput_rps' }), []);
    assert.equal(
      analyze.explainEmptyComparison(runs, 'gpus', { metric: 'throughput_rps' }),
      '1 comparable pair by gpus, but none has throughput_rps on both sides',
    );
  });

  it('a blocking field other than a degree is named with both values', () => {
    const runs = [vllmRun(1, 2, 10), vllmRun(2, 4, 12, { model: 'Llama-8B' })];
    assert.equal(
      analyze.explainEmptyComparison(runs, 'gpus'),
      [
        'gpus differs in 1 pair of configurations, but every pair also differs in model (1 pair):',
        '  engine=vllm model=Qwen7B-awq gpu=NVIDIA A10 gpus=2 strategy=tensor concurrency=30 max_tokens=256 context_length=8192 api=openai  vs  engine=vllm model=Llama-8B gpu=NVIDIA A10 gpus=4 strategy=tensor concurrency=30 max_tokens=256 context_length=8192 api=openai: model Qwen7B-awq ≠ Llama-8B',
      ].join('\n'),
    );
  });
});
