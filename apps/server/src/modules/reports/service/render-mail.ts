import { fillMailText, REPORT_TEXTS, type TLanguage } from '@lockerops/contract';
import { stringify } from 'csv-stringify/sync';
import { escapeCell } from '../../../lib/crud/csv';
import { compare, formatAxisDate, formatPeriod, formatValue } from './format';
import type { ReportData } from './render';

/** A report's files and mail body from its data (`buildReport`), in the report's language. */

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
  const { language: l } = d;
  const w = REPORT_TEXTS[l];
  const parts = [
    `<h2 style="margin:0 0 4px">${esc(d.name)}</h2><p style="margin:0 0 16px;color:#555">${esc(formatPeriod(d.from, d.to, l))} (${esc(d.timeZone)})</p>`,
  ];
  for (const s of d.sections)
    for (const b of s.blocks) {
      const org = d.sections.length > 1 ? `${esc(s.organization)} — ` : '';
      parts.push(
        `<h3 style="margin:20px 0 6px;color:${c};border-bottom:2px solid ${c};padding-bottom:4px">${org}${esc(b.title)}</h3>`,
      );
      for (const f of b.figures) {
        const cmp = compare(f, b.currency, l);
        parts.push(
          `<p style="margin:4px 0"><span style="color:#555">${esc(f.label)}</span><br><b style="font-size:20px">${esc(formatValue(f.value, f.unit, b.currency, false, l))}</b>${cmp ? `<br><span style="font-size:12px;color:${cmp.trend === 'up' ? '#2e7d32' : cmp.trend === 'down' ? '#c62828' : '#666'}">${esc(cmp.text)}</span>` : ''}</p>`,
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
                    `<tr>${r.map((v, i) => `<td style="border-bottom:1px solid #eee;text-align:${b.table!.numeric.includes(i) ? 'right' : 'left'}">${esc(typeof v === 'number' ? formatValue(v, 'count', undefined, false, l) : v)}</td>`).join('')}</tr>`,
                )
                .join('')}</table>`
            : `<p style="color:#666">${esc(w.noEntries)}</p>`,
        );
      if (b.series) {
        const max = Math.max(0, ...b.series.points.map((p) => p[1]));
        parts.push(
          max > 0
            ? `<table style="height:80px" cellspacing="1"><tr style="vertical-align:bottom">${b.series.points
                .map(
                  ([date, v]) =>
                    `<td title="${esc(formatAxisDate(date, false, l))}: ${esc(formatValue(v, b.series!.unit, b.currency, false, l))}"><div style="width:8px;background:${c};height:${Math.round((Math.max(0, v) / max) * 80)}px"></div></td>`,
                )
                .join('')}</tr></table>`
            : `<p style="color:#666">${esc(noSeries(b.series.label, l))}.</p>`,
        );
      }
    }
  return parts.join('\n');
}

/** "No new users in this period": an empty series named in `language`. */
export const noSeries = (label: string, language: TLanguage) =>
  fillMailText(REPORT_TEXTS[language].noSeries, { what: language === 'en' ? label.toLowerCase() : label });

/** The plain-text body: the figures, formatted and compared, and the top rows of each table. */
export function renderText(d: ReportData): string {
  const l = d.language;
  const lines = [d.name, `${formatPeriod(d.from, d.to, l)} (${d.timeZone})`];
  for (const s of d.sections)
    for (const b of s.blocks) {
      lines.push('', d.sections.length > 1 ? `${s.organization} — ${b.title}` : b.title);
      for (const f of b.figures) {
        const cmp = compare(f, b.currency, l);
        const value = formatValue(f.value, f.unit, b.currency, false, l);
        lines.push(`  ${f.label}: ${value}${cmp ? ` (${cmp.text})` : ''}`);
      }
      for (const r of (b.table?.rows ?? []).slice(0, 10))
        lines.push(
          `  ${r.map((v) => (typeof v === 'number' ? formatValue(v, 'count', undefined, false, l) : v)).join(' · ')}`,
        );
    }
  return lines.join('\n');
}
