import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import { lazy } from 'react';
import type { AreaRegistration } from '../../lib/areaTypes';

/** Integrations catalogue (console §2); toolbox section: admins, Toolbox flag. */
export const integrationsArea: AreaRegistration = {
  path: '/integrations',
  title: 'Integrations',
  icon: ExtensionOutlined,
  section: 'toolbox',
  page: lazy(() => import('./IntegrationsPage').then((m) => ({ default: m.IntegrationsPage }))),
};
