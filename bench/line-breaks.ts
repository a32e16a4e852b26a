/**
 * Issue 32's long-line cases, measured once (not a timed test): a 70 MB console log with LF,
 * the same with CR-only line breaks, and a 200 MB file without a newline. Each is read by
 * parsePaths in a child process of its own (records counted, not kept), which reports its
 * time and peak RSS. Run: node --import tsx bench/line-breaks.ts [workdir]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SAMPLE = path.resolve(__dirname, '..', 'data', 'a10-sglang-vllm-tp2-vs-tp4.md');

/** `bytes` of the sample repeated, with its LFs replaced by `lineBreak`. */
function writeRepeated(file: string, bytes: number, lineBreak: string): void {
  const piece = fs.readFileSync(SAMPLE, 'utf8').replace(/\r?\n/g, lineBreak);
  const fd = fs.openSync(file, 'w');
  for (let written = 0; written < bytes; written += Buffer.byteLength(piece)) fs.writeSync(fd, piece);
  fs.closeSync(fd);
}

function writeFlat(file: string, bytes: number): void {
  const piece = 'latency 12.5 ms throughput 33.1 req/s '.repeat(1 << 14);
  const fd = fs.openSync(file, 'w');
  for (let written = 0; written < bytes; written += piece.length) fs.writeSync(fd, piece);
  fs.closeSync(fd);
}

/** Reads one file in a child: "seconds MB-rss runs diagnostics". */
function measure(file: string): string {
  const script = `
    const { parsePaths } = require(${JSON.stringify(path.resolve(__dirname, '..', 'src', 'ingest'))});
    const t = process.hrtime.bigint();
    let runs = 0;
    parsePaths([${JSON.stringify(file)}], { onRecord: (r) => { if (r.kind === 'run') runs++; } }).then((res) => {
      const s = Number(process.hrtime.bigint() - t) / 1e9;
      const rss = process.resourceUsage().maxRSS / 1024;
      console.log(s.toFixed(1) + ' s, ' + rss.toFixed(0) + ' MB peak RSS, ' + runs + ' runs, ' + res.diagnostics.length + ' diagnostics');
    });`;
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' }).trim();
}

const dir = fs.mkdtempSync(path.join(process.argv[2] ?? os.tmpdir(), 'bb-lines-'));
try {
  const cases: Array<[string, (f: string) => void]> = [
    ['70 MB, LF', (f) => writeRepeated(f, 70e6, '\n')],
    ['70 MB, CR only', (f) => writeRepeated(f, 70e6, '\r')],
    ['200 MB, no newline', (f) => writeFlat(f, 200e6)],
  ];
  for (const [name, write] of cases) {
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.log`);
    write(file);
    console.log(`${name}: ${measure(file)}`);
    fs.rmSync(file);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
