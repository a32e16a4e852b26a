/** guidellm: its console tables (read by tables/tool-tables.ts) and its saved report JSON. */
import type { ToolFormat } from '../types';

export const guidellm: ToolFormat = {
  tool: 'guidellm',
  formats: { guidellm: 'console-log', 'guidellm-json': 'json-export' },
  fixtures: ['test/fixtures/tables/guidellm-', 'test/fixtures/exports/guidellm-'],
};
