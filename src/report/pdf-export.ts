/**
 * HTML → PDF and SVG → PNG through Debian's Chromium (puppeteer-core; docs/architecture.md "Verified
 * stack"). The page is treated as hostile: JavaScript off, every network request aborted,
 * a fresh profile directory removed afterwards, and the browser always closed.
 * puppeteer-core is loaded lazily so `benchbook parse` never loads it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';

export interface ChromiumOptions {
  /** Defaults to $BENCHBOOK_CHROMIUM, $PUPPETEER_EXECUTABLE_PATH, then /usr/bin/chromium. */
  chromiumPath?: string;
}

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
] as const;

export function chromiumPath(opts: ChromiumOptions = {}): string {
  return opts.chromiumPath || process.env.BENCHBOOK_CHROMIUM || process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
}

/** Footer with page numbers; the header is empty (Chromium's default prints a date and a URL). */
export const PDF_FOOTER =
  '<div style="width:100%;font-size:8px;color:#666;text-align:center;font-family:sans-serif;">' +
  '<span class="pageNumber"></span> / <span class="totalPages"></span></div>';

/** Runs `fn` with a fresh browser; the browser and its profile are removed whatever happens. */
export async function withChromium<T>(opts: ChromiumOptions, fn: (browser: Browser) => Promise<T>): Promise<T> {
  const puppeteer = (await import('puppeteer-core')).default;
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-chromium-'));
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.launch({
      executablePath: chromiumPath(opts),
      headless: true,
      // puppeteer passes userDataDir on as --user-data-dir (a fresh profile, removed below).
      args: [...CHROMIUM_FLAGS],
      userDataDir,
    });
    return await fn(browser);
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** A page that runs no script and fetches nothing: only the HTML it is given. */
async function lockedPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    // setContent loads no document over the network; anything requested is a resource
    // the HTML asks for (image, font, stylesheet): refused. about:blank is the page itself.
    const url = req.url();
    if (url === 'about:blank') void req.continue().catch(() => undefined);
    else void req.abort().catch(() => undefined);
  });
  return page;
}

/** Prints HTML to an A4 PDF with page numbers in the footer. */
export async function htmlToPdf(html: string, opts: ChromiumOptions = {}): Promise<Uint8Array> {
  return withChromium(opts, async (browser) => pdfFromBrowser(browser, html));
}

async function pdfFromBrowser(browser: Browser, html: string): Promise<Uint8Array> {
  const page = await lockedPage(browser);
  await page.setContent(html, { waitUntil: 'load' });
  await page.emulateMediaType('print');
  return page.pdf({
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: PDF_FOOTER,
    margin: { top: '16mm', right: '14mm', bottom: '18mm', left: '14mm' },
    preferCSSPageSize: false,
  });
}

/** Writes `html` as a PDF to `outFile`. */
export async function exportPdf(html: string, outFile: string, opts: ChromiumOptions = {}): Promise<void> {
  const pdf = await htmlToPdf(html, opts);
  await fs.promises.writeFile(outFile, pdf);
}

/** Screenshot of the first element matching `selector` (default: the whole page) as PNG. */
export async function htmlToPng(html: string, opts: ChromiumOptions & { selector?: string; scale?: number } = {}): Promise<Buffer> {
  return withChromium(opts, async (browser) => pngFromBrowser(browser, html, opts.selector, opts.scale));
}

async function pngFromBrowser(browser: Browser, html: string, selector?: string, scale = 2): Promise<Buffer> {
  const page = await lockedPage(browser);
  await page.setViewport({ width: 1200, height: 800, deviceScaleFactor: scale });
  await page.setContent(html, { waitUntil: 'load' });
  const target = selector ? await page.$(selector) : null;
  const shot = target
    ? await target.screenshot({ type: 'png', omitBackground: false })
    : await page.screenshot({ type: 'png', fullPage: true });
  return Buffer.from(shot);
}

function svgPage(svg: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><style>html,body{margin:0;background:#fff}svg{display:block}</style></head><body>${svg}</body></html>`;
}

/** One SVG as a PNG (screenshot of the `<svg>` element). */
export async function svgToPng(svg: string, opts: ChromiumOptions & { scale?: number } = {}): Promise<Buffer> {
  const [png] = await svgsToPng([svg], opts);
  if (!png) throw new Error('svgToPng: no image');
  return png;
}

/** Several SVGs as PNGs with one browser launch. */
export async function svgsToPng(svgs: readonly string[], opts: ChromiumOptions & { scale?: number } = {}): Promise<Buffer[]> {
  const { sanitizeSvg } = await import('./markdown-to-html');
  return withChromium(opts, async (browser) => {
    const out: Buffer[] = [];
    for (const svg of svgs) out.push(await pngFromBrowser(browser, svgPage(sanitizeSvg(svg)), 'svg', opts.scale));
    return out;
  });
}

/** HTML → PDF and SVGs → PNGs in ONE browser launch (what `benchbook report --pdf --png` needs). */
export async function exportWithChromium(
  job: { html?: string; svgs?: readonly string[] },
  opts: ChromiumOptions & { scale?: number } = {},
): Promise<{ pdf?: Uint8Array; pngs: Buffer[] }> {
  const { sanitizeSvg } = await import('./markdown-to-html');
  return withChromium(opts, async (browser) => {
    const pdf = job.html !== undefined ? await pdfFromBrowser(browser, job.html) : undefined;
    const pngs: Buffer[] = [];
    for (const svg of job.svgs ?? []) pngs.push(await pngFromBrowser(browser, svgPage(sanitizeSvg(svg)), 'svg', opts.scale));
    return pdf ? { pdf, pngs } : { pngs };
  });
}
