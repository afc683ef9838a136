/**
 * The articles scenario's data (issue 22): `articles` articles (scale 1: 5,000; four in five blog
 * articles, the rest tutorials), generated inside the database (generate_series) so that 5,000
 * rows take a few seconds:
 * - their bodies are `BODY_VARIANTS` Markdown texts of about 800 words (headings, lists, a table,
 *   a code block, a quote), rendered once here by the server's own pipeline (`renderArticle`): the
 *   pages serve real HTML of a realistic size;
 * - slugs unique per kind, one in three with two segments (`conseils/…`); the kind's categories
 *   in turn; 1 to 3 tags of 12; ~2 % drafts and ~1 % scheduled a week ahead, the rest published
 *   over the last year and a half, newest last;
 * - one author (`bench-articles-admin@example.com`, an admin, no password).
 * The search trigger of the migration fills `search_vector` as for an article written by the API.
 * Then VACUUM ANALYZE, as a live database would have it.
 */
import { renderArticle } from '@closia/server/articles/markdown';
import type postgres from 'postgres';

export interface ArticlesSize {
  articles: number;
}

export const articlesSize = (scale: number): ArticlesSize => ({
  articles: Math.max(200, Math.round(5_000 * scale)),
});

export const ARTICLE_TAGS = [
  'prospection',
  'closing',
  'objections',
  'cpf',
  'prix',
  'linkedin',
  'relance',
  'pipeline',
  'setting',
  'organisation',
  'debutant',
  'commissions',
];

export const BLOG_CATEGORIES = [
  'prospection',
  'closing',
  'objections',
  'financement',
  'offre_prix',
  'outils',
];
export const TUTORIAL_CATEGORIES = ['premiers_pas', 'crm_pipeline', 'marketplace', 'equipes'];

const THEMES = [
  ['la prospection', 'un rendez-vous', 'le premier message'],
  ['le closing', 'un appel de vente', 'la découverte'],
  ['les objections', 'le prix', 'la confiance'],
  ['le financement', 'le CPF', 'le reste à charge'],
  ['une offre', 'le prix', 'la valeur perçue'],
  ['le pipeline', 'les relances', 'les commissions'],
] as const;

export const BODY_VARIANTS = THEMES.length;

const paragraph = (theme: readonly string[], i: number) =>
  `Quand on parle de ${theme[0]}, la question n’est pas seulement ${theme[1]} mais ce qui se passe avant et après. ` +
  `Les setters et les closers qui réussissent préparent ${theme[2]}, écoutent davantage qu’ils ne parlent et notent ` +
  `chaque échange dans leur pipeline. Cette partie ${i + 1} détaille une méthode simple, des exemples concrets et ` +
  `les erreurs à éviter, pour que chaque conversation avance d’une étape sans forcer la main du prospect.`;

