/**
 * ollama's API answers as JSON (src/ingest/formats/ollama/ollama-json.ts), a file or pasted in
 * an issue, streamed or not. Fixtures hand-written in the shapes of public outputs (numbers and
 * models our own):
 *   - ollama's docs/api.md responses as mirrored on docs pages (generate and chat, `context`)
 *   - https://github.com/microsoft/foundry-dev-tools/issues/217 (a pretty-printed /api/chat answer)
 *   - https://github.com/ollama/ollama/issues/10860 (a stats object quoted in an issue)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { detectFile } from '../../src/ingest/detect';
import { parseLog } from '../../src/ingest/parse-log';
import type { RunRecord } from '../../src/model/records';
import { assertGolden } from '../helpers/golden';

const DIR = path.join(__dirname, '../fixtures/ollama');

function runs(text: string, file: string): RunRecord[] {
  return parseLog(text, { file }).records.filter((r): r is RunRecord => r.kind === 'run');
}

for (const name of fs.readdirSync(DIR)) {
  test(`golden: ${name}`, () => {
    const res = parseLog(fs.readFileSync(path.join(DIR, name), 'utf8'), { file: `ollama/${name}` });
    assertGolden(`formats/ollama/${name.replace(/\.\w+$/, '.json')}`, res);
  });
}

test('a saved answer: nanoseconds to seconds, rates from counts over durations, the JSON model', () => {
  const text = fs.readFileSync(path.join(DIR, 'chat-answer.json'), 'utf8');
  assert.equal(detectFile(text, 'chat-answer.json').format, 'ollama-json');
  const [r] = runs(text, 'chat-answer.json');
  assert.equal(r?.model, 'qwen2.5:7b-instruct');
  assert.equal(r?.metrics.duration_s, 2.31487221);
  assert.equal(r?.metrics.eval_duration_s, 2.1875);
  assert.equal(r?.metrics.output_tokens, 118);
  assert.equal(r?.metrics.output_tps, 53.94);
  assert.equal(r?.metrics.input_tps, 425.27);
});

test('a stream pasted in an issue: the chunks make no run, the last one does; a pretty answer too', () => {
  const rs = runs(fs.readFileSync(path.join(DIR, 'api-in-issue.md'), 'utf8'), 'issue.md');
  assert.deepEqual(
    rs.map((r) => [r.source.line, r.metrics.output_tps, r.metrics.load_duration_s]),
    [
      [10, 46, 2.903114583],
      [16, 38.78, 0.011522708],
    ],
  );
});

test('a JSON object of another tool in a log is left to the other readers', () => {
  assert.equal(
    runs('{"model": "x", "request_throughput": 2.5, "output_throughput": 100}\n', 'x.log').filter((r) => r.source.format === 'ollama-json')
      .length,
    0,
  );
});

test('`ollama run --verbose` sessions: a stats block per answer, the session command names the model of each; another paste has its own', () => {
  const found = runs(fs.readFileSync(path.join(DIR, 'verbose-session.md'), 'utf8'), 'session.md');
  assert.deepEqual(
    found.map((r) => [r.model, r.metrics.input_tokens, r.metrics.output_tps, r.metrics.duration_s, r.metrics.load_duration_s]),
    [
      ['qwen2.5:7b', 33, 7.49, 1.804412, 0.0159202],
      ['qwen2.5:7b', 57, 9.29, 1.290071, 0.00070225],
      ['phi3:mini', 16, 11.08, 64.50213, 2.031977],
      [undefined, 20, 13.64, 2.5, 0.0011],
    ],
  );
  assert.equal(found[2]?.metrics.eval_duration_s, 62.112409);
});
