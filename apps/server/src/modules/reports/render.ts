import { REPORT_CONTENT_LABELS, type TReportContent, type TReportRecurrence } from '@lockerops/contract';
import { stringify } from 'csv-stringify/sync';
import type { StorageAdapter } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { escapeCell } from '../../lib/crud/csv';
import { withTenant } from '../../tenancy';
import { computeMetric, type MetricScope, organizationTimeZone } from '../dashboard';
import { compare, type Figure, type FigureUnit, formatAxisDate, formatPeriod, formatValue } from './format';
import { currencyOf, locationNames, reportBrandOf, subOrganizationNames } from './queries';
import { reportPeriod } from './schedule';

/** A table of a section: its column headings, which columns are numbers, and its rows. */
export interface ReportTable {
  headers: string[];
  /** Indexes of the columns holding numbers (right-aligned, formatted). */
  numeric: number[];
  rows: Array<Array<string | number>>;
}

/** One content of one organization: its headline figures, an optional table and an optional time series. */
export interface ReportBlock {
  content: TReportContent;
  title: string;
  /** The currency of the block's money figures (lower-case ISO code). */
  currency: string;
  figures: Figure[];
  table?: ReportTable;
  series?: { label: string; unit: FigureUnit; points: Array<[string, number]> };
}
export interface ReportSection {
  organizationId: string;
  organization: string;
  blocks: ReportBlock[];
}
/** The organization's white label (spec: console §7 white-label): display name, logo, colours. */
export interface ReportBrand {
  name: string;
  /** The logo file's bytes when it is a PNG or JPEG (the formats a PDF embeds). */
  logo?: Buffer;
  primaryColor: string;
  secondaryColor: string;
}
/** A report's data for one period: the organization and, with `include_sub_orgs`, each sub-organization. */
export interface ReportData {
  name: string;
  from: string;
  to: string;
  timeZone: string;
  brand: ReportBrand;
  generatedAt: Date;
  sections: ReportSection[];
}

/** The product's own colours, for an organization without a white label. */
export const DEFAULT_PRIMARY = '#1976d2';
export const DEFAULT_SECONDARY = '#26a69a';
const HEX = /^#[0-9a-fA-F]{6}$/;
const average = (xs: number[]) =>
  xs.length ? Math.round((xs.reduce((a, x) => a + x, 0) / xs.length) * 100) / 100 : 0;

