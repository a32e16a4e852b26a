/**
 * The console-log scanner: the orchestrating reader of mixed terminal logs and Markdown notes.
 *
 * Stages, per line in document order:
 *  1. fences (```) are tracked (a `#` line inside one is not a heading);
 *  2. block readers are asked in order — stress-test tables, Python-dict responses,
 *     hand-written comparisons (`Key: A vs B`, `- Subject: 28 tok/s` lists), the BLOCK_READERS (nvidia-smi, bench result blocks, server stat lines, Prometheus, k6), then
 *     the generic tool tables — and the first that starts at the line reads its block;
 *  3. otherwise the line may be scope: a Markdown heading (outside fences), a launch
 *     command, `Test completed in …`, the stress script's shell line and preamble, a
 *     comment/banner/separator;
 *  4. each PartialRun a reader returns becomes a RunRecord with the scope applied
 *     (scope/resolve.ts), then goes through the one finishing step every format shares
 *     (finish.ts: path facts, user context, duplicate marks, closing notes).
 *
 * The scanner is fed in chunks (`feed`) so the streaming reader can keep memory bounded; the
 * whole-text path is one `feed(lines, 0, true)`. Nothing is read ahead of the chunk: a block
 * that might continue past the chunk's end is deferred to the next feed.
 */
import { detach } from '../model/detach';
import type { Diagnostic } from '../model/diagnostics';
import type { BenchRecord, EnvRecord, RunRecord, SampleRecord } from '../model/records';
import { isSpaceCode } from '../model/space-code';
import { BLOCK_READERS } from './blocks/index';
import { comparisonLinesReader, subjectLinesReader } from './comparison-lines';
import * as clientCommand from './context/client-command';
import { modelKey } from './context/model-mention';
import { CoverageCounter } from './coverage';
import type { DuplicateTracker } from './duplicates';
import { RecordFinisher } from './finish';
import { normalizeText } from './hygiene';
import { looksLikeLaunchCommand, parseLaunchCommand } from './launch-command';
import { isFence, mayBeHeading } from './line-shape';
import { isMarkdownText } from './markdown-report/markdown-text';
import { pythonDictReader } from './python-dict';
import { type HeldRun, ResidueCollector, unplacedNote } from './residue/collector';
import { commentedCommandAt } from './scope/commented-command';
import * as contextLines from './scope/context-lines';
import { classifyContextLine } from './scope/labels';
import { resolveRun } from './scope/resolve';
import { nameModel } from './scope/settings-scope';
import { addContextLine, currentSectionId, enterHeading, enterLaunch, newScopeState, type ScopeState } from './scope/state';
import { parsePreambleLine, parseScriptShellLine, parseTestCompleted, stressTestReader } from './stress-test';
import { genericTableReader } from './tables/generic-table';
import { toolTableReader } from './tables/tool-tables';
import type { BlockReader, BlockResult, ParseOptions, ParseResult } from './types';

/** The readers asked at each line, in order. */
export function consoleReaders(): readonly BlockReader[] {
  return [
    stressTestReader,
    pythonDictReader,
    comparisonLinesReader,
    subjectLinesReader,
    ...BLOCK_READERS,
    toolTableReader,
    genericTableReader,
  ];
}

/**
 * Diagnostics kept per code and file; the rest are counted and summarised at the end, so a
 * huge log with a repeated problem keeps bounded memory (and a readable report).
 */
export const MAX_DIAGNOSTICS_PER_CODE = 1000;

const SEVERITY_RANK = { info: 0, warning: 1, error: 2 } as const;

/** Lines kept back at a chunk's end so that a reader's look-ahead never sees a cut. */
const LOOKAHEAD = 64;

/** First characters of a comment or quote marker (`#`, `/`, `>`, `;`, `:`, `R`, `r`, `*`, a digit): commentedLine is asked. */
const MARKED_FIRST: ReadonlySet<number> = new Set([...'#/>;:Rr*0123456789'].map((c) => c.charCodeAt(0)));

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;

/** Index of the first character that is not whitespace (as `\s` and `trim` define it); the length when none. */
function textStartOf(line: string): number {
  let k = 0;
  while (k < line.length && isSpaceCode(line.charCodeAt(k))) k++;
  return k;
}

export interface ScannerOptions extends ParseOptions {
  /** Called with each record as soon as it is final; when given, records are not kept. */
  onRecord?: (record: BenchRecord) => void;
  /** Shared across files by parsePaths so duplicates are found across files too. */
  duplicates?: DuplicateTracker;
}

