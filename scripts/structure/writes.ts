/**
 * The write rule of the server (CONTRIBUTING.md "Layers"): every table has one owner, a part of
 * the server (`modules/<area>`, `auth`, `lib/<name>`, …), and only the owner's files write its
 * rows. Another part writes them through the owner's index (`reserveOwnDevice` from
 * `modules/devices`), never with its own `insert`, `update` or `delete`.
 *
 * A write is the query builder's `.insert(table)`, `.update(table)` or `.delete(table)` on a table
 * of `db/schema`, or a raw statement's `INSERT INTO t`, `UPDATE t SET` or `DELETE FROM t`. The
 * database's own folder (`db/`: migrations, roll-up triggers, the schema's state) is the named
 * exception; tests aside.
 */
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sourceFiles } from './rules';

/** The tables of `db/schema`: the variable a file imports → the SQL name. */
export function schemaTables(src: string): Map<string, string> {
  const tables = new Map<string, string>();
  const re = /export const (\w+) = pgTable\(\s*'(\w+)'/g;
  for (const file of sourceFiles(join(src, 'db/schema')))
    for (const m of readFileSync(file, 'utf8').matchAll(re)) tables.set(m[1]!, m[2]!);
  return tables;
}

/** The part of the server a file belongs to: `modules/<area>`, `lib/<name>`, else its top folder. */
function partOf(rel: string): string {
  const parts = rel.split('/');
  if (parts.length === 1) return rel.replace(/\.ts$/, '');
  if (parts[0] === 'modules' || parts[0] === 'lib') return `${parts[0]}/${parts[1]!.replace(/\.ts$/, '')}`;
  return parts[0]!;
}

/** Each write of a text: the SQL name of the table written and the 1-based line. */
function writesOf(text: string, tables: Map<string, string>): { table: string; line: number }[] {
  const out: { table: string; line: number }[] = [];
  const sqlNames = new Set(tables.values());
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = tables.get(m[1]!);
    if (table) out.push({ table, line: lineAt(m.index) });
  }
  for (const m of text.matchAll(/\b(?:INSERT\s+INTO|DELETE\s+FROM|UPDATE)\s+(\w+)(?=[\s(])/g))
    if (sqlNames.has(m[1]!)) out.push({ table: m[1]!, line: lineAt(m.index) });
  return out;
}

/**
 * Writes, in the non-test files of the server's `src` outside `db/`, to a table whose owner (in
 * `owners`: SQL name → part) is another part, or to a table with no owner.
 */
export function foreignWriteFindings(src: string, owners: Readonly<Record<string, string>>): string[] {
  const tables = schemaTables(src);
  const findings: string[] = [];
  for (const file of sourceFiles(src)) {
    const rel = relative(src, file).split(sep).join('/');
    if (/\.test\.tsx?$/.test(rel) || rel.startsWith('db/') || rel.split('/').includes('test')) continue;
    const part = partOf(rel);
    for (const { table, line } of writesOf(readFileSync(file, 'utf8'), tables)) {
      const owner = owners[table];
      if (!owner) findings.push(`${rel}:${line}: writes ${table}, a table with no owner in TABLE_OWNERS`);
      else if (owner !== part)
        findings.push(
          `${rel}:${line}: writes ${table}, which ${owner} owns: call a function of ${owner}'s index`,
        );
    }
  }
  return findings;
}

/**
 * The owner of every table (its SQL name → the part of the server that writes it). The
 * organization's settings row is the organizations area's (it is made with the organization);
 * team members, their sessions and tokens are the identity service's (`auth`).
 */
export const TABLE_OWNERS: Readonly<Record<string, string>> = {
  api_keys: 'modules/api-keys',
  app_secrets: 'auth',
  audit_log: 'lib/crud',
  auth_attempts: 'auth',
  auth_sessions: 'auth',
  code_tries: 'modules/one-time-codes',
  conditions: 'modules/conditions',
  contact_verifications: 'modules/settings',
  couriers: 'modules/kiosks',
  customer_claims: 'modules/customer-app',
  customer_door_holds: 'modules/customer-app',
  customer_sessions: 'modules/customer-app',
  device_alerts: 'modules/fleet-health',
  device_unlocks: 'modules/devices',
  devices: 'modules/devices',
  domain_events: 'domain-events',
  door_health: 'modules/fleet-health',
  door_health_samples: 'modules/fleet-health',
  door_holds: 'modules/devices',
  feedback: 'modules/feedback',
  fleet_health_polls: 'modules/fleet-health',
  group_resources: 'modules/groups',
  group_users: 'modules/groups',
  groups: 'modules/groups',
  idempotency_keys: 'lib/queries',
  issues: 'modules/issues',
  kiosk_attempts: 'modules/kiosks',
  kiosks: 'modules/kiosks',
  location_assignments: 'modules/locations',
  location_lock_settings: 'modules/devices',
  locations: 'modules/locations',
  lock_vendor_accounts: 'modules/lock-vendors',
  locker_wall_doors: 'modules/locker-walls',
  locker_walls: 'modules/locker-walls',
  mail_outbox: 'adapters',
  members: 'auth',
  membership_locations: 'modules/memberships',
  membership_users: 'modules/memberships',
  memberships: 'modules/memberships',
  notification_deliveries: 'modules/notifications',
  notification_locations: 'modules/notifications',
  notifications: 'modules/notifications',
  organizations: 'modules/organizations',
  password_reset_codes: 'auth',
  prices: 'modules/prices',
  product_tracking: 'lib/product-tracking',
  products: 'modules/products',
  rate_limit_hits: 'lib/queries',
  refresh_tokens: 'auth',
  report_deliveries: 'modules/reports',
  reports: 'modules/reports',
  reservation_holds: 'modules/reservations',
  reservation_payments: 'modules/reservations',
  reservation_settings: 'modules/reservations',
  reservations: 'modules/reservations',
  settings: 'modules/organizations',
  sms_outbox: 'adapters',
  stripe_events: 'modules/payments',
  table_filters: 'modules/settings',
  toolbox_settings: 'modules/toolbox',
  transaction_counters: 'modules/transactions',
  transaction_logs: 'modules/transactions',
  transaction_shares: 'modules/transactions',
  transactions: 'modules/transactions',
  users: 'modules/users',
  webhook_endpoints: 'modules/webhooks',
  webhook_messages: 'modules/webhooks',
  widget_verifications: 'modules/one-time-codes',
};
