import { describe, expect, it } from 'vitest';
import {
  asksForStaging,
  clearStoredPreview,
  PREVIEW_STORAGE_KEY,
  previewTokenFrom,
  readStoredPreview,
  stagingPageUrl,
  storePreview,
  withoutPreviewParams,
} from './preview-mode';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the preview mode’s bookkeeping', () => {
  it('keeps the token and the staging address in session storage, and forgets them', () => {
    const storage = memoryStorage();
    expect(readStoredPreview(storage)).toBeNull();
    storePreview(storage, { token: '1700000000.1.sig', stagingUrl: 'https://recette.closia.fr' });
    expect(readStoredPreview(storage)).toEqual({
      token: '1700000000.1.sig',
      stagingUrl: 'https://recette.closia.fr',
    });
    clearStoredPreview(storage);
    expect(readStoredPreview(storage)).toBeNull();
  });

  it('reads nothing from an unreadable or foreign value', () => {
    const storage = memoryStorage();
    storage.setItem(PREVIEW_STORAGE_KEY, '{not json');
    expect(readStoredPreview(storage)).toBeNull();
    storage.setItem(PREVIEW_STORAGE_KEY, JSON.stringify({ token: 42 }));
    expect(readStoredPreview(storage)).toBeNull();
    expect(readStoredPreview(null)).toBeNull();
  });

  it('takes the address’s token first, then the session’s, then the cookie’s', () => {
    const stored = { token: 'session', stagingUrl: null };
    expect(previewTokenFrom({ query: 'address', stored, cookie: 'cookie' })).toBe('address');
    expect(previewTokenFrom({ query: ' ', stored, cookie: 'cookie' })).toBe('session');
    expect(previewTokenFrom({ query: null, stored: null, cookie: 'cookie' })).toBe('cookie');
    expect(previewTokenFrom({ query: null, stored: null, cookie: null })).toBeNull();
  });

  it('reads the staging parameter as the API’s flags', () => {
    expect(asksForStaging(new URLSearchParams('staging=1'))).toBe(true);
    expect(asksForStaging(new URLSearchParams('staging=TRUE'))).toBe(true);
    expect(asksForStaging(new URLSearchParams('staging=0'))).toBe(false);
    expect(asksForStaging(new URLSearchParams(''))).toBe(false);
  });

  it('takes the preview’s parameters out of an address, keeping the rest', () => {
    expect(withoutPreviewParams('?preview=abc&staging=1')).toBe('');
    expect(withoutPreviewParams('?utm_source=linkedin&preview=abc')).toBe('?utm_source=linkedin');
    expect(withoutPreviewParams('')).toBe('');
  });

  it('sends to the same page on the staging site, with the token', () => {
    expect(
      stagingPageUrl('https://recette.closia.fr/', '/tutorials/premiers-pas/creer-son-profil', 'a.b.c'),
    ).toBe('https://recette.closia.fr/tutorials/premiers-pas/creer-son-profil?preview=a.b.c');
  });
});
