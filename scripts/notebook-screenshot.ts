/**
 * notebooks/screenshot.png for notebooks/README.md: starts the notebook server (as `npm run
 * notebook` does) on a staged copy of notebooks/02-gpu-scaling.ipynb, runs it in Debian's
 * Chromium and captures the interactive scaling chart. Run after a build:
 *   npx tsx scripts/notebook-screenshot.ts
 */
import path from 'node:path';
import { runNotebookInBrowser } from '../test/helpers/notebook-browser';
import { stageNotebooks, startTestServer } from '../test/helpers/notebook-server';

const ROOT = path.resolve(__dirname, '..');
const NOTEBOOK = '02-gpu-scaling.ipynb';

async function main(): Promise<void> {
  const staged = stageNotebooks(ROOT, [NOTEBOOK]);
  const t = await startTestServer(staged.dir);
  try {
    const out = path.join(ROOT, 'notebooks', 'screenshot.png');
    const run = await runNotebookInBrowser(t, NOTEBOOK, { screenshot: out, scrollToChart: true });
    if (run.interactiveCharts === 0) throw new Error('no interactive chart: the screenshot would show none');
    if (run.external.length > 0) throw new Error(`requests left the machine: ${run.external.join(', ')}`);
    console.log(`${out}: ${run.interactiveCharts} interactive charts`);
  } finally {
    await t.server.stop();
    staged.remove();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
