/**
 * Chart fixtures from numbers transcribed by hand (test/fixtures/charts/*.json): RunRecords,
 * Configurations (repeats aggregated) and Comparisons built with docs/architecture.md's formulas, so the
 * charts get the shapes analysis will hand them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Comparison, ComparisonKind, Configuration, Group, MetricStats, Side } from '../../src/analyze/types';
import type { RunRecord } from '../../src/model/records';

export const FIXTURES = path.join(__dirname, '..', 'fixtures', 'charts');

interface A10Run {
  line: number;
  engine: 'vllm' | 'sglang';
  gpus: number;
  concurrency: number;
  rps: number;
  tps: number;
  lat: [number, number, number, number, number, number, number];
}

const A10_FILE = 'data/a10-sglang-vllm-tp2-vs-tp4.md';

export function a10Runs(): RunRecord[] {
  const json = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'a10-runs.json'), 'utf8')) as { runs: A10Run[] };
  return json.runs.map((r) => {
    const [min, p50, mean, p90, p95, p99, max] = r.lat;
    return {
      kind: 'run',
      schema_version: 1,
      id: `${A10_FILE}:${r.line}`,
      source: { file: A10_FILE, line: r.line, format: 'rich-table' },
      labels: [],
      engine: r.engine,
      model: 'Qwen7B-awq',
      hardware: { gpu: 'NVIDIA A10' },
      parallelism: { tp: r.gpus, gpus: r.gpus, strategy: 'tensor' },
      client: { concurrency: r.concurrency, max_tokens: 256 },
      metrics: {
        throughput_rps: r.rps,
        output_tps: r.tps,
        latency_min_s: min,
        latency_p50_s: p50,
        latency_mean_s: mean,
        latency_p90_s: p90,
        latency_p95_s: p95,
        latency_p99_s: p99,
        latency_max_s: max,
      },
      raw: {},
      provenance: {},
      flags: [],
    };
  });
}

function stats(xs: number[]): MetricStats {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const std = n > 1 ? Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  const s: MetricStats = { n, mean, min: Math.min(...xs), max: Math.max(...xs), std };
  if (mean !== 0) s.cv = std / mean;
  return s;
}

function groupOf(r: RunRecord): Group {
  const g: Group = {};
  if (r.engine) g.engine = r.engine;
  if (r.model) g.model = r.model;
  if (r.hardware?.gpu) g.gpu = r.hardware.gpu;
  if (r.hardware?.preset) g.preset = r.hardware.preset;
  if (r.parallelism?.gpus !== undefined) g.gpus = r.parallelism.gpus;
  if (r.parallelism?.strategy) g.strategy = r.parallelism.strategy;
  if (r.client?.concurrency !== undefined) g.concurrency = r.client.concurrency;
  if (r.client?.max_tokens !== undefined) g.max_tokens = r.client.max_tokens;
  if (r.server?.context_length !== undefined) g.context_length = r.server.context_length;
  return g;
}

export function configurationsOf(runs: RunRecord[]): Configuration[] {
  const byKey = new Map<string, RunRecord[]>();
  for (const r of runs) {
    const key = JSON.stringify(Object.entries(groupOf(r)).sort());
    byKey.set(key, [...(byKey.get(key) ?? []), r]);
  }
  return [...byKey.values()].map((rs, i) => {
    const metrics: Record<string, MetricStats> = {};
    for (const k of Object.keys(rs[0]!.metrics)) metrics[k] = stats(rs.map((r) => r.metrics[k]!).filter((x) => x !== undefined));
    return { id: `cfg-${i + 1}`, group: groupOf(rs[0]!), runs: rs.map((r) => r.id), excluded: [], metrics };
  });
}

function side(c: Configuration, metric: string, label: string, value: string | number): Side {
  const s = c.metrics[metric]!;
  return { label, value, n: s.n, mean: s.mean, min: s.min, max: s.max, std: s.std, runs: c.runs };
}

/** Comparisons of every pair of configurations that differ only in `factor`. */
export function comparisonsOf(
  configs: Configuration[],
  runs: RunRecord[],
  kind: ComparisonKind,
  factor: 'gpus' | 'engine' | 'strategy',
  baselineValue: string | number,
  labelOf: (v: string | number) => string,
  metrics: string[],
): Comparison[] {
  const out: Comparison[] = [];
  const rest = (g: Group): string =>
    JSON.stringify(
      Object.entries(g)
        .filter(([k]) => k !== factor)
        .sort(),
    );
  const byId = new Map(runs.map((r) => [r.id, r]));
  for (const b of configs) {
    if (b.group[factor] !== baselineValue) continue;
    for (const c of configs) {
      if (c === b || c.group[factor] === undefined || c.group[factor] === baselineValue || rest(c.group) !== rest(b.group)) continue;
      for (const metric of metrics) {
        if (!b.metrics[metric] || !c.metrics[metric]) continue;
        const bs = side(b, metric, labelOf(b.group[factor]!), b.group[factor]!);
        const cs = side(c, metric, labelOf(c.group[factor]!), c.group[factor]!);
        const ratio = cs.mean / bs.mean;
        const pairs: number[] = [];
        for (const rb of b.runs)
          for (const rc of c.runs) pairs.push((byId.get(rc)!.metrics[metric]! / byId.get(rb)!.metrics[metric]! - 1) * 100);
        const { [factor]: _omit, ...group } = b.group;
        const flags: string[] = [];
        if (bs.n === 1 || cs.n === 1 || !(cs.min > bs.max || cs.max < bs.min)) flags.push('inconclusive');
        const cmp: Comparison = {
          kind,
          metric,
          group,
          factor,
          baseline: bs,
          candidate: cs,
          ratio,
          change_pct: (ratio - 1) * 100,
          change_pct_range: [Math.min(...pairs), Math.max(...pairs)],
          n_base: bs.n,
          n_other: cs.n,
          flags,
        };
        if (kind === 'scaling' && /_(rps|tps)$/.test(metric)) cmp.efficiency = ratio / (Number(cs.value) / Number(bs.value));
        out.push(cmp);
      }
    }
  }
  return out;
}

