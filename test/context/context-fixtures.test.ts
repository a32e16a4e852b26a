/**
 * Context anywhere: settings from bulleted lists, `export` lines, compose / Kubernetes / Helm /
 * Ansible snippets, server argument dumps, version lines, inline code spans and dated file
 * names reach the runs, with provenance; the nearest statement wins and a disagreement is a
 * `conflicting-context` warning. Each fixture is in the shape of a real log (own text and
 * numbers); a golden holds its runs and diagnostics, and the key facts are asserted plainly.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertGolden } from '../helpers/golden';
import { coverageOf, type Parsed, parseFixture, runAt } from './helpers';

/** Parses a fixture and registers the test of its golden (inside the calling describe). */
function golden(name: string): Parsed {
  const p = parseFixture(name);
  it(`${name} matches its golden`, () => assertGolden(`context/${name}.json`, { runs: p.runs, diagnostics: p.diagnostics }));
  return p;
}

describe('a settings list under a heading (settings-list.md)', () => {
  const { runs, diagnostics } = golden('settings-list.md');
  const short = runAt(runs, 22);
  const long = runAt(runs, 53);

  it('the Setup list reaches the runs of a later section, each field with its line', () => {
    for (const r of [short, long]) {
      assert.equal(r.model, 'Qwen2.5-7B-Instruct');
      assert.equal(r.server?.model_path, 'Qwen/Qwen2.5-7B-Instruct');
      assert.equal(r.engine, 'vllm');
      assert.equal(r.server?.version, '0.8.5');
      assert.deepEqual(r.parallelism, { gpus: 2, tp: 2 });
      assert.equal(r.hardware?.gpu, 'H100 80GB');
      assert.equal(r.server?.context_length, 16384);
      assert.equal(r.provenance.model, 'settings line at line 7 (Model)');
      assert.equal(r.provenance['server.version'], 'settings line at line 8 (Engine)');
      assert.equal(r.provenance['parallelism.gpus'], 'settings line at line 9 (GPUs)');
      assert.equal(r.provenance['parallelism.tp'], 'settings line at line 10 (TP)');
    }
  });

  it("each section's own list gives its lengths; the block's own concurrency stays", () => {
    assert.deepEqual([short.client?.input_len, short.client?.output_len], [512, 128]);
    assert.deepEqual([long.client?.input_len, long.client?.output_len], [4096, 256]);
    assert.equal(short.client?.concurrency, 16);
    assert.equal(short.provenance['client.input_len'], 'settings line at line 18 (Input length)');
  });

  it("the nearest statement wins: the section's dataset over the Setup list's, with a warning", () => {
    assert.equal(short.client?.dataset, 'random');
    assert.equal(long.client?.dataset, 'sharegpt');
    assert.equal(long.provenance['client.dataset'], 'settings line at line 50 (Dataset)');
    const conflicts = diagnostics.filter((d) => d.code === 'conflicting-context');
    assert.equal(conflicts.length, 1);
    assert.equal(conflicts[0]?.line, 53);
    assert.match(conflicts[0]?.message ?? '', /^client\.dataset: sharegpt .*line 50.* \(kept\) disagrees with random .*line 12/);
  });
});

describe('export lines, then one result block per concurrency (export-sweep.log)', () => {
  const { runs } = golden('export-sweep.log');

  it('environment variables give model, tp, GPUs and lengths to every run', () => {
    assert.equal(runs.length, 2);
    for (const r of runs) {
      assert.equal(r.model, 'Llama-3.1-8B-Instruct');
      assert.deepEqual(r.parallelism, { tp: 4, gpus: 4 });
      assert.equal(r.provenance['parallelism.gpus'], 'environment variable at line 3 (CUDA_VISIBLE_DEVICES)');
      assert.equal(r.client?.input_len, 1024);
      assert.equal(r.client?.output_len, 128);
      assert.equal(r.provenance['client.output_len'], 'environment variable at line 4 (OUTPUT_LEN)');
    }
  });

  it("each banner's pairs replace the last (a sweep), and the date line before each run dates it", () => {
    assert.deepEqual(
      runs.map((r) => [r.client?.concurrency, r.client?.total_requests, r.timestamp]),
      [
        [8, 80, '2025-03-14T10:02:05'],
        [32, 320, '2025-03-14T10:02:40'],
      ],
    );
    assert.equal(runs[1]?.provenance['client.total_requests'], 'settings pair at line 40 (num_prompts)');
    assert.equal(runs[1]?.provenance.timestamp, 'log timestamp at line 39');
  });
});

