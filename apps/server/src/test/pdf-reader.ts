/**
 * Reads a PDF back the way a person or an accounting program would, for tests: the text of its
 * pages (PDF.js, the legacy build that runs in Node), its attached files and its XMP metadata —
 * e.g. an invoice's page text and its Factur-X XML (`embeddedFacturX`).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type PdfDocumentProxy = Awaited<ReturnType<typeof getDocument>['promise']>;

async function withPdf<T>(bytes: Uint8Array, read: (pdf: PdfDocumentProxy) => Promise<T>): Promise<T> {
  // PDF.js takes the buffer over (it transfers it to its worker): give it a copy.
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    return await read(pdf);
  } finally {
    await task.destroy();
  }
}

/**
 * The text of every page, one drawn run per line, pages separated by a form feed. PDF.js gives
 * every kind of space as a plain one: compare with `plainSpaces(formatted)` (e.g. "34,80 €").
 */
export function pdfText(bytes: Uint8Array): Promise<string> {
  return withPdf(bytes, async (pdf) => {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((text) => text.trim() !== '')
          .join('\n'),
      );
    }
    return pages.join('\n\f\n');
  });
}

/** A text with its no-break and narrow no-break spaces (Intl's French formats) as plain spaces. */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** The number of pages. */
export function pdfPageCount(bytes: Uint8Array): Promise<number> {
  return withPdf(bytes, async (pdf) => pdf.numPages);
}

/** The files attached to the document (its EmbeddedFiles name tree), by name. */
export function embeddedFiles(bytes: Uint8Array): Promise<Map<string, Uint8Array>> {
  return withPdf(bytes, async (pdf) => {
    const attachments = ((await pdf.getAttachments()) ?? {}) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    return new Map(Object.values(attachments).map((file) => [file.filename, file.content]));
  });
}

/** The Factur-X XML (`factur-x.xml`) attached to an invoice PDF; throws when there is none. */
export async function embeddedFacturX(bytes: Uint8Array): Promise<string> {
  const file = (await embeddedFiles(bytes)).get('factur-x.xml');
  if (!file) throw new Error('No factur-x.xml attached to this PDF');
  return new TextDecoder().decode(file);
}

/** The document's XMP metadata packet as written, or null. */
export function pdfXmp(bytes: Uint8Array): Promise<string | null> {
  return withPdf(bytes, async (pdf) => {
    const { metadata } = await pdf.getMetadata();
    return metadata ? metadata.getRaw() : null;
  });
}
