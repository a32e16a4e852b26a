/**
 * History on folders of nightly logs (test/fixtures/history, written by generate.py and
 * generate-sweeps.py there):
 * each log's engine version line and its dated file name give the run its point in time, or,
 * in the `vllm-<version>/<date>/bench.log` layout, the folder names.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { formatHistoryCsv, formatHistoryTable } from '../../src/analyze/format-capacity';
import { historyOf } from '../../src/analyze/history';
import { parseSlo } from '../../src/analyze/slo';
import { parsePaths } from '../../src/ingest';
import type { RunRecord } from '../../src/model/records';

async function history(dir: string) {
  const { records } = await parsePaths([dir]);
  const runs = records.filter((r): r is RunRecord => r.kind === 'run');
  return { runs, h: historyOf(runs) };
}

test('nightly logs over three versions: the two real steps, with their direction, and nothing else', async () => {
  const { runs, h } = await history('test/fixtures/history/nightly-steps');
  assert.equal(runs.length, 18);
  assert.equal(runs[6]?.server?.version, '0.8.5', 'the version line of the log');
  assert.equal(runs[6]?.timestamp, '2025-03-07', 'the date in the file name');
  // One change per step, throughput first, named by its first run and the last run before it.
  assert.deepEqual(
    h.changes.map((c) => [c.at.date, c.at.version, c.last_good.date, c.last_good.version, c.kind, c.confirmed]),
    [
      ['2025-03-07', '0.8.5', '2025-03-06', '0.8.4', 'regression', true],
      ['2025-03-13', '0.9.0', '2025-03-12', '0.8.5', 'improvement', true],
    ],
  );
  assert.match(h.changes[0]!.at.file ?? '', /2025-03-07\.log$/);
  assert.match(h.changes[0]!.last_good.file ?? '', /2025-03-06\.log$/);
  const tput = h.changes.map((c) => c.metrics[0]!);
  assert.deepEqual(
    tput.map((m) => [m.metric, Math.round(m.delta_pct)]),
    [
      ['throughput_rps', -12],
      ['throughput_rps', 20],
    ],
  );
  const latency = h.changes.map((c) => c.metrics.find((m) => m.metric === 'latency_p99_s')?.kind);
  assert.deepEqual(latency, ['regression', 'improvement'], 'latency up is a regression, down an improvement');
});

test('nightly logs of one build: noise only, nothing flagged', async () => {
  const { runs, h } = await history('test/fixtures/history/nightly-noise');
  assert.equal(runs.length, 14);
  assert.ok(h.series.length >= 3 && h.series.every((s) => s.points.length === 14));
  assert.deepEqual(h.changes, []);
});

/** The changes as the table shows them: metric, kind, where, and the change rounded to 0.1 %. */
function flagged(h: ReturnType<typeof historyOf>) {
  return h.changes.flatMap((c) =>
    c.metrics.map((m) => [m.metric, c.kind, c.at.date, c.at.version, Math.round(m.delta_pct * 10) / 10, m.before, m.after]),
  );
}

/** nightly-steps rewritten as `<root>/vllm-<version>/<date>/bench.log`, each log's version line removed. */
function nightlyFolders(root: string): void {
  const dir = 'test/fixtures/history/nightly-steps';
  for (const name of fs.readdirSync(dir)) {
    const [first, ...rest] = fs.readFileSync(path.join(dir, name), 'utf8').split('\n');
    const version = /version (\S+)/.exec(first ?? '')?.[1];
    const date = /(\d{4}-\d{2}-\d{2})\.log$/.exec(name)?.[1];
    assert.ok(version && date, name);
    fs.mkdirSync(path.join(root, `vllm-${version}`, date), { recursive: true });
    fs.writeFileSync(path.join(root, `vllm-${version}`, date, 'bench.log'), rest.join('\n'));
  }
}

