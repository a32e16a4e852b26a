/**
 * Handlebars → Markdown. `renderReport` is pure: the same input gives the same bytes (no
 * wall-clock date unless `generatedAt` is given). Templates run on a PRIVATE Handlebars
 * instance with `noEscape` (HTML escaping is wrong for Markdown): the view model from
 * report-view.ts is already Markdown-escaped, so templates only lay it out.
 */
import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { Diagnostic } from '../model/diagnostics';
import { usageError } from '../model/diagnostics';
import { reportHelpers } from './helpers';
import { DEFAULT_SECTIONS } from './report-config';
import type { ReportInput } from './report-view';
import { buildReportView } from './report-view';

/** The main template and the partials by name. */
export interface TemplateSet {
  main: string;
  partials: Record<string, string>;
}

/** `templates/` of the package (works from src/ under tsx and from dist/). */
export const BUILTIN_TEMPLATE_DIR = path.resolve(__dirname, '..', '..', 'templates');

function readPartials(dir: string): Record<string, string> {
  const partials: Record<string, string> = {};
  if (!fs.existsSync(dir)) return partials;
  for (const f of fs.readdirSync(dir).sort()) {
    const m = /^([A-Za-z0-9_-]+)\.hbs$/.exec(f);
    if (m?.[1])
      Object.defineProperty(partials, m[1], {
        value: fs.readFileSync(path.join(dir, f), 'utf8'),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return partials;
}

let builtin: TemplateSet | undefined;

/** The built-in templates (read once from the package's `templates/`). */
export function builtinTemplates(): TemplateSet {
  if (!builtin) {
    builtin = {
      main: fs.readFileSync(path.join(BUILTIN_TEMPLATE_DIR, 'report.md.hbs'), 'utf8'),
      partials: readPartials(path.join(BUILTIN_TEMPLATE_DIR, 'partials')),
    };
  }
  return builtin;
}

/**
 * A user template: a `.hbs` file (replaces the main template), or a directory with an
 * optional `report.md.hbs` and `partials/*.hbs`. Partials override the built-in ones by
 * name; anything not given falls back to the built-in templates.
 */
export function loadTemplates(template?: string): TemplateSet {
  const base = builtinTemplates();
  if (!template) return base;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(template);
  } catch {
    throw usageError(`template not found: ${template}`);
  }
  if (stat.isFile()) return { main: fs.readFileSync(template, 'utf8'), partials: { ...base.partials } };
  const mainFile = path.join(template, 'report.md.hbs');
  const partials = { ...base.partials };
  for (const [k, v] of Object.entries(readPartials(path.join(template, 'partials'))))
    Object.defineProperty(partials, k, { value: v, enumerable: true, writable: true, configurable: true });
  return { main: fs.existsSync(mainFile) ? fs.readFileSync(mainFile, 'utf8') : base.main, partials };
}

/** Blank-line hygiene so templates may be written loosely: no trailing spaces, at most one blank line, one final newline. */
export function tidyMarkdown(md: string): string {
  return `${md
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .replace(/\n*$/, '')}\n`;
}

export interface RenderReportOptions {
  templates?: TemplateSet;
}

export function renderReport(input: ReportInput, opts: RenderReportOptions = {}): { markdown: string; diagnostics: Diagnostic[] } {
  const templates = opts.templates ?? builtinTemplates();
  const diagnostics: Diagnostic[] = [];
  const hb = Handlebars.create();
  const helpers = reportHelpers();
  for (const [name, fn] of Object.entries(helpers)) hb.registerHelper(name, fn);
  // Dynamic partial lookup by section name: {{> (id this) @root}}.
  hb.registerHelper('id', (x: unknown) => (typeof x === 'string' ? x : ''));
  for (const [name, text] of Object.entries(templates.partials)) hb.registerPartial(name, text);

  const wanted = input.config.sections ?? [...DEFAULT_SECTIONS];
  const sections: string[] = [];
  for (const s of wanted) {
    if (s !== 'table' && Object.hasOwn(templates.partials, s)) sections.push(s);
    else if (input.config.sections)
      diagnostics.push({
        severity: 'warning',
        code: 'usage',
        message: `report section "${s}" has no partial (templates/partials/${s}.hbs); skipped`,
      });
  }
  const view = buildReportView(input, sections);
  let template: HandlebarsTemplateDelegate;
  try {
    template = hb.compile(templates.main, { noEscape: true, preventIndent: true, knownHelpersOnly: false });
  } catch (err) {
    throw usageError(`template does not compile: ${(err as Error).message}`);
  }
  let out: string;
  try {
    out = template(view, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
  } catch (err) {
    throw usageError(`template failed: ${(err as Error).message}`);
  }
  return { markdown: tidyMarkdown(out), diagnostics };
}
