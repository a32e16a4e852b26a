/**
 * A key/value block: consecutive pair lines (kv-line.ts), with the groups and box sections
 * they sit in, cut where a script starts printing its next block (a key seen before).
 *
 * Groups: a line with no pair (`Latency (ms):`, `ttft_s`, `minivllm:`, a box's
 * `TIME TO FIRST TOKEN (TTFT)`) over indented pairs, or over the pairs of its box section.
 * A statistic under a group (`p99: 1630.2` under `Latency (ms):`) is that group's statistic;
 * any other key stands on its own, and the outermost group is then the block's name (a
 * section header such as `Benchmarking summary:` is never glued into the keys).
 */
import { statOfWord } from '../../model/label-meaning';
import { lookupLabel } from '../../model/metric-vocabulary';
import { type KvLine, type KvPair, mayHold, parseKvLine, valueStatWord } from './kv-line';
import { settingOverGroup } from './kv-setting-keys';

const MAX_BLOCK = 200;
/** `ttft_s` alone on its line (LLMPerf): a group when indented pairs follow. */
const BARE_GROUP = /^(\s*)([A-Za-z][\w.]{0,60})\s*$/;

export interface Item {
  /** 0-based line. */
  index: number;
  /** The key as printed. */
  key: string;
  /** Key for raw (the group's name joined in, so that two groups' `mean` stay apart). */
  rawKey: string;
  value: string;
  /** The innermost group's name, when the key is one of its statistics (`p99` under `Latency (ms)`). */
  statOf?: string;
  /** Group or box section the pair sits in (not glued into the key). */
  section?: string;
  /** From the log prefix of its line. */
  timestamp?: string;
}

export interface Block {
  items: Item[];
  /** 0-based index after the block. */
  next: number;
  /** The outermost group over non-statistic keys (`minivllm:`, `Benchmarking summary:`). */
  name?: { text: string; index: number };
  /** A box's title line (`║ RESULTS: 10 Concurrent Users ║` over `╠═══╣`). */
  title?: { text: string; index: number };
  /** A group or title saying the block compares runs (`50 users vs 10 users`). */
  comparison?: { text: string; index: number };
  /** All lines were box lines. */
  boxed: boolean;
  /** Its pairs are members of pretty-printed JSON (the reader checks whether the JSON was cut). */
  json?: boolean;
  /**
   * Set when the block ended at a line that ends a block started at any later line before it,
   * and no line in between was skipped (a JSON array, a closed object) or cut the block by what
   * was collected (a key seen before): a block collected from such a line then holds a subset of
   * this one's pairs, each with the same group or none (key-value.ts uses it to ask again cheaply).
   */
  stop?: number;
}

interface Group {
  name: string;
  indent: number;
  index: number;
  /** A box section: ends at the next rule or section heading. */
  section: boolean;
}

/** A rule of ASCII dashes, equals signs or underscores between sections of one summary. */
const PLAIN_RULE = /^\s*(?:-{3,}|={3,}|_{3,})\s*$/;

/** `}`, `},`, `]`: a nested JSON object or array closing, with members of the outer one after it. */
const JSON_CLOSER = /^\s*[}\]],?\s*$/;

/** A member of the outer object after a nested one closed (a log line there ends the JSON). */
function isJsonMember(line: KvLine | undefined): boolean {
  return line?.kind === 'pairs' && line.json === true;
}

/**
 * Index of the line that closes the JSON array opened at line `j` (`"ttfts": [`), whose
 * elements are samples, not pairs; the last line looked at when it never closes.
 */
function closingBracket(lines: readonly string[], j: number): number {
  let depth = 0;
  for (let k = j; k < lines.length && k < j + MAX_ARRAY_LINES; k++) {
    const text = lines[k] ?? '';
    for (let c = 0; c < text.length; c++) {
      const ch = text.charCodeAt(c);
      if (ch === 0x5b || ch === 0x7b) depth++;
      else if (ch === 0x5d || ch === 0x7d) depth--;
    }
    if (depth <= 0) return k;
  }
  return Math.min(lines.length, j + MAX_ARRAY_LINES) - 1;
}

const MAX_ARRAY_LINES = 100_000;

const VERSUS = /\bvs\.?(?=\s|$)|\bversus\b|\bcompar(ed|ison|ative)\b/i;

