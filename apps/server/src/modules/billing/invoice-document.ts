/**
 * The document of one paid invoice (issue 20 §3): an A4 PDF in French with the legal mentions, made
 * a Factur-X file — PDF/A-3B carrying the EN 16931 (profile "EN 16931", a.k.a. COMFORT) Cross
 * Industry Invoice XML as `factur-x.xml`, so that the buyer's software reads the invoice without
 * reading the page.
 *
 * pdf-lib draws the page, embeds the font and writes the file; what PDF/A-3 asks beyond that is
 * `factur-x.ts`. The output depends on the invoice only (dates, ids, font names are derived from
 * it): the same invoice gives the same bytes.
 *
 * Fonts: PDF/A forbids the unembedded standard 14 fonts, so DejaVu Sans (package `dejavu-fonts-ttf`,
 * Bitstream Vera licence) is embedded as a subset. It is read from node_modules at run time, resolved
 * from this file's URL — in the bundled server (`dist/server.cjs`) `import.meta.url` is the bundle's own
 * URL, and the package resolves from `apps/server/node_modules` or the root's the same way.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { addressParts, facturXXml, literal, makeFacturX } from './factur-x';
import {
  decimal,
  FACTUR_X_FILENAME,
  formatEuros,
  formatFrenchDate,
  type InvoiceDocument,
  LATE_PAYMENT_MENTION,
  NO_DISCOUNT_MENTION,
  OPERATION_MENTION,
  quantityFormat,
  VAT_MENTION,
} from './invoice-model';

export { escapeXml, facturXXml, srgbIccProfile } from './factur-x';
export * from './invoice-model';

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
