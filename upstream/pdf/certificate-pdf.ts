import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The certificates as PDFs, made on request from the database rows: the teacher's offline certificate, the
 * dictation's certificate of participation, a master class watched and a test passed share one page. The text is
 * Russian, so the standard PDF fonts (Latin only) will not do: DejaVu Sans is embedded, subset to the glyphs used.
 * Each carries the address where anyone checks it, in words and as a QR code.
 */

const FONTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'fonts');
const REGULAR = resolve(FONTS, 'DejaVuSans.ttf');
const BOLD = resolve(FONTS, 'DejaVuSans-Bold.ttf');

/** What one certificate says, line by line. */
export interface CertificatePage {
  /** The word at the top: «СЕРТИФИКАТ УЧАСТНИКА» unless given (a master class watched, a test passed). */
  heading?: string;
  /** The document's title in the PDF's metadata. */
  title: string;
  number: string;
  fullName: string;
  /** What the person did, e.g. «принял(а) очное участие в мероприятии». */
  deed: string;
  event: string;
  /** The line under the event: the hours, or the result; null for none (a failing grade not asked for). */
  detail: string | null;
  /** Already formatted: «23 ноября 2026 г.». */
  issued: string;
  /** `{portal}/certificates/{code}`. */
  verifyUrl: string;
}

/** A title in «ёлочки», any «…» inside it turned into „…“, as Russian nests quotes. */
export function quoted(title: string): string {
  return `«${title.replace(/«/g, '„').replace(/»/g, '“')}»`;
}

/**
 * Rendering with a subset font takes tens of milliseconds, and the calls report the file's size: the same text
 * gives the same document, so it is made once.
 */
const rendered = new LRUCache<string, Promise<Buffer>>({ max: 200 });

export function renderCertificatePdf(page: CertificatePage): Promise<Buffer> {
  const key = JSON.stringify(page);
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = render(page);
    rendered.set(key, pdf);
    pdf.catch(() => rendered.delete(key));
  }
  return pdf;
}

const QR_SIZE = 96;

async function render(page: CertificatePage): Promise<Buffer> {
  const qr = await QRCode.toBuffer(page.verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 384 });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: page.title, Author: 'Образовательный портал' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolveDone, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolveDone(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 112;
  const centred = { width, align: 'center' } as const;
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(3)
    .stroke('#1f4e8c');
  doc
    .font(BOLD)
    .fontSize(32)
    .fillColor('#1f4e8c')
    .text(page.heading ?? 'СЕРТИФИКАТ УЧАСТНИКА', 56, 110, centred);
  doc.font(REGULAR).fontSize(14).fillColor('#333333').text(`№ ${page.number}`, centred);
  doc.moveDown(2).fontSize(16).text('Настоящим подтверждается, что', centred);
  doc.moveDown(0.5).font(BOLD).fontSize(24).fillColor('#000000').text(page.fullName, centred);
  doc.moveDown(0.5).font(REGULAR).fontSize(16).fillColor('#333333').text(page.deed, centred);
  doc.moveDown(0.5).font(BOLD).text(page.event, centred);
  if (page.detail !== null) doc.moveDown(0.5).font(REGULAR).text(page.detail, centred);
  else doc.font(REGULAR);
  doc.fontSize(12).text(`Дата выдачи: ${page.issued}`, 56, 470, { width, align: 'left' });
  doc.fontSize(10).text('Проверить подлинность:', 56, 496, { width: width - QR_SIZE, align: 'left' });
  doc.text(page.verifyUrl, { width: width - QR_SIZE, align: 'left', lineBreak: false });
  doc.image(qr, doc.page.width - 56 - QR_SIZE, 448, { width: QR_SIZE, height: QR_SIZE });
  doc.end();
  return done;
}
