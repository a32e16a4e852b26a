/**
 * `report --slo`: the Capacity section, its chart and the Answers entry per configuration.
 * The done-criterion on data/a10-sglang-vllm-tp2-vs-tp4.md with latency_p99_s<=3
 * through buildReport (ingest, analysis, charts, templates), then the words of the other
 * bounds, the config key, the usage errors and escaping on runs made here.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { capacityOf } from '../../src/analyze/capacity';
import { parseSlo } from '../../src/analyze/slo';
import { main } from '../../src/cli/main';
import type { RunRecord } from '../../src/model/records';
import { memoryEffects, writeReport } from '../../src/report/build-report';
import { readReportConfig } from '../../src/report/report-config';
import { buildCapacityView, capacityAnswers } from '../../src/report/view/capacity-view';
import { assertGolden, REPO_ROOT } from '../helpers/golden';
import { MEMORY_OUT, memoryReport, section } from './memory-report';

const A10 = 'data/a10-sglang-vllm-tp2-vs-tp4.md';
const OUT = MEMORY_OUT;

function a10Report(opts: { slo?: string[]; config?: { slo?: string[]; charts?: boolean } } = {}) {
  return memoryReport([A10], opts);
}

/** The Answers' `### heading` group body. */
function answerGroup(md: string, heading: string): string {
  return new RegExp(`^### ${heading}\\n([\\s\\S]*?)(?=^##|(?![\\s\\S]))`, 'm').exec(section(md, 'Answers'))?.[1] ?? '';
}

