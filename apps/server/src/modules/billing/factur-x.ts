/**
 * The Factur-X part of an invoice's PDF: the EN 16931 Cross Industry Invoice XML (`facturXXml`) and
 * what PDF/A-3 asks beyond pdf-lib's page — the XMP metadata (pdfaid, the Factur-X `fx` schema and its
 * extension-schema description), the Info dictionary mirroring the XMP, the sRGB OutputIntent (its ICC
 * profile built by `srgbIccProfile`), the embedded `factur-x.xml` with its `/AFRelationship` and the
 * catalog's `/AF`, and the trailer's `/ID`.
 */
import { createHash } from 'node:crypto';
import { type PDFContext, type PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';
import {
  amount,
  checkTotals,
  cii102,
  decimal,
  FACTUR_X_FILENAME,
  formatFrenchDate,
  type InvoiceDocument,
  LATE_PAYMENT_MENTION,
  NO_DISCOUNT_MENTION,
  OPERATION_MENTION,
  VAT_MENTION,
} from './invoice-model';

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
export function addressParts(address: string | null): string[] {
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
export function literal(value: string): PDFString {
  return PDFString.of(value.replace(/[\\()]/g, '\\$&'));
}

/** The PDF/A-3 and Factur-X objects pdf-lib does not write by itself. */
export function makeFacturX(pdf: PDFDocument, doc: InvoiceDocument, xml: string, given: DocumentInfo): void {
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
