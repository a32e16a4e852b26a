#!/usr/bin/env node
/**
 * House rule check (run by `npm run lint`): no function in src/ longer than a screen
 * (MAX_FUNCTION_LINES, from its first token to its closing brace, nested functions included)
 * and no file longer than MAX_FILE_LINES. Functions that stay longer for a reason are listed
 * in scripts/long-functions.txt as `<file> <function> <why>`; a listed function that is no
 * longer long is only reported, so that splitting one elsewhere never breaks the lint.
 *
 *   node scripts/check-function-length.mjs [root]   (root defaults to the repository)
 *
 * Names: `name` for declarations, variables and properties, `Class.method`, `object.method`;
 * a function without a name is `<outer>/<anonymous>` after the function around it.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 60;
export const MAX_FILE_LINES = 600;
const ALLOW_FILE = 'scripts/long-functions.txt';

function sourceFiles(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return sourceFiles(p);
      return e.name.endsWith('.ts') ? [p] : [];
    })
    .sort();
}

function ownName(node, sf) {
  if (node.name && !ts.isComputedPropertyName(node.name)) {
    const name = node.name.getText(sf);
    const owner = node.parent;
    if ((ts.isClassDeclaration(owner) || ts.isClassExpression(owner)) && owner.name) return `${owner.name.getText(sf)}.${name}`;
    if (ts.isObjectLiteralExpression(owner) && ts.isVariableDeclaration(owner.parent)) return `${owner.parent.name.getText(sf)}.${name}`;
    return name;
  }
  if (ts.isConstructorDeclaration(node) && node.parent.name) return `${node.parent.name.getText(sf)}.constructor`;
  const p = node.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && !ts.isComputedPropertyName(p.name))
    return p.name.getText(sf);
  return undefined;
}

/** Every function-like node with a body in one file: its name, first line and length in lines. */
export function functionLengths(file, text) {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out = [];
  const visit = (node, outer) => {
    let here = outer;
    if (ts.isFunctionLike(node) && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      here = ownName(node, sf) ?? `${outer ?? '<module>'}/<anonymous>`;
      out.push({ name: here, line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, (child) => visit(child, here));
  };
  visit(sf, undefined);
  return out;
}

/** `<file> <function> <why>` lines; `#` starts a comment line. */
export function readAllowList(text) {
  const entries = [];
  for (const [k, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(\S+)\s+(\S+)\s+(\S.*)$/.exec(line);
    if (!m) throw new Error(`${ALLOW_FILE}:${k + 1}: expected "<file> <function> <why>"`);
    entries.push({ file: m[1], name: m[2], why: m[3], line: k + 1 });
  }
  return entries;
}

export function checkTree(root) {
  const allowPath = path.join(root, ALLOW_FILE);
  const allow = fs.existsSync(allowPath) ? readAllowList(fs.readFileSync(allowPath, 'utf8')) : [];
  const allowed = new Set(allow.map((a) => `${a.file} ${a.name}`));
  const used = new Set();
  const errors = [];
  for (const abs of sourceFiles(path.join(root, 'src'))) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    const text = fs.readFileSync(abs, 'utf8');
    const fileLines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (fileLines > MAX_FILE_LINES) errors.push(`${file}: ${fileLines} lines (at most ${MAX_FILE_LINES} in a file)`);
    for (const f of functionLengths(file, text)) {
      if (f.lines <= MAX_FUNCTION_LINES) continue;
      const key = `${file} ${f.name}`;
      if (allowed.has(key)) {
        used.add(key);
        continue;
      }
      errors.push(
        `${file}:${f.line}: ${f.name} is ${f.lines} lines (at most ${MAX_FUNCTION_LINES}: split it into named steps, or list it in ${ALLOW_FILE} with why)`,
      );
    }
  }
  const stale = allow.filter((a) => !used.has(`${a.file} ${a.name}`));
  return {
    errors,
    stale: stale.map(
      (a) => `${ALLOW_FILE}:${a.line}: ${a.file} ${a.name} is no longer over ${MAX_FUNCTION_LINES} lines (or gone): the entry can go`,
    ),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
  const { errors, stale } = checkTree(root);
  for (const s of stale) console.error(`note: ${s}`);
  for (const e of errors) console.error(e);
  if (errors.length > 0) process.exitCode = 1;
}
