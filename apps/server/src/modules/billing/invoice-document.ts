/**
 * The document of one paid invoice (issue 20 §3): an A4 PDF in French with the legal mentions, made
 * a Factur-X file — PDF/A-3B carrying the EN 16931 (profile "EN 16931", a.k.a. COMFORT) Cross
 * Industry Invoice XML as `factur-x.xml`, so that the buyer's software reads the invoice without
 * reading the page.
 *
 * pdf-lib draws the page, embeds the font and writes the file; what PDF/A-3 asks beyond that is
 * added here with its low-level objects: the XMP metadata (pdfaid, the Factur-X `fx` schema and its
 * extension-schema description), the Info dictionary mirroring the XMP, the sRGB OutputIntent (its ICC
 * profile built by `srgbIccProfile`), the embedded file with its `/AFRelationship` and the catalog's
 * `/AF`, and the trailer's `/ID`. The output depends on the invoice only (dates, ids, font names are
 * derived from it): the same invoice gives the same bytes.
 *
 * Fonts: PDF/A forbids the unembedded standard 14 fonts, so DejaVu Sans (package `dejavu-fonts-ttf`,
 * Bitstream Vera licence) is embedded as a subset. It is read from node_modules at run time, resolved
 * from this file's URL — in the bundled server (`dist/server.cjs`) `import.meta.url` is the bundle's own
 * URL, and the package resolves from `apps/server/node_modules` or the root's the same way.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import {
  type PDFContext,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  PDFString,
  rgb,
} from 'pdf-lib';
import type { SellerIdentity } from '../../config';
import type { BillingIdentity, InvoiceLine } from '../../db/schema/billing';

export type { SellerIdentity };

export interface InvoiceDocument {
  /** F-2026-000123 */
  number: string;
  issuedAt: Date;
  paidAt: Date;
  /** "Carte bancaire •••• 4242" */
  paymentMethod: string;
  /** The period of service, as the provider gives it (Stripe's end is the next period's start). */
  periodStart: Date;
  periodEnd: Date;
  seller: SellerIdentity;
  buyer: BillingIdentity;
  /** Cents HT; a proration line can be negative. */
  lines: InvoiceLine[];
  /** Cents. */
  amountHt: number;
  vatAmount: number;
  amountTtc: number;
  /** 20 (VAT_RATE_PERCENT from @closia/shared). */
  vatRatePercent: number;
  currency: 'EUR';
  /** Stripe's hosted invoice, shown as a link when present. */
  hostedUrl: string | null;
}

/** The name the Factur-X specification gives the embedded XML. */
export const FACTUR_X_FILENAME = 'factur-x.xml';

/** The French legal mentions printed on every invoice (Code de commerce, CGI). */
export const LATE_PAYMENT_MENTION =
  'En cas de retard de paiement, des pénalités au taux de trois fois le taux d’intérêt légal sont exigibles, ainsi qu’une indemnité forfaitaire pour frais de recouvrement de 40 € (professionnels, art. L441-10 et D441-5 du Code de commerce).';
export const NO_DISCOUNT_MENTION = 'Pas d’escompte pour paiement anticipé.';
/** CGI annexe II art. 242 nonies A, 13°: a subscription billed when due, VAT paid on the debits. */
export const VAT_MENTION = 'TVA : option pour le paiement de la taxe d’après les débits.';
/** The category of the operation, a mention of the 2026 e-invoicing reform. */
export const OPERATION_MENTION = 'Catégorie de l’opération : prestation de services.';

// ---------------------------------------------------------------------------------------------
// Formats

const money = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const longDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dayParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 4 });

/** 2900 → "29,00 €" (French grouping and non-breaking spaces, as Intl writes them). */
export function formatEuros(cents: number): string {
  return money.format(cents / 100);
}

/** The Europe/Paris calendar day in French: "1er novembre 2026", "26 novembre 2026". */
export function formatFrenchDate(date: Date): string {
  return longDate.format(date).replace(/^1 /, '1er ');
}

