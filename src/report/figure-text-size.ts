/**
 * The size chart text has in the PDF (issue 29: no chart text below 7 pt). A chart is inlined
 * as SVG in a <figure>; the stylesheet gives it the text width (at most maxUpscale × its own
 * width) and at most maxHeightMm of height, keeping its aspect ratio. Its text is drawn at the
 * SVG's font sizes (px) times that scale, and a CSS px is 0.75 pt in print.
 */
import { FIGURE_LAYOUT } from './markdown-to-html';

const CSS_PX_PER_MM = 96 / 25.4;
const PT_PER_CSS_PX = 0.75;

export interface FigureTextSize {
  /** The figure's aria-label start (its caption) or its position, to name it in messages. */
  figure: string;
  /** SVG width and height (its own px). */
  width: number;
  height: number;
  /** Laid-out size over the SVG's own size. */
  scale: number;
  /** Smallest font size in the SVG (px) and as printed (pt). */
  minFontPx: number;
  minPt: number;
}

/** Scale at which the stylesheet lays out an SVG of `width` × `height` px. */
export function placedScale(width: number, height: number): number {
  const maxWidth = FIGURE_LAYOUT.textWidthMm * CSS_PX_PER_MM;
  const maxHeight = FIGURE_LAYOUT.maxHeightMm * CSS_PX_PER_MM;
  const byWidth = Math.min(maxWidth, width * FIGURE_LAYOUT.maxUpscale) / width;
  return Math.min(byWidth, maxHeight / height);
}

/** Every chart figure of a report's HTML with its smallest printed text size. */
export function figureTextSizes(html: string): FigureTextSize[] {
  const out: FigureTextSize[] = [];
  for (const [i, m] of [...html.matchAll(/<figure class="chart"[\s\S]*?<\/figure>/g)].entries()) {
    const fig = m[0];
    const svg = /<svg\b[^>]*>/.exec(fig)?.[0] ?? '';
    const box = /viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"/.exec(svg);
    if (!box) continue;
    const width = Number(box[1]);
    const height = Number(box[2]);
    const sizes = [...fig.matchAll(/font-size(?:="|:\s*)([\d.]+)px/g)].map((s) => Number(s[1]));
    if (sizes.length === 0) continue;
    const scale = placedScale(width, height);
    const minFontPx = Math.min(...sizes);
    const label = /aria-label="([^"]{0,80})/.exec(fig)?.[1] ?? `figure ${i + 1}`;
    out.push({ figure: label, width, height, scale, minFontPx, minPt: minFontPx * scale * PT_PER_CSS_PX });
  }
  return out;
}
