/**
 * Round five's scope kinds: a model named in prose without the word (`I ran Gemma 2 9B …`), inferred
 * while it is the only one the text names; hand-written `Key: A vs B` comparisons, one run per side;
 * a script's printed argparse `Namespace(…)` as the settings of the runs after it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { modelMentionsIn, onlyModelNamed } from '../../src/ingest/context/model-mention';
import { settingsOfProse } from '../../src/ingest/context/prose-settings';
import { settingsOfLine } from '../../src/ingest/context/settings-line';
import { parseLog } from '../../src/ingest/index';
import { findModelMentions } from '../../src/ingest/markdown-report/model-names';
import type { RunRecord } from '../../src/model/records';
import { parseFixture } from './helpers';

const runsOf = (text: string, file = 'notes.txt'): RunRecord[] =>
  parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');

describe('model names without the word', () => {
  it('family, version and size; dashed names; tags; files; ids', () => {
    const names = (t: string) => modelMentionsIn(t).map((m) => m.name);
    assert.deepEqual(names('I tested Meta’s Llama 3 8B (Q4_K_M quantization) on three engines'), ['Llama 3 8B']);
    assert.deepEqual(names('served Qwen2.5-7B-Instruct today'), ['Qwen2.5-7B-Instruct']);
    assert.deepEqual(names('pulled qwen2.5:14b first'), ['qwen2.5:14b']);
    assert.deepEqual(names('loaded ./weights/phi-2.Q5_K_M.gguf'), ['phi-2.Q5_K_M.gguf']);
    assert.deepEqual(names('with meta-llama/Llama-3.1-70B-Instruct on 8 GPUs'), ['meta-llama/Llama-3.1-70B-Instruct']);
    assert.deepEqual(names('bloomz-560m has a long first token'), ['bloomz-560m']);
  });
  it('no name in sizes alone, times or ordinary capitalised words', () => {
    for (const t of ['Total 8B params', 'a timeout-30m run', 'GPT-4 and Claude 3', 'With 70B we ran out of memory', 'took 5m 12s']) {
      assert.deepEqual(modelMentionsIn(t), [], t);
    }
  });
  it('the one model a text names; none when it names two', () => {
    const one = onlyModelNamed([
      { line: 3, text: 'I ran Llama 3 8B on three engines.' },
      { line: 9, text: 'Llama-3-8B again, with a longer prompt.' },
    ]);
    assert.deepEqual(one && { name: one.name, line: one.line }, { name: 'Llama 3 8B', line: 3 });
    assert.equal(onlyModelNamed([{ line: 1, text: 'Mistral 7B vs Mixtral 8x7B' }]), undefined);
  });
  it('a console text: the runs take the one model, marked inferred', () => {
    const { runs } = parseFixture('prose-model.log');
    assert.equal(runs.length, 2);
    for (const r of runs) {
      assert.equal(r.model, 'Gemma 2 9B');
      assert.match(r.provenance.model ?? '', /line 1 .*inferred/);
    }
  });
  it('a text naming two models gives none', () => {
    const { runs } = parseFixture('prose-two-models.log');
    assert.equal(runs.length, 1);
    assert.equal(runs[0]?.model, undefined);
  });
  it('an inferred name never replaces a stated one, nor makes a conflict', () => {
    const text = [
      'Model: acme/chat-3b',
      'I had tried Llama 3 8B before, too slow.',
      '',
      'Generation throughput: 24.9 tokens/s',
      'End-to-end latency: 5.4 s',
    ].join('\n');
    const res = parseLog(text, { file: 'n.txt' });
    const run = res.records.find((r): r is RunRecord => r.kind === 'run');
    assert.equal(run?.model, 'chat-3b');
    assert.ok(!res.diagnostics.some((d) => d.code === 'conflicting-context'));
  });
  it('a model named in parentheses after the word', () => {
    const got = settingsOfProse('Same model used in both tests (Hermes 3 8B MLX from the hub).').find((s) => s.key === 'model');
    assert.equal(got?.value, 'Hermes 3 8B MLX');
    for (const t of ['a small model (7B)', 'the model (4-bit) was slow', 'Small model (1.5B parameters) on a big GPU']) {
      assert.equal(
        settingsOfProse(t).find((s) => s.key === 'model'),
        undefined,
        t,
      );
    }
  });
});

describe('settings stated in sentences', () => {
  const of = (t: string) => Object.fromEntries(settingsOfProse(t).map((s) => [s.key, s.value]));
  it('lengths as `<what> length N` and `a prompt of N tokens`', () => {
    assert.deepEqual(of('Averaged over 50 runs. Prompt length 256. Token generation length 64. Top K 5.'), {
      input_len: 256,
      output_len: 64,
    });
    assert.deepEqual(of('each with a prompt of 1024 tokens'), { input_len: 1024 });
    assert.deepEqual(of('input length: 512, output length = 128'), { input_len: 512, output_len: 128 });
    // A share or a decimal is no length.
    assert.deepEqual(of('generation length 12.5% shorter'), {});
  });
  it('`NAME Model`: a name with a digit right before the word', () => {
    assert.deepEqual(of('End-to-end figures of Gemma-2 Model with the new runtime'), { model: 'Gemma-2' });
    for (const t of ['the 7B model was fine', 'an H100 model card', 'the v2 model']) assert.deepEqual(of(t), {}, t);
  });
  it('a llama.cpp or ggml example command: model file, tokens to predict, context size', () => {
    const of2 = (t: string) => Object.fromEntries((settingsOfLine(t)?.settings ?? []).map((s) => [s.key, s.value]));
    assert.deepEqual(of2('$ ./main -m models/13B/q5_k.gguf -n 200 -c 4096 -p "Hi"'), {
      model: 'models/13B/q5_k.gguf',
      max_tokens: 200,
      context_length: 4096,
    });
    assert.deepEqual(of2('ran it as: `./bin/gpt-j -m ./ggml-gptj-q4.bin -n 64`'), { model: './ggml-gptj-q4.bin', max_tokens: 64 });
    // A load tool's `-n` is its request count, never tokens to predict.
    assert.equal(of2('hey -n 100 -c 10 http://localhost:8080/').max_tokens, undefined);
  });
  it('a `Concurrent clients: N` line is the concurrency', () => {
    const line = settingsOfLine('Concurrent clients:  40');
    assert.deepEqual(
      line?.settings.map((s) => [s.key, s.value]),
      [['concurrency', 40]],
    );
  });
});

describe('hand-written comparisons', () => {
  it('`Key: a vs b` lines: one run per side, named by the `A vs B` line above', () => {
    const { runs } = parseFixture('vs-comparison.md');
    assert.deepEqual(
      runs.map((r) => [r.title, r.metrics.output_tps, r.metrics.load_s, r.client?.input_len, r.model]),
      [
        ['Jan 0.6.1', 21.3, 7.5, 2048, 'Mistral Nemo 12B Q4'],
        ['GPT4All 3.2', 17.8, 11, 2048, 'Mistral Nemo 12B Q4'],
      ],
    );
  });
  it('sides not named above are side 1 and side 2, said so', () => {
    const res = parseLog('Tokens per second: 30 vs 25\nTTFT (ms): 210 vs 260\n', { file: 'c.txt' });
    const runs = res.records.filter((r): r is RunRecord => r.kind === 'run');
    assert.deepEqual(
      runs.map((r) => [r.title, r.metrics.output_tps]),
      [
        ['side 1', 30],
        ['side 2', 25],
      ],
    );
    assert.ok(res.diagnostics.some((d) => d.code === 'context-missing' && /not named/.test(d.message)));
  });
  it('one subject per line with its token rate: a run per subject; a list of quantities stays one run', () => {
    const { runs } = parseFixture('subject-list.md');
    assert.deepEqual(
      runs.map((r) => [r.title, r.metrics.output_tps, r.metrics.ttft_mean_ms, r.metrics.input_tps]),
      [
        ['Ollama 0.6.2', 31.7, undefined, undefined],
        ['llama.cpp b5120', 44.9, 220, undefined],
        ['Jan 0.6.1', 40.3, undefined, undefined],
        [undefined, 47.5, undefined, 1210],
      ],
    );
    // A single such line is no list.
    assert.deepEqual(runsOf('- Ollama 0.6.2: 31.7 tok/s\n'), []);
  });
  it('no run from a comparison of things that are not performance', () => {
    assert.deepEqual(runsOf('Phone A vs Phone B\n\nWeight: 180 g vs 204 g\nPrice: 799 vs 999\n'), []);
  });
});

describe('a script’s printed arguments', () => {
  it('argparse Namespace: token-length arguments are the runs’ lengths', () => {
    const line = settingsOfLine("Namespace(model_dir='/opt/llm/falcon-1b/', max_new_tokens=48, input_tokens='96')");
    const got = Object.fromEntries((line?.settings ?? []).map((s) => [s.key, s.value]));
    assert.deepEqual(got, { model: '/opt/llm/falcon-1b/', max_tokens: 48, input_len: 96 });
    // Outside an argument dump `input_tokens` may be a measured count: no setting.
    assert.equal(settingsOfLine('input_tokens=96 output_tokens=12')?.settings.some((s) => s.key === 'input_len') ?? false, false);
  });
  it('the runs below take them; a folder with its slash is named by its last part', () => {
    const { runs } = parseFixture('script-arguments.txt');
    assert.equal(runs.length, 1);
    const r = runs[0] as RunRecord;
    assert.deepEqual(
      [r.model, r.server?.model_path, r.client?.max_tokens, r.client?.input_len],
      ['falcon-1b', '/opt/llm/falcon-1b/', 48, 96],
    );
  });
});

describe('one parameter-size token and one word scan for line mentions and report short names', () => {
  // The line reader (strict) and the report's short-name reader (loose) share the size token: a
  // name-size word is a mention to both or to neither.
  const tokens = ['8B', '1.5b', '560m', '350M', '8x7B', '8x22b', '8x7m', '7', 'B8', '1.5', '30s'];
  for (const token of tokens) {
    it(`\`Mixtral-${token}\``, () => {
      const word = `Mixtral-${token}`;
      const line = modelMentionsIn(`served ${word} today`).some((m) => m.name === word);
      const report = findModelMentions(`served ${word} today`).includes(word);
      assert.equal(line, report, word);
    });
  }
  it('the loose scan also takes an underscore join and a `key:` before the name', () => {
    assert.deepEqual(findModelMentions('model:Qwen_1.5B, 64k ctx'), ['Qwen_1.5B']);
    assert.deepEqual(
      modelMentionsIn('model:Qwen_1.5B').map((m) => m.name),
      [],
    );
  });
});