/** The Europe/Paris calendar day as CII format 102: 20261126. */
function cii102(date: Date): string {
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}`;
}

/** Cents → "29.00", "-5.10": the CII amounts, two decimals, no grouping. */
function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function decimal(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(4)));
}

/**
 * Refuses an invoice whose figures do not add up: a legal document with wrong totals is worse than
 * none, and the caller (the invoice service) computed them.
 */
function checkTotals(doc: InvoiceDocument): void {
  const integers = [doc.amountHt, doc.vatAmount, doc.amountTtc, ...doc.lines.map((l) => l.amountHt)];
  if (!integers.every(Number.isSafeInteger))
    throw new Error(`Invoice ${doc.number}: amounts must be integer cents`);
  if (doc.lines.length === 0) throw new Error(`Invoice ${doc.number}: no line`);
  const sum = doc.lines.reduce((total, line) => total + line.amountHt, 0);
  if (sum !== doc.amountHt)
    throw new Error(`Invoice ${doc.number}: lines sum to ${sum}, not ${doc.amountHt}`);
  if (doc.amountHt + doc.vatAmount !== doc.amountTtc) {
    throw new Error(`Invoice ${doc.number}: HT + TVA ≠ TTC`);
  }
}

// ---------------------------------------------------------------------------------------------
// Addresses

interface PostalAddress {
  /** Street lines, at most three (CII LineOne…LineThree). */
  lines: string[];
  postcode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

const COUNTRY_NAMES = new Map<string, string>(
  Object.entries({
    france: 'FR',
    belgique: 'BE',
    belgium: 'BE',
    suisse: 'CH',
    switzerland: 'CH',
    luxembourg: 'LU',
    allemagne: 'DE',
    germany: 'DE',
    espagne: 'ES',
    spain: 'ES',
    italie: 'IT',
    italy: 'IT',
    canada: 'CA',
    monaco: 'MC',
  }),
);

/** The parts of a free-text address, one per line or comma. */
function addressParts(address: string | null): string[] {
  return (address ?? '')
    .split(/[\n,]/)
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * A free-text address ("12 rue de la Paix, 75002 Paris") read into the CII's fields. The country is
 * France unless the last part names another one we know (the billing identity has no country field).
 */
function postalAddress(address: string | null): PostalAddress {
  const parts = addressParts(address);
  let country = 'FR';
  const last = parts.at(-1)?.toLowerCase();
  if (last && (COUNTRY_NAMES.has(last) || /^[a-z]{2}$/.test(last))) {
    country = COUNTRY_NAMES.get(last) ?? last.toUpperCase();
    parts.pop();
  }
  let postcode: string | null = null;
  let city: string | null = null;
  for (let i = parts.length - 1; i >= 0; i--) {
    const match = /^(?:[A-Z]{1,2}-)?(\d{4,5})\s+(.+)$/.exec(parts[i] ?? '');
    if (match) {
      postcode = match[1] ?? null;
      city = match[2] ?? null;
      parts.splice(i, 1);
      break;
    }
  }
  const lines = parts.length > 3 ? [...parts.slice(0, 2), parts.slice(2).join(', ')] : parts;
  return { lines, postcode, city, country };
}

// ---------------------------------------------------------------------------------------------
// The Cross Industry Invoice (EN 16931)

/** Characters XML 1.0 cannot carry at all (control characters, lone surrogates). */
const XML_INVALID = /[^\P{Cc}\t\n\r]|\p{Cs}|[\ufffe\uffff]/gu;

export function escapeXml(text: string): string {
  return text
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** One element with escaped text, or nothing when the value is empty. */
function el(name: string, value: string | null | undefined, attributes = ''): string {
  if (value == null || value.trim() === '') return '';
  return `<${name}${attributes}>${escapeXml(value.trim())}</${name}>`;
}

function ciiDate(name: string, date: Date): string {
  return `<${name}><udt:DateTimeString format="102">${cii102(date)}</udt:DateTimeString></${name}>`;
}

function ciiAddress(address: PostalAddress): string {
  const [one, two, three] = address.lines;
  return [
    '<ram:PostalTradeAddress>',
    el('ram:PostcodeCode', address.postcode),
    el('ram:LineOne', one),
    el('ram:LineTwo', two),
    el('ram:LineThree', three),
    el('ram:CityName', address.city),
    el('ram:CountryID', address.country),
    '</ram:PostalTradeAddress>',
  ].join('');
}

/** UNTDID 4461 payment means: 48 bank card, 59 SEPA direct debit, 58 SEPA credit transfer, 1 other. */
function paymentMeansCode(method: string): string {
  if (/carte|card|cb\b/i.test(method)) return '48';
  if (/sepa|prélèvement|debit/i.test(method)) return '59';
  if (/virement|transfer/i.test(method)) return '58';
  return '1';
}

/**
 * The invoice as an EN 16931 Cross Industry Invoice (UN/CEFACT CII D16B), the XML a Factur-X file
 * carries. Amounts are in euros with two decimals; the invoice is paid, so the amount due is 0 and
 * the whole TTC is the prepaid amount. A negative line (a proration credit) keeps a positive net
 * price and a negative quantity, as BR-27 requires a price that is not negative.
 */
export function facturXXml(doc: InvoiceDocument): string {
  checkTotals(doc);
  const { seller, buyer } = doc;
  const rate = decimal(doc.vatRatePercent);
  const lineItems = doc.lines.map((line, index) => {
    const negativePrice = line.unitAmountHt < 0;
    const price = Math.abs(line.unitAmountHt);
    const quantity = negativePrice ? -line.quantity : line.quantity;
    return [
      '<ram:IncludedSupplyChainTradeLineItem>',
      `<ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
      `<ram:SpecifiedTradeProduct>${el('ram:Name', line.description) || '<ram:Name>Abonnement</ram:Name>'}</ram:SpecifiedTradeProduct>`,
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(price)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`,
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${decimal(quantity)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
      '<ram:SpecifiedLineTradeSettlement>',
      `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(line.amountHt)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>`,
      '</ram:SpecifiedLineTradeSettlement>',
      '</ram:IncludedSupplyChainTradeLineItem>',
    ].join('');
  });

  const buyerName = buyer.company?.trim() || buyer.name;
  const cardDigits = /(\d{4})\s*$/.exec(doc.paymentMethod)?.[1];
  const meansCode = paymentMeansCode(doc.paymentMethod);

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice',
    ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
    ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
    ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
    ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    '<rsm:ExchangedDocumentContext>',
    '<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>',
    '</rsm:ExchangedDocumentContext>',
    '<rsm:ExchangedDocument>',
    el('ram:ID', doc.number),
    '<ram:TypeCode>380</ram:TypeCode>',
    ciiDate('ram:IssueDateTime', doc.issuedAt),
    `<ram:IncludedNote><ram:Content>${escapeXml(`${seller.name} — ${seller.legalForm} — ${seller.rcs} ${seller.siren}`)}</ram:Content><ram:SubjectCode>REG</ram:SubjectCode></ram:IncludedNote>`,
    `<ram:IncludedNote><ram:Content>${escapeXml(LATE_PAYMENT_MENTION)}</ram:Content><ram:SubjectCode>PMD</ram:SubjectCode></ram:IncludedNote>`,
    `<ram:IncludedNote><ram:Content>${escapeXml('Indemnité forfaitaire pour frais de recouvrement : 40 € (art. D441-5 du Code de commerce).')}</ram:Content><ram:SubjectCode>PMT</ram:SubjectCode></ram:IncludedNote>`,
    `<ram:IncludedNote><ram:Content>${escapeXml(NO_DISCOUNT_MENTION)}</ram:Content><ram:SubjectCode>AAB</ram:SubjectCode></ram:IncludedNote>`,
    `<ram:IncludedNote><ram:Content>${escapeXml(`${VAT_MENTION} ${OPERATION_MENTION}`)}</ram:Content><ram:SubjectCode>TXD</ram:SubjectCode></ram:IncludedNote>`,
    '</rsm:ExchangedDocument>',
    '<rsm:SupplyChainTradeTransaction>',
    ...lineItems,
    '<ram:ApplicableHeaderTradeAgreement>',
    '<ram:SellerTradeParty>',
    el('ram:GlobalID', seller.siret, ' schemeID="0009"'),
    el('ram:Name', seller.name),
    `<ram:SpecifiedLegalOrganization>${el('ram:ID', seller.siren, ' schemeID="0002"')}</ram:SpecifiedLegalOrganization>`,
    ciiAddress(postalAddress(seller.address)),
    `<ram:URIUniversalCommunication>${el('ram:URIID', seller.email, ' schemeID="EM"')}</ram:URIUniversalCommunication>`,
    `<ram:SpecifiedTaxRegistration>${el('ram:ID', seller.vatNumber, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>`,
    '</ram:SellerTradeParty>',
    '<ram:BuyerTradeParty>',
    el('ram:Name', buyerName),
    buyer.company?.trim()
      ? `<ram:DefinedTradeContact>${el('ram:PersonName', buyer.name)}</ram:DefinedTradeContact>`
      : '',
    ciiAddress(postalAddress(buyer.address)),
    buyer.email.trim()
      ? `<ram:URIUniversalCommunication>${el('ram:URIID', buyer.email, ' schemeID="EM"')}</ram:URIUniversalCommunication>`
      : '',
    buyer.vatNumber?.trim()
      ? `<ram:SpecifiedTaxRegistration>${el('ram:ID', buyer.vatNumber, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>`
      : '',
    '</ram:BuyerTradeParty>',
    '</ram:ApplicableHeaderTradeAgreement>',
    '<ram:ApplicableHeaderTradeDelivery/>',
    '<ram:ApplicableHeaderTradeSettlement>',
    `<ram:InvoiceCurrencyCode>${doc.currency}</ram:InvoiceCurrencyCode>`,
    '<ram:SpecifiedTradeSettlementPaymentMeans>',
    `<ram:TypeCode>${meansCode}</ram:TypeCode>`,
    el('ram:Information', doc.paymentMethod),
    meansCode === '48' && cardDigits
      ? `<ram:ApplicableTradeSettlementFinancialCard><ram:ID>${cardDigits}</ram:ID></ram:ApplicableTradeSettlementFinancialCard>`
      : '',
    '</ram:SpecifiedTradeSettlementPaymentMeans>',
    '<ram:ApplicableTradeTax>',
    `<ram:CalculatedAmount>${amount(doc.vatAmount)}</ram:CalculatedAmount>`,
    '<ram:TypeCode>VAT</ram:TypeCode>',
    `<ram:BasisAmount>${amount(doc.amountHt)}</ram:BasisAmount>`,
    '<ram:CategoryCode>S</ram:CategoryCode>',
    // UNTDID 2475 code 5: VAT due at the invoice's date (the option for the debits).
    '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>',
    `<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent>`,
    '</ram:ApplicableTradeTax>',
    '<ram:BillingSpecifiedPeriod>',
    ciiDate('ram:StartDateTime', doc.periodStart),
    ciiDate('ram:EndDateTime', doc.periodEnd),
    '</ram:BillingSpecifiedPeriod>',
    `<ram:SpecifiedTradePaymentTerms>${el('ram:Description', `Payée le ${formatFrenchDate(doc.paidAt)} par ${doc.paymentMethod}.`)}</ram:SpecifiedTradePaymentTerms>`,
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    `<ram:LineTotalAmount>${amount(doc.amountHt)}</ram:LineTotalAmount>`,
    `<ram:TaxBasisTotalAmount>${amount(doc.amountHt)}</ram:TaxBasisTotalAmount>`,
    `<ram:TaxTotalAmount currencyID="${doc.currency}">${amount(doc.vatAmount)}</ram:TaxTotalAmount>`,
    `<ram:GrandTotalAmount>${amount(doc.amountTtc)}</ram:GrandTotalAmount>`,
    `<ram:TotalPrepaidAmount>${amount(doc.amountTtc)}</ram:TotalPrepaidAmount>`,
    '<ram:DuePayableAmount>0.00</ram:DuePayableAmount>',
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    '</ram:ApplicableHeaderTradeSettlement>',
    '</rsm:SupplyChainTradeTransaction>',
    '</rsm:CrossIndustryInvoice>',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// PDF/A-3 parts

function s15Fixed16(value: number): number {
  return Math.round(value * 65536) | 0;
}

let iccCache: Uint8Array | undefined;

/**
 * A compact ICC v2 display profile of sRGB (IEC 61966-2.1): the D50-adapted colorants and the sRGB
 * tone curve sampled on 1024 points — what the OutputIntent of a PDF/A file drawn in DeviceRGB
 * names. Built here rather than shipped: no ICC file is in a registry package we can rely on.
 */
export function srgbIccProfile(): Uint8Array {
  if (iccCache) return iccCache;
  const text = (signature: string, value: string): Uint8Array => {
    const bytes = new Uint8Array(8 + value.length + 1);
    bytes.set(Buffer.from(signature, 'latin1'), 0);
    bytes.set(Buffer.from(value, 'latin1'), 8);
    return bytes;
  };
  const desc = (value: string): Uint8Array => {
    // textDescriptionType: ASCII, then empty Unicode and ScriptCode parts (67-byte ScriptCode field).
    const bytes = new Uint8Array(12 + value.length + 1 + 8 + 3 + 67);
    const view = new DataView(bytes.buffer);
    bytes.set(Buffer.from('desc', 'latin1'), 0);
    view.setUint32(8, value.length + 1);
    bytes.set(Buffer.from(value, 'latin1'), 12);
    return bytes;
  };
  const xyz = (x: number, y: number, z: number): Uint8Array => {
    const bytes = new Uint8Array(20);
    const view = new DataView(bytes.buffer);
    bytes.set(Buffer.from('XYZ ', 'latin1'), 0);
    view.setInt32(8, s15Fixed16(x));
    view.setInt32(12, s15Fixed16(y));
    view.setInt32(16, s15Fixed16(z));
    return bytes;
  };
  const points = 1024;
  const curve = new Uint8Array(12 + points * 2);
  const curveView = new DataView(curve.buffer);
  curve.set(Buffer.from('curv', 'latin1'), 0);
  curveView.setUint32(8, points);
  for (let i = 0; i < points; i++) {
    const v = i / (points - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    curveView.setUint16(12 + i * 2, Math.round(linear * 65535));
  }
  const tags: [string, Uint8Array][] = [
    ['desc', desc('sRGB IEC61966-2.1')],
    ['cprt', text('text', 'No copyright, use freely')],
    ['wtpt', xyz(0.9505, 1, 1.089)],
    ['rXYZ', xyz(0.4360747, 0.2225045, 0.0139322)],
    ['gXYZ', xyz(0.3850649, 0.7168786, 0.0971045)],
    ['bXYZ', xyz(0.1430804, 0.0606169, 0.7141733)],
    ['rTRC', curve],
    ['gTRC', curve],
    ['bTRC', curve],
  ];
  const align = (n: number) => (n + 3) & ~3;
  let offset = 128 + 4 + tags.length * 12;
  const placed = new Map<Uint8Array, number>();
  const entries = tags.map(([signature, data]) => {
    let at = placed.get(data);
    if (at === undefined) {
      at = offset;
      placed.set(data, at);
      offset = align(offset + data.length);
    }
    return { signature, data, at };
  });
  const profile = new Uint8Array(offset);
  const view = new DataView(profile.buffer);
  view.setUint32(0, offset);
  view.setUint32(8, 0x02100000); // version 2.1
  profile.set(Buffer.from('mntrRGB XYZ ', 'latin1'), 12);
  for (const [i, v] of [2026, 1, 1, 0, 0, 0].entries()) view.setUint16(24 + i * 2, v);
  profile.set(Buffer.from('acsp', 'latin1'), 36);
  view.setInt32(68, s15Fixed16(0.9642));
  view.setInt32(72, s15Fixed16(1));
  view.setInt32(76, s15Fixed16(0.8249));
  view.setUint32(128, tags.length);
  entries.forEach(({ signature, data, at }, i) => {
    profile.set(Buffer.from(signature, 'latin1'), 132 + i * 12);
    view.setUint32(136 + i * 12, at);
    view.setUint32(140 + i * 12, data.length);
    profile.set(data, at);
  });
  iccCache = profile;
  return profile;
}

/** 2026-11-26T09:30:00Z: the XMP date, to the second like the Info dictionary's. */
function xmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

interface DocumentInfo {
  title: string;
  author: string;
  subject: string;
  creator: string;
  producer: string;
  date: Date;
}

/** The XMP packet: PDF/A-3B identification, the Dublin Core and PDF fields, the Factur-X schema. */
function xmpMetadata(info: DocumentInfo): string {
  const x = escapeXml;
  const property = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
  return [
    '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">',
    '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>',
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<dc:format>application/pdf</dc:format>',
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${x(info.title)}</rdf:li></rdf:Alt></dc:title>`,
    `<dc:creator><rdf:Seq><rdf:li>${x(info.author)}</rdf:li></rdf:Seq></dc:creator>`,
    `<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${x(info.subject)}</rdf:li></rdf:Alt></dc:description>`,
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">',
    `<pdf:Producer>${x(info.producer)}</pdf:Producer>`,
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    `<xmp:CreatorTool>${x(info.creator)}</xmp:CreatorTool>`,
    `<xmp:CreateDate>${xmpDate(info.date)}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${xmpDate(info.date)}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${xmpDate(info.date)}</xmp:MetadataDate>`,
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">',
    '<fx:DocumentType>INVOICE</fx:DocumentType>',
    `<fx:DocumentFileName>${FACTUR_X_FILENAME}</fx:DocumentFileName>`,
    '<fx:Version>1.0</fx:Version>',
    '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>',
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">',
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">',
    '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>',
    '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    '<pdfaSchema:prefix>fx</pdfaSchema:prefix>',
    '<pdfaSchema:property><rdf:Seq>',
    property('DocumentFileName', 'The name of the embedded XML document'),
    property('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'),
    property('Version', 'The actual version of the standard applying to the embedded XML document'),
    property('ConformanceLevel', 'The conformance level of the embedded XML document'),
    '</rdf:Seq></pdfaSchema:property>',
    '</rdf:li></rdf:Bag></pdfaExtension:schemas>',
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

/** A PDF literal string with its delimiters escaped (pdf-lib's PDFString writes its value as is). */
function literal(value: string): PDFString {
  return PDFString.of(value.replace(/[\\()]/g, '\\$&'));
}

/** The PDF/A-3 and Factur-X objects pdf-lib does not write by itself. */
function makeFacturX(pdf: PDFDocument, doc: InvoiceDocument, xml: string, given: DocumentInfo): void {
  const context: PDFContext = pdf.context;
  // The Info dictionary and the XMP must say the same: no character one of them would drop.
  const plain = (text: string) =>
    text
      .replace(/\p{Cc}+/gu, ' ')
      .replace(XML_INVALID, '')
      .trim();
  const info: DocumentInfo = {
    ...given,
    title: plain(given.title),
    author: plain(given.author),
    subject: plain(given.subject),
  };
  const catalog = pdf.catalog;

  pdf.setTitle(info.title, { showInWindowTitleBar: true });
  pdf.setAuthor(info.author);
  pdf.setSubject(info.subject);
  pdf.setCreator(info.creator);
  pdf.setProducer(info.producer);
  pdf.setCreationDate(info.date);
  pdf.setModificationDate(info.date);
  pdf.setLanguage('fr-FR');

  // UTF-8 bytes: pdf-lib's stream() of a string keeps only the low byte of each character.
  const xmp = new TextEncoder().encode(xmpMetadata(info));
  const metadata = context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));

  const profile = context.register(context.flateStream(srgbIccProfile(), { N: 3 }));
  const outputIntent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputCondition: literal('sRGB'),
    OutputConditionIdentifier: literal('sRGB IEC61966-2.1'),
    RegistryName: literal('http://www.color.org'),
    Info: literal('sRGB IEC61966-2.1'),
    DestOutputProfile: profile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(outputIntent)]));

  const xmlBytes = new TextEncoder().encode(xml);
  const fileDate = PDFString.fromDate(info.date);
  const embedded = context.flateStream(xmlBytes, {
    Type: 'EmbeddedFile',
    Subtype: 'text/xml',
    Params: { Size: xmlBytes.length, CreationDate: fileDate, ModDate: fileDate },
  });
  const embeddedRef = context.register(embedded);
  const fileSpec = context.obj({
    Type: 'Filespec',
    F: literal(FACTUR_X_FILENAME),
    UF: PDFHexString.fromText(FACTUR_X_FILENAME),
    EF: { F: embeddedRef, UF: embeddedRef },
    Desc: PDFHexString.fromText(`Factur-X (EN 16931) de la facture ${doc.number}`),
    // Factur-X 1.0.7: Data for MINIMUM and BASIC WL; the EN 16931 profile is a full invoice, the
    // XML an equivalent of the page.
    AFRelationship: 'Alternative',
  });
  const fileSpecRef = context.register(fileSpec);
  catalog.set(PDFName.of('AF'), context.obj([fileSpecRef]));
  catalog.set(
    PDFName.of('Names'),
    context.obj({ EmbeddedFiles: { Names: [literal(FACTUR_X_FILENAME), fileSpecRef] } }),
  );

  const id = createHash('md5').update(`${doc.number}|${doc.issuedAt.toISOString()}|${xml}`).digest('hex');
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
}

