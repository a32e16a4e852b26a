/**
 * The settings vocabulary and the one-line settings reader: table-driven cases in the spellings
 * real logs use (bulleted lists, env vars, YAML/JSON keys, Helm camelCase, Ansible prefixes,
 * inline flags), lines that must state nothing (prose, advice, metric lines, doc lists), and a
 * property: any supported syntax around any spelling of a setting gives that setting.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { settingsOfLine } from '../../src/ingest/context/settings-line';
import { readSetting, settingKeyOf, settingsOfPair, versionOf } from '../../src/ingest/context/settings-vocabulary';

const said = (line: string) => settingsOfLine(line)?.settings.map((s) => [s.key, s.value]);

describe('settings lines', () => {
  const cases: Array<[string, Array<[string, string | number]>]> = [
    ['- Model: Llama-3.1-8B', [['model', 'Llama-3.1-8B']]],
    ['* TP: 4', [['tp', 4]]],
    [
      '- GPUs: 2 x H100',
      [
        ['gpus', 2],
        ['gpu', 'H100'],
      ],
    ],
    [
      '- **GPU**: 8×A100 80GB',
      [
        ['gpus', 8],
        ['gpu', 'A100 80GB'],
      ],
    ],
    ['- GPU: NVIDIA L40S', [['gpu', 'NVIDIA L40S']]],
    [
      'Engine: SGLang 0.4.6.post1',
      [
        ['engine', 'sglang'],
        ['version', '0.4.6.post1'],
      ],
    ],
    ['export CONCURRENCY=32', [['concurrency', 32]]],
    [
      '$ export INPUT_LEN=1024 OUTPUT_LEN=128',
      [
        ['input_len', 1024],
        ['output_len', 128],
      ],
    ],
    [
      'TP=4 NUM_PROMPTS=400 ./run_bench.sh',
      [
        ['tp', 4],
        ['total_requests', 400],
      ],
    ],
    ['CUDA_VISIBLE_DEVICES=0,1 python3 client.py', [['gpus', 2]]],
    // A module run with `python -m` is a script command as a `.py` path is (a project's own chat or bench entry point).
    ['python3 -m acme_infer.chat --model_path org/Some-Model-7B --cpu_threads 12', [['model', 'org/Some-Model-7B']]],
    ['  - CUDA_VISIBLE_DEVICES=4,5,6,7', [['gpus', 4]]],
    [
      'ENV VLLM_TENSOR_PARALLEL_SIZE=2',
      [
        ['tp', 2],
        ['engine', 'vllm'],
      ],
    ],
    ['export VLLM_USE_V1=1', [['engine', 'vllm']]],
    ['        tensorParallelSize: 4', [['tp', 4]]],
    ['              nvidia.com/gpu: 4', [['gpus', 4]]],
    ['  "max_model_len": 8192,', [['context_length', 8192]]],
    ['"dataset_name": "sharegpt",', [['dataset', 'sharegpt']]],
    [
      'vllm_tensor_parallel_size: 2',
      [
        ['tp', 2],
        ['engine', 'vllm'],
      ],
    ],
    ['sglang_version: 0.4.6', [['version', '0.4.6']]],
    ['max_tokens = 512', [['max_tokens', 512]]],
    ['temperature: 0.7', [['temperature', 0.7]]],
    ['request_rate: 12.5   # req/s', [['request_rate', 12.5]]],
    [
      '=== Running: concurrency=8, num_prompts=80 ===',
      [
        ['concurrency', 8],
        ['total_requests', 80],
      ],
    ],
    [
      'Ran with `--tp 2 --max-model-len 16384`',
      [
        ['tp', 2],
        ['context_length', 16384],
      ],
    ],
    [
      '- Params: `--num-prompts 1000 --max-concurrency 100`',
      [
        ['total_requests', 1000],
        ['concurrency', 100],
      ],
    ],
  ];
  for (const [line, expected] of cases) it(line.trim(), () => assert.deepEqual(said(line), expected));

  const nothing = [
    'python -m mytool --help',
    '- `context_length`: The number of tokens our model can process *including the input*.',
    '- To enable multi-GPU tensor parallelism, add `--tp 2` , To enable multi-GPU data parallelism, add --dp 2.',
    'If you need more throughput you can add `--tp 4`.',
    'Model: the smallest one we had on the shelf that day',
    'Total input tokens:                      102400',
    'Request throughput (req/s):              4.85',
    'TP: auto',
    'GPUs: all',
    'version: "3.8"',
    'INFO:     127.0.0.1:45678 - "POST /v1/completions HTTP/1.1" 200 OK',
    'replicas: 1',
    'HF_TOKEN=hf_xxx',
  ];
  for (const line of nothing) it(`nothing: ${line}`, () => assert.equal(settingsOfLine(line), undefined));
});

describe('vocabulary', () => {
  it('versions lose a tag v and a local build tag only', () => {
    assert.deepEqual(
      ['v0.8.5', '0.6.3.post1', '0.10.2.dev378+g4d7fe40fc.d20250829', 'v0.4.6-cu124', '0.9.0rc1', 'latest', '3'].map(versionOf),
      ['0.8.5', '0.6.3.post1', '0.10.2.dev378', '0.4.6', '0.9.0rc1', undefined, undefined],
    );
  });
  it('CUDA_VISIBLE_DEVICES counts ids; other counts must be positive integers', () => {
    assert.deepEqual(readSetting('gpus', '"0,1,2"', 'CUDA_VISIBLE_DEVICES'), [{ key: 'gpus', value: 3 }]);
    assert.deepEqual(readSetting('tp', '0'), []);
    assert.deepEqual(readSetting('tp', '2.5'), []);
    assert.deepEqual(readSetting('concurrency', '1,024'), [{ key: 'concurrency', value: 1024 }]);
  });
  it('__proto__ and friends are no setting', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      assert.equal(settingKeyOf(name), undefined);
      assert.deepEqual(settingsOfPair(name, '4'), []);
    }
  });
});

/** Spellings of each setting as real logs write them, and a value it accepts. */
const SPELLINGS: Record<string, { names: string[]; value: fc.Arbitrary<[string, string | number]> }> = {
  tp: {
    names: [
      'TP',
      'tp',
      'tp_size',
      'tensor_parallel_size',
      'tensorParallelSize',
      'TENSOR_PARALLEL_SIZE',
      'tensor-parallel-size',
      'Tensor parallel size',
      'vllm_tp',
    ],
    value: fc.integer({ min: 1, max: 64 }).map((n) => [String(n), n]),
  },
  concurrency: {
    names: [
      'CONCURRENCY',
      'concurrency',
      'max_concurrency',
      'Max concurrency',
      'maxConcurrency',
      'concurrent_requests',
      'bench_concurrency',
    ],
    value: fc.integer({ min: 1, max: 4096 }).map((n) => [String(n), n]),
  },
  total_requests: {
    names: ['NUM_PROMPTS', 'num_prompts', 'numPrompts', 'Num prompts', 'num_requests', 'total_requests'],
    value: fc.integer({ min: 1, max: 100000 }).map((n) => [String(n), n]),
  },
  context_length: {
    names: ['max_model_len', 'maxModelLen', 'MAX_MODEL_LEN', 'context_length', 'Context length', 'context-length'],
    value: fc.integer({ min: 128, max: 1 << 20 }).map((n) => [String(n), n]),
  },
  model: {
    names: ['MODEL', 'model', 'Model', 'model_name', 'modelName', 'model_path', 'served_model_name'],
    value: fc
      .tuple(fc.constantFrom('meta-llama/', 'Qwen/', '/models/', ''), fc.stringMatching(/^[A-Za-z][A-Za-z0-9.-]{2,20}$/))
      .map(([org, name]) => [`${org}${name}`, `${org}${name}`]),
  },
  temperature: {
    names: ['temperature', 'TEMPERATURE', 'Temperature'],
    value: fc.integer({ min: 0, max: 200 }).map((n) => [(n / 100).toString(), n / 100]),
  },
};

