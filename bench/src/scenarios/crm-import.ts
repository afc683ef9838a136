/**
 * The CSV import of the "crm" scenario: the 10,000-line file it sends (built in memory) and one
 * timed call of POST /api/v1/prospects/import with the server's RSS sampled meanwhile.
 */
import { performance } from 'node:perf_hooks';
import { prospectStateLabels, prospectStates } from '@closia/shared';
import { firstNames, lastNames, slug } from '../generate/french';
import { Random } from '../generate/random';
import { rssMb, type Server, sampleRss } from '../processes';
import { oneLine } from '../report';

/** Lines of the imported CSV file (the import's limit, prospectLimits.importMaxLines). */
export const IMPORT_LINES = 10_000;
/** How often the server's RSS is read during an import call. */
const IMPORT_RSS_EVERY_MS = 50;

export interface ImportCall {
  dryRun: boolean;
  status: number;
  ms: number;
  rssBeforeMb: number | null;
  rssPeakMb: number | null;
  rssAfterMb: number | null;
  answer: { total: number; valid: number; invalid: number; duplicates: number; imported: number } | null;
  /** Why the call does not count (unexpected status or counts), null when it is as expected. */
  problem: string | null;
}

// ── the CSV import ─────────────────────────────────────────────────────────────────────────────

const csvNotes = [
  'Rencontré au salon de l’étudiant, très intéressé.',
  'Veut une démo « en vrai » avant de s’engager',
  'Rappeler après 18 h ; pas le matin',
  'Ancien élève d’une autre école, cherche un accompagnement sérieux.',
  'Budget serré, éligible CPF ?',
  'Préfère les échanges par e-mail.',
  'A dit : "je réfléchis", relancer dans 15 jours',
  'Intéressée par le financement en 3 fois',
];

/** A cell as a CSV field: quoted when it holds the separator, a quote or a line break. */
const cell = (value: string) => (/[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The imported file: UTF-8 with a BOM, `;`, CRLF, French headers and accents, every e-mail and
 * phone unique (none is a duplicate of another line, nor of the importing user's prospects).
 */
export function buildImportCsv(lines: number, seed = 9): Buffer {
  const rng = new Random(seed);
  const rows = [['Prénom', 'Nom', 'E-mail', 'Téléphone', 'Statut', 'Observations']];
  for (let i = 0; i < lines; i++) {
    const firstName = rng.pick(firstNames);
    const lastName = rng.chance(0.95) ? rng.pick(lastNames) : '';
    const digits = String(20_000_000 + i * 613).padStart(8, '0');
    const phone = rng.chance(0.8)
      ? `07 ${digits.match(/../g)!.join(' ')}`
      : `+33 7 ${digits.match(/../g)!.join(' ')}`;
    const state = rng.chance(0.7) ? prospectStateLabels[rng.pick(prospectStates)] : '';
    rows.push([
      firstName,
      lastName,
      `${slug(firstName)}.${slug(lastName || 'contact')}.import${i}@exemple-import.fr`,
      phone,
      state,
      rng.chance(0.4) ? rng.pick(csvNotes) : '',
    ]);
  }
  return Buffer.from(`\uFEFF${rows.map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`, 'utf8');
}

/** The value of one cookie of a `name=value; …` header. */
function cookieValue(header: string, name: string): string | undefined {
  for (const pair of header.split('; ')) {
    const at = pair.indexOf('=');
    if (pair.slice(0, at) === name) return decodeURIComponent(pair.slice(at + 1));
  }
  return undefined;
}

export async function importCall(
  server: Server,
  cookie: string,
  csv: Buffer,
  dryRun: boolean,
): Promise<ImportCall> {
  const form = new FormData();
  if (dryRun) form.append('dryRun', '1');
  form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), 'prospects-import.csv');
  const csrf = cookieValue(cookie, 'XSRF-TOKEN');
  const rssBeforeMb = rssMb(server.pid);
  const rss = sampleRss(server.pid, IMPORT_RSS_EVERY_MS);
  const started = performance.now();
  let status: number;
  let text: string;
  let ms: number;
  let memory: { peak: number | null; last: number | null };
  try {
    const response = await fetch(`${server.baseUrl}/api/v1/prospects/import`, {
      method: 'POST',
      headers: { cookie, ...(csrf ? { 'x-xsrf-token': csrf } : {}) },
      body: form,
      signal: AbortSignal.timeout(300_000),
    });
    status = response.status;
    text = await response.text();
  } finally {
    ms = performance.now() - started;
    memory = rss.stop();
  }
  const expected = dryRun ? 200 : 201;
  let answer: ImportCall['answer'] = null;
  let problem: string | null = null;
  if (status !== expected) {
    problem = `answered ${status}, expected ${expected}: ${oneLine(text, 1_000)}`;
  } else {
    const body = JSON.parse(text) as Record<string, unknown>;
    const n = (key: string) => (typeof body[key] === 'number' ? (body[key] as number) : Number.NaN);
    answer = {
      total: n('total'),
      valid: n('valid'),
      invalid: n('invalid'),
      duplicates: n('duplicates'),
      imported: n('imported'),
    };
    const wanted = dryRun
      ? { total: IMPORT_LINES, valid: IMPORT_LINES, invalid: 0, duplicates: 0, imported: 0 }
      : { total: IMPORT_LINES, valid: IMPORT_LINES, invalid: 0, duplicates: 0, imported: IMPORT_LINES };
    const wrong = Object.entries(wanted).filter(
      ([key, value]) => answer![key as keyof typeof wanted] !== value,
    );
    if (wrong.length > 0) {
      const errors = JSON.stringify((body.errors as unknown[] | undefined)?.slice(0, 3) ?? []);
      problem = `${wrong.map(([key, value]) => `${key} ${answer![key as keyof typeof wanted]} (expected ${value})`).join(', ')}; first errors ${errors}`;
    }
  }
  return {
    dryRun,
    status,
    ms,
    rssBeforeMb,
    rssPeakMb: memory.peak,
    rssAfterMb: memory.last,
    answer,
    problem,
  };
}
