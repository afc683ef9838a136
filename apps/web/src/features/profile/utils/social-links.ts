/** The platform of a social link, from its domain; `link` for anything else. */
export type SocialPlatform = 'linkedin' | 'instagram' | 'youtube' | 'tiktok' | 'x' | 'facebook' | 'link';

export const socialPlatformLabels: Record<SocialPlatform, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  x: 'X',
  facebook: 'Facebook',
  link: 'Site web',
};

const domains: [SocialPlatform, string[]][] = [
  ['linkedin', ['linkedin.com', 'lnkd.in']],
  ['instagram', ['instagram.com', 'instagr.am']],
  ['youtube', ['youtube.com', 'youtu.be']],
  ['tiktok', ['tiktok.com']],
  ['x', ['x.com', 'twitter.com']],
  ['facebook', ['facebook.com', 'fb.com', 'fb.me']],
];

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** `https://www.linkedin.com/in/x` → 'linkedin'; a subdomain counts, a look-alike domain does not. */
export function socialPlatform(url: string): SocialPlatform {
  const host = hostOf(url);
  if (!host) return 'link';
  for (const [platform, names] of domains) {
    if (names.some((name) => host === name || host.endsWith(`.${name}`))) return platform;
  }
  return 'link';
}

/** The host without `www.` ("monsite.fr"), for a plain link's text. */
export function displayHost(url: string): string {
  return hostOf(url)?.replace(/^www\./, '') ?? url;
}

/** Only http(s) links are rendered as links (no `javascript:` and the like). */
export function isSafeHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
