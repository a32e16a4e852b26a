/** 95% intervals over repeats (src/analyze/interval.ts), against values worked by hand. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { changeInterval, meanInterval } from '../../src/analyze/interval';

const close = (a: number, b: number, eps = 0.01): void => assert.ok(Math.abs(a - b) < eps, `${a} is not ${b}`);

test('a mean: Student t with n − 1 degrees of freedom', () => {
  // mean 2, s 1, n 3: t(0.975, 2) = 4.3027, half-width 4.3027 / √3 = 2.4841.
  const [lo, hi] = meanInterval([1, 2, 3])!;
  close(lo, -0.4841, 1e-4);
  close(hi, 4.4841, 1e-4);
  assert.equal(meanInterval([5]), undefined, 'one run: no interval');
});

test('a change of two means: Welch on the log ratio, in change-% terms', () => {
  // 10 ± 0.71 → 12 ± 0.85 (n 2 each): relative variances 0.0025 each, 2 degrees of freedom,
  // log ratio 0.1823 ± 4.3027 × √0.005 → −11.48% … +62.67%.
  const [lo, hi] = changeInterval([9.5, 10.5], [11.4, 12.6])!;
  close(lo, -11.48);
  close(hi, 62.67);
  // No spread on either side: the change itself.
  assert.deepEqual(
    changeInterval([10, 10], [11.4, 11.4])!.map((x) => Number(x.toFixed(9))),
    [14, 14],
  );
  // More repeats narrow it.
  const many = changeInterval([9.5, 10.5, 9.5, 10.5, 9.5, 10.5], [11.4, 12.6, 11.4, 12.6, 11.4, 12.6])!;
  assert.ok(many[0] > lo && many[1] < hi);
});

test('a side with a single run, or a mean that is not positive: no interval', () => {
  assert.equal(changeInterval([10], [11, 12]), undefined);
  assert.equal(changeInterval([10, 11], [12]), undefined);
  assert.equal(changeInterval([-1, 1], [2, 3]), undefined);
});
