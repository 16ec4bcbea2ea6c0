import {
  FEATURE_FLAG_LABELS,
  FEATURE_FLAGS,
  HARDWARE_FLAGS,
  HARDWARE_VENDORS,
  MODE_FLAGS,
  MODE_LABELS,
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
import { useEffect, useMemo, useState } from 'react';
import { ApiError, formatApiError } from '../../api/errors';
import { useResultDialog } from '../../components/ResultDialog';
import { useSaveOrganization } from './hooks';
import {
  emptyForm,
  formFromOrganization,
  type OrganizationFormValues,
  organizationFormData,
  selectAllState,
  toggleAll,
  validateOrganizationForm,
} from './organizationForm';

const MODE_OPTIONS = MODE_FLAGS.map((f, i) => ({ value: f, label: MODE_LABELS[MODES[i]!] }));
const HARDWARE_OPTIONS = HARDWARE_FLAGS.map((f, i) => ({
  value: f,
  label: HARDWARE_VENDORS[i]!.charAt(0).toUpperCase() + HARDWARE_VENDORS[i]!.slice(1),
}));

interface Props {
  open: boolean;
  /** the organization to edit; undefined to create one */
  organization?: TOrganization;
  currentOrganizationId: string;
  onClose: () => void;
}

/** The organization form in a side panel (spec console §2 "Organization form", §5 Organization). */
export function OrganizationFormDrawer({ open, organization, currentOrganizationId, onClose }: Props) {
  const editing = !!organization;
  const archived = !!organization && !organization.active;
  const [values, setValues] = useState<OrganizationFormValues>(emptyForm);
  const [touched, setTouched] = useState<Partial<Record<keyof OrganizationFormValues, boolean>>>({});
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveOrganization();
  const showResult = useResultDialog();

  useEffect(() => {
    if (!open) return;
    setValues(organization ? formFromOrganization(organization) : emptyForm());
    setTouched({});
    setServerNameError(null);
    setServerError(null);
  }, [open, organization]);

  const errors = useMemo(() => validateOrganizationForm(values, editing), [values, editing]);
  const preview = useMemo(
    () => (values.logo ? URL.createObjectURL(values.logo) : (organization?.white_label.app_logo ?? null)),
    [values.logo, organization],
  );
  useEffect(
    () => () => {
      if (values.logo && preview) URL.revokeObjectURL(preview);
    },
    [values.logo, preview],
  );

  const set = <K extends keyof OrganizationFormValues>(k: K, v: OrganizationFormValues[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setTouched((t) => ({ ...t, [k]: true }));
    if (k === 'name') setServerNameError(null);
  };
  const shown = (k: keyof OrganizationFormValues) => (touched[k] ? errors[k] : undefined);
  const nameInvalid = !!errors.name || !!serverNameError;
  const hasErrors = Object.keys(errors).length > 0;

  const submit = async () => {
    setTouched({
      name: true,
      email: true,
      first_name: true,
      hardware: true,
      logo: true,
      primary_color: true,
      secondary_color: true,
    });
    if (hasErrors) return;
    setServerError(null);
    try {
      await save.mutateAsync({ id: organization?.id, body: organizationFormData(values, editing) });
      onClose();
      showResult({
        type: 'success',
        message: editing ? 'Organization has been updated!' : 'Organization has been created!',
      });
    } catch (e) {
      if (
        e instanceof ApiError &&
        e.status === 409 &&
        formatApiError(e).includes(ORGANIZATION_MESSAGES.nameUnique)
      )
        setServerNameError(ORGANIZATION_MESSAGES.nameUnique);
      else setServerError(formatApiError(e));
    }
  };

  const disabled = archived || save.isPending;
  const modeAll = selectAllState(values.modes, MODE_FLAGS);
  const hardwareAll = selectAllState(values.hardware, HARDWARE_FLAGS);

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ p: 3 }}
      >
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {editing ? 'Edit Organization' : 'Add Organization'}
        </Typography>
        <Stack spacing={2}>
          {archived ? <Alert severity="info">{ORGANIZATION_MESSAGES.archivedMustRestore}</Alert> : null}
          {serverError ? <Alert severity="error">{serverError}</Alert> : null}
          {editing ? (
            <TextField
              label="Organization ID"
              value={organization.id}
              slotProps={{ input: { readOnly: true } }}
            />
          ) : null}
          <TextField
            label="Organization Name"
            required
            value={values.name}
            disabled={disabled}
            onChange={(e) => set('name', e.target.value)}
            error={!!shown('name') || !!serverNameError}
            helperText={serverNameError ?? shown('name') ?? 'Letters, numbers and spaces, e.g. ABC Luggage'}
          />
          <Stack direction="row" spacing={2}>
            <ColorInput
              label="Primary Color"
              value={values.primary_color}
              disabled={disabled}
              onChange={(v) => set('primary_color', v)}
            />
            <ColorInput
              label="Secondary Color"
              value={values.secondary_color}
              disabled={disabled}
              onChange={(v) => set('secondary_color', v)}
            />
          </Stack>
          <MultiSelect
            label="Modes"
            allLabel={ORGANIZATION_MESSAGES.selectAllModes}
            options={MODE_OPTIONS}
            value={values.modes}
            all={modeAll}
            disabled={disabled}
            onChange={(v) => set('modes', v)}
          />
          <MultiSelect
            label="Hardware"
            allLabel={ORGANIZATION_MESSAGES.selectAllHardwares}
            options={HARDWARE_OPTIONS}
            value={values.hardware}
            all={hardwareAll}
            disabled={disabled}
            error={shown('hardware')}
            onChange={(v) => set('hardware', v)}
          />
          <Box>
            <Typography variant="subtitle2">Allow access for</Typography>
            <FormGroup row>
              {FEATURE_FLAGS.map((f) => (
                <FormControlLabel
                  key={f}
                  label={FEATURE_FLAG_LABELS[f]}
                  control={
                    <Checkbox
                      checked={values.features.includes(f)}
                      disabled={disabled}
                      onChange={(e) =>
                        set(
                          'features',
                          e.target.checked ? [...values.features, f] : values.features.filter((x) => x !== f),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
          </Box>
          <Divider />
          <Typography variant="subtitle2">Organization's Owner Information</Typography>
          {editing ? (
            organization.owner ? (
              <TextField
                label="Owner Email"
                value={organization.owner}
                slotProps={{ input: { readOnly: true } }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {organization.id === currentOrganizationId
                  ? 'This is your organization.'
                  : 'No owner on record.'}
              </Typography>
            )
          ) : (
            <>
              <TextField
                label="Email"
                required
                type="email"
                value={values.email}
                disabled={disabled}
                onChange={(e) => set('email', e.target.value)}
                error={!!shown('email')}
                helperText={shown('email')}
              />
              <TextField
                label="First Name"
                required
                value={values.first_name}
                disabled={disabled}
                onChange={(e) => set('first_name', e.target.value)}
                error={!!shown('first_name')}
                helperText={shown('first_name')}
              />
              <TextField
                label="Last Name"
                value={values.last_name}
                disabled={disabled}
                onChange={(e) => set('last_name', e.target.value)}
              />
            </>
          )}
          <Divider />
          <Box>
            <Button variant="outlined" component="label" disabled={disabled}>
              Upload Logo
              <input
                hidden
                type="file"
                accept="image/*"
                aria-label="Logo"
                onChange={(e) => set('logo', e.target.files?.[0] ?? null)}
              />
            </Button>
            {preview ? (
              <Box
                component="img"
                src={preview}
                alt="Logo preview"
                sx={{ display: 'block', mt: 1, maxHeight: 100, maxWidth: 250, objectFit: 'contain' }}
              />
            ) : null}
            {shown('logo') ? <FormHelperText error>{shown('logo')}</FormHelperText> : null}
          </Box>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={disabled || nameInvalid}>
              {editing ? 'Save' : 'Create'}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Drawer>
  );
}

function ColorInput(props: {
  label: string;
  value: string;
  disabled?: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <Box sx={{ flex: 1 }}>
      <Typography variant="caption" component="label" sx={{ display: 'block' }}>
        {props.label}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <input
            type="color"
            value={props.value}
            disabled={props.disabled}
            onChange={(e) => props.onChange(e.target.value)}
            style={{ width: 40, height: 32, border: 'none', background: 'none', padding: 0 }}
          />
          <Typography variant="body2" component="span">
            {props.value}
          </Typography>
        </Box>
      </Typography>
    </Box>
  );
}

function MultiSelect(props: {
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
  value: string[];
  all: { checked: boolean; indeterminate: boolean };
  disabled?: boolean;
  error?: string;
  onChange: (v: string[]) => void;
}) {
  const values = props.options.map((o) => o.value);
  const id = `${props.label.toLowerCase()}-select`;
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
