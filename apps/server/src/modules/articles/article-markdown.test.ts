import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { readingMinutesOf, renderArticle } from './article-markdown';

const SITE = 'https://closia.fr';
const render = (body: string) => renderArticle(body, SITE);

/** Tags that run code, load something or take input, whatever their attributes. */
const ACTIVE_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'button',
  'textarea',
  'select',
  'link',
  'meta',
  'base',
  'template',
  'video',
  'audio',
]);
const SAFE_URL = /^(https?:|mailto:|#|\/(?!\/))/i;

/** Every way the rendered HTML could do something: none may be left. */
function activeParts(html: string): string[] {
  const found: string[] = [];
  const document = parseDocument(html, { decodeEntities: true });
  for (const element of DomUtils.findAll(() => true, document.children)) {
    if (ACTIVE_TAGS.has(element.name)) found.push(`<${element.name}>`);
    if (element.name === 'input' && element.attribs.type !== 'checkbox') found.push('<input> not a task box');
    if (element.name === 'input' && !('disabled' in element.attribs)) found.push('<input> enabled');
    for (const [name, value] of Object.entries(element.attribs)) {
      if (/^on/i.test(name)) found.push(`${element.name}[${name}]`);
      if (
        ['style', 'srcdoc', 'formaction', 'action', 'background', 'xlink:href'].includes(name.toLowerCase())
      )
        found.push(`${element.name}[${name}]`);
      if (['href', 'src', 'cite', 'poster'].includes(name) && !SAFE_URL.test(value.trim()))
        found.push(`${element.name}[${name}=${value}]`);
      if (name === 'id' && !value.startsWith('user-content-')) found.push(`id=${value} not prefixed`);
    }
  }
  return found;
}

/** Markdown that tries to get script into the page (OWASP's and markdown-it's usual suspects). */
const xssCorpus = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">lien</a>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<form action="javascript:alert(1)"><button>Envoyer</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<div style="background:url(javascript:alert(1))">texte</div>',
  '<p id="location">clobber</p>',
  '<!-- <script>alert(1)</script> -->',
  '[lien](javascript:alert(1))',
  '[lien](JaVaScRiPt:alert(1))',
  '[lien](javascript&#58;alert(1))',
  '[lien](&#106;avascript:alert(1))',
  '[lien](java\nscript:alert(1))',
  '[lien](  javascript:alert(1))',
  '[lien](<javascript:alert(1)>)',
  '[lien](vbscript:msgbox(1))',
  '[lien](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[lien](file:///etc/passwd)',
  '[lien][ref]\n\n[ref]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![image](javascript:alert(1))',
  '![image](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![image](https://evil.example/x.png" onerror="alert(1))',
  '[lien](https://closia.fr "titre" onmouseover="alert(1)")',
  '[lien](https://closia.fr "\\" onmouseover=\\"alert(1)")',
  '```"><script>alert(1)</script>\ncode\n```',
  '```js onload=alert(1)\nconst a = 1;\n```',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  '\\<script>alert(1)\\</script>',
  '# <img src=x onerror=alert(1)> titre',
  '| a | b |\n|---|---|\n| <script>alert(1)</script> | <img src=x onerror=alert(1)> |',
  '- [x] <input type="text" onfocus=alert(1)>',
  'note[^x]\n\n[^x]: <script>alert(1)</script>',
  '<a href="#" onclick="alert(1)">clic</a>',
  '<a href="https://closia.fr" target="_top" rel="opener">lien</a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<xmp><script>alert(1)</script></xmp>',
];

