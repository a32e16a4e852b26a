/**
 * HTML → PDF and SVG → PNG through Debian's Chromium (puppeteer-core; docs/architecture.md "Verified
 * stack"). The page is treated as hostile: JavaScript off, every network request aborted,
 * a fresh profile directory removed afterwards, and the browser always closed.
 * puppeteer-core is loaded lazily so `benchbook parse` never loads it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import type { Browser, Page } from 'puppeteer-core';
import { BenchbookError } from '../model/diagnostics';
import { removeStale, staleEntryPattern } from '../model/stale-leftovers';

export interface ChromiumOptions {
  /** Defaults to $BENCHBOOK_CHROMIUM, $PUPPETEER_EXECUTABLE_PATH, then /usr/bin/chromium. */
  chromiumPath?: string;
  /** Where Chromium's requests go (default BLACKHOLE_PROXY); tests point it at a proxy that counts connections. */
  proxyServer?: string;
  /** Called with the URL of every request the page makes, allowed or not (tests). */
  onRequest?: (url: string, allowed: boolean) => void;
}

/** Port 9 (discard) on loopback: closed, so a request sent there fails at once, on this machine. */
const BLACKHOLE_URL = 'http://127.0.0.1:9/';

/**
 * A quiet browser: nothing of Chromium's own reaches for the network (updates, components,
 * sync and sign-in, field trials, crash and reliability reports, safe-browsing lists). The
 * proxy and resolver rules are the backstop: whatever still tries goes to a closed local port
 * and resolves no name. puppeteer adds its own defaults (and merges --disable-features).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-breakpad',
  '--disable-crash-reporter',
  '--disable-field-trial-config',
  '--disable-domain-reliability',
  '--disable-client-side-phishing-detection',
  '--disable-extensions',
  '--no-pings',
  '--metrics-recording-only',
  '--disable-features=AutofillServerCommunication,CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions,NetworkTimeServiceQuerying,OptimizationHints,MediaRouter,Translate',
  // Measured (test/faults/quiet-browser.test.ts): with the flags above Chromium 156 still
  // asked update.googleapis.com (an on-demand component) and accounts.google.com within
  // seconds. Their services are pointed at a closed local port instead.
  `--component-updater=url-source=${BLACKHOLE_URL}`,
  `--gaia-url=${BLACKHOLE_URL}`,
  `--google-apis-url=${BLACKHOLE_URL}`,
  `--lso-url=${BLACKHOLE_URL}`,
  // The 127.0.0.1 exclusion lets Chromium reach the proxy, which is an address, not a name.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--proxy-bypass-list=<-loopback>',
] as const;

/** Where every request Chromium would still make goes: the closed port. */
export const BLACKHOLE_PROXY = 'http://127.0.0.1:9';

/** Chromium could not be started or failed: one line for the user (cli/main.ts says it, exit 1). */
export class ChromiumError extends BenchbookError {
  constructor(message: string) {
    super({ severity: 'error', code: 'chromium-failed', message });
    this.name = 'ChromiumError';
  }
}

/**
 * The browser `withChromium` lends: puppeteer-core's Browser, which this describes only by what
 * every caller needs, so that benchbook's declarations never name puppeteer-core's. Those
 * (with devtools-protocol's, 1.3 MB) would otherwise be parsed by every program that imports
 * benchbook, a notebook kernel's first of all (bench/results.md, "Notebook start"). To drive a
 * page, take it as puppeteer-core's: `(await browser.newPage()) as Page`.
 */
export interface ChromiumBrowser {
  newPage(): Promise<unknown>;
  close(): Promise<void>;
}

export function chromiumPath(opts: ChromiumOptions = {}): string {
  return opts.chromiumPath || process.env.BENCHBOOK_CHROMIUM || process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
}

/** Footer with page numbers; the header is empty (Chromium's default prints a date and a URL). */
export const PDF_FOOTER =
  '<div style="width:100%;font-size:8px;color:#666;text-align:center;font-family:sans-serif;">' +
  '<span class="pageNumber"></span> / <span class="totalPages"></span></div>';

/** An error (or whatever puppeteer rejected with) as one line: never `[object Object]`. */
function describeFailure(err: unknown): string {
  if (err instanceof Error) return err.message.split('\n')[0] ?? err.name;
  return inspect(err, { depth: 2, breakLength: Number.POSITIVE_INFINITY });
}

