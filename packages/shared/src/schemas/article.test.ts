import { describe, expect, it } from 'vitest';
import {
  articleCategoriesByKind,
  articleCategoryLabels,
  articleCreateSchema,
  articleListQuerySchema,
  articlePath,
  isArticleCategoryOf,
  isArticleSlug,
  slugify,
} from './article';

describe('article slugs', () => {
  it('slugifies a French title: accents, ligatures, punctuation', () => {
    expect(slugify('Bien démarrer en closing')).toBe('bien-demarrer-en-closing');
    expect(slugify('  L’œuvre du setter : 5 étapes ! ')).toBe('l-oeuvre-du-setter-5-etapes');
    expect(slugify('Financement CPF — ce qui change en 2025')).toBe('financement-cpf-ce-qui-change-en-2025');
    expect(slugify('!!!')).toBe('');
  });

  it('cuts a long title at a word, within the maximum', () => {
    const slug = slugify('mot '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(isArticleSlug(slug)).toBe(true);
  });

  it('accepts lower-case words joined by - in segments joined by /', () => {
    expect(isArticleSlug('premiers-pas/creer-son-profil')).toBe(true);
    expect(isArticleSlug('a')).toBe(true);
    for (const bad of ['Majuscule', 'double--tiret', '-debut', 'fin-', 'a//b', '/a', 'a/', 'é', 'a b', 'a.b'])
      expect(isArticleSlug(bad), bad).toBe(false);
    expect(isArticleSlug('a/b/c/d/e/f')).toBe(false);
    expect(isArticleSlug('a'.repeat(201))).toBe(false);
  });

  it('builds the public path of each kind', () => {
    expect(articlePath('blog', 'a/b')).toBe('/blog/a/b');
    expect(articlePath('tutorial', 'premiers-pas')).toBe('/tutorials/premiers-pas');
  });
});

describe('article schemas', () => {
  const valid = {
    kind: 'blog',
    title: 'Bien démarrer',
    description: 'Une description assez longue pour passer le minimum de cinquante caractères.',
    body: '# Titre',
    category: 'closing',
  };

  it('defaults to a draft without tags', () => {
    const parsed = articleCreateSchema.parse(valid);
    expect(parsed).toMatchObject({ status: 'draft', tags: [] });
    expect(parsed.slug).toBeUndefined();
  });

  it('refuses short descriptions, too many tags and twice the same tag', () => {
    expect(articleCreateSchema.safeParse({ ...valid, description: 'court' }).success).toBe(false);
    const tags = Array.from({ length: 9 }, (_, i) => `tag${i}`);
    expect(articleCreateSchema.safeParse({ ...valid, tags }).success).toBe(false);
    expect(articleCreateSchema.safeParse({ ...valid, tags: ['CPF', '#cpf'] }).success).toBe(false);
  });

  it('labels every category once and gives each to one kind', () => {
    const all = [...articleCategoriesByKind.blog, ...articleCategoriesByKind.tutorial];
    expect(new Set(all).size).toBe(all.length);
    for (const c of all) expect(articleCategoryLabels[c]).toBeTruthy();
    expect(isArticleCategoryOf('blog', 'closing')).toBe(true);
    expect(isArticleCategoryOf('tutorial', 'closing')).toBe(false);
  });

  it('reads the public list query', () => {
    expect(articleListQuerySchema.parse({ kind: 'tutorial', tag: '#CPF', page: '2' })).toMatchObject({
      kind: 'tutorial',
      tag: 'cpf',
      page: 2,
      perPage: 12,
    });
  });
});
