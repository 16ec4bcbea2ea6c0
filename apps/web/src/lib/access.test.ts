import { describe, expect, it } from 'vitest';
import { AREAS } from '../app/areas';
import { makeOrganization } from '../test/fixtures';
import { canAccess, sidebarGroups } from './access';

const paths = (groups: ReturnType<typeof sidebarGroups>) => groups.flatMap((g) => g.items.map((i) => i.path));
const sections = (groups: ReturnType<typeof sidebarGroups>) => groups.map((g) => g.section);
const ALL_FEATURES = makeOrganization(['pricing', 'product', 'notifications', 'multi_tenant', 'toolbox']);

describe('sidebar gating', () => {
  it('shows an admin every section when every feature page is on', () => {
    expect(sections(sidebarGroups(AREAS, 'admin', ALL_FEATURES))).toEqual([
      'analytics',
      'pricing',
      'places',
      'doors',
      'product',
      'people',
      'event',
      'issue',
      'notifications',
      'multi_tenant',
      'toolbox',
    ]);
  });

  it('hides the feature-gated sections when the organization lacks them', () => {
    const groups = sidebarGroups(AREAS, 'admin', makeOrganization());
    expect(sections(groups)).toEqual(['analytics', 'places', 'doors', 'people', 'event', 'issue']);
    expect(paths(groups)).not.toContain('/pay-per');
    expect(paths(groups)).not.toContain('/apis');
  });

  it('lists pricing items in order and keeps /settings and /pricing out of the sidebar', () => {
    const groups = sidebarGroups(AREAS, 'admin', ALL_FEATURES);
    expect(groups.find((g) => g.section === 'pricing')?.items.map((i) => i.title)).toEqual([
      'Pay-per',
      'Subscriptions',
      'Promo codes',
      'Pricing set-up',
    ]);
    expect(paths(groups)).not.toContain('/settings');
    expect(paths(groups)).not.toContain('/pricing');
  });

  it('hides multi-tenant and toolbox from a member even when the flags are on', () => {
    const groups = sidebarGroups(AREAS, 'member', ALL_FEATURES);
    expect(sections(groups)).not.toContain('multi_tenant');
    expect(sections(groups)).not.toContain('toolbox');
    expect(paths(groups)).toContain('/locations');
  });

  it('shows a viewer only Dashboard, Reporting and Transactions', () => {
    expect(paths(sidebarGroups(AREAS, 'viewer', ALL_FEATURES))).toEqual([
      '/home',
      '/reporting',
      '/transactions',
    ]);
  });

  it('hides /subscribers without the Pricing feature page and shows it with it', () => {
    expect(paths(sidebarGroups(AREAS, 'admin', makeOrganization()))).not.toContain('/subscribers');
    expect(paths(sidebarGroups(AREAS, 'admin', makeOrganization(['pricing'])))).toContain('/subscribers');
    const subscribers = AREAS.find((a) => a.path === '/subscribers')!;
    expect(canAccess(subscribers, 'admin', makeOrganization())).toBe(false);
  });

  it('keeps the toolbox pages to admins of organizations with the Toolbox feature (spec console §6)', () => {
    for (const path of ['/apis', '/apps-widgets', '/integrations']) {
      const area = AREAS.find((a) => a.path === path)!;
      expect(canAccess(area, 'admin', ALL_FEATURES)).toBe(true);
      expect(canAccess(area, 'admin', makeOrganization())).toBe(false);
      expect(canAccess(area, 'member', ALL_FEATURES)).toBe(false);
      expect(canAccess(area, 'viewer', ALL_FEATURES)).toBe(false);
    }
  });

  it('opens Reporting to every role, whatever the feature pages', () => {
    const reporting = AREAS.find((a) => a.path === '/reporting')!;
    for (const role of ['admin', 'member', 'viewer'] as const)
      expect(canAccess(reporting, role, makeOrganization())).toBe(true);
  });

  it('closes feature-gated areas while the organization is unknown', () => {
    const payPer = AREAS.find((a) => a.path === '/pay-per');
    const home = AREAS.find((a) => a.path === '/home');
    expect(payPer && canAccess(payPer, 'admin', undefined)).toBe(false);
    expect(home && canAccess(home, 'viewer', undefined)).toBe(true);
  });
});

describe('greeting', () => {
  it('greets by first name, and help-desk sessions as Helpdesk', async () => {
    const { greetingFor } = await import('../app/shell/TopBar');
    expect(greetingFor({ email: 'ada@x.test', first_name: 'Ada', name: 'Ada L' })).toBe('Hi, Ada');
    expect(greetingFor({ email: 'helpdesk@x.test', first_name: null, name: null })).toBe('Hi, Helpdesk');
  });
});
