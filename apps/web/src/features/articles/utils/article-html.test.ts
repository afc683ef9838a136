import { describe, expect, it } from 'vitest';
import { prepareArticleHtml } from './article-html';

describe('the article’s HTML on the page', () => {
  it('lets a keyboard scroll code blocks and tables', () => {
    const html = prepareArticleHtml(
      '<pre><code class="hljs language-ts">const a = 1;</code></pre>\n<table>\n<thead><tr><th>A</th></tr></thead>\n</table>',
    );
    expect(html).toContain('<pre tabindex="0"><code class="hljs language-ts">');
    expect(html).toContain(
      '<div class="table-scroll" tabindex="0" role="region" aria-label="Tableau défilant"><table>',
    );
    expect(html).toContain('</table></div>');
  });

  it('says a task’s state in words and hides its disabled box', () => {
    const html = prepareArticleHtml(
      '<ul class="contains-task-list">\n<li class="task-list-item"><input type="checkbox" checked disabled> fait</li>\n<li class="task-list-item"><input type="checkbox" disabled> à faire</li>\n</ul>',
    );
    expect(html).toContain(
      '<input type="checkbox" checked disabled aria-hidden="true"><span class="sr-only">Fait : </span> fait',
    );
    expect(html).toContain(
      '<input type="checkbox" disabled aria-hidden="true"><span class="sr-only">À faire : </span> à faire',
    );
  });

  it('leaves the rest as the server wrote it', () => {
    const html = '<h2 id="user-content-intro">Intro</h2>\n<p>Un <a href="https://closia.fr">lien</a>.</p>';
    expect(prepareArticleHtml(html)).toBe(html);
  });
});
