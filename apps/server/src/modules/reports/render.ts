import { REPORT_CONTENT_LABELS, type TReportContent, type TReportRecurrence } from '@lockerops/contract';
import { stringify } from 'csv-stringify/sync';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations } from '../../db/schema';
import { escapeCell } from '../../lib/crud/csv';
import { withTenant } from '../../tenancy';
import { computeMetric, type MetricScope, organizationTimeZone } from '../dashboard';
import { reportPeriod } from './schedule';

/** One content of one organization: its figures, an optional table and an optional time series. */
export interface ReportBlock {
  content: TReportContent;
  title: string;
  figures: Array<[string, string | number]>;
  table?: { headers: string[]; rows: Array<Array<string | number>> };
  series?: { label: string; points: Array<[string, number]> };
}
export interface ReportSection {
  organizationId: string;
  organization: string;
  blocks: ReportBlock[];
}
/** A report's data for one period: the organization and, with `include_sub_orgs`, each sub-organization. */
export interface ReportData {
  name: string;
  from: string;
  to: string;
  timeZone: string;
  sections: ReportSection[];
}

const pct = (n: number) => `${n}%`;

/** Reads one content with the dashboard's metric functions (never computed again here). */
async function block(
  tx: Parameters<typeof computeMetric>[2],
  c: TReportContent,
  s: MetricScope,
): Promise<ReportBlock> {
  const title = REPORT_CONTENT_LABELS[c];
  switch (c) {
    case 'earnings': {
      const m = await computeMetric('earnings', s, tx);
      return {
        content: c,
        title,
        figures: [
          ['Earnings', m.earnings.toFixed(2)],
          ['Currency', m.currency],
          ['Previous period', m.previous.toFixed(2)],
        ],
        series: { label: 'Earnings', points: m.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'user_growth': {
      const m = await computeMetric('user_growth', s, tx);
      return {
        content: c,
        title,
        figures: [
          ['User growth', pct(m.percentage)],
          ['New users', m.new_users],
          ['New users in the previous period', m.previous_new_users],
        ],
        series: { label: 'New users', points: m.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'system_health': {
      const m = await computeMetric('door_health', s, tx);
      const avg = m.length
        ? Math.round((m.reduce((a, r) => a + r.health_percentage, 0) / m.length) * 100) / 100
        : 0;
      return {
        content: c,
        title,
        figures: [['Average door health', pct(avg)]],
        table: {
          headers: ['location_id', 'health_percentage'],
          rows: m.map((r) => [r.location_id, r.health_percentage]),
        },
      };
    }
    case 'issue_rate': {
      const m = await computeMetric('issue_rate', s, tx);
      return {
        content: c,
        title,
        figures: [
          ['Issues per 100 transactions', m.issue_rate],
          ['Previous period', m.previous],
        ],
        series: { label: 'Issue rate', points: m.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'occupancy_rate': {
      const m = await computeMetric('occupancy_rate', s, tx);
      const avg = m.length
        ? Math.round((m.reduce((a, r) => a + r.occupancy_rate, 0) / m.length) * 100) / 100
        : 0;
      return {
        content: c,
        title,
        figures: [['Average occupancy', pct(avg)]],
        table: { headers: ['location_id', 'occupancy_rate'], rows: m.map((r) => [r.id, r.occupancy_rate]) },
      };
    }
    case 'transaction_rate': {
      const m = await computeMetric('transaction_rate', s, tx);
      const total = await computeMetric('total_transactions', s, tx);
      return {
        content: c,
        title,
        figures: [
          ['Transactions', total.breakdown.organization_total],
          ['New-transaction rate', pct(m.new_transaction_percentage)],
        ],
        series: { label: 'Transactions', points: m.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'users': {
      const m = await computeMetric('users', s, tx);
      return {
        content: c,
        title,
        figures: [['Total users', m.total]],
        table: { headers: ['month', 'count'], rows: m.data.map((r) => [r.month, r.count]) },
      };
    }
    case 'top_users': {
      const m = await computeMetric('top_users', s, tx);
      return {
        content: c,
        title,
        figures: [],
        table: {
          headers: ['user', 'location', 'purchases'],
          rows: m.map((r) => [r.user, r.location ?? '', r.purchases]),
        },
      };
    }
    case 'top_locations': {
      const m = await computeMetric('locations', s, tx);
      return {
        content: c,
        title,
        figures: [],
        table: {
          headers: ['location', 'address', 'count'],
          rows: m.map((r) => [r.name, r.address ?? '', r.count]),
        },
      };
    }
    case 'active_locks': {
      const m = await computeMetric('door_counts', s, tx);
      return {
        content: c,
        title,
        figures: [['Doors', m.main_org.main_org_total_doors]],
        table: {
          headers: ['location', 'doors'],
          rows: m.door_counts_by_location.map((r) => [r.location_name, r.total_doors]),
        },
      };
    }
  }
}

/**
 * Computes a report's contents for the period a send at `dueAt` tells (schedule.ts
 * `reportPeriod`, in the organization's zone): the organization first, then — with
 * `includeSubOrgs` — each sub-organization as its own section (by name), each read under its
 * own tenant. `db` is the owner handle. spec: console §3 Report.
 */
export async function buildReport(
  db: Db,
  report: {
    organizationId: string;
    name: string;
    contents: readonly string[];
    recurrence: TReportRecurrence;
    includeSubOrgs: boolean;
  },
  dueAt: Date,
): Promise<ReportData> {
  const [org] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, report.organizationId));
  const subs = report.includeSubOrgs
    ? await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.parentId, report.organizationId))
        .orderBy(asc(organizations.name))
    : [];
  const timeZone = await withTenant(db, report.organizationId, (tx) =>
    organizationTimeZone(tx, report.organizationId),
  );
  const { from, to } = reportPeriod(report.recurrence, dueAt, timeZone);
  const sections: ReportSection[] = [];
  for (const o of [org!, ...subs]) {
    const blocks = await withTenant(db, o.id, async (tx) => {
      const zone = await organizationTimeZone(tx, o.id);
      const scope: MetricScope = {
        organizationId: o.id,
        from,
        to,
        locations: [],
        timeZone: zone,
        now: dueAt,
      };
      const out: ReportBlock[] = [];
      for (const c of report.contents) out.push(await block(tx, c as TReportContent, scope));
      return out;
    });
    sections.push({ organizationId: o.id, organization: o.name, blocks });
  }
  return { name: report.name, from, to, timeZone, sections };
}

/** Text cells a spreadsheet would run as formulas get a leading quote (`escapeCell`); numbers stay. */
const cell = (v: string | number) => (typeof v === 'string' ? escapeCell(v) : v);

/**
 * The CSV file: a title row, then one section per organization and content — a row naming both,
 * the figures as `figure,value` rows, the table with its header, the series as `date,value`
 * rows — separated by an empty row.
 */
export function renderCsv(d: ReportData): Buffer {
  const rows: Array<Array<string | number>> = [[d.name], ['period', d.from, d.to], ['time_zone', d.timeZone]];
  for (const s of d.sections)
    for (const b of s.blocks) {
      rows.push([], ['section', s.organization, b.title]);
      if (b.figures.length) rows.push(['figure', 'value'], ...b.figures);
      if (b.table) rows.push(b.table.headers, ...b.table.rows);
      if (b.series) rows.push(['date', b.series.label], ...b.series.points);
    }
  return Buffer.from(`\ufeff${stringify(rows.map((r) => r.map(cell)))}`, 'utf8');
}

/**
 * Draws a bar chart of a series with pdfkit's vector commands. Chosen over vega-lite → SVG →
 * resvg: a bar chart of at most ~62 points needs axes, bars and two labels, which the PDF
 * primitives draw exactly (and print sharply) with no browser, no SVG renderer and no native
 * module. The mail body draws the same bars as HTML table cells (renderHtml), which mail clients
 * show without loading an image.
 */
function barChart(doc: PDFKit.PDFDocument, x: number, y: number, w: number, h: number, b: ReportBlock) {
  const pts = b.series!.points;
  const max = Math.max(1, ...pts.map((p) => p[1]));
  doc.fontSize(8).fillColor('#333').text(`${b.title}: ${b.series!.label}`, x, y);
  const top = y + 12;
  const ch = h - 24;
  doc
    .moveTo(x, top + ch)
    .lineTo(x + w, top + ch)
    .strokeColor('#999')
    .lineWidth(0.5)
    .stroke();
  const bw = w / Math.max(1, pts.length);
  pts.forEach(([, v], i) => {
    const bh = (Math.max(0, v) / max) * ch;
    doc.rect(x + i * bw + bw * 0.15, top + ch - bh, bw * 0.7, bh).fill('#1976d2');
  });
  doc.fillColor('#666').fontSize(6);
  if (pts.length) {
    doc.text(pts[0]![0], x, top + ch + 2, { lineBreak: false });
    doc.text(pts[pts.length - 1]![0], x + w - 40, top + ch + 2, {
      width: 40,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.text(String(max), x - 30, top - 3, { width: 28, align: 'right', lineBreak: false });
}

/**
 * The one-page PDF: title and period, each section's figures (and top rows), one chart per time series.
 * pdfkit (with its font machinery, ≈ 9 MB of the server's memory) is loaded on the first PDF, not
 * at start: most servers never render one.
 */
export async function renderPdf(d: ReportData): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: d.name } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const blocks = d.sections.flatMap((s) => s.blocks.map((b) => ({ s, b })));
  const series = blocks.filter((x) => x.b.series);
  const lines = blocks.reduce(
    (n, x) => n + 1 + x.b.figures.length + Math.min(5, x.b.table?.rows.length ?? 0),
    0,
  );
  // one page: shrink the text when there is a lot of it, and the charts when there are many
  const font = Math.max(5, Math.min(9, 430 / Math.max(1, lines)));
  doc.fontSize(14).fillColor('#000').text(d.name, { lineBreak: true });
  doc.fontSize(9).fillColor('#444').text(`Period ${d.from} to ${d.to} (${d.timeZone})`);
  doc.moveDown(0.5);
  let y = doc.y;
  const left = 36;
  const colW = 250;
  for (const { s, b } of blocks) {
    doc
      .fontSize(font + 1)
      .fillColor('#000')
      .text(`${s.organization} — ${b.title}`, left, y, { width: colW, lineBreak: false });
    y += font + 4;
    for (const [k, v] of b.figures) {
      doc
        .fontSize(font)
        .fillColor('#222')
        .text(`${k}: ${v}`, left + 8, y, { width: colW - 8, lineBreak: false });
      y += font + 2;
    }
    for (const r of (b.table?.rows ?? []).slice(0, 5)) {
      doc
        .fontSize(font)
        .fillColor('#555')
        .text(r.join(' · '), left + 8, y, { width: colW - 8, lineBreak: false });
      y += font + 2;
    }
    y += 3;
  }
  const n = series.length;
  if (n) {
    const chartX = 330;
    const avail = 760;
    const ch = Math.min(140, avail / n);
    for (const [i, { s, b }] of series.entries())
      barChart(doc, chartX, 60 + i * ch, 225, ch - 6, { ...b, title: `${s.organization} — ${b.title}` });
  }
  doc.end();
  return done;
}

const esc = (s: string | number) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The mail body: figures and top rows per section, and each series as an HTML bar chart. */
export function renderHtml(d: ReportData): string {
  const parts = [`<h2>${esc(d.name)}</h2><p>Period ${esc(d.from)} to ${esc(d.to)} (${esc(d.timeZone)})</p>`];
  for (const s of d.sections)
    for (const b of s.blocks) {
      parts.push(`<h3>${esc(s.organization)} — ${esc(b.title)}</h3>`);
      if (b.figures.length)
        parts.push(
          `<table>${b.figures.map(([k, v]) => `<tr><td>${esc(k)}</td><td><b>${esc(v)}</b></td></tr>`).join('')}</table>`,
        );
      if (b.table?.rows.length)
        parts.push(
          `<table><tr>${b.table.headers.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${b.table.rows
            .slice(0, 10)
            .map((r) => `<tr>${r.map((v) => `<td>${esc(v)}</td>`).join('')}</tr>`)
            .join('')}</table>`,
        );
      if (b.series) {
        const max = Math.max(1, ...b.series.points.map((p) => p[1]));
        parts.push(
          `<table style="height:80px"><tr style="vertical-align:bottom">${b.series.points
            .map(
              ([date, v]) =>
                `<td title="${esc(date)}: ${esc(v)}"><div style="width:8px;background:#1976d2;height:${Math.round((Math.max(0, v) / max) * 80)}px"></div></td>`,
            )
            .join('')}</tr></table>`,
        );
      }
    }
  return parts.join('\n');
}

/** The plain-text body: the figures. */
export function renderText(d: ReportData): string {
  const lines = [d.name, `Period ${d.from} to ${d.to} (${d.timeZone})`];
  for (const s of d.sections)
    for (const b of s.blocks) {
      lines.push('', `${s.organization} — ${b.title}`);
      for (const [k, v] of b.figures) lines.push(`  ${k}: ${v}`);
    }
  return lines.join('\n');
}
