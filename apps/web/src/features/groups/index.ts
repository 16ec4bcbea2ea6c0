import { STAFF } from '@lockerops/contract';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** User groups (operational-data-areas §2). */
export const groupsArea: AreaRegistration = {
  path: '/groups',
  title: 'Groups',
  icon: GroupsOutlined,
  section: 'people',
  roles: STAFF,
  page: lazy(() => import('./GroupsPage').then((m) => ({ default: m.GroupsPage }))),
};
