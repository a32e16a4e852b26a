/**
 * The text estimate charts are laid out with (src/charts/text-width.ts) is never narrower
 * than what Chromium draws in the chart font (what the HTML and PDF report show), and the
 * wrapping built on it loses nothing and keeps every line within its width.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FONT_FAMILY } from '../../src/charts';
import { fitLabels, labelLookup, wrapText } from '../../src/charts/label-fit';
import { textWidth, vegaTextWidth } from '../../src/charts/text-width';
import { chromiumPath } from '../../src/report/pdf-export';

const SAMPLES = [
  Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join(''),
  'WWWWWWWWWW MMMMMMMMMM mmmmmmmmmm @@@@@ %%%%%',
  'vLLM · Qwen7B-awq · 4 GPUs · tensor · c=100 · 8192 ctx · OpenAI API · T=0.7',
  'SGLang · NVIDIA H100 (PCIe 80GB) · H100X2 · 2 GPUs (tensor vs pipeline)',
  '1.14× · eff. 57% → 2 GPUs – 4 GPUs — ≤ ≥ ± …',
  '//再来 [결과] 通义千问-超长模型名称-测试版本 プリセット ～（）】',
  '🚀🔥🐢📊 👍🏽 👨‍👩‍👧 ❤️ ✓',
  'Ж Ω µ é ü ß ø Æ Ñ ç ÿ ¿ ¡',
];
const SIZES = [10, 11, 12, 14];

const chromium = chromiumPath();
const skip = fs.existsSync(chromium) ? false : `Chromium not found at ${chromium}: calibration skipped`;

describe('text width estimate', () => {
  it('is never narrower than Chromium draws it in the chart font', { skip }, async () => {
    const puppeteer = await import('puppeteer-core');
    const browser = await puppeteer.launch({
      executablePath: chromium,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      const page = await browser.newPage();
      const cases = SAMPLES.flatMap((text) => SIZES.flatMap((size) => [false, true].map((bold) => ({ text, size, bold }))));
      const measured = await page.evaluate(
        (list, family) => {
          const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
          return list.map((c) => {
            ctx.font = `${c.bold ? 'bold ' : ''}${c.size}px ${family}`;
            return ctx.measureText(c.text).width;
          });
        },
        cases,
        FONT_FAMILY,
      );
      const narrower: string[] = [];
      cases.forEach((c, i) => {
        const real = measured[i] as number;
        const est = textWidth(c.text, c.size, c.bold);
        if (est < real)
          narrower.push(`${c.text.slice(0, 30)} @${c.size}px${c.bold ? ' bold' : ''}: estimate ${est.toFixed(1)} < ${real.toFixed(1)}`);
        // Not wildly wider either, or layouts would waste the page (Latin text only: emoji sequences count per code point).
        if (/^[\x20-\x7e·]+$/.test(c.text)) assert.ok(est < real * 1.2, `${c.text.slice(0, 30)}: ${est} vs ${real}`);
      });
      assert.deepEqual(narrower, []);
    } finally {
      await browser.close();
    }
  });

  it("vega's hook: trims, caps at a positive limit, reads bold from the weight", () => {
    assert.equal(vegaTextWidth({ fontSize: 11 }, '  abc  '), textWidth('abc', 11));
    assert.equal(vegaTextWidth({ fontSize: 11, limit: 5 }, 'abcdef'), 5);
    assert.equal(vegaTextWidth({ fontSize: 11, fontWeight: 'bold' }, 'W'), textWidth('W', 11, true));
    assert.equal(vegaTextWidth({ fontSize: 0 }, 'abc'), 0);
    assert.ok(textWidth('W', 11, true) > textWidth('W', 11));
  });
});

describe('wrapText', () => {
  const text = fc.array(
    fc.oneof(
      fc.constantFrom(' · ', ' ', ' (', ')', '/', ',', '再来', '🚀', '결과', 'é'),
      fc.string({ minLength: 1, maxLength: 12 }).map((s) => s.replace(/\s/g, 'x')),
    ),
    { minLength: 1, maxLength: 30 },
  );
  it('loses no character and keeps each line within the width (a lone wider character excepted)', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 20, max: 400 }), fc.constantFrom(10, 11, 14), (parts, max, size) => {
        const s = parts.join('').trim();
        if (s === '') return;
        const lines = wrapText(s, max, size);
        assert.equal(lines.join('').replace(/\s+/g, ''), s.replace(/\s+/g, ''));
        for (const l of lines) assert.ok(textWidth(l, size) <= max || [...l].length === 1, `"${l}" wider than ${max}`);
        if (textWidth(s, size) <= max) assert.deepEqual(lines, [s]);
      }),
    );
  });

  it('breaks labels at their " · " parts first', () => {
    assert.deepEqual(wrapText('SGLang · 4 GPUs · tensor · c=5 (warm-up suspect)', 200, 11), [
      'SGLang · 4 GPUs · tensor · c=5',
      '(warm-up suspect)',
    ]);
  });

  it('fitLabels gives a lookup only for labels that wrap, safe for any label text', () => {
    const fit = fitLabels(['short', '__proto__ constructor · a label too long for the width', 'it\'s "quoted" \\ and\u2028odd'], 120, 11);
    assert.equal(fit.wrapped.has('short'), false);
    assert.ok(fit.lines >= 2);
    assert.ok(fit.expr?.includes('indexof('));
    assert.equal(labelLookup(new Map()), undefined);
    assert.ok(!fit.expr?.includes('\u2028'), 'line separators are escaped for the vega parser');
  });
});
