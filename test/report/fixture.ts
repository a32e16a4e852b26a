/** Shared test input: the hand-written report fixture (numbers from data/a10-sglang-vllm-tp2-vs-tp4.md). */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { ReportInput } from '../../src/report/report-view';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'report', 'a10-tp2-vs-tp4-input.json');
export const XSS = '<img src=x onerror=alert(1)>';
export const BAD_LABEL = 'pasted | by `someone`\nsecond line';

export function fixtureInput(): ReportInput {
  return JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as ReportInput;
}

/** The fixture with untrusted text where log text goes: a model name and a label. */
export function hostileInput(): ReportInput {
  const input = fixtureInput();
  const warm = input.runs.find((r) => r.flags.includes('warmup-suspect'));
  assert.ok(warm, 'fixture has a warm-up suspect');
  warm.model = XSS;
  warm.labels.push(BAD_LABEL);
  return input;
}
