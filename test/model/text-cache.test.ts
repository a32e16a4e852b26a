/** TextCache: one answer per text (undefined ones too), bounded by clearing when full. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextCache } from '../../src/model/text-cache';

describe('TextCache', () => {
  it('computes each text once, an undefined answer included', () => {
    const asked: string[] = [];
    const cache = new TextCache<number | undefined>(8);
    const len = (t: string): number | undefined => {
      asked.push(t);
      return t === 'none' ? undefined : t.length;
    };
    assert.equal(cache.get('vLLM results', len), 12);
    assert.equal(cache.get('none', len), undefined);
    // An equal text cut from elsewhere (a different string object) is the same key.
    const again = '## vLLM results'.slice(3);
    assert.equal(cache.get(again, len), 12);
    assert.equal(cache.get('none', len), undefined);
    assert.deepEqual(asked, ['vLLM results', 'none']);
  });
  it('keeps at most max answers: when full it starts again', () => {
    const asked: string[] = [];
    const cache = new TextCache<string>(3);
    const up = (t: string): string => {
      asked.push(t);
      return t.toUpperCase();
    };
    for (const t of ['a', 'b', 'c']) cache.get(t, up);
    cache.get('a', up); // still kept
    cache.get('d', up); // full: dropped a, b, c
    cache.get('a', up); // asked again
    assert.deepEqual(asked, ['a', 'b', 'c', 'd', 'a']);
    assert.equal(cache.size, 2, 'd and a');
  });
});
