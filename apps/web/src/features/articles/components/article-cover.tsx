import { type ArticleCategory, type ArticleKind, articleKindPluralLabels } from '@closia/shared';
import { IconBook2, IconNews } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { categoryLabel } from '../utils/format';
import classes from './article-cover.module.css';

/** Each category's colours when an article has no cover (dark enough for white text, 7:1 or more). */
const categoryColours: Record<ArticleCategory, [string, string]> = {
  prospection: ['#166534', '#0f766e'],
  closing: ['#3730a3', '#6d28d9'],
  objections: ['#9a3412', '#9f1239'],
  financement: ['#075985', '#1e3a8a'],
  offre_prix: ['#86198f', '#9d174d'],
  outils: ['#374151', '#111827'],
  premiers_pas: ['#115e59', '#166534'],
  crm_pipeline: ['#1e40af', '#3730a3'],
  marketplace: ['#5b21b6', '#86198f'],
  equipes: ['#155e75', '#115e59'],
};

/**
 * An article's picture (1200×630, what link previews show), or — without one — its category's
 * colours with the kind's icon and the category's name. Decorative: the card or the page names the
 * article.
 */
export function ArticleCover({
  article,
  priority = false,
}: {
  /** Without a category yet (a new article), the kind's name and neutral colours. */
  article: { kind: ArticleKind; category: ArticleCategory | null; coverUrl: string | null };
  /** The page's main picture: loaded at once rather than when scrolled to. */
  priority?: boolean;
}) {
  const [from, to] = (article.category && categoryColours[article.category]) || categoryColours.outils;
  const KindIcon = article.kind === 'tutorial' ? IconBook2 : IconNews;
  return (
    <div className={classes.frame}>
      {article.coverUrl ? (
        <img
          className={classes.image}
          src={article.coverUrl}
          alt=""
          width={1200}
          height={630}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
        />
      ) : (
        <div
          className={classes.placeholder}
          style={{ '--cover-from': from, '--cover-to': to } as CSSProperties}
          aria-hidden="true"
        >
          <KindIcon size={32} stroke={1.5} />
          <span className={classes.placeholderLabel}>
            {article.category ? categoryLabel(article.category) : articleKindPluralLabels[article.kind]}
          </span>
        </div>
      )}
    </div>
  );
}
