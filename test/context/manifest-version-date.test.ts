/**
 * The multi-line and one-line context readers on their own: manifest args in their three YAML
 * shapes (a property: flow list, block list and folded scalar give the same words), docker run,
 * server argument dumps, engine version lines and dates.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readDockerRun } from '../../src/ingest/context/container';
import { dateOfFileName, timestampOfLine } from '../../src/ingest/context/dates';
import { engineVersionOf, versionAnswerOf, versionAskedOf } from '../../src/ingest/context/engine-version';
import { argsBlockAt, argumentDumpOf, envPairAt, imageOfLine } from '../../src/ingest/context/manifest';

describe('manifest args', () => {
  const word = fc.oneof(
    fc.constantFrom('--model', '--tensor-parallel-size', '--max-model-len', '--port', '--enable-prefix-caching'),
    fc.stringMatching(/^[A-Za-z0-9][\w./-]{0,20}$/),
    fc.integer({ min: 1, max: 65536 }).map(String),
  );
  it('property: a flow list, a block list and a folded scalar give the same words', () => {
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 8 }), (words, indent) => {
        const pad = ' '.repeat(indent);
        const flow = [`${pad}args: [${words.map((w) => `"${w}"`).join(', ')}]`];
        const block = [`${pad}args:`, ...words.map((w) => `${pad}  - "${w}"`)];
        const folded = [`${pad}command: >`, `${pad}  ${words.join(' ')}`];
        for (const lines of [flow, block, folded]) {
          const got = argsBlockAt([...lines, `${pad}resources: {}`], 0, true);
          assert.ok(got && got !== 'wait', lines.join('\n'));
          assert.deepEqual(got.words, words);
          assert.equal(got.end, lines.length - 1);
        }
      }),
      { numRuns: 200 },
    );
  });
  it('a block reaching the end of a streamed chunk waits for more', () => {
    assert.equal(argsBlockAt(['args:', '  - --tp', '  - "4"'], 0, false), 'wait');
    assert.equal(argsBlockAt(['args: ["--tp",', '  "4"'], 0, false), 'wait');
  });
  it('Kubernetes env pairs and images', () => {
    assert.deepEqual(envPairAt(['  - name: TP', '    value: "4"'], 0), { name: 'TP', value: '4' });
    assert.deepEqual(imageOfLine('    image: "vllm/vllm-openai:v0.9.1"'), {
      ref: 'vllm/vllm-openai:v0.9.1',
      engine: 'vllm',
      version: { engine: 'vllm', version: '0.9.1', source: 'image tag' },
    });
    assert.deepEqual(imageOfLine('image: lmsysorg/sglang:latest'), { ref: 'lmsysorg/sglang:latest', engine: 'sglang' });
    assert.equal(imageOfLine('image: nginx:1.27'), undefined);
  });
});

describe('docker run', () => {
  it('options before the image, server arguments after it', () => {
    const r = readDockerRun(
      'docker run --runtime nvidia --gpus \'"device=0,1"\' -e HF_TOKEN=x -e VLLM_TP=2 -p 8000:8000 --ipc=host vllm/vllm-openai:v0.8.5 --model Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2',
    );
    assert.equal(r?.engine, 'vllm');
    assert.equal(r?.version?.version, '0.8.5');
    assert.deepEqual([r?.launch?.tp, r?.launch?.model], [2, 'Qwen2.5-7B-Instruct']);
    assert.deepEqual(
      r?.settings.map((s) => [s.key, s.value, s.name]),
      [
        ['gpus', 2, '--gpus'],
        ['tp', 2, 'VLLM_TP'],
        ['engine', 'vllm', 'VLLM_TP'],
      ],
    );
  });
  it('an SGLang image running its launcher', () => {
    const r = readDockerRun(
      'sudo docker run --gpus all --shm-size 32g lmsysorg/sglang:v0.4.6-cu124 python3 -m sglang.launch_server --model-path m --tp 4',
    );
    assert.deepEqual([r?.engine, r?.version?.version, r?.launch?.engine, r?.launch?.tp], ['sglang', '0.4.6', 'sglang', 4]);
  });
});

describe('server argument dumps', () => {
  it('vLLM non-default args, Namespace and engine config; SGLang ServerArgs', () => {
    const kv = (line: string) => argumentDumpOf(line)?.settings.map((s) => [s.key, s.value]);
    assert.deepEqual(kv("INFO 09-03 16:28:10 [utils.py:328] non-default args: {'model': '/m/Qwen2.5-0.5B/', 'tensor_parallel_size': 2}"), [
      ['model', '/m/Qwen2.5-0.5B/'],
      ['tp', 2],
    ]);
    assert.deepEqual(
      kv(
        "INFO 03-02 23:59:21 api_server.py:241] args: Namespace(host='0.0.0.0', port=8000, served_model_name='alias', model='mistralai/Mistral-7B', max_model_len=4096, tensor_parallel_size=1)",
      ),
      [
        ['model', 'mistralai/Mistral-7B'],
        ['context_length', 4096],
        ['tp', 1],
      ],
    );
    assert.deepEqual(
      kv(
        "Initializing a V1 LLM engine (v0.10.2) with config: model='Qwen/Q', max_seq_len=32768, tensor_parallel_size=2, pipeline_parallel_size=1",
      ),
      [
        ['model', 'Qwen/Q'],
        ['context_length', 32768],
        ['tp', 2],
        ['pp', 1],
      ],
    );
    assert.equal(argumentDumpOf("server_args=ServerArgs(model_path='m', tp_size=8)")?.engine, 'sglang');
    assert.equal(argumentDumpOf("Namespace(backend='vllm', num_prompts=10)"), undefined, "the client's own args are not the server's");
  });
});

describe('engine versions', () => {
  const cases: Array<[string, [string, string, string] | undefined]> = [
    ['INFO 03-02 23:59:21 api_server.py:240] vLLM API server version 0.3.3', ['vllm', '0.3.3', 'version line']],
    [
      'INFO 09-03 16:28:23 [core.py:75] Initializing a V1 LLM engine (v0.10.2.dev378+g4d7fe40fc.d20250829) with config: …',
      ['vllm', '0.10.2.dev378', 'version line'],
    ],
    ['vllm==0.6.3.post1', ['vllm', '0.6.3.post1', 'pip line']],
    ['sglang[all]==0.4.6.post1', ['sglang', '0.4.6.post1', 'pip line']],
    ['sglang                            0.4.6.post1', ['sglang', '0.4.6.post1', 'pip line']],
    ['vLLM Version: 0.6.3.post1', ['vllm', '0.6.3.post1', 'version line']],
    ['  image: docker.io/vllm/vllm-openai:v0.8.5', ['vllm', '0.8.5', 'image tag']],
    ['docker pull lmsysorg/sglang:v0.4.6-cu124', ['sglang', '0.4.6', 'image tag']],
    ['torch==2.6.0', undefined],
    ['We upgraded vllm last week to fix 2.5 issues', undefined],
  ];
  for (const [line, expected] of cases)
    it(line, () => {
      const v = engineVersionOf(line);
      assert.deepEqual(v ? [v.engine, v.version, v.source] : undefined, expected);
    });
  it('a question, then its answer', () => {
    assert.equal(versionAskedOf('$ vllm --version'), 'vllm');
    assert.equal(versionAskedOf('python -c "import sglang; print(sglang.__version__)"'), 'sglang');
    assert.equal(versionAskedOf('Name: vllm'), 'vllm');
    assert.equal(versionAnswerOf('Version: 0.6.3'), '0.6.3');
    assert.equal(versionAnswerOf('0.8.5.post1'), '0.8.5.post1');
    assert.equal(versionAnswerOf('took 0.8 s'), undefined);
  });
});

describe('dates', () => {
  it('timestamps in log lines; a date only where the line is a date', () => {
    assert.deepEqual(
      [
        '[2025-03-14 11:20:02] server_args=ServerArgs(…)',
        '2025-12-18 16:32:39 - evalscope - INFO: SLA Auto-tune Summary:',
        'Fri Mar 14 10:02:05 UTC 2025',
        'Sun Apr 27 21:01:18 2025',
        'Date: 2025-03-14',
        'we re-ran it on 2025-03-14 because of the outage',
        'INFO 03-14 10:02:11 [__init__.py:239] Automatically detected platform cuda.',
      ].map(timestampOfLine),
      ['2025-03-14T11:20:02', '2025-12-18T16:32:39', '2025-03-14T10:02:05', '2025-04-27T21:01:18', '2025-03-14', undefined, undefined],
    );
  });
  it('dates in file names', () => {
    assert.deepEqual(dateOfFileName('logs/nightly-2025-03-14.log'), { value: '2025-03-14', text: '2025-03-14' });
    assert.deepEqual(dateOfFileName('bench_20250314.txt'), { value: '2025-03-14', text: '20250314' });
    assert.deepEqual(dateOfFileName('run_2025_03_14_b.md'), { value: '2025-03-14', text: '2025_03_14' });
    assert.equal(dateOfFileName('2025-03-14/run.log'), undefined, 'the folder is not the file name');
    assert.equal(dateOfFileName('run-20251399.log'), undefined);
    assert.equal(dateOfFileName('id-1202503141.log'), undefined);
  });
});
