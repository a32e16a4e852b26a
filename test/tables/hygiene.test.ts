import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { expandTabs, normalizeText, repairMojibake, stripAnsi } from '../../src/ingest/hygiene';

/** UTF-8 bytes shown as Windows-1252 (undefined bytes dropped or kept as C1, both happen). */
function mojibake(text: string, dropUndefined: boolean): string {
  const cp: Record<number, string> = {
    0x80: '€',
    0x82: '‚',
    0x83: 'ƒ',
    0x84: '„',
    0x85: '…',
    0x86: '†',
    0x87: '‡',
    0x88: 'ˆ',
    0x89: '‰',
    0x8a: 'Š',
    0x8b: '‹',
    0x8c: 'Œ',
    0x8e: 'Ž',
    0x91: '‘',
    0x92: '’',
    0x93: '“',
    0x94: '”',
    0x95: '•',
    0x96: '–',
    0x97: '—',
    0x98: '˜',
    0x99: '™',
    0x9a: 'š',
    0x9b: '›',
    0x9c: 'œ',
    0x9e: 'ž',
    0x9f: 'Ÿ',
  };
  let out = '';
  for (const b of Buffer.from(text, 'utf8'))
    out += b < 0x80 ? String.fromCharCode(b) : (cp[b] ?? (dropUndefined && b < 0xa0 ? '' : String.fromCharCode(b)));
  return out;
}

const TABLE = [
  '  📊 Overall Statistics  ',
  '┏━━━━━━━━━┳━━━━━━━┓',
  '┃ Metric  ┃ Value ┃',
  '┡━━━━━━━━━╇━━━━━━━┩',
  '│ 请求 RPS │ 1,234 │',
  '└─────────┴───────┘',
  '╔══╦══╗',
  '║ a║ b║',
  '╚══╩══╝',
  '┌──┬─┐',
  '╭──╮',
  '╰──╯',
].join('\n');

test('BOM, CRLF, trailing newline', () => {
  const r = normalizeText('\ufeffa\r\nb\r\n', 'f');
  assert.deepEqual(r.lines, ['a', 'b']);
  assert.deepEqual(normalizeText('a\n\nb', 'f').lines, ['a', '', 'b']);
});

test('bare CR: line breaks in a CR-only file, terminal overwrites elsewhere', () => {
  assert.deepEqual(normalizeText('a\rb\rc', 'f').lines, ['a', 'b', 'c']);
  assert.deepEqual(normalizeText('Progress: 10%\rProgress: 100%\nnext\n', 'f').lines, ['Progress: 100%', 'next']);
});

test('ANSI CSI and OSC sequences are stripped', () => {
  assert.equal(stripAnsi('\u001b[1;31mred\u001b[0m \u001b]8;;http://x\u0007link\u001b]8;;\u0007 \u001b[2K\u001b[1Gdone'), 'red link done');
  assert.deepEqual(normalizeText('\u001b[36m│ a │\u001b[0m', 'f').lines, ['│ a │']);
});

test('tabs expand to 8-column stops in display columns', () => {
  assert.equal(expandTabs('a\tb'), 'a       b');
  assert.equal(expandTabs('\tx'), '        x');
  assert.equal(expandTabs('中\tx'), '中      x');
});

test('mojibake box characters are repaired, with a diagnostic per line', () => {
  for (const drop of [false, true]) {
    const r = normalizeText(mojibake(TABLE, drop), 'm.txt');
    assert.equal(r.lines.join('\n'), TABLE, drop ? 'undefined bytes dropped' : 'undefined bytes kept as C1');
    assert.deepEqual(
      r.diagnostics.map((d) => [d.code, d.file, d.line]),
      TABLE.split('\n').map((_, k) => ['encoding-repaired', 'm.txt', k + 1]),
    );
  }
});

test('genuine Latin-1 text is left alone', () => {
  for (const s of ['café crème', 'Â°C is not a box', 'naïve – “quoted”', 'Größe 5 µs']) {
    assert.equal(repairMojibake(s).text, s);
    assert.deepEqual(normalizeText(s, 'f').diagnostics, []);
  }
});

test('property: normalizeText never changes the number of lines', () => {
  const chunk = fc.constantFrom('a', ' ', '\t', '\u001b[31m', '\u001b[0m', 'â”‚', 'â”€', '│', 'é', '中', '\ufffd', '\u0000', '\u0085', 'x');
  const line = fc.array(chunk, { maxLength: 20 }).map((xs) => xs.join(''));
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 30 }), fc.constantFrom('\n', '\r\n'), (ls, eol) => {
      // Every line terminated: the final newline does not add a line (as in an editor).
      const r = normalizeText(ls.map((l) => l + eol).join(''), 'f');
      assert.equal(r.lines.length, ls.length);
      for (const d of r.diagnostics) assert.ok(d.line !== undefined && d.line >= 1 && d.line <= ls.length);
      for (const l of r.lines) assert.doesNotMatch(l, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\t]/);
    }),
    { numRuns: 300 },
  );
});
