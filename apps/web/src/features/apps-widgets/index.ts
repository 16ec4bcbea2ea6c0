import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import type { AreaRegistration } from '../../app/areaTypes';

/** Lite app and reservation widget customizers (console §2). */
export const appsWidgetsArea: AreaRegistration = {
  path: '/apps-widgets',
  title: 'Apps & Widgets',
  icon: WidgetsOutlined,
  section: 'toolbox',
};
