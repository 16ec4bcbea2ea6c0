import ApiOutlined from '@mui/icons-material/ApiOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** API token page (console §2); the toolbox section is admin only. */
export const apisArea: AreaRegistration = {
  path: '/apis',
  title: "API's",
  icon: ApiOutlined,
  section: 'toolbox',
  page: lazy(() => import('./ApisPage').then((m) => ({ default: m.ApisPage }))),
};
