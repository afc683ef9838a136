/** How a presentation video is shown: an embedded player for YouTube and Loom, else a plain link. */
export type VideoEmbed =
  | { kind: 'youtube'; embedUrl: string }
  | { kind: 'loom'; embedUrl: string }
  | { kind: 'link'; url: string };

const youtubeId = /^[\w-]{6,}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

function youtubeVideoId(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null | undefined = null;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1];
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [first, second] = url.pathname.split('/').filter(Boolean);
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second;
  }
  return id && youtubeId.test(id) ? id : null;
}

function loomVideoId(url: URL): string | null {
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  if (host !== 'loom.com') return null;
  const [first, second] = url.pathname.split('/').filter(Boolean);
  if ((first === 'share' || first === 'embed') && second && /^[\da-f]{16,}$/i.test(second)) return second;
  return null;
}

/**
 * YouTube → `https://www.youtube-nocookie.com/embed/<id>`, Loom → `https://www.loom.com/embed/<id>`;
 * any other http(s) address a plain link; null when the value is not an http(s) URL.
 */
export function videoEmbed(value: string | null | undefined): VideoEmbed | null {
  if (!value) return null;
  const url = parse(value);
  if (!url) return null;
  const youtube = youtubeVideoId(url);
  if (youtube) return { kind: 'youtube', embedUrl: `https://www.youtube-nocookie.com/embed/${youtube}` };
  const loom = loomVideoId(url);
  if (loom) return { kind: 'loom', embedUrl: `https://www.loom.com/embed/${loom}` };
  return { kind: 'link', url: url.toString() };
}
