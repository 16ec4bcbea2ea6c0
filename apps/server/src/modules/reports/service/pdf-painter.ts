/**
 * The drawing of a report's PDF (pdf.ts): page layout, header, figure cards, bar charts, tables and
 * footers with pdfkit's vector commands.
 */
import { fillMailText as fill, REPORT_TEXTS, type TLanguage } from '@lockerops/contract';
import { compare, formatAxisDate, formatInstant, formatPeriod, formatValue, niceTicks } from './format';
import type { ReportBlock, ReportData, ReportTable } from './render';
import { noSeries } from './render-mail';

type Doc = PDFKit.PDFDocument;

// A4 in points, the margin, and the line above which content stops (the footer sits below it)
const W = 595.28;
const H = 841.89;
export const M = 40;
const CW = W - 2 * M;
const LIMIT = H - 56;
const CHART_H = 170;
const ROW_H = 16;
const GREEN = '#2e7d32';
const RED = '#c62828';

/** White or near-black, whichever reads on `hex` (relative luminance). */
function onColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.6 ? '#111111' : '#ffffff';
}

/** The days between two series points: 1 (days), 7 (weeks) or about 30 (months). */
const stepDays = (pts: Array<[string, number]>) =>
  pts.length > 1 ? (Date.parse(pts[1]![0]) - Date.parse(pts[0]![0])) / 86_400_000 : 1;

/**
 * Draws a report's parts on `doc` from the top of the first page down (`header`, then
 * `organization` and `block` in order, `footers` last): `at.y` is where the next part starts.
 */
