/*
 * The article's HTML as the server rendered and sanitised it (markdown-pipeline.ts: GitHub's
 * allow-list, ids prefixed `user-content-`), with three touches for the page — attributes and
 * wrappers added around elements the sanitiser produced, never text of the author's:
 * - a code block scrolls sideways at 375 px: it can take the focus (`tabindex="0"`), so that a
 *   keyboard can scroll it;
 * - a table scrolls in a focusable wrapper named « Tableau défilant »;
 * - a task list's box (disabled, unlabelled) is hidden from assistive technologies and its state
 *   said in words (« Fait : », « À faire : »).
 */

const TASK_BOX = /<input type="checkbox"( checked)? disabled>/g;

export function prepareArticleHtml(html: string): string {
  return html
    .replace(/<pre>/g, '<pre tabindex="0">')
    .replace(
      /<table>/g,
      '<div class="table-scroll" tabindex="0" role="region" aria-label="Tableau défilant"><table>',
    )
    .replace(/<\/table>/g, '</table></div>')
    .replace(
      TASK_BOX,
      (_, checked: string | undefined) =>
        `<input type="checkbox"${checked ?? ''} disabled aria-hidden="true"><span class="sr-only">${checked ? 'Fait' : 'À faire'} : </span>`,
    );
}
