import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import PDFDocument from 'pdfkit';

/**
 * The certificate as a PDF, made on request from the database row. The text is Russian, so the standard PDF
 * fonts (Latin only) will not do: DejaVu Sans is embedded, subset to the glyphs used (ADR 015).
 */

const FONTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'fonts');
const REGULAR = resolve(FONTS, 'DejaVuSans.ttf');
const BOLD = resolve(FONTS, 'DejaVuSans-Bold.ttf');

export interface CertificateText {
  number: string;
  fullName: string;
  event: string;
  hours: number;
  /** `YYYY-MM-DD`. */
  issuedOn: string;
}

const issuedFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function hoursText(hours: number): string {
  const form = new Intl.PluralRules('ru-RU').select(hours);
  return `${hours} ${form === 'one' ? 'академический час' : form === 'few' ? 'академических часа' : 'академических часов'}`;
}

/**
 * Rendering with a subset font takes tens of milliseconds, and the certificate call reports the file's size: the
 * same text gives the same document, so it is made once.
 */
const rendered = new LRUCache<string, Promise<Buffer>>({ max: 200 });

export function renderCertificatePdf(text: CertificateText): Promise<Buffer> {
  const key = JSON.stringify(text);
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = render(text);
    rendered.set(key, pdf);
    pdf.catch(() => rendered.delete(key));
  }
  return pdf;
}

function render(text: CertificateText): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: `Сертификат участника № ${text.number}`, Author: 'Образовательный портал' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolveDone, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolveDone(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 112;
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(3)
    .stroke('#1f4e8c');
  doc.font(BOLD).fontSize(32).fillColor('#1f4e8c').text('СЕРТИФИКАТ УЧАСТНИКА', 56, 110, { width, align: 'center' });
  doc.font(REGULAR).fontSize(14).fillColor('#333333').text(`№ ${text.number}`, { width, align: 'center' });
  doc.moveDown(2).fontSize(16).text('Настоящим подтверждается, что', { width, align: 'center' });
  doc.moveDown(0.5).font(BOLD).fontSize(24).fillColor('#000000').text(text.fullName, { width, align: 'center' });
  doc.moveDown(0.5).font(REGULAR).fontSize(16).fillColor('#333333');
  doc.text('принял(а) очное участие в мероприятии', { width, align: 'center' });
  doc.moveDown(0.5).font(BOLD).text(text.event, { width, align: 'center' });
  doc
    .moveDown(0.5)
    .font(REGULAR)
    .text(`в объёме ${hoursText(text.hours)}`, { width, align: 'center' });
  doc.fontSize(12).text(`Дата выдачи: ${issuedFormat.format(new Date(`${text.issuedOn}T00:00:00Z`))}`, 56, 470, {
    width,
    align: 'left',
  });
  doc.end();
  return done;
}