// ---------------------------------------------------------------------------------------------
// Fonts

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Code points both fonts draw (anything else would be the .notdef glyph, which PDF/A forbids). */
  covered: Set<number>;
}

let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** DejaVu Sans read once from node_modules (see the header comment for the bundle). */
function loadFontFiles(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  if (!fontFiles) {
    const require = createRequire(import.meta.url);
    fontFiles = Promise.all([
      readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    ]).then(([regular, bold]) => ({ regular, bold }));
    fontFiles.catch(() => {
      fontFiles = undefined;
    });
  }
  return fontFiles;
}

async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  const files = await loadFontFiles();
  pdf.registerFontkit(fontkit);
  // Subsets, named with a tag as the PDF reference asks of a subset (fixed: the same invoice, the same bytes).
  const regular = await pdf.embedFont(files.regular, { subset: true, customName: 'CLSREG+DejaVuSans' });
  const bold = await pdf.embedFont(files.bold, { subset: true, customName: 'CLSBLD+DejaVuSans-Bold' });
  const boldSet = new Set(bold.getCharacterSet());
  const covered = new Set(regular.getCharacterSet().filter((c) => boldSet.has(c)));
  return { regular, bold, covered };
}

// ---------------------------------------------------------------------------------------------
// Page layout

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const FOOTER_TOP = 62;
const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);
const RULE = rgb(0.82, 0.84, 0.87);
const BAND = rgb(0.94, 0.95, 0.97);
const ACCENT = rgb(0.13, 0.33, 0.72);

