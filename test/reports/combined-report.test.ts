/**
 * The combined report of everything in data/, as a reader gets it: the PDF fits in 30 pages,
 * no table is wider than the page, and the prose carries no internal codes (caveat:…,
 * warmup-suspect, inconclusive) and no cut-off text. Needs Chromium and poppler-utils.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildReport } from '../../src/build';
import { withChromium } from '../../src/report/pdf-export';
import { REPO_ROOT } from '../helpers/golden';
import { pdfSkip } from '../report/chromium';

const skip = pdfSkip('combined PDF test');

export const MAX_PAGES = 30;
/** A4 (210 mm) less the report's 14 mm side margins, in CSS pixels (96 per inch). */
const CONTENT_WIDTH_PX = Math.floor(((210 - 2 * 14) / 25.4) * 96);

/** The report's own prose: everything but chart images and their captions (the charts' text is the charts'). */
function prose(md: string): string {
  return md
    .split('\n')
    .filter((l) => !/^!\[/.test(l) && !/^\*Figure \d+\./.test(l))
    .join('\n');
}

test(`the combined report of data/ fits in ${MAX_PAGES} pages, tables fit the page, prose has no codes`, { skip }, async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'bb-combined-'));
  const prev = process.cwd();
  try {
    process.chdir(REPO_ROOT);
    await buildReport(['data'], { out, pdf: true });
    const pdf = path.join(out, 'report.pdf');
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1]);
    assert.ok(pages >= 5 && pages <= MAX_PAGES, `${pages} pages`);

    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
    for (const code of ['caveat:', 'warmup-suspect', 'warm-up-suspect']) assert.ok(!text.includes(code), `the PDF shows ${code}`);
    const md = prose(fs.readFileSync(path.join(out, 'report.md'), 'utf8'));
    assert.doesNotMatch(md, /\binconclusive\b|caveat:|warmup-suspect/, 'codes in the prose');
    // Every ellipsis of the prose stands between the two ends of a range ("+9.3% … +18.9%"): none cuts text off.
    for (const m of md.matchAll(/(.{0,12})…(.{0,12})/g))
      assert.match(`${m[1]}…${m[2]}`, /[\d%)] … [+-]?\d/, `an ellipsis that is no range: ${m[0]}`);

    const html = fs.readFileSync(path.join(out, 'report.html'), 'utf8');
    const widths = await withChromium({}, async (browser) => {
      const page = (await browser.newPage()) as import('puppeteer-core').Page;
      await page.setViewport({ width: CONTENT_WIDTH_PX, height: 1000 });
      await page.emulateMediaType('print');
      await page.setContent(html, { waitUntil: 'load' });
      return page.$$eval('table', (tables) =>
        tables.map((t) => ({ width: t.scrollWidth, head: t.querySelector('th')?.textContent ?? '' })),
      );
    });
    assert.ok(widths.length >= 10, `${widths.length} tables`);
    for (const w of widths)
      assert.ok(w.width <= CONTENT_WIDTH_PX, `table "${w.head}…" is ${w.width}px wide, the page ${CONTENT_WIDTH_PX}px`);
  } finally {
    process.chdir(prev);
    fs.rmSync(out, { recursive: true, force: true });
  }
});
