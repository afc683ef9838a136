/**
 * The export of the caller's prospects (`GET /prospects/export`): a CSV file, `;`-separated UTF-8
 * with a BOM and CRLF (lib/csv.ts), French headers and labels, one column per custom field,
 * formulas neutralised. Importing an export (prospects-import.service.ts) gives back the same
 * prospects.
 */
import { type LeadStage, leadStageLabels, type ProspectState, prospectStateLabels } from '@closia/shared';
import type { DbOrTx } from '../../db/client';
import { writeCsv } from '../../lib/csv';
import { formatParis, parisDate } from '../../lib/paris-time';
import { prospectsToExport } from './prospects.list';
import type { ProspectFilters } from './prospects.service';

export const EXPORT_HEADERS = [
  'Prénom',
  'Nom',
  'E-mail',
  'Téléphone',
  'Statut',
  'Qualification',
  'Prochaine activité',
  'Liens',
  'Observations',
] as const;

/** `GET /prospects/export`: the caller's prospects (the list's filters and order) as a CSV file. */
export async function exportProspects(
  db: DbOrTx,
  ownerId: number,
  filters: ProspectFilters,
  now = new Date(),
): Promise<{ filename: string; body: string }> {
  const rows = await prospectsToExport(db, ownerId, filters, now);
  const customKeys = [...new Set(rows.flatMap((row) => Object.keys(row.customFields ?? {})))].sort((a, b) =>
    a.localeCompare(b, 'fr'),
  );
  const lines: string[][] = [[...EXPORT_HEADERS, ...customKeys]];
  for (const row of rows) {
    lines.push([
      row.firstName,
      row.lastName ?? '',
      row.email ?? '',
      row.phone ?? '',
      row.state ? (prospectStateLabels[row.state as ProspectState] ?? row.state) : '',
      row.leadStage ? (leadStageLabels[row.leadStage as LeadStage] ?? row.leadStage) : '',
      row.nextActivityAt ? formatParis(row.nextActivityAt) : '',
      row.contactLinks.join(' '),
      row.observations ?? '',
      ...customKeys.map((key) => row.customFields?.[key] ?? ''),
    ]);
  }
  return { filename: `prospects-${parisDate(now)}.csv`, body: writeCsv(lines, { bom: true }) };
}