describe('report data/a10-sglang-vllm-tp2-vs-tp4.md --slo "latency_p99_s<=3" (issue 23, done-criterion)', async () => {
  const { res, md, text, files } = await a10Report({ slo: ['latency_p99_s<=3'] });
  const capacity = section(md, 'Capacity');
  const vllmRow = (gpus: number) => capacity.split('\n').find((l) => l.startsWith(`| vLLM · Qwen7B-awq · ${gpus} GPUs ·`)) ?? '';

  it('summary.json has the capacity: vLLM ≈ 39 users on 2 GPUs and ≈ 45 on 4, interpolated between 30 and 50; SGLang not reached', () => {
    const cap = res.summary.capacity;
    assert.ok(cap, 'summary.capacity');
    assert.deepEqual(
      cap.slo.map((t) => t.text),
      ['latency_p99_s<=3'],
    );
    for (const [gpus, users] of [
      [2, 39],
      [4, 45],
    ] as const) {
      const g: (typeof cap.groups)[number] | undefined = cap.groups.find((x) => x.group.engine === 'vllm' && x.group.gpus === gpus);
      assert.equal(g?.bound, 'interpolated');
      assert.equal(Math.floor(g?.max_concurrency ?? 0), users);
    }
    const sglang = cap.groups.filter((g) => g.group.engine === 'sglang');
    assert.deepEqual([...new Set(sglang.map((g) => g.group.gpus))].sort(), [2, 4]);
    assert.ok(sglang.every((g) => g.bound === 'not-reached'));
    assert.deepEqual(JSON.parse(text('summary.json')).capacity, JSON.parse(JSON.stringify(cap)));
  });

  it('the Capacity table says each capacity with its bound in words', () => {
    assert.match(
      vllmRow(2),
      /\| about 39 users \(interpolated between 30 and 50; 95% interval 37\.4\u00a0…\u00a041\.3, 2 runs a level\) \| 13\.27 req\/s \| p99 latency ≤ 3 s \| 30\u00a0✓\u00a0\(2\), 50\u00a0✗\u00a0\(2\), 100\u00a0✗\u00a0\(2\) \|$/,
    );
    assert.match(
      vllmRow(4),
      /\| about 45 users \(interpolated between 30 and 50; noise unknown: 1 run at 5\) \| 14\.86 req\/s \| p99 latency ≤ 3 s \| 5\u00a0✓\u00a0\(1\), /,
    );
    const sglangRows = capacity.split('\n').filter((l) => l.startsWith('| SGLang'));
    assert.equal(sglangRows.length, 3);
    const intervals = sglangRows.map(
      (row) => /\| at least 50 users \(every level meets the target; ([^|]*)\) \| [\d.]+ req\/s \| — \|/.exec(row)?.[1],
    );
    // The repeats behind each capacity: 2 runs at every level, 1 run at every level, 1 run at the
    // lowest level only. A lower bound gets no interval: it would be 50.0 … 50.0.
    assert.deepEqual(intervals.sort(), ['2 runs a level', 'noise unknown: 1 run a level', 'noise unknown: 1 run at 5']);
    assert.match(capacity, /^All configurations: NVIDIA A10, max tokens 256\.$/m);
  });

  it('leaves the warm-up suspect out and says so; states the method', () => {
    assert.match(capacity, /^Left out of the table and the charts: 1 warm-up suspect † \(a10-sglang-vllm-tp2-vs-tp4\.md line 180\)\.$/m);
    assert.doesNotMatch(vllmRow(4), /†/);
    assert.match(capacity, /^\*\*How:\*\* Repeats at one load level are combined by their median\./m);
  });

  it('draws one capacity chart with the target, numbered first; the Charts section numbers on', () => {
    assert.ok(files.includes(path.join(OUT, 'charts', 'capacity-latency-p99-s.svg')));
    const svg = text('charts/capacity-latency-p99-s.svg');
    assert.match(svg, /target ≤ 3 s/);
    assert.match(svg, /c ≈ 39\.5/);
    assert.match(
      capacity,
      /^!\[[^\]]+\]\(charts\/capacity-latency-p99-s\.svg\)\n\n\*Figure 1\. Capacity: latency p99 ≤ 3 s against concurrency\.\*/m,
    );
    assert.match(section(md, 'Charts'), /^\*Figure 2\. /m);
  });

  it('answers "how many users within the target" per configuration, before the input\'s own questions', () => {
    const answers = section(md, 'Answers');
    const headings = answers.match(/^### .*/gm);
    assert.deepEqual(headings, ['### How many concurrent users within p99 latency ≤ 3 s', '### a10-sglang-vllm-tp2-vs-tp4.md']);
    const group = answerGroup(md, 'How many concurrent users within p99 latency ≤ 3 s');
    const items = group.match(/^1\. .*/gm) ?? [];
    assert.equal(items.length, 5, 'one entry per configuration');
    assert.ok(
      items.some((i) =>
        /^1\. \*\*vLLM, 2 GPUs\*\* \(Qwen7B-awq, .*\): about 39 users within p99 latency ≤ 3 s \(interpolated between 30 and 50\); 95% interval 37\.4\u00a0…\u00a041\.3, 2 runs a level; goodput 13\.27 req\/s there\./.test(
          i,
        ),
      ),
    );
    assert.ok(
      items.some((i) => /^1\. \*\*vLLM, 4 GPUs\*\* .*: about 45 users within p99 latency ≤ 3 s \(interpolated between 30 and 50\)/.test(i)),
    );
    const sglang = items.filter((i) => i.startsWith('1. **SGLang'));
    assert.equal(sglang.length, 3);
    for (const i of sglang)
      assert.match(i, /: at least 50 users within p99 latency ≤ 3 s: every level measured meets the target, so the limit lies beyond 50/);
    assert.match(answers, /^First, how much load each configuration serves within the targets given\. Then: what the inputs set out/m);
    assert.match(answerGroup(md, 'a10-sglang-vllm-tp2-vs-tp4\\.md'), /^1\. \*\*vLLM, 2 → 4 GPUs\*\*/m);
  });

  it('section order: Answers, Capacity, then the sections as before (golden Capacity section and answers)', () => {
    assert.deepEqual(md.match(/^## .*/gm)?.slice(0, 4), ['## Answers', '## Capacity', '## Claims in the source, checked', '## Results']);
    assertGolden(
      'report-capacity/a10-capacity.md',
      `${answerGroup(md, 'How many concurrent users within p99 latency ≤ 3 s')}\n---\n\n${capacity}`,
    );
  });
});

describe('report without targets, and where targets come from', () => {
  it('no --slo: no Capacity section, no capacity in summary.json', async () => {
    const { res, md } = await a10Report({ config: { charts: false } });
    assert.equal(res.summary.capacity, undefined);
    assert.doesNotMatch(md, /^## Capacity/m);
    assert.doesNotMatch(md, /How many concurrent users/);
  });

  it('the config key `slo` gives the same section; --slo wins over it', async () => {
    const { config, diagnostics } = readReportConfig({ slo: 'latency_p99_s<=3' });
    assert.deepEqual(config.slo, ['latency_p99_s<=3']);
    assert.deepEqual(diagnostics, []);
    assert.match(readReportConfig({ slo: 3 }).diagnostics[0]?.message ?? '', /"slo" must be a target/);
    const fromConfig = await a10Report({ config: { slo: ['latency_p99_s<=3'], charts: false } });
    assert.match(section(fromConfig.md, 'Capacity'), /about 39 users \(interpolated between 30 and 50; 95% interval/);
    const both = await a10Report({ slo: ['latency_p99_s<=2'], config: { slo: ['latency_p99_s<=3'], charts: false } });
    assert.deepEqual(
      both.res.summary.capacity?.slo.map((t) => t.text),
      ['latency_p99_s<=2'],
    );
  });

  it('an unknown metric is a usage error naming the closest (exit 2 from the CLI, before reading)', async () => {
    await assert.rejects(a10Report({ slo: ['latency_p99_sec<=3'], config: { charts: false } }), (err: Error) => {
      assert.match(err.message, /latency_p99_sec/);
      assert.match(err.message, /latency_p99_s\b/);
      return true;
    });
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-slo-cli-'));
    const write = process.stderr.write.bind(process.stderr);
    let stderr = '';
    process.stderr.write = ((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    }) as typeof process.stderr.write;
    try {
      const code = await main(['report', path.join(REPO_ROOT, A10), '--out', out, '--slo', 'ttft_p99_msec<=500']);
      assert.equal(code, 2);
      assert.match(stderr, /ttft_p99_ms\b/);
      assert.deepEqual(fs.readdirSync(out), [], 'nothing written');
    } finally {
      process.stderr.write = write;
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});

/** A run of a sweep made here: one load level of one configuration. */
function sweepRun(line: number, model: string, concurrency: number, metrics: Record<string, number>): RunRecord {
  return {
    kind: 'run',
    schema_version: 1,
    id: `sweep|log.md:${line}`,
    source: { file: 'sweep|log.md', line, format: 'vllm-bench' },
    labels: [],
    engine: 'vllm',
    model,
    client: { concurrency },
    metrics,
    raw: {},
    provenance: {},
    flags: [],
  };
}

describe('capacity words for every bound, two targets, and log text escaped', () => {
  const XSS = '<img src=x onerror=alert(1)>';
  // Model A: TTFT crosses 500 ms between 16 and 32, at 16 + 16 × 100/500 = 19.2 (goodput 9 + 5 × 0.2 = 10 req/s). Model B: fails at the lowest level.
  // Model C: every level meets both. Model D: level 32 lacks TTFT, 64 fails: measured at 16.
  const runs = [
    ...[
      [4, 200, 5, 3],
      [16, 400, 8, 9],
      [32, 900, 12, 14],
    ].map(([c, ttft, lat, rps], i) => sweepRun(10 + i, XSS, c!, { ttft_p99_ms: ttft!, latency_p99_s: lat!, throughput_rps: rps! })),
    ...[
      [4, 700, 9, 2],
      [16, 1200, 14, 5],
    ].map(([c, ttft, lat, rps], i) => sweepRun(20 + i, '__proto__', c!, { ttft_p99_ms: ttft!, latency_p99_s: lat!, throughput_rps: rps! })),
    ...[4, 16].map((c, i) => sweepRun(30 + i, 'c|model', c, { ttft_p99_ms: 100, latency_p99_s: 2, throughput_rps: c })),
    sweepRun(40, 'D', 16, { ttft_p99_ms: 300, latency_p99_s: 5, throughput_rps: 8 }),
    sweepRun(41, 'D', 32, { latency_p99_s: 7, throughput_rps: 12 }),
    sweepRun(42, 'D', 64, { ttft_p99_ms: 800, latency_p99_s: 15, throughput_rps: 13 }),
  ];
  const targets = [parseSlo('ttft_p99_ms<=500'), parseSlo('latency_p99_s<=20')];
  const result = capacityOf(runs, targets);
  const byModel = (m: string) => result.groups.findIndex((g) => g.group.model === m);
  const view = buildCapacityView(result, [], new Map(runs.map((r) => [r.id, r])), (f) => f);
  const rows = view.table?.rows ?? [];
  const answers = capacityAnswers(result);

  it('interpolated, never met, not reached and measured, each in words', () => {
    assert.equal(rows.length, 4);
    assert.match(rows[byModel(XSS)]?.[1] ?? '', /^about 19 users \(interpolated between 16 and 32; noise unknown: 1 run a level\)$/);
    assert.equal(rows[byModel(XSS)]?.[3], 'TTFT p99 ≤ 500 ms');
    assert.equal(rows[byModel('__proto__')]?.[1], 'never met (the lowest level, 4, already fails)');
    assert.equal(rows[byModel('c|model')]?.[1], 'at least 16 users (every level meets the targets; noise unknown: 1 run a level)');
    assert.equal(
      rows[byModel('D')]?.[1],
      '16 users (the last level that meets the targets; 32 lacks TTFT p99, so no interpolation across it; noise unknown: 1 run a level)',
    );
    assert.match(view.intro, /with TTFT p99 ≤ 500 ms and p99 latency ≤ 20 s met/);
    assert.match(rows[byModel('D')]?.[4] ?? '', /^16\u00a0✓\u00a0\(1\), 32\u00a0\?\u00a0\(1\), 64\u00a0✗\u00a0\(1\)$/);
  });

  it('answers name the limiting target when there are two, and say when nothing is within them', () => {
    const item = (m: string) => answers.items[byModel(m)] ?? '';
    assert.match(
      item(XSS),
      /: about 19 users within TTFT p99 ≤ 500 ms and p99 latency ≤ 20 s \(interpolated between 16 and 32\), limited by TTFT p99 ≤ 500 ms; noise unknown: 1 run a level; goodput 10\.00 req\/s there\./,
    );
    assert.match(
      item('__proto__'),
      /: no load measured is within TTFT p99 ≤ 500 ms and p99 latency ≤ 20 s \(never met: the lowest level, 4, already fails\)\. Measured at concurrency 4 and 16 \(1 run each\)\.$/,
    );
  });

  it('escapes model names from logs in the table and the answers', () => {
    const all = [...rows.flat(), ...answers.items].join('\n');
    assert.ok(!/(^|[^\\])<img/.test(all), 'no raw HTML from a model name');
    assert.ok(all.includes('\\<img src=x onerror=alert(1)\\>'));
    assert.ok(all.includes('\\_\\_proto\\_\\_'));
    assert.ok(all.includes('c\\|model'), 'a pipe in a model name cannot break the table');
  });

  it('through writeReport: the same words in report.md, and the report is the same for runs in any order', async () => {
    const write = async (rs: RunRecord[]) => {
      const effects = memoryEffects();
      await writeReport(
        { runs: rs, env: [], samples: [], diagnostics: [] },
        { out: OUT, effects, slo: ['ttft_p99_ms<=500,latency_p99_s<=20'] },
      );
      return effects.files.get(path.join(OUT, 'report.md')) as string;
    };
    const md = await write(runs);
    assert.match(section(md, 'Capacity'), /\| at least 16 users \(every level meets the targets; noise unknown: 1 run a level\) \|/);
    assert.equal(await write([...runs].reverse()), md);
  });
});
