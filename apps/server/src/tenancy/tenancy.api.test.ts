import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization, createTestApp, demoOrg, type TestApp } from '../../test/helpers';
import { applyTenancyPolicies, type Tx } from '../db/client';
import { devices, feedback, locations, members, organizations } from '../db/schema';
import { actFor, actingOrganizationId, organizationLabelFromHost, withTenant } from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('hides other organizations from a query that forgets its filter', async () => {
    const demo = await demoOrg(t);
    const other = await createOrganization(t, 'rivals');
    await createMember(t, other.id, { email: 'spy@rivals.test' });
    await t.database.db.insert(feedback).values([
      { organizationId: demo.id, description: 'ours' },
      { organizationId: other.id, description: 'theirs' },
    ]);

    // No `where organization_id = …` on purpose: RLS alone must scope these.
    const seen = await withTenant(t.database.db, demo.id, async (tx) => ({
      members: await tx.select({ email: members.email }).from(members),
      feedback: await tx.select({ d: feedback.description }).from(feedback),
      orgs: await tx.select({ name: organizations.name }).from(organizations),
    }));
    expect(seen.members.map((m) => m.email)).not.toContain('spy@rivals.test');
    expect(seen.members.length).toBeGreaterThan(0);
    expect(seen.feedback.map((f) => f.d)).toEqual(['ours']);
    expect(seen.orgs.map((o) => o.name)).toEqual(['demo-org']);
  });

  it('runs with JIT compilation off (short reads whose cost estimate passes jit_above_cost)', async () => {
    const demo = await demoOrg(t);
    const jit = await withTenant(t.database.db, demo.id, async (tx) => {
      const r = (await tx.execute(sql`select current_setting('jit') as jit`)) as unknown as {
        rows: Array<{ jit: string }>;
      };
      return r.rows[0]?.jit;
    });
    expect(jit).toBe('off');
  });

  it('knows the acting organization as the database does, after actFor and in a nested transaction', async () => {
    const demo = await demoOrg(t);
    const other = await createOrganization(t, 'acting co');
    const setting = async (tx: Tx) =>
      (
        (await tx.execute(sql`select current_setting('app.organization_id', true) as id`)) as unknown as {
          rows: Array<{ id: string }>;
        }
      ).rows[0]?.id;
    const seen = await withTenant(t.database.db, demo.id, async (tx) => {
      const first = [await actingOrganizationId(tx), await setting(tx)];
      await actFor(tx, other.id);
      const moved = [await actingOrganizationId(tx), await setting(tx)];
      const nested = await tx.transaction(async (inner) => [
        await actingOrganizationId(inner),
        await setting(inner),
      ]);
      return { first, moved, nested };
    });
    expect(seen).toEqual({
      first: [demo.id, demo.id],
      moved: [other.id, other.id],
      nested: [other.id, other.id],
    });
  });

  it('refuses to write a row for another organization', async () => {
    const demo = await demoOrg(t);
    const other = await createOrganization(t, 'victims');
    await expect(
      withTenant(t.database.db, demo.id, (tx) =>
        tx.insert(feedback).values({ organizationId: other.id, description: 'planted' }),
      ),
    ).rejects.toThrow();
    const planted = await t.database.db
      .select({ id: feedback.id })
      .from(feedback)
      .where(eq(feedback.description, 'planted'));
    expect(planted).toHaveLength(0);
  });

  it('shows a sub-organization to its parent', async () => {
    const demo = await demoOrg(t);
    await createOrganization(t, 'child co', demo.id);
    const names = await withTenant(t.database.db, demo.id, (tx) =>
      tx.select({ name: organizations.name }).from(organizations),
    );
    expect(names.map((n) => n.name).sort()).toEqual(['child co', 'demo-org']);
  });
});

