import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { markdownToHtml } from '../../src/report/markdown-to-html';
import { exportWithChromium } from '../../src/report/pdf-export';
import { renderReport } from '../../src/report/render-report';
import { pdfSkip } from './chromium';
import { hostileInput, XSS } from './fixture';

const skip = pdfSkip('PDF test');

// A chart as the charts stage would hand it over, plus things the sanitiser must drop.
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160" onload="document.title=1">' +
  '<script>document.body.innerHTML="owned"</script>' +
  '<rect x="10" y="20" width="200" height="100" fill="#4c78a8"/>' +
  '<text x="230" y="80" font-size="14" font-family="sans-serif">chart-marker 13.17 req/s</text></svg>';

test('real Chromium: the report PDF shows title, tables, chart and caption, literal log text and page numbers', { skip }, async () => {
  const input = hostileInput();
  const { markdown } = renderReport(input);
  const html = markdownToHtml(markdown, { title: input.title, svgs: new Map([['scaling-throughput-rps', SVG]]) });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-pdf-'));
  try {
    // One launch for both the PDF and the PNG.
    const { pdf, pngs } = await exportWithChromium({ html, svgs: [SVG] });
    assert.ok(pdf, 'a PDF');
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    assert.equal(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
    assert.ok(pages >= 1, `page count ${pages}`);
    assert.match(info, /Page size:.*\(A4\)/, 'A4');
    // Default (reading-order) mode: table cells come out one after another.
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    const flat = text.replace(/\s+/g, ' ');
    assert.ok(flat.includes(input.title), 'title');
    assert.ok(flat.includes('Answers'), 'answers heading');
    assert.ok(flat.includes('throughput +13.9% at concurrency 30 (95% interval -28.4% … +81.2%, 2 runs each)'), 'the vLLM answer');
    // Text order inside a wrapped table row is up to the PDF: check the cells of the vLLM 2-GPU row at concurrency 30.
    // (a cell wrapped after "Qwen7B-" comes out as "Qwen7Bawq").
    const row = /vLLM · Qwen7B-?awq · OpenAI API 2 30 ([\s\S]*?) vLLM · /.exec(flat)?.[1] ?? '';
    for (const cell of ['0.7', '11.56 (11.12–', '12.00)', '1,175']) assert.ok(row.includes(cell), `results row shows ${cell}: ${row}`);
    assert.ok(flat.includes('chart-marker 13.17 req/s'), 'the inline SVG is drawn');
    assert.ok(flat.includes('Figure 1. Throughput, 2 → 4 GPUs.'), 'chart caption');
    assert.ok(flat.includes(XSS), 'untrusted model name printed as literal text');
    assert.ok(!flat.includes('owned'), 'no script ran');
    // Footer "N / total" (pdftotext may drop the spaces of the 8px footer).
    assert.match(text, new RegExp(`^\\s*1 ?/ ?${pages}\\s*$`, 'm'), 'footer page number on page 1');
    assert.match(text, new RegExp(`^\\s*${pages} ?/ ?${pages}\\s*$`, 'm'), 'footer page number on the last page');
    const png = pngs[0];
    assert.ok(png, 'a PNG');
    assert.ok(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'PNG signature');
    // Element screenshot of the 480×160 SVG at device scale 2.
    assert.equal(png.readUInt32BE(16), 960);
    assert.equal(png.readUInt32BE(20), 320);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
