import { slugify } from '@closia/shared';

/*
 * The editor's slug: made from the title (shared `slugify`) while the admin has not written one of
 * their own; once they have, the title no longer changes it. An article already saved never follows
 * its title: its address is public, and changing it leaves a 301 behind.
 */

export interface SlugState {
  slug: string;
  /** Whether the slug is still made from the title. */
  followsTitle: boolean;
}

/** A new article's slug follows its title; a saved one keeps its own. */
export function initialSlugState(article: { slug: string } | null, title = ''): SlugState {
  return article ? { slug: article.slug, followsTitle: false } : { slug: slugify(title), followsTitle: true };
}

/** After the title changed: the title's slug while following, else unchanged. */
export function slugAfterTitle(state: SlugState, title: string): SlugState {
  return state.followsTitle ? { slug: slugify(title), followsTitle: true } : state;
}

/**
 * After the admin typed in the slug field: their text, no longer following the title — unless
 * they emptied the field or typed the title's own slug (then it follows again).
 */
export function slugAfterEdit(title: string, typed: string): SlugState {
  return { slug: typed, followsTitle: typed.trim() === '' || typed === slugify(title) };
}

/**
 * What the admin typed made into a slug (when the field is left): each `/`-separated segment
 * slugified, empty segments dropped — `Prospection / Appel à froid` → `prospection/appel-a-froid`.
 */
export function normalizeSlug(typed: string): string {
  return typed
    .split('/')
    .map((segment) => slugify(segment))
    .filter(Boolean)
    .join('/');
}
