import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrganization, createTestApp, demoOrg, type TestApp } from '../../test/helpers';
import { feedback, members, organizations } from '../db/schema';
import { organizationLabelFromHost, withTenant } from './index';

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
