/** The generated PDF of a digital product: a well-formed PDF 1.4 file (offsets, lengths, strings) holding the product's text. */
import { describe, expect, it } from 'vitest';
import { wrap } from '../word-wrap.js';
import { htmlText, productPdf } from './product-pdf.js';

const SOURCE = { title: 'Field Guide (PDF)', descriptionHtml: '<p>A downloadable guide.</p><p>Tents &amp; tarps — “knots”, 5 € \\ 中</p>', shopName: 'Tessera Supply Co.' };

/** The file's objects by number, checked against its cross-reference table. */
function readPdf(pdf: Buffer): Map<number, string> {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!;
  expect(Number(first)).toBe(0);
  const entries = text.slice(startxref).split('\n').slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  const objects = new Map<number, string>();
  entries.slice(1).forEach((entry, i) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    const header = `${i + 1} 0 obj\n`;
    expect(text.slice(offset, offset + header.length), `object ${i + 1} at ${offset}`).toBe(header);
    objects.set(i + 1, text.slice(offset + header.length, text.indexOf('\nendobj\n', offset)));
  });
  expect(/trailer\n<< \/Size (\d+) \/Root 1 0 R/.exec(text)![1]).toBe(count);
  return objects;
}

describe('productPdf', () => {
  it('is a well-formed PDF whose stream length and offsets are right', () => {
    const objects = readPdf(productPdf(SOURCE));
    expect(objects.get(1)).toBe('<< /Type /Catalog /Pages 2 0 R >>');
    const stream = objects.get(6)!;
    const length = Number(/^<< \/Length (\d+) >>\nstream\n/.exec(stream)![1]);
    const data = stream.slice(stream.indexOf('stream\n') + 7, stream.lastIndexOf('\nendstream'));
    expect(Buffer.byteLength(data, 'latin1')).toBe(length);
  });

  it('prints the title, the shop and the description, escaped and in WinAnsi', () => {
    const text = productPdf(SOURCE).toString('latin1');
    expect(text).toContain('(Field Guide \\(PDF\\)) Tj');
    expect(text).toContain('(From Tessera Supply Co.) Tj');
    expect(text).toContain('(A downloadable guide.) Tj');
    // & read, the dash and quotes as WinAnsi bytes, the euro sign too, the backslash escaped, a character WinAnsi lacks as ?
    expect(text).toContain('(Tents & tarps \x97 \x93knots\x94, 5 \x80 \\\\ ?) Tj');
    expect(text).toContain('/Title (Field Guide \\(PDF\\))');
  });

  it('is the same file for the same product', () => {
    expect(productPdf(SOURCE).equals(productPdf(SOURCE))).toBe(true);
  });
});

describe('text helpers', () => {
  it('reads a description’s paragraphs as lines', () => {
    expect(htmlText('<p>One <b>two</b></p>\n<p>Three&nbsp;&lt;4&gt;</p><br>five')).toEqual(['One two', 'Three <4>', 'five']);
  });

  it('wraps words at a width, a long word on its own line', () => {
    expect(wrap('aa bb cc dd', 5)).toEqual(['aa bb', 'cc dd']);
    expect(wrap('a verylongword b', 4)).toEqual(['a', 'verylongword', 'b']);
  });
});