/** Reads one content with the dashboard's metric functions (never computed again here). */
async function block(
  tx: Parameters<typeof computeMetric>[2],
  c: TReportContent,
  s: MetricScope,
  currency: string,
  placeName: (id: string) => string,
): Promise<ReportBlock> {
  const base = { content: c, title: REPORT_CONTENT_LABELS[c], currency };
  switch (c) {
    case 'earnings': {
      const m = await computeMetric('earnings', s, tx);
      return {
        ...base,
        currency: m.currency,
        figures: [{ label: 'Earnings', value: m.earnings, unit: 'money', previous: m.previous }],
        series: { label: 'Earnings', unit: 'money', points: m.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'user_growth': {
      const m = await computeMetric('user_growth', s, tx);
      return {
        ...base,
        figures: [
          { label: 'User growth', value: m.percentage, unit: 'percent', previous: m.previous },
          { label: 'New users', value: m.new_users, unit: 'count', previous: m.previous_new_users },
        ],
        series: { label: 'New users', unit: 'count', points: m.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'system_health': {
      const m = await computeMetric('door_health', s, tx);
      return {
        ...base,
        figures: [
          {
            label: 'Average door health',
            value: average(m.map((r) => r.health_percentage)),
            unit: 'percent',
          },
        ],
        table: {
          headers: ['Location', 'Door health (%)'],
          numeric: [1],
          rows: m.map((r) => [placeName(r.location_id), r.health_percentage]),
        },
      };
    }
    case 'issue_rate': {
      const m = await computeMetric('issue_rate', s, tx);
      return {
        ...base,
        figures: [
          { label: 'Issues per 100 transactions', value: m.issue_rate, unit: 'rate', previous: m.previous },
        ],
        series: {
          label: 'Issues per 100 transactions',
          unit: 'rate',
          points: m.trend.map((p) => [p.date, p.value]),
        },
      };
    }
    case 'occupancy_rate': {
      const m = await computeMetric('occupancy_rate', s, tx);
      return {
        ...base,
        figures: [
          { label: 'Average occupancy', value: average(m.map((r) => r.occupancy_rate)), unit: 'percent' },
        ],
        table: {
          headers: ['Location', 'Occupancy (%)'],
          numeric: [1],
          rows: m.map((r) => [placeName(r.id), r.occupancy_rate]),
        },
      };
    }
    case 'transaction_rate': {
      const m = await computeMetric('transaction_rate', s, tx);
      const total = await computeMetric('total_transactions', s, tx);
      return {
        ...base,
        figures: [
          {
            label: 'Transactions',
            value: total.breakdown.organization_total,
            unit: 'count',
            previous: total.previous,
          },
          {
            label: 'New-transaction rate',
            value: m.new_transaction_percentage,
            unit: 'percent',
            previous: m.previous,
          },
        ],
        series: { label: 'Transactions', unit: 'count', points: total.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'users': {
      const m = await computeMetric('users', s, tx);
      return {
        ...base,
        figures: [{ label: 'Total users', value: m.total, unit: 'count' }],
        table: { headers: ['Month', 'New users'], numeric: [1], rows: m.data.map((r) => [r.month, r.count]) },
      };
    }
    case 'top_users': {
      const m = await computeMetric('top_users', s, tx);
      return {
        ...base,
        figures: [],
        table: {
          headers: ['Customer', 'Favourite location', 'Transactions'],
          numeric: [2],
          rows: m.map((r) => [r.user, r.location ?? '', r.purchases]),
        },
      };
    }
    case 'top_locations': {
      const m = await computeMetric('locations', s, tx);
      return {
        ...base,
        figures: [],
        table: {
          headers: ['Location', 'Address', 'Transactions'],
          numeric: [2],
          rows: m.map((r) => [r.name, r.address ?? '', r.count]),
        },
      };
    }
    case 'active_locks': {
      const m = await computeMetric('door_counts', s, tx);
      return {
        ...base,
        figures: [{ label: 'Doors', value: m.main_org.main_org_total_doors, unit: 'count' }],
        table: {
          headers: ['Location', 'Doors'],
          numeric: [1],
          rows: m.door_counts_by_location.map((r) => [r.location_name, r.total_doors]),
        },
      };
    }
  }
}

/** Reads a stored logo (`/api/files/{key}`) when it is a PNG or JPEG; else undefined. */
async function readLogo(
  storage: StorageAdapter | undefined,
  url: string | null,
): Promise<Buffer | undefined> {
  const key = url?.match(/^\/api\/files\/([^/?#]+)$/)?.[1];
  const file = key ? storage?.open(key) : undefined;
  if (!file || !['image/png', 'image/jpeg'].includes(file.contentType)) return undefined;
  const chunks: Buffer[] = [];
  for await (const c of file.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Computes a report's contents for the period a send at `dueAt` tells (schedule.ts
 * `reportPeriod`, in the organization's zone): the organization first, then — with
 * `includeSubOrgs` — each sub-organization as its own section (by name), each read under its
 * own tenant; with the organization's white label (display name, PNG/JPEG logo read through
 * `opts.storage`, colours). `db` is the owner handle; `opts.now` stamps the "generated at"
 * (default: the clock). spec: console §3 Report, §7 white-label.
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
  opts: { storage?: StorageAdapter; now?: Date } = {},
): Promise<ReportData> {
  const org = await reportBrandOf({ db, organizationId: report.organizationId });
  const subs = report.includeSubOrgs
    ? await subOrganizationNames({ db, organizationId: report.organizationId })
    : [];
  const timeZone = await withTenant(db, report.organizationId, (tx) =>
    organizationTimeZone(tx, report.organizationId),
  );
  const { from, to } = reportPeriod(report.recurrence, dueAt, timeZone);
  const sections: ReportSection[] = [];
  for (const o of [org!, ...subs]) {
    const blocks = await withTenant(db, o.id, async (tx) => {
      const zone = await organizationTimeZone(tx, o.id);
      const currency = (await currencyOf({ tx, organizationId: o.id })) ?? 'usd';
      const places = await locationNames({ tx, organizationId: o.id });
      const scope: MetricScope = {
        organizationId: o.id,
        from,
        to,
        locations: [],
        timeZone: zone,
        now: dueAt,
      };
      const out: ReportBlock[] = [];
      for (const c of report.contents)
        out.push(await block(tx, c as TReportContent, scope, currency, (id) => places.get(id) ?? id));
      return out;
    });
    sections.push({ organizationId: o.id, organization: o.appName || o.name, blocks });
  }
  const brand: ReportBrand = {
    name: org!.appName || org!.name,
    logo: await readLogo(opts.storage, org!.appLogo),
    primaryColor: HEX.test(org!.primaryColor ?? '') ? org!.primaryColor! : DEFAULT_PRIMARY,
    secondaryColor: HEX.test(org!.secondaryColor ?? '') ? org!.secondaryColor! : DEFAULT_SECONDARY,
  };
  return { name: report.name, from, to, timeZone, brand, generatedAt: opts.now ?? new Date(), sections };
}

/** Text cells a spreadsheet would run as formulas get a leading quote (`escapeCell`); numbers stay. */
const cell = (v: string | number) => (typeof v === 'string' ? escapeCell(v) : v);

/**
 * The CSV file: a title row, then one section per organization and content — a row naming both,
 * the figures as `figure,value,previous,unit` rows (raw numbers; unit: the currency or `%`), the table with its header, the series as `date,value`
 * rows — separated by an empty row.
 */
export function renderCsv(d: ReportData): Buffer {
  const rows: Array<Array<string | number>> = [[d.name], ['period', d.from, d.to], ['time_zone', d.timeZone]];
  for (const s of d.sections)
    for (const b of s.blocks) {
      rows.push([], ['section', s.organization, b.title]);
      if (b.figures.length)
        rows.push(
          ['figure', 'value', 'previous', 'unit'],
          ...b.figures.map((f) => [
            f.label,
            f.value,
            f.previous ?? '',
            f.unit === 'money' ? b.currency : f.unit === 'percent' ? '%' : '',
          ]),
        );
      if (b.table) rows.push(b.table.headers, ...b.table.rows);
      if (b.series) rows.push(['date', b.series.label], ...b.series.points);
    }
  return Buffer.from(`\ufeff${stringify(rows.map((r) => r.map(cell)))}`, 'utf8');
}

const esc = (s: string | number) =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The mail body (inside the organization's mail layout): per section its figures formatted and
 * compared with the previous period, the top rows of its table and each series as an HTML bar
 * chart (table cells, which mail clients show without loading an image).
 */
export function renderHtml(d: ReportData): string {
  const c = d.brand.primaryColor;
  const parts = [
    `<h2 style="margin:0 0 4px">${esc(d.name)}</h2><p style="margin:0 0 16px;color:#555">${esc(formatPeriod(d.from, d.to))} (${esc(d.timeZone)})</p>`,
  ];
  for (const s of d.sections)
    for (const b of s.blocks) {
      const org = d.sections.length > 1 ? `${esc(s.organization)} — ` : '';
      parts.push(
        `<h3 style="margin:20px 0 6px;color:${c};border-bottom:2px solid ${c};padding-bottom:4px">${org}${esc(b.title)}</h3>`,
      );
      for (const f of b.figures) {
        const cmp = compare(f, b.currency);
        parts.push(
          `<p style="margin:4px 0"><span style="color:#555">${esc(f.label)}</span><br><b style="font-size:20px">${esc(formatValue(f.value, f.unit, b.currency))}</b>${cmp ? `<br><span style="font-size:12px;color:${cmp.trend === 'up' ? '#2e7d32' : cmp.trend === 'down' ? '#c62828' : '#666'}">${esc(cmp.text)}</span>` : ''}</p>`,
        );
      }
      if (b.table)
        parts.push(
          b.table.rows.length
            ? `<table cellpadding="4" cellspacing="0" style="border-collapse:collapse;font-size:13px"><tr>${b.table.headers
                .map(
                  (h, i) =>
                    `<th style="background:${c};color:#fff;text-align:${b.table!.numeric.includes(i) ? 'right' : 'left'}">${esc(h)}</th>`,
                )
                .join('')}</tr>${b.table.rows
                .slice(0, 10)
                .map(
                  (r) =>
                    `<tr>${r.map((v, i) => `<td style="border-bottom:1px solid #eee;text-align:${b.table!.numeric.includes(i) ? 'right' : 'left'}">${esc(typeof v === 'number' ? formatValue(v, 'count') : v)}</td>`).join('')}</tr>`,
                )
                .join('')}</table>`
            : '<p style="color:#666">No entries in this period.</p>',
        );
      if (b.series) {
        const max = Math.max(0, ...b.series.points.map((p) => p[1]));
        parts.push(
          max > 0
            ? `<table style="height:80px" cellspacing="1"><tr style="vertical-align:bottom">${b.series.points
                .map(
                  ([date, v]) =>
                    `<td title="${esc(formatAxisDate(date))}: ${esc(formatValue(v, b.series!.unit, b.currency))}"><div style="width:8px;background:${c};height:${Math.round((Math.max(0, v) / max) * 80)}px"></div></td>`,
                )
                .join('')}</tr></table>`
            : `<p style="color:#666">No ${esc(b.series.label.toLowerCase())} in this period.</p>`,
        );
      }
    }
  return parts.join('\n');
}

/** The plain-text body: the figures, formatted and compared, and the top rows of each table. */
export function renderText(d: ReportData): string {
  const lines = [d.name, `${formatPeriod(d.from, d.to)} (${d.timeZone})`];
  for (const s of d.sections)
    for (const b of s.blocks) {
      lines.push('', d.sections.length > 1 ? `${s.organization} — ${b.title}` : b.title);
      for (const f of b.figures) {
        const cmp = compare(f, b.currency);
        lines.push(`  ${f.label}: ${formatValue(f.value, f.unit, b.currency)}${cmp ? ` (${cmp.text})` : ''}`);
      }
      for (const r of (b.table?.rows ?? []).slice(0, 10))
        lines.push(`  ${r.map((v) => (typeof v === 'number' ? formatValue(v, 'count') : v)).join(' · ')}`);
    }
  return lines.join('\n');
}
