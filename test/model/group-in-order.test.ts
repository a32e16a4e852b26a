import assert from 'node:assert/strict';
import { test } from 'node:test';
import { groupInOrder } from '../../src/model/group-in-order';

test('groups and their items keep the order of first appearance', () => {
  const items = ['b1', 'a1', 'b2', 'c1', 'a2'];
  assert.deepEqual(
    groupInOrder(items, (s) => s[0]),
    [['b1', 'b2'], ['a1', 'a2'], ['c1']],
  );
});

test('keys are compared as Map keys: 1 and "1" are two groups, NaN is one', () => {
  assert.deepEqual(
    groupInOrder([1, '1', 1], (x) => x),
    [[1, 1], ['1']],
  );
  assert.deepEqual(groupInOrder([Number.NaN, Number.NaN], (x) => x).length, 1);
  assert.deepEqual(
    groupInOrder([], (x) => x),
    [],
  );
});
