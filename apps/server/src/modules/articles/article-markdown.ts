/**
 * The articles' Markdown rendered once, on write (and for the editor's live preview): the HTML,
 * the table of contents and the reading time. The pipeline (`markdown-pipeline.ts`: unified,
 * remark, rehype, the sanitiser and the highlighter) is imported on first use, so that a start
 * of the server — which the start-up bench measures — never loads it.
 */
import type { ArticleTocEntry } from '@closia/shared';

/** Words read per minute, for `readingMinutes`. */
export const WORDS_PER_MINUTE = 230;

export interface RenderedArticle {
  html: string;
  toc: ArticleTocEntry[];
  readingMinutes: number;
}

let pipeline: Promise<typeof import('./markdown-pipeline')> | undefined;

/** The reading time of a text of `words` words: words / 230, rounded, at least 1 minute. */
export const readingMinutesOf = (words: number) => Math.max(1, Math.round(words / WORDS_PER_MINUTE));

/** Renders an article's Markdown; `siteUrl` (the public URL) tells which links are external. */
export async function renderArticle(body: string, siteUrl: string): Promise<RenderedArticle> {
  pipeline ??= import('./markdown-pipeline');
  const { renderMarkdown } = await pipeline;
  const rendered = renderMarkdown(body, siteUrl);
  return { html: rendered.html, toc: rendered.toc, readingMinutes: readingMinutesOf(rendered.words) };
}
