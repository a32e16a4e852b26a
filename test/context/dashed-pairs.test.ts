/**
 * One `name=value` / `--flag value` reader for log lines and table labels (context/dashed-pairs.ts):
 * a dashed or dotted name is read whole through the settings vocabulary, never by its tail
 * (`request-rate=8` is the request rate, `burst-rate=8` is nothing), and a line and a label that
 * say the same thing give the same settings.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { flagPairs, namedPairs } from '../../src/ingest/context/dashed-pairs';
import { settingsOfFlags, settingsOfLine } from '../../src/ingest/context/settings-line';
import { settingsOfLabel } from '../../src/ingest/tables/label-settings';

const ofLine = (line: string) => (settingsOfLine(line)?.settings ?? []).map((s) => [s.key, s.value]);
const ofLabel = (label: string) => settingsOfLabel(label).map((s) => [s.key, s.value]);

describe('dashed and dotted names, read whole', () => {
  it('a log line: `request-rate=8` is the request rate, `max-model-len=4096` the context length', () => {
    assert.deepEqual(ofLine('=== run request-rate=8 max-model-len=4096 ==='), [
      ['request_rate', 8],
      ['context_length', 4096],
    ]);
  });
  it('a dashed name the vocabulary does not know says nothing, not its last word', () => {
    // `burst-rate` and `warmup-rate` are not the request rate; `prefill-tp` is no tensor parallelism.
    assert.deepEqual(ofLine('phase warmup-rate=2 burst-rate=50 prefill-tp=8 done'), []);
  });
  it('`--num-prompts=200` and `--request-rate=4` inside a log line', () => {
    assert.deepEqual(ofLine('args: --num-prompts=200 --request-rate=4'), [
      ['total_requests', 200],
      ['request_rate', 4],
    ]);
  });
  it('a dotted config path: whole when the vocabulary knows it, else its last key', () => {
    assert.deepEqual(ofLine('overrides: vllm.tensor_parallel_size=2 engine.max_model_len=8192'), [
      ['tp', 2],
      ['engine', 'vllm'],
      ['context_length', 8192],
    ]);
  });
  it('a pin is no pair; a value ends at a closing bracket or a full stop', () => {
    assert.deepEqual(namedPairs('pip install vllm==0.6.3'), []);
    assert.deepEqual(ofLine('Namespace(tp=2, concurrency=16)'), [
      ['tp', 2],
      ['concurrency', 16],
    ]);
    assert.deepEqual(ofLine('We ran it at rate=3.'), [['request_rate', 3]]);
  });
});

describe('a label and a line read alike', () => {
  const same: Array<[string, Array<[string, string | number]>]> = [
    ['request-rate=8', [['request_rate', 8]]],
    ['tensor-parallel-size=2', [['tp', 2]]],
    ['--max-model-len=16384', [['context_length', 16384]]],
  ];
  for (const [text, want] of same) {
    it(`\`${text}\``, () => {
      assert.deepEqual(ofLine(`run ${text} done`), want);
      assert.deepEqual(ofLabel(`vLLM (${text})`), want);
    });
  }
  it('flags: `--tp 2` in a label and in shell words', () => {
    assert.deepEqual(ofLabel('SGLang (--tp 2, --max-model-len 8192)'), [
      ['tp', 2],
      ['context_length', 8192],
    ]);
    assert.deepEqual(
      settingsOfFlags(['--tp', '2', '--max-model-len', '8192']).map((s) => [s.key, s.value]),
      [
        ['tp', 2],
        ['context_length', 8192],
      ],
    );
  });
  it('a flag followed by another flag has no value', () => {
    assert.deepEqual(flagPairs(['--trust-remote-code', '--tp', '4']), [{ name: '--tp', value: '4' }]);
  });
});