describe('row-level security: policies read the acting organization once per statement', () => {
  const quals = async () =>
    (
      (await t.database.db.execute(
        sql`SELECT tablename, policyname, qual FROM pg_policies
          WHERE schemaname = current_schema() AND policyname IN ('tenant_isolation', 'shared_from_parent')
          ORDER BY 1, 2`,
      )) as unknown as { rows: Array<{ tablename: string; policyname: string; qual: string }> }
    ).rows;

  it('as a scalar subquery, on every table, and upgrades a policy of an earlier version', async () => {
    const now = await quals();
    expect(now.length).toBeGreaterThan(40);
    for (const p of now) expect(p.qual, `${p.tablename} ${p.policyname}`).toMatch(/\(\s*SELECT /i);
    // an earlier version's per-row form, as an existing database holds it
    await t.database.db.execute(
      sql.raw(`ALTER POLICY tenant_isolation ON feedback
        USING (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)
        WITH CHECK (organization_id = nullif(current_setting('app.organization_id', true), '')::uuid)`),
    );
    await t.database.db.execute(
      sql.raw(`ALTER POLICY shared_from_parent ON devices USING (organization_id = app_shared_parent())`),
    );
    expect((await quals()).find((p) => p.tablename === 'feedback')!.qual).not.toMatch(/SELECT/i);
    await applyTenancyPolicies(t.database.db);
    for (const p of await quals()) expect(p.qual, `${p.tablename} ${p.policyname}`).toMatch(/\(\s*SELECT /i);
    // and it still isolates
    const demo = await demoOrg(t);
    const other = await createOrganization(t, 'upgraded');
    await t.database.db.insert(feedback).values({ organizationId: other.id, description: 'not yours' });
    const seen = await withTenant(t.database.db, demo.id, (tx) =>
      tx.select({ d: feedback.description }).from(feedback),
    );
    expect(seen.map((f) => f.d)).not.toContain('not yours');
  });
});

describe('row-level security: shared locations', () => {
  it("lets a sub-organization read exactly its parent's shared locations and their devices", async () => {
    const db = t.database.db;
    const parent = await createOrganization(t, 'sharing parent');
    const sub = await createOrganization(t, 'sharing sub', parent.id);
    const sibling = await createOrganization(t, 'sharing sibling', parent.id);
    const loc = async (organizationId: string, name: string, shared: boolean) =>
      (await db.insert(locations).values({ organizationId, name, shared }).returning())[0]!;
    const dev = async (organizationId: string, idLocation: string, name: string) =>
      (
        await db
          .insert(devices)
          .values({
            organizationId,
            idLocation,
            name,
            lockerNumber: 1,
            mode: 'storage',
            hardwareType: 'virtual',
          })
          .returning()
      )[0]!;
    const pShared = await loc(parent.id, 'P shared', true);
    const pPrivate = await loc(parent.id, 'P private', false);
    const sOwn = await loc(sub.id, 'S own', false);
    await loc(sibling.id, 'Sib private', false);
    await loc(sibling.id, 'Sib shared', true);
    await dev(parent.id, pShared.id, 'P shared door');
    await dev(parent.id, pPrivate.id, 'P private door');
    await dev(sub.id, sOwn.id, 'S door');

    // No organization filter on purpose: row-level security alone decides.
    const seen = () =>
      withTenant(db, sub.id, async (tx) => ({
        locations: (await tx.select({ name: locations.name }).from(locations)).map((r) => r.name).sort(),
        devices: (await tx.select({ name: devices.name }).from(devices)).map((r) => r.name).sort(),
      }));
    expect(await seen()).toEqual({ locations: ['P shared', 'S own'], devices: ['P shared door', 'S door'] });

    // a sibling sees none of the other sub-organization's rows, and only the parent's shared ones
    const bySibling = await withTenant(db, sibling.id, async (tx) =>
      (await tx.select({ name: locations.name }).from(locations)).map((r) => r.name).sort(),
    );
    expect(bySibling).toEqual(['P shared', 'Sib private', 'Sib shared']);

    // reading is all: the shared rows cannot be changed or deleted by the sub-organization
    const changed = await withTenant(db, sub.id, (tx) =>
      tx.update(locations).set({ name: 'hijacked' }).where(eq(locations.id, pShared.id)).returning(),
    );
    expect(changed).toHaveLength(0);
    const removed = await withTenant(db, sub.id, (tx) =>
      tx.delete(devices).where(eq(devices.idLocation, pShared.id)).returning(),
    );
    expect(removed).toHaveLength(0);
    await expect(
      withTenant(db, sub.id, (tx) =>
        tx.insert(locations).values({ organizationId: parent.id, name: 'planted', shared: true }),
      ),
    ).rejects.toThrow();

    // a shared door's state moves only through the narrow functions, never by an UPDATE
    const [sharedDoor] = await db.select().from(devices).where(eq(devices.idLocation, pShared.id));
    const [privateDoor] = await db.select().from(devices).where(eq(devices.idLocation, pPrivate.id));
    const statusBySub = await withTenant(db, sub.id, (tx) =>
      tx.update(devices).set({ status: 'maintenance' }).where(eq(devices.id, sharedDoor!.id)).returning(),
    );
    expect(statusBySub).toHaveLength(0);
    const fn = (org: string, q: ReturnType<typeof sql>) =>
      withTenant(db, org, async (tx) => {
        const r = (await tx.execute(q)) as unknown as { rows: Array<{ ok: boolean }> };
        return r.rows[0]!.ok;
      });
    // not the parent's unshared door, no release without a transaction holding the door
    expect(await fn(sub.id, sql`select app_shared_door_hold(${privateDoor!.id}) as ok`)).toBe(false);
    expect(await fn(sub.id, sql`select app_shared_door_release(${sharedDoor!.id}) as ok`)).toBe(false);
    expect(await fn(sub.id, sql`select app_shared_door_lock_status(${privateDoor!.id}, 'open') as ok`)).toBe(
      false,
    );
    // and not for an organization outside the family
    const outsider = await createOrganization(t, 'sharing outsider');
    expect(await fn(outsider.id, sql`select app_shared_door_hold(${sharedDoor!.id}) as ok`)).toBe(false);
    expect(
      await withTenant(
        db,
        outsider.id,
        async (tx) =>
          (await tx.execute(sql`select id from app_shared_door(${sharedDoor!.id})`)) as unknown as {
            rows: unknown[];
          },
      ).then((r) => r.rows),
    ).toHaveLength(0);
    const [after] = await db.select().from(devices).where(eq(devices.id, privateDoor!.id));
    expect(after).toMatchObject({ status: 'available', lockStatus: 'locked' });
    // the sub-organization may occupy the shared one: available → reserved, once
    expect(await fn(sub.id, sql`select app_shared_door_hold(${sharedDoor!.id}) as ok`)).toBe(true);
    expect(await fn(sub.id, sql`select app_shared_door_hold(${sharedDoor!.id}) as ok`)).toBe(false);
    await db.update(devices).set({ status: 'available' }).where(eq(devices.id, sharedDoor!.id));

    // the parent must be a super-tenant with the Shared Locations flag
    await db.update(organizations).set({ sharedLocations: false }).where(eq(organizations.id, parent.id));
    expect(await seen()).toEqual({ locations: ['S own'], devices: ['S door'] });
    await db
      .update(organizations)
      .set({ sharedLocations: true, superTenant: false })
      .where(eq(organizations.id, parent.id));
    expect(await seen()).toEqual({ locations: ['S own'], devices: ['S door'] });

    // and the parent itself still sees only its own rows, not its sub-organizations'
    const byParent = await withTenant(db, parent.id, async (tx) =>
      (await tx.select({ name: locations.name }).from(locations)).map((r) => r.name).sort(),
    );
    expect(byParent).toEqual(['P private', 'P shared']);
  });
});

describe('organizationLabelFromHost', () => {
  it.each([
    ['demo-org.localhost:3000', 'demo-org'],
    ['acme.localhost', 'acme'],
    ['acme.lockerops.example.com', 'acme'],
    ['localhost:3000', undefined],
    ['127.0.0.1:3000', undefined],
    ['[::1]:3000', undefined],
    [undefined, undefined],
  ])('%s → %s', (host, label) => {
    expect(organizationLabelFromHost(host)).toBe(label);
  });

  it('treats the public host as the default organization', () => {
    expect(organizationLabelFromHost('app.example.com', 'app.example.com')).toBeUndefined();
  });
});