/** A Markdown text of about 800 words on a theme, built like the demo's articles. */
export function benchArticleBody(variant: number): string {
  const theme = THEMES[variant % THEMES.length]!;
  const sections = Array.from({ length: 6 }, (_, i) =>
    [
      `## Étape ${i + 1} : ${theme[i % 3]}`,
      paragraph(theme, i),
      paragraph(theme, i + 6),
      i % 2 === 0
        ? `- Préparer ${theme[1]}\n- Écouter le prospect\n- Fixer la prochaine étape\n- Mettre à jour le pipeline`
        : `> Une vente se gagne pendant la découverte, pas pendant la présentation.`,
      i === 2
        ? `| Moment | Durée | Objectif |\n|---|---:|---|\n| Accueil | 3 min | Poser le cadre |\n| Découverte | 20 min | Comprendre l’écart |\n| Engagement | 10 min | Conclure ou planifier |`
        : '',
      i === 4
        ? `~~~text\nBonjour Claire, je reviens vers vous au sujet de ${theme[1]}.\nAvez-vous pu avancer ?\n~~~`
        : '',
      `### En pratique\n\n${paragraph(theme, i + 12)}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  return sections.join('\n\n');
}

const literal = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/** Fills the migrated database; returns how long each part took. */
export async function generateArticles(
  sql: postgres.Sql,
  size: ArticlesSize,
): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  const started = performance.now();
  const variants = [];
  for (let v = 0; v < BODY_VARIANTS; v++) {
    const body = benchArticleBody(v);
    const rendered = await renderArticle(body, 'http://127.0.0.1');
    variants.push({ body, ...rendered });
  }
  took.render = Math.round(performance.now() - started);
  const step = async (name: string, statement: string, params: postgres.ParameterOrJSON<never>[] = []) => {
    const at = performance.now();
    await sql.unsafe(statement, params);
    took[name] = Math.round(performance.now() - at);
  };
  const tags = literal(ARTICLE_TAGS);
  const blog = literal(BLOG_CATEGORIES);
  const tutorial = literal(TUTORIAL_CATEGORIES);
  await sql.unsafe('select setseed(0.22)');
  await step(
    'author',
    `insert into users (email, first_name, last_name, admin, email_verified_at)
     values ('bench-articles-admin@example.com', 'Alice', 'Rédaction', true, now())
     on conflict do nothing`,
  );
  // The search trigger (migration 0027) would index the same six bodies' words 5,000 times, row by
  // row: off for the insert, then the same columns filled in one statement and the vocabulary taught
  // once (the trigger's expressions; keep them in step with closia_articles_search()).
  await step('trigger off', 'alter table articles disable trigger articles_search');
  await step(
    'articles',
    `with a as (select id from users where email = 'bench-articles-admin@example.com'),
          v as (select $1::text::jsonb as variants)
     insert into articles (kind, slug, title, description, body, html, toc, reading_minutes, category,
                           tags, status, published_at, author_id, created_at, updated_at)
     select case when n % 5 = 0 then 'tutorial' else 'blog' end,
            case when n % 3 = 0 then 'conseils/' else '' end || 'article-' || n || '-'
              || (${tags})[1 + (n % 12)],
            initcap((${tags})[1 + (n % 12)]) || ' : la méthode pas à pas, partie ' || n,
            'Une méthode concrète sur ' || (${tags})[1 + (n % 12)] || ' et ' || (${tags})[1 + ((n / 12) % 12)]
              || ' pour les setters, closers et infopreneurs, avec des exemples et les erreurs à éviter.',
            v.variants -> (n % ${BODY_VARIANTS}) ->> 'body',
            v.variants -> (n % ${BODY_VARIANTS}) ->> 'html',
            v.variants -> (n % ${BODY_VARIANTS}) -> 'toc',
            (v.variants -> (n % ${BODY_VARIANTS}) ->> 'readingMinutes')::int,
            case when n % 5 = 0 then (${tutorial})[1 + (n / 5) % 4] else (${blog})[1 + n % 6] end,
            (select array_agg(distinct t) from unnest((array[
               (${tags})[1 + (n % 12)], (${tags})[1 + ((n / 12) % 12)], (${tags})[1 + ((n / 144) % 12)]
             ])[1:1 + n % 3]) t),
            case when n % 50 = 3 then 'draft' when n % 100 = 1 then 'scheduled' else 'published' end,
            case when n % 50 = 3 then null
                 when n % 100 = 1 then now() + interval '7 days'
                 else now() - (${size.articles} - n) * interval '150 minutes' end,
            a.id,
            now() - (${size.articles} - n) * interval '150 minutes' - interval '1 day',
            now() - (${size.articles} - n) * interval '150 minutes'
       from generate_series(1, ${size.articles}) n, a, v`,
    [JSON.stringify(variants) as never],
  );
  await step(
    'search',
    `update articles set search_text = closia_search_text(title, description, array_to_string(tags, ' '),
       regexp_replace(body, '[#*_\x60>|~\\[\\]()!]+|<[^>]*>|https?://\\S+', ' ', 'g'))`,
  );
  await step('search vector', `update articles set search_vector = to_tsvector('french', search_text)`);
  await step(
    'vocabulary',
    'select closia_index_words(s.search_text) from (select distinct on (md5(body)) search_text from articles) s',
  );
  await step(
    'vocabulary of titles',
    "select closia_index_words(string_agg(distinct search_text_head, ' ')) from (select left(search_text, 300) as search_text_head from articles) s",
  );
  await step('trigger on', 'alter table articles enable trigger articles_search');
  // As autovacuum would have done on a live database (the visibility map lets counts read the index alone).
  await step('vacuum', 'vacuum analyze articles');
  await step('analyze', 'analyze');
  return took;
}
