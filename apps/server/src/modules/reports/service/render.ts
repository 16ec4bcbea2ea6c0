import {
  REPORT_TEXTS,
  type TLanguage,
  type TReportContent,
  type TReportRecurrence,
} from '@lockerops/contract';
import type { StorageAdapter } from '../../../adapters/storage';
import type { Db } from '../../../db/client';
import { withTenant } from '../../../tenancy';
import { computeMetric, foldDashboard, type MetricScope, organizationTimeZone } from '../../dashboard';
import { currencyOf, locationNames, reportBrandOf, subOrganizationNames } from '../queries';
import type { Figure, FigureUnit } from './format';
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
  /** The language of its words and formats: the recipient's, English for a download. */
  language: TLanguage;
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
  language: TLanguage,
): Promise<ReportBlock> {
  const { contents, figure: F, column: C } = REPORT_TEXTS[language];
  const base = { content: c, title: contents[c], currency };
  switch (c) {
    case 'earnings': {
      const m = await computeMetric('earnings', s, tx);
      return {
        ...base,
        currency: m.currency,
        figures: [{ label: F.earnings, value: m.earnings, unit: 'money', previous: m.previous }],
        series: { label: F.earnings, unit: 'money', points: m.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'user_growth': {
      const m = await computeMetric('user_growth', s, tx);
      return {
        ...base,
        figures: [
          { label: F.userGrowth, value: m.percentage, unit: 'percent', previous: m.previous },
          { label: F.newUsers, value: m.new_users, unit: 'count', previous: m.previous_new_users },
        ],
        series: { label: F.newUsers, unit: 'count', points: m.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'system_health': {
      const m = await computeMetric('door_health', s, tx);
      return {
        ...base,
        figures: [
          {
            label: F.doorHealth,
            value: average(m.map((r) => r.health_percentage)),
            unit: 'percent',
          },
        ],
        table: {
          headers: [C.location, C.doorHealth],
          numeric: [1],
          rows: m.map((r) => [placeName(r.location_id), r.health_percentage]),
        },
      };
    }
    case 'issue_rate': {
      const m = await computeMetric('issue_rate', s, tx);
      return {
        ...base,
        figures: [{ label: F.issuesPer100, value: m.issue_rate, unit: 'rate', previous: m.previous }],
        series: {
          label: F.issuesPer100,
          unit: 'rate',
          points: m.trend.map((p) => [p.date, p.value]),
        },
      };
    }
    case 'occupancy_rate': {
      const m = await computeMetric('occupancy_rate', s, tx);
      return {
        ...base,
        figures: [{ label: F.occupancy, value: average(m.map((r) => r.occupancy_rate)), unit: 'percent' }],
        table: {
          headers: [C.location, C.occupancy],
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
            label: F.transactions,
            value: total.breakdown.organization_total,
            unit: 'count',
            previous: total.previous,
          },
          {
            label: F.newTransactionRate,
            value: m.new_transaction_percentage,
            unit: 'percent',
            previous: m.previous,
          },
        ],
        series: { label: F.transactions, unit: 'count', points: total.trend.map((p) => [p.date, p.value]) },
      };
    }
    case 'users': {
      const m = await computeMetric('users', s, tx);
      return {
        ...base,
        figures: [{ label: F.totalUsers, value: m.total, unit: 'count' }],
        table: { headers: [C.month, C.newUsers], numeric: [1], rows: m.data.map((r) => [r.month, r.count]) },
      };
    }
    case 'top_users': {
      const m = await computeMetric('top_users', s, tx);
      return {
        ...base,
        figures: [],
        table: {
          headers: [C.customer, C.favouriteLocation, C.transactions],
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
          headers: [C.location, C.address, C.transactions],
          numeric: [2],
          rows: m.map((r) => [r.name, r.address ?? '', r.count]),
        },
      };
    }
    case 'active_locks': {
      const m = await computeMetric('door_counts', s, tx);
      return {
        ...base,
        figures: [{ label: F.doors, value: m.main_org.main_org_total_doors, unit: 'count' }],
        table: {
          headers: [C.location, C.doors],
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
 * (default: the clock); `opts.language` names its words (default English). spec: console §3
 * Report, §7 white-label.
 */
export async function buildReport({
  db,
  report,
  dueAt,
  opts = {},
}: {
  db: Db;
  report: {
    organizationId: string;
    name: string;
    contents: readonly string[];
    recurrence: TReportRecurrence;
    includeSubOrgs: boolean;
  };
  dueAt: Date;
  opts?: { storage?: StorageAdapter; now?: Date; language?: TLanguage };
}): Promise<ReportData> {
  const org = await reportBrandOf({ db, organizationId: report.organizationId });
  const subs = report.includeSubOrgs
    ? await subOrganizationNames({ db, organizationId: report.organizationId })
    : [];
  const timeZone = await withTenant(db, report.organizationId, (tx) =>
    organizationTimeZone({ tx, organizationId: report.organizationId }),
  );
  const { from, to } = reportPeriod(report.recurrence, dueAt, timeZone);
  const language = opts.language ?? 'en';
  const sections: ReportSection[] = [];
  for (const o of [org!, ...subs]) {
    await foldDashboard({ db, organizationId: o.id });
    const blocks = await withTenant(db, o.id, async (tx) => {
      const zone = await organizationTimeZone({ tx, organizationId: o.id });
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
        out.push(
          await block(tx, c as TReportContent, scope, currency, (id) => places.get(id) ?? id, language),
        );
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
  const generatedAt = opts.now ?? new Date();
  return { name: report.name, from, to, timeZone, language, brand, generatedAt, sections };
}
