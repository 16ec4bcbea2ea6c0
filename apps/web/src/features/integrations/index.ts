import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import type { AreaRegistration } from '../../app/areaTypes';

/** Integrations catalogue (console §2). */
export const integrationsArea: AreaRegistration = {
  path: '/integrations',
  title: 'Integrations',
  icon: ExtensionOutlined,
  section: 'toolbox',
};
