/**
 * The History section and the Answers that name changes over time, on the nightly fixtures
 * (test/fixtures/history/, written by generate.py): `nightly-steps` holds two real steps
 * (0.8.5 lowers throughput ~12 %, 0.9.0 raises it ~20 %) among ~1 % noise, `nightly-noise`
 * the same build every night.
 *
 * What these tests need from ingest: each run's engine version (`server.version`, from the
 * log's `vLLM API server version 0.8.5` line) and date (`timestamp`, from the file name
 * `vllm-nightly-2025-03-07.log`); `nightlyRuns` checks ingest gave both.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parsePaths } from '../../src/ingest';
import type { ParseResult } from '../../src/ingest/types';
import type { RunRecord } from '../../src/model/records';
import { memoryEffects, writeReport } from '../../src/report/build-report';
import { assertGolden } from '../helpers/golden';
import { MEMORY_OUT, memoryReport, section } from './memory-report';

const STEPS = 'test/fixtures/history/nightly-steps';
const NOISE = 'test/fixtures/history/nightly-noise';
const OUT = MEMORY_OUT;

/** The folder parsed; each run carries the version its log prints and the date its file name does. */
async function nightlyRuns(dir: string): Promise<ParseResult> {
  const parsed = await parsePaths([dir]);
  for (const r of parsed.records) {
    if (r.kind !== 'run') continue;
    const version = /API server version (\S+)/.exec(fs.readFileSync(r.source.file, 'utf8'))?.[1];
    const date = /(\d{4}-\d{2}-\d{2})\.log$/.exec(r.source.file)?.[1];
    assert.equal(r.server?.version, version, `${r.source.file}: the version line read`);
    assert.equal(r.timestamp, date, `${r.source.file}: the date of the file name read`);
  }
  return parsed;
}

function report(dir: string, parsed?: ParseResult) {
  return memoryReport([dir], parsed ? { parsed } : {});
}

/** What a nightly-steps report must say: the two steps, each named by meaning, in the section and the answers. */
function assertSteps(r: Awaited<ReturnType<typeof report>>): void {
  const h = r.res.summary.history;
  assert.ok(h, 'summary.history');
  const at = (c: { at: { date?: string; version?: string } }) => `${c.at.version} ${c.at.date}`;
  // One row per step: the two new versions, each with every metric that moved there, throughput first.
  assert.deepEqual(
    h.changes.map((c) => [at(c), c.kind, c.last_good.version, c.metrics[0]?.metric]),
    [
      ['0.8.5 2025-03-07', 'regression', '0.8.4', 'throughput_rps'],
      ['0.9.0 2025-03-13', 'improvement', '0.8.5', 'throughput_rps'],
    ],
  );
  const throughput = h.changes.map((c) => c.metrics[0]!);
  assert.ok(Math.abs((throughput[0]?.delta_pct ?? 0) + 12) < 2, `0.8.5: ${throughput[0]?.delta_pct}%`);
  assert.ok(Math.abs((throughput[1]?.delta_pct ?? 0) - 20) < 2, `0.9.0: ${throughput[1]?.delta_pct}%`);
  const latency = h.changes.map((c) => c.metrics.find((m) => m.metric === 'latency_p99_s')?.kind);
  assert.deepEqual(latency, ['regression', 'improvement'], 'latency up is a regression, down an improvement');

  const answers = section(r.md, 'Answers');
  const items = answers.match(/^1\. .*/gm) ?? [];
  assert.match(
    items[0] ?? '',
    /^1\. \*\*Regression at 0\.8\.5 \(2025-03-07\)\*\*, vLLM, 1 GPU \(Llama-3\.1-8B-Instruct\): throughput 9\.\d+ req\/s → 8\.\d+ req\/s \(-1[12]\.\d%\)/,
  );
  assert.match(
    items[1] ?? '',
    /^1\. \*\*Improvement at 0\.9\.0 \(2025-03-13\)\*\*, .*: throughput 8\.\d+ req\/s → 10\.\d+ req\/s \(\+(19|20)\.\d%\)/,
  );
  const hist = section(r.md, 'History');
  // One row per step, its other metrics in the "With it" cell.
  assert.equal(hist.match(/\| regression \|$/gm)?.length, 1);
  assert.equal(hist.match(/\| improvement \|$/gm)?.length, 1);
  assert.doesNotMatch(hist, /No change beyond the noise/);
}

