/**
 * ClaimScanner: lines in document order → SourceClaims, in bounded memory. Prose lines are
 * gathered into units (a paragraph or a list item); a finished unit is split into sentences
 * and each sentence is read for claims (claim-unit.ts). The scanner keeps the heading path and
 * the recent units of the current section, which introduce the claims after them.
 */
import type { ClaimLayer, SourceClaim } from '../../model/source-claim';
import { claimsOfUnit, type UnitText } from './claim-unit';
import { cleanInline } from './inline';
import { LineClassifier } from './prose-lines';
import { describeText, isEmptyLayer } from './settings';

interface Unit {
  kind: 'para' | 'item';
  indent: number;
  /** Inside a block quote (`> …`). */
  quoted: boolean;
  lines: Array<{ no: number; text: string }>;
  chars: number;
  /** The whole unit described, once it is complete (what it says when it introduces a later claim). */
  layer?: ClaimLayer;
}

interface Heading {
  level: number;
  text: string;
  layer: ClaimLayer;
}

/** Units of the current section kept to introduce later claims. */
const MAX_SECTION_UNITS = 200;
/** Lead-in units consulted per claim. */
const MAX_LEAD_INS = 8;
/** A paragraph longer than this is read in parts. */
const MAX_UNIT_CHARS = 8000;

const ITEM_MARKER = /^\s*(?:>\s*)*(?:[-*+]|\d{1,3}[.)])\s+/;

export class ClaimScanner {
  private readonly lines = new LineClassifier();
  private headings: Heading[] = [];
  /** The heading path and its layers (deepest first), shared by every claim under it. */
  private path: { texts: string[]; layers: ClaimLayer[] } = { texts: [], layers: [] };
  private section: Unit[] = [];
  private current: Unit | undefined;
  private lineNo = 0;

  constructor(
    private readonly file: string,
    private readonly onClaim: (claim: SourceClaim) => void,
  ) {}

  /** The next line of the file (without its line break). */
  push(line: string): void {
    const no = ++this.lineNo;
    const kind = this.lines.classify(line);
    if (kind === 'setext' && this.current?.kind === 'para' && this.current.lines.length === 1) {
      const text = this.current.lines[0]!.text;
      this.current = undefined;
      this.heading(/=/.test(line) ? 1 : 2, text, no - 1);
      return;
    }
    if (kind === 'heading') {
      this.finish();
      const m = /^\s*(#{1,6})\s*(.*?)\s*#*\s*$/.exec(line)!;
      this.heading(m[1]!.length, m[2]!, no);
      return;
    }
    if (kind !== 'text' && kind !== 'item') {
      this.finish();
      return;
    }
    const indent = /^\s*/.exec(line)![0].replace(/\t/g, '    ').length;
    const quoted = /^\s*>/.test(line);
    const text = line.replace(/^\s*(?:>\s?)*/, '');
    // A block quote starts a block of its own, as in CommonMark; its markers are not part of the quote.
    if (kind === 'item' || !this.current || this.current.quoted !== quoted) {
      this.finish();
      const content = kind === 'item' ? line.replace(ITEM_MARKER, '') : text.trim();
      this.current = { kind: kind === 'item' ? 'item' : 'para', indent, quoted, lines: [{ no, text: content }], chars: content.length };
      return;
    }
    this.current.lines.push({ no, text: text.trim() });
    this.current.chars += text.length;
    if (this.current.chars > MAX_UNIT_CHARS) this.finish();
  }

  /** No more lines. */
  end(): void {
    this.finish();
  }

  private heading(level: number, raw: string, no: number): void {
    while (this.headings.length && this.headings[this.headings.length - 1]!.level >= level) this.headings.pop();
    const text = cleanInline(raw);
    this.headings.push({ level, text, layer: describeText(text, 'heading', no) });
    this.path = { texts: this.headings.map((h) => h.text), layers: [...this.headings].reverse().map((h) => h.layer) };
    this.section = [];
  }

  private finish(): void {
    const unit = this.current;
    if (!unit) return;
    this.current = undefined;
    const text = joinUnit(unit);
    const leadIns = this.leadIns(unit);
    const context = [...leadIns, ...this.path.layers].filter((l) => !isEmptyLayer(l));
    for (const c of claimsOfUnit(text, this.file, context)) {
      c.headings = this.path.texts;
      this.onClaim(c);
    }
    unit.layer = describeText(cleanInline(text.text), 'lead-in', text.firstLine);
    this.section.push(unit);
    if (this.section.length > MAX_SECTION_UNITS) this.section.shift();
  }

  /**
   * Units that introduce `unit`, nearest first: earlier paragraphs of the section, and the
   * list items it is nested in, but not its sibling items (they are parallel statements).
   */
  private leadIns(unit: Unit): ClaimLayer[] {
    const out: ClaimLayer[] = [];
    let limit = unit.indent;
    for (let k = this.section.length - 1; k >= 0 && out.length < MAX_LEAD_INS; k--) {
      const u = this.section[k]!;
      const include = u.kind === 'item' ? u.indent < limit : u.indent <= limit;
      if (!include || !u.layer) continue;
      limit = Math.min(limit, u.indent);
      out.push(u.layer);
    }
    return out;
  }
}

function joinUnit(unit: Unit): UnitText {
  const starts: Array<{ at: number; no: number }> = [];
  let text = '';
  for (const l of unit.lines) {
    if (text) text += ' ';
    starts.push({ at: text.length, no: l.no });
    text += l.text;
  }
  return { text, starts, firstLine: unit.lines[0]!.no, isItem: unit.kind === 'item' };
}
