import { useMemo } from 'react';
import { prepareArticleHtml } from '../utils/article-html';
import classes from './article-body.module.css';

/**
 * An article's body. The HTML is rendered and sanitised by the server (markdown-pipeline.ts:
 * GitHub's allow-list, no raw HTML of the author's) — the only HTML the app injects; the page adds
 * focus and words for assistive technologies (utils/article-html.ts).
 */
export function ArticleBody({ html, testId = 'article-body' }: { html: string; testId?: string }) {
  const prepared = useMemo(() => prepareArticleHtml(html), [html]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (allow-list)
    <div className={classes.body} data-testid={testId} dangerouslySetInnerHTML={{ __html: prepared }} />
  );
}
