import AddOutlined from '@mui/icons-material/AddOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import {
  Box,
  Button,
  type ButtonProps,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  Children,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useId,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list page's "Add …" button, its header's primary action (contained, with the add icon): on a
 * phone it stays in sight while the other buttons fold into "More actions".
 */
export function addAction(label: string, onClick: () => void): ReactElement<ButtonProps> {
  return (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The actions as a flat list: fragments are opened, empty slots (`null`, `false`) dropped. */
export function flattenActions(node: ReactNode): ReactElement[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement(child)) return [];
    if (child.type === Fragment) return flattenActions((child.props as { children?: ReactNode }).children);
    return [child];
  });
}

/** Whether an action is a plain MUI `Button` (one the phone's "More actions" menu can show as an item). */
const isButton = (a: ReactElement): a is ReactElement<ButtonProps> => a.type === Button;

/**
 * Splits the actions of a phone's header: the primary ones (a `variant="contained"` button, else the
 * first button) and any action that is not a plain button (a search field, a view switch) stay in
 * sight; the other buttons go into the "More actions" menu.
 */
export function splitActions(actions: ReactElement[]): {
  shown: ReactElement[];
  more: ReactElement<ButtonProps>[];
} {
  const buttons = actions.filter(isButton);
  const primary = buttons.filter((a) => a.props.variant === 'contained');
  const kept = primary.length ? primary : buttons.slice(0, 1);
  const more = buttons.filter((a) => !kept.includes(a));
  const folded = new Set<ReactElement>(more);
  return { shown: actions.filter((a) => !folded.has(a)), more };
}

/** One folded header button as an item of the "More actions" menu (its icon, text, colour and click). */
function MenuAction({ action, onPicked }: { action: ReactElement<ButtonProps>; onPicked: () => void }) {
  const { children, startIcon, disabled, color, onClick } = action.props;
  const danger = color === 'error';
  return (
    <MenuItem
      disabled={disabled}
      onClick={(e) => {
        onPicked();
        onClick?.(e as unknown as MouseEvent<HTMLButtonElement>);
      }}
      sx={{ minHeight: 44, ...(danger ? { color: 'error.main' } : {}) }}
    >
      {startIcon ? (
        <ListItemIcon sx={danger ? { color: 'error.main' } : undefined}>{startIcon}</ListItemIcon>
      ) : null}
      <ListItemText>{children}</ListItemText>
    </MenuItem>
  );
}

/**
 * The heading of a main page; `actions` sit on the right (buttons of the page's toolbar). Below the
 * sm breakpoint (700 px) the title takes its own line when the actions need it and only the primary
 * action stays in sight; the other buttons collapse into one "More actions" menu (touch targets of
 * 44 × 44 px), so the header never widens the page nor wraps onto several lines. Closing the menu
 * hands the focus back to its button, so a dialog opened from an item returns the focus there.
 */
export function PageTitle({ title, actions }: { title: string; actions?: ReactNode }) {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const all = flattenActions(actions);
  const { shown, more } = phone ? splitActions(all) : { shown: all, more: [] };
  const close = () => setAnchor(null);
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
      {/* beside the actions the title keeps its words whole (a long German word is not cut); the
          actions wrap onto a second line instead */}
      <Typography
        variant="h1"
        component="h1"
        sx={{ overflowWrap: { xs: 'anywhere', sm: 'normal' }, flexShrink: { sm: 0 } }}
      >
        {title}
      </Typography>
      {all.length ? (
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
            minWidth: 0,
          }}
        >
          {shown}
          {more.length ? (
            <>
              <IconButton
                aria-label={t('shell.moreActions')}
                aria-haspopup="menu"
                aria-controls={anchor ? menuId : undefined}
                aria-expanded={anchor ? 'true' : 'false'}
                onClick={(e) => setAnchor(e.currentTarget)}
              >
                <MoreVertOutlined />
              </IconButton>
              <Menu
                id={menuId}
                open={!!anchor}
                anchorEl={anchor}
                onClose={close}
                anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                transformOrigin={{ vertical: 'top', horizontal: 'right' }}
                slotProps={{ list: { 'aria-label': t('shell.moreActions') } }}
              >
                {more.map((a, i) => (
                  <MenuAction key={a.key ?? i} action={a} onPicked={close} />
                ))}
              </Menu>
            </>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
