/** Readers of untrusted JSON look into objects only: not null, not an array. */
export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** `v` when it is a JSON object, else undefined: for optional chains into untrusted JSON. */
export function jsonObject(v: unknown): Record<string, unknown> | undefined {
  return isJsonObject(v) ? v : undefined;
}
