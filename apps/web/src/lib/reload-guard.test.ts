import { describe, expect, it } from 'vitest';
import { canReload, parseLastReload, RELOAD_GUARD_MS } from './reload-guard';

describe('canReload', () => {
  const now = 1_700_000_000_000;

  it('allows the first reload', () => {
    expect(canReload(null, '/dashboard', now)).toBe(true);
  });

  it('refuses a second reload of the same path within 10 s', () => {
    expect(canReload({ path: '/dashboard', at: now - 1 }, '/dashboard', now)).toBe(false);
    expect(canReload({ path: '/dashboard', at: now - (RELOAD_GUARD_MS - 1) }, '/dashboard', now)).toBe(false);
  });

  it('allows it again once 10 s have passed', () => {
    expect(canReload({ path: '/dashboard', at: now - RELOAD_GUARD_MS }, '/dashboard', now)).toBe(true);
    expect(canReload({ path: '/dashboard', at: now - 60_000 }, '/dashboard', now)).toBe(true);
  });

  it('allows a reload of another path at once', () => {
    expect(canReload({ path: '/dashboard', at: now - 1 }, '/app/missions', now)).toBe(true);
  });

  it('treats a clock that went backwards as recent', () => {
    expect(canReload({ path: '/', at: now + 5_000 }, '/', now)).toBe(false);
  });

  it('uses the given window', () => {
    expect(canReload({ path: '/', at: now - 2_000 }, '/', now, 1_000)).toBe(true);
  });
});

describe('parseLastReload', () => {
  it('reads a stored record', () => {
    expect(parseLastReload('{"path":"/blog","at":42}')).toEqual({ path: '/blog', at: 42 });
  });

  it('ignores missing or malformed records', () => {
    expect(parseLastReload(null)).toBeNull();
    expect(parseLastReload('')).toBeNull();
    expect(parseLastReload('not json')).toBeNull();
    expect(parseLastReload('{"path":"/"}')).toBeNull();
    expect(parseLastReload('{"path":1,"at":2}')).toBeNull();
    expect(parseLastReload('null')).toBeNull();
  });
});
