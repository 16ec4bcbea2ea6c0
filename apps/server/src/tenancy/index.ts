import { sql } from 'drizzle-orm';
import { APP_ROLE, type Db, type Tx } from '../db/client';

/**
 * Runs `fn` in one transaction acting for `organizationId`: the per-transaction setting
 * `app.organization_id` is set and the role is switched to the non-owner request role, so
 * PostgreSQL row-level security hides every other organization's rows even from a query that
 * forgets its filter (ARCHITECTURE: Tenancy is structural; CONVENTIONS habits 1–3).
 * Repositories still put the organization in every `where`.
 */
export async function withTenant<T>(db: Db, organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.organization_id', ${organizationId}, true)`);
    await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
    return fn(tx as Tx);
  });
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The organization label of a Host header: its first label when the host has a sub-domain
 * (`acme.localhost:3000` → `acme`), else undefined (plain `localhost`, an IP address, or the
 * configured public host) so the caller falls back to the default organization.
 */
export function organizationLabelFromHost(host: string | undefined, publicHost?: string): string | undefined {
  if (!host) return undefined;
  const hostname = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (!hostname || IPV4.test(hostname) || hostname.includes(':')) return undefined;
  if (publicHost && hostname === publicHost.toLowerCase()) return undefined;
  const labels = hostname.split('.');
  if (labels.length < 2) return undefined;
  return labels[0] || undefined;
}
