import {
  isWeekBased,
  MONTH_NAMES,
  REPORT_CONTENTS,
  REPORT_MESSAGES,
  REPORT_RECURRENCES,
  type TReport,
  type TReportCreateInput,
  type TReportCreateRequest,
  type TReportRecurrence,
  WEEKDAYS,
  ZReportCreateRequest,
} from '@lockerops/contract';
import { MenuItem, TextField } from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganizationZone } from '../../api/place';
import { FormAutocomplete, FormCheckbox, FormSearchPickerMany, FormTextField } from '../../components/form';
import { ResourceFormDialog } from '../../components/ResourceFormDialog';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { zoneLabel } from '../../lib/format';
import { REPORTS_ENDPOINT, reportsKey, reportValuesOf } from './hooks';

export interface ReportFormDialogProps {
  open: boolean;
  /** the report being edited; null creates one */
  report: TReport | null;
  onClose: () => void;
}

/**
 * "Create Report" / "Edit Report" (spec console §2, §3 Report, §4, §5): name, contents and
 * assignees (team members 1/150) as multi-selects, recurrence, then the weekday (weekly,
 * biweekly) or the month and start/end of month (monthly, bimonthly) — choosing a recurrence
 * clears the fields §4 says — and the send time. Weekday and send time are the wall clock of the
 * organization's zone (named under the fields), kept so by the server across daylight saving.
 * Submit stays disabled until send time, recurrence, an assignee and a content are chosen.
 */
export function ReportFormDialog({ report, ...props }: ReportFormDialogProps) {
  const { t } = useTranslation('reports');
  return (
    <ResourceFormDialog
      {...props}
      row={report}
      title={{ add: translateMessage(REPORT_MESSAGES.createReport), edit: t('form.edit') }}
      schema={ZReportCreateRequest}
      valuesOf={reportValuesOf}
      endpoint={REPORTS_ENDPOINT}
      messages={REPORT_MESSAGES}
      invalidateKey={reportsKey}
      submitDisabled={({ watch }) => {
        const [sendTime, recurrence, assignees, contents] = watch([
          'send_time',
          'recurrence',
          'assign_to',
          'contents',
        ]);
        return !sendTime || !recurrence || !assignees?.length || !contents?.length;
      }}
      serverErrorText={translateMessage(REPORT_MESSAGES.internalError)}
    >
      {(form) => <ReportFields form={form} report={report} />}
    </ResourceFormDialog>
  );
}

/** The report form's fields; the recurrence decides which of weekday, month and when are asked. */
function ReportFields({
  form,
  report,
}: {
  form: UseFormReturn<TReportCreateInput, unknown, TReportCreateRequest>;
  report: TReport | null;
}) {
  const { t } = useTranslation('reports');
  const label = useEnumLabel();
  const { control, formState, watch, setValue } = form;
  // the saved report names its assignees, so they show when it is reopened
  const savedAssignees = (report?.assign_to ?? []).map((id, i) => ({ id, label: report?.assignee[i] ?? id }));
  const zone = useOrganizationZone();
  const recurrence = watch('recurrence') as TReportRecurrence | undefined;
  const err = (k: keyof typeof formState.errors) => {
    const m = formState.errors[k]?.message as string | undefined;
    return m ? translateMessage(m) : undefined;
  };
  return (
    <>
      <FormTextField control={control} name="name" label={t('form.name')} required />
      <FormAutocomplete
        control={control}
        name="contents"
        label={t('form.contents')}
        required
        multiple
        disableCloseOnSelect
        options={REPORT_CONTENTS.map((o) => ({ value: o, label: label('reportContent', o) }))}
      />
      <FormSearchPickerMany
        control={control}
        name="assign_to"
        area="members"
        label={t('form.assignees')}
        required
        initial={savedAssignees}
      />
      <Controller
        control={control}
        name="recurrence"
        render={({ field }) => (
          <TextField
            select
            label={t('form.recurrence')}
            required
            value={field.value ?? ''}
            onChange={(e) => {
              const next = e.target.value as TReportRecurrence;
              field.onChange(next);
              // spec console §4: weekly/biweekly clear month and when; monthly/bimonthly clear weekday
              if (isWeekBased(next)) {
                setValue('month', undefined);
                setValue('when', undefined);
              } else setValue('weekday', undefined);
            }}
            error={!!err('recurrence')}
            helperText={err('recurrence')}
          >
            {REPORT_RECURRENCES.map((r) => (
              <MenuItem key={r} value={r}>
                {label('reportRecurrence', r)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {recurrence && isWeekBased(recurrence) ? (
        <Controller
          control={control}
          name="weekday"
          render={({ field }) => (
            <TextField
              select
              label={t('form.weekday')}
              required
              value={field.value ?? ''}
              onChange={(e) => field.onChange(Number(e.target.value))}
              error={!!err('weekday')}
              helperText={err('weekday') ?? zoneLabel(zone)}
            >
              {WEEKDAYS.map((d, i) => (
                <MenuItem key={d} value={i}>
                  {label('weekday', d)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      ) : null}
      {recurrence && !isWeekBased(recurrence) ? (
        <>
          {recurrence === 'bimonthly' ? (
            <Controller
              control={control}
              name="month"
              render={({ field }) => (
                <TextField
                  select
                  label={t('form.startingMonth')}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  error={!!err('month')}
                  helperText={err('month')}
                >
                  {MONTH_NAMES.map((m, i) => (
                    <MenuItem key={m} value={i + 1}>
                      {t(`form.month.${i + 1}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : null}
          <Controller
            control={control}
            name="when"
            render={({ field }) => (
              <TextField
                select
                label={t('form.when')}
                required
                value={field.value ?? ''}
                onChange={(e) => field.onChange(e.target.value)}
                error={!!err('when')}
                helperText={err('when')}
              >
                <MenuItem value="start">{t('form.startOfMonth')}</MenuItem>
                <MenuItem value="end">{t('form.endOfMonth')}</MenuItem>
              </TextField>
            )}
          />
        </>
      ) : null}
      <Controller
        control={control}
        name="send_time"
        render={({ field }) => (
          <TextField
            type="time"
            label={t('form.sendTime')}
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': t('form.sendTime') } }}
            value={field.value ? String(field.value) : ''}
            onChange={(e) => field.onChange(e.target.value || undefined)}
            error={!!err('send_time')}
            helperText={err('send_time') ?? zoneLabel(zone)}
          />
        )}
      />
      <FormCheckbox control={control} name="include_sub_orgs" label={t('form.includeSubOrgs')} />
    </>
  );
}
