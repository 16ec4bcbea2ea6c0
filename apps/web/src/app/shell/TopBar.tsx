import { isHelpdesk } from '@lockerops/contract';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import HelpOutlineOutlined from '@mui/icons-material/HelpOutlineOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Menu from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageZone } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { i18next } from '../../i18n';
import { browserTimeZone, zoneLabel } from '../../lib/format';
import { useTitleForPath } from '../areas';
import { useThemePreferences } from '../ThemePreferences';
import { SIDEBAR_WIDTH } from '../theme';
import { ProfileMenu } from './ProfileMenu';

/** "Hi, {first_name}", or "Hi, Helpdesk" for a help-desk session (spec console §1), in the reader's language. */
export function greetingFor(user: { email: string; first_name: string | null; name: string | null }): string {
  if (isHelpdesk(user)) return i18next.t('shell.greetingHelpdesk');
  return i18next.t('shell.greeting', { name: user.first_name || user.name || user.email });
}

export function TopBar({ onMenu, onHelp }: { onMenu: () => void; onHelp: () => void }) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const { mode, toggleMode } = useThemePreferences();
  const nextMode = mode === 'dark' ? 'light' : 'dark';
  const zone = usePageZone();
  const browser = browserTimeZone();
  const { t } = useTranslation();
  const titleFor = useTitleForPath();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        width: { md: `calc(100% - ${SIDEBAR_WIDTH}px)` },
        ml: { md: `${SIDEBAR_WIDTH}px` },
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          edge="start"
          aria-label={t('shell.openMenu')}
          onClick={onMenu}
          sx={{ display: { md: 'none' } }}
        >
          <Menu />
        </IconButton>
        <Typography variant="h6" component="div" noWrap data-testid="page-title" sx={{ flexGrow: 1 }}>
          {titleFor(pathname)}
        </Typography>
        <Tooltip title={browser === zone ? '' : `${zoneLabel(browser)} ≠ ${zoneLabel(zone)}`}>
          <Typography
            variant="body2"
            color="text.secondary"
            noWrap
            data-testid="page-zone"
            aria-label={t('zone.label', { zone: zoneLabel(zone) })}
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            {zoneLabel(zone)}
          </Typography>
        </Tooltip>
        <Tooltip title={t('help.title')}>
          <IconButton aria-label={t('help.title')} onClick={onHelp}>
            <HelpOutlineOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t(`shell.switchTo.${nextMode}`)}>
          <IconButton aria-label={t(`shell.switchTo.${nextMode}`)} onClick={toggleMode}>
            {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
          </IconButton>
        </Tooltip>
        <Box sx={{ display: { xs: 'none', sm: 'block' }, mx: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {greetingFor(user)}
          </Typography>
        </Box>
        <ProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
