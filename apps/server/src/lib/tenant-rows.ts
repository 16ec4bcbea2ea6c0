/**
 * The organizations of a batch of tenant rows, each once: what a statement reading the rows'
 * related rows filters on (`inArray(sizes.organizationId, organizationsOf(rows))`), so that it
 * names its organization (CONTRIBUTING "Layers"). One id for a page of a list (PostgreSQL reads
 * `in ($1)` as `= $1`); a sub-organization's devices and locations may also hold its super-tenant
 * parent's shared rows, whose related rows are the parent's.
 */
export function organizationsOf(rows: readonly { organizationId: string }[]): string[] {
  return [...new Set(rows.map((r) => r.organizationId))];
}
