import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeExcelFile, { type SheetData } from 'write-excel-file/node';
import { prospects } from '../../db/schema';
import { createTestApp, signedInClient, TestClient, type TestContext } from '../../test/helpers';
import { givePlan } from '../../test/plans';
import { guessMapping } from './import-mapping';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const seller = () => signedInClient(ctx.app, { kind: 'setter_closer' });

/** POSTs a multipart form: the CSV (or workbook) as `file` (unless null) and text fields. */
function importCsv(
  client: TestClient,
  file: string | Buffer | null,
  fields: Record<string, string> = {},
  fileField = 'file',
  filename = 'prospects.csv',
) {
  const type = filename.endsWith('.xlsx')
    ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
    : 'text/csv';
  const boundary = `----closia${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file !== null) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return client.request('POST', '/api/v1/prospects/import', Buffer.concat(parts), {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const countOf = async (ownerId: number) =>
  (await ctx.app.db.select({ id: prospects.id }).from(prospects).where(eq(prospects.ownerId, ownerId)))
    .length;

const validationEnvelope = (error: Record<string, unknown>) => ({
  code: 'E_VALIDATION_ERROR',
  message: 'Validation failure',
  errors: [error],
});

describe('guessing the mapping from the headers', () => {
  it('knows French and English names, accents and case aside; other headers become custom fields', () => {
    expect(
      guessMapping([
        'Prénom',
        'NOM',
        'Courriel',
        'Téléphone',
        'Tel',
        'Notes',
        'Commentaires',
        'Statut',
        'Qualification',
        'LinkedIn',
        'Site web',
        'Prochaine activité',
        'Budget',
        'ID',
      ]),
    ).toEqual({
      Prénom: 'firstName',
      NOM: 'lastName',
      Courriel: 'email',
      Téléphone: 'phone',
      Tel: 'customFields.Tel',
      Notes: 'observations',
      Commentaires: 'observations',
      Statut: 'state',
      Qualification: 'leadStage',
      LinkedIn: 'contactLinks',
      'Site web': 'contactLinks',
      'Prochaine activité': 'nextActivityAt',
      Budget: 'customFields.Budget',
      ID: 'ignore',
    });
    expect(guessMapping(['First Name', 'Last name', 'E-mail', 'Phone', 'Status'])).toEqual({
      'First Name': 'firstName',
      'Last name': 'lastName',
      'E-mail': 'email',
      Phone: 'phone',
      Status: 'state',
    });
    const many = Array.from({ length: 32 }, (_, i) => `Champ ${i + 1}`);
    const guessed = guessMapping(many);
    expect(Object.values(guessed).filter((t) => t.startsWith('customFields.'))).toHaveLength(30);
    expect(guessed['Champ 31']).toBe('ignore');
  });
});

describe('the OpenAPI document', () => {
  it('describes the import as a multipart form (file, mapping, dryRun) and lists every route', () => {
    const doc = ctx.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: object } }> } }>
      >;
    };
    const form = doc.paths['/api/v1/prospects/import']?.post?.requestBody?.content['multipart/form-data'];
    expect(Object.keys(form?.schema.properties ?? {})).toEqual(['file', 'mapping', 'dryRun']);
    expect(JSON.stringify(doc.paths['/api/v1/prospects/import']?.post)).toContain('CSV or Excel (.xlsx)');
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/v1/prospects',
        'POST /api/v1/prospects',
        'GET /api/v1/prospects/export',
        'POST /api/v1/prospects/import',
        'GET /api/v1/prospects/{id}',
        'PUT /api/v1/prospects/{id}',
        'DELETE /api/v1/prospects/{id}',
        'POST /api/v1/prospects/{id}/activities',
        'GET /api/v1/activities',
        'PUT /api/v1/activities/{id}',
        'DELETE /api/v1/activities/{id}',
      ]),
    );
  });
});

describe('POST /api/v1/prospects/import', () => {
  const csv = [
    'Prénom;Nom;E-mail;Téléphone;Statut;Budget',
    'Hélène;Dupré;helene@exemple.fr;06 12 34 56 78;Suivi;2000',
    'Jean;Martin;jean@exemple.fr;;success;',
    'J;Court;court@exemple.fr;;;',
    'Paul;Mauvais;pas-un-email;;Occupé;',
    'Hélène;Doublon;HELENE@exemple.fr;;;',
    'Marc;Tel;;+33 6 12 34 56 78;;',
    'Déjà;Connu;existant@exemple.fr;;;',
    '',
    'Zoé;;;;;',
  ].join('\r\n');

  it('a dry run reports counts, line errors, duplicates and a preview, and creates nothing', async () => {
    const { user, client } = await seller();
    await client.post('/api/v1/prospects', { firstName: 'Existant', email: 'Existant@Exemple.fr' });
    const res = await importCsv(client, csv, { dryRun: '1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dryRun: true,
      headers: ['Prénom', 'Nom', 'E-mail', 'Téléphone', 'Statut', 'Budget'],
      mapping: {
        Prénom: 'firstName',
        Nom: 'lastName',
        'E-mail': 'email',
        Téléphone: 'phone',
        Statut: 'state',
        Budget: 'customFields.Budget',
      },
      total: 8,
      valid: 6,
      invalid: 2,
      duplicates: 3,
      imported: 0,
    });
    expect(body.errors).toEqual([
      { line: 4, field: 'firstName', message: 'The firstName field must have at least 2 characters' },
      { line: 5, field: 'email', message: 'The email field must be a valid email address' },
      { line: 5, field: 'state', message: 'The selected state is invalid' },
    ]);
    expect(body.duplicateLines).toEqual([
      {
        line: 6,
        fullName: 'Hélène Doublon',
        email: 'helene@exemple.fr',
        phone: null,
        existingId: null,
        firstLine: 2,
      },
      {
        line: 7,
        fullName: 'Marc Tel',
        email: null,
        phone: '+33 6 12 34 56 78',
        existingId: null,
        firstLine: 2,
      },
      {
        line: 8,
        fullName: 'Déjà Connu',
        email: 'existant@exemple.fr',
        phone: null,
        existingId: expect.any(Number),
        firstLine: null,
      },
    ]);
    expect(body.preview).toEqual([
      {
        line: 2,
        firstName: 'Hélène',
        lastName: 'Dupré',
        fullName: 'Hélène Dupré',
        email: 'helene@exemple.fr',
        phone: '06 12 34 56 78',
        observations: null,
        state: 'follow_up',
        leadStage: null,
        contactLinks: [],
        customFields: { Budget: '2000' },
        nextActivityAt: null,
      },
      expect.objectContaining({ line: 3, fullName: 'Jean Martin', state: 'success', customFields: {} }),
      expect.objectContaining({ line: 10, fullName: 'Zoé', lastName: null, email: null }),
    ]);
    expect(await countOf(user.id)).toBe(1);
  });

  it('a real run creates the valid, non-duplicate lines at once (201)', async () => {
    const { user, client } = await seller();
    await client.post('/api/v1/prospects', { firstName: 'Existant', email: 'existant@exemple.fr' });
    const res = await importCsv(client, csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ dryRun: false, total: 8, valid: 6, duplicates: 3, imported: 3 });
    const list = (await client.get('/api/v1/prospects?sortBy=name')).json().data;
    expect(list.map((p: { fullName: string }) => p.fullName)).toEqual([
      'Existant',
      'Hélène Dupré',
      'Jean Martin',
      'Zoé',
    ]);
    expect(list[1]).toMatchObject({
      state: 'follow_up',
      customFields: { Budget: '2000' },
      phone: '06 12 34 56 78',
    });
    // Importing the same file again finds every line already there, but Zoé's: without an e-mail
    // or a phone, a line cannot be matched.
    const again = (await importCsv(client, csv)).json();
    expect(again).toMatchObject({ valid: 6, duplicates: 5, imported: 1 });
    expect(await countOf(user.id)).toBe(5);
  });

  it('reads a messy file: Windows-1252, quoted line breaks, French labels, spaces, links without scheme', async () => {
    const { client } = await seller();
    const text = [
      '  Prénom ; Nom de famille ;Adresse e-mail;Portable;Statut;Qualification;Liens;Remarques;Source;;Source',
      '"Hélène";"D\'Aubigné";" Helene.DAubigne@Exemple.FR ";"+33 (0)6 11 22 33 44";"en attente de réponse";Démo;"linkedin.com/in/helene | https://helene.fr";"Rappeler après 18h;\r\npas le lundi";Salon;x;Bis',
      ';;;;;;;;;;',
      'Noël;Lefèvre;noel@exemple.fr;;PAS INTERESSE;qualifié;www.noel.fr;"Il a dit ""peut-être""";;;',
      'Œdipe;Roi;oedipe@exemple.fr;;;;;;;;',
      'Éric;;eric@exemple.fr;;;;;;;;',
    ].join('\r\n');
    const windows1252 = Buffer.from(
      [...text].map((c) => {
        const special: Record<string, number> = { Œ: 0x8c };
        return special[c] ?? c.charCodeAt(0);
      }),
    );
    // The bytes are not UTF-8 (é is 0xE9): read as Windows-1252.
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(windows1252)).toThrow();
    const res = await importCsv(client, windows1252);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.headers).toEqual([
      'Prénom',
      'Nom de famille',
      'Adresse e-mail',
      'Portable',
      'Statut',
      'Qualification',
      'Liens',
      'Remarques',
      'Source',
      'Colonne 10',
      'Source (2)',
    ]);
    expect(body.mapping).toMatchObject({
      Prénom: 'firstName',
      'Nom de famille': 'lastName',
      'Adresse e-mail': 'email',
      Portable: 'phone',
      Liens: 'contactLinks',
      Remarques: 'observations',
      Source: 'customFields.Source',
      'Colonne 10': 'customFields.Colonne 10',
      'Source (2)': 'customFields.Source (2)',
    });
    expect(body).toMatchObject({ total: 4, valid: 4, invalid: 0, duplicates: 0, imported: 4, errors: [] });
    const list = (await client.get('/api/v1/prospects?sortBy=name')).json().data;
    expect(list.map((p: { fullName: string }) => p.fullName)).toEqual([
      'Éric',
      "Hélène D'Aubigné",
      'Noël Lefèvre',
      'Œdipe Roi',
    ]);
    expect(list[1]).toMatchObject({
      email: 'helene.daubigne@exemple.fr',
      phone: '+33 (0)6 11 22 33 44',
      state: 'waiting_for_response',
      leadStage: 'demo',
      contactLinks: ['https://linkedin.com/in/helene', 'https://helene.fr'],
      observations: 'Rappeler après 18h;\r\npas le lundi',
      customFields: { Source: 'Salon', 'Colonne 10': 'x', 'Source (2)': 'Bis' },
    });
    expect(list[2]).toMatchObject({
      state: 'not_interested',
      leadStage: 'qualified',
      contactLinks: ['https://www.noel.fr'],
      observations: 'Il a dit "peut-être"',
      customFields: {},
    });
  });

  it('follows the mapping sent: headers left out are ignored, custom names chosen', async () => {
    const { client } = await seller();
    const text = 'Contact,Mail,Whatever,Note interne\nAlice,alice@exemple.fr,x,VIP\n';
    const mapping = JSON.stringify({
      Contact: 'firstName',
      Mail: 'email',
      'Note interne': 'customFields.Priorité',
    });
    const res = await importCsv(client, text, { mapping, dryRun: '1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mapping).toEqual({
      Contact: 'firstName',
      Mail: 'email',
      Whatever: 'ignore',
      'Note interne': 'customFields.Priorité',
    });
    expect(res.json().preview[0]).toMatchObject({ firstName: 'Alice', customFields: { Priorité: 'VIP' } });
  });

  it('a line whose status contradicts its qualification is an error line, as with POST /prospects', async () => {
    const { user, client } = await seller();
    const text = [
      'Prénom;Nom;Statut;Qualification',
      'Jean;Martin;Succès;Perdu',
      'Zoé;Arnaud;Succès;Conclu',
      'Marc;Petit;Rejeté;Conclu',
    ].join('\n');
    const res = await importCsv(client, text);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 3, valid: 1, invalid: 2, imported: 1 });
    expect(res.json().errors).toEqual([
      {
        line: 2,
        field: 'leadStage',
        message: 'The selected leadStage contradicts the contact status success',
      },
      {
        line: 4,
        field: 'leadStage',
        message: 'The selected leadStage contradicts the contact status rejected',
      },
    ]);
    expect(await countOf(user.id)).toBe(1);
  });

  it('refuses a broken mapping with a 422 on mapping', async () => {
    const { client } = await seller();
    const text = 'Prénom;Nom\nJean;Martin\n';
    const cases: [string, Record<string, unknown>][] = [
      ['{not json', { field: 'mapping', rule: 'json', message: 'The mapping field must be valid JSON' }],
      ['[]', { field: 'mapping', rule: 'object', message: 'The mapping field must be an object' }],
      [
        '{"Prénom":"age"}',
        { field: 'mapping.Prénom', rule: 'in', message: 'The selected Prénom is invalid' },
      ],
      [
        '{"Prénom":"customFields."}',
        { field: 'mapping.Prénom', rule: 'in', message: 'The selected Prénom is invalid' },
      ],
      [
        '{"Téléphone":"phone"}',
        {
          field: 'mapping.Téléphone',
          rule: 'in',
          message: 'The mapping names a column the file does not have',
        },
      ],
      [
        '{"Prénom":"firstName","Nom":"firstName"}',
        {
          field: 'mapping.Nom',
          rule: 'distinct',
          message: 'The firstName field must not be chosen for more than one column',
        },
      ],
    ];
    for (const [mapping, error] of cases) {
      const res = await importCsv(client, text, { mapping, dryRun: '1' });
      expect(res.statusCode, mapping).toBe(422);
      expect(res.json()).toEqual(validationEnvelope(error));
    }
  });

  it('without a column for firstName, every line reports it (the headers come back to choose one)', async () => {
    const { client } = await seller();
    const res = await importCsv(client, 'Nom complet;Ville\nJean Martin;Lyon\n', { dryRun: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      headers: ['Nom complet', 'Ville'],
      mapping: { 'Nom complet': 'ignore', Ville: 'customFields.Ville' },
      valid: 0,
      invalid: 1,
      errors: [{ line: 2, field: 'firstName', message: 'The firstName field must be defined' }],
    });
  });

  it('answers 422 on file for a missing, empty, broken, binary or too large file, and on dryRun', async () => {
    const { client } = await seller();
    const expectFileError = async (res: Awaited<ReturnType<typeof importCsv>>, rule: string) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'file', rule })]);
    };
    await expectFileError(await importCsv(client, null, { dryRun: '1' }), 'required');
    await expectFileError(await importCsv(client, 'Prénom\nJean\n', {}, 'photo'), 'required');
    await expectFileError(await client.post('/api/v1/prospects/import', { file: 'Prénom\nJean' }), 'invalid');
    await expectFileError(await importCsv(client, ''), 'csv');
    await expectFileError(await importCsv(client, '\r\n;;\r\n'), 'csv');
    await expectFileError(await importCsv(client, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1])), 'csv');
    const unclosed = await importCsv(client, 'Prénom;Notes\nJean;"pas fermé\nsuite');
    await expectFileError(unclosed, 'csv');
    expect(unclosed.json().errors[0].meta).toEqual({ line: 2 });
    const big = `Prénom;Notes\n${`Jean;${'x'.repeat(1000)}\n`.repeat(2200)}`;
    const tooLarge = await importCsv(client, big);
    await expectFileError(tooLarge, 'fileSize');
    expect(tooLarge.json().errors[0]).toEqual({
      field: 'file',
      rule: 'fileSize',
      message: 'The file must not be larger than 2 MB',
      meta: { max: 2 * 1024 * 1024 },
    });
    const dry = await importCsv(client, 'Prénom\nJean\n', { dryRun: 'peut-être' });
    expect(dry.json().errors).toEqual([expect.objectContaining({ field: 'dryRun', rule: 'boolean' })]);
    expect((await new TestClient(ctx.app).post('/api/v1/prospects/import')).statusCode).toBe(401);
  });

  it('takes 10,000 lines in one go, refuses 10,001', async () => {
    const { user, client } = await seller();
    await givePlan(ctx.app.db, user.id, 'pro'); // beyond Gratuit's 100 prospects
    const lines = (n: number) =>
      [
        'Prénom;Nom;E-mail;Téléphone;Statut;Budget',
        ...Array.from(
          { length: n },
          (_, i) =>
            `Prénom${i};Nom${i};p${i}@exemple.fr;06 ${String(10_000_000 + i).slice(0, 8)};Prospection;${i}`,
        ),
      ].join('\r\n');
    const over = await importCsv(client, lines(10_001), { dryRun: '1' });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual(
      validationEnvelope({
        field: 'file',
        rule: 'maxLines',
        message: 'The file must not have more than 10000 lines',
        meta: { max: 10_000 },
      }),
    );
    const started = performance.now();
    const res = await importCsv(client, lines(10_000));
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json()).toMatchObject({ total: 10_000, valid: 10_000, duplicates: 0, imported: 10_000 });
    expect(res.json().preview).toHaveLength(20);
    expect(await countOf(user.id)).toBe(10_000);
    console.info(`imported 10,000 lines in ${seconds} s`);
  });
});

describe('POST /api/v1/prospects/import with an Excel workbook (.xlsx)', () => {
  const excel = (data: SheetData) => writeExcelFile(data).toBuffer();
  const paris = (y: number, m: number, d: number, h = 0, min = 0) => new Date(Date.UTC(y, m - 1, d, h, min));

  it('reads the first sheet: accents, dates and numbers as the CSV path reads them, blank rows skipped', async () => {
    const { user, client } = await seller();
    const workbook = await excel([
      ['Prénom', 'Nom', 'E-mail', 'Statut', 'Prochaine activité', 'Budget', 'Date de naissance', 'Client'],
      [
        'Hélène',
        'Dupré',
        'helene@exemple.fr',
        'En attente de réponse',
        { value: paris(2030, 7, 15, 9, 30), format: 'dd/mm/yyyy hh:mm' },
        1500.5,
        { value: paris(1990, 3, 5), format: 'dd/mm/yyyy' },
        true,
      ],
      [null, null, null, null, null, null, null, null],
      ['Noël', 'Lefèvre', 'noel@exemple.fr', 'Suivi', null, 2000, null, false],
      ['J', 'Court', 'court@exemple.fr', null, null, null, null, null],
      ['Œdipe', null, 'HELENE@exemple.fr', null, null, -3, null, null],
    ]);
    // Recognised by its content, whatever its name says.
    const dry = await importCsv(client, workbook, { dryRun: '1' }, 'file', 'prospects.csv');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      headers: [
        'Prénom',
        'Nom',
        'E-mail',
        'Statut',
        'Prochaine activité',
        'Budget',
        'Date de naissance',
        'Client',
      ],
      mapping: {
        Prénom: 'firstName',
        Nom: 'lastName',
        'E-mail': 'email',
        Statut: 'state',
        'Prochaine activité': 'nextActivityAt',
        Budget: 'customFields.Budget',
        'Date de naissance': 'customFields.Date de naissance',
        Client: 'customFields.Client',
      },
      total: 4,
      valid: 3,
      invalid: 1,
      duplicates: 1,
      errors: [
        { line: 5, field: 'firstName', message: 'The firstName field must have at least 2 characters' },
      ],
      duplicateLines: [expect.objectContaining({ line: 6, fullName: 'Œdipe', firstLine: 2 })],
    });
    expect(dry.json().preview[0]).toEqual({
      line: 2,
      firstName: 'Hélène',
      lastName: 'Dupré',
      fullName: 'Hélène Dupré',
      email: 'helene@exemple.fr',
      phone: null,
      observations: null,
      state: 'waiting_for_response',
      leadStage: null,
      contactLinks: [],
      customFields: { Budget: '1500,5', 'Date de naissance': '05/03/1990', Client: 'VRAI' },
      // 09:30 in Paris in summer.
      nextActivityAt: '2030-07-15T07:30:00.000Z',
    });
    expect(await countOf(user.id)).toBe(0);

    const res = await importCsv(client, workbook, {}, 'file', 'prospects.xlsx');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 4, valid: 3, duplicates: 1, imported: 2 });
    const list = (await client.get('/api/v1/prospects?sortBy=name')).json().data;
    expect(list.map((p: { fullName: string }) => p.fullName)).toEqual(['Hélène Dupré', 'Noël Lefèvre']);
    expect(list[1]).toMatchObject({ state: 'follow_up', customFields: { Budget: '2000', Client: 'FAUX' } });
  });

  it('answers 422 on file, never 5xx, for a broken workbook or a file that is neither CSV nor .xlsx', async () => {
    const { client } = await seller();
    const workbook = await excel([['Prénom'], ['Jean']]);
    const neither = {
      field: 'file',
      rule: 'csv',
      message: 'The file must be a valid CSV or Excel (.xlsx) file',
    };
    const files = [
      workbook.subarray(0, workbook.length - 150),
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 1)]),
      await excel([[null]]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]),
    ];
    for (const file of files) {
      const res = await importCsv(client, file, { dryRun: '1' }, 'file', 'prospects.xlsx');
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual(validationEnvelope(neither));
    }
  });
});

describe('GET /api/v1/prospects/export', () => {
  it('writes a ;-separated UTF-8 file with a BOM, CRLF, French headers and labels, formulas neutralised', async () => {
    const { client } = await seller();
    const post = async (body: Record<string, unknown>) =>
      expect((await client.post('/api/v1/prospects', body)).statusCode).toBe(201);
    await post({
      firstName: 'Hélène',
      lastName: 'Dupré',
      email: 'helene@exemple.fr',
      phone: '+33 6 12 34 56 78',
      state: 'waiting_for_response',
      leadStage: 'demo',
      nextActivityAt: '2030-07-15T07:05:00Z',
      contactLinks: ['https://linkedin.com/in/helene', 'https://helene.fr'],
      observations: 'Ligne 1; suite\nLigne "2"',
      customFields: { budget: '=1+1', source: 'Salon' },
    });
    await post({ firstName: '@Bob', lastName: '-Moins', customFields: { ville: 'Lyon' } });
    const res = await client.get('/api/v1/prospects/export?sortBy=name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
    expect(res.headers['content-disposition']).toBe(`attachment; filename="prospects-${today}.csv"`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe(
      '\uFEFFPrénom;Nom;E-mail;Téléphone;Statut;Qualification;Prochaine activité;Liens;Observations;budget;source;ville\r\n' +
        "'@Bob;'-Moins;;;;;;;;;;Lyon\r\n" +
        'Hélène;Dupré;helene@exemple.fr;\'+33 6 12 34 56 78;En attente de réponse;Démo;15/07/2030 09:05;https://linkedin.com/in/helene https://helene.fr;"Ligne 1; suite\nLigne ""2""";\'=1+1;Salon;\r\n',
    );
    // The filters of the list apply.
    const filtered = await client.get('/api/v1/prospects/export?state=waiting_for_response');
    expect(filtered.body.split('\r\n')).toHaveLength(3);
  });

  it('round trip: importing an export gives back the same prospects', async () => {
    const { client: source } = await seller();
    const originals = [
      {
        firstName: 'Hélène',
        lastName: 'Dupré',
        email: 'helene@exemple.fr',
        phone: '+33 6 12 34 56 78',
        state: 'follow_up',
        leadStage: 'negotiation',
        nextActivityAt: '2030-03-29T01:30:00.000Z',
        contactLinks: ['https://linkedin.com/in/helene', 'https://helene.fr/a,b'],
        observations: 'Ligne 1; suite\r\nLigne "2"\n- tiret',
        customFields: { budget: '=SUM(A1)', source: 'Salon; Paris' },
      },
      {
        firstName: '=Formule',
        lastName: null,
        email: null,
        phone: '-12345678',
        customFields: { ville: 'Lyon' },
      },
      { firstName: 'Zoé', lastName: 'Arnaud', state: 'do_not_disturb', observations: "'-déjà cité" },
    ];
    for (const body of originals) expect((await source.post('/api/v1/prospects', body)).statusCode).toBe(201);
    const exported = await source.get('/api/v1/prospects/export');

    const { client: target } = await seller();
    const res = await importCsv(target, exported.rawPayload);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: 3, imported: 3, errors: [] });

    const comparable = (p: Record<string, unknown>) => ({
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      phone: p.phone,
      state: p.state,
      leadStage: p.leadStage,
      nextActivityAt: p.nextActivityAt,
      contactLinks: p.contactLinks,
      observations: p.observations,
      customFields: p.customFields,
    });
    const before = (await source.get('/api/v1/prospects?sortBy=name')).json().data.map(comparable);
    const after = (await target.get('/api/v1/prospects?sortBy=name')).json().data.map(comparable);
    expect(after).toEqual(before);
    expect(before[1]).toMatchObject({
      firstName: 'Hélène',
      observations: 'Ligne 1; suite\r\nLigne "2"\n- tiret',
    });
  });
});
