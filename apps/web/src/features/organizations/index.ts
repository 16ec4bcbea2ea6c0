import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import { lazy } from 'react';
import { ADMIN_ONLY, type AreaRegistration } from '../../app/areaTypes';

/** Multi-tenant organization list, admin only (console §2, §6). */
export const multiTenantArea: AreaRegistration = {
  path: '/multi-tenant',
  title: 'Multi-Tenant',
  icon: ApartmentOutlined,
  section: 'multi_tenant',
  roles: ADMIN_ONLY,
  page: lazy(() => import('./OrganizationsPage').then((m) => ({ default: m.OrganizationsPage }))),
};
