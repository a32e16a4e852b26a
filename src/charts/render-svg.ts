/**
 * Vega-Lite spec → Vega spec → SVG, headless (`renderer: 'none'`). vega and vega-lite are
 * loaded on first use only, so `benchbook parse` never pays for them.
 *
 * Vega numbers clip paths and gradients with process-wide counters (`clip1`, `gradient_0` …),
 * so the same spec rendered twice would differ. `renderSvg` renames every id after a hash of
 * the spec plus its order of appearance: the same spec gives the same bytes, and two different
 * charts inlined in one HTML page do not share ids.
 */
import { createHash } from 'node:crypto';
import { vegaTextWidth } from './text-width';
import type { VegaLiteSpec } from './types';

export interface CompiledSpec {
  /** The Vega spec. */
  vega: Record<string, unknown>;
  /** Warnings vega-lite logged while compiling (tests require none). */
  warnings: string[];
}

type VegaLiteModule = typeof import('vega-lite');
type VegaModule = typeof import('vega');

let vegaLiteModule: VegaLiteModule | undefined;
let vegaModule: VegaModule | undefined;

function loadVegaLite(): VegaLiteModule {
  // required on first use: parse and compare never draw
  vegaLiteModule ??= require('vega-lite') as VegaLiteModule;
  return vegaLiteModule;
}

/**
 * vega, with our text widths installed: without a canvas vega guesses 0.8 em per character,
 * which cuts Latin labels early and lets CJK and emoji run off the figure (see text-width.ts).
 * `textMetrics` is vega's own hook for this (vl-convert sets it the same way); it is
 * process-wide, so every vega view in this process then measures text our way.
 */
function loadVega(): VegaModule {
  if (!vegaModule) {
    const vega = require('vega') as VegaModule;
    (vega as unknown as { textMetrics: { width: unknown } }).textMetrics.width = vegaTextWidth;
    vegaModule = vega;
  }
  return vegaModule;
}

/**
 * A vega / vega-lite logger that collects warnings and errors into `warnings` instead of
 * printing them (`prefix` tells compile-time from runtime ones).
 */
function collectingLogger(warnings: string[], prefix: string) {
  const text = (args: unknown[]): string =>
    args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : JSON.stringify(a))).join(' ');
  const lead = prefix ? `${prefix}: ` : '';
  const errorLead = prefix ? `${prefix} error: ` : 'error: ';
  const logger = {
    level(): number {
      return 2;
    },
    warn(...args: unknown[]) {
      warnings.push(lead + text(args));
      return logger;
    },
    info() {
      return logger;
    },
    debug() {
      return logger;
    },
    error(...args: unknown[]) {
      warnings.push(errorLead + text(args));
      return logger;
    },
  };
  return logger;
}

/** Compiles a Vega-Lite spec to Vega, collecting vega-lite's warnings instead of printing them. */
export function compileSpec(spec: VegaLiteSpec): CompiledSpec {
  const vl = loadVegaLite();
  const warnings: string[] = [];
  const logger = collectingLogger(warnings, '');
  const out = vl.compile(spec as unknown as Parameters<VegaLiteModule['compile']>[0], {
    logger: logger as unknown as NonNullable<Parameters<VegaLiteModule['compile']>[1]>['logger'],
  });
  return { vega: out.spec as unknown as Record<string, unknown>, warnings };
}

/** Stable id prefix of a spec: its content hash, so equal specs agree and different ones do not. */
export function specIdPrefix(spec: VegaLiteSpec): string {
  return `bb${createHash('sha256').update(JSON.stringify(spec)).digest('hex').slice(0, 8)}`;
}

/**
 * Renames every `id="…"` of an SVG to `<prefix>-<n>` in order of appearance and rewrites the
 * references to it (`url(#…)`, `href="#…"`).
 */
export function renumberSvgIds(svg: string, prefix: string): string {
  const map = new Map<string, string>();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g)) {
    const id = m[1] as string;
    if (!map.has(id)) map.set(id, `${prefix}-${map.size + 1}`);
  }
  if (map.size === 0) return svg;
  return svg
    .replace(/(\sid=")([^"]+)(")/g, (all, a: string, id: string, b: string) => (map.has(id) ? `${a}${map.get(id)}${b}` : all))
    .replace(/url\(#([^)]+)\)/g, (all, id: string) => (map.has(id) ? `url(#${map.get(id)})` : all))
    .replace(/(href=")#([^"]+)(")/g, (all, a: string, id: string, b: string) => (map.has(id) ? `${a}#${map.get(id)}${b}` : all));
}

export interface RenderOptions {
  /** Id prefix for clip paths and gradients. Default: a hash of the spec. */
  idPrefix?: string;
}

export interface RenderedChart {
  svg: string;
  /** Warnings from vega-lite's compiler and from the vega runtime (e.g. an infinite extent). */
  warnings: string[];
}

/** Renders a Vega-Lite spec to SVG and returns the warnings of both compile and run. */
export async function renderChart(spec: VegaLiteSpec, opts: RenderOptions = {}): Promise<RenderedChart> {
  const vega = loadVega();
  const { vega: vgSpec, warnings } = compileSpec(spec);
  const logger = collectingLogger(warnings, 'runtime');
  const view = new vega.View(vega.parse(vgSpec as unknown as Parameters<VegaModule['parse']>[0]), {
    renderer: 'none',
    logger: logger as unknown as NonNullable<ConstructorParameters<VegaModule['View']>[1]>['logger'],
  });
  try {
    const svg = await view.toSVG();
    return { svg: renumberSvgIds(svg, opts.idPrefix ?? specIdPrefix(spec)), warnings };
  } finally {
    view.finalize();
  }
}

/** Renders a Vega-Lite spec to an SVG string. Same spec → same bytes. */
export async function renderSvg(spec: VegaLiteSpec, opts: RenderOptions = {}): Promise<string> {
  return (await renderChart(spec, opts)).svg;
}
