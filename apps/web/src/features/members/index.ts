import { STAFF } from '@lockerops/contract';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Team members (operational-data-areas §2). */
export const teamMembersArea: AreaRegistration = {
  path: '/team-members',
  title: 'Team Members',
  icon: BadgeOutlined,
  section: 'people',
  roles: STAFF,
  page: lazy(() => import('./TeamMembersPage').then((m) => ({ default: m.TeamMembersPage }))),
};
