import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, differs, draftKey, readDraft, writeDraft } from './draft-storage';

/** A Storage in memory, as window.localStorage (the web tests run in Node). */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const values = {
  title: 'Un titre',
  body: '<p>Du texte</p>',
  tags: ['closing'],
  status: 'published' as const,
};

describe('post drafts in the browser', () => {
  beforeEach(() => vi.stubGlobal('window', { localStorage: memoryStorage() }));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one draft per post, "new" for a post not yet saved', () => {
    writeDraft(null, values);
    writeDraft(7, { ...values, title: 'Autre' });
    expect(draftKey(null)).toBe('closia:post-draft:new');
    expect(readDraft(null)).toMatchObject(values);
    expect(readDraft(7)?.title).toBe('Autre');
    expect(readDraft(8)).toBeNull();
  });

  it('is cleared after a save', () => {
    writeDraft(null, values);
    clearDraft(null);
    expect(readDraft(null)).toBeNull();
  });

  it('reads a broken or foreign entry as no draft, and an unknown status as published', () => {
    window.localStorage.setItem(draftKey(1), '{not json');
    window.localStorage.setItem(draftKey(2), JSON.stringify({ title: 3 }));
    window.localStorage.setItem(draftKey(3), JSON.stringify({ title: 'T', body: 'B', status: 'archived' }));
    expect(readDraft(1)).toBeNull();
    expect(readDraft(2)).toBeNull();
    expect(readDraft(3)).toMatchObject({ tags: [], status: 'published' });
  });

  it('survives a storage that refuses to write', () => {
    vi.stubGlobal('window', {
      localStorage: {
        ...memoryStorage(),
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    });
    expect(() => writeDraft(null, values)).not.toThrow();
  });

  it('tells a draft that changes nothing from one worth restoring', () => {
    const draft = { ...values, savedAt: '2026-01-01T00:00:00Z' };
    expect(differs(draft, values)).toBe(false);
    expect(differs(draft, { ...values, tags: ['vente'] })).toBe(true);
    expect(differs(draft, { ...values, body: '<p>Autre</p>' })).toBe(true);
  });
});
