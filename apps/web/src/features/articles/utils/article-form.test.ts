import type { Article } from '@closia/shared';
import { describe, expect, it } from 'vitest';
import {
  articleFormValues,
  categoryForKind,
  scheduleError,
  toCreateInput,
  toUpdateInput,
} from './article-form';

const values = {
  ...articleFormValues(null),
  title: 'Relancer sans harceler',
  slug: 'relancer-sans-harceler',
  description: 'Trois relances qui font revenir un prospect silencieux, sans jamais le braquer.',
  category: 'prospection' as const,
  tags: ['relance'],
  body: '## Pourquoi relancer\n\nParce que…',
};

describe('the editor’s values and the API', () => {
  it('sends a draft or a publication without a date (the server keeps or sets it)', () => {
    expect(toCreateInput(values)).toEqual({
      kind: 'blog',
      title: values.title,
      slug: values.slug,
      description: values.description,
      body: values.body,
      category: 'prospection',
      tags: ['relance'],
      status: 'draft',
    });
    expect(
      toCreateInput({ ...values, status: 'published', publishedAt: '2020-01-01 10:00:00' }),
    ).not.toHaveProperty('publishedAt');
  });

  it('sends a scheduled article’s date as an instant', () => {
    const input = toCreateInput({ ...values, status: 'scheduled', publishedAt: '2031-03-12 09:30:00' });
    expect(input.status).toBe('scheduled');
    expect(input.publishedAt).toBe(new Date(2031, 2, 12, 9, 30).toISOString());
  });

  it('leaves an empty slug to the server, and the kind out of a change', () => {
    expect(toCreateInput({ ...values, slug: '  ' })).not.toHaveProperty('slug');
    expect(toUpdateInput(values)).not.toHaveProperty('kind');
  });

  it('checks a scheduled date before sending', () => {
    const now = new Date(2030, 0, 1, 12, 0);
    expect(scheduleError({ ...values, status: 'scheduled', publishedAt: null }, now)).toMatch(
      /date et l’heure/,
    );
    expect(
      scheduleError({ ...values, status: 'scheduled', publishedAt: '2029-12-31 12:00:00' }, now),
    ).toMatch(/dans le futur/);
    expect(
      scheduleError({ ...values, status: 'scheduled', publishedAt: '2030-01-02 08:00:00' }, now),
    ).toBeNull();
    expect(scheduleError({ ...values, status: 'draft' }, now)).toBeNull();
  });

  it('keeps a category only when the new kind has it', () => {
    expect(categoryForKind('tutorial', 'prospection')).toBeNull();
    expect(categoryForKind('tutorial', 'equipes')).toBe('equipes');
  });

  it('fills the editor from a saved article, its date in the browser’s time', () => {
    const article = {
      kind: 'tutorial',
      title: 'Créer son profil',
      slug: 'premiers-pas/creer-son-profil',
      description: 'x'.repeat(60),
      category: 'premiers_pas',
      tags: ['profil'],
      body: '## Étape 1',
      status: 'scheduled',
      publishedAt: new Date(2031, 5, 1, 8, 15).toISOString(),
    } as Article;
    expect(articleFormValues(article)).toMatchObject({
      kind: 'tutorial',
      slug: 'premiers-pas/creer-son-profil',
      status: 'scheduled',
      publishedAt: '2031-06-01 08:15:00',
    });
  });
});
