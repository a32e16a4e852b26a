/**
 * Readable readers (issue 22): the report stage and the study questions stay in files under
 * 400 lines with functions of about a screen (≤ 60 lines), measured on the TypeScript AST.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { REPO_ROOT } from '../helpers/golden';

const DIRS = ['src/report', 'src/analyze/questions'];
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 60;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Every function-like node longer than the limit, as `name (lines)`. */
function longFunctions(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const long: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : `function at line ${start + 1}`;
      if (end - start + 1 > MAX_FUNCTION_LINES) long.push(`${name} (${end - start + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return long;
}

test(`src/report and src/analyze/questions: files ≤ ${MAX_FILE_LINES} lines, functions ≤ ${MAX_FUNCTION_LINES}`, () => {
  const all = DIRS.flatMap((d) => files(path.join(REPO_ROOT, d)));
  assert.ok(all.length >= 20, `${all.length} files`);
  for (const f of all) {
    const rel = path.relative(REPO_ROOT, f);
    const lines = fs.readFileSync(f, 'utf8').split('\n').length;
    assert.ok(lines <= MAX_FILE_LINES, `${rel}: ${lines} lines`);
    assert.deepEqual(longFunctions(f), [], `${rel}: functions over ${MAX_FUNCTION_LINES} lines`);
  }
});