/** The group name a line with no pair gives, when the lines under it are its pairs. */
function groupAt(lines: readonly string[], j: number, line: KvLine | undefined): Group | undefined {
  if (line === undefined) return bareGroupAt(lines, j);
  if (line.kind !== 'text') return undefined;
  const next = parseKvLine(lines[j + 1]);
  if (line.boxed && (next?.kind === 'pairs' || next?.kind === 'text') && next.boxed)
    return { name: line.text, indent: line.indent, index: j, section: true };
  if (next?.kind === 'pairs' && next.indent > line.indent && line.colon)
    return { name: line.text, indent: line.indent, index: j, section: false };
  return undefined;
}

/** `ttft_s` alone on its line over indented pairs. */
function bareGroupAt(lines: readonly string[], j: number): Group | undefined {
  // The shape first, the next line after: parsing the line under `Test completed in 28 s` (a
  // table title) was 68 of the key/value reader's 75 ms on the 50 MB bench log.
  const g = BARE_GROUP.exec(lines[j] ?? '');
  if (!g?.[2]) return undefined;
  const next = parseKvLine(lines[j + 1]);
  if (next?.kind !== 'pairs') return undefined;
  const indent = (g[1] ?? '').length;
  return next.indent > indent ? { name: g[2], indent, index: j, section: false } : undefined;
}

/** `latency` for `Latency (ms)` or `e2el_p99_ms`: the vocabulary metric's quantity, if the label names one. */
function quantityOf(label: string, stat: string | undefined): string | undefined {
  const m = lookupLabel(label.replace(/:\s*$/, ''), stat === undefined ? {} : { stat });
  return m?.kind === 'metric' ? m.key.split('_')[0] : undefined;
}

/** Identity of a pair in its block: its key, with the group when the key is the group's statistic. */
function pairId(pair: KvPair, group: Group | undefined): string {
  // `Per Request: 30.8 tok/s (avg)` and `Per Request: 30.8 tok/s (p50)` are two figures.
  const stat = valueStatWord(pair.value);
  const own =
    stat !== undefined && statOfWord(stat) !== undefined ? `${pair.key.toLowerCase()} (${stat.toLowerCase()})` : pair.key.toLowerCase();
  const id = group && statOfWord(pair.key) !== undefined ? `${group.name.toLowerCase()}\u0000${own}` : own;
  // `Throughput: 3.2 requests/s` then `Throughput: 811 tokens/s`: one key, two rates of one run.
  const rate = RATE_UNIT.exec(pair.value)?.[1];
  return rate === undefined ? id : `${id}\u0001${rate.toLowerCase()}`;
}

/** The unit of a rate after a value (`811 tokens/s`, `3.2 req/sec`, `5 tokens per second`): its counted thing. */
const RATE_UNIT = /^\s*[-+]?[\d.,]+\s*([A-Za-z]+)\s*(?:\/|per\s+)\s*(?:s|sec|second)\b/i;

/** A box title: the first line inside a box when an inner rule follows it. */
function boxTitle(lines: readonly string[], j: number, line: KvLine): string | undefined {
  if (line.kind === 'rule' || !line.boxed) return undefined;
  const before = parseKvLine(lines[j - 1]);
  const after = parseKvLine(lines[j + 1]);
  if (before?.kind !== 'rule' || before.inner || after?.kind !== 'rule' || !after.inner) return undefined;
  return line.kind === 'text' ? line.text : line.pairs.map((p) => `${p.key}: ${p.value}`).join(', ');
}

class Collector {
  readonly block: Block = { items: [], next: 0, boxed: true };
  private readonly seen = new Set<string>();
  private groups: Group[] = [];
  /** False once the block skipped a line or ended by what it had collected (see Block.stop). */
  private plain = true;

  constructor(private readonly lines: readonly string[]) {}

  private noteGroup(g: Group): void {
    if (VERSUS.test(g.name) && !this.block.comparison) this.block.comparison = { text: g.name, index: g.index };
    this.groups.push(g);
  }

