import {
  type Article,
  type ArticleCategory,
  type ArticleCreateInput,
  type ArticleKind,
  type ArticleStatus,
  type ArticleUpdateInput,
  errorReasonText,
  isArticleCategoryOf,
} from '@closia/shared';
import { dayjs } from '../../../lib/dayjs';

/*
 * The editor's values and what the API receives from them. The fields carry the API's names, so
 * that a 422's errors land under their fields. `publishedAt` is the picker's wall-clock time in the
 * browser's zone (`YYYY-MM-DD HH:mm:ss`); the API gets an instant. Only a scheduled article sends
 * its date: a published one keeps its first publication date (now when it first goes out), a draft
 * keeps the date it had.
 */

export interface ArticleFormValues {
  kind: ArticleKind;
  title: string;
  slug: string;
  description: string;
  category: ArticleCategory | null;
  tags: string[];
  body: string;
  status: ArticleStatus;
  publishedAt: string | null;
}

const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export function articleFormValues(article: Article | null, kind: ArticleKind = 'blog'): ArticleFormValues {
  if (!article) {
    return {
      kind,
      title: '',
      slug: '',
      description: '',
      category: null,
      tags: [],
      body: '',
      status: 'draft',
      publishedAt: null,
    };
  }
  return {
    kind: article.kind,
    title: article.title,
    slug: article.slug,
    description: article.description,
    category: article.category,
    tags: article.tags,
    body: article.body,
    status: article.status,
    publishedAt: article.publishedAt ? dayjs(article.publishedAt).format(PICKER_FORMAT) : null,
  };
}

/** The picker's value as an instant (ISO 8601, UTC); null when empty or not a date. */
export function pickerToIso(value: string | null): string | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date.toISOString() : null;
}

/** The category kept when the kind changes: null when it is not one of the new kind's. */
export function categoryForKind(kind: ArticleKind, category: ArticleCategory | null): ArticleCategory | null {
  return category && isArticleCategoryOf(kind, category) ? category : null;
}

function publication(values: ArticleFormValues): Pick<ArticleCreateInput, 'status' | 'publishedAt'> {
  if (values.status !== 'scheduled') return { status: values.status };
  return { status: 'scheduled', publishedAt: pickerToIso(values.publishedAt) };
}

/** `POST /admin/articles`: an empty slug is left to the server (the title's). */
export function toCreateInput(values: ArticleFormValues): ArticleCreateInput {
  const slug = values.slug.trim();
  return {
    kind: values.kind,
    title: values.title,
    ...(slug ? { slug } : {}),
    description: values.description,
    body: values.body,
    category: values.category as ArticleCategory,
    tags: values.tags,
    ...publication(values),
  };
}

/** `PUT /admin/articles/{id}`: every field but the kind, which an article keeps. */
export function toUpdateInput(values: ArticleFormValues): ArticleUpdateInput {
  const { kind: _kind, ...input } = toCreateInput(values);
  return input;
}

/**
 * A scheduled article's date, checked before sending: needed, and in the future (else the
 * server's reason ARTICLE_SCHEDULE_DATE_INVALID). Null when fine.
 */
export function scheduleError(values: ArticleFormValues, now: Date = new Date()): string | null {
  if (values.status !== 'scheduled') return null;
  const iso = pickerToIso(values.publishedAt);
  if (!iso) return 'Choisissez la date et l’heure de publication.';
  return new Date(iso).getTime() <= now.getTime() ? errorReasonText('ARTICLE_SCHEDULE_DATE_INVALID') : null;
}
