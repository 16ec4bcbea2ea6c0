import { ADMINS } from '@lockerops/contract';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Multi-tenant organization list, admin only (console §2, §6). */
export const multiTenantArea: AreaRegistration = {
  path: '/multi-tenant',
  title: 'Multi-Tenant',
  icon: ApartmentOutlined,
  section: 'multi_tenant',
  roles: ADMINS,
  page: lazy(() => import('./OrganizationsPage').then((m) => ({ default: m.OrganizationsPage }))),
};
