import {
  TRANSACTION_MESSAGES as M,
  MODES,
  rolesOf,
  type TPage,
  TRANSACTION_STATUSES,
  TRANSACTIONS_PAGE_SIZE,
  type TTransaction,
  type TTransactionStatus,
  transactionsEndpoints,
} from '@lockerops/contract';
import AddOutlined from '@mui/icons-material/AddOutlined';
import PlayArrowOutlined from '@mui/icons-material/PlayArrowOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import { Box, Button, Menu, MenuItem } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatApiError } from '../../api/errors';
import { useCurrency, usePlaceZone } from '../../api/place';
import { useCurrentUser } from '../../api/session';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type TableFilter } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { SandboxBadge } from '../../components/SandboxBadge';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { inRoles } from '../../lib/access';
import { CreateDeliveryDialog } from './CreateDeliveryDialog';
import { transactionColumns } from './columns';
import { CancelDialog, PlaceInLockerDialog } from './DeskActionDialogs';
import {
  serviceStep,
  TRANSACTIONS_ENDPOINT,
  transactionsKey,
  useTransactionStatuses,
  ZTransactionPage,
} from './hooks';
import { StartTransactionDialog } from './StartTransactionDialog';
import {
  ChargeDialog,
  DropoffDialog,
  EndDialog,
  PenaltyDialog,
  RefundDialog,
  ResendCodeDialog,
  ShareDialog,
} from './TransactionActionDialogs';
import {
  DeviceDetailsDialog,
  TransactionDetailsDialog,
  UserDetailsDialog,
} from './TransactionDetailsDialogs';
import {
  consoleActionsFor,
  ROW_CLASS,
  statusFilterOptions,
  type TConsoleAction,
  transactionRowClass,
} from './transactionView';

/** How often the open list asks the server again for transactions changed elsewhere (milliseconds). */
export const TRANSACTIONS_REFRESH_MS = 10_000;

interface Open {
  action: TConsoleAction;
  transaction: TTransaction;
}

/**
 * /transactions (spec: operational §2 Transactions): the table with the filter-by-type menu, the
 * location and status filters (remembered locally), the column chooser, admin bulk End and export
 * (`event_export.csv`), green rows while under way and grey ones once expired, page size 50, Create
 * Delivery (admins and members), and the dialogs: user, device and transaction details (with the
 * Transaction History Log), charge, dropoff, pickup, refund, end, penalty, share and resend code. Only admins see actions (§1); each is
 * offered only in the states of §4.
 */
