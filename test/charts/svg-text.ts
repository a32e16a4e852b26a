/**
 * Where the text of a vega SVG lands: every `<text>` (and its `<tspan>` lines) with its
 * absolute box, from the nested `transform`s (translate / rotate) and the estimated width of
 * each line in the chart font (src/charts/text-width.ts, checked against Chromium's own
 * measurement in text-width.test.ts). Used to assert that no text is cut or runs off a figure.
 */
import { textWidth } from '../../src/charts/text-width';

type Matrix = [number, number, number, number, number, number]; // a b c d e f (SVG order)

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** `translate(x,y) rotate(a) translate(…)` → matrix. */
export function parseTransform(t: string | undefined): Matrix {
  let m = IDENTITY;
  if (!t) return m;
  for (const [, op, args] of t.matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const v = (args ?? '')
      .split(/[\s,]+/)
      .filter((x) => x !== '')
      .map(Number);
    if (op === 'translate') m = multiply(m, [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0]);
    else if (op === 'rotate') {
      const r = ((v[0] ?? 0) * Math.PI) / 180;
      const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
      m = multiply(m, [1, 0, 0, 1, cx, cy]);
      m = multiply(m, [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]);
      m = multiply(m, [1, 0, 0, 1, -cx, -cy]);
    } else if (op === 'scale') m = multiply(m, [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0]);
    else throw new Error(`unsupported transform ${op}`);
  }
  return m;
}

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(attrs);
  return m?.[1];
}

function decode(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_a, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_a, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export interface SvgTextLine {
  text: string;
  /** Absolute box of the line (px, SVG user space). */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

export interface SvgTextReport {
  width: number;
  height: number;
  lines: SvgTextLine[];
}

/** Every line of text of a vega SVG with its absolute box. */
export function svgTextLines(svg: string): SvgTextReport {
  const root = /<svg\b([^>]*)>/.exec(svg);
  const width = Number(attr(root?.[1] ?? '', 'width'));
  const height = Number(attr(root?.[1] ?? '', 'height'));
  const stack: Matrix[] = [IDENTITY];
  const lines: SvgTextLine[] = [];
  let text:
    | { m: Matrix; anchor: string; size: number; bold: boolean; parts: Array<{ text: string; dy: number }>; hidden?: boolean }
    | undefined;
  let inTspan = false;
  for (const tok of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>|([^<]+)/g)) {
    const [, close, tag, attrs = '', selfClose, content] = tok;
    if (content !== undefined) {
      if (text && content.trim() !== '') {
        const last = text.parts[text.parts.length - 1];
        if (inTspan && last) last.text += decode(content);
        else text.parts.push({ text: decode(content), dy: 0 });
      }
      continue;
    }
    const top = stack[stack.length - 1] as Matrix;
    if (tag === 'g') {
      if (close) stack.pop();
      else if (!selfClose) stack.push(multiply(top, parseTransform(attr(attrs, 'transform'))));
    } else if (tag === 'text' && !close && attr(attrs, 'opacity') === '0') {
      // Hidden by vega (an axis label dropped for overlapping its neighbour): not drawn.
      text = { m: IDENTITY, anchor: 'start', size: 0, bold: false, parts: [], hidden: true };
    } else if (tag === 'text' && !close) {
      text = {
        m: multiply(top, parseTransform(attr(attrs, 'transform'))),
        anchor: attr(attrs, 'text-anchor') ?? 'start',
        size: Number.parseFloat(attr(attrs, 'font-size') ?? '11'),
        bold: /bold|[6-9]00/.test(attr(attrs, 'font-weight') ?? ''),
        parts: [],
      };
    } else if (tag === 'tspan' && text) {
      inTspan = !close;
      if (!close) text.parts.push({ text: '', dy: Number.parseFloat(attr(attrs, 'dy') ?? '0') || 0 });
    } else if (tag === 'text' && close && text) {
      if (text.hidden) {
        text = undefined;
        continue;
      }
      let y = 0;
      for (const p of text.parts) {
        y += p.dy;
        const w = textWidth(p.text.trim(), text.size, text.bold);
        const x0 = text.anchor === 'middle' ? -w / 2 : text.anchor === 'end' ? -w : 0;
        const corners = [
          [x0, y - 0.8 * text.size],
          [x0 + w, y - 0.8 * text.size],
          [x0, y + 0.25 * text.size],
          [x0 + w, y + 0.25 * text.size],
        ].map(([px, py]) => {
          const m = text?.m as Matrix;
          return [m[0] * (px as number) + m[2] * (py as number) + m[4], m[1] * (px as number) + m[3] * (py as number) + m[5]];
        });
        lines.push({
          text: p.text,
          x0: Math.min(...corners.map((c) => c[0] as number)),
          x1: Math.max(...corners.map((c) => c[0] as number)),
          y0: Math.min(...corners.map((c) => c[1] as number)),
          y1: Math.max(...corners.map((c) => c[1] as number)),
        });
      }
      text = undefined;
    }
  }
  return { width, height, lines };
}

/** Problems with a figure's text: cut lines (ending in "…") and lines past the SVG's edges. */
export function textProblems(svg: string, tolerance = 1): string[] {
  const { width, height, lines } = svgTextLines(svg);
  const out: string[] = [];
  for (const l of lines) {
    if (/…\s*$/.test(l.text)) out.push(`cut: "${l.text}"`);
    if (l.x0 < -tolerance || l.x1 > width + tolerance)
      out.push(`runs past the width (${width} px): "${l.text}" spans x ${l.x0.toFixed(1)}..${l.x1.toFixed(1)}`);
    if (l.y0 < -tolerance || l.y1 > height + tolerance)
      out.push(`runs past the height (${height} px): "${l.text}" spans y ${l.y0.toFixed(1)}..${l.y1.toFixed(1)}`);
  }
  return out;
}
