/**
 * The format registry (src/ingest/formats/registry.ts): every format name has one owner, the
 * console scanner's block readers and the format hints are built from it, and every tool points
 * at fixtures that exist.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { BLOCK_READERS } from '../../src/ingest/blocks/index';
import { consoleReaders } from '../../src/ingest/console-log';
import { entryForHint } from '../../src/ingest/detect';
import { GENERAL_FORMATS, TOOL_FORMATS } from '../../src/ingest/formats/registry';
import { FORMAT_NAMES, type FormatName } from '../../src/model/records';

const ROOT = path.resolve(__dirname, '../..');

test('every format name has exactly one owner: a tool of the registry or a general layout', () => {
  for (const name of FORMAT_NAMES) {
    const owners = [
      ...TOOL_FORMATS.filter((t) => t.formats[name] !== undefined).map((t) => t.tool),
      ...(GENERAL_FORMATS[name] ? ['general'] : []),
    ];
    assert.equal(owners.length, 1, `${name}: owned by ${owners.join(', ') || 'no one'}`);
  }
  const claimed = [...TOOL_FORMATS.flatMap((t) => Object.keys(t.formats)), ...Object.keys(GENERAL_FORMATS)];
  for (const name of claimed) assert.ok((FORMAT_NAMES as readonly string[]).includes(name), `${name} is not in FORMAT_NAMES`);
});

test('each tool lives in its own folder, and its block readers carry its format names', () => {
  for (const t of TOOL_FORMATS) {
    assert.ok(fs.existsSync(path.join(ROOT, 'src/ingest/formats', t.tool, 'index.ts')), t.tool);
    for (const r of t.blockReaders ?? []) assert.ok(t.formats[r.name] !== undefined, `${t.tool}: reader ${r.name}`);
  }
});

test('every fixture path a tool names exists (a file, a folder, or the start of file names)', () => {
  for (const t of TOOL_FORMATS) {
    assert.ok(t.fixtures.length > 0, t.tool);
    for (const f of t.fixtures) {
      const abs = path.join(ROOT, f);
      const dir = f.endsWith('/') ? abs : path.dirname(abs);
      const found = fs.existsSync(abs) || (fs.existsSync(dir) && fs.readdirSync(dir).some((n) => n.startsWith(path.basename(abs))));
      assert.ok(found, `${t.tool}: ${f}`);
    }
  }
});

test('the block readers come from the registry, in its order, then the general ones', () => {
  assert.deepEqual(
    BLOCK_READERS.map((r) => r.name),
    [
      'nvidia-smi',
      'sglang-bench',
      'vllm-bench',
      'vllm-server-log',
      'sglang-server-log',
      'prometheus',
      'k6',
      'trtllm-bench',
      'mlperf-loadgen',
      'lmdeploy',
      'lmdeploy',
      'jetstream',
      'sglang-one-batch',
      'autocannon',
      'wrk',
      'ab',
      'h2load',
      'ghz',
      'vegeta',
      'hey',
      'go-stress',
      'gatling',
      'artillery',
      'hyperfine',
      'benchstat',
      'go-bench',
      'criterion',
      'cargo-bench',
      'google-benchmark',
      'bombardier',
      'siege',
      'jmeter',
      'ollama',
      'ollama-json',
      'llama-bench',
      'llama-bench',
      'llama-batched-bench',
      'llama-cpp-log',
      'llama-cpp-log',
      'mlx-lm',
      'mlc-llm',
      'gpt-fast',
      'optimum-benchmark',
      'optimum-benchmark-json',
      'optimum-benchmark',
      'evalscope',
      'locust-json',
      'locust',
      'sglang-bench-jsonl',
      'key-value',
    ],
  );
  const tools = TOOL_FORMATS.flatMap((t) => t.blockReaders ?? []);
  assert.deepEqual(BLOCK_READERS.slice(0, tools.length), tools);
  const scanner = consoleReaders();
  for (const r of BLOCK_READERS) assert.ok(scanner.includes(r), `the console scanner asks ${r.name}`);
});

test('a format hint goes to the entry point its owner names', () => {
  const expected: Partial<Record<FormatName, string>> = {
    'vllm-bench-json': 'json-export',
    'sglang-bench-jsonl': 'json-export',
    'genai-perf-json': 'json-export',
    'llmperf-json': 'json-export',
    'guidellm-json': 'json-export',
    'evalscope-json': 'json-export',
    'oha-json': 'json-export',
    'k6-json': 'json-export',
    'llm-d': 'json-export',
    'jetstream-json': 'json-export',
    csv: 'csv',
    'genai-perf-csv': 'csv',
    'locust-csv': 'csv',
    'markdown-report': 'markdown-report',
    'html-table': 'markdown-report',
    'pipe-table': 'markdown-report',
  };
  for (const name of FORMAT_NAMES) assert.equal(entryForHint(name), expected[name] ?? 'console-log', name);
});
