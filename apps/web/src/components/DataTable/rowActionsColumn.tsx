import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { i18next } from '../../i18n';
import { RowAction } from './RowAction';

/** The row actions a list offers; each is shown only when its handler is given. */
export interface RowActions<R> {
  onClone?: (row: R) => void;
  onEdit?: (row: R) => void;
  onDelete?: (row: R) => void;
}

/**
 * The "Action" column of a list (spec: operational §2 — e.g. Sizes: "select, image, name, width,
 * depth, height, action"): clone, edit and delete icon buttons labelled "{Verb} {row name}".
 * Pass only the handlers the signed-in role may use (spec §1: members get no edit/delete).
 * `nameOf` names a row that has no `name` (an issue by its number).
 */
export function rowActionsColumn<R extends GridValidRowModel>(
  actions: RowActions<R>,
  nameOf: (row: R) => string = (row) => String(row.name ?? ''),
): GridColDef<R> {
  const buttons = [
    { verb: i18next.t('button.clone'), Icon: ContentCopyOutlined, run: actions.onClone },
    { verb: i18next.t('button.edit'), Icon: EditOutlined, run: actions.onEdit },
    { verb: i18next.t('button.delete'), Icon: DeleteOutlined, run: actions.onDelete },
  ].filter((b) => b.run);
  return {
    field: 'actions',
    headerName: i18next.t('table.action'),
    width: 40 + 40 * buttons.length,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) => (
      <>
        {buttons.map(({ verb, Icon, run }) => (
          <RowAction
            key={verb}
            title={verb}
            label={`${verb} ${nameOf(row)}`}
            Icon={Icon}
            onClick={() => run?.(row)}
          />
        ))}
      </>
    ),
  };
}
