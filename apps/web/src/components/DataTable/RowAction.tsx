import type { SvgIconComponent } from '@mui/icons-material';
import { IconButton, Tooltip } from '@mui/material';

export interface RowActionProps {
  /** the tooltip: the action's verb */
  title: string;
  /** the button's accessible name: the action and the row it acts on */
  label: string;
  Icon: SvgIconComponent;
  onClick: () => void;
}

/** One icon button of a row's "Action" cell, with its tooltip. */
export function RowAction({ title, label, Icon, onClick }: RowActionProps) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        <Icon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