  /** Adds a line's pairs; false when one was seen before (the next block starts at this line). */
  addPairs(j: number, line: Extract<KvLine, { kind: 'pairs' }>): boolean {
    this.groups = this.groups.filter((g) => (g.section ? line.boxed : g.indent < line.indent));
    const inline: Group | undefined =
      line.group === undefined ? undefined : { name: line.group, indent: line.indent, index: j, section: false };
    const group = inline ?? this.groups[this.groups.length - 1];
    const ids = line.pairs.map((p) => pairId(p, group));
    if (ids.some((id) => this.seen.has(id))) return false;
    for (const id of ids) this.seen.add(id);
    if (!line.boxed) this.block.boxed = false;
    if (line.json) this.block.json = true;
    for (const pair of line.pairs) {
      const isStat = group !== undefined && statOfWord(pair.key) !== undefined;
      let rawKey = group ? `${group.name} ${pair.key}` : pair.key;
      // The same key again with another rate (`Throughput: 811 tokens/s`): kept in raw beside the first.
      const rate = valueStatWord(pair.value) === undefined ? RATE_UNIT.exec(pair.value)?.[1] : undefined;
      if (rate !== undefined && this.block.items.some((x) => x.rawKey === rawKey)) rawKey = `${rawKey} (${rate})`;
      const item: Item = { index: j, key: pair.key, rawKey, value: pair.value };
      if (isStat && group) item.statOf = group.name;
      else if (group) item.section = group.name;
      if (line.timestamp !== undefined) item.timestamp = line.timestamp;
      if (!isStat && group && group !== inline && !this.block.name && !group.section && group === this.groups[0])
        this.block.name = { text: group.name, index: group.index };
      this.block.items.push(item);
    }
    return true;
  }

  /** A group line: false when its first pair was seen before (it heads the next block). */
  addGroup(j: number, g: Group): boolean {
    const first = parseKvLine(this.lines[j + 1]);
    if (first?.kind === 'pairs' && first.pairs.some((p) => this.seen.has(pairId(p, g)))) return false;
    if (g.section) this.groups = this.groups.filter((x) => !x.section);
    else this.groups = this.groups.filter((x) => x.indent < g.indent);
    this.noteGroup(g);
    return true;
  }

  /**
   * A blank line or a plain rule (`--------`), then a group named after a metric (`Time to
   * First Token (ms):`, `Output token latency:`) over its statistics only: the summary goes on
   * (vLLM's guided-decoding benchmark, TGI's run_generation print their latency sections so); a
   * group named otherwise (`concurrency 16:`) starts the next block.
   */
  private statSectionAfterBlank(j: number): boolean {
    const text = this.lines[j] ?? '';
    if (this.block.items.length === 0 || (text.trim() !== '' && !PLAIN_RULE.test(text))) return false;
    const g = groupAt(this.lines, j + 1, parseKvLine(this.lines[j + 1]));
    const quantity = g && !g.section ? quantityOf(g.name, 'mean') : undefined;
    // The same quantity already in the block (`e2el_p99_ms = …` above `Latency (ms):`): another run.
    if (quantity === undefined) return false;
    if (this.block.items.some((it) => quantityOf(it.statOf ?? it.key, it.statOf ? it.key : undefined) === quantity)) {
      this.plain = false;
      return false;
    }
    const first = parseKvLine(this.lines[j + 2]);
    return first?.kind === 'pairs' && first.pairs.every((p) => statOfWord(p.key) !== undefined);
  }

  /**
   * One blank line between two one-line paragraphs of pairs (`  QPS: 3.0 reqs/s`, blank,
   * `  Processing speed: 2.9 reqs/s`): a double-spaced summary (LMBenchmark prints its
   * Performance summary so) goes on; a pair line in a paragraph of several lines ends the block
   * there as before.
   */
  private doubleSpacedGap(j: number): boolean {
    const lines = this.lines;
    const first = this.block.items[0]?.index;
    if (first === undefined || (lines[j] ?? '').trim() !== '') return false;
    const isGap = (k: number): boolean => k >= lines.length || (lines[k] ?? '').trim() === '';
    const indented = (k: number): boolean => {
      const line = parseKvLine(lines[k]);
      return line?.kind === 'pairs' && line.indent > 0;
    };
    // Double-spaced from its first pair on, every pair indented; the last line may be flush left
    // when the summary's banner rule (`=======`) closes it right after.
    if (!isGap(first + 1) || !indented(j - 1) || (!isGap(j - 2) && first !== j - 1)) return false;
    const closing = PLAIN_RULE.test(lines[j + 2] ?? '') && parseKvLine(lines[j + 1])?.kind === 'pairs';
    if (!closing && !(indented(j + 1) && isGap(j + 2))) return false;
    this.plain = false; // a block asked for at a later line would not see this one's pairs
    return true;
  }

