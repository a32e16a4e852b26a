/**
 * Markdown → one self-contained HTML file (inline CSS, charts inlined as SVG), ready for
 * a browser or for Chromium's print-to-PDF. markdown-it runs with `html: false`, so raw
 * HTML in log text is printed as text, never parsed; linkify is off (no invented links).
 */
import MarkdownIt from 'markdown-it';
import { sanitizeName } from './helpers';

export interface HtmlOptions {
  title: string;
  /** Chart name (as in `charts/<name>.svg`) → SVG text. Charts not in the map stay `<img>` links. */
  svgs?: Map<string, string>;
  /** Replaces the built-in stylesheet. */
  css?: string;
}

/**
 * How the stylesheet places a chart: the A4 text width (210 mm less 14 mm margins), the tallest
 * a chart is drawn (the rest of the page holds its caption), and how far a small chart may be
 * enlarged. figure-text-size.ts computes from these the size chart text has in the PDF.
 */
export const FIGURE_LAYOUT = { textWidthMm: 182, maxHeightMm: 225, maxUpscale: 1.3 } as const;

/** Print-friendly A4 stylesheet: tables fit the page, figures and headings do not split. */
export const REPORT_CSS = `
@page { size: A4; margin: 16mm 14mm 18mm; }
:root { color-scheme: light; }
html { font-family: "Noto Sans", "DejaVu Sans", Arial, "Noto Sans CJK SC", "Noto Color Emoji", sans-serif; font-size: 10.5pt; line-height: 1.45; color: #1f2328; }
body { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
@media print { body { max-width: none; padding: 0; } }
h1 { font-size: 20pt; margin: 0 0 0.6em; border-bottom: 2px solid #d0d7de; padding-bottom: 0.2em; }
h2 { font-size: 14.5pt; margin: 1.4em 0 0.5em; border-bottom: 1px solid #d0d7de; padding-bottom: 0.15em; }
h3 { font-size: 11.5pt; margin: 1.1em 0 0.4em; }
h1, h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
p, li { orphans: 3; widows: 3; }
ul { padding-left: 1.3em; }
code { font-family: "DejaVu Sans Mono", "Noto Sans Mono", monospace; font-size: 0.92em; background: #f3f4f6; padding: 0 0.2em; border-radius: 3px; word-break: break-all; }
/* Words break only when they would overflow (overflow-wrap: break-word leaves min-content
   widths alone); word-break: break-word / overflow-wrap: anywhere made Chromium split
   "inconclusive", "+13.9%" and header words letter by letter to shrink columns. */
table { width: 100%; table-layout: auto; border-collapse: collapse; font-size: 8.5pt; line-height: 1.25; margin: 0.4em 0 1em; word-break: normal; overflow-wrap: break-word; }
td code { word-break: break-all; }
table.wide-first th:first-child { width: 38%; min-width: 12em; }
thead { display: table-header-group; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1px solid #d0d7de; padding: 3px 5px; vertical-align: top; }
th { background: #f3f4f6; font-weight: 600; text-align: left; }
tbody tr:nth-child(even) td { background: #fafbfc; }
figure.chart { margin: 0.8em 0 1.2em; break-inside: avoid; page-break-inside: avoid; text-align: center; }
figure.chart svg, figure.chart img { max-width: 100%; max-height: ${FIGURE_LAYOUT.maxHeightMm}mm; height: auto; }
figure.chart figcaption { font-size: 9pt; color: #444; margin-top: 0.3em; text-align: left; }
img { max-width: 100%; }
`;

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Defence in depth for SVG text (charts come from vega, so they are trusted): drops XML
 * prologs, doctype, scripts, foreignObject, `on*` handlers and javascript: links.
 */
