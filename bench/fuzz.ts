/**
 * fast-check fuzz of the parsers: random text built from box-drawing glyphs, table words,
 * numbers with units, Markdown/HTML, CSV and JSON fragments, and newlines, given to parseLog
 * once as detected and once through each entry point (`formatHint`: console log, CSV and its
 * tool presets, Markdown report, JSON exports). The property (docs/architecture.md): no parser throws or
 * fails inside (guard's "could not be read"), and every diagnostic names the file and, when it
 * has a line, a line inside the text.
 */
import fc from 'fast-check';
import type { FormatName } from '../src/model/records';

const GLYPHS = [
  '┏',
  '┓',
  '┗',
  '┛',
  '┃',
  '━',
  '┳',
  '┻',
  '╇',
  '┡',
  '┩',
  '│',
  '─',
  '┌',
  '┐',
  '└',
  '┘',
  '├',
  '┤',
  '┬',
  '┴',
  '┼',
  '╭',
  '╮',
  '╰',
  '╯',
  '║',
  '═',
  '╔',
  '╗',
  '╚',
  '╝',
  '╠',
  '╣',
  '╦',
  '╩',
  '╬',
  '╷',
  '╵',
  '╶',
  '╴',
  '+',
  '-',
  '|',
  '=',
  ' ',
  '  ',
  '\t',
];
const WORDS = [
  'Metric',
  'Value',
  'Stress Test Results',
  'Actual Throughput',
  'Total Test Duration',
  'requests/second',
  'seconds',
  'ms',
  '%',
  'Test completed in',
  'vllm serve',
  '--tensor-parallel-size',
  'python -m sglang.launch_server',
  '--tp',
  '## ',
  '//',
  '---- think ----',
  'NVIDIA-SMI',
  'MiB',
  'nan',
  'inf',
  '__proto__',
  'constructor',
  '```',
];
const MARKUP = [
  '<table>',
  '</table>',
  '<tr>',
  '<td>',
  '</td>',
  '<th colspan="2">Preset',
  '&#xFFFFFFF;',
  '| Preset | Gen TPS |',
  '|---|---|',
  '| a | 1,2 |',
  '**',
];
const CSV = [',', ';', '"', 'Metric,avg,p99', 'Type,Name,Request Count,Failure Count', 'concurrency,request_throughput', 'N/A', '1e999'];
const JSON_BITS = [
  '{',
  '}',
  '[',
  ']',
  ':',
  '"request_throughput"',
  '"input_lens"',
  '"__proto__"',
  'null',
  'true',
  '"backend": "vllm"',
  '{"experiment"',
];

export const fuzzText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...GLYPHS),
      fc.constantFrom(...WORDS),
      fc.constantFrom(...MARKUP, ...CSV, ...JSON_BITS),
      fc.constantFrom('\n', '\r\n', '\n\n'),
      fc.double({ noNaN: false }).map(String),
      fc.integer().map(String),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 200, size: 'medium' },
  )
  .map((parts) => parts.join(''));

/** One hint per entry point and preset: undefined is detection. */
export const FUZZ_HINTS: ReadonlyArray<FormatName | undefined> = [
  undefined,
  'console-log',
  'csv',
  'genai-perf-csv',
  'locust-csv',
  'markdown-report',
  'vllm-bench-json',
  'sglang-bench-jsonl',
  'genai-perf-json',
];

export async function fuzzParseLog(
  numRuns: number,
  seed = 20250427,
): Promise<{ ok: boolean; seconds: number; seed: number; calls: number; error?: string; note?: string }> {
  const { parseLog } = await import('../src/ingest');
  const t0 = process.hrtime.bigint();
  let calls = 0;
  try {
    fc.assert(
      fc.property(fuzzText, (text) => {
        // The most lines any reading of the text can have (a lone CR ends a line too).
        const lines = text.split(/\r\n|\r|\n/).length;
        for (const hint of FUZZ_HINTS) {
          calls++;
          const r = parseLog(text, hint === undefined ? { file: 'fuzz.log' } : { file: 'fuzz.log', formatHint: hint });
          for (const d of r.diagnostics) {
            if (d.file !== 'fuzz.log') throw new Error(`${hint ?? 'detected'}: diagnostic without the file: ${JSON.stringify(d)}`);
            if (d.line !== undefined && !(Number.isInteger(d.line) && d.line >= 1 && d.line <= lines))
              throw new Error(`${hint ?? 'detected'}: line outside the text (${lines} lines): ${JSON.stringify(d)}`);
            if (d.severity === 'error' && /could not be read/.test(d.message))
              throw new Error(`${hint ?? 'detected'}: a parser failed: ${d.message}`);
          }
        }
      }),
      { numRuns, seed },
    );
    const probe = parseLog(
      'Test completed in 1.0 seconds\n   vLLM Stress Test Results\n┏━━━━━━┳━━━━━━━┓\n┃ Metric ┃ Value ┃\n┡━━━━━━╇━━━━━━━┩\n│ Actual Throughput │ 1.0 requests/second │\n└──────┴───────┘\n',
      { file: 'probe.log' },
    );
    const note =
      probe.records.length === 0
        ? 'Note: parseLog returned no record for a valid table: ingest may still be a stub, so this fuzz proves little yet.'
        : undefined;
    return { ok: true, seconds: Number(process.hrtime.bigint() - t0) / 1e9, seed, calls, ...(note ? { note } : {}) };
  } catch (e) {
    return {
      ok: false,
      seconds: Number(process.hrtime.bigint() - t0) / 1e9,
      seed,
      calls,
      error: e instanceof Error ? e.message.slice(0, 2000) : String(e),
    };
  }
}
