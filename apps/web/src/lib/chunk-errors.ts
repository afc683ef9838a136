/** Messages browsers give when a dynamically imported module (a route chunk) cannot be fetched. */
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's preload helper
  /ChunkLoadError/i,
];

/** True when `error` is a failed route-chunk import (typically after a new deployment). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const text = `${error.name}: ${error.message}`;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(text));
}
