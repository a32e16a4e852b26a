/**
 * The registry's content detectors (formats/<tool>/index.ts `detect`, asked by detect.ts): every
 * tool is recognised from the head of each of its fixtures, the verdict's entry point is the one
 * that reads the file, and texts of no tool get no verdict.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { detectFile, fileHead } from '../../src/ingest/detect';
import { TOOL_FORMATS } from '../../src/ingest/formats/registry';

const ROOT = path.resolve(__dirname, '../..');

function walk(abs: string): string[] {
  if (!fs.statSync(abs).isDirectory()) return [abs];
  return fs.readdirSync(abs).flatMap((n) => walk(path.join(abs, n)));
}

/** The input files a fixture entry names (a file, a folder, or the start of file names); not goldens or code. */
function inputFiles(entry: string): string[] {
  const abs = path.join(ROOT, entry);
  let found: string[];
  if (fs.existsSync(abs)) found = walk(abs);
  else {
    const dir = path.dirname(abs);
    found = fs
      .readdirSync(dir)
      .filter((n) => n.startsWith(path.basename(abs)))
      .flatMap((n) => walk(path.join(dir, n)));
  }
  return found
    .map((f) => path.relative(ROOT, f))
    .filter((f) => !f.startsWith('test/output/') && !/\.(ts|py)$/.test(f) && !/-changed\./.test(f) && !f.startsWith('data/'));
}

test('every tool with a detector and fixtures is recognised from each fixture head', () => {
  let seen = 0;
  for (const t of TOOL_FORMATS) {
    const files = t.fixtures.flatMap(inputFiles);
    if (!t.detect) continue;
    for (const f of files) {
      const d = detectFile(fs.readFileSync(path.join(ROOT, f), 'utf8'), f);
      assert.equal(d.tool, `${t.tool}`, `${f}: detected as ${d.tool ?? 'no tool'} (${d.format ?? '-'})`);
      assert.ok(d.format !== undefined && t.formats[d.format] !== undefined, `${f}: format ${d.format}`);
      seen++;
    }
  }
  assert.ok(seen >= 60, `${seen} fixture files`);
});

test('every tool of the registry has a detector', () => {
  for (const t of TOOL_FORMATS) assert.ok(t.detect, t.tool);
});

test('texts of no tool get no verdict, and keep the general entry points', () => {
  const plain: Array<[string, string, string]> = [
    ['notes.txt', 'We tried the new build today.\nIt felt faster, 2x maybe, but nothing was measured.\n', 'console-log'],
    ['run.log', '[2025-03-14 10:22:01] INFO starting worker 3\n[2025-03-14 10:22:02] INFO ready\n', 'console-log'],
    ['table.csv', 'name,value\nalpha,1\nbeta,2\n', 'csv'],
    ['data.json', '{"name": "alpha", "values": [1, 2, 3]}\n', 'json-export'],
    ['README.md', '# Results\n\n| setting | tokens/s |\n|---|---|\n| a | 12.5 |\n| b | 13.1 |\n', 'markdown-report'],
  ];
  for (const [name, text, entry] of plain) {
    const d = detectFile(text, name);
    assert.equal(d.tool, undefined, `${name}: ${d.tool}`);
    assert.equal(d.score, 0, name);
    assert.equal(d.entry, entry, name);
  }
});

test('a log line that starts with a bracketed time is no JSON start', () => {
  assert.equal(fileHead('[2026-03-02 09:14:01] server up\n').json, false);
  assert.equal(fileHead('[{"a": 1}]\n').json, true);
  assert.equal(fileHead('[1, 2]\n').json, true);
  assert.equal(fileHead('{\n  "a": 1\n}\n').json, true);
});

test('a format hint wins over every detector', () => {
  const d = detectFile('MLPerf Results Summary\n', 'x.txt', 'csv');
  assert.equal(d.entry, 'csv');
  assert.equal(d.format, 'csv');
});

test('a tool quoted in a JSON string does not make a log of a JSON file, nor its keys a JSON of a log', () => {
  const json = '{"note": "Running 30s test @ http://h/ was wrk", "eval_rate": 1}\n';
  assert.equal(detectFile(json, 'x.json').entry, 'json-export');
  const log = 'pasted: {"time_to_first_token": {"unit": "ms", "avg": 1}}\n';
  assert.equal(detectFile(log, 'x.log').entry, 'console-log');
});
