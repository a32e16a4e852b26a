/**
 * The capacity's 95% interval in words (issue 28): the interval with the fewest repeats at a
 * level, "noise unknown" naming the levels with a single run, nothing for a capacity never met.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CapacityGroup, CapacityLevel } from '../../src/analyze/capacity';
import { intervalWords } from '../../src/report/view/capacity-words';

function level(value: number, n: number): CapacityLevel {
  return { value, n, runs: [], metrics: {}, failing: [], missing: [] };
}

function group(ns: Array<[number, number]>, extra: Partial<CapacityGroup>): CapacityGroup {
  return {
    group: { engine: 'vllm' },
    load: 'concurrency',
    max_concurrency: 21.5,
    bound: 'interpolated',
    goodput_rps: 4.2,
    limited_by: 'latency_p99_s<=2',
    levels: ns.map(([v, n]) => level(v, n)),
    excluded: [],
    text: '',
    ...extra,
  };
}

describe('capacity interval words', () => {
  it('the interval and the repeats it rests on ("at least" when some level has more)', () => {
    const even = group(
      [
        [8, 3],
        [32, 3],
      ],
      { repeats: 3, ci95: [18.24, 24.5] },
    );
    assert.equal(intervalWords(even), '95% interval 18.2\u00a0…\u00a024.5, 3 runs a level');
    const uneven = group(
      [
        [8, 2],
        [32, 4],
      ],
      { repeats: 2, ci95: [18.24, 24.5] },
    );
    assert.equal(intervalWords(uneven), '95% interval 18.2\u00a0…\u00a024.5, at least 2 runs a level');
  });

  it('noise unknown names the levels with a single run; nothing without repeats or a capacity', () => {
    const levels: Array<[number, number]> = [
      [4, 1],
      [8, 1],
      [32, 2],
    ];
    assert.equal(intervalWords(group(levels, { repeats: 1 })), 'noise unknown: 1 run at 4 and 8');
    assert.equal(intervalWords(group([[4, 1]], { repeats: 1 })), 'noise unknown: 1 run a level');
    assert.equal(intervalWords(group(levels, {})), '', 'a result that does not say its repeats');
    assert.equal(intervalWords(group(levels, { repeats: 1, max_concurrency: null, bound: 'never-met' })), '');
  });
});
