/**
 * The scope of a report table's run: what the row leaves open is filled from the headings in
 * scope (nearest first), the figures under the table, then the document's facts; presets are
 * joined by name. Every value filled says where it came from in provenance.
 */
import type { Diagnostic } from '../../model/diagnostics';
import type { RunRecord } from '../../model/records';
import { namesOtherServer } from '../context/other-servers';
import { classifyColumn, setContextField } from '../csv/columns';
import { engineOfHeading } from '../scope/labels';
import { applyLoadLevel, captionLoadLevel, proseCaptions } from '../tables/generic-context';
import type { DocFacts } from './facts';
import { figureFacts, headingFacts } from './heading-context';
import { findModelMentions, modelInFileName, resolveModel } from './model-names';
import type { ScannedTable } from './scan';

export interface TableContext {
  file: string;
  facts: DocFacts;
  diagnostics: Diagnostic[];
  unknownPresets: Set<string>;
  /** Per table run, how far each metric may be from a rounded copy of it (text-runs.ts). */
  tolerances?: Map<RunRecord, Map<string, number>>;
  /** The report's prose lines: the sentence right above a table states its load (tables/generic-context.ts). */
  prose?: ReadonlyArray<{ line: number; text: string }>;
}

/** The one model the sentence right above a pipe table names (`` `llama-bench`, Qwen3.5-4B `Q4_K_M`, `-ngl 99`: ``). */
function captionModel(t: ScannedTable, ctx: TableContext): { model: string; text: string; where: string } | undefined {
  if (!ctx.prose || t.kind !== 'pipe-table') return undefined;
  const [nearest] = proseCaptions(ctx.prose, t.line);
  if (!nearest) return undefined;
  const models = [...new Set(findModelMentions(nearest.text))];
  return models.length === 1 && models[0] ? { model: models[0], text: nearest.text, where: nearest.where } : undefined;
}

/**
 * Whether the run names its own engine: an engine cell in its row (`Engine: Ollama`), or a label
 * (its column's header, its row's first cell) naming an engine (`TRT-LLM`, read from the label
 * by document-context.ts) or a server benchbook has no Engine for (`Ollama`). Its engine is then
 * its own to say, never a heading's or the report's.
 */
export function namesOwnEngine(run: RunRecord, label?: string): boolean {
  if (label !== undefined && (namesOtherServer(label) || engineOfHeading(label) !== undefined)) return true;
  for (const [header, cell] of Object.entries(run.raw)) {
    if (String(cell).trim() === '') continue;
    const meaning = classifyColumn(header);
    if (meaning.kind === 'context' && meaning.field === 'engine') return true;
  }
  return false;
}

/** A table run's label: its column's header, or its row's first cell (the first cell kept in `raw`). */
function tableRunLabel(run: RunRecord): string | undefined {
  return run.source.row === undefined ? run.labels.at(-1) : Object.values(run.raw)[0];
}