describe('the Markdown XSS corpus comes out inert', () => {
  it.each(xssCorpus.map((markdown) => [markdown]))('%s', async (markdown) => {
    const { html } = await render(markdown);
    // Parsed as a browser would: what is left may quote the attack as text, never run it.
    expect(activeParts(html), html).toEqual([]);
  });

  it('would see an attack that got through (the check itself)', () => {
    expect(activeParts('<img src=x onerror=alert(1)><a href=" JaVaScript:x">a</a><svg></svg>')).toEqual([
      'img[src=x]',
      'img[onerror]',
      'a[href= JaVaScript:x]',
      '<svg>',
    ]);
  });

  it('keeps escaped HTML as text', async () => {
    const { html } = await render('&lt;script&gt; et \\<b>gras\\</b>');
    expect(html).toBe('<p>&#x3C;script> et &#x3C;b>gras&#x3C;/b></p>');
  });
});

describe('rendering articles', () => {
  it('renders GitHub Markdown: tables, task lists, strikethrough, autolinks, footnotes in French', async () => {
    const { html } = await render(
      [
        '| Étape | Durée |',
        '|---|---:|',
        '| Appel | 15 min |',
        '',
        '- [x] fait',
        '- [ ] à faire',
        '',
        '~~barré~~ et https://closia.fr',
        '',
        'Une note[^1].',
        '',
        '[^1]: Le détail.',
      ].join('\n'),
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<td align="right">15 min</td>');
    expect(html).toContain('<input type="checkbox" checked disabled>');
    expect(html).toContain('<del>barré</del>');
    expect(html).toContain('<a href="https://closia.fr">https://closia.fr</a>');
    expect(html).toContain('<h2 class="sr-only" id="user-content-footnote-label">Notes</h2>');
    expect(html).toContain('href="#user-content-fn-1"');
    expect(html).toContain('id="user-content-fn-1"');
    expect(html).toContain('aria-label="Retour à l’appel de note 1"');
  });

  it('gives headings prefixed ids that the table of contents and in-page links use', async () => {
    const { html, toc } = await render(
      '# Titre\n\n## Première partie\n\nVoir [plus bas](#deuxième-partie).\n\n### Détail\n\n## Deuxième partie\n\n## Deuxième partie',
    );
    expect(toc).toEqual([
      { id: 'user-content-première-partie', text: 'Première partie', depth: 2 },
      { id: 'user-content-détail', text: 'Détail', depth: 3 },
      { id: 'user-content-deuxième-partie', text: 'Deuxième partie', depth: 2 },
      { id: 'user-content-deuxième-partie-1', text: 'Deuxième partie', depth: 2 },
    ]);
    for (const entry of toc) expect(html).toContain(`id="${entry.id}"`);
    expect(html).toContain('<a href="#user-content-deuxième-partie">plus bas</a>');
  });

  it('marks external links noopener nofollow, not the site’s own', async () => {
    const { html } = await render(
      '[ailleurs](https://exemple.fr/page) [ici](https://closia.fr/blog) [relatif](/tutorials) [mail](mailto:a@b.fr)',
    );
    expect(html).toContain('<a href="https://exemple.fr/page" rel="noopener nofollow">ailleurs</a>');
    expect(html).toContain('<a href="https://closia.fr/blog">ici</a>');
    expect(html).toContain('<a href="/tutorials">relatif</a>');
    expect(html).toContain('<a href="mailto:a@b.fr">mail</a>');
  });

  it('highlights code blocks of a known language, leaves the others as text', async () => {
    const { html } = await render('```ts\nconst total: number = 1;\n```\n\n```cobol\nDISPLAY "X".\n```');
    expect(html).toContain('<code class="hljs language-ts"><span class="hljs-keyword">const</span>');
    expect(html).toContain('<code class="hljs language-cobol">DISPLAY "X".\n</code>');
  });

  it('counts the reading time at 230 words a minute, at least one', async () => {
    expect(readingMinutesOf(0)).toBe(1);
    expect(readingMinutesOf(230)).toBe(1);
    expect(readingMinutesOf(230 * 4 + 100)).toBe(4);
    expect((await render('un deux trois')).readingMinutes).toBe(1);
    expect((await render(`${'mot '.repeat(690)}`)).readingMinutes).toBe(3);
  });
});
