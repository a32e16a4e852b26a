/**
 * A vLLM result JSON written by Python's json.dumps with NaN / Infinity (issue 32 item 10): the
 * run is kept, those values are absent, each with a diagnostic at its line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';

const fixture = fs.readFileSync(path.join(__dirname, '../fixtures/exports/vllm-save-result.synthetic.json'), 'utf8');

/** The fixture re-written as `json.dumps(indent=2)` does, with three values Python could not compute. */
function pythonDump(): string {
  const o = JSON.parse(fixture) as Record<string, unknown>;
  const lines = JSON.stringify(o, null, 2).split('\n');
  const bare = (key: string, token: string): void => {
    const k = lines.findIndex((l) => l.startsWith(`  "${key}":`));
    lines[k] = lines[k]!.replace(/: .*?(,?)$/, `: ${token}$1`);
  };
  bare('std_ttft_ms', 'NaN');
  bare('p99_itl_ms', 'Infinity');
  bare('request_rate', 'Infinity');
  return lines.join('\n');
}

for (const file of ['result.json', 'result.txt']) {
  test(`NaN / Infinity in a vLLM result (${file}): the run is kept, the values absent, each said at its line`, () => {
    const text = pythonDump();
    const { records, diagnostics } = parseLog(text, { file });
    const runs = records.filter((r): r is RunRecord => r.kind === 'run');
    assert.equal(runs.length, 1, JSON.stringify(diagnostics));
    const m = runs[0]!.metrics;
    assert.equal(m.ttft_std_ms, undefined);
    assert.equal(m.itl_p99_ms, undefined);
    assert.equal(m.ttft_mean_ms, 310.25);
    assert.equal(runs[0]!.client?.request_rate, undefined);
    const lines = text.split('\n');
    const said = diagnostics.filter((d) => d.code === 'cell-unparsed');
    assert.deepEqual(
      said.map((d) => lines[(d.line ?? 0) - 1]?.trim().replace(/,$/, '')),
      ['"std_ttft_ms": NaN', '"p99_itl_ms": Infinity'],
    );
    // request_rate Infinity is "no limit", read as such: no diagnostic.
    assert.equal(
      said.some((d) => /request_rate/.test(d.message)),
      false,
    );
  });
}

test('NaN in a JSON line gives its line number', () => {
  const o = JSON.parse(fixture) as Record<string, unknown>;
  const line = JSON.stringify(o).replace('"std_ttft_ms":95.1', '"std_ttft_ms":NaN');
  const { diagnostics } = parseLog(`${JSON.stringify(o)}\n${line}\n`, { file: 'results.jsonl' });
  const d = diagnostics.find((x) => x.code === 'cell-unparsed');
  assert.equal(d?.line, 2);
});