export function sanitizeSvg(svg: string): string {
  return svg
    .replace(/<\?xml[\s\S]*?\?>/gi, '')
    .replace(/<!DOCTYPE[\s\S]*?>/gi, '')
    .replace(/<script[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script[\s\S]*?\/>/gi, '')
    .replace(/<foreignObject[\s\S]*?<\/foreignObject\s*>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/\s(?:xlink:)?href\s*=\s*("\s*javascript:[^"]*"|'\s*javascript:[^']*')/gi, '')
    .trim();
}

/** Makes an SVG scale with its container: a viewBox from width/height when it has none. */
function responsiveSvg(svg: string): string {
  const open = /<svg\b[^>]*>/i.exec(svg);
  if (!open) return svg;
  let tag = open[0];
  const w = /\swidth="([\d.]+)"/.exec(tag)?.[1];
  const h = /\sheight="([\d.]+)"/.exec(tag)?.[1];
  if (!/\sviewBox=/i.test(tag) && w && h) tag = tag.replace(/<svg\b/i, `<svg viewBox="0 0 ${w} ${h}"`);
  // Fill the text width, but never blow a small chart up by more than 1.3× (fonts would
  // outgrow the body text); the viewBox keeps the aspect ratio under max-height.
  if (w && !/\sstyle=/i.test(tag))
    tag = tag.replace(/<svg\b/i, `<svg style="width:100%;max-width:${Math.round(Number(w) * FIGURE_LAYOUT.maxUpscale)}px;height:auto"`);
  return svg.slice(0, open.index) + tag + svg.slice(open.index + open[0].length);
}

const CHART_SRC = /^charts\/([a-z0-9-]+)\.svg$/;

/**
 * Tables whose first column holds the long text (a configuration's setup, a question): given
 * a third of the width, so it wraps less while the number columns shrink (table.wide-first).
 */
const WIDE_FIRST_HEADERS = new Set(['Setup', 'Question']);

function markWideFirstColumns(md: MarkdownIt): void {
  md.core.ruler.push('wide-first-column', (state) => {
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i]?.type !== 'table_open') continue;
      const first = tokens.slice(i).find((t) => t.type === 'inline');
      if (first && WIDE_FIRST_HEADERS.has(first.content.trim())) tokens[i]?.attrJoin('class', 'wide-first');
    }
  });
}

/** Long header words that may break, so a number column need not be as wide as the word. */
const HEADER_BREAKS: Record<string, string> = { Concurrency: 'Concur\u00adrency' };

/** Soft hyphens in table headers only: the Markdown keeps the plain word (it stays searchable). */
function breakLongHeaderWords(md: MarkdownIt): void {
  md.core.ruler.push('header-soft-hyphens', (state) => {
    let inHead = false;
    for (const t of state.tokens) {
      if (t.type === 'thead_open' || t.type === 'thead_close') inHead = t.type === 'thead_open';
      if (!inHead || t.type !== 'inline') continue;
      for (const child of t.children ?? []) {
        if (child.type === 'text' && Object.hasOwn(HEADER_BREAKS, child.content))
          child.content = HEADER_BREAKS[child.content] ?? child.content;
      }
    }
  });
}

export function markdownToHtml(markdown: string, opts: HtmlOptions): string {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  markWideFirstColumns(md);
  breakLongHeaderWords(md);
  const svgs = opts.svgs ?? new Map<string, string>();
  const defaultImage = md.renderer.rules.image;
  // A chart image becomes a NUL-delimited placeholder: markdown-it replaces NUL in input
  // with U+FFFD, so log text can never forge one.
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx];
    const src = token?.attrGet('src') ?? '';
    const m = CHART_SRC.exec(src);
    if (token && m?.[1] && svgs.has(sanitizeName(m[1]))) {
      const alt = self.renderInlineAsText(token.children ?? [], options, env);
      return `\u0000CHART:${m[1]}\u0000${encodeURIComponent(alt)}\u0000`;
    }
    return defaultImage ? defaultImage(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
  };
  let body = md.render(markdown);
  // <p>chart</p> + the caption paragraph after it → one <figure> that never splits across pages.
  body = body.replace(
    /<p>\u0000CHART:([a-z0-9-]+)\u0000([^\u0000]*)\u0000<\/p>\n(?:<p>(<em>Figure[\s\S]*?)<\/p>\n)?/g,
    (_all, name: string, alt: string, caption: string | undefined) => {
      const svg = responsiveSvg(sanitizeSvg(svgs.get(name) ?? ''));
      const label = escapeHtml(decodeURIComponent(alt));
      return `<figure class="chart" role="img" aria-label="${label}">\n${svg}\n${caption ? `<figcaption>${caption}</figcaption>\n` : ''}</figure>\n`;
    },
  );
  // A chart inside other text (user template): inline it without a figure.
  body = body.replace(/\u0000CHART:([a-z0-9-]+)\u0000[^\u0000]*\u0000/g, (_all, name: string) =>
    responsiveSvg(sanitizeSvg(svgs.get(name) ?? '')),
  );
  const css = opts.css ?? REPORT_CSS;
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // No network: the page may load nothing but itself (data: for inline images only).
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:">`,
    `<title>${escapeHtml(opts.title)}</title>`,
    `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`,
    '</head>',
    '<body>',
    body.trimEnd(),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