  /** Reads from `start`; returns the block. */
  run(start: number): Block {
    const j = this.walk(start);
    this.block.next = j.next;
    if (this.plain) this.block.stop = j.stop;
    if (this.block.items.length === 0) this.block.boxed = false;
    return this.block;
  }

  /** The index after the block, and the line that ended it. */
  private walk(start: number): { next: number; stop: number } {
    const lines = this.lines;
    let j = start;
    for (; j < lines.length && j < start + MAX_BLOCK; j++) {
      const line = parseKvLine(lines[j]);
      if (line?.kind === 'rule') {
        if (line.inner) {
          this.groups = this.groups.filter((g) => !g.section);
          continue;
        }
        if (j === start) continue; // the box's top border
        // Its bottom border belongs to it.
        return { next: this.block.items.length > 0 ? j + 1 : j, stop: j };
      }
      if (line === undefined && this.block.json && JSON_CLOSER.test(lines[j] ?? '') && isJsonMember(parseKvLine(lines[j + 1]))) {
        this.plain = false;
        continue;
      }
      if (line?.kind === 'text' && line.json === 'array') {
        this.plain = false;
        j = closingBracket(lines, j);
        continue;
      }
      if (!this.step(j, line)) return { next: j, stop: j };
    }
    if (j < lines.length) this.plain = false; // cut at MAX_BLOCK lines from its start
    return { next: j, stop: j };
  }

  /** Takes line `j` (a title, pairs, a statistics section or a group); false when the block ends before it. */
  private step(j: number, line: KvLine | undefined): boolean {
    const title = line ? boxTitle(this.lines, j, line) : undefined;
    if (title !== undefined) {
      if (this.block.items.length > 0) return this.cut();
      this.block.title = { text: title, index: j };
      if (VERSUS.test(title)) this.block.comparison = { text: title, index: j };
      return true;
    }
    // The next block's setting line (`Request concurrency: 4` over `  Client:`) ends this one.
    if (line?.kind === 'pairs')
      return !(this.block.items.length > 0 && settingOverGroup(this.lines, j)) && (this.addPairs(j, line) || this.cut());
    if ((line === undefined || line.kind === 'text') && this.statSectionAfterBlank(j)) return true;
    if (this.doubleSpacedGap(j)) return true;
    const g = groupAt(this.lines, j, line);
    if (!g) return false;
    return this.addGroup(j, g) || this.cut();
  }

  /** The block ends by what it collected (a block started later may go on). */
  private cut(): false {
    this.plain = false;
    return false;
  }
}

/**
 * False when no block starts at `line` (collectBlock would give no item): it is neither a
 * key/value line nor a bare group. By char code and one anchored regex, with no allocation.
 */
export function mayStartBlock(line: string): boolean {
  return mayHold(line) || BARE_GROUP.test(line);
}

/** The block that starts at `start` (possibly with no items). */
export function collectBlock(lines: readonly string[], start: number): Block {
  return new Collector(lines).run(start);
}

/** True when the line above `i` belongs to the same block (so a block reported at `i` was reported above). */
export function continuesAbove(lines: readonly string[], i: number): boolean {
  if (i === 0) return false;
  const above = parseKvLine(lines[i - 1]);
  if (above === undefined) return BARE_GROUP.test(lines[i - 1] ?? '') && lines[i - 1]?.trim() !== '';
  // A box's top border: the block was reported there.
  return above.kind !== 'rule' || above.inner || TOP_CORNER.test(lines[i - 1] ?? '');
}

const TOP_CORNER = /^\s*[╔┌┏╭╒╓]/;

/**
 * A box line with a line of the same box section above it: a block never starts there, so
 * that the section's heading (`32 users vs 8 users`) is always part of what is read.
 */
export function insideBoxSection(lines: readonly string[], i: number): boolean {
  const line = parseKvLine(lines[i]);
  if (line?.kind !== 'pairs' || !line.boxed) return false;
  const above = parseKvLine(lines[i - 1]);
  return above !== undefined && above.kind !== 'rule' && above.boxed;
}
