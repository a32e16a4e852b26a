/** What the box-table reader gives (TextTable) and what its stages hand each other. */
import type { DiagnosticCode } from '../../../model/diagnostics';

export type BoxStyle =
  | 'heavy-head'
  | 'square'
  | 'rounded'
  | 'double'
  | 'ascii'
  | 'ascii-grid'
  | 'minimal'
  | 'markdown'
  | 'heavy'
  | 'simple'
  | 'csv';

/** Something the reader noticed; the caller turns it into a Diagnostic (0-based line). */
export interface TableIssue {
  line: number;
  code: DiagnosticCode;
  severity: 'warning' | 'info';
  message: string;
}

export interface TextTable {
  /** 0-based index of the table's first line (title line when it has one). */
  startLine: number;
  /** 0-based index of the first line after the table. */
  next: number;
  title?: string;
  /** 0-based index of the title line. */
  titleLine?: number;
  header: string[];
  rows: string[][];
  /** 0-based line index of each row's first line. */
  rowLines: number[];
  style: BoxStyle;
  /** No (complete) bottom border: the table was cut off or its border broken. */
  truncated: boolean;
  /** Index in `rows` of a row the text ends inside (CSV pasted in prose): its run alone is cut. */
  cutRow?: number;
  /** 0-based index of the top border (or, for minimal tables, the header line). */
  topLine: number;
  /** Header as printed over several lines, per line (spans filled), before joining. */
  headerLines: string[][];
  /** Rows whose cells did not split on the vertical glyphs, bottom borders broken, … */
  issues: TableIssue[];
  /**
   * Divider rows inside the body (`├── Latency ──┤`, a full-width label row between rules,
   * `── General ──`): each labels the rows from `row` on, up to the next one. Absent when the
   * table has none. Divider rows are never rows.
   */
  sections?: TableSection[];
}

export interface TableSection {
  label: string;
  /** Index in `rows` of the first row under the label (`rows.length` when none follows). */
  row: number;
  /** 0-based index of the divider's line. */
  line: number;
}

/** A divider found while reading: its label, line, and how many printed lines (rows) came before it. */
export interface Divider {
  label: string;
  line: number;
  after: number;
}

/** Where a table sits: its border's indentation and panels, its columns and its glyph family. */
export interface Frame {
  /** Text in front of the border (indentation and panel borders `│ │ `). */
  prefix: string;
  /** Number of panel borders around the table (each side). */
  depth: number;
  /** Display-column boundaries relative to the border's first column (left edge, junctions, right edge). */
  bounds?: number[];
  ascii: boolean;
  /** guidellm-style `|====|` tops (a `|` edge instead of a `+` corner). */
  pipeEdge: boolean;
  corner: string;
  width: number;
}

/** What the collect stage of a bordered table found below its top border. */
export interface Collected {
  rows: Array<{ line: number; text: string }>;
  rules: Rule[];
  /** Rules with a label in them (`├── Latency ──┤`). */
  dividers: Divider[];
  truncated: boolean;
  /** First line after the table. */
  next: number;
  issues: TableIssue[];
}

/** A table's header and rows as the last stage of a reader gives them (the rest is the frame's). */
export interface TableBody {
  header: string[];
  headerLines: string[][];
  rows: string[][];
  rowLines: number[];
  sections?: TableSection[];
  issues: TableIssue[];
  /** Rules between the body rows delimited them. */
  ruledRows: boolean;
}

/** A horizontal rule inside a bordered table. */
export interface Rule {
  line: number;
  /** Row lines before this rule. */
  after: number;
  heavy: boolean;
  text: string;
}

/** One printed line of a table split into cells. */
export interface Cells {
  /** 0-based index of the line the cells are from. */
  line: number;
  cells: string[];
  /** A zero-width cell (`||`): the cell to its left spans it. Empty when the row has none (read `span[k]` as false). */
  span: boolean[];
  /** False when the line was cut by display column because its glyphs did not split it. */
  ok: boolean;
}

/** Body lines grouped into one row: the cells of each of its lines, top to bottom. */
export interface GroupedRow {
  /** 0-based index of the row's first line. */
  line: number;
  lines: string[][];
}

/** A TextTable; `title`/`titleLine` only when there is a title, `sections` only when there are some. */
export function textTable(fields: Omit<TextTable, 'title' | 'titleLine'>, title: { title: string; line: number } | undefined): TextTable {
  const { startLine, next, header, rows, rowLines, style, truncated, topLine, headerLines, issues, sections } = fields;
  const table: TextTable = title
    ? { startLine, next, title: title.title, titleLine: title.line, header, rows, rowLines, style, truncated, topLine, headerLines, issues }
    : { startLine, next, header, rows, rowLines, style, truncated, topLine, headerLines, issues };
  if (sections && sections.length > 0) table.sections = sections;
  return table;
}
