import { createWriteStream, readdirSync } from 'node:fs';
import { Writable } from 'node:stream';

/** The error Node gives when the device is full. */
export const enospc = () =>
  Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });

/**
 * A `createWriteStream` for `localStorage` that behaves like a disk with `room` bytes left: it
 * writes that many bytes to the real file (so that a half-written file exists), then fails with
 * ENOSPC.
 */
export function fullDisk(room: number) {
  return (file: string): NodeJS.WritableStream => {
    const out = createWriteStream(file);
    let written = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        const part = chunk.subarray(0, Math.max(0, room - written));
        written += part.length;
        const fail = () => callback(part.length < chunk.length ? enospc() : null);
        if (part.length === 0) return fail();
        out.write(part, (error) => (error ? callback(error) : fail()));
      },
      final(callback) {
        out.end(callback);
      },
      destroy(error, callback) {
        out.end(() => callback(error));
      },
    });
  };
}

/** Every file under `root`, as paths relative to it. */
export function filesUnder(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath}/${entry.name}`.slice(root.length + 1));
  } catch {
    return [];
  }
}
