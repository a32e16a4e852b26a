/**
 * Which lines of a file are prose. Claims are read only from prose: never from code fences
 * (the logs and commands pasted in Markdown), result tables (box, pipe, ASCII, HTML),
 * nvidia-smi dumps, JSON or Python dicts, log lines, shell commands, progress bars or math.
 */

export type LineKind = 'blank' | 'heading' | 'setext' | 'item' | 'text' | 'skip';

const BOX = /[│┃┏┓┗┛┡┩━─┌┐└┘├┤┬┴┼╭╮╰╯║═╔╗╚╝╠╣╇╈┳┻╞╡╪]/;
const PROGRESS = /[█▏▎▍▌▋▊▉]|\d+%\|| it\/s\]|\bs\/it\]/;
const LOG_LINE =
  /^(?:INFO|WARNING|WARN|DEBUG|ERROR|CRITICAL|FATAL|TRACE)\b[\s:]|^\[?\d{4}-\d{2}-\d{2}[ T]\d|\b\w+\.py:\d+\]|^\(\w+ pid=\d+\)|^\d{1,2}:\d{2}:\d{2}\b/;
const COMMAND =
  /^(?:[\w.-]+@[\w.-]+:\S*\s*[#$]|\$\s|(?:python3?|vllm|sglang|genai-perf|aiperf|evalscope|guidellm|curl|docker|kubectl|pip3?|export|bash|sh|sudo|nvidia-smi|git|cd|ls|k6|locust|srun)\s|\.\/|\/\/|\/\*)/;
const HTML_BLOCK =
  /^<\/?(?:table|thead|tbody|tr|td|th|figure|img|div|figcaption|picture|iframe|svg|details|summary|br|hr|script|style|pre|code)\b/i;
const DATA_LINE = /^[{}[\]]|^['"][^'"]{1,60}['"]\s*:|^[\w.-]+\s*[:=]\s*\S+\s*$/;
/** Lines this long are data dumps (HTML tables on one line, base64), not sentences. */
export const MAX_PROSE_LINE = 4000;

/** True for a line that is plainly not prose (see the file comment). */
export function isNotProse(line: string): boolean {
  if (line.length > MAX_PROSE_LINE) return true;
  if (BOX.test(line)) return true;
  const t = line.trim();
  if ((t.match(/\|/g)?.length ?? 0) >= 2 || /^\+[-=+:]+\+?$/.test(t)) return true;
  return LOG_LINE.test(t) || COMMAND.test(t) || HTML_BLOCK.test(t) || DATA_LINE.test(t) || PROGRESS.test(t);
}

/**
 * Line-by-line state: YAML front matter, code fences, HTML comments and `$$` math blocks
 * hide what they hold; the rest is classified on its own.
 */
export class LineClassifier {
  private fence: string | undefined;
  private frontMatter = false;
  private comment = false;
  private math = false;
  private seen = 0;

  classify(line: string): LineKind {
    this.seen++;
    const t = line.trim();
    if (this.seen === 1 && /^---\s*$/.test(line)) {
      this.frontMatter = true;
      return 'skip';
    }
    if (this.frontMatter) {
      if (/^(?:---|\.\.\.)\s*$/.test(line)) this.frontMatter = false;
      return 'skip';
    }
    const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (!this.fence) this.fence = fence;
      else if (fence[0] === this.fence[0] && fence.length >= this.fence.length && /^\s*[`~]+\s*$/.test(line)) this.fence = undefined;
      return 'skip';
    }
    if (this.fence) return 'skip';
    if (this.comment || t.startsWith('<!--')) {
      this.comment = !t.includes('-->');
      return 'skip';
    }
    if (t.startsWith('$$')) {
      if (!(t.length > 2 && t.endsWith('$$'))) this.math = !this.math;
      return 'skip';
    }
    if (this.math) return 'skip';
    if (t === '') return 'blank';
    if (/^\s{0,3}#{1,6}(?:\s|$)/.test(line)) return 'heading';
    if (/^\s{0,3}(?:=+|-+)\s*$/.test(line)) return 'setext';
    if (isNotProse(line)) return 'skip';
    if (/^\s*(?:>\s*)*(?:[-*+]|\d{1,3}[.)])\s+\S/.test(line)) return 'item';
    return 'text';
  }
}
