import {
  DEFAULT_COLOR,
  FEATURE_FLAGS,
  HARDWARE_FLAGS,
  HARDWARE_VENDORS,
  MODE_FLAGS,
  MODES,
  ORGANIZATION_MESSAGES,
  type TOrganization,
} from '@lockerops/contract';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Divider,
  Drawer,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, formatApiError } from '../../api/errors';
import { ColorField } from '../../components/ColorField';
import { FormTextField } from '../../components/form';
import { useResultDialog } from '../../components/ResultDialog';
import { useEnumLabel } from '../../i18n/enums';
import { translateMessage } from '../../i18n/messages';
import { useOrganizationNameCheck, useSaveOrganization } from './hooks';
import {
  emptyForm,
  formFromOrganization,
  type OrganizationFormValues,
  organizationFormData,
  selectAllState,
  toggleAll,
  validateOrganizationForm,
} from './organizationForm';

interface Props {
  open: boolean;
  /** the organization to edit; undefined to create one */
  organization?: TOrganization;
  currentOrganizationId: string;
  onClose: () => void;
}

/** react-hook-form's resolver over `validateOrganizationForm` (the contract's request schemas). */
const resolverFor =
  (editing: boolean): Resolver<OrganizationFormValues> =>
  (values) => {
    const found = Object.entries(validateOrganizationForm(values, editing));
    if (!found.length) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(found.map(([k, message]) => [k, { type: 'validate', message }])),
    };
  };

/** A modal form: its panel is announced as a dialog, named by its heading. */
const DIALOG = { role: 'dialog', 'aria-modal': true } as const;

