import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LRUCache } from 'lru-cache';
import PDFDocument from 'pdfkit';

/**
 * The dictation's certificate of participation, made on request like the teacher's certificate
 * (certificate-pdf.ts): Russian text, so DejaVu Sans is embedded, subset to the glyphs used (ADR 018).
 */

const FONTS = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'assets', 'fonts');
const REGULAR = resolve(FONTS, 'DejaVuSans.ttf');
const BOLD = resolve(FONTS, 'DejaVuSans-Bold.ttf');

export interface DictationCertificateText {
  number: string;
  fullName: string;
  event: string;
  grade: number;
  errors: number;
  /** Epoch milliseconds: the day the results came out. */
  issuedAt: number;
}

const issuedFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

function errorsText(errors: number): string {
  if (errors === 0) return 'без ошибок';
  const form = new Intl.PluralRules('ru-RU').select(errors);
  return `${errors} ${form === 'one' ? 'ошибка' : form === 'few' ? 'ошибки' : 'ошибок'}`;
}

/** The same text gives the same document, and the result's page reports its size: it is made once. */
const rendered = new LRUCache<string, Promise<Buffer>>({ max: 200 });

export function renderDictationCertificatePdf(text: DictationCertificateText): Promise<Buffer> {
  const key = JSON.stringify(text);
  let pdf = rendered.get(key);
  if (!pdf) {
    pdf = render(text);
    rendered.set(key, pdf);
    pdf.catch(() => rendered.delete(key));
  }
  return pdf;
}

function render(text: DictationCertificateText): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 56,
    info: { Title: `Сертификат участника диктанта № ${text.number}`, Author: 'Образовательный портал' },
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
  doc.font(BOLD).fontSize(30).fillColor('#1f4e8c').text('СЕРТИФИКАТ УЧАСТНИКА', 56, 100, centred);
  doc.font(REGULAR).fontSize(14).fillColor('#333333').text(`№ ${text.number}`, centred);
  doc.moveDown(2).fontSize(16).text('Настоящим подтверждается, что', centred);
  doc.moveDown(0.5).font(BOLD).fontSize(24).fillColor('#000000').text(text.fullName, centred);
  doc.moveDown(0.5).font(REGULAR).fontSize(16).fillColor('#333333').text('написал(а) диктант', centred);
  doc.moveDown(0.5).font(BOLD).text(text.event, centred);
  doc
    .moveDown(0.5)
    .font(REGULAR)
    .text(`Результат: оценка «${text.grade}», ${errorsText(text.errors)}`, centred);
  doc.fontSize(12).text(`Дата выдачи: ${issuedFormat.format(new Date(text.issuedAt))}`, 56, 470, { width });
  doc.end();
  return done;
}
