/**
 * `--pdf` / `--png` make no network request (src/report/pdf-export.ts). Chromium's proxy is
 * pointed at a local server that counts every connection: whatever the browser process or the
 * page would fetch (updates, components, sign-in, a resource the HTML names) arrives there.
 * The page's requests are counted as puppeteer sees them and at the browser target (CDP Fetch).
 * Controls show both counters see a request when one is made. Skipped without Chromium.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { CHROMIUM_FLAGS, ChromiumError, chromiumPath, exportWithChromium, requestAllowed, withChromium } from '../../src/report/pdf-export';

const HOSTILE_HTML = `<!DOCTYPE html><html><head>
<link rel="stylesheet" href="https://fonts.example.com/css?family=X">
<style>@import url("http://style.example.com/a.css"); body { background: url("http://bg.example.com/b.png"); }
@font-face { font-family: F; src: url("https://font.example.com/f.woff2"); } p { font-family: F; }</style>
</head><body><h1>Report</h1><p>text</p>
<img src="http://img.example.com/track.png"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
<iframe src="https://frame.example.com/"></iframe><script src="https://js.example.com/x.js"></script>
</body></html>`;

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="20" height="20">
<image href="http://svg.example.com/i.png" width="10" height="10"/><rect width="20" height="20" fill="red"/></svg>`;

/** A proxy that answers nothing and notes the first line of every connection. */
function countingProxy(): Promise<{ server: net.Server; seen: string[]; url: string }> {
  const seen: string[] = [];
  const server = net.createServer((socket) => {
    socket.once('data', (d) => seen.push(d.toString('latin1').split('\r\n')[0] ?? ''));
    socket.on('error', () => undefined);
    setTimeout(() => socket.destroy(), 50);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ server, seen, url: `http://127.0.0.1:${port}` });
    }),
  );
}

/** Counts the requests of every target at the browser target, failing each (CDP Fetch on the browser session). */
async function browserLevelCounter(browser: import('puppeteer-core').Browser): Promise<string[]> {
  const urls: string[] = [];
  const session = await browser.target().createCDPSession();
  session.on('Fetch.requestPaused', (e: { requestId: string; request: { url: string } }) => {
    urls.push(e.request.url);
    void session.send('Fetch.continueRequest', { requestId: e.requestId }).catch(() => undefined);
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] });
  return urls;
}

const haveChromium = fs.existsSync(chromiumPath());

describe('a quiet browser', { skip: haveChromium ? false : `no Chromium at ${chromiumPath()}` }, () => {
  let proxy: Awaited<ReturnType<typeof countingProxy>>;
  before(async () => {
    proxy = await countingProxy();
  });
  after(() => proxy.server.close());

  it('allows only the document and data: URLs', () => {
    assert.ok(requestAllowed('about:blank'));
    assert.ok(requestAllowed('data:image/png;base64,AAAA'));
    for (const url of ['http://127.0.0.1/', 'https://example.com/', 'file:///etc/passwd', 'blob:x', 'ws://x/'])
      assert.ok(!requestAllowed(url), url);
  });

  it('a PDF and a PNG of hostile HTML and SVG: every outside request refused at the page, none reaches the network', async () => {
    const pageRequests: Array<[string, boolean]> = [];
    const out = await exportWithChromium(
      { html: HOSTILE_HTML, svgs: [HOSTILE_SVG] },
      { proxyServer: proxy.url, onRequest: (url, allowed) => pageRequests.push([url, allowed]) },
    );
    assert.equal(
      Buffer.from(out.pdf ?? [])
        .subarray(0, 5)
        .toString('latin1'),
      '%PDF-',
    );
    assert.equal(out.pngs.length, 1);
    // The page asked for its resources (the counter works) and each one was refused.
    const refused = pageRequests.filter(([, allowed]) => !allowed).map(([url]) => url);
    assert.ok(
      refused.some((u) => u.includes('img.example.com')),
      `refused: ${refused.join(', ')}`,
    );
    for (const [url, allowed] of pageRequests) assert.equal(allowed, requestAllowed(url), url);
    assert.deepEqual(proxy.seen, [], 'no connection left the browser');
  });

  it('an idle quiet browser makes no request of its own for 5 s (browser-level and proxy counters)', async () => {
    const before = proxy.seen.length;
    await withChromium({ proxyServer: proxy.url }, async (browser) => {
      const atBrowser = await browserLevelCounter(browser as import('puppeteer-core').Browser);
      await new Promise((r) => setTimeout(r, 5000));
      assert.deepEqual(atBrowser, []);
    });
    assert.deepEqual(proxy.seen.slice(before), []);
  });

  it('control: a request made in a browser without the interception is seen by both counters', async () => {
    const before = proxy.seen.length;
    const puppeteer = (await import('puppeteer-core')).default;
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-faults-profile-'));
    const browser = await puppeteer.launch({
      executablePath: chromiumPath(),
      headless: true,
      userDataDir: profile,
      args: [...CHROMIUM_FLAGS, `--proxy-server=${proxy.url}`],
    });
    try {
      const atBrowser = await browserLevelCounter(browser);
      const page = await browser.newPage();
      await page.goto('http://control.example.com/', { timeout: 10_000 }).catch(() => undefined);
      assert.ok(
        atBrowser.some((u) => u.startsWith('http://control.example.com/')),
        `browser level saw: ${atBrowser.join(', ')}`,
      );
    } finally {
      await browser.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
    assert.ok(
      proxy.seen.slice(before).some((l) => l.includes('control.example.com')),
      `proxy saw: ${proxy.seen.join(' | ')}`,
    );
  });

  it('a launch that fails: a one-line ChromiumError (never [object Object]) and no profile left', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-faults-chromium-'));
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const broken = path.join(tmp, 'broken-chromium');
      fs.writeFileSync(broken, '#!/bin/sh\necho "cannot open display" >&2\nexit 3\n', { mode: 0o755 });
      await assert.rejects(
        exportWithChromium({ html: '<p>x</p>' }, { chromiumPath: broken }),
        (err: Error) =>
          err instanceof ChromiumError &&
          err.code === 'chromium-failed' &&
          err.diagnostic.message.startsWith(`Chromium (${broken}) failed to start: `) &&
          !err.message.includes('[object Object]') &&
          !err.message.includes('\n'),
      );
      await assert.rejects(
        exportWithChromium({ html: '<p>x</p>' }, { chromiumPath: path.join(tmp, 'none') }),
        /Chromium not found at .*none/,
      );
      assert.deepEqual(fs.readdirSync(tmp), ['broken-chromium'], 'no profile folder left');
    } finally {
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