/** The syntaxes a setting is written in: bullets, bold, YAML/JSON, env, TOML. */
const SYNTAX: Array<(name: string, value: string) => string | undefined> = [
  (n, v) => `${n}: ${v}`,
  (n, v) => `- ${n}: ${v}`,
  (n, v) => `* **${n}**: ${v}`,
  (n, v) => `    ${n}: "${v}"`,
  (n, v) => `  "${n}": ${/^[\d.]+$/.test(v) ? v : `"${v}"`},`,
  (n, v) => (/^[A-Za-z_]\w*$/.test(n) ? `export ${n}=${v}` : undefined),
  (n, v) => (/^[A-Za-z_]\w*$/.test(n) ? `${n}=${v} ./bench.sh` : undefined),
  (n, v) => (/^[A-Za-z_][\w.-]*$/.test(n) ? `${n} = ${v}` : undefined),
];

describe('property: any syntax around any spelling gives the setting', () => {
  it('settingsOfLine', () => {
    const arb = fc.constantFrom(...Object.keys(SPELLINGS)).chain((key) => {
      const s = SPELLINGS[key]!;
      return fc.tuple(fc.constant(key), fc.constantFrom(...s.names), s.value, fc.integer({ min: 0, max: SYNTAX.length - 1 }));
    });
    fc.assert(
      fc.property(arb, ([key, name, [text, value], k]) => {
        const line = SYNTAX[k]!(name, text);
        fc.pre(line !== undefined);
        const got = settingsOfLine(line as string)?.settings.find((s) => s.key === key);
        assert.ok(got, `${line} states ${key}`);
        assert.equal(got.value, value, line);
      }),
      { numRuns: 600 },
    );
  });
});

describe('keyword arguments in code', () => {
  it('a quoted value with a trailing comma is the bare value', () => {
    // In the shape of a Python call's argument lines (our own model name).
    assert.deepEqual(said('    model="org-x/tiny-2",'), [['model', 'org-x/tiny-2']]);
    assert.deepEqual(said("MODEL='org-x/tiny-2'"), [['model', 'org-x/tiny-2']]);
  });
});
