/**
 * The line readers behind issue 20's settings: GPU names, settings values with units and
 * glosses, pipe rows, check-mark lines, slash pairs, script command lines, sentences that state
 * a GPU / model / token lengths, headings with `name=value` pairs, shell variables, and the
 * client-command forms real notes use (a label before the command, `docker exec`, evalscope's
 * `-n`/`--rate`, a Hugging Face dataset behind `--dataset-name hf`). Each form has cases that
 * must state nothing, and the parsers have fast-check properties.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { clientToolAt, readClientCommand } from '../../src/ingest/context/client-command';
import { gpuMentions, oneGpuIn } from '../../src/ingest/context/gpu-names';
import { settingsOfHeading } from '../../src/ingest/context/heading-settings';
import { settingsOfProse } from '../../src/ingest/context/prose-settings';
import { serverOfLogLine } from '../../src/ingest/context/server-log';
import { settingsOfLine } from '../../src/ingest/context/settings-line';
import { readSetting, settingsOfPair } from '../../src/ingest/context/settings-vocabulary';
import { assignmentsOf, substitute } from '../../src/ingest/context/shell-variables';
import { parseLaunchCommand } from '../../src/ingest/launch-command';
import { classifyContextLine } from '../../src/ingest/scope/labels';

type Said = Array<[string, string | number]>;
const line = (text: string): Said | undefined => settingsOfLine(text)?.settings.map((s) => [s.key, s.value]);
const pair = (name: string, value: string): Said => settingsOfPair(name, value).map((s) => [s.key, s.value]);
const prose = (text: string): Said => settingsOfProse(text).map((s) => [s.key, s.value]);

describe('GPU names', () => {
  it('are whole words from the list, vendor and variant kept', () => {
    assert.deepEqual(
      gpuMentions('on NVIDIA A40, an A100 80GB, a RTX 5060 Ti 16GB, GB10, L40S, MI300X and TPU v6e-4').map((g) => g.name),
      ['NVIDIA A40', 'A100 80GB', 'RTX 5060 Ti 16GB', 'GB10', 'L40S', 'MI300X', 'TPU v6e-4'],
    );
  });
  it('are not a preset, a machine type, a label or lower-case prose', () => {
    for (const text of ['H100X1', 'gx3-48x240x2l40s', 'section A1', 'a100 in lower case', 'model-A100x', 'A1000'])
      assert.deepEqual(gpuMentions(text), [], text);
    assert.equal(oneGpuIn('gpu: a100', true)?.name, 'a100', 'a GPU field is read in any case');
  });
  it('one model named twice is one GPU; two models are none', () => {
    assert.equal(oneGpuIn('2 A10 and 4 A10 GPUs')?.model, 'A10');
    assert.equal(oneGpuIn('H100 vs A100'), undefined);
  });
  it('property: a listed name between any words is found; glued to a word it is not', () => {
    const names = fc.constantFrom('H100', 'A100', 'L40S', 'H20', 'GB10', 'RTX 4090', 'MI300X', 'A6000');
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(word, names, word, (before, name, after) => {
        assert.equal(oneGpuIn(`${before} ${name} ${after}`)?.model, name.toUpperCase());
        assert.equal(oneGpuIn(`${before}${name}${after}`), undefined);
      }),
    );
  });
});

describe('settings values', () => {
  it('a count with its unit or a gloss', () => {
    assert.deepEqual(pair('Max Model Length', '2048 tokens'), [['context_length', 2048]]);
    assert.deepEqual(pair('GPUs Used', '**2 (two)**'.replace(/\*/g, '')), [['gpus', 2]]);
    assert.deepEqual(pair('Max Tokens per Request', '100'), [['max_tokens', 100]]);
    assert.deepEqual(pair('num_prompt', '128'), [['total_requests', 128]]);
  });
  it('a model without its gloss; a folder of models or a variable is no model', () => {
    assert.deepEqual(readSetting('model', 'Qwen/Qwen2.5-3B-Instruct (3B parameters)'), [
      { key: 'model', value: 'Qwen/Qwen2.5-3B-Instruct' },
    ]);
    assert.deepEqual(readSetting('model', '/mnt/models'), []);
    assert.deepEqual(readSetting('model', `\${MODEL_PATH}`), []);
    assert.deepEqual(readSetting('model', '$MODEL'), []);
  });
  it('a key about GPUs with a GPU name gives the name; without one, nothing', () => {
    assert.deepEqual(pair('GPU Detected', 'NVIDIA A40'), [['gpu', 'NVIDIA A40']]);
    assert.deepEqual(pair('Hardware', 'DGX Spark NVIDIA GB10 128GB'), [['gpu', 'NVIDIA GB10 128GB']]);
    assert.deepEqual(pair('GPUs Available', '2 × L40S'), [['gpu', 'L40S']]);
    assert.deepEqual(pair('Hardware', '4 vCPU, 16 GB RAM'), []);
    assert.deepEqual(pair('GPU Memory Utilization', '90%'), []);
  });
  it("a tool's or engine's variable inside a longer name", () => {
    assert.deepEqual(pair('sbnb_genai_perf_concurrency', '24'), [['concurrency', 24]]);
    assert.deepEqual(pair('sbnb_sglang_model', 'Qwen/Qwen3-0.6B'), [
      ['model', 'Qwen/Qwen3-0.6B'],
      ['engine', 'sglang'],
    ]);
    assert.deepEqual(pair('HF_VLLM_CACHE', '/cache'), [], 'an engine word inside an unknown variable names no engine');
    assert.deepEqual(pair('Platform', 'vLLM running in Docker'), [['engine', 'vllm']]);
    assert.deepEqual(pair('Platform', 'Linux'), []);
  });
});

