import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('keeps plain text as it is, line breaks included', () => {
    expect(linkify('Ligne 1\nLigne 2')).toEqual([{ kind: 'text', text: 'Ligne 1\nLigne 2' }]);
    expect(linkify('')).toEqual([]);
  });

  it('turns web addresses into links, leaving the sentence’s punctuation out', () => {
    expect(linkify('Voir https://closia.fr/aide. Ou (https://exemple.fr/a?b=1), merci')).toEqual([
      { kind: 'text', text: 'Voir ' },
      { kind: 'link', text: 'https://closia.fr/aide', href: 'https://closia.fr/aide' },
      { kind: 'text', text: '. Ou (' },
      { kind: 'link', text: 'https://exemple.fr/a?b=1', href: 'https://exemple.fr/a?b=1' },
      { kind: 'text', text: '), merci' },
    ]);
  });

  it('never makes a link of another scheme or of markup', () => {
    const parts = linkify('javascript:alert(1) <a href="https://x.fr">x</a> data:text/html,<b>');
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.text)).toEqual(['https://x.fr']);
    expect(parts.map((part) => part.text).join('')).toBe(
      'javascript:alert(1) <a href="https://x.fr">x</a> data:text/html,<b>',
    );
  });
});