function shiftLine<T extends { line?: number }>(d: T, base: number): T {
  return d.line !== undefined && base !== 0 ? { ...d, line: d.line + base } : d;
}

/** Reader records carry chunk-relative lines: move them to file lines. */
function shiftRecord<T extends EnvRecord | SampleRecord>(r: T, file: string, base: number): T {
  if (base === 0) return r;
  const oldLine = r.source.line;
  const newLine = oldLine + base;
  const prefix = `${file}:${oldLine}`;
  let id = r.id;
  if (id === prefix || id.startsWith(`${prefix}:`)) id = `${file}:${newLine}${id.slice(prefix.length)}`;
  return { ...r, id, source: { ...r.source, line: newLine } };
}

// Local aliases: called per scope line; one property lookup at load instead of one per call.
const { clientToolAt } = clientCommand;
const { joinContinued, readContextLine } = contextLines;

const LINE_IN_TEXT = /\bline (\d+)\b/g;

/**
 * A reader's provenance says `… at line N` counting from its chunk (`result block at line 2`):
 * moved to file lines, as its records are, so that a streamed file says what the whole text says.
 */
function shiftProvenanceLines(provenance: Record<string, string>, base: number): Record<string, string> {
  if (base === 0) return provenance;
  for (const k in provenance) {
    const v = provenance[k];
    if (v !== undefined && v.indexOf('line ') >= 0) provenance[k] = v.replace(LINE_IN_TEXT, (_m, n: string) => `line ${Number(n) + base}`);
  }
  return provenance;
}

/** Whether a block read nothing from the one line it started at. */
function emptyAt(block: BlockResult, i: number): boolean {
  const nothing = block.runs.length + block.env.length + block.samples.length + block.diagnostics.length === 0;
  return nothing && block.next <= i + 1;
}

export class ConsoleScanner {
  readonly state: ScopeState = newScopeState();
  private readonly diagnostics: Diagnostic[] = [];
  private readonly readers = consoleReaders();
  /** The readers worth asking at a line, by the code of its first character (BlockReader.mayStartWith). */
  private readonly readersByFirst = new Map<number, readonly BlockReader[]>();
  private readonly finisher: RecordFinisher;
  private readonly coverage = new CoverageCounter();
  /** The general fallback: lines nothing took, read by shape at the end (residue/collector.ts). */
  private readonly residue: ResidueCollector;
  /**
   * The whole-text path holds the file's records until its end, so that the general fallback's
   * numbers can join the runs readers made (`held`, with their section); a streamed file hands
   * each record on at once, and its fallback numbers only form runs of their own.
   */
  private hold = false;
  private readonly heldRecords: BenchRecord[] = [];
  private readonly held: HeldRun[] = [];
  /** Per code: how many were seen, and the worst severity of those dropped. */
  private readonly codeCounts = new Map<string, { seen: number; dropped: number; worst?: Diagnostic['severity']; firstLine?: number }>();
  private checked = 0;
  /** Whether `#` lines are headings (markdown-text.ts), decided from the first chunk that holds one. */
  private markdown: boolean | undefined;

  constructor(private readonly opts: ScannerOptions) {
    this.finisher = new RecordFinisher(opts);
    this.residue = new ResidueCollector(opts.file);
    // Once per file: the path's date waits in the scope, where the log's own dates outrank it.
    const date = this.finisher.path.date;
    if (date) this.state.pathDate = date;
  }

  get file(): string {
    return this.opts.file;
  }

  private emit(r: BenchRecord): void {
    if (this.hold) this.heldRecords.push(r);
    else this.finisher.other(r);
  }

  /** Records are held until `finish` (the whole-text path: the file is in memory anyway). */
  holdRecords(): void {
    this.hold = true;
  }

  diagnose(d: Diagnostic): void {
    this.diagnostics.push(d);
  }

  /**
   * Drops diagnostics past MAX_DIAGNOSTICS_PER_CODE (in order, so both read paths agree) and
   * detaches the kept ones' messages from the chunk text they quote, so that no diagnostic
   * keeps a chunk alive past its feed. `force`: also when only a few are new.
   */
  private capDiagnostics(force: boolean): void {
    const all = this.diagnostics;
    if (!force && all.length - this.checked < 256) return;
    let kept = this.checked;
    for (let k = this.checked; k < all.length; k++) {
      const d = all[k];
      if (!d) continue;
      const c = this.codeCounts.get(d.code) ?? { seen: 0, dropped: 0 };
      c.seen++;
      if (c.seen <= MAX_DIAGNOSTICS_PER_CODE) {
        d.message = detach(d.message);
        all[kept++] = d;
      } else {
        c.dropped++;
        if (c.firstLine === undefined) c.firstLine = d.line;
        if (c.worst === undefined || SEVERITY_RANK[d.severity] > SEVERITY_RANK[c.worst]) c.worst = d.severity;
      }
      this.codeCounts.set(d.code, c);
    }
    all.length = kept;
    this.checked = kept;
  }

