/**
 * The commission lines for the accountant (`GET /commissions/export`): a CSV file, `;`-separated
 * UTF-8 with a BOM and CRLF (lib/csv.ts), French headers and labels, amounts in euros with a
 * decimal comma, days as JJ/MM/AAAA, formulas neutralised. Written as it is read: a batch of lines
 * at a time (keyset), never the whole ledger in memory.
 */
import { Readable } from 'node:stream';
import {
  type CommissionExportQuery,
  type CommissionLine,
  commissionRoleLabels,
  commissionStatusLabels,
} from '@closia/shared';
import type { DbOrTx } from '../../db/client';
import { writeCsv } from '../../lib/csv';
import type { Viewer } from '../../lib/viewer';
import { exportedLines } from './commissions.service';

export const COMMISSION_EXPORT_HEADERS = [
  'Échéance',
  'Vente',
  'Offre',
  'Bénéficiaire',
  'Payeur',
  'Rôle',
  'Versement',
  'Montant (€)',
  'Statut',
  'Payée le',
  'Reprise le',
  'N° de ligne',
] as const;

const parisDay = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** 'YYYY-MM-DD' → 'JJ/MM/AAAA'. */
const frenchDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** An instant's day in Paris, 'JJ/MM/AAAA'. */
const frenchInstant = (iso: string | null) => (iso ? parisDay.format(new Date(iso)) : '');

/** Cents → euros with a decimal comma and no thousands separator (a number to French Excel): -1234,50. */
export function euroCell(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function csvRow(line: CommissionLine): string[] {
  return [
    frenchDay(line.dueOn),
    line.dealTitle,
    line.service?.name ?? '',
    line.beneficiary.fullName,
    line.payer?.fullName ?? '',
    commissionRoleLabels[line.role],
    `${line.instalment}/${line.instalments}`,
    euroCell(line.amountCents),
    commissionStatusLabels[line.status],
    frenchInstant(line.paidAt),
    frenchInstant(line.clawedBackAt),
    String(line.id),
  ];
}

/**
 * `GET /commissions/export`: the caller's lines of the filters (their side of the ledger, as the
 * list) as a CSV stream and its file name. The period is checked (422) and the first batch read
 * before anything is sent: a database outage then answers 503 in the envelope, not a cut file.
 */
export async function exportCommissions(
  db: DbOrTx,
  viewer: Viewer,
  query: CommissionExportQuery,
): Promise<{ filename: string; stream: Readable }> {
  const { period, batches } = exportedLines(db, viewer, query);
  const first = await batches.next();
  async function* csv() {
    yield writeCsv([[...COMMISSION_EXPORT_HEADERS]], { bom: true });
    if (first.done) return;
    yield writeCsv(first.value.map(csvRow));
    for await (const lines of batches) yield writeCsv(lines.map(csvRow));
  }
  return {
    filename: `commissions-${period.from}-${period.to}.csv`,
    stream: Readable.from(csv(), { objectMode: false }),
  };
}
