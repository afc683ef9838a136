import type { ImportTarget, ProspectImportResult } from '@closia/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { prospectKeys } from './prospect-keys';

export interface ImportProspectsVariables {
  file: File;
  /** Header → target; without it the server guesses the mapping from the headers. */
  mapping?: Record<string, ImportTarget>;
  dryRun: boolean;
}

/**
 * `POST /prospects/import`, multipart: `mapping` (JSON) and `dryRun` ("1") before `file` (the
 * server reads the fields sent ahead of the file's stream) → what the import does, or would do on
 * a dry run | 422 on `file` (size, neither CSV nor .xlsx, too many lines) or `mapping.<header>`.
 */
export function importProspects({ file, mapping, dryRun }: ImportProspectsVariables) {
  const body = new FormData();
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  if (dryRun) body.append('dryRun', '1');
  body.append('file', file);
  return api.post<ProspectImportResult>('/prospects/import', body);
}

export function useImportProspects() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProspects,
    meta: { handlesError: true },
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: prospectKeys.all });
    },
  });
}
