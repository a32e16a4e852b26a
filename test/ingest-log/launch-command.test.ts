import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseLaunchCommand } from '../../src/ingest/launch-command';
import { classifyContextLine, isWarmupWarning, modeOfLabel } from '../../src/ingest/scope/labels';

describe('parseLaunchCommand', () => {
  it('recognises every launcher form', () => {
    const cases: Array<[string, string, Record<string, unknown>]> = [
      [
        'vllm serve /m/Qwen7B-awq --max-model-len 8192 --tensor-parallel-size 4',
        'vllm',
        { tp: 4, contextLength: 8192, model: 'Qwen7B-awq' },
      ],
      [
        'python -m vllm.entrypoints.openai.api_server --model /m/Llama --tensor-parallel-size=2 --pipeline-parallel-size=2',
        'vllm',
        { tp: 2, pp: 2, model: 'Llama' },
      ],
      ['python -m vllm.entrypoints.api_server --model facebook/opt-125m -tp 2', 'vllm', { tp: 2, model: 'opt-125m' }],
      [
        'python3 -m sglang.launch_server --model-path /home/vllm/llm/ --context-length 8192 --tp 4',
        'sglang',
        { tp: 4, contextLength: 8192, modelPath: '/home/vllm/llm/' },
      ],
      ['sglang serve --model-path Qwen/Qwen3-8B --tp 4 --dp-size 2', 'sglang', { tp: 4, dp: 2, model: 'Qwen3-8B' }],
      // A `key: command` line in notes (the key names a command).
      ['server-command: python -m vllm.entrypoints.openai.api_server --model org/Mistral-7B -tp 2', 'vllm', { tp: 2, model: 'Mistral-7B' }],
      ['launch cmd: python3 -m sglang.launch_server --model-path /m/Phi-3 --tp 8', 'sglang', { tp: 8, model: 'Phi-3' }],
      [
        'root@host:~# CUDA_VISIBLE_DEVICES=0,1 python -m sglang.launch_server --model-path /m/Q --data-parallel-size 2',
        'sglang',
        { dp: 2, model: 'Q' },
      ],
    ];
    for (const [cmd, engine, want] of cases) {
      const l = parseLaunchCommand(cmd);
      assert.ok(l, cmd);
      assert.equal(l.engine, engine, cmd);
      for (const [k, v] of Object.entries(want)) assert.equal((l as unknown as Record<string, unknown>)[k], v, `${cmd}: ${k}`);
    }
  });
  it('a label that names no command is prose, not a launch', () => {
    assert.equal(parseLaunchCommand('note: python -m vllm.entrypoints.openai.api_server --model m'), undefined);
  });
  it('an empty last path part gives no model', () => {
    const l = parseLaunchCommand('python3 -m sglang.launch_server --model-path /home/vllm/llm/ --tp 2');
    assert.equal(l?.model, undefined);
    assert.equal(l?.modelPath, '/home/vllm/llm/');
  });
  it('ignores text that only mentions an engine', () => {
    assert.equal(parseLaunchCommand('- To enable multi-GPU tensor parallelism, add `--tp 2`'), undefined);
    assert.equal(parseLaunchCommand('pip install vllm'), undefined);
  });
});

describe('labels', () => {
  it('classifies comments, banners and separators', () => {
    assert.deepEqual(classifyContextLine('//warm up effect!'), { kind: 'comment', text: 'warm up effect!' });
    assert.deepEqual(classifyContextLine('/**** Now compare with 2 GPUs  ****/'), { kind: 'banner', text: 'Now compare with 2 GPUs' });
    assert.deepEqual(classifyContextLine('--------------- no think  ---------------------'), { kind: 'separator', text: 'no think' });
    assert.equal(classifyContextLine('-----------------'), undefined);
    assert.equal(classifyContextLine('Test completed in 1 seconds'), undefined);
  });
  it('modes match the whole label only', () => {
    assert.equal(modeOfLabel('think'), 'think');
    assert.equal(modeOfLabel('no think'), 'no-think');
    assert.equal(modeOfLabel('No-Think'), 'no-think');
    assert.equal(modeOfLabel('max_token 512 with no think mode'), undefined);
    assert.equal(modeOfLabel('I think so'), undefined);
  });
  it('warm-up comments', () => {
    assert.equal(isWarmupWarning('warm up effect!'), true);
    assert.equal(isWarmupWarning('No need to warm-up'), false);
  });
});

describe('launch commands in prose', () => {
  it('a sentence that mentions vllm serve is not a launch command', () => {
    assert.equal(parseLaunchCommand('We then ran vllm serve with --tensor-parallel-size 4 for a day'), undefined);
    assert.equal(parseLaunchCommand('$ /opt/venv/bin/vllm serve /m/A -tp 2')?.tp, 2);
    assert.equal(parseLaunchCommand('nohup python3 -m sglang.launch_server --model-path /m/B --tp 2 &')?.tp, 2);
    assert.equal(parseLaunchCommand('- sglang serve --model-path /m/C --tp 8')?.tp, 8);
  });
});