test('nightly folders vllm-<version>/<date>/bench.log without version lines: the same changes as the dated, versioned logs', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-nightly-'));
  try {
    nightlyFolders(root);
    const original = await history('test/fixtures/history/nightly-steps');
    const folders = await history(root);
    assert.equal(folders.runs.length, 18);
    const run = folders.runs.find((r) => r.timestamp === '2025-03-07');
    assert.equal(run?.server?.version, '0.8.5');
    assert.equal(run?.provenance['server.version'], 'folder name (vllm-0.8.5)');
    assert.equal(run?.provenance.timestamp, 'folder name (2025-03-07)');
    assert.equal(original.h.changes.length, 2);
    assert.deepEqual(flagged(folders.h), flagged(original.h));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("a vLLM --save-result JSON in a vllm-0.8.4/ folder, an SGLang JSONL in sglang-0.4.6.post1/<date-time>/: the folders' version and date", async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-nightly-json-'));
  try {
    const vllmDir = path.join(root, 'results', '2025_03_05', 'vllm-0.8.4');
    const sglangDir = path.join(root, 'runs', 'sglang-0.4.6.post1', '20250305-0132');
    fs.mkdirSync(vllmDir, { recursive: true });
    fs.mkdirSync(sglangDir, { recursive: true });
    const result = { backend: 'vllm', model_id: 'meta-llama/Llama-3.1-8B-Instruct', num_prompts: 500, max_concurrency: 32 };
    const metrics = {
      duration: 52.7,
      completed: 500,
      request_throughput: 9.48,
      output_throughput: 2427.5,
      mean_ttft_ms: 120.5,
      p99_ttft_ms: 411.6,
    };
    fs.writeFileSync(path.join(vllmDir, 'serving_llama8B_tp1_qps_4.json'), JSON.stringify({ ...result, ...metrics }));
    fs.writeFileSync(path.join(sglangDir, 'result.jsonl'), `${JSON.stringify({ ...metrics, backend: 'sglang', max_concurrency: 32 })}\n`);
    const { runs } = await history(root);
    const vllm = runs.find((r) => r.engine === 'vllm');
    const sglang = runs.find((r) => r.engine === 'sglang');
    assert.deepEqual(
      [vllm?.server?.version, vllm?.provenance['server.version'], vllm?.timestamp, vllm?.provenance.timestamp],
      ['0.8.4', 'folder name (vllm-0.8.4)', '2025-03-05', 'folder name (2025_03_05)'],
    );
    assert.deepEqual(
      [sglang?.server?.version, sglang?.provenance['server.version'], sglang?.timestamp, sglang?.provenance.timestamp],
      ['0.4.6.post1', 'folder name (sglang-0.4.6.post1)', '2025-03-05', 'folder name (20250305)'],
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a step near either end names the version that made it, and the last run before it', async () => {
  const cases = [
    ['nightly-late-step', '2025-03-15', '0.8.5', '2025-03-14', '0.8.4', 'regression', false],
    ['nightly-last-step', '2025-03-15', '0.8.5', '2025-03-14', '0.8.4', 'regression', false],
    ['nightly-early-step', '2025-03-03', '0.8.4', '2025-03-02', '0.8.3', 'regression', true],
  ] as const;
  for (const [dir, date, version, goodDate, goodVersion, kind, confirmed] of cases) {
    const { h } = await history(`test/fixtures/history/${dir}`);
    assert.deepEqual(
      h.changes.map((c) => [c.at.date, c.at.version, c.last_good.date, c.last_good.version, c.kind, c.confirmed, c.metrics[0]?.metric]),
      [[date, version, goodDate, goodVersion, kind, confirmed, 'throughput_rps']],
      dir,
    );
  }
});

test('history --slo: capacity within p99 TTFT ≤ 3 s per version, the drop named by the first version that shows it', async () => {
  const { records } = await parsePaths(['test/fixtures/history/nightly-sweeps']);
  const runs = records.filter((r): r is RunRecord => r.kind === 'run');
  assert.equal(runs.length, 40);
  const slo = [parseSlo('ttft_p99_ms<=3000')];
  const h = historyOf(runs, { slo, headline: 'ttft_p99_ms' });
  const cap = h.capacity!;
  assert.equal(cap.series.length, 1, 'one setup, swept at 5 versions');
  const points = cap.series[0]!.points;
  assert.deepEqual(
    points.map((p) => p.version),
    ['1.2.0', '1.2.1', '1.3.0', '1.4.0', '1.4.1'],
  );
  // Two repeats a level: every sweep's capacity carries a bootstrap interval, its point inside it.
  for (const p of points) assert.ok(p.ci95 && p.ci95[0] <= p.max_concurrency! && p.max_concurrency! <= p.ci95[1], JSON.stringify(p));
  assert.deepEqual(
    cap.changes.map((c) => [
      c.kind,
      c.at.version,
      c.last_good.version,
      c.confirmed,
      c.metrics.map((m) => [m.metric, Math.round(m.delta_pct)]),
    ]),
    [['regression', '1.4.0', '1.3.0', true, [['max_concurrency', -12]]]],
  );
  assert.equal(cap.changes[0]!.text, 'serves 12% fewer users within p99 TTFT ≤ 3 s since 1.4.0');
  assert.match(cap.changes[0]!.at.file ?? '', /vllm-sweep-2025-04-22\.log$/);
  const table = formatHistoryTable(h);
  assert.match(table, /regression: serves 12% fewer users within p99 TTFT ≤ 3 s since 1\.4\.0 \(last good 2025-04-15 1\.3\.0;/);
  const csv = formatHistoryCsv(h).split('\n');
  const flaggedRows = csv.filter((l) => l.includes('capacity within ttft_p99_ms<=3000') && l.includes('regression'));
  assert.equal(flaggedRows.length, 1);
  assert.match(flaggedRows[0]!, /,2025-04-22,1\.4\.0,33\.\d+,2,regression,-12\.\d+,true,/);
});

test('history --slo: without a drop nothing is flagged, and single-run sweeps say their noise is unknown', async () => {
  const { records } = await parsePaths(['test/fixtures/history/nightly-sweeps']);
  const runs = records.filter((r): r is RunRecord => r.kind === 'run');
  // The versions before the drop, one run a level.
  const seen = new Set<string>();
  const before = runs.filter((r) => {
    const key = `${r.server?.version} ${r.client?.concurrency}`;
    if (!['1.2.0', '1.2.1', '1.3.0'].includes(r.server?.version ?? '') || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const h = historyOf(before, { slo: [parseSlo('ttft_p99_ms<=3000')] });
  assert.equal(h.capacity!.series[0]!.points.length, 3);
  assert.deepEqual(h.capacity!.changes, []);
  assert.ok(h.capacity!.series[0]!.points.every((p) => p.ci95 === undefined && p.repeats === 1));
  assert.match(formatHistoryTable(h), /No capacity or goodput change between versions\.[\s\S]*noise unknown \(1 run\)/);
});