export function createPainter(doc: Doc, d: ReportData) {
  const at = { y: M };
  /** The report's language (its words: `REPORT_TEXTS[l]`). */
  const l: TLanguage = d.language;
  const primary = d.brand.primaryColor;

  /** The first page's band: logo, display name, report name, period and zone. */
  function header() {
    const band = 96;
    const ink = onColor(primary);
    doc.rect(0, 0, W, band).fill(primary);
    doc.rect(0, band, W, 4).fill(d.brand.secondaryColor);
    let x = M;
    if (d.brand.logo) {
      try {
        doc.roundedRect(M, 18, 120, 60, 6).fill('#ffffff');
        doc.image(d.brand.logo, M + 6, 22, { fit: [108, 52], align: 'center', valign: 'center' });
        x = M + 136;
      } catch {
        // an unreadable image: the header without it
      }
    }
    const right = 190;
    const nameW = W - M - right - x;
    // the display name whole: a smaller size for a long one, cut only past 12 points
    let size = 20;
    doc.font('Helvetica-Bold');
    while (size > 12 && doc.fontSize(size).widthOfString(d.brand.name) > nameW) size -= 1;
    doc
      .fontSize(size)
      .fillColor(ink)
      .text(d.brand.name, x, 26 + (20 - size) / 2, {
        width: nameW,
        height: 24,
        ellipsis: true,
        lineBreak: false,
      });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(ink)
      .text(d.name, x, 54, { width: nameW, height: 14, ellipsis: true, lineBreak: false });
    const rx = W - M - right + 10;
    doc.fontSize(7.5).text(REPORT_TEXTS[l].period, rx, 26, {
      width: right - 10,
      align: 'right',
      characterSpacing: 0.5,
    });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(formatPeriod(d.from, d.to, d.language), rx, 38, { width: right - 10, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(fill(REPORT_TEXTS[d.language].timesIn, { zone: d.timeZone }), rx, 55, {
        width: right - 10,
        align: 'right',
      });
    at.y = band + 24;
  }

  /** A new page with a thin band and the report's name; content continues below it. */
  function newPage() {
    doc.addPage();
    doc.rect(0, 0, W, 6).fill(primary);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#777777')
      .text(`${d.brand.name} · ${d.name} · ${formatPeriod(d.from, d.to, d.language)}`, M, 18, {
        width: CW,
        lineBreak: false,
      });
    at.y = 42;
  }

  /** Starts a new page unless `h` more points fit on this one. */
  function ensure(h: number) {
    if (at.y + h > LIMIT) newPage();
  }

  /** An organization's heading (reports with `include_sub_orgs`), kept with its first content. */
  function organization(name: string, first?: ReportBlock) {
    ensure(32 + (first ? Math.min(heightOf(first), 28 + 66) : 0));
    doc.font('Helvetica-Bold').fontSize(14).fillColor('#222222').text(name, M, at.y, { width: CW });
    at.y += 20;
    doc.rect(M, at.y, CW, 1.5).fill(d.brand.secondaryColor);
    at.y += 12;
  }

  /** The height a block needs: heading, figure cards, chart, table (at most ten rows). */
  function heightOf(b: ReportBlock) {
    const cards = Math.ceil(b.figures.length / 3) * 66;
    const table = b.table ? (Math.max(1, Math.min(10, b.table.rows.length)) + 1) * ROW_H + 14 : 0;
    return 28 + cards + (b.series ? CHART_H : 0) + table + 10;
  }

  /** One content: its heading, figures, chart and table; kept on one page when it fits on one. */
  function block(b: ReportBlock) {
    const h = heightOf(b);
    ensure(h <= LIMIT - 42 ? h : 28 + 66);
    doc.rect(M, at.y, 4, 16).fill(primary);
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('#111111')
      .text(b.title, M + 12, at.y + 2, {
        width: CW - 12,
        lineBreak: false,
      });
    at.y += 28;
    for (let i = 0; i < b.figures.length; i += 3) cards(b, b.figures.slice(i, i + 3));
    if (b.series) chart(b);
    if (b.table) table(b.table);
    at.y += 10;
  }

  /** Up to three figure cards in a row: label, formatted value, comparison with the previous period. */
  function cards(b: ReportBlock, figures: ReportBlock['figures']) {
    ensure(66);
    const gap = 12;
    const w = (CW - 2 * gap) / 3;
    figures.forEach((f, i) => {
      const x = M + i * (w + gap);
      doc.roundedRect(x, at.y, w, 56, 4).fill('#f4f6f8');
      doc.rect(x, at.y, 3, 56).fill(d.brand.secondaryColor);
      doc
        .font('Helvetica')
        .fontSize(8.5)
        .fillColor('#555555')
        .text(f.label, x + 12, at.y + 8, {
          width: w - 20,
          height: 11,
          ellipsis: true,
          lineBreak: false,
        });
      doc
        .font('Helvetica-Bold')
        .fontSize(17)
        .fillColor('#111111')
        .text(formatValue(f.value, f.unit, b.currency, false, l), x + 12, at.y + 20, {
          width: w - 20,
          lineBreak: false,
        });
      const cmp = compare(f, b.currency, l);
      if (cmp)
        doc
          .font('Helvetica')
          .fontSize(7.5)
          .fillColor(cmp.trend === 'up' ? GREEN : cmp.trend === 'down' ? RED : '#666666')
          .text(cmp.text, x + 12, at.y + 41, {
            width: w - 16,
            height: 10,
            ellipsis: true,
            lineBreak: false,
          });
    });
    at.y += 66;
  }

  /** A bar chart of the block's series: value axis with round ticks and gridlines, date labels. */
  function chart(b: ReportBlock) {
    const s = b.series!;
    ensure(CHART_H);
    const pts = s.points;
    const step = stepDays(pts);
    const per = step >= 28 ? 'month' : step >= 7 ? 'week' : 'day';
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor('#444444')
      .text(`${s.label} by ${per}`, M, at.y, { width: CW, lineBreak: false });
    const axisW = 52;
    const px = M + axisW;
    const pw = CW - axisW - 4;
    const py = at.y + 18;
    const ph = CHART_H - 52;
    const max = Math.max(0, ...pts.map((q) => q[1]));
    const ticks = niceTicks(max, 4, s.unit === 'count');
    const top = ticks[ticks.length - 1]!;
    const yOf = (v: number) => py + ph - (Math.max(0, v) / top) * ph;
    doc.font('Helvetica').fontSize(7).fillColor('#666666');
    for (const t of ticks) {
      const ty = yOf(t);
      doc
        .moveTo(px, ty)
        .lineTo(px + pw, ty)
        .lineWidth(0.5)
        .strokeColor('#e3e3e3')
        .stroke();
      doc.fillColor('#666666').text(formatValue(t, s.unit, b.currency, true, l), M, ty - 3.5, {
        width: axisW - 6,
        align: 'right',
        lineBreak: false,
      });
    }
    doc
      .moveTo(px, py + ph)
      .lineTo(px + pw, py + ph)
      .lineWidth(0.8)
      .strokeColor('#9e9e9e')
      .stroke();
    const bw = pw / Math.max(1, pts.length);
    if (max > 0)
      pts.forEach(([, v], i) => {
        const bh = py + ph - yOf(v);
        if (bh > 0) doc.rect(px + i * bw + bw * 0.15, py + ph - bh, bw * 0.7, bh).fill(primary);
      });
    else
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .fillColor('#888888')
        .text(noSeries(s.label, l), px, py + ph / 2 - 5, {
          width: pw,
          align: 'center',
          lineBreak: false,
        });
    // date labels: as many as fit without overlapping (about 46 points each)
    const every = Math.max(1, Math.ceil(pts.length / Math.floor(pw / 46)));
    doc.font('Helvetica').fontSize(7).fillColor('#666666');
    pts.forEach(([date], i) => {
      if (i % every) return;
      const label = formatAxisDate(date, per === 'month', l);
      doc.text(label, px + i * bw + bw / 2 - 23, py + ph + 4, {
        width: 46,
        align: 'center',
        lineBreak: false,
      });
    });
    at.y += CHART_H - 16;
  }

  /** A table: a coloured heading row, zebra rows, numbers right-aligned; at most ten rows. */
  function table(t: ReportTable) {
    const numW = 96;
    const textCols = t.headers.length - t.numeric.length;
    const textW = textCols ? (CW - t.numeric.length * numW) / textCols : 0;
    const widths = t.headers.map((_, i) => (t.numeric.includes(i) ? numW : textW));
    const ink = onColor(primary);
    const head = () => {
      doc.rect(M, at.y, CW, ROW_H + 2).fill(primary);
      let x = M;
      doc.font('Helvetica-Bold').fontSize(8.5).fillColor(ink);
      t.headers.forEach((h, i) => {
        doc.text(h, x + 6, at.y + 5, {
          width: widths[i]! - 12,
          align: t.numeric.includes(i) ? 'right' : 'left',
          lineBreak: false,
        });
        x += widths[i]!;
      });
      at.y += ROW_H + 2;
    };
    ensure(ROW_H * 3);
    head();
    const rows = t.rows.slice(0, 10);
    if (!rows.length) {
      doc
        .font('Helvetica-Oblique')
        .fontSize(8.5)
        .fillColor('#888888')
        .text('No entries in this period.', M + 6, at.y + 4, { width: CW - 12, lineBreak: false });
      at.y += ROW_H + 8;
      return;
    }
    rows.forEach((r, n) => {
      if (at.y + ROW_H > LIMIT) {
        newPage();
        head();
      }
      if (n % 2) doc.rect(M, at.y, CW, ROW_H).fill('#f6f7f9');
      let x = M;
      doc.font('Helvetica').fontSize(8.5).fillColor('#222222');
      r.forEach((v, i) => {
        const numeric = t.numeric.includes(i);
        const text = numeric && typeof v === 'number' ? formatValue(v, 'count', 'usd', false, l) : String(v);
        doc.text(text, x + 6, at.y + 4, {
          width: widths[i]! - 12,
          height: 10,
          align: numeric ? 'right' : 'left',
          ellipsis: true,
          lineBreak: false,
        });
        x += widths[i]!;
      });
      at.y += ROW_H;
    });
    doc
      .moveTo(M, at.y)
      .lineTo(M + CW, at.y)
      .lineWidth(0.5)
      .strokeColor('#cccccc')
      .stroke();
    if (t.rows.length > rows.length)
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor('#777777')
        .text(fill(REPORT_TEXTS[l].firstTen, { count: t.rows.length }), M, at.y + 3, {
          width: CW,
          lineBreak: false,
        });
    at.y += 14;
  }

  /** On every page: the generated-at time in the organization's zone and "Page n of N". */
  function footers() {
    const range = doc.bufferedPageRange();
    const w = REPORT_TEXTS[l];
    const at = formatInstant(d.generatedAt, d.timeZone, l);
    const generated = fill(w.generated, { at, zone: d.timeZone, name: d.brand.name });
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      doc.page.margins.bottom = 0; // text below the margin would otherwise open a new page
      doc
        .moveTo(M, H - 42)
        .lineTo(W - M, H - 42)
        .lineWidth(0.5)
        .strokeColor('#dddddd')
        .stroke();
      doc
        .font('Helvetica')
        .fontSize(7.5)
        .fillColor('#777777')
        .text(generated, M, H - 34, { width: CW - 80, lineBreak: false });
      const page = fill(w.page, { n: i - range.start + 1, count: range.count });
      doc.text(page, W - M - 80, H - 34, { width: 80, align: 'right', lineBreak: false });
    }
  }

  return { header, organization, block, footers };
}
