/*
 * Small one-page PDFs written by hand (no library is needed for a page of text): the demo shops'
 * downloads and the gift cards a shop sells. The standard fonts take Latin-1 text only, so what
 * goes on the page is kept to printable ASCII (codes, amounts, the shop's Latin name).
 */

/** One page of text. */
export type PdfPage = { title: string; subtitle: string; lines: readonly string[] };

/** A PDF string literal: backslashes and parentheses escaped, anything outside printable ASCII dropped. */
function pdfText(text: string): string {
  return `(${text.replace(/[^\x20-\x7e]/g, "").replace(/[\\()]/g, (ch) => `\\${ch}`)})`;
}

/** One A4 page: a bold title, a subtitle, then the lines, in the PDF standard fonts. */
export function onePagePdf({ title, subtitle, lines }: PdfPage): Buffer {
  const content = [
    "BT /F2 22 Tf 56 770 Td",
    `${pdfText(title)} Tj`,
    "ET",
    "BT /F1 12 Tf 56 744 Td",
    `${pdfText(subtitle)} Tj`,
    "ET",
    "BT /F1 11 Tf 56 700 Td 17 TL",
    ...lines.map((line) => `${pdfText(line)} Tj T*`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
