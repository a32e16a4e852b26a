/**
 * The report leads with answers: `report data/<file>` through the real pipeline (ingest,
 * analysis, report; no PDF), its title from the inputs, its first section, the claims table
 * from hand-made checks, plain words instead of codes, and the appendix CSVs beside it.
 */
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { ClaimCheck, Summary } from '../../src/analyze/types';
import { buildReport } from '../../src/build';
import { memoryEffects } from '../../src/report/build-report';
import { REPO_ROOT } from '../helpers/golden';

async function report(file: string, extra: { claims?: ClaimCheck[]; title?: string; claimRules?: string } = {}) {
  const effects = memoryEffects();
  const out = path.join(os.tmpdir(), 'bb-answers');
  const prev = process.cwd();
  process.chdir(REPO_ROOT);
  try {
    const res = await buildReport([`data/${file}`], { out, effects, config: { charts: false }, ...extra });
    const text = (name: string): string => {
      const v = effects.files.get(path.join(out, name));
      assert.equal(typeof v, 'string', `${name} written`);
      return v as string;
    };
    return { md: text('report.md'), summary: res.summary, text };
  } finally {
    process.chdir(prev);
  }
}

/** The first `##` section, without its heading. */
function firstSection(md: string): { heading: string; body: string } {
  const [, heading = '', body = ''] = /^## (.*)\n([\s\S]*?)(?=^## |$(?![\s\S]))/m.exec(md) ?? [];
  return { heading, body };
}