describe('nightly-steps: two real steps flagged, named by meaning, the regression first', async () => {
  const r = await report(STEPS, await nightlyRuns(STEPS));

  it('summary.history and the answers: 0.8.5 a regression (~-12%), 0.9.0 an improvement (~+20%), nothing else', () => assertSteps(r));

  it('the regression is the first answer; the 18 one-run files are said in one line, as the series they form', () => {
    const answers = section(r.md, 'Answers');
    assert.deepEqual(answers.match(/^### .*/gm), ['### Changes over time', '### 18 files, points of a series over time']);
    assert.match(answers, /^Within each file nothing varies; together they are the series answered under Changes over time/m);
    assert.match(r.md, /^# vLLM: versions 0\.8\.4 to 0\.9\.0 \(Llama-3\.1-8B-Instruct\)$/m);
    assert.match(answers, /^First, changes over time \(regressions before improvements\)\.$/m);
    assert.match(answers, /vllm-nightly-2025-03-06\.log and 12 more\.$/m);
  });

  it('the History section: the changes, the rule, a chart per metric with a flagged change (golden)', () => {
    const hist = section(r.md, 'History');
    assert.deepEqual(r.md.match(/^## .*/gm)?.slice(0, 3), ['## Answers', '## History', '## Results']);
    assert.match(
      hist,
      /^1 configuration measured at several dates or engine versions: 18 points from 2025-03-01 to 2025-03-18 \(versions 0\.8\.4, 0\.8\.5 and 0\.9\.0\)/m,
    );
    assert.match(hist, /^\*\*Rule:\*\* A change is flagged where the series steps beyond chance\./m);
    const charts = r.files.filter((f) => f.includes(`${path.sep}charts${path.sep}history-`)).map((f) => path.basename(f));
    assert.deepEqual(charts.sort(), [
      'history-latency-p99-s.svg',
      'history-output-tps.svg',
      'history-throughput-rps.svg',
      'history-total-tps.svg',
      'history-ttft-p99-ms.svg',
    ]);
    assert.match(r.text('charts/history-throughput-rps.svg'), /-1[12]\.\d% regression/);
    assert.deepEqual(hist.match(/^\*Figure \d+/gm), ['*Figure 1', '*Figure 2', '*Figure 3', '*Figure 4', '*Figure 5']);
    assertGolden('report-history/nightly-steps-history.md', hist);
  });

  it('the same History section, answers and summary.history for the runs in any order (determinism)', async () => {
    const parsed = await nightlyRuns(STEPS);
    const again = await report(STEPS, { ...parsed, records: [...parsed.records].reverse() });
    // The files' own order (summary.inputs, the one-run files' line) follows the read order; the history does not.
    assert.equal(section(again.md, 'History'), section(r.md, 'History'));
    const changes = (md: string) => /^### Changes over time\n[\s\S]*?(?=^### )/m.exec(md)?.[0];
    assert.equal(changes(again.md), changes(r.md));
    assert.deepEqual(again.res.summary.history, r.res.summary.history);
  });
});

describe('history and capacity together', () => {
  it("the Answers name the changes over time first, then the capacity within the targets, then the inputs' questions", async () => {
    const parsed = await nightlyRuns(STEPS);
    const effects = memoryEffects();
    const runs = parsed.records.filter((r): r is RunRecord => r.kind === 'run');
    const res = await writeReport(
      { runs, env: [], samples: [], diagnostics: [] },
      { out: OUT, effects, slo: ['latency_p99_s<=12'], config: { charts: false } },
    );
    const md = effects.files.get(path.join(OUT, 'report.md')) as string;
    const answers = section(md, 'Answers');
    assert.deepEqual(answers.match(/^### .*/gm)?.slice(0, 2), [
      '### Changes over time',
      '### How many concurrent users within p99 latency ≤ 12 s',
    ]);
    assert.match(
      answers,
      /^First, changes over time \(regressions before improvements\) and how much load each configuration serves within the targets given\.$/m,
    );
    assert.deepEqual(md.match(/^## .*/gm)?.slice(0, 4), ['## Answers', '## History', '## Capacity', '## Results']);
    // One load level (32): every night meets 12 s, so the capacity is "at least 32".
    assert.equal(res.summary.capacity?.groups[0]?.bound, 'not-reached');
    // A lower bound has no interval worth printing (it would be 32.0 … 32.0): the runs only.
    assert.match(section(md, 'Capacity'), /\| at least 32 users \(every level meets the target; 18 runs a level\) \|/);
  });
});

describe('nightly-noise: nothing flagged, and said plainly', async () => {
  const r = await report(NOISE, await nightlyRuns(NOISE));

  it('no change in summary.history; "no change beyond the noise" in the section and the answers; the headline chart only', () => {
    const h = r.res.summary.history;
    assert.ok(h && h.series.length >= 2 && h.series.every((s) => s.points.length === 14));
    assert.deepEqual(h.changes, []);
    assert.match(
      section(r.md, 'History'),
      /^\*\*No change beyond chance: no series steps further than its own noise allows \(the rule below\)\.\*\*$/m,
    );
    assert.match(
      section(r.md, 'Answers'),
      /^1\. \*\*No change beyond the noise\*\* over time: 14 points from 2025-03-01 to 2025-03-14 \(version 0\.8\.4\)/m,
    );
    const charts = r.files.filter((f) => f.includes(`${path.sep}charts${path.sep}history-`)).map((f) => path.basename(f));
    assert.deepEqual(charts, ['history-throughput-rps.svg']);
  });
});

describe('history in the report: no series, and log text escaped', () => {
  it('inputs with one date per configuration: no History section, no history in summary.json', async () => {
    const r = await report('data/a10-sglang-vllm-tp2-vs-tp4.md');
    assert.equal(r.res.summary.history, undefined);
    assert.doesNotMatch(r.md, /^## History/m);
    assert.doesNotMatch(r.md, /Changes over time/);
  });

  it('model names and versions from logs are escaped in the table and the answers', async () => {
    const parsed = await nightlyRuns(STEPS);
    const runs = parsed.records.filter((r): r is RunRecord => r.kind === 'run');
    // A second configuration (another model) with the same nights: the table names configurations.
    const hostile = runs.map((r) => ({
      ...r,
      id: `${r.id}:b`,
      model: '<img src=x onerror=alert(1)> | __proto__',
      server: { ...r.server, version: `${r.server?.version}<script>` },
    }));
    const effects = memoryEffects();
    await writeReport(
      { runs: [...runs, ...hostile], env: [], samples: [], diagnostics: [] },
      { out: OUT, effects, config: { charts: false } },
    );
    const md = effects.files.get(path.join(OUT, 'report.md')) as string;
    const hist = section(md, 'History');
    assert.ok(hist.includes('\\<img src=x onerror=alert(1)\\> \\| \\_\\_proto\\_\\_'), 'model escaped in the table');
    assert.ok(hist.includes('0.8.5\\<script\\>'), 'version escaped');
    assert.ok(!/(^|[^\\])<(img|script)/.test(md), 'no raw HTML from log text anywhere in the report');
    const answers = section(md, 'Answers').match(/^1\. \*\*Regression/gm);
    assert.equal(answers?.length, 2, 'a regression answer per configuration');
  });
});

describe('the nightly log folder read as a user would', () => {
  it('nightly-steps/ through buildReport alone flags the two steps', async () => {
    assertSteps(await report(STEPS));
  });
});
