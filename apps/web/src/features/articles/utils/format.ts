import {
  type ArticleCategory,
  type ArticleKind,
  articleCategoryLabels,
  articleKindSegments,
} from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';

/** « 12 mars 2025 ». */
export function articleDate(iso: string): string {
  return dayjs(iso).format('D MMMM YYYY');
}

/** « 6 min de lecture ». */
export function readingTimeText(minutes: number): string {
  return `${Math.max(1, minutes)}\u00a0min de lecture`;
}

export function categoryLabel(category: ArticleCategory): string {
  return articleCategoryLabels[category] ?? category;
}

/** A kind's list: `/blog`, `/tutorials`. */
export function listPath(kind: ArticleKind): string {
  return `/${articleKindSegments[kind]}`;
}

/** The list of a kind filtered by a tag or a category (`/blog?tag=relance`). */
export function filteredListPath(kind: ArticleKind, filter: { tag?: string; category?: string }): string {
  const params = new URLSearchParams();
  if (filter.category) params.set('category', filter.category);
  if (filter.tag) params.set('tag', filter.tag);
  return `${listPath(kind)}?${params.toString()}`;
}

/** The addresses of the share buttons for a page's absolute `url`. */
export function shareLinks(url: string, title: string, description: string) {
  const u = encodeURIComponent(url);
  return {
    linkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(title)}&url=${u}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${description}\n\n${url}`)}`,
  };
}
