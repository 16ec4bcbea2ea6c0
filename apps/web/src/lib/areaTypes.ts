import { ADMINS, type TFeatureFlag, type TRole } from '@lockerops/contract';
import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType, LazyExoticComponent } from 'react';

/** Sidebar sections of spec console §2, in display order. */
export const SIDEBAR_SECTIONS = [
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
] as const;
export type TSidebarSection = (typeof SIDEBAR_SECTIONS)[number];

export interface SectionRule {
  label: string;
  /** the organization's feature page that must be on for the section to show */
  feature?: TFeatureFlag;
  /** roles that may see the section at all (default: every role) */
  roles?: readonly TRole[];
}

export const SECTION_RULES: Record<TSidebarSection, SectionRule> = {
  analytics: { label: 'Analytics' },
  pricing: { label: 'Pricing', feature: 'pricing' },
  places: { label: 'Places' },
  doors: { label: 'Doors' },
  product: { label: 'Product', feature: 'product' },
  people: { label: 'People' },
  event: { label: 'Events' },
  issue: { label: 'Issues' },
  notifications: { label: 'Notifications', feature: 'notifications' },
  multi_tenant: { label: 'Multi-Tenant', feature: 'multi_tenant', roles: ADMINS },
  toolbox: { label: 'Toolbox', feature: 'toolbox', roles: ADMINS },
};

/**
 * One area of the console, registered by features/<area>/index.ts and listed once in app/areas.ts.
 * A route without `page` shows only its title until the area is built.
 */
export interface AreaRegistration {
  /** absolute path, e.g. '/locations' */
  path: string;
  /** page title, shown in the top bar and as the page heading */
  title: string;
  /** sidebar text when it differs from the title */
  label?: string;
  icon?: SvgIconComponent;
  /** omitted: reachable by URL or links only */
  section?: TSidebarSection;
  /** roles allowed; default: the section's roles, else every role */
  roles?: readonly TRole[];
  /** feature page required; default: the section's */
  feature?: TFeatureFlag;
  page?: LazyExoticComponent<ComponentType>;
}
