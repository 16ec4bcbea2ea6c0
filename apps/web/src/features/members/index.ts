import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import { lazy } from 'react';
import { type AreaRegistration, NOT_VIEWER } from '../../app/areaTypes';

/** Team members (operational-data-areas §2). */
export const teamMembersArea: AreaRegistration = {
  path: '/team-members',
  title: 'Team Members',
  icon: BadgeOutlined,
  section: 'people',
  roles: NOT_VIEWER,
  page: lazy(() => import('./TeamMembersPage').then((m) => ({ default: m.TeamMembersPage }))),
};
