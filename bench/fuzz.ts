/**
 * fast-check fuzz of parseLog: random text built from box-drawing glyphs, table words,
 * numbers with units, and newlines. The property: parseLog never throws (bad input gives
 * diagnostics, design.md).
 */
import fc from 'fast-check';

const GLYPHS = ['┏', '┓', '┗', '┛', '┃', '━', '┳', '┻', '╇', '┡', '┩', '│', '─', '┌', '┐', '└', '┘', '├', '┤', '┬', '┴', '┼', '╭', '╮', '╰', '╯', '║', '═', '╔', '╗', '╚', '╝', '╠', '╣', '╦', '╩', '╬', '+', '-', '|', '=', ' ', '  ', '\t'];
const WORDS = ['Metric', 'Value', 'Stress Test Results', 'Actual Throughput', 'Total Test Duration', 'requests/second', 'seconds', 'ms', '%', 'Test completed in', 'vllm serve', '--tensor-parallel-size', 'python -m sglang.launch_server', '--tp', '## ', '//', '---- think ----', 'NVIDIA-SMI', 'MiB', 'nan', 'inf', '__proto__', 'constructor', '```', '<table>', '<td>', '|---|'];

export const fuzzText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...GLYPHS),
      fc.constantFrom(...WORDS),
      fc.constantFrom('\n', '\r\n', '\n\n'),
      fc.double({ noNaN: false }).map(String),
      fc.integer().map(String),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 200, size: 'medium' },
  )
  .map((parts) => parts.join(''));

export async function fuzzParseLog(numRuns: number, seed = 20250427): Promise<{ ok: boolean; seconds: number; seed: number; error?: string; note?: string }> {
  const { parseLog } = await import('../src/ingest');
  const t0 = process.hrtime.bigint();
  try {
    fc.assert(
      fc.property(fuzzText, (text) => {
        parseLog(text, { file: 'fuzz.log' });
      }),
      { numRuns, seed },
    );
    const probe = parseLog('Test completed in 1.0 seconds\n   vLLM Stress Test Results\n┏━━━━━━┳━━━━━━━┓\n┃ Metric ┃ Value ┃\n┡━━━━━━╇━━━━━━━┩\n│ Actual Throughput │ 1.0 requests/second │\n└──────┴───────┘\n', { file: 'probe.log' });
    const note = probe.records.length === 0 ? 'Note: parseLog returned no record for a valid table: ingest may still be a stub, so this fuzz proves little yet.' : undefined;
    return { ok: true, seconds: Number(process.hrtime.bigint() - t0) / 1e9, seed, note };
  } catch (e) {
    return { ok: false, seconds: Number(process.hrtime.bigint() - t0) / 1e9, seed, error: e instanceof Error ? e.message.slice(0, 2000) : String(e) };
  }
}
