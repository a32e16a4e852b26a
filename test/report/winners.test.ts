/** Winners of a results table (issue 29): best and worst per metric, lower is better for times, ties named. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Configuration } from '../../src/analyze/types';
import { winnerLine } from '../../src/report/view/winners';

function conf(name: string, metrics: Record<string, number>): Configuration {
  const stats = Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, { n: 1, mean: v, min: v, max: v }]));
  return { id: name, group: { preset: name }, runs: [name], excluded: [], metrics: stats } as unknown as Configuration;
}

const nameOf = (c: Configuration): string => String(c.group.preset);

it('throughput: the highest is best', () => {
  const confs = [conf('gpu-small', { output_tps: 676.1 }), conf('H100X1', { output_tps: 564.79 }), conf('mi210x1', { output_tps: 12 })];
  assert.equal(
    winnerLine(confs, 'output_tps', nameOf),
    'Highest output tok/s: gpu-small with 676.10 tok/s; lowest: mi210x1 with 12.00 tok/s.',
  );
});

it('latency: the lowest is best; ties name both; sub-1 values get three decimals', () => {
  const confs = [conf('a', { latency_mean_s: 0.25 }), conf('b', { latency_mean_s: 0.25 }), conf('c', { latency_mean_s: 0.5 })];
  assert.equal(winnerLine(confs, 'latency_mean_s', nameOf), 'Lowest latency mean: a and b with 0.250 s; highest: c with 0.500 s.');
});

it('no line when every row has the same value or a single row has it', () => {
  assert.equal(winnerLine([conf('a', { output_tps: 5 }), conf('b', { output_tps: 5 })], 'output_tps', nameOf), undefined);
  assert.equal(winnerLine([conf('a', { output_tps: 5 }), conf('b', {})], 'output_tps', nameOf), undefined);
});

it('names from logs are escaped', () => {
  const confs = [conf('<b>x</b>', { output_tps: 2 }), conf('y', { output_tps: 1 })];
  assert.match(winnerLine(confs, 'output_tps', nameOf) ?? '', /\\<b\\>x\\<\/b\\>/);
});
