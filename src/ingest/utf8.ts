/**
 * How benchbook decodes files: TextDecoder rather than Buffer's utf8 decoding (about a quarter
 * faster on these logs), invalid bytes replaced the WHATWG way, a BOM kept for the format
 * readers to drop. One decoder for the whole-text path, the head and both streamed readers,
 * so they all see the same text.
 */
export function utf8Decoder(): TextDecoder {
  return new TextDecoder('utf-8', { ignoreBOM: true });
}

/** A whole buffer as text (utf8Decoder). */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8Decoder().decode(bytes);
}