describe('docker compose service, client command, result (compose-and-result.md)', () => {
  const { runs, diagnostics } = golden('compose-and-result.md');
  const r = runAt(runs, 30);

  it('the compose command is the launch: engine and version from the image, parallelism from the flags', () => {
    assert.equal(r.engine, 'vllm');
    assert.equal(r.provenance.engine, 'launch command at line 13');
    assert.equal(r.server?.version, '0.8.5');
    assert.equal(r.provenance['server.version'], 'image tag at line 6');
    assert.deepEqual(r.parallelism, { tp: 2, dp: 1, pp: 1, gpus: 2, strategy: 'tensor' });
    assert.equal(r.server?.context_length, 32768);
    assert.equal(r.model, 'Qwen2.5-32B-Instruct-AWQ');
  });

  it("the client command's flags fill the client settings, each naming its flag", () => {
    assert.equal(r.client?.total_requests, 200);
    assert.equal(r.client?.input_len, 2048);
    assert.equal(r.client?.output_len, 256);
    assert.equal(r.client?.dataset, 'random');
    assert.equal(r.client?.concurrency, 50);
    assert.equal(r.client?.request_rate, 8);
    assert.equal(r.provenance['client.input_len'], 'client command at line 23 (--random-input-len)');
    assert.ok(!diagnostics.some((d) => d.code === 'conflicting-context'), 'CUDA_VISIBLE_DEVICES=0,1 agrees with tp 2');
  });
});

describe('Kubernetes Deployment with command + args, then sglang bench_serving (k8s-sglang.md)', () => {
  const { runs } = golden('k8s-sglang.md');
  const r = runAt(runs, 41);

  it('command and args make one launch command; the image gives the version', () => {
    assert.equal(r.engine, 'sglang');
    assert.equal(
      r.server?.command,
      'python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B --tp 4 --context-length 32768 --port 30000',
    );
    assert.deepEqual(r.parallelism, { tp: 4, dp: 1, pp: 1, gpus: 4, strategy: 'tensor' });
    assert.equal(r.server?.context_length, 32768);
    assert.equal(r.server?.version, '0.4.6.post1');
    assert.equal(r.model, 'Qwen3-32B');
  });

  it('the client command states lengths, prompts and dataset; `python3 -m` is not a model', () => {
    assert.deepEqual(
      [r.client?.input_len, r.client?.output_len, r.client?.total_requests, r.client?.dataset, r.client?.concurrency],
      [1024, 512, 400, 'random', 64],
    );
    assert.equal(r.client?.model_path, undefined);
  });
});

describe('Helm values and Ansible vars', () => {
  const helm = golden('helm-values.md');
  const ansible = golden('ansible-vars.log');
  it('Helm: repository + tag give the version; camelCase keys the parallelism and context length', () => {
    const r = runAt(helm.runs, 23);
    assert.equal(r.server?.version, '0.9.1');
    assert.equal(r.provenance['server.version'], 'image tag at line 10');
    assert.deepEqual(r.parallelism, { gpus: 2, tp: 2 });
    assert.equal(r.provenance['parallelism.tp'], 'settings line at line 17 (tensorParallelSize)');
    assert.equal(r.server?.context_length, 8192);
    assert.equal(r.client?.dataset, 'sharegpt');
    assert.equal(r.client?.total_requests, 500);
  });

  it('Ansible: vllm_/bench_ prefixed vars', () => {
    const r = runAt(ansible.runs, 11);
    assert.equal(r.model, 'Mistral-7B-Instruct-v0.3');
    assert.equal(r.parallelism?.tp, 2);
    assert.equal(r.server?.context_length, 16384);
    assert.equal(r.server?.version, '0.6.3.post1');
    assert.equal(r.client?.concurrency, 24);
    assert.equal(r.client?.total_requests, 240);
    assert.equal(r.provenance['client.concurrency'], 'settings line at line 7 (bench_concurrency)');
  });
});

