import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import { Box, IconButton, Popover, Stack, Typography, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The actions as a flat list: fragments are opened, empty slots (`null`, `false`) dropped. */
export function flattenActions(node: ReactNode): ReactElement[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement(child)) return [];
    if (child.type === Fragment) return flattenActions((child.props as { children?: ReactNode }).children);
    return [child];
  });
}

/**
 * Splits the actions of a phone's header: the primary ones (a `variant="contained"` button, else the
 * first action) stay in sight, the others go into the "More actions" menu.
 */
export function splitActions(actions: ReactElement[]): { shown: ReactElement[]; more: ReactElement[] } {
  const isPrimary = (a: ReactElement) => (a.props as { variant?: string }).variant === 'contained';
  const primary = actions.filter(isPrimary);
  const shown = primary.length ? primary : actions.slice(0, 1);
  return { shown, more: actions.filter((a) => !shown.includes(a)) };
}

/**
 * The heading of a main page; `actions` sit on the right (buttons of the page's toolbar). Below the
 * sm breakpoint (700 px) the title takes its own line and only the primary action stays in sight;
 * the other actions collapse into a "More actions" menu, so the header never widens the page.
 */
export function PageTitle({ title, actions }: { title: string; actions?: ReactNode }) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const all = flattenActions(actions);
  const { shown, more } = phone ? splitActions(all) : { shown: all, more: [] };
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        gap: 2,
        mb: 3,
      }}
    >
      <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {all.length ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          {shown}
          {more.length ? (
            <>
              <IconButton
                aria-label={t('shell.moreActions')}
                aria-haspopup="true"
                aria-expanded={anchor ? 'true' : 'false'}
                onClick={(e) => setAnchor(e.currentTarget)}
              >
                <MoreVertOutlined />
              </IconButton>
              <Popover
                open={!!anchor}
                anchorEl={anchor}
                onClose={() => setAnchor(null)}
                anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                transformOrigin={{ vertical: 'top', horizontal: 'right' }}
              >
                {/* a click on an action closes the menu; the action's own handler still runs */}
                <Stack
                  role="group"
                  aria-label={t('shell.moreActions')}
                  spacing={1}
                  sx={{ p: 1.5, minWidth: 220, '& > *': { justifyContent: 'flex-start' } }}
                  onClick={() => setAnchor(null)}
                >
                  {more.map((a, i) => (
                    <Fragment key={a.key ?? i}>{a}</Fragment>
                  ))}
                </Stack>
              </Popover>
            </>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