  /**
   * Scans `lines` (file lines `base`…) and returns how many were consumed. Unless `final`,
   * the last lines may be left for the next feed (prepend them to it).
   */
  feed(lines: readonly string[], base: number, final: boolean): number {
    const file = this.opts.file;
    const limit = final ? lines.length : Math.max(0, lines.length - LOOKAHEAD);
    let i = 0;
    while (i < limit) {
      this.capDiagnostics(false);
      const line = lines[i] ?? '';

      // A blank line (about half of the lines the scanner sees) is nothing: no reader starts at
      // one (each needs text: a title, a border, `{`, `#`, a metric name…), and it is neither a
      // fence, a heading nor a scope line. A new reader that can start at a blank line must
      // change this.
      const start = textStartOf(line);
      if (start === line.length) {
        this.coverage.endRegion();
        this.residue.blank();
        i++;
        continue;
      }

      if (isFence(line, start)) {
        this.endResidue();
        this.state.inFence = !this.state.inFence;
        this.coverage.endRegion();
        i++;
        continue;
      }
      // Readers first: a Prometheus `# HELP` line is a block, not a heading.
      const block = this.tryReaders(lines, i, file, line.charCodeAt(start));
      // A reader that starts at a line and finds nothing there (a tool's command with no output
      // after it) leaves the line to the scope: the command then states the settings of runs below.
      if (block && !emptyAt(block, i)) {
        if (!final && block.next >= lines.length) break; // the block may continue in the next chunk
        this.takeBlock(block, base, file);
        this.coverage.block(lines, i, block.next, block.runs.length, block.env.length + block.samples.length);
        i = Math.max(block.next, i + 1);
        continue;
      }

      const marked = this.markedLine(lines, i, base, final, start);
      if (marked === 0) break; // a commented command reaching the chunk's end
      if (marked > 0) {
        i += marked;
        continue;
      }

      const consumed = this.scopeLine(lines, i, base, final);
      if (consumed === 0) break; // a multi-line command reaching the chunk's end
      i += consumed;
    }
    this.capDiagnostics(true);
    return i;
  }

  /**
   * The readers that may start at a line whose first character has code `first`: most lines are
   * asked of a few readers rather than of all (the key/value and table readers stay asked).
   */
  private readersFor(first: number): readonly BlockReader[] {
    let list = this.readersByFirst.get(first);
    if (!list) {
      list = this.readers.filter((r) => r.mayStartWith?.(first) ?? true);
      this.readersByFirst.set(first, list);
    }
    return list;
  }

  /** Whether the first line with text from `j` on is a command (launch, client, commented) or a reader's block. */
  private headsSection(lines: readonly string[], j: number, final: boolean): boolean {
    while (j < lines.length && (lines[j] ?? '').trim() === '') j++;
    const line = lines[j];
    if (line === undefined) return false;
    if (looksLikeLaunchCommand(line) || clientToolAt(line) || commentedCommandAt(lines, j, final)) return true;
    return this.readersFor(line.charCodeAt(textStartOf(line))).some((r) => {
      try {
        return r.startsAt(lines, j);
      } catch {
        return false;
      }
    });
  }

  private tryReaders(lines: readonly string[], i: number, file: string, first: number): BlockResult | undefined {
    for (const reader of this.readersFor(first)) {
      let starts = false;
      try {
        starts = reader.startsAt(lines, i);
      } catch {
        starts = false;
      }
      if (!starts) continue;
      try {
        return reader.read(lines, i, file);
      } catch (err) {
        return {
          next: i + 1,
          runs: [],
          env: [],
          samples: [],
          diagnostics: [
            {
              severity: 'error',
              code: 'table-malformed',
              message: `${reader.name} reader failed: ${(err as Error).message}`,
              file,
              line: i + 1,
            },
          ],
        };
      }
    }
    return undefined;
  }

  /** A region of lines nothing took ends (before a block, heading, fence or launch command changes the scope). */
  private endResidue(): void {
    this.residue.end(currentSectionId(this.state), (p, diagnostics) => resolveRun(p, this.state, this.opts.file, diagnostics));
  }

