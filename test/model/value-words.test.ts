/**
 * One definition of a group value in prose (model/value-words.ts): the claims check, the chart
 * labels and the report's sentences say a value alike (they drifted: claims wrote "context 2048"
 * where the report wrote "context 2,048").
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { settingWords as claimWords } from '../../src/analyze/claims/words';
import { valueLabel } from '../../src/charts/format';
import { GROUP_KEYS, type GroupKey } from '../../src/model/run-group';
import { listWords, settingNumber, valueWords } from '../../src/model/value-words';
import { valueWords as reportWords } from '../../src/report/view/question-words';

describe('value words', () => {
  it('says settings as a reader writes them', () => {
    assert.equal(valueWords('context_length', 8192), 'context 8,192');
    assert.equal(valueWords('gpus', 1), '1 GPU');
    assert.equal(valueWords('api', 'openai'), 'OpenAI API');
    assert.equal(valueWords('strategy', 'tensor'), 'tensor parallel');
    assert.equal(settingNumber(0.7), '0.7');
  });

  it('lists items as a sentence does (claims, chart captions and the report share it)', () => {
    assert.equal(listWords([]), '');
    assert.equal(listWords(['TTFT']), 'TTFT');
    assert.equal(listWords(['a', 'b', 'c']), 'a, b and c');
    assert.equal(listWords(['a', 'b'], 'or'), 'a or b');
  });

  it('the claims check, the charts and the report share it', () => {
    const shared: GroupKey[] = GROUP_KEYS.filter((k) => !['mode', 'preset', 'model'].includes(k));
    fc.assert(
      fc.property(
        fc.constantFrom(...shared),
        fc.oneof(fc.integer({ min: 0, max: 1e6 }), fc.constantFrom('vllm', 'openai', 'native', 'H100')),
        (k, v) => {
          assert.equal(claimWords(k, v), valueWords(k, v));
          assert.equal(reportWords(k, v), valueWords(k, v));
        },
      ),
    );
    for (const k of ['engine', 'gpus', 'api'] as const)
      for (const v of ['sglang', 'native', 2, 1]) assert.equal(valueLabel(k, v), valueWords(k, v));
    // A claim names the key of a preset, a model and a mode, which stand alone in its sentences.
    assert.deepEqual([claimWords('preset', 'H100X2'), claimWords('mode', 'think')], ['preset H100X2', 'think mode']);
  });
});
