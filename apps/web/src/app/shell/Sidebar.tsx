import {
  Box,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Toolbar,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useOrganizationSelf } from '../../api/organizations';
import { useCurrentUser } from '../../api/session';
import { sidebarGroups } from '../../lib/access';
import { AREAS, useAreaTitle } from '../areas';
import { SIDEBAR_WIDTH } from '../theme';

function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const idPrefix = useId();
  const user = useCurrentUser();
  const org = useOrganizationSelf();
  const groups = sidebarGroups(AREAS, user.role, org.data);
  const { t } = useTranslation();
  const areaTitle = useAreaTitle();
  const appName = org.data?.white_label.app_name || org.data?.name || 'Lockerops';
  const logo = org.data?.white_label.app_logo;
  return (
    <>
      <Toolbar sx={{ gap: 1.5 }}>
        {logo ? (
          <Box component="img" src={logo} alt="" sx={{ height: 32, maxWidth: 64, objectFit: 'contain' }} />
        ) : null}
        <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700 }}>
          {appName}
        </Typography>
      </Toolbar>
      {/* busy until the organization is known: the areas it enables (sub-organizations, integrations) come then */}
      <Box
        component="nav"
        aria-label={t('shell.mainNav')}
        aria-busy={org.isPending}
        sx={{ overflowY: 'auto', pb: 2 }}
      >
        {groups.map((g) => (
          <Box key={g.section}>
            <ListSubheader
              component="h2"
              id={`${idPrefix}-${g.section}`}
              disableSticky
              sx={{ lineHeight: '32px', bgcolor: 'transparent', fontSize: '0.875rem', m: 0 }}
            >
              {t(`section.${g.section}`)}
            </ListSubheader>
            {/* a list of links only: each link in its own list item (WCAG 1.3.1, axe "list") */}
            <List dense disablePadding aria-labelledby={`${idPrefix}-${g.section}`}>
              {g.items.map((a) => (
                <ListItem key={a.path} disablePadding>
                  <ListItemButton
                    component={NavLink}
                    to={a.path}
                    onClick={onNavigate}
                    sx={{
                      mx: 1,
                      borderRadius: 1,
                      minHeight: 44,
                      '&.active': { bgcolor: 'action.selected', color: 'primary.main' },
                      '&.active .MuiListItemIcon-root': { color: 'primary.main' },
                      '&.Mui-focusVisible': {
                        outline: '2px solid',
                        outlineColor: 'primary.main',
                        outlineOffset: -2,
                      },
                    }}
                  >
                    {a.icon ? (
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <a.icon fontSize="small" />
                      </ListItemIcon>
                    ) : null}
                    <ListItemText primary={areaTitle(a)} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Box>
        ))}
      </Box>
    </>
  );
}

/** Sidebar of spec console §2: 265 px, permanent from the md breakpoint, a drawer below it. */
export function Sidebar({ mobileOpen, onClose }: { mobileOpen: boolean; onClose: () => void }) {
  const paper = { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } as const;
  return (
    <Box component="aside" sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 } }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
      >
        <SidebarContent onNavigate={onClose} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}
      >
        <SidebarContent />
      </Drawer>
    </Box>
  );
}