  private takeBlock(block: BlockResult, base: number, file: string): void {
    this.endResidue();
    for (const d of block.diagnostics) this.diagnostics.push(shiftLine(d, base));
    for (const env of block.env) {
      const e = shiftRecord(env, file, base);
      // A Processes-only fragment (GPU indexes and processes, no GPU rows) does not describe the machine.
      const describesGpus = e.gpus.some((g) => g.name !== undefined || g.memory_total_mib !== undefined);
      if (describesGpus) this.state.env = { env: e, sectionId: currentSectionId(this.state) };
      this.emit(e);
    }
    for (const s of block.samples) {
      this.emit(shiftRecord(s, file, base));
    }
    for (const p of block.runs) {
      // A model a reader read with its run is one the text names: a second one ends inferring a model.
      if (p.model !== undefined) nameModel(this.state.settings, modelKey(p.model), () => {});
      const partial = { ...p, startLine: p.startLine + base, provenance: shiftProvenanceLines(p.provenance, base) };
      const run: RunRecord = this.finisher.run(resolveRun(partial, this.state, file, this.diagnostics), this.diagnostics);
      if (this.hold) {
        this.held.push({ run, section: currentSectionId(this.state) });
        this.heldRecords.push(run);
      } else this.finisher.emit(run);
    }
  }

  /** Scope lines; returns the number of lines consumed (0: wait for more input). */
  private scopeLine(lines: readonly string[], i: number, base: number, final: boolean): number {
    const line = lines[i] ?? '';
    const fileLine = base + i + 1;
    this.coverage.outsideBlocks(line, fileLine);

    if (looksLikeLaunchCommand(line)) {
      // Join `\` continuation lines, and flag lines indented below it (a YAML `command:` block).
      const joined = joinContinued(lines, i, final);
      if (joined === 'wait') return 0;
      if (this.launchLine(joined.text, fileLine)) return joined.end - i + 1;
    }
    const n = this.stressScriptLine(line, fileLine) ? 1 : this.contextLine(lines, i, fileLine, final);
    if (n > 0) this.coverage.endRegion();
    else if (n < 0) this.residue.add(line, fileLine, this.coverage.leftOver(line, fileLine));
    return Math.abs(n);
  }

  /**
   * A command behind a comment or quote marker (`# vllm serve … --tp 2`, `> $ vllm bench serve …`),
   * else a Markdown heading outside a fence. Returns the lines consumed, 0 to wait, -1 for neither.
   */
  private markedLine(lines: readonly string[], i: number, base: number, final: boolean, start: number): number {
    const line = lines[i] ?? '';
    if (MARKED_FIRST.has(line.charCodeAt(start))) {
      const marked = this.commentedLine(lines, i, base, final);
      if (marked >= 0) return marked;
    }
    if (this.state.inFence || !mayBeHeading(line, start)) return -1;
    const h = HEADING.exec(line);
    if (!h?.[1] || h[2] === undefined || h[2] === '') return -1;
    // Outside Markdown a `# …` line is a shell or Python comment, read as any scope line, unless it
    // heads a command or results (`# pp=4, same client` over a result block): then it is a section.
    this.markdown ??= isMarkdownText(this.opts.file, lines);
    if (!this.markdown && !this.headsSection(lines, i + 1, final)) return -1;
    this.endResidue();
    enterHeading(this.state, h[1].length, h[2], base + i + 1);
    this.coverage.endRegion();
    return 1;
  }

  /** A launch command's text into the scope; false when it is none. */
  private launchLine(text: string, fileLine: number): boolean {
    const launch = parseLaunchCommand(text);
    if (!launch) return false;
    this.endResidue();
    enterLaunch(this.state, launch, fileLine);
    if (launch.modelPath !== undefined && launch.model === undefined) {
      this.diagnostics.push({
        severity: 'info',
        code: 'context-missing',
        message: `model path "${launch.modelPath}" has an empty last part: model left absent`,
        file: this.opts.file,
        line: fileLine,
      });
    }
    this.coverage.endRegion();
    return true;
  }

  /**
   * A launch or client command behind a comment or quote marker (scope/commented-command.ts).
   * Returns the lines consumed, 0 to wait for more input, -1 when the line is no such command.
   */
  private commentedLine(lines: readonly string[], i: number, base: number, final: boolean): number {
    const marked = commentedCommandAt(lines, i, final);
    if (!marked) return -1;
    if (marked.open) return 0;
    const fileLine = base + i + 1;
    this.coverage.outsideBlocks(lines[i] ?? '', fileLine);
    if (looksLikeLaunchCommand(marked.text) && this.launchLine(marked.text, fileLine)) return marked.count;
    readContextLine([marked.text], 0, fileLine, true, this.state);
    this.coverage.endRegion();
    return marked.count;
  }

