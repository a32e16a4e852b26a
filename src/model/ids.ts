/** Record ids: `path as given : line [: row] [: variant]` (docs/architecture.md). */
export function recordId(file: string, line: number, row?: number, variant?: string): string {
  let id = `${file}:${line}`;
  if (row !== undefined) id += `:${row}`;
  if (variant !== undefined && variant !== '') id += `:${variant}`;
  return id;
}
