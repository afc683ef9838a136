import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedState } from './marker';

let dir: string;
const previous = process.env.CLOSIA_PGLITE_TEMPLATE;

/** A build beside the bundle: its template's manifest, written at `createdAt`. */
function build(createdAt: string) {
  const template = path.join(dir, 'dist', 'pglite-template.tar.gz');
  mkdirSync(path.dirname(template), { recursive: true });
  writeFileSync(`${template}.json`, JSON.stringify({ pglite: 'x', migrations: [], createdAt }));
  process.env.CLOSIA_PGLITE_TEMPLATE = template;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'closia-seed-marker-'));
});
afterEach(() => {
  if (previous === undefined) delete process.env.CLOSIA_PGLITE_TEMPLATE;
  else process.env.CLOSIA_PGLITE_TEMPLATE = previous;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the seed on a restart', () => {
  it('is skipped once this build seeded the directory, with the demo when it is asked for', () => {
    build('2026-11-26T00:00:00.000Z');
    const dataDir = path.join(dir, 'a');
    mkdirSync(dataDir);
    const first = seedState(dataDir, { createdFrom: 'existing' })!;
    expect(first.done(false)).toBe(false);
    first.record(false);
    const restart = seedState(dataDir, { createdFrom: 'existing' })!;
    expect(restart.done(false)).toBe(true);
    // The demo asked for later: seeded once more.
    expect(restart.done(true)).toBe(false);
    restart.record(true);
    expect(seedState(dataDir, { createdFrom: 'existing' })!.done(true)).toBe(true);
    // Turned off again: the demo stays recorded.
    seedState(dataDir, { createdFrom: 'existing' })!.record(false);
    expect(seedState(dataDir, { createdFrom: 'existing' })!.done(true)).toBe(true);

    // A new build seeds once more (its seed may add something).
    build('2026-11-27T00:00:00.000Z');
    expect(seedState(dataDir, { createdFrom: 'existing' })!.done(false)).toBe(false);
  });

  it('is skipped on a directory created from the build’s template, which the build seeded', () => {
    build('2026-11-26T00:00:00.000Z');
    const dataDir = path.join(dir, 'b');
    mkdirSync(dataDir);
    const created = seedState(dataDir, { createdFrom: 'demo-template' })!;
    expect(created.done(true)).toBe(true);
    created.record(true);
    expect(seedState(dataDir, { createdFrom: 'existing' })!.done(true)).toBe(true);
    const plainDir = path.join(dir, 'c');
    mkdirSync(plainDir);
    const plain = seedState(plainDir, { createdFrom: 'template' })!;
    expect(plain.done(false)).toBe(true);
    expect(plain.done(true)).toBe(false); // the plain template holds no demo
  });

  it('always runs without a build (tsx), in memory or on PostgreSQL', () => {
    process.env.CLOSIA_PGLITE_TEMPLATE = path.join(dir, 'nowhere', 'pglite-template.tar.gz');
    expect(seedState(path.join(dir, 'a'), { createdFrom: 'existing' })).toBeNull();
    build('2026-11-26T00:00:00.000Z');
    expect(seedState(null, { createdFrom: 'existing' })).toBeNull();
  });
});
