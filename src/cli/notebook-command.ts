import { splitKeyValue, UsageError } from './options';

interface NotebookCommandOptions {
  param: string[];
  out?: string;
}

/** Values look like JSON when they parse as such (numbers, booleans); otherwise strings. */
function parseParamValue(text: string): string | number | boolean {
  if (/^(true|false)$/.test(text)) return text === 'true';
  if (text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  return text;
}

export async function runNotebookCommand(notebook: string, opts: NotebookCommandOptions): Promise<number> {
  const params: Record<string, string | number | boolean> = Object.create(null);
  for (const p of opts.param) {
    const [k, v] = splitKeyValue(p, '-p');
    params[k] = parseParamValue(v);
  }
  const nb = await import('../notebook');
  try {
    const result = await nb.runNotebook(notebook, { params, out: opts.out });
    process.stdout.write(`${result.out}\n`);
    return 0;
  } catch (err) {
    if (err instanceof nb.NotebookParameterError) throw new UsageError(err.message);
    if (err instanceof nb.NotebookExecutionError) {
      process.stderr.write(`benchbook: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}
