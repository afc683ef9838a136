/**
 * Markdown → safe HTML for the articles (issue 22 §1), loaded on first use only
 * (`article-markdown.ts`): unified, its plugins and the highlighter stay out of the start-up.
 *
 * remark-parse + remark-gfm (tables, task lists, strikethrough, footnotes, autolinks) →
 * remark-rehype without `allowDangerousHtml` (raw HTML in the Markdown is dropped, never rendered) →
 * rehype-slug (heading ids) → rehype-sanitize with GitHub's schema (allowed tags, attributes and
 * URL schemes only; `id`s prefixed `user-content-` so that no id clobbers a global of the page) →
 * in-page links pointed at the prefixed ids, external links `rel="noopener nofollow"` →
 * rehype-highlight (code blocks with a language; after the sanitiser: its `span`s are made from
 * the code's text, never from the author's HTML) → rehype-stringify.
 */
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as textOfNode } from 'hast-util-to-string';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { highlighter } from './highlighter';

export interface TocEntry {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  html: string;
  toc: TocEntry[];
  /** Words of the readable text (code included), for the reading time. */
  words: number;
}

/** What rehype-sanitize prefixes every `id` (and `name`) with (GitHub's schema). */
export const CLOBBER_PREFIX = defaultSchema.clobberPrefix ?? 'user-content-';

/** The (visually hidden) heading of the footnotes: not in the table of contents. */
const FOOTNOTES_LABEL_ID = `${CLOBBER_PREFIX}footnote-label`;

/** The headings the table of contents lists: `##` to `####`. */
const TOC_DEPTHS: Record<string, number> = { h2: 2, h3: 3, h4: 4 };

function* elements(node: Root | Element): Generator<Element> {
  for (const child of node.children as (RootContent | ElementContent)[]) {
    if (child.type === 'element') {
      yield child;
      yield* elements(child);
    }
  }
}

/** The host of the site: links to it are not external. */
function isExternal(href: string, siteHost: string | null): boolean {
  try {
    const url = new URL(href);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return url.host !== siteHost;
  } catch {
    return false;
  }
}

interface RenderData {
  siteHost: string | null;
  toc: TocEntry[];
  words: number;
}

/**
 * In-page links to the prefixed ids; `rel` on external links; the table of contents and the words
 * counted (in the file's `data`: one processor serves every render).
 */
function finishLinks() {
  return (tree: Root, file: { data: Record<string, unknown> }) => {
    const data = file.data as unknown as RenderData;
    const ids = new Set<string>();
    for (const element of elements(tree)) {
      const id = element.properties.id;
      if (typeof id === 'string') ids.add(id);
    }
    for (const element of elements(tree)) {
      const depth = TOC_DEPTHS[element.tagName];
      const id = element.properties.id;
      if (depth && typeof id === 'string' && id !== FOOTNOTES_LABEL_ID) {
        const text = textOfNode(element).replace(/\s+/g, ' ').trim();
        if (text) data.toc.push({ id, text, depth });
      }
      if (element.tagName !== 'a') continue;
      const href = element.properties.href;
      if (typeof href !== 'string') continue;
      if (href.startsWith('#') && href.length > 1) {
        let target = href.slice(1);
        try {
          target = decodeURIComponent(target);
        } catch {
          // keep it as written
        }
        if (!target.startsWith(CLOBBER_PREFIX) && ids.has(CLOBBER_PREFIX + target)) {
          element.properties.href = `#${CLOBBER_PREFIX}${target}`;
        }
      } else if (isExternal(href, data.siteHost)) {
        element.properties.rel = ['noopener', 'nofollow'];
      }
    }
    const text = textOfNode(tree as unknown as Element);
    data.words = text.split(/[^\p{L}\p{N}’'-]+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // No prefix here: the sanitiser adds it to every id, footnotes' included (else twice).
  .use(remarkRehype, {
    clobberPrefix: '',
    footnoteLabel: 'Notes',
    footnoteBackLabel: (index: number) => `Retour à l’appel de note ${index + 1}`,
  })
  .use(rehypeSlug)
  .use(rehypeSanitize, defaultSchema)
  .use(finishLinks)
  .use(highlighter)
  .use(rehypeStringify)
  .freeze();

/** Renders one Markdown text; `siteUrl` tells which links are external. */
export function renderMarkdown(markdownText: string, siteUrl: string): RenderedMarkdown {
  let siteHost: string | null = null;
  try {
    siteHost = new URL(siteUrl).host;
  } catch {
    siteHost = null;
  }
  const data: RenderData = { siteHost, toc: [], words: 0 };
  const file = processor.processSync({ value: markdownText, data: data as never });
  return { html: String(file.value), toc: data.toc, words: data.words };
}