/** Table columns: désignation, quantité, prix unitaire HT, montant HT (right edges for figures). */
const COLUMNS = {
  designation: { x: MARGIN + 6, width: 230 },
  quantity: { right: MARGIN + 320 },
  unit: { right: MARGIN + 410 },
  total: { right: MARGIN + CONTENT_WIDTH - 6 },
};

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

/** Draws top to bottom, opening a new A4 page when the next block would cross the footer. */
class Layout {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  /** Drawn again at the top of a page the table continues on. */
  onNewPage: (() => void) | null = null;

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.addPage();
  }

  addPage(): void {
    this.page = this.pdf.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
    this.onNewPage?.();
  }

  /** Room for `height` more points on this page, or a new page. */
  ensure(height: number): void {
    if (this.y - height < FOOTER_TOP) this.addPage();
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Text the fonts can draw: controls become spaces, a character without a glyph becomes "?". */
  clean(text: string): string {
    let out = '';
    for (const char of text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')) {
      const code = char.codePointAt(0) ?? 0x3f;
      out += this.fonts.covered.has(code) ? char : '?';
    }
    return out.replace(/ {2,}/g, ' ').trim();
  }

  width(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(text, style.size ?? 10);
  }

  /** Lines of at most `width` points, broken at spaces, a word too long for a line cut where it must. */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of this.clean(text).split(' ')) {
      if (!word) continue;
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (this.width(rest, style) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && this.width(rest.slice(0, cut), style) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  }

  lineHeight(style: TextStyle = {}): number {
    return (style.size ?? 10) * 1.35;
  }

  /** One already-clean line at (x, baseline). */
  draw(text: string, x: number, y: number, style: TextStyle = {}): void {
    if (!text) return;
    this.page.drawText(text, {
      x,
      y,
      size: style.size ?? 10,
      font: this.font(style),
      color: style.color ?? INK,
    });
  }

  drawRight(text: string, right: number, y: number, style: TextStyle = {}): void {
    const clean = this.clean(text);
    this.draw(clean, right - this.width(clean, style), y, style);
  }

  /** A wrapped paragraph at the cursor, moving it down; pages break between lines. */
  paragraph(text: string, x: number, width: number, style: TextStyle = {}): void {
    const height = this.lineHeight(style);
    for (const line of this.wrap(text, width, style)) {
      this.ensure(height);
      this.y -= height;
      this.draw(line, x, this.y + height * 0.25, style);
    }
  }

  /** A block of wrapped lines in a column from `top`, without moving the cursor; returns its bottom. */
  column(lines: { text: string; style?: TextStyle }[], x: number, width: number, top: number): number {
    let y = top;
    for (const { text, style = {} } of lines) {
      const height = this.lineHeight(style);
      for (const line of this.wrap(text, width, style)) {
        y -= height;
        this.draw(line, x, y + height * 0.25, style);
      }
    }
    return y;
  }

  rule(y: number, color = RULE): void {
    this.page.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + CONTENT_WIDTH, y },
      thickness: 0.6,
      color,
    });
  }
}