async function launch(opts: ChromiumOptions, userDataDir: string): Promise<Browser> {
  const executablePath = chromiumPath(opts);
  if (!fs.existsSync(executablePath))
    throw new ChromiumError(
      `Chromium not found at ${executablePath} (from ${opts.chromiumPath ? 'the chromiumPath option' : process.env.BENCHBOOK_CHROMIUM ? '$BENCHBOOK_CHROMIUM' : process.env.PUPPETEER_EXECUTABLE_PATH ? '$PUPPETEER_EXECUTABLE_PATH' : 'the default'}): install it (Debian/Ubuntu: apt-get install chromium) or set BENCHBOOK_CHROMIUM to its path`,
    );
  const puppeteer = (await import('puppeteer-core')).default;
  try {
    return await puppeteer.launch({
      executablePath,
      headless: true,
      // puppeteer passes userDataDir on as --user-data-dir (a fresh profile, removed after).
      args: [...CHROMIUM_FLAGS, `--proxy-server=${opts.proxyServer ?? BLACKHOLE_PROXY}`],
      userDataDir,
      // The CLI's own handlers clean up on a signal; puppeteer still kills the browser at exit.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (err) {
    throw new ChromiumError(`Chromium (${executablePath}) failed to start: ${describeFailure(err)}`);
  }
}

/**
 * Request interception at the browser target, for every target: a frame of another site runs
 * in a process of its own, whose requests the page's interception (lockedPage) did not see
 * (measured: an <iframe src=https://…> reached the proxy). Only the document and data: pass.
 */
async function refuseOutsideRequests(browser: Browser): Promise<void> {
  const session = await browser.target().createCDPSession();
  session.on('Fetch.requestPaused', (e: { requestId: string; request: { url: string } }) => {
    const reply = requestAllowed(e.request.url)
      ? session.send('Fetch.continueRequest', { requestId: e.requestId })
      : session.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'BlockedByClient' });
    void reply.catch(() => undefined);
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
}

/**
 * The fresh profile's preferences: no network prediction. Chromium preconnects (a proxy
 * CONNECT, no request) to the hosts a page names, before any interception sees a request;
 * measured: an <iframe src=https://frame.example.com/> gave `CONNECT frame.example.com:443`.
 */
function quietProfile(userDataDir: string): void {
  fs.mkdirSync(path.join(userDataDir, 'Default'));
  const prefs = { net: { network_prediction_options: 2 }, signin: { allowed: false } };
  fs.writeFileSync(path.join(userDataDir, 'Default', 'Preferences'), JSON.stringify(prefs));
}

/** Runs `fn` with a fresh browser; the browser and its profile are removed whatever happens. */
export function withChromium<T>(opts: ChromiumOptions, fn: (browser: ChromiumBrowser) => Promise<T>): Promise<T> {
  return withBrowser(opts, fn);
}

/** `withChromium`, lending the browser with puppeteer-core's type (this module's own pages). */
async function withBrowser<T>(opts: ChromiumOptions, fn: (browser: Browser) => Promise<T>): Promise<T> {
  // The pid in the name lets a later run remove the profile of one that was killed.
  removeStale(os.tmpdir(), staleEntryPattern('benchbook-chromium-', '-[A-Za-z0-9]{6}'));
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), `benchbook-chromium-${process.pid}-`));
  quietProfile(userDataDir);
  const removeProfile = (): void => fs.rmSync(userDataDir, { recursive: true, force: true });
  let browser: Browser | undefined;
  try {
    browser = await launch(opts, userDataDir);
    await refuseOutsideRequests(browser);
    // process.exit (the CLI's signal handlers) skips `finally`: puppeteer's own exit listener,
    // added at launch, kills the browser; this one, added after it, then removes the profile.
    process.on('exit', removeProfile);
    return await fn(browser);
  } finally {
    if (browser) await browser.close().catch(() => undefined);
    process.off('exit', removeProfile);
    removeProfile();
  }
}

/** The only requests a page may make: the document itself (setContent's about:blank) and data: URLs. */
export function requestAllowed(url: string): boolean {
  return url === 'about:blank' || url.startsWith('data:');
}

/** A page that runs no script and fetches nothing: only the HTML it is given. */
async function lockedPage(browser: Browser, opts: ChromiumOptions): Promise<Page> {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(false);
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    // Anything requested but the document is a resource the HTML asks for (image, font,
    // stylesheet, frame): refused.
    const url = req.url();
    const allowed = requestAllowed(url);
    opts.onRequest?.(url, allowed);
    if (allowed) void req.continue().catch(() => undefined);
    else void req.abort('blockedbyclient').catch(() => undefined);
  });
  return page;
}

/** Prints HTML to an A4 PDF with page numbers in the footer. */
export async function htmlToPdf(html: string, opts: ChromiumOptions = {}): Promise<Uint8Array> {
  return withBrowser(opts, async (browser) => pdfFromBrowser(browser, html, opts));
}

async function pdfFromBrowser(browser: Browser, html: string, opts: ChromiumOptions): Promise<Uint8Array> {
  const page = await lockedPage(browser, opts);
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
  return withBrowser(opts, async (browser) => pngFromBrowser(browser, html, opts, opts.selector, opts.scale));
}

async function pngFromBrowser(browser: Browser, html: string, opts: ChromiumOptions, selector?: string, scale = 2): Promise<Buffer> {
  const page = await lockedPage(browser, opts);
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
  return withBrowser(opts, async (browser) => {
    const out: Buffer[] = [];
    for (const svg of svgs) out.push(await pngFromBrowser(browser, svgPage(sanitizeSvg(svg)), opts, 'svg', opts.scale));
    return out;
  });
}

/** HTML → PDF and SVGs → PNGs in ONE browser launch (what `benchbook report --pdf --png` needs). */
export async function exportWithChromium(
  job: { html?: string; svgs?: readonly string[] },
  opts: ChromiumOptions & { scale?: number } = {},
): Promise<{ pdf?: Uint8Array; pngs: Buffer[] }> {
  const { sanitizeSvg } = await import('./markdown-to-html');
  return withBrowser(opts, async (browser) => {
    const pdf = job.html !== undefined ? await pdfFromBrowser(browser, job.html, opts) : undefined;
    const pngs: Buffer[] = [];
    for (const svg of job.svgs ?? []) pngs.push(await pngFromBrowser(browser, svgPage(sanitizeSvg(svg)), opts, 'svg', opts.scale));
    return pdf ? { pdf, pngs } : { pngs };
  });
}