  /** The stress script's lines: `Test completed in`, its shell line, its preamble. */
  private stressScriptLine(line: string, fileLine: number): boolean {
    const s = this.state;
    const completed = parseTestCompleted(line);
    if (completed) {
      s.completed = { line: fileLine, ...completed };
      return true;
    }

    // A benchmark client's command (`$ ./benchmark_serving.py …`) is not the stress script's.
    const script = clientToolAt(line) ? undefined : parseScriptShellLine(line);
    if (script) {
      s.preamble = { line: fileLine, command: script.command, client: { ...script.client }, open: true };
      return true;
    }

    const pre = parsePreambleLine(line);
    if (pre) {
      if (pre.key === 'start') {
        if (!s.preamble) s.preamble = { line: fileLine, client: {}, open: true };
        s.preamble.open = true;
        return true;
      }
      if (pre.key === 'prompt' || s.preamble?.open) {
        if (!s.preamble) s.preamble = { line: fileLine, client: {}, open: false };
        // A preamble line overrides the script's flags: it is what the script actually used.
        (s.preamble.client as Record<string, string | number>)[pre.key] = pre.value;
        return true;
      }
    }
    return false;
  }

  /**
   * Comments, banners and separators (labels), then what scope/context-lines.ts reads. Returns
   * the lines consumed, 0 to wait for more input, or -1 for one line nothing understood.
   */
  private contextLine(lines: readonly string[], i: number, fileLine: number, final: boolean): number {
    const line = lines[i] ?? '';
    const ctx = classifyContextLine(line);
    if (ctx) {
      addContextLine(this.state, ctx, fileLine);
      // A banner may state settings too (`=== concurrency=32 ===`).
      if (ctx.kind !== 'comment') readContextLine(lines, i, fileLine, true, this.state);
      return 1;
    }
    return readContextLine(lines, i, fileLine, final, this.state);
  }

  /** The general fallback's groups placed: joined to runs in hand, or runs of their own. */
  private placeResidue(): void {
    this.endResidue();
    const placed = this.residue.place(this.held);
    for (const r of this.heldRecords) {
      if (r.kind === 'run') this.finisher.emit(r);
      else this.finisher.other(r);
    }
    this.heldRecords.length = 0;
    for (const { run, diagnostics } of placed.runs) {
      this.diagnostics.push(...diagnostics);
      this.finisher.emit(this.finisher.run(run, this.diagnostics));
    }
    this.coverage.residueRead(placed.lines, placed.runs.length);
    const note = this.finisher.runs === 0 ? unplacedNote(this.opts.file, placed.unplaced) : undefined;
    if (note) this.diagnostics.push(note);
  }

  /** Whole-file end: diagnostics for a file without runs. */
  finish(): ParseResult {
    this.placeResidue();
    this.checked = Math.min(this.checked, this.diagnostics.length);
    this.capDiagnostics(true);
    for (const [code, c] of this.codeCounts) {
      if (c.dropped > 0 && c.worst) {
        this.diagnostics.push({
          severity: c.worst,
          code: code as Diagnostic['code'],
          message: `${c.dropped} more "${code}" diagnostics not listed (first ${MAX_DIAGNOSTICS_PER_CODE} shown)`,
          file: this.opts.file,
          line: c.firstLine ?? 1,
        });
      }
    }
    // By line (stable; file-level ones last) so the whole-text and streamed paths agree even
    // though hygiene diagnostics arrive per chunk when streaming.
    const withLine = this.diagnostics.filter((d) => d.line !== undefined).sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    const without = this.diagnostics.filter((d) => d.line === undefined);
    this.diagnostics.length = 0;
    this.diagnostics.push(...withLine, ...without);
    const others = this.finisher.others;
    const detail = others > 0 ? ` (${others} env/sample records read)` : ' (prose or figures only)';
    this.finisher.close(this.diagnostics, this.coverage.counts, detail);
    return { records: this.finisher.records, diagnostics: this.diagnostics };
  }
}

/** Whole-text path: hygiene, then one feed. */
export function scanConsoleLog(text: string, opts: ScannerOptions): ParseResult {
  const norm = normalizeText(text, opts.file);
  const scanner = new ConsoleScanner(opts);
  scanner.holdRecords();
  for (const d of norm.diagnostics) scanner.diagnose(d);
  scanner.feed(norm.lines, 0, true);
  return scanner.finish();
}
