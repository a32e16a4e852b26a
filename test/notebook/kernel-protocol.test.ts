/**
 * Runs test/notebook/kernel_test.py (jupyter_kernel_test, Debian's python3-jupyter-kernel-test)
 * against benchbook's TypeScript kernel, with the kernel spec benchbook writes first on
 * JUPYTER_PATH. Skipped where jupyter_kernel_test is not installed.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { jupyterEnv, prepareJupyterDir } from '../../src/notebook/jupyter-dir';
import { jupyterPython } from '../../src/notebook/run-notebook';

test('jupyter_kernel_test passes against the kernel', (t) => {
  const probe = spawnSync(jupyterPython(), ['-c', 'import jupyter_kernel_test'], { encoding: 'utf8' });
  if (probe.status !== 0) return t.skip(`jupyter_kernel_test not importable by ${jupyterPython()}: install python3-jupyter-kernel-test`);
  const dir = prepareJupyterDir();
  try {
    const r = spawnSync(jupyterPython(), ['-Xfrozen_modules=off', '-m', 'unittest', '-v', 'kernel_test'], {
      cwd: __dirname,
      env: jupyterEnv(dir),
      encoding: 'utf8',
      timeout: 300_000,
    });
    const report = `${r.stdout}\n${r.stderr}`;
    assert.equal(r.status, 0, report);
    const ran = /^Ran (\d+) tests?/m.exec(report);
    const skipped = /skipped=(\d+)/.exec(report);
    assert.ok(ran, report);
    // The tests given a sample must run, not skip (tslab has no history, pager, clear_output, error or execute_result messages).
    const passed = Number(ran[1]) - Number(skipped?.[1] ?? 0);
    assert.ok(passed >= 7, `only ${passed} kernel tests ran:\n${report}`);
    for (const name of [
      'test_execute_stdout',
      'test_execute_stderr',
      'test_completion',
      'test_is_complete',
      'test_inspect',
      'test_display_data',
      'test_kernel_info',
    ]) {
      assert.match(report, new RegExp(`${name} .*\\.\\.\\. ok`), `${name} passed`);
    }
  } finally {
    dir.remove();
  }
});