export function TransactionsPage({ disableVirtualization }: { disableVirtualization?: boolean }) {
  const { t: tr } = useTranslation('transactions');
  const label = useEnumLabel();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  /** Deliveries are created at the desk: the roles of `POST event/delivery` (admins and members). */
  const canCreateDelivery = inRoles(user.role, rolesOf(transactionsEndpoints.event.delivery));
  const [creating, setCreating] = useState(false);
  const [starting, setStarting] = useState(false);
  const currency = useCurrency();
  const zoneOf = usePlaceZone();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  // Live activity: transactions start, change and expire outside the console.
  useEffect(() => {
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: [...transactionsKey, 'list'] }),
      TRANSACTIONS_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [queryClient]);
  const statuses = useTransactionStatuses();
  /** Filter by type (kept in the URL), location and status (remembered on this browser too). */
  const filters = useMemo<TableFilter[]>(
    () => [
      {
        key: 'by_type',
        kind: 'menu',
        label: tr('list.filterByType'),
        emptyLabel: tr('list.all'),
        chosenLabel: (o) => tr('list.typeIs', { type: o.label }),
        options: MODES.map((m) => ({ value: m, label: label('mode', m) })),
        values: MODES,
      },
      {
        // searched on the server: an organization may have thousands of locations
        key: 'id_location',
        kind: 'search',
        area: 'locations',
        label: tr('list.location'),
        emptyLabel: tr('list.all'),
        remember: true,
        minWidth: 200,
      },
      {
        key: 'status',
        kind: 'select',
        label: tr('list.status'),
        emptyLabel: tr('list.all'),
        // the server's labels are English: each status shows its label in the console's language
        options: statusFilterOptions(statuses.data, {} as Record<TTransactionStatus, string>).map((s) => ({
          value: s.value,
          label: label('transactionStatus', s.value),
        })),
        values: TRANSACTION_STATUSES,
        remember: true,
        minWidth: 160,
      },
    ],
    [tr, label, statuses.data],
  );

  const [menu, setMenu] = useState<{ t: TTransaction; anchor: HTMLElement } | null>(null);
  const [details, setDetails] = useState<TTransaction | null>(null);
  const [userOf, setUserOf] = useState<TTransaction | null>(null);
  const [deviceOf, setDeviceOf] = useState<TTransaction | null>(null);
  const [open, setOpen] = useState<Open | null>(null);
  const [bulkEnd, setBulkEnd] = useState<{ ids: string[]; clear: () => void } | null>(null);

  /** Rows the page has loaded (for the end dialog's checks of the selection). */
  const knownRows = (): TTransaction[] =>
    queryClient
      .getQueriesData<TPage<TTransaction>>({ queryKey: [...transactionsKey, 'list'] })
      .flatMap(([, page]) => page?.items ?? []);

  const columns = useMemo(
    () =>
      transactionColumns({
        t: tr,
        label,
        currency,
        zoneOf,
        isAdmin,
        onUser: setUserOf,
        onDevice: setDeviceOf,
        onActions: (t, anchor) => setMenu({ t, anchor }),
        hasActions: (t) => consoleActionsFor(t, user.role).length > 0,
      }),
    [tr, label, currency, zoneOf, isAdmin, user.role],
  );

  const quick = useMutation({
    mutationFn: ({ transaction }: Open) => serviceStep(transaction.id, { step: 'pickup' }),
    onSuccess: () => {
      enqueueSnackbar(translateMessage(M.pickup), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: transactionsKey });
    },
    onError: (e) => enqueueSnackbar(formatApiError(e), { variant: 'error' }),
    onSettled: () => setOpen(null),
  });

  const start = (action: TConsoleAction, transaction: TTransaction) => {
    setMenu(null);
    setDetails(null);
    setOpen({ action, transaction });
  };
  const close = () => setOpen(null);
  const current = open?.transaction;
  const is = (a: TConsoleAction) => open?.action === a;

  return (
    <>
      <PageTitle title={tr('title')} />
      <SandboxBadge />
      <Box
        sx={(theme) => ({
          [`& .${ROW_CLASS.active}`]: {
            bgcolor: alpha(theme.palette.success.main, 0.12),
            '&:hover, &.Mui-hovered': { bgcolor: alpha(theme.palette.success.main, 0.2) },
          },
          [`& .${ROW_CLASS.expired}`]: {
            bgcolor: theme.palette.action.disabledBackground,
            color: theme.palette.text.secondary,
          },
        })}
      >
        <DataTable<TTransaction>
          queryKey={transactionsKey}
          endpoint={TRANSACTIONS_ENDPOINT}
          schema={ZTransactionPage}
          columns={columns}
          filterPage="transactions"
          filters={filters}
          defaultPageSize={TRANSACTIONS_PAGE_SIZE}
          getRowClassName={transactionRowClass}
          searchPlaceholder={tr('common:button.search')}
          toolbar={
            <>
              {canCreateDelivery ? (
                <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
                  {tr('list.createDelivery')}
                </Button>
              ) : null}
              {canCreateDelivery ? (
                <Button startIcon={<PlayArrowOutlined />} onClick={() => setStarting(true)}>
                  {tr('start.title')}
                </Button>
              ) : null}
            </>
          }
          canSelect={isAdmin}
          bulkActions={(ids, clear) => (
            <Button
              startIcon={<StopCircleOutlined />}
              disabled={!ids.length}
              onClick={() => setBulkEnd({ ids, clear })}
            >
              {tr('list.endSelected')}
            </Button>
          )}
          exportModel="event"
          onRowClick={setDetails}
          disableVirtualization={disableVirtualization}
        />
      </Box>

      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {menu
          ? consoleActionsFor(menu.t, user.role).map((a) => (
              <MenuItem key={a} onClick={() => start(a, menu.t)}>
                {tr(`action.${a}`)}
              </MenuItem>
            ))
          : null}
      </Menu>

      <TransactionDetailsDialog
        transaction={details}
        currency={currency}
        onClose={() => setDetails(null)}
        actions={
          details
            ? consoleActionsFor(details, user.role).map((a) => (
                <Button key={a} onClick={() => start(a, details)}>
                  {tr(`action.${a}`)}
                </Button>
              ))
            : null
        }
      />
      <CreateDeliveryDialog open={creating} onClose={() => setCreating(false)} />
      <StartTransactionDialog open={starting} onClose={() => setStarting(false)} />
      <UserDetailsDialog user={userOf?.user ?? null} onClose={() => setUserOf(null)} />
      <DeviceDetailsDialog
        transaction={deviceOf}
        showDeviceLink={isAdmin}
        onClose={() => setDeviceOf(null)}
      />

      {current ? (
        <>
          <ChargeDialog open={is('charge')} transaction={current} onClose={close} />
          <DropoffDialog open={is('dropoff')} transaction={current} onClose={close} />
          <RefundDialog open={is('refund')} transaction={current} onClose={close} currency={currency} />
          <PenaltyDialog open={is('penalize')} transaction={current} onClose={close} />
          <ShareDialog open={is('share')} transaction={current} onClose={close} />
          <CancelDialog open={is('cancel')} transaction={current} onClose={close} />
          <PlaceInLockerDialog open={is('complete')} transaction={current} onClose={close} />
        </>
      ) : null}
      <EndDialog
        open={is('end') || !!bulkEnd}
        ids={bulkEnd ? bulkEnd.ids : current && is('end') ? [current.id] : []}
        transactions={bulkEnd ? knownRows() : current ? [current] : []}
        onClose={() => {
          close();
          setBulkEnd(null);
        }}
        onEnded={() => bulkEnd?.clear()}
      />
      <ConfirmDialog
        open={is('pickup')}
        title={tr('list.pickupTitle')}
        message={tr('list.pickupMessage', { invoice: current?.invoice_id ?? '' })}
        confirmText={tr('list.pickupConfirm')}
        cancelText={tr('common:button.cancel')}
        loading={quick.isPending}
        onConfirm={() => open && quick.mutate(open)}
        onCancel={close}
      />
      {current ? <ResendCodeDialog open={is('resend_code')} transaction={current} onClose={close} /> : null}
    </>
  );
}
