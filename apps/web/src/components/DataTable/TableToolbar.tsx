import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import { Box, Button, FormControlLabel, Menu, MenuItem, Switch, Typography } from '@mui/material';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The Columns button and its menu of switches, under the spec's hint (spec operational §2). */
export function ColumnsMenu<R extends GridValidRowModel>({
  columns,
  shown,
  onChange,
}: {
  /** the hideable columns */
  columns: readonly GridColDef<R>[];
  shown: Record<string, boolean>;
  onChange: (next: Record<string, boolean>) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        startIcon={<ViewColumnOutlined />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
      >
        {t('table.columns')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <Typography variant="body2" sx={{ px: 2, py: 1, maxWidth: 280 }} color="text.secondary">
          {t('table.columnsHint')}
        </Typography>
        {columns.map((c) => (
          <MenuItem key={c.field} dense>
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={shown[c.field] !== false}
                  onChange={(e) => onChange({ ...shown, [c.field]: e.target.checked })}
                />
              }
              label={c.headerName ?? c.field}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/**
 * The admin's actions on the selected rows, at the end of the toolbar row: how many are selected,
 * the area's own actions, Export (the selection, else every matching row) and Delete.
 */
export function BulkActions({
  selected,
  children,
  onExport,
  exporting,
  onDelete,
}: {
  selected: number;
  /** the area's own actions */
  children?: ReactNode;
  /** shows Export */
  onExport?: () => void;
  exporting: boolean;
  /** shows Delete, enabled while rows are selected */
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, ml: 'auto', alignItems: 'center', minWidth: 0 }}>
      {selected ? (
        <Typography variant="body2" color="text.secondary">
          {t('table.selected', { count: selected })}
        </Typography>
      ) : null}
      {children}
      {onExport ? (
        <Button startIcon={<FileDownloadOutlined />} disabled={exporting} onClick={onExport}>
          {t('button.export')}
        </Button>
      ) : null}
      {onDelete ? (
        <Button color="error" startIcon={<DeleteOutlined />} disabled={!selected} onClick={onDelete}>
          {t('button.delete')}
        </Button>
      ) : null}
    </Box>
  );
}
