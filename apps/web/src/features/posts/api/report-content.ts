import type { ReportInput } from '@closia/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ReportTarget = { kind: 'post' | 'comment'; id: number };

/** `POST /posts/{id}/report`, `POST /comments/{id}/report` {reason} → 201 | 409 `CONTENT_ALREADY_REPORTED`. */
export function reportContent({ target, input }: { target: ReportTarget; input: ReportInput }) {
  const base = target.kind === 'post' ? '/posts' : '/comments';
  return api.post<unknown>(`${base}/${target.id}/report`, input);
}

export function useReportContent() {
  return useMutation({ mutationFn: reportContent, meta: { handlesError: true } });
}
