/**
 * Settings a careful reader finds in a log, each fixture in the shape of a real one (own text and
 * numbers): a server started in a section with no run of its own, shell variables in launch
 * commands, two benchmark clients in one section, numbered commands matched to their results, a
 * `## Command` section before `## Results`, GPUs and models stated in tables, bullets and
 * sentences, engine captions, a server's start-up line and the client's port, `name=value`
 * headings, and a TensorRT-LLM benchmark. A golden holds each fixture's runs and diagnostics;
 * the facts the issue asks for are asserted plainly, with their provenance.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from '../../src/model/diagnostics';
import { type Parsed, runAt, settingsFixture } from './helpers';

const warnings = (p: Parsed): Diagnostic[] => p.diagnostics.filter((d) => d.severity !== 'info');

describe('a server started in a deployment section (carried-launch.md)', () => {
  const p = settingsFixture('carried-launch.md');
  const chat = runAt(p.runs, 33);
  const embed = runAt(p.runs, 52);

  it('the run takes engine, parallelism and context length from the server of its model', () => {
    assert.equal(chat.engine, 'vllm');
    assert.deepEqual(chat.parallelism, { tp: 2, dp: 1, pp: 1, gpus: 2, strategy: 'tensor' });
    assert.equal(chat.server?.context_length, 16384);
    assert.equal(chat.provenance.engine, 'launch command at line 11 (section "Chat model", no run of its own)');
  });
  it('the launch names its model by a variable assigned above it: resolved', () => {
    assert.equal(chat.server?.model_path, 'mistralai/Mistral-Small-24B-Instruct-2501');
  });
  it("the other run's server is the one whose model is not another's", () => {
    assert.equal(embed.model, 'bge-m3');
    assert.equal(embed.server?.context_length, 512);
    assert.match(embed.provenance.engine ?? '', /^launch command at line 21 /);
    assert.equal(embed.server?.model_path, undefined, `\${EMBED_MODEL} is assigned nowhere: no model path`);
  });
  it('no warning', () => assert.deepEqual(warnings(p), []));
});

describe('shell variables in launch commands (shell-variables.log)', () => {
  const p = settingsFixture('shell-variables.log');
  const first = runAt(p.runs, 6);
  const second = runAt(p.runs, 37);

  it('an exported variable and one assigned on the launch line are both resolved', () => {
    assert.equal(first.model, 'Qwen2.5-14B-Instruct');
    assert.equal(first.provenance.model, 'launch command at line 2');
    assert.equal(first.parallelism?.tp, 2);
  });
  it("an unassigned variable leaves the model absent, with a diagnostic; the previous server's arguments do not fill it", () => {
    assert.equal(second.model, undefined);
    assert.equal(second.server?.model_path, undefined);
    const note = p.diagnostics.find((d) => d.code === 'context-missing' && d.line === 37);
    assert.match(note?.message ?? '', /launch command at line 34 names its model by \$DRAFT_DIR, which the file does not assign/);
    assert.deepEqual(warnings(p), []);
  });
  it('no value anywhere holds an unresolved variable', () => {
    for (const r of p.runs) {
      const { command: _c, ...server } = r.server ?? {};
      const { command: _k, ...client } = r.client ?? {};
      assert.ok(!/\$\{?[A-Z]/.test(JSON.stringify([r.model, server, client])), r.id);
    }
  });
});

describe('two clients in one section (two-tools.md)', () => {
  const p = settingsFixture('two-tools.md');
  const bench = runAt(p.runs, 30);
  const evalscope = runAt(p.runs, 53);

  it("each result takes its own tool's command", () => {
    assert.deepEqual([bench.client?.input_len, bench.client?.output_len], [256, 64]);
    assert.equal(bench.provenance['client.input_len'], 'client command at line 15 (--random-input-len)');
    assert.equal(bench.client?.max_tokens, undefined, "evalscope's --max-tokens is not vLLM's");
    assert.equal(evalscope.client?.max_tokens, 64);
    assert.equal(evalscope.provenance['client.max_tokens'], 'client command at line 23 (--max-tokens)');
  });
  it('both talk to the server of the setup section; the Hardware bullet names the GPU', () => {
    for (const r of [bench, evalscope]) {
      assert.equal(r.server?.context_length, 4096);
      assert.equal(r.hardware?.gpu, 'NVIDIA L40S 48GB');
    }
    assert.match(evalscope.provenance.engine ?? '', /^launch command at line 6 /);
  });
  it('the captions label the runs', () => {
    assert.deepEqual(bench.labels.slice(-1), ['vLLM']);
    assert.deepEqual(evalscope.labels.slice(-1), ['Evalscope']);
  });
  it("a second vLLM block after the evalscope output takes vLLM's command again", () => {
    const again = runAt(p.runs, 79);
    assert.equal(again.provenance['client.input_len'], 'client command at line 15 (--random-input-len)');
    assert.equal(again.client?.max_tokens, undefined);
  });
});

describe('numbered commands, then their results (numbered-commands.txt)', () => {
  const p = settingsFixture('numbered-commands.txt');
  it('each result takes the command whose flags agree with it', () => {
    const [a, b] = [runAt(p.runs, 7), runAt(p.runs, 20)];
    assert.equal(a.provenance['client.dataset'], 'client command at line 3 (--dataset)');
    assert.equal(b.provenance['client.dataset'], 'client command at line 4 (--dataset)');
    assert.equal(a.model, 'internlm2_5-7b-chat');
    assert.deepEqual(warnings(p), [], 'no conflict between a result and the other command');
  });
});

describe('a command section before a results section (command-then-results.md)', () => {
  const p = settingsFixture('command-then-results.md');
  const r = runAt(p.runs, 15);
  it("the command run in a container reaches the next section's result", () => {
    assert.deepEqual([r.client?.total_requests, r.client?.input_len, r.client?.output_len, r.client?.dataset], [150, 2048, 256, 'random']);
    assert.equal(r.provenance['client.total_requests'], 'client command at line 10 (--num-prompts)');
  });
  it('bold key lines give the GPU and the engine version', () => {
    assert.equal(r.hardware?.gpu, 'NVIDIA H100 80GB SXM');
    assert.equal(r.server?.version, '0.10.1');
  });
});

describe('GPUs, models and lengths stated in a table, bullets and sentences (gpu-and-prose.md)', () => {
  const p = settingsFixture('gpu-and-prose.md');
  const first = runAt(p.runs, 15);
  const second = runAt(p.runs, 35);
  it('a settings table pasted into the log', () => {
    assert.equal(first.hardware?.gpu, 'A30');
    assert.equal(first.provenance['hardware.gpu'], 'table row at line 6 (GPUs Available)');
    assert.equal(first.parallelism?.gpus, 2);
  });
  it('the sentence before the output: model and token lengths; the comparison names no GPU', () => {
    assert.equal(first.model, 'granite-3.1-2b-instruct');
    assert.deepEqual([first.client?.input_len, first.client?.output_len], [256, 96]);
    assert.equal(first.provenance['client.output_len'], 'prose at line 12 (96-token outputs)');
  });
  it("the next section's check-marked line and bullets", () => {
    assert.equal(second.hardware?.gpu, 'NVIDIA L4 24GB');
    assert.deepEqual([second.client?.input_len, second.client?.output_len], [512, 128]);
    assert.equal(second.model, undefined, "the first section's model stays with it");
  });
});

describe('engine captions over launches of two engines (captions.md)', () => {
  const p = settingsFixture('captions.md');
  const vllm = runAt(p.runs, 28);
  const sglang = runAt(p.runs, 38);
  it("each caption names its engine, and the run takes that engine's server", () => {
    assert.deepEqual([vllm.engine, vllm.parallelism?.tp, vllm.server?.context_length], ['vllm', 1, 8192]);
    assert.deepEqual([sglang.engine, sglang.parallelism?.tp], ['sglang', 2]);
    assert.equal(sglang.model, 'Qwen2.5-1.5B-Instruct');
    assert.equal(sglang.provenance.model, 'launch command at line 12 (section "`sglang`", no run of its own)');
  });
  it('the sentence names the GPU of both', () => {
    assert.equal(vllm.hardware?.gpu, 'RTX 4090');
    assert.equal(sglang.hardware?.gpu, 'RTX 4090');
    assert.deepEqual(warnings(p), []);
  });
});

describe("a server's start-up line and the client's port (server-ports.log)", () => {
  const p = settingsFixture('server-ports.log');
  it("the client at the server's port talked to it; one at another port is left without engine", () => {
    const [at, other] = [runAt(p.runs, 5), runAt(p.runs, 14)];
    assert.equal(at.engine, 'vllm');
    assert.equal(at.provenance.engine, 'server log at line 1 ("Starting vLLM API server on http://0.0.0.0:8000")');
    assert.equal(other.engine, undefined);
  });
});

describe('headings with name=value pairs (heading-pairs.md)', () => {
  const p = settingsFixture('heading-pairs.md');
  it("each section's heading gives its runs' prompt count", () => {
    assert.deepEqual(
      p.runs.map((r) => [r.client?.request_rate, r.client?.total_requests]),
      [
        [4, 240],
        [8, 480],
      ],
    );
    assert.equal(runAt(p.runs, 27).provenance['client.total_requests'], 'heading "rate=8 (num_prompts=480)" at line 24');
  });
});

describe('a TensorRT-LLM benchmark named in a sentence (trtllm-line.txt)', () => {
  const p = settingsFixture('trtllm-line.txt');
  it('the tool names the engine it runs', () => {
    assert.equal(p.runs[0]?.engine, 'trtllm');
    assert.equal(p.runs[0]?.provenance.engine, 'prose at line 1 (gptManagerBenchmark runs TensorRT-LLM)');
  });
});
