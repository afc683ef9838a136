import type { PostStatus } from '@closia/shared';

/*
 * The post being written, kept in the browser while it is typed (localStorage, one entry per post:
 * its id, or "new"), so that a closed tab or a lost connection loses nothing. Cleared once the
 * server has saved the post.
 */

export interface PostDraft {
  title: string;
  body: string;
  tags: string[];
  status: PostStatus;
  savedAt: string;
}

const PREFIX = 'closia:post-draft:';

export const draftKey = (postId: number | null) => `${PREFIX}${postId ?? 'new'}`;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The draft kept for this post, or null (none, or unreadable). */
export function readDraft(postId: number | null): PostDraft | null {
  const raw = storage()?.getItem(draftKey(postId));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PostDraft>;
    if (typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      title: value.title,
      body: value.body,
      tags: Array.isArray(value.tags) ? value.tags.filter((tag) => typeof tag === 'string') : [],
      status: value.status === 'draft' ? 'draft' : 'published',
      savedAt: typeof value.savedAt === 'string' ? value.savedAt : new Date().toISOString(),
    };
  } catch {
    return null;
  }
}

export function writeDraft(postId: number | null, draft: Omit<PostDraft, 'savedAt'>): void {
  try {
    storage()?.setItem(draftKey(postId), JSON.stringify({ ...draft, savedAt: new Date().toISOString() }));
  } catch {
    // A full or blocked storage: the draft is simply not kept.
  }
}

export function clearDraft(postId: number | null): void {
  try {
    storage()?.removeItem(draftKey(postId));
  } catch {
    // Nothing to do.
  }
}

/** Whether a draft differs from what the form would show without it. */
export function differs(draft: PostDraft, from: Omit<PostDraft, 'savedAt'>): boolean {
  return (
    draft.title !== from.title ||
    draft.body !== from.body ||
    draft.status !== from.status ||
    draft.tags.join('\n') !== from.tags.join('\n')
  );
}
