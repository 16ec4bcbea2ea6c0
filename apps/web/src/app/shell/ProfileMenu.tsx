import { isHelpdesk } from '@lockerops/contract';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Logout from '@mui/icons-material/Logout';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import {
  Avatar,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../api/auth';
import { useCurrentUser } from '../../api/session';
import { useEnumLabel } from '../../i18n/enums';
import { useThemePreferences } from '../ThemePreferences';
import { THEME_COLORS, THEME_SWATCHES } from '../theme';
import { useOpened } from './useOpened';

// Loaded the first time it opens: the profile form brings react-hook-form and the password meter.
const ProfileDialog = lazy(() => import('./ProfileDialog').then((m) => ({ default: m.ProfileDialog })));

/** Profile menu (spec console §2): profile form (not for help-desk), Settings (admin), theme colour, Logout. */
export function ProfileMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const enumLabel = useEnumLabel();
  const signOut = useSignOut();
  const { color, setColor } = useThemePreferences();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const profileOpened = useOpened(profileOpen);
  const helpdesk = isHelpdesk(user);
  const initial = (user.first_name || user.email).charAt(0).toUpperCase();
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('shell.account')}>
        <IconButton
          aria-label={t('shell.accountMenu')}
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 16 }}>{initial}</Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{ paper: { sx: { minWidth: 240 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {user.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {enumLabel('role', user.role)}
          </Typography>
        </Box>
        <Divider />
        {!helpdesk ? (
          <MenuItem
            onClick={() => {
              close();
              setProfileOpen(true);
            }}
          >
            <ListItemIcon>
              <AccountCircleOutlined fontSize="small" />
            </ListItemIcon>
            {t('profile.title')}
          </MenuItem>
        ) : null}
        {user.role === 'admin' ? (
          <MenuItem
            onClick={() => {
              close();
              navigate('/settings');
            }}
          >
            <ListItemIcon>
              <SettingsOutlined fontSize="small" />
            </ListItemIcon>
            {t('area.settings')}
          </MenuItem>
        ) : null}
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="caption" color="text.secondary" id="theme-colour-label">
            {t('shell.themeColour')}
          </Typography>
          <Box
            role="radiogroup"
            aria-labelledby="theme-colour-label"
            sx={{ display: 'flex', gap: 0.75, mt: 0.5 }}
          >
            {THEME_COLORS.map((c) => (
              <Box
                key={c}
                component="button"
                type="button"
                role="radio"
                aria-checked={c === color}
                aria-label={t(`shell.colour.${c}`)}
                title={t(`shell.colour.${c}`)}
                onClick={() => setColor(c)}
                sx={{
                  width: 22,
                  height: 22,
                  borderRadius: '50%',
                  cursor: 'pointer',
                  bgcolor: THEME_SWATCHES[c].primary,
                  border: 2,
                  borderColor: c === color ? 'text.primary' : 'transparent',
                  p: 0,
                }}
              />
            ))}
          </Box>
        </Box>
        <Divider />
        <MenuItem
          onClick={async () => {
            close();
            await signOut();
            navigate('/auth/login', { replace: true });
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('shell.logout')}
        </MenuItem>
      </Menu>
      {!helpdesk && profileOpened ? (
        <Suspense fallback={null}>
          <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
