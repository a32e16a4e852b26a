/**
 * The kernel's transpile-only mode (src/notebook/kernel/transpile-only.ts): which runs get it,
 * what it leaves out of a cell's program, and which imports it still resolves.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { HEADLESS_ENV, transpileOnly, withKernelProgramOptions } from '../../src/notebook/kernel/program-options';
import { sourceModulesOnly, TYPE_CHECK_ENV } from '../../src/notebook/kernel/transpile-only';

test('only a headless run not asked to type-check is transpile-only', () => {
  assert.equal(transpileOnly({}), false, 'an interactive kernel type-checks (hover, completion, errors)');
  assert.equal(transpileOnly({ [HEADLESS_ENV]: '1' }), true);
  assert.equal(transpileOnly({ [HEADLESS_ENV]: '1', [TYPE_CHECK_ENV]: '1' }), false);
});

test('a transpile-only program has no lib and no @types; a type-checked one keeps them', () => {
  const optionsOf = (env: NodeJS.ProcessEnv): ts.CompilerOptions => {
    const host = withKernelProgramOptions(ts, env)(['cell.ts'], { lib: ['lib.es2022.d.ts'] }, ts.sys);
    return (host as unknown as { options: ts.CompilerOptions }).options;
  };
  const fast = optionsOf({ [HEADLESS_ENV]: '1' });
  assert.equal(fast.noLib, true);
  assert.equal(fast.lib, undefined);
  assert.deepEqual(fast.types, []);
  const checked = optionsOf({ [HEADLESS_ENV]: '1', [TYPE_CHECK_ENV]: '1' });
  assert.equal(checked.noLib, undefined);
  assert.deepEqual(checked.lib, ['lib.es2022.d.ts']);
  assert.deepEqual(checked.types, ['node']);
});

test('transpile-only resolution keeps the notebook’s own modules, not packages or declaration files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-transpile-'));
  try {
    fs.writeFileSync(path.join(dir, 'helper.ts'), 'export const x = 1;\n');
    fs.writeFileSync(path.join(dir, 'plain.js'), 'exports.y = 2;\n');
    fs.writeFileSync(path.join(dir, 'built.js'), 'exports.z = 3;\n');
    fs.writeFileSync(path.join(dir, 'built.d.ts'), 'export declare const z: number;\n');
    fs.mkdirSync(path.join(dir, 'node_modules', 'pkg'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', 'pkg', 'index.d.ts'), 'export declare const p: number;\n');
    const options: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Node10, allowJs: true };
    const cell = path.join(dir, 'cell.ts');
    const names = ['./helper', './plain', './built', 'pkg', './missing'];
    const file = ts.createSourceFile(cell, names.map((n) => `import '${n}';`).join('\n'), ts.ScriptTarget.ES2022, true);
    const literals = file.statements.map((s) => (s as ts.ImportDeclaration).moduleSpecifier as ts.StringLiteral);
    const resolve = sourceModulesOnly(ts, ts.sys);
    const resolved = resolve(literals, cell, undefined, options, file, undefined).map((r) => r.resolvedModule?.resolvedFileName);
    assert.deepEqual(resolved, [path.join(dir, 'helper.ts'), path.join(dir, 'plain.js'), undefined, undefined, undefined]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
