/**
 * `benchbook notebook serve` (what `npm run notebook` starts): Debian's Jupyter Notebook with
 * benchbook's TypeScript kernel. Over the REST API and the kernel websocket: the kernel is
 * listed, a kernel starts and runs cells (a shorthand of an earlier cell's const included),
 * the chart libraries are served. In Chromium: a notebook runs and its chart becomes an
 * interactive vega-embed view with no request leaving the machine. Skipped where the classic
 * notebook server (or, for the browser part, Chromium) is not installed; the server is
 * stopped whatever happens.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { KERNEL_NAME, kernelLauncherPath } from '../../src/notebook/jupyter-dir';
import { jupyterPython } from '../../src/notebook/run-notebook';
import { chromiumPath } from '../../src/report/pdf-export';
import { REPO_ROOT } from '../helpers/golden';
import { runNotebookInBrowser } from '../helpers/notebook-browser';
import { api, stageNotebooks, startTestServer, type TestServer } from '../helpers/notebook-server';

const NOTEBOOK = '02-gpu-scaling.ipynb';

function serverMissing(): string | undefined {
  const r = spawnSync(jupyterPython(), ['-m', 'jupyter', 'notebook', '--version'], { encoding: 'utf8' });
  return r.status === 0
    ? undefined
    : `the Jupyter notebook server is not installed (${jupyterPython()} -m jupyter notebook): run scripts/setup.sh`;
}

interface Reply {
  status: string;
  execution_count: number;
  stdout: string;
}

/** Sends an execute_request over the kernel's websocket; resolves once the kernel is idle again. */
function execute(ws: WebSocket, session: string, code: string): Promise<Reply> {
  const msgId = randomUUID();
  return new Promise((resolve, reject) => {
    let stdout = '';
    let reply: { status: string; execution_count: number } | undefined;
    let idle = false;
    const timer = setTimeout(() => reject(new Error(`no reply to ${JSON.stringify(code)} in 120 s`)), 120_000);
    const onMessage = (raw: WebSocket.RawData): void => {
      const msg = JSON.parse(String(raw)) as { msg_type: string; parent_header: { msg_id?: string }; content: Record<string, unknown> };
      if (msg.parent_header.msg_id !== msgId) return;
      if (msg.msg_type === 'stream' && msg.content.name === 'stdout') stdout += String(msg.content.text);
      if (msg.msg_type === 'execute_reply') reply = msg.content as typeof reply;
      if (msg.msg_type === 'status' && msg.content.execution_state === 'idle') idle = true;
      if (reply && idle) {
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve({ ...reply, stdout });
      }
    };
    ws.on('message', onMessage);
    const header = {
      msg_id: msgId,
      username: 'test',
      session,
      msg_type: 'execute_request',
      version: '5.3',
      date: new Date().toISOString(),
    };
    const content = { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true };
    ws.send(JSON.stringify({ header, parent_header: {}, metadata: {}, content, channel: 'shell', buffers: [] }));
  });
}

describe('benchbook notebook serve', { skip: serverMissing() }, () => {
  let staged: ReturnType<typeof stageNotebooks>;
  let t: TestServer;

  before(async () => {
    staged = stageNotebooks(REPO_ROOT, [NOTEBOOK]);
    t = await startTestServer(staged.dir);
  });

  after(async () => {
    await t?.server.stop();
    staged?.remove();
  });

  it('lists the TypeScript kernel, starts it and executes cells over the REST and websocket API', async () => {
    const specs = (await (await api(t, 'api/kernelspecs')).json()) as {
      kernelspecs: Record<string, { spec: { language: string; argv: string[] } }>;
    };
    const ts = specs.kernelspecs[KERNEL_NAME];
    assert.ok(ts, `kernelspecs: ${Object.keys(specs.kernelspecs).join(', ')}`);
    assert.equal(ts.spec.language, 'typescript');
    assert.equal(ts.spec.argv.at(-3), kernelLauncherPath(), 'benchbook’s launcher, not plain tslab');

    const started = await api(t, 'api/kernels', { method: 'POST', body: JSON.stringify({ name: KERNEL_NAME }) });
    assert.equal(started.status, 201);
    const kernel = (await started.json()) as { id: string };
    const ws = new WebSocket(`${t.url.replace(/^http/, 'ws')}api/kernels/${kernel.id}/channels?token=${t.token}`);
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    try {
      const session = randomUUID();
      const first = await execute(ws, session, "const metric = 'throughput_rps';");
      assert.equal(first.status, 'ok');
      const second = await execute(ws, session, 'console.log(JSON.stringify({ metric }));');
      assert.deepEqual(second, { status: 'ok', execution_count: 2, stdout: '{"metric":"throughput_rps"}\n' });
    } finally {
      ws.close();
      assert.equal((await api(t, `api/kernels/${kernel.id}`, { method: 'DELETE' })).status, 204);
    }

    for (const lib of ['vega.min.js', 'vega-lite.min.js', 'vega-embed.min.js']) {
      const r = await fetch(`${t.url}static/benchbook/${lib}`);
      assert.equal(r.status, 200, lib);
      assert.ok((await r.text()).length > 10_000, `${lib} is the library, not an error page`);
    }
  });

  it('runs a notebook in Chromium: its chart becomes interactive, nothing is fetched from the network', async (ctx) => {
    if (!fs.existsSync(chromiumPath())) return ctx.skip(`no Chromium at ${chromiumPath()}`);
    const run = await runNotebookInBrowser(t, NOTEBOOK);
    assert.deepEqual(run.external, []);
    assert.ok(run.interactiveCharts >= 2, `vega-embed drew ${run.interactiveCharts} charts (scaling and engine delta expected)`);
    assert.equal(run.staticCharts, 0, 'every chart upgraded from its SVG');
    assert.match(run.tooltip ?? '', /\S/, 'hovering a bar shows its tooltip');
    // Debian's notebook asks for the ipywidgets extension, which is not installed: not ours.
    const notOurs = /\/nbextensions\/widgets\//;
    assert.deepEqual(
      run.failed.filter((u) => !notOurs.test(u)),
      [],
    );
    assert.deepEqual(
      run.errors.filter((e) => !notOurs.test(e) && !/Failed to load resource: .* 404/.test(e)),
      [],
    );
    const saved = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'notebooks', NOTEBOOK), 'utf8')) as {
      cells: Array<{ outputs?: unknown[] }>;
    };
    assert.ok(
      saved.cells.every((c) => !c.outputs?.length),
      'the committed notebook was not touched',
    );
  });
});
