import { createPainter, M } from './pdf-painter';
import type { ReportData } from './render';

/**
 * Draws one report as a document an owner forwards: the organization's display name,
 * logo and colours in the header with the report's name, period and zone; each content a
 * section whose headline figures are formatted and compared with the previous period; each time
 * series a bar chart with a value axis (round ticks, gridlines, compact labels) and date labels;
 * tables (top users, top locations, per-location figures) with headings and aligned numbers;
 * as many A4 pages as the content needs, each with its page number and the generated-at time.
 *
 * Drawn with pdfkit's vector commands rather than rendered from SVG: bars, lines and text are
 * all these charts need, they print sharply, and no SVG renderer or browser is loaded.
 * pdfkit (with its font machinery, ≈ 9 MB of the server's memory) is loaded on the first PDF,
 * not at start: most servers never render one.
 */
export async function renderPdf(d: ReportData): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    bufferPages: true,
    info: { Title: `${d.brand.name}: ${d.name}`, Author: d.brand.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const p = createPainter(doc, d);
  p.header();
  for (const s of d.sections) {
    if (d.sections.length > 1) p.organization(s.organization, s.blocks[0]);
    for (const b of s.blocks) p.block(b);
  }
  p.footers();
  doc.end();
  return done;
}