/** Fills what the row left open from the headings in scope, the figures under the table, the document. */
export function applyScope(run: RunRecord, t: ScannedTable, ctx: TableContext, notes: Set<string>): void {
  const ids = ctx.facts.modelIds.map((m) => m.id);
  const where = (h: { text: string; line: number }): string => `heading '${h.text}' at line ${h.line}`;
  const figures = t.figures.map((f) => ({ ...figureFacts(f.src), line: f.line }));
  const agreed = <K extends 'contextLength' | 'maxTokens'>(key: K): { value: number; file: string; line: number } | undefined => {
    const values = figures.filter((f) => f[key] !== undefined);
    if (values.length === 0) return undefined;
    const first = values[0] as (typeof values)[number];
    if (values.some((f) => f[key] !== first[key])) return undefined; // figures disagree: use none
    return { value: first[key] as number, file: first.file, line: first.line };
  };

  // Nearest heading first.
  const headings = [...t.headings].reverse().map((h) => ({ h, f: headingFacts(h.text, findModelMentions) }));

  // A model cell with a short name ("Llama-3B") resolves like a heading's.
  if (run.model !== undefined && run.server?.model_path === undefined && ids.length > 0) {
    const r = resolveModel(run.model, ids);
    if (r.kind === 'resolved') {
      const cell = run.model;
      setContextField(run, 'model', r.id);
      const listed = ctx.facts.modelIds.find((m) => m.id === r.id);
      run.provenance.model = `table cell '${cell}' resolved to ${r.id}${listed ? ` (model list at line ${listed.line})` : ''}`;
      run.provenance['server.model_path'] = run.provenance.model;
    }
  }
  if (run.model === undefined) {
    const hit = headings.find((x) => x.f.modelMention !== undefined);
    if (hit?.f.modelMention) {
      const mention = hit.f.modelMention;
      const r = resolveModel(mention, ids);
      if (r.kind === 'resolved') {
        setContextField(run, 'model', r.id);
        const listed = ctx.facts.modelIds.find((m) => m.id === r.id);
        run.provenance.model = `${where(hit.h)}: '${mention}' resolved to ${r.id}${listed ? ` (model list at line ${listed.line})` : ''}`;
        if (run.server?.model_path !== undefined) run.provenance['server.model_path'] = run.provenance.model;
      } else {
        setContextField(run, 'model', mention, `${where(hit.h)} (not in the report's model list)`);
        if (r.kind === 'ambiguous' && !notes.has('ambiguous')) {
          notes.add('ambiguous');
          ctx.diagnostics.push({
            severity: 'warning',
            code: 'conflicting-context',
            message: `model '${mention}' matches several listed models (${r.candidates.join(', ')}): kept as written`,
            file: ctx.file,
            line: hit.h.line,
          });
        }
      }
    } else {
      const fromFigure = figures.map((f) => ({ f, id: modelInFileName(f.file, ids) })).filter((x) => x.id !== undefined);
      const distinct = new Set(fromFigure.map((x) => x.id));
      const first = fromFigure[0];
      const caption = first?.id && distinct.size === 1 ? undefined : captionModel(t, ctx);
      if (first?.id && distinct.size === 1) {
        setContextField(run, 'model', first.id, `figure file name '${first.f.file}' at line ${first.f.line} (no model in the headings)`);
        if (run.server?.model_path !== undefined) run.provenance['server.model_path'] = run.provenance.model ?? '';
      } else if (caption) {
        setContextField(run, 'model', caption.model, `the sentence above the table names it ('${caption.text}', ${caption.where})`);
      } else if (!notes.has('no-model')) {
        notes.add('no-model');
        ctx.diagnostics.push({
          severity: 'info',
          code: 'context-missing',
          message: `no model named in the headings above the table at line ${t.line}: model left absent`,
          file: ctx.file,
          line: t.line,
        });
      }
    }
  }

  if (run.server?.context_length === undefined) {
    const hit = headings.find((x) => x.f.contextLength !== undefined);
    const fig = agreed('contextLength');
    if (hit?.f.contextLength !== undefined) {
      const k = hit.f.contextK;
      if (k !== undefined && fig && (fig.value === Math.round(k * 1000) || fig.value === Math.round(k * 1024))) {
        setContextField(
          run,
          'server.context_length',
          String(fig.value),
          `${where(hit.h)} says '${hit.f.contextText}'; k read as ${fig.value} from figure file name '${fig.file}' at line ${fig.line}`,
        );
      } else if (k !== undefined) {
        setContextField(
          run,
          'server.context_length',
          String(hit.f.contextLength),
          `${where(hit.h)} says '${hit.f.contextText}'; k read as 1000`,
        );
      } else setContextField(run, 'server.context_length', String(hit.f.contextLength), `${where(hit.h)} ('${hit.f.contextText}')`);
    } else if (fig) setContextField(run, 'server.context_length', String(fig.value), `figure file name '${fig.file}' at line ${fig.line}`);
  }

  if (run.client?.concurrency === undefined) {
    const hit = headings.find((x) => x.f.concurrency !== undefined);
    if (hit?.f.concurrency !== undefined)
      setContextField(run, 'client.concurrency', String(hit.f.concurrency), `${where(hit.h)} ('${hit.f.concurrencyText}')`);
  }
  const level = ctx.prose && t.kind === 'pipe-table' ? captionLoadLevel(proseCaptions(ctx.prose, t.line)) : undefined;
  if (level) applyLoadLevel(run, level, level.provenance);
  if (run.client?.total_requests === undefined) {
    const hit = headings.find((x) => x.f.totalRequests !== undefined);
    if (hit?.f.totalRequests !== undefined)
      setContextField(run, 'client.total_requests', String(hit.f.totalRequests), `${where(hit.h)} ('${hit.f.totalRequestsText}')`);
  }
  if (run.client?.max_tokens === undefined) {
    const hit = headings.find((x) => x.f.maxTokens !== undefined);
    const fig = agreed('maxTokens');
    if (hit?.f.maxTokens !== undefined) setContextField(run, 'client.max_tokens', String(hit.f.maxTokens), where(hit.h));
    else if (fig) setContextField(run, 'client.max_tokens', String(fig.value), `figure file name '${fig.file}' at line ${fig.line}`);
    else if (ctx.facts.maxTokens)
      setContextField(run, 'client.max_tokens', String(ctx.facts.maxTokens.value), `report text at line ${ctx.facts.maxTokens.line}`);
  }
  if (run.engine === undefined && !namesOwnEngine(run, tableRunLabel(run))) {
    const hit = headings.find((x) => x.f.engine !== undefined);
    if (hit?.f.engine) setContextField(run, 'engine', hit.f.engine, where(hit.h));
    else if (ctx.facts.engine)
      setContextField(run, 'engine', ctx.facts.engine.value, `report text at line ${ctx.facts.engine.line}: '…${ctx.facts.engine.text}…'`);
  }
  if (run.api === undefined && ctx.facts.api)
    setContextField(run, 'api', ctx.facts.api.value, `report text at line ${ctx.facts.api.line} names the ${ctx.facts.api.text} endpoint`);
  if (run.parallelism?.strategy === undefined) {
    const hit = headings.find((x) => x.f.strategy !== undefined);
    if (hit?.f.strategy) setContextField(run, 'parallelism.strategy', hit.f.strategy, where(hit.h));
  }
  if (run.client?.temperature === undefined && ctx.facts.temperature) {
    setContextField(run, 'client.temperature', String(ctx.facts.temperature.value), `report text at line ${ctx.facts.temperature.line}`);
  }

  // Presets joined by name (case-insensitive).
  const presetName = run.hardware?.preset;
  if (presetName !== undefined && ctx.facts.presets.size > 0) {
    const p = ctx.facts.presets.get(presetName.toLowerCase());
    if (!p) {
      if (!ctx.unknownPresets.has(presetName.toLowerCase())) {
        ctx.unknownPresets.add(presetName.toLowerCase());
        ctx.diagnostics.push({
          severity: 'warning',
          code: 'context-missing',
          message: `preset '${presetName}' is not in the presets table at line ${ctx.facts.presetLine}: its hardware is left absent`,
          file: ctx.file,
          line: t.line,
        });
      }
    } else {
      const from = `presets table at line ${p.line} (row '${p.name}')`;
      const hw = run.hardware ?? (run.hardware = {});
      let joined = false;
      for (const key of ['gpu', 'gpu_count', 'vcpus', 'memory_gb', 'vram_gb'] as const) {
        const value = p[key];
        if (value === undefined || hw[key] !== undefined) continue;
        (hw as Record<typeof key, string | number>)[key] = value;
        joined = true;
      }
      if (joined) run.provenance.hardware = from;
      if (p.gpu_count !== undefined && run.parallelism?.gpus === undefined && ctx.facts.tpIsPresetGpus) {
        const par = run.parallelism ?? (run.parallelism = {});
        par.gpus = p.gpu_count;
        run.provenance['parallelism.gpus'] =
          `GPU Count of '${p.name}' in the ${from.replace(/ \(row.*$/, '')}; the report says (line ${ctx.facts.tpIsPresetGpus.line}) each server used all GPUs of its preset (tensor-parallel-size = number of GPUs)`;
      }
    }
  }
}
