import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import MarkdownIt from 'markdown-it';
import { markdownToHtml, sanitizeSvg } from '../../src/report/markdown-to-html';
import { loadTemplates, renderReport } from '../../src/report/render-report';
import { assertGolden } from '../helpers/golden';
import { fixtureInput, hostileInput } from './fixture';

/** Cells of a pipe-table line, honouring `\|` escapes. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/);
}

/** Every table block has the same number of cells in every row as in its header. */
function assertTablesWellFormed(md: string): number {
  const lines = md.split('\n');
  let tables = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const next = lines[i + 1] ?? '';
    if (line.startsWith('|') && /^\|( ---:? \|)+$/.test(next)) {
      tables++;
      const width = cells(line).length;
      assert.equal(cells(next).length, width, `delimiter row of table at line ${i + 1}`);
      for (let j = i + 2; j < lines.length && (lines[j] ?? '').startsWith('|'); j++) {
        assert.equal(cells(lines[j] ?? '').length, width, `row at line ${j + 1}: ${lines[j]}`);
      }
    }
  }
  return tables;
}

test('fixture report.md matches the golden (checked by hand against the fixture numbers)', () => {
  const { markdown, diagnostics } = renderReport(fixtureInput());
  assert.deepEqual(diagnostics, []);
  assertGolden('report/fixture-report.md', markdown);
  // A few numbers a reader would check, from data/a10-sglang-vllm-tp2-vs-tp4.md:
  // vLLM c30: 2 GPUs (630: 11.12, 660: 12.00) → 4 GPUs (447: 13.22, 477: 13.12): +13.9%,
  // over the four run pairs 13.12 / 12.00 − 1 = +9.3% … 13.22 / 11.12 − 1 = +18.9%.
  assert.deepEqual(markdown.match(/^## .*/m)?.[0], '## Answers', 'the answers come first');
  assert.match(
    markdown,
    /^1\. \*\*vLLM, 2 → 4 GPUs\*\* \(Qwen7B-awq, NVIDIA A10, OpenAI API\): throughput \+13\.9% at concurrency 30 \(95% interval -28\.4% … \+81\.2%, 2 runs each\), \+1\.5% at 50 \(range \+1\.5% … \+13\.9% over concurrency\)/m,
  );
  // The configuration table: the vLLM 2-GPU row at concurrency 30, mean and min–max of its two runs.
  assert.match(markdown, /\| vLLM · Qwen7B-awq · OpenAI API \| 2 \| 30 \| 0\.7 \| 2 \| 11\.56 \(11\.12–12\.00\) \|/);
  assert.ok(assertTablesWellFormed(markdown) >= 4);
  assert.doesNotMatch(markdown, /undefined|NaN|\[object Object\]/);
  assert.doesNotMatch(markdown, /Generated/, 'no date unless generatedAt is given');
});

test('renderReport is deterministic and prints generatedAt only when given', () => {
  const a = renderReport(fixtureInput()).markdown;
  const b = renderReport(fixtureInput()).markdown;
  assert.equal(a, b);
  const dated = renderReport({ ...fixtureInput(), generatedAt: '2026-01-02T03:04:05Z' }).markdown;
  assert.match(dated, /^Generated 2026-01-02T03:04:05Z\.$/m);
});

test('untrusted text: tables stay tables in Markdown, and no element is injected in HTML', () => {
  const { markdown } = renderReport(hostileInput());
  assertTablesWellFormed(markdown);
  assert.ok(markdown.includes('\\<img src=x onerror=alert(1)\\>'));
  assert.ok(markdown.includes('pasted \\| by \\`someone\\` second line'));
  // markdown-it (as GitHub would) renders the model as a cell of text.
  const html = markdownToHtml(markdown, { title: 'x' });
  assert.doesNotMatch(html, /<img[^>]*src=x/i);
  assert.ok(html.includes('<td>&lt;img src=x onerror=alert(1)&gt;</td>'), 'model cell is text');
  assert.ok(html.includes('pasted | by `someone` second line'), 'label is literal text');
  // The same with plain markdown-it defaults: still one cell, still text.
  const plain = new MarkdownIt().render(markdown);
  assert.doesNotMatch(plain, /<img[^>]*src=x/i);
});

test('HTML inlines chart SVGs in a figure and strips script and event handlers', () => {
  const { markdown } = renderReport(fixtureInput());
  const svg =
    '<?xml version="1.0"?><svg width="400" height="200" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" onclick=\'x()\'/><a href="javascript:alert(3)"><text>ok</text></a></svg>';
  const html = markdownToHtml(markdown, { title: 'T <b>', svgs: new Map([['scaling-throughput-rps', svg]]) });
  assert.match(html, /<title>T &lt;b&gt;<\/title>/);
  assert.match(
    html,
    /<figure class="chart"[^>]*>\n<svg style="width:100%;max-width:520px;height:auto" viewBox="0 0 400 200" width="400" height="200">/,
  );
  assert.match(html, /<figcaption><em>Figure 1\. Throughput, 2 → 4 GPUs\.<\/em> Mean request throughput/);
  assert.doesNotMatch(html, /<script|onload=|onclick=|javascript:/i);
  // The chart with no SVG given stays a relative link.
  assert.match(html, /<img src="charts\/engine-throughput-rps\.svg"/);
  assert.match(html, /@page \{ size: A4; margin: 16mm 14mm 18mm; \}/);
  assert.equal(sanitizeSvg('<svg><foreignObject><div>x</div></foreignObject></svg>'), '<svg></svg>');
});

test('report config: sections, where, comparison kinds, charts off', () => {
  const input = fixtureInput();
  input.config = { sections: ['answers', 'methodology', 'nope'], where: { engine: 'vllm' }, comparisons: ['scaling'] };
  const { markdown, diagnostics } = renderReport(input);
  assert.deepEqual(
    diagnostics.map((d) => d.message),
    ['report section "nope" has no partial (templates/partials/nope.hbs); skipped'],
  );
  assert.deepEqual(markdown.match(/^## .*/gm), ['## Answers', '## Methodology']);
  assert.match(markdown, /6 comparisons/);
  assert.match(markdown, /\*\*vLLM, 2 → 4 GPUs\*\*/);
  assert.doesNotMatch(markdown.replace(/^# .*\n/, ''), /SGLang/, 'engine = vllm keeps only the vLLM question');
  // The default sections name `load`, whose partial comes with the load-over-time section:
  // a default section without a partial is skipped silently; one the user lists is warned about.
  assert.deepEqual(renderReport(fixtureInput()).diagnostics, []);
  const noCharts = renderReport({ ...fixtureInput(), config: { charts: false } }).markdown;
  assert.doesNotMatch(noCharts, /## Charts|charts\//);
});

test('a user template directory overrides partials by name; a template file replaces the main template', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'benchbook-tpl-'));
  try {
    fs.mkdirSync(path.join(dir, 'partials'));
    fs.writeFileSync(
      path.join(dir, 'partials', 'answers.hbs'),
      '## My summary\n\n{{methodology.runs}} runs; missing: [{{answers.nothing.here}}] {{num 1318.94}} {{pct 13.93}}\n',
    );
    const out = renderReport(fixtureInput(), { templates: loadTemplates(dir) }).markdown;
    assert.match(out, /^## My summary\n\n14 runs; missing: \[\] 1,319 \+13\.9%$/m);
    assert.match(out, /^## Environment$/m, 'other partials stay built-in');
    const file = path.join(dir, 'one.hbs');
    fs.writeFileSync(file, '# {{title}}\n\n{{> methodology}}\n{{undefinedField}}\n');
    const one = renderReport(fixtureInput(), { templates: loadTemplates(file) }).markdown;
    assert.match(one, /^# A10: SGLang and vLLM, 2 vs 4 GPUs\n\n## Methodology/);
    assert.doesNotMatch(one, /undefined/);
    assert.throws(() => loadTemplates(path.join(dir, 'missing')), /template not found/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('many runs: the report keeps one row per configuration and a line per file; runs go to appendix-runs.csv', () => {
  const input = fixtureInput();
  const base = input.runs[6];
  assert.ok(base);
  const runs = [];
  for (let i = 0; i < 600; i++) {
    const file = i % 2 ? 'logs/big-a.log' : 'logs/big-b.log';
    runs.push({ ...base, id: `${file}:${10 + i}`, source: { ...base.source, file, line: 10 + i } });
  }
  input.runs = runs;
  const { markdown } = renderReport(input);
  assert.match(markdown, /\| big-b\.log \| 300 \| 10–608 \| rich-table \| 0 \|/);
  assert.match(markdown, /\| big-a\.log \| 300 \| 11–609 \| rich-table \| 0 \|/);
  assert.match(markdown, /^- appendix-runs\.csv: every run .* \(600 rows\)\.$/m);
  assert.doesNotMatch(markdown, /big-a\.log:11\b/, 'no row per run');
});

test('"Concurrency" is one plain word in the Markdown; only an HTML header may break it', () => {
  const { markdown } = renderReport(fixtureInput());
  assert.ok(markdown.includes('| Concurrency |') || markdown.includes(' Concurrency '), 'the Markdown names the column plainly');
  assert.ok(!markdown.includes('\u00ad'), 'no soft hyphen in the Markdown');
  const html = markdownToHtml('| Setup | Concurrency |\n| --- | ---: |\n| a | Concurrency |\n', { title: 'x' });
  assert.match(html, /<th style="text-align:right">Concur\u00adrency<\/th>/);
  assert.match(html, /<td style="text-align:right">Concurrency<\/td>/);
});
