/**
 * One `where`: `compare --where` (parsed by the CLI, matched in analysis) and a report config's
 * `where:` mapping select the same runs. `engine=unknown` matches a run with no engine and
 * `gpus=4.0` matches 4 GPUs on both paths (a report config used to compare text and miss both).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { compareBy } from '../../src/analyze';
import type { RunRecord } from '../../src/model/records';
import { parseWhere, whereMatches } from '../../src/model/where';
import { memoryEffects, writeReport } from '../../src/report/build-report';
import { fixtureInput } from './fixture';

/** The fixture's runs, with the SGLang ones' engine left unsaid (as a log that never names it). */
function runsWithUnknownEngine(): RunRecord[] {
  return fixtureInput().runs.map((r) => {
    if (r.engine !== 'sglang') return r;
    const { engine: _engine, ...rest } = r;
    return rest as RunRecord;
  });
}

async function reportRunIds(runs: RunRecord[], yamlWhere: string): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-where-'));
  try {
    const cfg = path.join(dir, 'report.yaml');
    fs.writeFileSync(cfg, `sections: [results]\ncharts: false\nwhere:\n${yamlWhere}\n`);
    const res = await writeReport(
      { runs, env: [], samples: [], diagnostics: [] },
      { out: path.join(dir, 'out'), config: cfg, effects: memoryEffects() },
    );
    return res.summary.configurations.flatMap((c) => c.runs).sort();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function compareRunIds(runs: RunRecord[], pairs: string[]): string[] {
  const where = parseWhere(pairs);
  const ids = compareBy(runs, 'concurrency', { where }).flatMap((c) => [...c.baseline.runs, ...c.candidate.runs]);
  return [...new Set(ids)].sort();
}

const CASES: Array<{ cli: string[]; yaml: string; runs: number }> = [
  { cli: ['engine=unknown'], yaml: '  engine: unknown', runs: 6 },
  { cli: ['gpus=4.0'], yaml: "  gpus: '4.0'", runs: 7 },
  { cli: ['engine=VLLM', 'gpus=4'], yaml: '  engine: VLLM\n  gpus: 4', runs: 4 },
];

for (const c of CASES) {
  test(`where ${c.cli.join(' ')}: the report config and compare select the same runs`, async () => {
    const runs = runsWithUnknownEngine();
    const expected = runs.filter((r) => whereMatches({ ...r.parallelism, engine: r.engine } as never, parseWhere(c.cli)));
    assert.equal(expected.length, c.runs);
    const fromReport = await reportRunIds(runs, c.yaml);
    assert.deepEqual(fromReport, expected.map((r) => r.id).sort());
    const fromCompare = compareRunIds(runs, c.cli);
    assert.ok(fromCompare.length > 0, 'compare found something to compare');
    for (const id of fromCompare) assert.ok(fromReport.includes(id), `${id}: compared but not in the report`);
  });
}

test('a --where pair without = is a usage error', () => {
  assert.throws(() => parseWhere(['engine']), /--where expects key=value, got "engine"/);
});
