import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors';
import { filesUnder, fullDisk } from '../test/full-disk';
import { localStorage } from './storage';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'closia-storage-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const data = Buffer.alloc(64 * 1024, 7);

describe('localStorage', () => {
  it('stores, reads and deletes a file', async () => {
    const storage = localStorage(root);
    await storage.put('profiles/abc.webp', data, 'image/webp');
    expect(await storage.get('profiles/abc.webp')).toEqual(data);
    await storage.delete('profiles/abc.webp');
    expect(await storage.get('profiles/abc.webp')).toBeNull();
  });

  it('on a full disk (ENOSPC after some bytes), fails with 507 and removes what was half-written', async () => {
    // The fake disk really writes its first bytes: the half-written file exists until put cleans up.
    const written: string[] = [];
    const open = fullDisk(1000);
    const storage = localStorage(root, {
      createWriteStream: (file) => {
        written.push(file);
        return open(file);
      },
    });
    const failure = await storage.put('profiles/abc.webp', data, 'image/webp').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      status: 507,
      code: 'E_INSUFFICIENT_STORAGE',
      message: 'Espace de stockage insuffisant : le fichier n’a pas été enregistré. Réessayez plus tard.',
    });
    expect(written).toEqual([path.join(root, 'profiles/abc.webp')]);
    expect(existsSync(written[0]!)).toBe(false);
    expect(filesUnder(root)).toEqual([]);
    expect(await storage.get('profiles/abc.webp')).toBeNull();
  });

  it('keeps any other write failure as it is (a 500)', async () => {
    const eio = Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
    const storage = localStorage(root, {
      createWriteStream: () => new Writable({ write: (_chunk, _encoding, callback) => callback(eio) }),
    });
    const failure = await storage.put('teams/abc.webp', data, 'image/webp').catch((e: unknown) => e);
    expect(failure).toBe(eio);
    expect(filesUnder(root)).toEqual([]);
  });
});