/** The organization form in a side panel (spec console §2 "Organization form", §5 Organization). */
export function OrganizationFormDrawer({ open, organization, currentOrganizationId, onClose }: Props) {
  const { t } = useTranslation('organizations');
  const titleId = useId();
  const label = useEnumLabel();
  const modeOptions = MODE_FLAGS.map((f, i) => ({ value: f, label: label('mode', MODES[i]) }));
  const hardwareOptions = HARDWARE_FLAGS.map((f, i) => ({
    value: f,
    label: label('hardware', HARDWARE_VENDORS[i]),
  }));
  const editing = !!organization;
  const archived = !!organization && !organization.active;
  const resolver = useMemo(() => resolverFor(editing), [editing]);
  const form = useForm<OrganizationFormValues>({ resolver, mode: 'onChange', defaultValues: emptyForm() });
  const { control, reset, watch, setError, formState } = form;
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveOrganization();
  const showResult = useResultDialog();

  useEffect(() => {
    if (!open) return;
    reset(organization ? formFromOrganization(organization) : emptyForm());
    setServerError(null);
  }, [open, organization, reset]);

  const values = watch();
  const logo = values.logo;
  const preview = useMemo(
    () => (logo ? URL.createObjectURL(logo) : (organization?.white_label.app_logo ?? null)),
    [logo, organization],
  );
  useEffect(
    () => () => {
      if (logo && preview) URL.revokeObjectURL(preview);
    },
    [logo, preview],
  );

  // the name is checked as it is typed, before it is touched: an invalid one keeps Create disabled,
  // and one in use is reported from the server's check (spec console §5)
  const nameRule = validateOrganizationForm(values, editing).name;
  const unchanged = !!organization && values.name.trim().toLowerCase() === organization.name.toLowerCase();
  const check = useOrganizationNameCheck(values.name, {
    id: organization?.id,
    enabled: open && !archived && !nameRule && !unchanged,
  });
  useEffect(() => {
    if (check.taken) setError('name', { type: 'server', message: ORGANIZATION_MESSAGES.nameUnique });
  }, [check.taken, setError]);
  const nameInvalid = !!nameRule || check.taken || check.checking || formState.errors.name?.type === 'server';

  const submit = form.handleSubmit(async (v) => {
    setServerError(null);
    try {
      await save.mutateAsync({ id: organization?.id, body: organizationFormData(v, editing) });
      onClose();
      showResult({
        type: 'success',
        message: editing ? t('form.updated') : t('form.created'),
      });
    } catch (e) {
      if (
        e instanceof ApiError &&
        e.status === 409 &&
        formatApiError(e).includes(ORGANIZATION_MESSAGES.nameUnique)
      )
        setError('name', { type: 'server', message: ORGANIZATION_MESSAGES.nameUnique });
      else setServerError(formatApiError(e));
    }
  });

  const disabled = archived || save.isPending;
  const color = (name: 'primary_color' | 'secondary_color', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ColorField
          label={label}
          value={field.value}
          defaultColor={DEFAULT_COLOR}
          disabled={disabled}
          onChange={field.onChange}
          error={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
        />
      )}
    />
  );
  const multiSelect = (name: 'modes' | 'hardware', text: string, allLabel: string, options: Option[]) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          name={name}
          label={text}
          allLabel={allLabel}
          options={options}
          value={field.value}
          all={selectAllState(
            field.value,
            options.map((o) => o.value),
          )}
          disabled={disabled}
          error={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
          onChange={field.onChange}
        />
      )}
    />
  );

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { ...DIALOG, 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 480 } } } }}
    >
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ p: 3 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2 }}>
          {editing ? t('edit') : t('add')}
        </Typography>
        <Stack spacing={2}>
          {archived ? (
            <Alert severity="info">{translateMessage(ORGANIZATION_MESSAGES.archivedMustRestore)}</Alert>
          ) : null}
          {serverError ? <Alert severity="error">{serverError}</Alert> : null}
          {editing ? (
            <TextField
              label={t('form.id')}
              value={organization.id}
              slotProps={{ input: { readOnly: true } }}
            />
          ) : null}
          <FormTextField
            control={control}
            name="name"
            label={t('form.name')}
            required
            disabled={disabled}
            helperText={t('form.nameHelp')}
          />
          <Stack direction="row" spacing={2}>
            {color('primary_color', t('form.primary'))}
            {color('secondary_color', t('form.secondary'))}
          </Stack>
          {multiSelect(
            'modes',
            t('form.modes'),
            translateMessage(ORGANIZATION_MESSAGES.selectAllModes),
            modeOptions,
          )}
          {multiSelect(
            'hardware',
            t('form.hardware'),
            translateMessage(ORGANIZATION_MESSAGES.selectAllHardwares),
            hardwareOptions,
          )}
          <Box>
            <Typography variant="subtitle2">{t('form.allowAccess')}</Typography>
            <Controller
              control={control}
              name="features"
              render={({ field }) => (
                <FormGroup row>
                  {FEATURE_FLAGS.map((f) => (
                    <FormControlLabel
                      key={f}
                      label={label('featureFlag', f)}
                      control={
                        <Checkbox
                          checked={field.value.includes(f)}
                          disabled={disabled}
                          onChange={(e) =>
                            field.onChange(
                              e.target.checked ? [...field.value, f] : field.value.filter((x) => x !== f),
                            )
                          }
                        />
                      }
                    />
                  ))}
                </FormGroup>
              )}
            />
          </Box>
          <Divider />
          <Typography variant="subtitle2">{t('form.ownerInfo')}</Typography>
          {editing ? (
            organization.owner ? (
              <TextField
                label={t('form.ownerEmail')}
                value={organization.owner}
                slotProps={{ input: { readOnly: true } }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {organization.id === currentOrganizationId ? t('form.yours') : t('form.noOwner')}
              </Typography>
            )
          ) : (
            <>
              <FormTextField
                control={control}
                name="email"
                label={t('form.email')}
                required
                type="email"
                disabled={disabled}
              />
              <FormTextField
                control={control}
                name="first_name"
                label={t('form.firstName')}
                required
                disabled={disabled}
              />
              <FormTextField
                control={control}
                name="last_name"
                label={t('form.lastName')}
                disabled={disabled}
              />
            </>
          )}
          <Divider />
          <Controller
            control={control}
            name="logo"
            render={({ field, fieldState }) => (
              <Box>
                <Button variant="outlined" component="label" disabled={disabled}>
                  {t('form.uploadLogo')}
                  <input
                    hidden
                    type="file"
                    accept="image/*"
                    aria-label={t('form.logo')}
                    onChange={(e) => field.onChange(e.target.files?.[0] ?? null)}
                  />
                </Button>
                {preview ? (
                  <Box
                    component="img"
                    src={preview}
                    alt={t('form.logoPreview')}
                    sx={{ display: 'block', mt: 1, maxHeight: 100, maxWidth: 250, objectFit: 'contain' }}
                  />
                ) : null}
                {fieldState.error?.message ? (
                  <FormHelperText error>{translateMessage(fieldState.error.message)}</FormHelperText>
                ) : null}
              </Box>
            )}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common:button.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={disabled || nameInvalid}>
              {editing ? t('common:button.save') : t('form.create')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Drawer>
  );
}

interface Option {
  value: string;
  label: string;
}

function MultiSelect(props: {
  /** the form field: the select's id */
  name: string;
  label: string;
  allLabel: string;
  options: Option[];
  value: string[];
  all: { checked: boolean; indeterminate: boolean };
  disabled?: boolean;
  error?: string;
  onChange: (v: string[]) => void;
}) {
  const values = props.options.map((o) => o.value);
  const id = `${props.name}-select`;
  return (
    <Box>
      <FormControl fullWidth size="small" error={!!props.error} disabled={props.disabled}>
        <InputLabel id={`${id}-label`}>{props.label}</InputLabel>
        <Select
          labelId={`${id}-label`}
          multiple
          label={props.label}
          value={props.value}
          onChange={(e) =>
            props.onChange(typeof e.target.value === 'string' ? e.target.value.split(',') : e.target.value)
          }
          renderValue={(sel) =>
            props.options
              .filter((o) => sel.includes(o.value))
              .map((o) => o.label)
              .join(', ')
          }
        >
          {props.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              <Checkbox checked={props.value.includes(o.value)} size="small" />
              <ListItemText primary={o.label} />
            </MenuItem>
          ))}
        </Select>
        {props.error ? <FormHelperText>{props.error}</FormHelperText> : null}
      </FormControl>
      <FormControlLabel
        label={props.allLabel}
        disabled={props.disabled}
        control={
          <Checkbox
            checked={props.all.checked}
            onChange={() => props.onChange(toggleAll(props.value, values))}
          />
        }
      />
    </Box>
  );
}
