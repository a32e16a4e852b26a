/** The file a report folder holds that lists benchbook's own outputs; inputs skip its folder. */
export const REPORT_MANIFEST = 'benchbook-manifest.json';
