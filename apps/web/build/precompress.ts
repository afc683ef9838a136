import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts and archives are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|xml|webmanifest)$/;

/**
 * Below this size compression saves next to nothing. Small chunks are still worth it: a 900-byte
 * start-up script sent as ~450 bytes of brotli, and the Content-Encoding header costs ~25 bytes.
 */
const MIN_BYTES = 256;

/** A variant is written only when it is at least this much smaller than the file. */
const MIN_RATIO = 0.9;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

interface Totals {
  files: number;
  original: number;
  br: number;
  gzip: number;
}

async function precompressFile(file: string, totals: Totals): Promise<void> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const worthIt = (variant: Buffer) => variant.length <= source.length * MIN_RATIO;
  if (!worthIt(br) && !worthIt(gz)) return;
  totals.files += 1;
  totals.original += source.length;
  totals.br += worthIt(br) ? br.length : source.length;
  totals.gzip += worthIt(gz) ? gz.length : source.length;
  await Promise.all([
    worthIt(br) ? writeFile(`${file}.br`, br) : undefined,
    worthIt(gz) ? writeFile(`${file}.gz`, gz) : undefined,
  ]);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Writes `x.br` (brotli, max quality) and `x.gz` (gzip -9) beside every compressible file of the
 * build, public files included, so that the server sends them without compressing per request
 * (apps/server/src/plugins/web.ts picks the one the request's Accept-Encoding allows).
 */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'closia:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async writeBundle() {
      const totals: Totals = { files: 0, original: 0, br: 0, gzip: 0 };
      const work: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        if (COMPRESSIBLE.test(file)) work.push(precompressFile(file, totals));
      }
      await Promise.all(work);
      logger?.info(
        `precompressed ${totals.files} files: ${kb(totals.original)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gzip)}`,
      );
    },
  };
}
