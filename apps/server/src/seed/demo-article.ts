/** An article of the demo's blog or tutorials (seed/articles.ts), as its texts are written. */
import type { ArticleCategory, ArticleKind, ArticleStatus } from '@closia/shared';

export interface DemoArticle {
  kind: ArticleKind;
  slug: string;
  title: string;
  description: string;
  category: ArticleCategory;
  tags: string[];
  /** Published by default. */
  status?: ArticleStatus;
  /** Published this many days before the seed (drafts: last changed then). */
  daysAgo?: number;
  /** Scheduled: goes live this many days after the seed. */
  daysAhead?: number;
  body: string;
}
