/**
 * The report config file (`--config report.yaml|json`):
 * `{sections?: string[], where?: {key: value}, comparisons?: kinds[], charts?: boolean, slo?: string[]}`.
 * Read leniently: unknown keys and bad values give diagnostics, never a crash.
 */

import type { ComparisonKind, GroupKey } from '../analyze/types';
import { GROUP_KEYS } from '../analyze/types';
import type { Diagnostic } from '../model/diagnostics';
import { setOwn } from '../model/safe-keys';

export interface ReportConfig {
  /** Partials to include, in order (default: DEFAULT_SECTIONS). */
  sections?: string[];
  /** Keep only runs / configurations / comparisons whose group keys have these values. */
  where?: Partial<Record<GroupKey, string | number>>;
  /** Comparison kinds to show (default: all). */
  comparisons?: ComparisonKind[];
  /** Draw charts (default true). */
  charts?: boolean;
  /**
   * Service-level targets (`latency_p99_s<=3`, as `--slo` takes them): the report gets a
   * Capacity section. `--slo` on the command line wins.
   */
  slo?: string[];
}

/**
 * The built-in sections, in report order; each is `templates/partials/<name>.hbs`. Answers
 * first; then, as the answers rank them, `history` (changes over dates or versions, when the
 * inputs hold such series) and `capacity` (with `--slo` targets); `load` (time series over a
 * load test) where a reader of the answers looks next. A
 * default section whose partial is absent is skipped without a warning (one the user lists is
 * warned about).
 */
export const DEFAULT_SECTIONS = [
  'answers',
  'history',
  'capacity',
  'claims',
  'load',
  'results',
  'other',
  'charts',
  'consistency',
  'environment',
  'methodology',
  'appendix',
] as const;

const KINDS: readonly ComparisonKind[] = ['scaling', 'parallelism', 'engine', 'mode', 'custom'];

/** Validates a parsed config value (from YAML or JSON). */
export function readReportConfig(value: unknown, file = 'report config'): { config: ReportConfig; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const warn = (message: string): void => {
    diagnostics.push({ severity: 'warning', code: 'usage', message, file });
  };
  const config: ReportConfig = {};
  if (value === undefined || value === null) return { config, diagnostics };
  if (typeof value !== 'object' || Array.isArray(value)) {
    warn('report config must be a mapping; ignored');
    return { config, diagnostics };
  }
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    if (!['sections', 'where', 'comparisons', 'charts', 'slo'].includes(key)) warn(`unknown report config key "${key}" ignored`);
  }
  if (v.sections !== undefined) {
    if (Array.isArray(v.sections) && v.sections.every((s) => typeof s === 'string')) config.sections = v.sections as string[];
    else warn('"sections" must be a list of partial names; ignored');
  }
  if (v.where !== undefined) {
    if (v.where && typeof v.where === 'object' && !Array.isArray(v.where)) {
      const where: Record<string, string | number> = {};
      for (const [k, val] of Object.entries(v.where as Record<string, unknown>)) {
        if (!(GROUP_KEYS as readonly string[]).includes(k))
          warn(`"where" key "${k}" is not a group key (${GROUP_KEYS.join(', ')}); ignored`);
        else if (typeof val === 'string' || typeof val === 'number') setOwn(where, k, val);
        else warn(`"where.${k}" must be a string or number; ignored`);
      }
      config.where = where;
    } else warn('"where" must be a mapping; ignored');
  }
  if (v.comparisons !== undefined) {
    if (Array.isArray(v.comparisons)) {
      config.comparisons = v.comparisons.filter((k): k is ComparisonKind => {
        const ok = typeof k === 'string' && (KINDS as readonly string[]).includes(k);
        if (!ok) warn(`unknown comparison kind ${JSON.stringify(k)} ignored (${KINDS.join(', ')})`);
        return ok;
      });
    } else warn('"comparisons" must be a list; ignored');
  }
  if (v.charts !== undefined) {
    if (typeof v.charts === 'boolean') config.charts = v.charts;
    else warn('"charts" must be true or false; ignored');
  }
  if (v.slo !== undefined) {
    // One target, or a list; each checked against the metric names when the report is built.
    const list = typeof v.slo === 'string' ? [v.slo] : v.slo;
    if (Array.isArray(list) && list.every((x) => typeof x === 'string')) config.slo = list as string[];
    else warn('"slo" must be a target such as "latency_p99_s<=3", or a list of them; ignored');
  }
  return { config, diagnostics };
}

/** Parses report config text: JSON when it looks like JSON, else YAML (a superset). */
export function parseReportConfig(text: string, file = 'report config'): { config: ReportConfig; diagnostics: Diagnostic[] } {
  let value: unknown;
  try {
    // required on first use: only a YAML config needs the parser
    const YAML = require('yaml') as typeof import('yaml');
    value = YAML.parse(text, { maxAliasCount: 100 });
  } catch (err) {
    return {
      config: {},
      diagnostics: [{ severity: 'error', code: 'usage', message: `cannot read report config: ${(err as Error).message}`, file }],
    };
  }
  return readReportConfig(value, file);
}
