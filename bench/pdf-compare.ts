/**
 * PDF export cost: the report stage's `exportPdf` against a bare puppeteer-core Chromium
 * `page.pdf` of the same HTML. Both include browser launch and close, so the ratio shows what
 * exportPdf adds (request lock-down, print media, footer) on top of Chromium itself.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_FLAGS, chromiumPath, exportPdf } from '../src/report';
import { reportFromRuns } from './report-pipeline';
import { syntheticRuns } from './synthetic-runs';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

function pages(pdf: string): string {
  try {
    return /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1] ?? '?';
  } catch {
    return '?';
  }
}

async function barePdf(html: string, out: string): Promise<void> {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_FLAGS], headless: true });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    await page.pdf({ path: out, format: 'A4', printBackground: true });
  } finally {
    await browser.close();
  }
}

export async function comparePdfExport(
  n: number,
  repeats: number,
): Promise<{ exportS: number; bareS: number; htmlKiB: number; pages: string }> {
  const { html } = await reportFromRuns(syntheticRuns(n, 42));
  if (!html) throw new Error('writeReport produced no report.html');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-pdf-'));
  try {
    const ex: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < repeats; i++) {
      let t = process.hrtime.bigint();
      await exportPdf(html, path.join(dir, 'export.pdf'));
      ex.push(Number(process.hrtime.bigint() - t) / 1e9);
      t = process.hrtime.bigint();
      await barePdf(html, path.join(dir, 'bare.pdf'));
      bare.push(Number(process.hrtime.bigint() - t) / 1e9);
    }
    return {
      exportS: median(ex),
      bareS: median(bare),
      htmlKiB: Math.round(html.length / 1024),
      pages: `${pages(path.join(dir, 'export.pdf'))} / ${pages(path.join(dir, 'bare.pdf'))}`,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
