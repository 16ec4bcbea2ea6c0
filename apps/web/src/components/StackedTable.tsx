import {
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { SR_ONLY } from './srOnly';

/** One column of a StackedTable: its header (hidden when `hideHeader`, still read) and its cell. */
export interface StackedColumn<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** the row's actions: right-aligned in the table, below the fields on a phone */
  actions?: boolean;
}

interface StackedTableProps<R> {
  /** the table's accessible name */
  label: string;
  columns: readonly StackedColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** shown instead of the rows when there are none */
  empty?: string;
}

/**
 * A short, unpaged list that is a table from the `sm` breakpoint up and one card per row on a phone
 * (each field under its header's name, the actions last), so it never scrolls sideways at 360 px
 * (CONTRIBUTING.md "Rules every page keeps"). Long, searched or paged lists use DataTable.
 */
export function StackedTable<R>({ label, columns, rows, rowKey, empty }: StackedTableProps<R>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const fields = columns.filter((c) => !c.actions);
  const actions = columns.filter((c) => c.actions);
  if (rows.length === 0 && empty) return <Typography sx={{ mt: 1 }}>{empty}</Typography>;
  if (phone) {
    return (
      <Stack component="ul" aria-label={label} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rows.map((row) => (
          <Card component="li" key={rowKey(row)} variant="outlined">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.5 }}>
                {fields.map((c) => (
                  <Box key={c.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {c.header}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {c.cell(row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {actions.map((c) => (
                <Stack
                  key={c.key}
                  direction="row"
                  sx={{ mt: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}
                >
                  {c.cell(row)}
                </Stack>
              ))}
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.actions ? 'right' : 'left'}>
                {c.actions ? <Box sx={SR_ONLY}>{c.header}</Box> : c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.actions ? 'right' : 'left'}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
