/** The title line above a table: centred over it (rich), or a Title Case caption. */
import { displayWidth } from '../text-width';
import { hasBorderGlyph, isRowText, isRuleText, stripPanel } from './frame';
import type { Frame } from './types';

const LOG_PREFIX = /^(\[|\d{4}-\d\d-\d\d|\d\d:\d\d|INFO\b|WARN|ERROR|DEBUG|\$|#|>|\/\/|<)/;

function looksLikeTitleCase(text: string): boolean {
  if (!/^[\p{L}\p{N}\p{So}]/u.test(text)) return false;
  if (LOG_PREFIX.test(text)) return false;
  if (/[.!?,;]$/.test(text)) return false;
  const words = text.replace(/:$/, '').split(/\s+/);
  return words.every((w) => !/^\p{Ll}[\p{L}]{3,}/u.test(w));
}

/** The title of the table whose top line is `top` (the line right above it), if it has one. */
export function findTitle(lines: readonly string[], top: number, frame: Frame): { title: string; line: number } | undefined {
  const t = top - 1;
  const raw = lines[t];
  if (raw === undefined) return undefined;
  const s0 = frame.depth > 0 ? stripPanel(raw, frame.depth) : raw.slice(raw.startsWith(frame.prefix) ? frame.prefix.length : 0).trimEnd();
  if (s0 === undefined) return undefined;
  const text = s0.trim();
  if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
  if (hasBorderGlyph(text) && isRuleText(text, false)) return undefined;
  if (isRowText(text, frame.ascii) || /^[+|]/.test(text)) return undefined;
  const titleWidth = displayWidth(text);
  if (titleWidth > frame.width) return undefined;
  // What is in front of the title: rich centres a title over its table.
  const lead = displayWidth(s0.slice(0, s0.length - text.length));
  if (lead > 0 && frame.depth === 0) {
    const centre = lead + titleWidth / 2;
    if (Math.abs(centre - frame.width / 2) <= 2.5 && !LOG_PREFIX.test(text)) return { title: text, line: t };
  }
  if (looksLikeTitleCase(text)) return { title: text.replace(/\s*:$/, ''), line: t };
  return undefined;
}
