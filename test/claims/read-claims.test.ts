/**
 * Reading claims out of prose: every form the sources use, the negatives (numbers in tables,
 * nvidia-smi, progress bars, settings, utilisation readings, code fences), every file of data/
 * as a golden, and the third-party samples (which hold no claims).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readClaims, readClaimsFromPaths } from '../../src/ingest';
import type { SourceClaim } from '../../src/model/source-claim';
import { assertGolden, otherToolsDir, REPO_ROOT } from '../helpers/golden';
import { compact, textFrom } from './helpers';

const DATA = path.join(REPO_ROOT, 'data');
const dataFiles = fs.existsSync(DATA)
  ? fs
      .readdirSync(DATA)
      .filter((f) => f.endsWith('.md'))
      .sort()
  : [];

function one(text: string): SourceClaim {
  const cs = readClaims(text, 'm.md');
  assert.equal(cs.length, 1, `expected one claim in ${JSON.stringify(text)}, got ${JSON.stringify(cs.map((c) => c.phrase))}`);
  return cs[0]!;
}

function metricOf(c: SourceClaim): string | undefined {
  return c.layers.find((l) => l.metrics.length)?.metrics[0];
}

describe('claim forms', () => {
  it('percentages: points, approximations, escaped signs, ranges, "only"', () => {
    const a = one('- For 30 concurrent requests: 10.78 req/s → 20.27 req/s (88% improvement)');
    assert.deepEqual([a.kind, a.percent, a.values, a.direction], ['change', [88, 88], { from: 10.78, to: 20.27, unit: 'req/s' }, 'better']);
    assert.equal(metricOf(a), 'throughput_rps');
    const b = one('The H100X2 preset shows a ~13.4% prompt speedup.');
    assert.deepEqual([b.percent, metricOf(b)], [[13.4, 13.4], 'input_tps']);
    const c = one('* **H100X1**: \\~-0.6% prompt speedup.');
    assert.deepEqual(c.percent, [-0.6, -0.6]);
    assert.deepEqual(c.layers[0]!.names, ['H100X1']);
    const d = one('Throughput improves by approximately 15-20% for 30 concurrent requests');
    assert.deepEqual([d.percent, d.phrase, d.layers[0]!.settings.concurrency], [[15, 20], 'approximately 15-20%', [30]]);
    const e = one('Throughput improves by only 2-5% for 50 concurrent requests');
    assert.deepEqual(e.percent, [2, 5]);
  });

  it('two sizes in one bullet are two claims, each with its own metric', () => {
    const cs = readClaims('* **H100X2**: \\~13.4% prompt speedup, \\~11.4% gen speedup.', 'm.md');
    assert.deepEqual(
      cs.map((c) => [c.percent, metricOf(c), c.quote]),
      [
        [[13.4, 13.4], 'input_tps', '**H100X2**: \\~13.4% prompt speedup, \\~11.4% gen speedup.'],
        [[11.4, 11.4], 'output_tps', '**H100X2**: \\~13.4% prompt speedup, \\~11.4% gen speedup.'],
      ],
    );
  });

  it('two sizes joined by "and" are two claims, each with its own metric and direction; "by 10% and 20%" is not split', () => {
    const cs = readClaims('With vLLM 0.9, throughput improved by 15% and TTFT dropped by 20%.', 'm.md');
    assert.deepEqual(
      cs.map((c) => [c.percent, c.direction, c.layers[0]?.metrics]),
      [
        [[15, 15], 'better', ['throughput_rps']],
        [[20, 20], 'down', ['ttft_mean_ms']],
      ],
    );
    const ratio = readClaims('TP=2 gives 1.8x the throughput and cuts TTFT by 40% compared with TP=1.', 'm.md');
    assert.deepEqual(
      ratio.map((c) => [c.kind, c.direction, c.layers[0]?.metrics]),
      [
        ['ratio', undefined, ['throughput_rps']],
        ['change', 'down', ['ttft_mean_ms']],
      ],
      '"cuts" belongs to the TTFT clause, not to the ratio',
    );
    const range = readClaims('Throughput and output tokens/s increased by 10% and 20%.', 'm.md');
    assert.deepEqual(
      range.map((c) => c.percent),
      [[10, 20]],
    );
    const shared = readClaims('Throughput rose 10% at 16 users and 20% at 32 users.', 'm.md');
    assert.deepEqual(
      shared.map((c) => [c.percent, c.direction]),
      [
        [[10, 10], 'up'],
        [[20, 20], 'up'],
      ],
      'the second size shares "rose": two claims, none dropped',
    );
  });

  it('ratios: "2x", "1.5 times faster", "twice as fast", but not "4x A10"', () => {
    assert.deepEqual(
      [one('SGLang is 2x faster than vLLM.').ratio, one('Tensor parallel is 1.5 times faster than pipeline.').ratio],
      [2, 1.5],
    );
    const t = one('With 4 GPUs it is twice as fast as with 2 GPUs.');
    assert.deepEqual([t.kind, t.ratio], ['ratio', 2]);
    assert.equal(readClaims('We ran on 4x A10 GPUs and 8x H100 nodes.', 'm.md').length, 0);
    assert.equal(readClaims('We ran every test three times.', 'm.md').length, 0);
  });

  it('directions with the sides they name', () => {
    const f = one('The tensor parallel size split is faster than the pipeline parallel size split on multi-gpu setups, which is expected.');
    assert.deepEqual([f.kind, f.direction, f.subject?.value, f.other?.value], ['direction', 'better', 'tensor', 'pipeline']);
    assert.deepEqual(f.layers[0]!.settings.gpu_scope, ['multi']);
    assert.equal(one('SGLang is slower than vLLM at 5 concurrent requests.').direction, 'worse');
    assert.equal(one('Throughput is higher with 4 GPUs than with 2 GPUs.').direction, 'up');
    assert.equal(one('Latency is lower on SGLang than on vLLM.').direction, 'down');
    assert.equal(one('Think mode is worse than no think mode for throughput.').direction, 'worse');
    const s = one('SGLang appears to scale more efficiently with additional GPUs than vLLM for this specific workload and model.');
    assert.deepEqual([s.kind, s.subject?.value, s.other?.value], ['scaling', 'sglang', 'vllm']);
  });

  it('a bullet that says it twice is one claim: "doesn\'t help. It actually slows down"', () => {
    const c = one(
      "* For small models, if they fit on a single GPU, splitting them across multiple GPUs doesn't help. It actually slows down inference.",
    );
    assert.deepEqual([c.kind, c.direction, c.layers[0]!.settings.gpu_scope], ['direction', 'worse', ['single', 'multi']]);
  });

  it('two clauses about different metrics are two claims', () => {
    const cs = readClaims(
      'Moving from 1 to 2 GPUs:\n\n2 GPUs are faster than 1 GPU at every concurrency, and the average latency is lower with 2 GPUs.\n',
      'm.md',
    );
    assert.deepEqual(
      cs.map((c) => [c.direction, metricOf(c)]),
      [
        ['better', undefined],
        ['down', 'latency_mean_s'],
      ],
    );
  });

  it('trends, levels and hedges are read as such', () => {
    const t = one("This suggests that vLLM's scaling efficiency decreases as the number of GPUs increases.");
    assert.deepEqual([t.kind, t.over, t.direction], ['trend', 'gpus', 'down']);
    const l = one('- Under peak load, the GPU cache utilization settled between **50% and 60%**.');
    assert.deepEqual([l.kind, l.level], ['level', { low: 50, high: 60, unit: '%' }]);
    const n = one(
      '- The total number of active requests handled by the system stabilized at approximately **950**, indicating a high concurrency workload',
    );
    assert.deepEqual([n.kind, n.level?.low, metricOf(n)], ['level', 950, 'active_requests']);
    assert.equal(one('**In general**, **tensor parallel** is often more efficient than pipeline parallel.').hedge, 'in general');
    assert.equal(one('Tensor parallelism can improve throughput by 20% over pipeline.').hedge, 'can');
    assert.equal(one('This is a finding that could be highlighted - SGLang scales better than vLLM.').hedge, undefined);
  });

  it('a heading that is only the mode names the mode ("### no think"), as the logs\' separators do', () => {
    const c = one('### no think\n\nThroughput improves by 10% with the native API over the OpenAI API.');
    assert.deepEqual(c.layers.at(-1)!.settings, { mode: ['no-think'] });
    assert.deepEqual(c.layers[0]!.settings.api, ['native', 'openai']);
  });

  it('context: the lines that introduce a bullet and its headings, not its sibling bullets', () => {
    const text = [
      '## vLLM Performance Comparison Between 2 A10 and 4 A10 GPUs',
      '',
      'The conclusion for vLLM is that it does show some scaling improvements when moving from 2 to 4 GPUs, but the gains are modest:',
      '',
      '- Throughput improves by approximately 15-20% for 30 concurrent requests',
      '- Throughput improves by only 2-5% for 50 concurrent requests',
      '',
      'In contrast, SGLang with tensor parallelism shows more dramatic scaling improvements when moving from 2 to 4 GPUs:',
      '',
      '- For 50 concurrent requests: 17.52 req/s → 24.48 req/s (40% improvement)',
    ].join('\n');
    const cs = readClaims(text, 'm.md');
    const byLine = new Map(cs.map((c) => [c.line, c]));
    const vllm = byLine.get(6)!;
    assert.deepEqual(
      vllm.layers.map((l) => [l.from, l.line]),
      [
        ['claim', 6],
        ['lead-in', 3],
        ['heading', 1],
      ],
    );
    assert.deepEqual(vllm.layers[1]!.settings, { engine: ['vllm'], gpus: [2, 4], scaling: true });
    const sglang = byLine.get(10)!;
    assert.deepEqual(sglang.layers[1]!.settings.engine, ['sglang']);
    assert.deepEqual(sglang.headings, ['vLLM Performance Comparison Between 2 A10 and 4 A10 GPUs']);
    // The sibling bullets at lines 5-6 never introduce line 10.
    assert.ok(!sglang.layers.some((l) => l.line === 5 || l.line === 6));
  });
});

describe('not claims', () => {
  const negatives: Array<[string, string]> = [
    ['a pipe table row', '| 16 | 8.10 | 9.66 | +19.3% faster |'],
    ['a box table row', '│ Successful Requests        │ 1000 (100.0%) improved         │'],
    ['nvidia-smi', '|  0%   34C    P8             15W /  150W |      1MiB /  23028MiB |      0%      Default |'],
    ['a progress bar', 'Processed: 100%|██████████| 320/320 [00:24<00:00, 13.2it/s]'],
    ['a setting', 'We used temperature 0.7 and max_tokens 256 for 100 requests.'],
    ['a GPU utilisation reading', 'GPU utilization was 97% during the 2-GPU runs.'],
    ['a success share', 'Every request succeeded (100%).'],
    ['a log line', 'INFO 04-10 18:20:55 metrics.py:455] Avg prompt throughput: 144.4 tokens/s, GPU KV cache usage: 1.2% higher.'],
    ['JSON', '{"speedup": "improves by 20%"}'],
    ['a command', 'python3 -m sglang.launch_server --tp 2 # 2x faster'],
    ['a fenced block', '```\nThroughput improves by 20% with 4 GPUs.\n```'],
    ['math', '$$450 \\text{ tokens} * 0.1 = 45 \\text{ seconds, 10\\% faster}$$'],
    ['an HTML table', '<table><tr><td>H100X2</td><td>13.4% faster</td></tr></table>'],
    ['a heading', '## SGLang is 2x faster than vLLM'],
    ['a value list', '- 2 GPUs: 11.12-12.00 req/s, ~1217 tokens/s, avg response time ~2.09s'],
    ['a superlative', '* Highest **Prompt TPS**: `gpu-small` with 46.63 tokens/s'],
    ['a setting with "was"', 'The response was utmost 500 tokens per request.'],
    ['front matter', '---\ndescription: >-\n  tensor parallel is 20% faster than pipeline\n---\n'],
  ];
  for (const [what, text] of negatives) {
    it(what, () => assert.deepEqual(readClaims(text, 'm.md'), []));
  }
});

describe('data/ files', () => {
  for (const f of dataFiles) {
    it(`${f}: golden, and every claim's line holds its quote`, () => {
      const text = fs.readFileSync(path.join(DATA, f), 'utf8');
      const claims = readClaims(text, `data/${f}`);
      for (const c of claims) assert.ok(textFrom(text, c.line).includes(c.quote.replace(/\s+/g, ' ')), `line ${c.line}: ${c.quote}`);
      assertGolden(`claims/read-${f.replace(/\.md$/, '')}.json`, claims.map(compact));
    });
  }

  it('no claim comes from a code fence, a table or an nvidia-smi dump', () => {
    for (const f of dataFiles) {
      const lines = fs.readFileSync(path.join(DATA, f), 'utf8').split('\n');
      let fenced = false;
      const fencedLines = new Set<number>();
      lines.forEach((l, k) => {
        if (/^\s*```/.test(l)) fenced = !fenced;
        else if (fenced) fencedLines.add(k + 1);
      });
      for (const c of readClaims(lines.join('\n'), f)) {
        assert.ok(!fencedLines.has(c.line), `${f}:${c.line} is inside a code fence`);
        assert.doesNotMatch(lines[c.line - 1]!, /[│┃|]|<t[dr]>|MiB/, `${f}:${c.line} is a table line`);
      }
    }
  });

  it('the files without prose conclusions have no claims', () => {
    if (!dataFiles.includes('a10-sglang-dp2-vllm.md')) return;
    for (const f of ['a10-sglang-dp2-vllm.md', 'qwen3-4b-think-openai-vs-native.md']) {
      assert.deepEqual(readClaims(fs.readFileSync(path.join(DATA, f), 'utf8'), f), []);
    }
  });
});

describe('other tools (third-party outputs)', () => {
  it('hold no claims: their percentages are table cells, log fields and progress bars', async (t) => {
    const dir = otherToolsDir();
    if (!dir) {
      t.skip('../shared/samples/other-tools is absent');
      return;
    }
    const { claims, diagnostics } = await readClaimsFromPaths([dir]);
    assert.deepEqual(
      claims.map((c) => `${path.basename(c.file)}:${c.line} ${c.quote}`),
      [],
    );
    assert.deepEqual(diagnostics, []);
  });
});

describe('readClaimsFromPaths', () => {
  it('streams to the same claims as readClaims, line numbers included (CRLF, a very long line)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-'));
    try {
      const text = [
        '# Result',
        '',
        `${'x'.repeat(300_000)} improves by 50%`,
        '',
        '- Throughput improves by approximately 15-20% for 30 concurrent requests',
        '',
        'SGLang is 2x faster than vLLM.',
      ].join('\r\n');
      const file = path.join(dir, 'long.md');
      fs.writeFileSync(file, text);
      const streamed = await readClaimsFromPaths([dir]);
      assert.deepEqual(streamed.diagnostics, []);
      assert.deepEqual(
        streamed.claims.map((c) => [c.line, c.quote]),
        [
          [5, 'Throughput improves by approximately 15-20% for 30 concurrent requests'],
          [7, 'SGLang is 2x faster than vLLM.'],
        ],
      );
      // The in-memory reader keeps the long line (it has it anyway) and agrees on the rest.
      assert.deepEqual(
        readClaims(text, file)
          .filter((c) => c.line > 3)
          .map((c) => c.line),
        [5, 7],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads data/ like readClaims, skips data files, reports unreadable paths and binary files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-'));
    try {
      fs.writeFileSync(path.join(dir, 'runs.csv'), 'a,b\nfaster than,20%\n');
      fs.writeFileSync(path.join(dir, 'blob.md'), Buffer.from([0, 1, 2, 3, 0, 0, 65, 10]));
      const res = await readClaimsFromPaths([dir, path.join(dir, 'missing.md')]);
      assert.deepEqual(res.claims, []);
      assert.deepEqual(
        res.diagnostics.map((d) => [d.severity, d.code]),
        [
          ['error', 'io-error'],
          ['info', 'binary-input'],
        ],
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    for (const f of dataFiles) {
      const file = path.join(DATA, f);
      const streamed = await readClaimsFromPaths([file]);
      assert.deepEqual(streamed.claims, readClaims(fs.readFileSync(file, 'utf8'), file));
    }
  });
});