describe('settings lines: new forms', () => {
  it('a two-cell pipe row', () => {
    assert.deepEqual(line('| Model Name   | ibm-granite/granite-3.3-8b-instruct |'), [['model', 'ibm-granite/granite-3.3-8b-instruct']]);
    assert.deepEqual(line('| GPUs Used | **2 (two)** |'), [['gpus', 2]]);
    assert.equal(line('| vCPUs, Memory | 48, 240 GiB |'), undefined);
    assert.equal(line('|------|------|'), undefined);
    assert.equal(line('| a | b | c |'), undefined, 'three cells are a table row, not a setting');
  });
  it('a check-marked line and slash pairs', () => {
    assert.deepEqual(line('✓ GPU Detected: NVIDIA A40'), [['gpu', 'NVIDIA A40']]);
    assert.deepEqual(line('Test condition: input/output len = 1000/1000, qps=64'), [
      ['input_len', 1000],
      ['output_len', 1000],
      ['request_rate', 64],
    ]);
    assert.deepEqual(line('ISL/OSL: 1024/128'), [
      ['input_len', 1024],
      ['output_len', 128],
    ]);
  });
  it("a script's command line with flags", () => {
    assert.deepEqual(line('python3 benchmark.py --max-concurrency 10'), [['concurrency', 10]]);
    assert.deepEqual(line('$ ./run_bench.sh --num-prompts 50 --tp 2'), [
      ['total_requests', 50],
      ['tp', 2],
    ]);
    assert.equal(line('python3 benchmark.py'), undefined);
    assert.equal(line('we pass --max-concurrency 10 to it'), undefined);
  });
});

describe('sentences', () => {
  it('a GPU with a count, a preposition or in parentheses', () => {
    assert.deepEqual(prose('Test condition: qps=64 on 1 single 8*H20 with tp8:'), [['gpu', 'H20']]);
    assert.deepEqual(prose('在使用 H100 x4 压测 Llama-3.3-70B'), [['gpu', 'H100']]);
    assert.deepEqual(prose('The following results were generated on H100:'), [['gpu', 'H100']]);
    assert.deepEqual(prose('Example output (RTX 5060 Ti 16GB)'), [['gpu', 'RTX 5060 Ti 16GB']]);
  });
  it('no GPU in a comparison or a mere mention', () => {
    assert.deepEqual(prose('This is 2x faster than on an A100.'), []);
    assert.deepEqual(prose('H100 vs A100 on 8 GPUs'), []);
    assert.deepEqual(prose('The A100 is a popular card.'), []);
  });
  it('the model and token lengths', () => {
    assert.deepEqual(prose('INFO     Start benchmarking with 1000 requests using model /mnt/models/Qwen/qwen3_30b_moe...'), [
      ['model', '/mnt/models/Qwen/qwen3_30b_moe'],
    ]);
    assert.deepEqual(prose('on a 4-vCPU node with `Qwen/Qwen2.5-1.5B-Instruct` (128-token prompts, 64-token outputs):'), [
      ['model', 'Qwen/Qwen2.5-1.5B-Instruct'],
      ['input_len', 128],
      ['output_len', 64],
    ]);
    assert.deepEqual(prose('run it with `scripts/bench-2.py`'), [], 'a script is no model');
  });
  it('the engine a TensorRT-LLM benchmark runs in', () => {
    assert.deepEqual(prose('I ran gptSessionBenchmark with batch 1'), [['engine', 'trtllm']]);
  });
});

describe('headings', () => {
  it('name=value pairs, the load and the GPU', () => {
    const of = (t: string) => settingsOfHeading(t).map((s) => [s.key, s.value]);
    assert.deepEqual(of('conc=256 (num_prompts=768)'), [['total_requests', 768]]);
    assert.deepEqual(of('Benchmark Online Serving With 10 Concurrent Requests'), [['concurrency', 10]]);
    assert.deepEqual(of('Example Output of the Benchmark (RTX 5060 Ti 16GB)'), [['gpu', 'RTX 5060 Ti 16GB']]);
    assert.deepEqual(of('vLLM Performance Comparison Between 2 A10 and 4 A10 GPUs'), [], 'a comparison names no one GPU');
  });
});