function capitaliseSentence(text: string): string {
  // "Carte bancaire" reads "par carte bancaire"; an acronym ("SEPA") stays as it is.
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

function safeLink(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function drawHeader(layout: Layout, doc: InvoiceDocument): void {
  const top = layout.y;
  const half = CONTENT_WIDTH / 2 - 10;
  layout.column([{ text: doc.seller.name, style: { size: 16, bold: true } }], MARGIN, half, top);
  const titleX = MARGIN + CONTENT_WIDTH / 2 + 10;
  const titleBottom = layout.column(
    [
      { text: 'Facture', style: { size: 22, bold: true } },
      { text: `N° ${doc.number}`, style: { size: 11, bold: true } },
      { text: `Date d’émission : ${formatFrenchDate(doc.issuedAt)}`, style: { size: 9, color: MUTED } },
    ],
    titleX,
    half,
    top,
  );
  layout.y = titleBottom - 18;

  const blocksTop = layout.y;
  const seller = doc.seller;
  const sellerBottom = layout.column(
    [
      { text: 'Émetteur', style: { size: 8, bold: true, color: MUTED } },
      { text: seller.name, style: { size: 10, bold: true } },
      { text: seller.legalForm, style: { size: 9 } },
      ...addressParts(seller.address).map((text) => ({ text, style: { size: 9 } })),
      { text: `SIREN : ${seller.siren}`, style: { size: 9 } },
      { text: `SIRET : ${seller.siret}`, style: { size: 9 } },
      { text: `${seller.rcs} ${seller.siren}`, style: { size: 9 } },
      { text: `N° TVA intracommunautaire : ${seller.vatNumber}`, style: { size: 9 } },
      { text: seller.email, style: { size: 9 } },
    ],
    MARGIN,
    half,
    blocksTop,
  );
  const buyer = doc.buyer;
  const company = buyer.company?.trim();
  const buyerBottom = layout.column(
    [
      { text: 'Client', style: { size: 8, bold: true, color: MUTED } },
      ...(company ? [{ text: company, style: { size: 10, bold: true } }] : []),
      { text: buyer.name, style: { size: company ? 9 : 10, bold: !company } },
      ...addressParts(buyer.address).map((text) => ({ text, style: { size: 9 } })),
      ...(buyer.vatNumber?.trim()
        ? [{ text: `N° TVA intracommunautaire : ${buyer.vatNumber}`, style: { size: 9 } }]
        : []),
      { text: buyer.email, style: { size: 9 } },
    ],
    titleX,
    half,
    blocksTop,
  );
  layout.y = Math.min(sellerBottom, buyerBottom) - 18;
  layout.paragraph(
    `Période de service : du ${formatFrenchDate(doc.periodStart)} au ${formatFrenchDate(doc.periodEnd)}`,
    MARGIN,
    CONTENT_WIDTH,
    { size: 10 },
  );
  layout.y -= 12;
}

function drawTableHeader(layout: Layout): void {
  const height = 20;
  layout.page.drawRectangle({ x: MARGIN, y: layout.y - height, width: CONTENT_WIDTH, height, color: BAND });
  const baseline = layout.y - 13.5;
  const style = { size: 8.5, bold: true, color: MUTED };
  layout.draw('Désignation', COLUMNS.designation.x, baseline, style);
  layout.drawRight('Quantité', COLUMNS.quantity.right, baseline, style);
  layout.drawRight('Prix unitaire HT', COLUMNS.unit.right, baseline, style);
  layout.drawRight('Montant HT', COLUMNS.total.right, baseline, style);
  layout.y -= height;
}

function drawLines(layout: Layout, doc: InvoiceDocument): void {
  layout.ensure(60);
  drawTableHeader(layout);
  layout.onNewPage = () => drawTableHeader(layout);
  const style = { size: 9.5 };
  const height = layout.lineHeight(style);
  for (const line of doc.lines) {
    const wrapped = layout.wrap(line.description, COLUMNS.designation.width, style);
    // A line's first row keeps its figures; a very long designation continues on the next page.
    layout.ensure(height + 8);
    const first = layout.y - 6 - height;
    layout.drawRight(
      quantityFormat.format(line.quantity),
      COLUMNS.quantity.right,
      first + height * 0.25,
      style,
    );
    layout.drawRight(formatEuros(line.unitAmountHt), COLUMNS.unit.right, first + height * 0.25, style);
    layout.drawRight(formatEuros(line.amountHt), COLUMNS.total.right, first + height * 0.25, style);
    layout.y -= 6;
    for (const text of wrapped) {
      layout.ensure(height);
      layout.y -= height;
      layout.draw(text, COLUMNS.designation.x, layout.y + height * 0.25, style);
    }
    layout.y -= 6;
    layout.rule(layout.y);
  }
  layout.onNewPage = null;
}

function drawTotals(layout: Layout, doc: InvoiceDocument): void {
  const rows: [string, string, TextStyle][] = [
    ['Total HT', formatEuros(doc.amountHt), { size: 10 }],
    [`TVA ${decimal(doc.vatRatePercent)} %`, formatEuros(doc.vatAmount), { size: 10 }],
    ['Total TTC', formatEuros(doc.amountTtc), { size: 12, bold: true }],
  ];
  layout.ensure(rows.length * 20 + 16);
  layout.y -= 10;
  const labelX = MARGIN + CONTENT_WIDTH - 230;
  for (const [label, value, style] of rows) {
    const height = layout.lineHeight(style) + 4;
    layout.y -= height;
    layout.draw(label, labelX, layout.y + 5, style);
    layout.drawRight(value, COLUMNS.total.right, layout.y + 5, style);
  }
  layout.page.drawLine({
    start: { x: labelX, y: layout.y - 4 },
    end: { x: COLUMNS.total.right, y: layout.y - 4 },
    thickness: 0.8,
    color: INK,
  });
  layout.y -= 16;
}

function drawPayment(layout: Layout, doc: InvoiceDocument): void {
  layout.paragraph(
    `Payée le ${formatFrenchDate(doc.paidAt)} par ${capitaliseSentence(doc.paymentMethod)}.`,
    MARGIN,
    CONTENT_WIDTH,
    { size: 10, bold: true },
  );
  layout.paragraph(`Montant restant dû : ${formatEuros(0)}`, MARGIN, CONTENT_WIDTH, { size: 9.5 });
  const link = safeLink(doc.hostedUrl);
  if (link) {
    const style = { size: 9, color: ACCENT };
    const label = 'Voir la facture en ligne';
    layout.ensure(layout.lineHeight(style));
    layout.y -= layout.lineHeight(style);
    const baseline = layout.y + 3;
    layout.draw(label, MARGIN, baseline, style);
    const width = layout.width(label, style);
    const context = layout.page.doc.context;
    const annotation = context.obj({
      Type: 'Annot',
      Subtype: 'Link',
      Rect: [MARGIN, baseline - 2, MARGIN + width, baseline + 9],
      Border: [0, 0, 0],
      F: 4,
      A: { Type: 'Action', S: 'URI', URI: literal(link.replace(/[^\x21-\x7e]/g, encodeURIComponent)) },
    });
    layout.page.node.addAnnot(context.register(annotation));
  }
  layout.y -= 14;
}

function drawMentions(layout: Layout): void {
  const style = { size: 8, color: MUTED };
  const mentions = [
    LATE_PAYMENT_MENTION,
    NO_DISCOUNT_MENTION,
    VAT_MENTION,
    OPERATION_MENTION,
    `Facture électronique au format Factur-X (profil EN 16931) : ses données structurées sont jointes au fichier (${FACTUR_X_FILENAME}).`,
  ];
  // Kept together on one page: the mentions read as one block.
  const height = mentions.reduce(
    (total, text) => total + layout.wrap(text, CONTENT_WIDTH, style).length * layout.lineHeight(style) + 2,
    4,
  );
  layout.ensure(height);
  layout.rule(layout.y);
  layout.y -= 4;
  for (const text of mentions) {
    layout.paragraph(text, MARGIN, CONTENT_WIDTH, style);
    layout.y -= 2;
  }
}

function drawFooters(layout: Layout, doc: InvoiceDocument): void {
  const style = { size: 7.5, color: MUTED };
  const total = layout.pages.length;
  layout.pages.forEach((page, index) => {
    layout.page = page;
    layout.rule(FOOTER_TOP - 14);
    const identity = layout.wrap(
      `${doc.seller.name} — ${doc.seller.legalForm} — ${doc.seller.rcs} — SIREN ${doc.seller.siren} — TVA ${doc.seller.vatNumber}`,
      CONTENT_WIDTH - 70,
      style,
    );
    layout.draw(identity[0] ?? '', MARGIN, FOOTER_TOP - 26, style);
    layout.drawRight(
      `${doc.number} — page ${index + 1}/${total}`,
      MARGIN + CONTENT_WIDTH,
      FOOTER_TOP - 26,
      style,
    );
  });
}

/**
 * The invoice's PDF: A4, French, with the legal mentions, and a Factur-X (EN 16931) PDF/A-3B file
 * with `factur-x.xml` attached. Throws when the figures do not add up (see `checkTotals`).
 */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const xml = facturXXml(doc);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(pdf);
  const layout = new Layout(pdf, fonts);

  drawHeader(layout, doc);
  drawLines(layout, doc);
  drawTotals(layout, doc);
  drawPayment(layout, doc);
  drawMentions(layout);
  drawFooters(layout, doc);

  makeFacturX(pdf, doc, xml, {
    title: `Facture ${doc.number}`,
    author: doc.seller.name,
    subject: `Facture ${doc.number} — ${doc.buyer.company?.trim() || doc.buyer.name}`,
    creator: 'Closia',
    producer: 'Closia (pdf-lib)',
    date: doc.issuedAt,
  });
  return pdf.save({ useObjectStreams: false });
}
