import { describe, expect, it } from 'vitest';
import { nameKey, nameMatchRank, sameName, searchByName, wordSimilarity } from './name-search';

describe('name search of the reference lists', () => {
  it('compares names without accents, case, punctuation or extra spaces', () => {
    expect(nameKey('  Bien-être & santé ')).toBe('bien etre sante');
    expect(nameKey('Cœur de métier')).toBe('coeur de metier');
    expect(sameName('BIEN ÊTRE, SANTÉ', 'Bien-être & santé')).toBe(true);
    expect(sameName('Bien-être', 'Bien-être & santé')).toBe(false);
  });

  it('counts trigrams as pg_trgm does', () => {
    expect(wordSimilarity('etre', 'etr')).toBe(0.5);
    expect(wordSimilarity('immobilier', 'imobilier')).toBe(0.75);
    expect(wordSimilarity('sante', 'sante')).toBe(1);
  });

  it.each(['bien etre', 'BIEN-ETRE', 'bien etr', 'santé', 'bien-etre santee'])(
    'finds "Bien-être & santé" with %j',
    (query) => {
      expect(nameMatchRank('Bien-être & santé', query)).not.toBeNull();
    },
  );

  it('finds nothing when a word matches no word of the name', () => {
    expect(nameMatchRank('Bien-être & santé', 'bien fitness')).toBeNull();
    expect(nameMatchRank('Sport & fitness', 'spa')).toBeNull();
  });

  it('lists the same name first, then the names beginning with the query, else in order', () => {
    const names = ['Closing en visio', 'Négociation', 'Visio closing', 'Closing'];
    expect(searchByName(names, 'closing', (name) => name)).toEqual([
      'Closing',
      'Closing en visio',
      'Visio closing',
    ]);
    expect(searchByName(names, '  ', (name) => name)).toEqual(names);
  });
});