export function a10Fixture(): { runs: RunRecord[]; configurations: Configuration[]; comparisons: Comparison[] } {
  const runs = a10Runs();
  const configurations = configurationsOf(runs);
  const metrics = ['throughput_rps', 'output_tps', 'latency_mean_s', 'latency_p99_s'];
  const comparisons = [
    ...comparisonsOf(configurations, runs, 'scaling', 'gpus', 2, (v) => `${v} GPUs`, metrics),
    ...comparisonsOf(configurations, runs, 'engine', 'engine', 'vllm', (v) => (v === 'vllm' ? 'vLLM' : 'SGLang'), metrics),
  ];
  return { runs, configurations, comparisons };
}

interface PresetJson {
  section3: Array<{ preset: string; pipeline: [number, number]; tensor: [number, number] }>;
  table_4_1_2: { model: string; rows: Array<Record<string, string | number>> };
  table_4_1_1: { model: string; rows: Array<Record<string, string | number>> };
}

const PRESET_FILE = 'data/multi-gpu-presets-report.md';

function presetRun(
  id: string,
  model: string,
  preset: string,
  strategy: 'pipeline' | 'tensor' | undefined,
  metrics: Record<string, number>,
): RunRecord {
  return {
    kind: 'run',
    schema_version: 1,
    id: `${PRESET_FILE}:${id}`,
    source: { file: PRESET_FILE, line: Number(id.split(':')[0]), format: 'html-table' },
    labels: [],
    engine: 'vllm',
    model,
    hardware: { preset },
    ...(strategy ? { parallelism: { strategy } } : {}),
    server: { context_length: 2048 },
    client: { concurrency: 10, max_tokens: 512, total_requests: 100 },
    metrics,
    raw: {},
    provenance: {},
    flags: [],
  };
}

export function presetsFixture(): { runs: RunRecord[]; configurations: Configuration[]; comparisons: Comparison[] } {
  const json = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'presets-report.json'), 'utf8')) as PresetJson;
  const runs: RunRecord[] = [];
  json.section3.forEach((r, i) => {
    runs.push(
      presetRun(`92:${i + 1}:pipeline`, 'Llama-3.2-3B-Instruct', r.preset, 'pipeline', {
        input_tps: r.pipeline[0],
        output_tps: r.pipeline[1],
      }),
    );
    runs.push(
      presetRun(`92:${i + 1}:tensor`, 'Llama-3.2-3B-Instruct', r.preset, 'tensor', { input_tps: r.tensor[0], output_tps: r.tensor[1] }),
    );
  });
  for (const [line, t] of [
    [140, json.table_4_1_2],
    [124, json.table_4_1_1],
  ] as const) {
    t.rows.forEach((row, i) => {
      const { preset, ...m } = row;
      runs.push(presetRun(`${line}:${i + 1}`, t.model, String(preset), undefined, m as Record<string, number>));
    });
  }
  const configurations = configurationsOf(runs);
  const comparisons = comparisonsOf(configurations, runs, 'parallelism', 'strategy', 'pipeline', (v) => String(v), [
    'input_tps',
    'output_tps',
  ]);
  return { runs, configurations, comparisons };
}
