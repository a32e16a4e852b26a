/**
 * Opens a notebook of a running server in Debian's Chromium (puppeteer-core), runs every cell,
 * waits until a chart is interactive (vega-embed's `.vega-embed` element) and hovers its first
 * bar for the tooltip, recording every request that left the machine. For the browser test and
 * for notebooks/screenshot.png.
 */
import { CHROMIUM_FLAGS, chromiumPath } from '../../src/report/pdf-export';
import type { TestServer } from './notebook-server';

export interface BrowserRun {
  /** Requests to anything but the notebook server (must stay empty: no network). */
  external: string[];
  /** How many charts vega-embed drew (`.vega-embed` elements). */
  interactiveCharts: number;
  /** How many outputs hold a static SVG chart that was not upgraded. */
  staticCharts: number;
  /** Browser console errors. */
  errors: string[];
  /** URLs answered with an HTTP error. */
  failed: string[];
  /** The tooltip vega-embed showed on hovering the first bar of the first chart. */
  tooltip?: string;
}

export interface BrowserOptions {
  /** Write a PNG of the page here. */
  screenshot?: string;
  /** Scroll the first interactive chart into view before the screenshot. */
  scrollToChart?: boolean;
  timeoutMs?: number;
}

export async function runNotebookInBrowser(t: TestServer, notebook: string, opts: BrowserOptions = {}): Promise<BrowserRun> {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_FLAGS, '--window-size=1280,1000'],
    defaultViewport: { width: 1280, height: 1000 },
  });
  const result: BrowserRun = { external: [], interactiveCharts: 0, staticCharts: 0, errors: [], failed: [] };
  try {
    const page = await browser.newPage();
    page.on('request', (r) => {
      if (!r.url().startsWith(t.url) && !r.url().startsWith('data:')) result.external.push(r.url());
    });
    page.on('response', (r) => {
      if (r.status() >= 400) result.failed.push(r.url());
    });
    page.on('console', (m) => {
      if (m.type() === 'error') result.errors.push(m.text());
    });
    const timeout = opts.timeoutMs ?? 120_000;
    await page.goto(`${t.url}notebooks/${encodeURI(notebook)}?token=${t.token}`, { waitUntil: 'networkidle2', timeout });
    await page.waitForFunction('window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected()', {
      timeout,
    });
    await page.evaluate('Jupyter.notebook.execute_all_cells()');
    await page.waitForFunction(
      'Jupyter.notebook.get_cells().every((c) => c.cell_type !== "code" || (c.input_prompt_number !== "*" && c.input_prompt_number !== null))',
      {
        timeout,
        polling: 500,
      },
    );
    await page.waitForSelector('.vega-embed', { timeout: 30_000 }).catch(() => undefined);
    result.interactiveCharts = await page.$$eval('.vega-embed', (els) => els.length);
    result.staticCharts = await page.$$eval('.benchbook-chart > svg', (els) => els.length);
    if (opts.scrollToChart) await page.$eval('.vega-embed', (el) => el.scrollIntoView({ block: 'center' })).catch(() => undefined);
    const bar = await page.$('.vega-embed .mark-rect path');
    if (bar) {
      await bar.hover();
      const shown = await page.waitForSelector('#vg-tooltip-element.visible', { timeout: 10_000 }).catch(() => null);
      if (shown) result.tooltip = await shown.evaluate((el) => el.textContent ?? '');
    }
    if (opts.screenshot) await page.screenshot({ path: opts.screenshot as `${string}.png` });
    return result;
  } finally {
    await browser.close();
  }
}