describe('captions and server log lines', () => {
  it('an engine or tool caption; a YAML key or another caption is none', () => {
    assert.deepEqual(classifyContextLine('- `sglang` output:'), { kind: 'caption', text: 'sglang' });
    assert.deepEqual(classifyContextLine('vLLM Output:'), { kind: 'caption', text: 'vLLM' });
    assert.deepEqual(classifyContextLine('**Evalscope:**'), { kind: 'caption', text: 'Evalscope' });
    assert.equal(classifyContextLine('  vllm:'), undefined);
    assert.equal(classifyContextLine('Before this PR:'), undefined);
  });
  it("an engine's start-up line, with its port", () => {
    assert.deepEqual(serverOfLogLine('INFO 08-27 15:13:36 [api_server.py:1081] Starting vLLM API server on http://127.0.0.1:8000'), {
      engine: 'vllm',
      port: 8000,
      text: 'Starting vLLM API server on http://127.0.0.1:8000',
    });
    assert.equal(serverOfLogLine('[2025-01-01 10:00:00] The server is fired up and ready to roll!')?.engine, 'sglang');
    assert.equal(serverOfLogLine('we then started the vLLM server'), undefined);
  });
});

describe('shell variables', () => {
  it('assignments before a command, behind export or a list dash', () => {
    assert.deepEqual(assignmentsOf('export MODEL_PATH="Hunyuan-A13B-Instruct"'), [{ name: 'MODEL_PATH', value: 'Hunyuan-A13B-Instruct' }]);
    assert.deepEqual(assignmentsOf('TP=2 PP=1 python3 -m x --tp $TP'), [
      { name: 'TP', value: '2' },
      { name: 'PP', value: '1' },
    ]);
    assert.deepEqual(assignmentsOf('echo A=1'), []);
  });
  it('a default written in the reference is used; an unassigned reference is listed', () => {
    assert.deepEqual(
      substitute(`--tp \${TP:-4} --model $M`, () => undefined),
      { text: '--tp 4 --model $M', unresolved: ['M'] },
    );
  });
  it('property: every reference assigned leaves none; none assigned leaves the text as written', () => {
    const name = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,6}$/);
    fc.assert(
      fc.property(fc.array(name, { minLength: 1, maxLength: 4 }), fc.boolean(), (names, braced) => {
        const text = names.map((n) => `--f ${braced ? `\${${n}}` : `$${n}`}`).join(' ');
        const all = substitute(text, (n) => `v${n.length}`);
        assert.equal(all.unresolved.length, 0);
        assert.ok(!all.text.includes('$'));
        const none = substitute(text, () => undefined);
        assert.equal(none.text, text);
        assert.deepEqual(none.unresolved, [...new Set(names)]);
      }),
    );
  });
});

describe('client commands and launchers', () => {
  it('behind a short label, a docker exec, but not in prose', () => {
    assert.equal(clientToolAt("命令1：evalscope perf --parallel 1 --model 'glm-4-9b-chat' -n 1")?.tool, 'evalscope');
    assert.equal(clientToolAt('Run B: evalscope perf --parallel 8 -n 80')?.tool, 'evalscope');
    assert.equal(clientToolAt('docker exec -e X=1 bench-box vllm bench serve --num-prompts 10')?.tool, 'vllm-bench');
    assert.equal(clientToolAt('Note: genai-perf is a client from NVIDIA'), undefined);
  });
  it("evalscope's -n and --rate; a label is not part of the command", () => {
    const c = readClientCommand("Run A: evalscope perf --parallel 2 -n 20 --rate 5 --model 'm-7b'", 'evalscope');
    assert.deepEqual([c.client.concurrency, c.client.total_requests, c.client.request_rate], [2, 20, 5]);
    assert.equal(c.text.startsWith('evalscope perf'), true);
    assert.equal(readClientCommand('vllm bench serve -n 20 --num-prompts 5', 'vllm-bench').client.total_requests, 5);
  });
  it('the dataset behind a loader name; a variable is no value', () => {
    const c = readClientCommand(
      'vllm bench serve --dataset-name hf --dataset-path lmarena-ai/vision-arena-bench-v0.1 --model $MODEL',
      'vllm-bench',
    );
    assert.equal(c.client.dataset, 'lmarena-ai/vision-arena-bench-v0.1');
    assert.equal(c.fields.dataset, '--dataset-path, with --dataset-name hf');
    assert.equal(c.client.model_path, undefined);
    assert.equal(
      readClientCommand('vllm bench serve --dataset-name sharegpt --dataset-path ./sg.json', 'vllm-bench').client.dataset,
      'sharegpt',
    );
  });
  it("SGLang's JAX port behind `python -u`", () => {
    const l = parseLaunchCommand('JAX_CACHE=/tmp/j python -u -m sgl_jax.launch_server --model-path /m/MiMo --tp-size 8 --dp-size 2');
    assert.deepEqual([l?.engine, l?.tp, l?.dp, l?.model], ['sglang', 8, 2, 'MiMo']);
  });
});
