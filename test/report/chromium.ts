/** Whether a test can drive Chromium and read PDFs with poppler-utils; a skip message otherwise. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from '../../src/report/pdf-export';

function hasTool(cmd: string): boolean {
  try {
    execFileSync(cmd, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** false when Chromium and the poppler tools are there; else why the test is skipped (also printed). */
export function pdfSkip(what: string, tools: readonly string[] = ['pdftotext', 'pdfinfo']): string | false {
  const chromium = chromiumPath();
  const missing = tools.find((t) => !hasTool(t));
  const skip = !fs.existsSync(chromium)
    ? `Chromium not found at ${chromium} (set BENCHBOOK_CHROMIUM): ${what} skipped`
    : missing
      ? `${missing} (poppler-utils) not installed: ${what} skipped`
      : false;
  if (skip) console.log(`# ${skip}`);
  return skip;
}
