import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** The cookie that keeps the colour-mode preference: 'light' | 'dark' | 'auto' (= system). */
export const COLOR_SCHEME_COOKIE = 'closia-color-scheme';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function isColorScheme(value: unknown): value is MantineColorScheme {
  return value === 'light' || value === 'dark' || value === 'auto';
}

function readCookieValue(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

/**
 * Mantine colour-scheme manager over `document.cookie` (path=/, one year, SameSite=Lax).
 * Cookies fire no change event across tabs: the value is re-read when the tab regains focus.
 */
export function cookieColorSchemeManager({
  key = COLOR_SCHEME_COOKIE,
}: {
  key?: string;
} = {}): MantineColorSchemeManager {
  let onFocus: (() => void) | undefined;
  return {
    get: (defaultValue) => {
      if (typeof document === 'undefined') return defaultValue;
      try {
        const value = readCookieValue(key);
        return isColorScheme(value) ? value : defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set: (value) => {
      try {
        const secure = window.location.protocol === 'https:' ? '; Secure' : '';
        // biome-ignore lint/suspicious/noDocumentCookie: the product keeps this preference in a cookie (Cookie Store API is not in every browser)
        document.cookie = `${key}=${encodeURIComponent(value)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
      } catch (error) {
        console.warn('Unable to save the colour scheme cookie', error);
      }
    },
    subscribe: (onUpdate) => {
      let last = readCookieValue(key);
      onFocus = () => {
        const value = readCookieValue(key);
        if (value !== last) {
          last = value;
          if (isColorScheme(value)) onUpdate(value);
        }
      };
      window.addEventListener('focus', onFocus);
    },
    unsubscribe: () => {
      if (onFocus) window.removeEventListener('focus', onFocus);
      onFocus = undefined;
    },
    clear: () => {
      // biome-ignore lint/suspicious/noDocumentCookie: see set()
      document.cookie = `${key}=; path=/; max-age=0; SameSite=Lax`;
    },
  };
}