describe('report data/a10-sglang-vllm-tp2-vs-tp4.md', async () => {
  const { md, summary, text } = await report('a10-sglang-vllm-tp2-vs-tp4.md');
  const { heading, body } = firstSection(md);

  it('sets the source\'s own "15-20%" beside the measured +13.9% and its 95% interval with a verdict (claims read from the log)', () => {
    const section = /^## Claims in the source, checked\n([\s\S]*?)^## /m.exec(md)?.[1] ?? '';
    assert.match(
      section,
      /^\| a10-sglang-vllm-tp2-vs-tp4\.md:841 \| “Throughput improves by approximately 15-20% for 30 concurrent requests” \| 2 GPUs → 4 GPUs: throughput \+13\.9% \(95% interval -28\.4% … \+81\.2%, n 2\/2\) \| \*\*Consistent\*\*: /m,
    );
    const claim = summary.claims.find((c) => c.line === 841);
    assert.equal(claim?.verdict, 'consistent');
    assert.ok(claim?.measured && Math.abs(claim.measured.change_pct - 13.93) < 0.01);
    assert.match(
      md,
      /Claims check verdicts:\*\*\n {2}- Claims are read from the prose of each input/,
      "the checker's rules under Methodology",
    );
  });

  it('is titled from its inputs and opens with the answers', () => {
    assert.match(md, /^# SGLang vs vLLM on 4 × NVIDIA A10: 2 vs 4 GPUs \(Qwen7B-awq\)\n/);
    assert.equal(heading, 'Answers');
  });

  it('answers SGLang 2 → 4 GPUs (+88%) and vLLM 2 → 4 GPUs (+13.9%, spread +9.3 … +18.9%, range over concurrency)', () => {
    assert.match(
      body,
      /\*\*vLLM, 2 → 4 GPUs\*\* \(Qwen7B-awq, NVIDIA A10, OpenAI API\): throughput \+13\.9% at concurrency 30 \(95% interval -28\.4% … \+81\.2%, 2 runs each\), \+1\.5% at 50, \+7\.0% at 100 \(range \+1\.5% … \+13\.9% over concurrency\)/,
    );
    assert.match(
      body,
      /\*\*SGLang, 2 → 4 GPUs\*\* \(NVIDIA A10, native API\): throughput \+88\.0% at concurrency 30 \(2 runs vs 1, noise unknown\), \+40\.4% at 50/,
    );
    // Metrics that move together are said once, with the answer.
    assert.match(body, /output tok\/s \+89\.7% \/ \+39\.8% and mean latency -46\.8% \/ -28\.8% with it\./);
    // The warm-up pair is named, marked and left out; the answer says how sure it is and why.
    assert.match(body, /The concurrency 5 pair \(-72\.9%\) rests on a warm-up suspect † and is left out\./);
    assert.match(body, /\*Low confidence:\* one run on the 4-GPU side\./);
    assert.match(
      body,
      /\*Medium confidence:\* 2 runs on each side at concurrency 30; at concurrency 50 the repeats of the two sides overlap\./,
    );
    // The source's own conclusion (claims read from the file) asks it most directly.
    assert.match(
      body,
      /Asked by its conclusion text \(lines 839 and 841\), the comment “Now compare with 2 GPUs” \(above line 630\) and launch commands at lines 412 and 627\./,
    );
    assert.match(body, /^† warm-up suspect: /m, 'the mark has its legend');
  });

  it('puts the engine comparison, whose sides may differ in model and temperature, under Other comparisons', () => {
    assert.doesNotMatch(body, /vLLM → SGLang/);
    const other = /^## Other comparisons\n([\s\S]*?)^## /m.exec(md)?.[1] ?? '';
    assert.match(other, /\*\*vLLM → SGLang\*\* \(NVIDIA A10\): throughput -6\.7% on 2 GPUs at concurrency 30/);
    assert.match(other, /Not like-for-like: the SGLang side does not state its model or temperature\./);
  });

  it('shows no internal code anywhere in the report', () => {
    assert.doesNotMatch(md, /caveat:|warmup-suspect|\binconclusive\b|\bK\d+\b/);
  });

  it('marks the warm-up suspect in the results table (†) and explains it', () => {
    assert.match(md, /\| SGLang · tensor parallel · native API \| 4 \| 5 \| 8,192 \| {2}\| 1\u00a0† \| 1\.12 \|/);
    assert.match(md, /\| a10-sglang-vllm-tp2-vs-tp4\.md:180 † \| comment "warm up effect!" at line 178 \|/);
  });

  it('writes the appendix as CSV beside the report, one row per item, and lists it', () => {
    const runs = text('appendix-runs.csv').trimEnd().split('\n');
    assert.equal(runs.length, 1 + 25);
    assert.match(runs[0] ?? '', /^run,file,line,engine,model,gpus,concurrency,throughput_rps,/);
    assert.match(text('appendix-runs.csv'), /^data\/a10-sglang-vllm-tp2-vs-tp4\.md:180,.*,warm-up suspect †,/m);
    const cmps = text('appendix-comparisons.csv').trimEnd().split('\n');
    assert.equal(cmps.length, 1 + summary.comparisons.length);
    assert.ok(cmps.some((l) => l.startsWith('q1,scaling,gpus,throughput_rps,')));
    assert.match(md, /^- appendix-comparisons\.csv: every comparison .* \(44 rows\)\.$/m);
  });
});

describe('the first section of the other sample reports', () => {
  it('presets: the pipeline-vs-tensor deltas (+13.4 / +25.9 / +18.7% prompt tok/s)', async () => {
    const { md } = await report('multi-gpu-presets-report.md');
    const { heading, body } = firstSection(md);
    assert.equal(heading, 'Answers');
    const first = /^1\. (.*)$/m.exec(body)?.[1] ?? '';
    assert.match(
      first,
      /^\*\*vLLM, pipeline → tensor parallel\*\* \(Llama-3\.2-3B-Instruct, 2 GPUs, OpenAI API\): prompt tok\/s \+13\.4% on H100X2 \(1 run each, noise unknown\), \+25\.9% on gpu-medium, \+18\.7% on mi210x2/,
    );
    // The conclusion names the prompt speed-up first ("~13.4% prompt speedup, ~11.4% gen speedup"): the answer leads with it.
    assert.match(first, /output tok\/s \+11\.4% \/ \+25\.4% \/ \+14\.9% with it/);
    assert.match(first, /\*\*Single runs only:\*\*/, 'a single run is still an answer, with a warning');
    assert.match(first, /Asked by its conclusion text \(lines 97 and 98\) and the table at line 86 with a column per side\./);
  });

  it('Qwen3: think vs no-think first, for both engines; OpenAI vs native answered', async () => {
    const { md } = await report('qwen3-4b-think-openai-vs-native.md');
    assert.match(md, /^# vLLM vs SGLang: no-think vs think, OpenAI vs native API \(Qwen3-4B\)$/m);
    const items = [...firstSection(md).body.matchAll(/^1\. \*\*(.*?)\*\*/gm)].map((m) => m[1]);
    assert.deepEqual(items, ['vLLM, no-think → think', 'SGLang, no-think → think', 'vLLM → SGLang', 'vLLM, OpenAI → native API']);
    assert.match(md, /\*\*vLLM, no-think → think\*\* \(Qwen3-4B, OpenAI API\): throughput -42\.6% at concurrency 10, max tokens 3,096/);
  });

  it('--title wins over the derived title', async () => {
    const { md } = await report('a10-sglang-dp2-vllm.md', { title: 'My <b>title</b>' });
    assert.match(md, /^# My \\<b\\>title\\<\/b\\>$/m);
    assert.match(firstSection(md).body, /No question of these inputs could be answered like-for-like\. See Other comparisons\./);
  });
});

describe('claims table', async () => {
  const plain = await report('a10-sglang-vllm-tp2-vs-tp4.md');
  // A log whose prose states no comparison's size or direction.
  const noClaims = await report('a10-sglang-dp2-vllm.md');
  const idx = (engine: string, concurrency: number): number =>
    plain.summary.comparisons.findIndex(
      (c) => c.factor === 'gpus' && c.group.engine === engine && c.group.concurrency === concurrency && c.metric === 'throughput_rps',
    );
  const measured = (s: Summary, i: number): NonNullable<ClaimCheck['measured']> => {
    const c = s.comparisons[i]!;
    return {
      comparison: i,
      metric: c.metric,
      change_pct: c.change_pct,
      change_pct_range: c.change_pct_range,
      n: [c.baseline.n, c.candidate.n],
    };
  };
  const claims: ClaimCheck[] = [
    {
      quote: 'Throughput improves by approximately 15-20% for 30 concurrent requests',
      file: 'data/a10-sglang-vllm-tp2-vs-tp4.md',
      line: 838,
      claimed: '+15% … +20%',
      measured: measured(plain.summary, idx('vllm', 30)),
      verdict: 'contradicted',
      why: 'the measured +13.9% is below the claimed 15–20%',
    },
    {
      quote: 'For 30 concurrent requests: 10.78 req/s → 20.27 req/s (88% improvement)',
      file: 'data/a10-sglang-vllm-tp2-vs-tp4.md',
      line: 847,
      claimed: '+88%',
      measured: measured(plain.summary, idx('sglang', 30)),
      verdict: 'consistent',
      why: 'the measured +88.0% matches',
    },
    {
      quote: 'The model may be hitting bottlenecks <img src=x> | not | raw compute',
      file: 'data/a10-sglang-vllm-tp2-vs-tp4.md',
      line: 842,
      claimed: 'bottleneck',
      verdict: 'cannot-check',
      why: 'not a comparison: the data holds no measure of communication overhead',
    },
  ];
  const { md, summary, text } = await report('a10-sglang-vllm-tp2-vs-tp4.md', {
    claims,
    claimRules: 'Agrees: within ±2 points.\nOverstated: above.',
  });

  it('sets each claim beside the measured value with its spread and n, and a verdict with its reason', () => {
    const section = /^## Claims in the source, checked\n([\s\S]*?)^## /m.exec(md)?.[1] ?? '';
    assert.match(section, /^3 claims: 1 consistent, 1 contradicted, 1 cannot check\./m);
    assert.match(
      section,
      /^\| a10-sglang-vllm-tp2-vs-tp4\.md:838 \| “Throughput improves by approximately 15-20% for 30 concurrent requests” \| 2 GPUs → 4 GPUs: throughput \+13\.9% \(spread \+9\.3% … \+18\.9%, n 2\/2\) \| \*\*Contradicted\*\*: the measured \+13\.9% is below the claimed 15–20% \|$/m,
    );
    assert.match(
      section,
      /\| 2 GPUs → 4 GPUs: throughput \+88\.0% \(noise unknown \(1 run\), n 2\/1\) \| \*\*Consistent\*\*: the measured \+88\.0% matches \|$/m,
    );
    assert.match(
      section,
      /\| “The model may be hitting bottlenecks \\<img src=x\\> \\\| not \\\| raw compute” \| — \| \*\*Cannot check\*\*: not a comparison: the data holds no measure of communication overhead \|$/m,
    );
    assert.equal(summary.claims.length, 3);
    assert.equal(JSON.parse(text('summary.json')).claims[0].verdict, 'contradicted');
  });

  it('states the verdict rules under Methodology (the checker’s own when given)', () => {
    assert.match(md, /^- \*\*Claims check verdicts:\*\*\n {2}- Agrees: within ±2 points\.\n {2}- Overstated: above\.$/m);
    assert.doesNotMatch(noClaims.md, /Claims in the source|Claims check verdicts/, 'no claims: no section, no rules');
  });

  it('ranks the questions the conclusion text speaks of first', () => {
    assert.equal(summary.questions[0]?.asked_by, 'conclusion');
    assert.match(md, /its conclusion text \(line 838\)/);
  });
});

describe('claims from JSON outside the contract', () => {
  it('a verdict or line that is no such thing is printed as escaped text, never looked up on a prototype', async () => {
    const odd = [
      { quote: 'q', file: 'data/x.md', line: '<b>7</b>', claimed: '', verdict: '__proto__', why: '' },
    ] as unknown as ClaimCheck[];
    const { md } = await report('a10-sglang-vllm-tp2-vs-tp4.md', { claims: odd });
    assert.match(md, /^\| x\.md: \| “q” \| — \| \*\*\\_\\_proto\\_\\_\*\* \|$/m);
    assert.doesNotMatch(md, /object Object|<b>/);
  });
});
