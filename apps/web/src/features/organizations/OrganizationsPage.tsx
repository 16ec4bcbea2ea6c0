import {
  ORGANIZATION_MESSAGES,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_LENGTH,
  subdomainOf,
  type TOrganization,
  ZOrganizationStatus,
} from '@lockerops/contract';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUp from '@mui/icons-material/KeyboardArrowUp';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  IconButton,
  Link,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatApiError } from '../../api/errors';
import { useOrganizationSelf } from '../../api/organizations';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageTitle } from '../../components/PageTitle';
import { useResultDialog } from '../../components/ResultDialog';
import { translateMessage } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { useArchiveOrganization, useOrganizationsQuery } from './hooks';
import { OrganizationFormDrawer } from './OrganizationFormDrawer';
import { subdomainUrl } from './subdomain';

/** The status filter's values, each labelled `statusOption.<value>`. */
const STATUS_OPTIONS = ['active', 'archived', 'all'] as const;
const PAGE_SIZES = [25, 50, 200];

/** Debounces a search text: 2+ characters after 300 ms, else no search (spec console §5, §9). */
export function useDebouncedSearch(text: string): string | undefined {
  const [value, setValue] = useState<string | undefined>(undefined);
  useEffect(() => {
    const t = setTimeout(() => {
      const trimmed = text.trim();
      setValue(trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : undefined);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);
  return value;
}

/** /multi-tenant: the organizations the admin manages (spec console §2 Multi-tenant list). */
export function OrganizationsPage() {
  const { t } = useTranslation('organizations');
  const user = useCurrentUser();
  // only a Super-Tenant creates organizations (the server answers 403 to the others)
  const superTenant = !!useOrganizationSelf().data?.super_tenant;
  const [params, setParams] = useSearchParams();
  const status = ZOrganizationStatus.catch('active').parse(params.get('status') ?? 'active');
  const pageIndex = Math.max(0, Number(params.get('page') ?? '1') - 1);
  const size = PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : PAGE_SIZES[0]!;
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useDebouncedSearch(searchText);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [drawer, setDrawer] = useState<{ open: boolean; organization?: TOrganization }>({ open: false });
  const [confirm, setConfirm] = useState<{ organization: TOrganization; restore: boolean } | null>(null);
  const showResult = useResultDialog();
  const archive = useArchiveOrganization();

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  useEffect(() => {
    setParams(
      (prev) => {
        if ((prev.get('search') ?? undefined) === search) return prev;
        const next = new URLSearchParams(prev);
        if (search) next.set('search', search);
        else next.delete('search');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [search, setParams]);

  const query = useOrganizationsQuery({ page: pageIndex + 1, size, search, status });
  const items = query.data?.items ?? [];
  const currentSub = subdomainOf(user.organization.name);

  const runConfirmed = async () => {
    if (!confirm) return;
    const { organization, restore } = confirm;
    setConfirm(null);
    try {
      await archive.mutateAsync({ id: organization.id, restore });
      showResult({
        type: 'success',
        message: translateMessage(restore ? ORGANIZATION_MESSAGES.restored : ORGANIZATION_MESSAGES.archived),
        onClose: () => void query.refetch(),
      });
    } catch (e) {
      showResult({ type: 'error', message: formatApiError(e) });
    }
  };

  const askArchive = (organization: TOrganization) => {
    if (organization.id === user.organization.id) {
      showResult({ type: 'error', message: translateMessage(ORGANIZATION_MESSAGES.cannotArchiveCurrent) });
      return;
    }
    setConfirm({ organization, restore: false });
  };

  return (
    <Box>
      <PageTitle
        title={t('title')}
        actions={
          superTenant ? (
            <Button variant="contained" onClick={() => setDrawer({ open: true })}>
              {t('add')}
            </Button>
          ) : null
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          label={t('search')}
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          sx={{ maxWidth: 320 }}
        />
        <TextField
          select
          label={t('status')}
          value={status}
          onChange={(e) => update({ status: e.target.value, page: undefined })}
          sx={{ maxWidth: 200 }}
        >
          {STATUS_OPTIONS.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`statusOption.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {query.isError ? <Alert severity="error">{formatApiError(query.error)}</Alert> : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('table.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.name')}</TableCell>
              <TableCell>{t('table.subdomain')}</TableCell>
              <TableCell>{t('table.owner')}</TableCell>
              <TableCell>{t('table.created')}</TableCell>
              <TableCell align="right">{t('table.actions')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isPending ? (
              <TableRow>
                <TableCell colSpan={6}>{t('common:table.loading')}</TableCell>
              </TableRow>
            ) : items.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6}>{t('common:table.empty')}</TableCell>
              </TableRow>
            ) : (
              items.map((org) => {
                const url = subdomainUrl(org.subdomain, currentSub, window.location);
                const open = !!expanded[org.id];
                return (
                  <Fragment key={org.id}>
                    <TableRow hover>
                      <TableCell>
                        {org.white_label.app_name || org.name}
                        {!org.active ? (
                          <Chip label={t('table.archived')} size="small" sx={{ ml: 1 }} />
                        ) : null}
                      </TableCell>
                      <TableCell>
                        <Link href={url} target="_blank" rel="noopener">
                          {url.replace(/^https?:\/\//, '')}
                        </Link>
                      </TableCell>
                      <TableCell>{org.owner ?? '-'}</TableCell>
                      <TableCell>{formatDateTime(org.created_at)}</TableCell>
                      <TableCell align="right">
                        <Tooltip title={t('common:button.edit')}>
                          <IconButton
                            aria-label={t('table.editName', { name: org.name })}
                            onClick={() => setDrawer({ open: true, organization: org })}
                          >
                            <EditOutlined fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        {org.active ? (
                          <Tooltip title={t('table.archive')}>
                            <IconButton
                              aria-label={t('table.archiveName', { name: org.name })}
                              onClick={() => askArchive(org)}
                            >
                              <ArchiveOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        ) : (
                          <Tooltip title={t('table.restore')}>
                            <IconButton
                              aria-label={t('table.restoreName', { name: org.name })}
                              onClick={() => setConfirm({ organization: org, restore: true })}
                            >
                              <UnarchiveOutlined fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        )}
                      </TableCell>
                      <TableCell padding="checkbox">
                        <IconButton
                          aria-label={open ? t('table.collapse') : t('table.expand')}
                          size="small"
                          onClick={() => setExpanded((s) => ({ ...s, [org.id]: !open }))}
                        >
                          {open ? <KeyboardArrowUp /> : <KeyboardArrowDown />}
                        </IconButton>
                      </TableCell>
                    </TableRow>
                    <TableRow>
                      <TableCell colSpan={6} sx={{ py: 0, borderBottom: open ? undefined : 'none' }}>
                        <Collapse in={open} timeout="auto" unmountOnExit>
                          <Box sx={{ py: 1.5, pl: 2 }}>
                            {org.sub_orgs.length === 0 ? (
                              <Typography variant="body2">
                                {translateMessage(ORGANIZATION_MESSAGES.noSubOrgs)}
                              </Typography>
                            ) : (
                              <Table size="small" aria-label={t('table.subOrgsOf', { name: org.name })}>
                                <TableBody>
                                  {org.sub_orgs.map((s) => (
                                    <TableRow key={s.id}>
                                      <TableCell>
                                        {s.white_label.app_name || s.name}
                                        {!s.active ? (
                                          <Chip label={t('table.archived')} size="small" sx={{ ml: 1 }} />
                                        ) : null}
                                      </TableCell>
                                      <TableCell>{s.owner ?? '-'}</TableCell>
                                      <TableCell>{formatDateTime(s.created_at)}</TableCell>
                                    </TableRow>
                                  ))}
                                </TableBody>
                              </Table>
                            )}
                          </Box>
                        </Collapse>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                );
              })
            )}
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={pageIndex}
          rowsPerPage={size}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, p) => update({ page: String(p + 1) })}
          onRowsPerPageChange={(e) => update({ size: e.target.value, page: undefined })}
        />
      </TableContainer>
      <OrganizationFormDrawer
        open={drawer.open}
        organization={drawer.organization}
        currentOrganizationId={user.organization.id}
        onClose={() => setDrawer({ open: false })}
      />
      <ConfirmDialog
        destructive={!confirm?.restore}
        open={!!confirm}
        message={translateMessage(
          confirm?.restore ? ORGANIZATION_MESSAGES.restoreQuestion : ORGANIZATION_MESSAGES.archiveQuestion,
        )}
        loading={archive.isPending}
        onConfirm={() => void runConfirmed()}
        onCancel={() => setConfirm(null)}
      />
    </Box>
  );
}
