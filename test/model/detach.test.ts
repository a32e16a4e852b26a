/**
 * detach(): a string kept from a chunk must not keep the chunk alive (issue 9: streaming a
 * 1 GB log kept most of its chunks through cached labels and kept diagnostics).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import v8 from 'node:v8';
import vm from 'node:vm';
import { detach } from '../../src/model/detach';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Heap used after a full collection, MiB, while `keep` is still referenced. */
function heapWith(make: () => string): { mib: number; kept: string } {
  const kept = make();
  gc();
  gc();
  return { mib: v8.getHeapStatistics().used_heap_size / 2 ** 20, kept };
}

/** A 16 MiB chunk (two-byte, as a log with box glyphs is) and a label cut out of it. */
function labelOfChunk(copy: boolean): string {
  const chunk = `│ ${'x'.repeat(8 * 2 ** 20)} │ Average Response Time │`;
  const label = chunk.slice(chunk.length - 24, chunk.length - 2);
  return copy ? detach(label) : label;
}

describe('detach', () => {
  it('gives an equal string', () => {
    for (const s of ['', 'a', 'twelve chars', 'Average Response Time', '表格 │ 📊 '.repeat(5)]) assert.equal(detach(s), s);
  });
  it('lets the chunk a kept label was cut from be collected; the plain slice keeps it', () => {
    // Each measured on its own: a label still referenced from the first would keep its chunk.
    const base = heapWith(() => '').mib;
    const copied = heapWith(() => labelOfChunk(true));
    const copiedMib = copied.mib - base;
    const copiedText = copied.kept;
    const slicedMib = heapWith(() => labelOfChunk(false)).mib - base;
    assert.equal(copiedText, ' Average Response Time');
    // The chunk is 16 MiB: a slice keeps all of it, the detached copy none of it.
    assert.ok(slicedMib > 12, `a slice keeps its chunk (heap +${slicedMib.toFixed(1)} MiB)`);
    assert.ok(copiedMib < 4, `a detached copy does not (heap +${copiedMib.toFixed(1)} MiB)`);
  });
});
