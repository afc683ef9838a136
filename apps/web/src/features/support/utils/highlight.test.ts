import { describe, expect, it } from 'vitest';
import { matchesIn, searchWords } from './highlight';

describe('FAQ highlights', () => {
  it('keeps the words worth lighting up, folded', () => {
    expect(searchWords('Comment télécharger MES factures ?')).toEqual(['telecharger', 'factures']);
    expect(searchWords('le la de')).toEqual([]);
  });

  it('finds the words as the text writes them, whatever their case and accents', () => {
    expect(matchesIn('Échéance et échéances du paiement', ['echeance'])).toEqual(['Échéance', 'échéance']);
    expect(matchesIn('Télécharger la facture', searchWords('telecharger FACTURE'))).toEqual([
      'Télécharger',
      'facture',
    ]);
    expect(matchesIn('Œuvre 🎉 prospect', ['prospect'])).toEqual(['prospect']);
    expect(matchesIn('Rien à voir', ['facture'])).toEqual([]);
  });
});
