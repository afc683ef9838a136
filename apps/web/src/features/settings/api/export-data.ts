import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const exportFileName = 'closia-export.json';

/** `GET /user/export` → everything stored about the signed-in user (RGPD right of access). */
export function getDataExport(): Promise<unknown> {
  return api.get<unknown>('/user/export');
}

/** Saves a JSON value as a file through a temporary link. */
function saveJson(value: unknown, fileName: string) {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches the export and downloads it as `closia-export.json`. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const data = await getDataExport();
      saveJson(data, exportFileName);
    },
    meta: { handlesError: true },
  });
}
