import { describe, expect, it } from 'vitest';
import { initialSlugState, normalizeSlug, slugAfterEdit, slugAfterTitle } from './slug-follow';

describe('the editor’s slug', () => {
  it('follows the title of a new article', () => {
    let state = initialSlugState(null);
    expect(state).toEqual({ slug: '', followsTitle: true });
    state = slugAfterTitle(state, 'Traiter l’objection « c’est trop cher »');
    expect(state).toEqual({ slug: 'traiter-l-objection-c-est-trop-cher', followsTitle: true });
  });

  it('stops following once written by hand', () => {
    const edited = slugAfterEdit('Le closing en 5 étapes', 'closing/5-etapes');
    expect(edited).toEqual({ slug: 'closing/5-etapes', followsTitle: false });
    expect(slugAfterTitle(edited, 'Le closing en 7 étapes')).toBe(edited);
  });

  it('follows again when emptied, or when the title’s own slug is typed', () => {
    expect(slugAfterEdit('Le closing', '').followsTitle).toBe(true);
    expect(slugAfterEdit('Le closing', 'le-closing').followsTitle).toBe(true);
    const again = slugAfterEdit('Le closing', '');
    expect(slugAfterTitle(again, 'Le closing à distance').slug).toBe('le-closing-a-distance');
  });

  it('never follows the title of a saved article (its address is public)', () => {
    const state = initialSlugState({ slug: 'prospection/appel-a-froid' });
    expect(state.followsTitle).toBe(false);
    expect(slugAfterTitle(state, 'Un autre titre').slug).toBe('prospection/appel-a-froid');
  });

  it('makes a slug of what was typed, segment by segment', () => {
    expect(normalizeSlug(' Prospection / Appel à froid ')).toBe('prospection/appel-a-froid');
    expect(normalizeSlug('premiers-pas//créer son profil/')).toBe('premiers-pas/creer-son-profil');
    expect(normalizeSlug(' / ')).toBe('');
  });
});
