/**
 * Property tests of the claim reader: on documents glued from the pieces real reports are
 * made of, it never throws, claims come only from prose (never a fence, a table or a dump),
 * every claim's line holds its quote, a planted claim is found with its number, and the
 * streaming reader agrees with the in-memory one.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readClaims, readClaimsFromPaths } from '../../src/ingest';
import { textFrom } from './helpers';

const percent = fc.tuple(fc.integer({ min: -99, max: 300 }), fc.integer({ min: 0, max: 9 })).map(([a, b]) => `${a}.${b}%`);
const words = fc.constantFrom(
  'improves by',
  'faster',
  'slower',
  'speedup',
  'higher',
  'lower',
  'better',
  'worse',
  '2x faster',
  'twice as fast',
  '→',
);

/** Lines that are never prose, each carrying numbers and claim words. */
const notProse = fc.oneof(
  fc.tuple(percent, words).map(([p, w]) => `│ Actual Throughput          │ ${p} ${w}        │`),
  fc.tuple(percent, words).map(([p, w]) => `| H100X2 | 36.14 | ${p} ${w} |`),
  fc.tuple(percent, words).map(([p, w]) => `|  0%   34C    P8    15W /  150W |   1MiB /  23028MiB |  ${p} ${w} |`),
  fc.tuple(percent, words).map(([p, w]) => `INFO 04-10 18:20:55 metrics.py:455] Avg generation throughput: ${p} ${w}`),
  fc.tuple(percent, words).map(([p, w]) => `<table><tr><td>${p} ${w}</td></tr></table>`),
  fc.tuple(percent).map(([p]) => `Processed: ${p}|██████████| 320/320`),
  fc.tuple(percent, words).map(([p, w]) => `{"speedup": "${p} ${w}"}`),
);
const fenced = fc
  .array(
    fc.oneof(
      notProse,
      fc.tuple(percent, words).map(([p, w]) => `Throughput ${w} ${p} for 30 concurrent requests.`),
    ),
    { maxLength: 4 },
  )
  .map((ls) => ['```', ...ls, '```'].join('\n'));
const prose = fc.oneof(
  fc.constantFrom(
    '',
    '',
    '## vLLM',
    '### 2 vs 4 GPUs',
    'We ran the stress test.',
    '- 2 GPUs: 11.12-12.00 req/s',
    '**Observations (Llama-3B, Pipeline vs. Tensor)**',
  ),
  fc
    .tuple(percent, fc.integer({ min: 1, max: 512 }))
    .map(([p, c]) => `- Throughput improves by approximately ${p} for ${c} concurrent requests`),
  fc.constantFrom(
    'The tensor parallel split is faster than the pipeline split.',
    'SGLang is 2x faster than vLLM.',
    'It actually slows down inference.',
  ),
  fc.string({ maxLength: 40 }),
);
const doc = fc.array(fc.oneof(notProse, fenced, prose), { maxLength: 30 }).map((parts) => parts.join('\n'));

function proseLines(text: string): Set<number> {
  const out = new Set<number>();
  let fence = false;
  text.split('\n').forEach((l, k) => {
    if (/^\s{0,3}(?:```|~~~)/.test(l)) fence = !fence;
    else if (!fence && !/[│┃┏┗┡└]|\|.*\||MiB|metrics\.py|<table|█|^\s*\{/.test(l)) out.add(k + 1);
  });
  return out;
}

describe('claim reader properties', () => {
  it('claims come only from prose lines, and each line holds its quote', () => {
    fc.assert(
      fc.property(doc, (text) => {
        const prose = proseLines(text);
        for (const c of readClaims(text, 'p.md')) {
          assert.ok(prose.has(c.line), `claim at a line that is not prose: ${c.line} ${c.quote}`);
          assert.ok(textFrom(text, c.line).includes(c.quote.replace(/\s+/g, ' ')), `quote not at line ${c.line}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a planted claim is found with its number and its concurrency, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        doc,
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 1, max: 512 }),
        (noise, a, b, c) => {
          const text = `${noise}\n\n## Conclusion\n\nThroughput improves by ${a}.${b}% for ${c} concurrent requests.\n`;
          const claims = readClaims(text, 'p.md');
          const last = claims[claims.length - 1];
          assert.ok(last);
          assert.deepEqual(last.percent, [Number(`${a}.${b}`), Number(`${a}.${b}`)]);
          assert.deepEqual(last.layers[0]!.settings.concurrency, [c]);
          assert.equal(last.line, text.split('\n').length - 1);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the streaming reader gives the same claims as the in-memory one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'claims-prop-'));
    try {
      await fc.assert(
        fc.asyncProperty(doc, fc.boolean(), async (text, crlf) => {
          const file = path.join(dir, 'doc.md');
          const written = crlf ? text.replace(/\n/g, '\r\n') : text;
          fs.writeFileSync(file, written);
          const streamed = await readClaimsFromPaths([file]);
          assert.deepEqual(streamed.claims, readClaims(written, file));
        }),
        { numRuns: 40 },
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
