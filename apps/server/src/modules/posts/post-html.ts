/**
 * A post's body as the server keeps it: the editor's HTML through an allow-list (sanitize-html),
 * never what the client sent. Kept: headings h2–h4, paragraphs, line breaks, bold, italic,
 * underline, strike, quotes, lists, code; links to http(s) and mailto only, opened in a new tab
 * with `rel="noopener nofollow ugc"`; images only from our own uploads. Anything else is dropped
 * (its text kept, except for scripts and styles): an external image or a script pasted into the
 * editor is stripped, not refused — unless nothing is left.
 */
import sanitizeHtml from 'sanitize-html';

/** Our uploaded pictures: the profile pictures' path and the posts' covers and images (random names). */
const OWN_IMAGE =
  /^\/api\/v1\/(?:user\/upload|posts\/(?:covers|images))\/[a-f0-9]{32}\.webp(?:\?type=profile)?$/;
const LINK = /^(?:https?:\/\/|mailto:)/i;

export const LINK_REL = 'noopener nofollow ugc';

/** The path of one of our uploads, or null; `origin` (the app's URL) is accepted in front of it. */
export function ownImagePath(src: string | undefined, origin: string | null): string | null {
  if (!src) return null;
  let path = src.trim();
  if (origin && path.startsWith(`${origin}/`)) path = path.slice(origin.length);
  return OWN_IMAGE.test(path) ? path : null;
}

function options(origin: string | null): sanitizeHtml.IOptions {
  return {
    allowedTags: [
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'blockquote',
      'ul',
      'ol',
      'li',
      'code',
      'pre',
      'a',
      'img',
    ],
    allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      // A heading the editor may offer beyond our levels becomes the nearest kept one.
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      // (A transform never changes the tag's name: sanitize-html would close it under the new one.)
      a: (_tag, attribs) => {
        const href = attribs.href?.trim();
        const kept: sanitizeHtml.Attributes =
          href && LINK.test(href) ? { href, rel: LINK_REL, target: '_blank' } : {};
        return { tagName: 'a', attribs: kept };
      },
      img: (_tag, attribs) => {
        const src = ownImagePath(attribs.src, origin);
        if (!src) return { tagName: 'img', attribs: {} };
        return {
          tagName: 'img',
          attribs: { src, ...(attribs.alt ? { alt: attribs.alt.slice(0, 300) } : {}) },
        };
      },
    },
    // A link elsewhere than http(s)/mailto (relative, javascript:, data:) keeps its text only; an
    // image that is not one of our uploads goes.
    exclusiveFilter: (frame) => {
      if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
      return frame.tag === 'img' && !frame.attribs.src;
    },
  };
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The text of sanitised HTML (blocks separated by a space), whitespace collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

export interface SanitisedBody {
  html: string;
  text: string;
  hasImage: boolean;
  /** The input had an image or an active element (script, frame, object…) the allow-list dropped. */
  hadUnsafe: boolean;
}

const UNSAFE_HINT = /<\s*(?:img|script|iframe|object|embed|svg|style|link|meta|form|video|audio)\b/i;

/** The body kept for `html`; `origin`: the app's public URL, accepted in front of our image paths. */
export function sanitisePostHtml(html: string, origin: string | null = null): SanitisedBody {
  const clean = sanitizeHtml(html, options(origin)).trim();
  return {
    html: clean,
    text: textOf(clean),
    hasImage: /<img\b/.test(clean),
    hadUnsafe: UNSAFE_HINT.test(html),
  };
}

export const EXCERPT_LENGTH = 200;

/** The first ~200 characters of a text, cut on a word boundary, with an ellipsis when cut. */
export function excerptOf(text: string, length = EXCERPT_LENGTH): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const space = cut.lastIndexOf(' ');
  const head = (space > length / 2 ? cut.slice(0, space) : text.slice(0, length)).replace(
    /[\s.,;:!?…-]+$/,
    '',
  );
  return `${head}…`;
}