describe('engine versions in several forms', () => {
  const vllm = golden('vllm-versions.log');
  const sglang = golden('sglang-server-log.log');
  it('vLLM: pip freeze, --version, the server line and its non-default args agree', () => {
    const { runs, diagnostics } = vllm;
    const r = runAt(runs, 11);
    assert.equal(r.server?.version, '0.8.5.post1');
    assert.equal(r.provenance['server.version'], 'version line at line 7');
    assert.deepEqual(r.parallelism, { tp: 2, dp: 1, pp: 1, gpus: 2, strategy: 'tensor' });
    assert.equal(r.client?.total_requests, 100);
    assert.ok(!diagnostics.some((d) => d.code === 'conflicting-context'));
  });

  it('SGLang: pip list row and server_args; tp × dp × pp stated in the log give the GPUs', () => {
    const r = runAt(sglang.runs, 7);
    assert.equal(r.engine, 'sglang');
    assert.equal(r.server?.version, '0.4.6.post1');
    assert.equal(r.provenance['server.version'], 'pip line at line 3');
    assert.equal(r.model, 'Llama-3.1-8B-Instruct');
    assert.deepEqual(r.parallelism, { tp: 2, dp: 1, pp: 1, gpus: 2, strategy: 'tensor' });
    assert.equal(r.provenance['parallelism.tp'], 'sglang server arguments at line 4 (tp_size)');
    assert.equal(r.server?.context_length, undefined, 'context_length=None says nothing');
    assert.equal(r.timestamp, '2025-03-14T11:21:10');
  });
});

describe('dated file names', () => {
  const nightly = golden('nightly-2025-03-14.log');
  const bench = golden('bench_20250315.log');
  it('nightly-2025-03-14.log and bench_20250315.log: a date only, from the file name', () => {
    const a = nightly.runs[0];
    assert.equal(a?.timestamp, '2025-03-14');
    assert.equal(a?.provenance.timestamp, 'file name (2025-03-14)');
    const b = bench.runs[0];
    assert.equal(b?.timestamp, '2025-03-15');
    assert.equal(b?.provenance.timestamp, 'file name (20250315)');
  });
});

describe('inline code spans (code-spans.md)', () => {
  const { runs } = golden('code-spans.md');

  it('a launch and a client command written as code spans', () => {
    const r = runAt(runs, 9);
    assert.deepEqual(r.parallelism, { tp: 2, dp: 1, pp: 1, gpus: 2, strategy: 'tensor' });
    assert.equal(r.provenance.engine, 'launch command at line 5');
    assert.equal(r.client?.total_requests, 300);
    assert.equal(r.client?.input_len, 1000);
  });

  it('advice ("add `--tp 2`") states nothing; "we used `--tp 1`" does', () => {
    const r = runAt(runs, 38);
    assert.deepEqual(r.parallelism, { tp: 1 });
    assert.equal(r.provenance['parallelism.tp'], 'code span at line 35 (--tp)');
  });
});

describe('every fixture ends with its coverage line', () => {
  for (const name of ['settings-list.md', 'export-sweep.log', 'compose-and-result.md', 'k8s-sglang.md', 'code-spans.md']) {
    it(name, () => {
      const { runs, diagnostics } = parseFixture(name);
      const c = coverageOf(diagnostics);
      assert.ok(c, 'coverage is the last diagnostic');
      assert.match(c.message, new RegExp(`^coverage: ${runs.length} tables? found, ${runs.length} read, ${runs.length} runs?, `));
      assert.equal(diagnostics.filter((d) => d.code === 'coverage').length, 1);
    });
  }
});
