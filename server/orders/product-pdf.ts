/**
 * The file a digital product delivers, until owners can upload their own: a one-page PDF that Tessera writes
 * from the product itself (its title, its description as text, the shop's name). Written by hand, not by a
 * library: PDF 1.4 with the two standard Helvetica fonts (no font embedded), text in WinAnsi, lines wrapped by
 * an approximate width, and a cross-reference table whose offsets are counted as the file is built.
 */
import { wrap } from '../word-wrap.js';

/** A4 in points, with 72 pt margins. */
const PAGE = { width: 595, height: 842, margin: 72 } as const;
/** About how many characters of 11 pt Helvetica fit in the text width (Helvetica averages about half an em). */
const BODY_CHARS_PER_LINE = 80;
const TITLE_CHARS_PER_LINE = 38;

export interface PdfSource {
  readonly title: string;
  /** The product's description, HTML. */
  readonly descriptionHtml: string;
  readonly shopName: string;
}

/** WinAnsi codes of the characters beyond Latin-1 that text commonly holds; other characters become `?`. */
const WIN_ANSI: Readonly<Record<string, number>> = {
  '\u20ac': 0x80, '\u2026': 0x85, '\u2018': 0x91, '\u2019': 0x92, '\u201c': 0x93, '\u201d': 0x94, '\u2022': 0x95, '\u2013': 0x96, '\u2014': 0x97, '\u2122': 0x99,
};

/** `text` as a PDF string literal's bytes: WinAnsi, with `\`, `(` and `)` escaped. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const latin1 = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    const c = String.fromCharCode(WIN_ANSI[ch] ?? (latin1 ? code : 0x3f));
    out += c === '\\' || c === '(' || c === ')' ? `\\${c}` : c;
  }
  return `(${out})`;
}

/** The visible text of a little HTML: paragraphs and breaks as line ends, tags dropped, the common entities read. */
export function htmlText(html: string): string[] {
  const text = html
    .replace(/<\s*(br|\/p|\/li|\/h[1-6])\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n) <= 0x10ffff ? Number(n) : 0x3f))
    .replace(/&amp;/g, '&');
  return text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()).filter((line) => line !== '');
}

/** The page's drawing: each line at its place, in the bold font for the title. */
function pageContent(source: PdfSource): string {
  const ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  const line = (font: 'F1' | 'F2', size: number, text: string, gapAfter: number) => {
    ops.push(`BT /${font} ${size} Tf ${PAGE.margin} ${y} Td ${pdfString(text)} Tj ET`);
    y -= gapAfter;
  };
  for (const t of wrap(source.title, TITLE_CHARS_PER_LINE)) line('F1', 22, t, 28);
  line('F2', 11, `From ${source.shopName}`, 30);
  for (const paragraph of htmlText(source.descriptionHtml)) {
    for (const t of wrap(paragraph, BODY_CHARS_PER_LINE)) if (y > PAGE.margin) line('F2', 11, t, 16);
    y -= 8;
  }
  if (y > PAGE.margin + 20) line('F2', 9, `Thank you for buying from ${source.shopName}. This file is yours to keep.`, 12);
  return ops.join('\n');
}

/** The PDF's bytes. Deterministic: the same product gives the same file. */
export function productPdf(source: PdfSource): Buffer {
  const content = pageContent(source);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(source.title)} /Author ${pdfString(source.shopName)} /Producer (Tessera) >>`,
  ];
  // the binary comment line tells tools the file holds 8-bit data
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  // each cross-reference entry is exactly 20 bytes: 10 digits, space, 5 digits, space, type, space, newline
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
