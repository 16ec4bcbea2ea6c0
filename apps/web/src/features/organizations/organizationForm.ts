import {
  DEFAULT_COLOR,
  FEATURE_FLAGS,
  HARDWARE_FLAGS,
  MODE_FLAGS,
  ORGANIZATION_MESSAGES,
  type TOrganization,
  type TOrganizationFlag,
  ZCreateOrganizationRequest,
  ZUpdateOrganizationRequest,
} from '@lockerops/contract';
import { browserTimeZone } from '../../lib/format';

/** The organization form's state (spec console §2 "Organization form", §3 create form). */
export interface OrganizationFormValues {
  name: string;
  primary_color: string;
  secondary_color: string;
  email: string;
  first_name: string;
  last_name: string;
  modes: string[];
  hardware: string[];
  features: string[];
  logo: File | null;
}

export const emptyForm = (): OrganizationFormValues => ({
  name: '',
  primary_color: DEFAULT_COLOR,
  secondary_color: DEFAULT_COLOR,
  email: '',
  first_name: '',
  last_name: '',
  modes: [],
  hardware: [],
  features: [],
  logo: null,
});

/** The form's values for editing an organization. */
export function formFromOrganization(org: TOrganization): OrganizationFormValues {
  return {
    name: org.name,
    primary_color: org.white_label.primary_color ?? DEFAULT_COLOR,
    secondary_color: org.white_label.secondary_color ?? DEFAULT_COLOR,
    email: org.owner ?? '',
    first_name: '',
    last_name: '',
    modes: MODE_FLAGS.filter((f) => org[f]),
    hardware: HARDWARE_FLAGS.filter((f) => org[f]),
    features: FEATURE_FLAGS.filter((f) => org[f]),
    logo: null,
  };
}

/**
 * State of a 'Select all' box (spec console §4): on when every option is selected, off as soon as
 * any is deselected (`indeterminate` tells whether some are).
 */
export function selectAllState(selected: readonly string[], options: readonly string[]) {
  const count = options.filter((o) => selected.includes(o)).length;
  return {
    checked: count === options.length && count > 0,
    indeterminate: count > 0 && count < options.length,
  };
}

/** Clicking 'Select all': every option when not all are selected, none otherwise. */
export const toggleAll = (selected: readonly string[], options: readonly string[]): string[] =>
  selectAllState(selected, options).checked ? [] : [...options];

/** Every flag of the form as booleans. */
export function flagsOfForm(v: OrganizationFormValues): Record<TOrganizationFlag, boolean> {
  const on = new Set([...v.modes, ...v.hardware, ...v.features]);
  const out = {} as Record<TOrganizationFlag, boolean>;
  for (const f of [...FEATURE_FLAGS, ...MODE_FLAGS, ...HARDWARE_FLAGS]) out[f] = on.has(f);
  return out;
}

export type OrganizationFormErrors = Partial<Record<keyof OrganizationFormValues, string>>;

const FIELD_OF: Record<string, keyof OrganizationFormValues> = {
  name: 'name',
  email: 'email',
  first_name: 'first_name',
  last_name: 'last_name',
  primary_color: 'primary_color',
  secondary_color: 'secondary_color',
  hardware: 'hardware',
};

/**
 * Validates with the API's own request schema (CONTRIBUTING.md "Conventions"): the create schema (owner and
 * logo required) or the update schema plus the hardware rule. Answers one message per field.
 */
export function validateOrganizationForm(
  v: OrganizationFormValues,
  editing: boolean,
): OrganizationFormErrors {
  const errors: OrganizationFormErrors = {};
  const flags = flagsOfForm(v);
  const result = editing
    ? ZUpdateOrganizationRequest.safeParse({
        name: v.name,
        primary_color: v.primary_color,
        secondary_color: v.secondary_color,
        ...flags,
      })
    : ZCreateOrganizationRequest.safeParse({
        name: v.name,
        primary_color: v.primary_color,
        secondary_color: v.secondary_color,
        email: v.email,
        first_name: v.first_name,
        last_name: v.last_name || undefined,
        ...flags,
      });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = FIELD_OF[String(issue.path[0])];
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (editing && !v.hardware.length) errors.hardware = ORGANIZATION_MESSAGES.hardwareRequired;
  if (!editing && !v.logo) errors.logo = ORGANIZATION_MESSAGES.logoRequired;
  if (v.logo && !v.logo.type.startsWith('image/')) errors.logo = ORGANIZATION_MESSAGES.logoRequired;
  return errors;
}

/** The multipart body of `POST organizations` / `PATCH organizations/{id}`. */
export function organizationFormData(v: OrganizationFormValues, editing: boolean): FormData {
  const fd = new FormData();
  fd.set('name', v.name.trim());
  fd.set('primary_color', v.primary_color);
  fd.set('secondary_color', v.secondary_color);
  if (!editing) {
    fd.set('email', v.email.trim());
    fd.set('first_name', v.first_name.trim());
    if (v.last_name.trim()) fd.set('last_name', v.last_name.trim());
    // a new organization starts in the zone of the browser that creates it (Settings changes it)
    fd.set('time_zone', browserTimeZone());
  }
  for (const [flag, on] of Object.entries(flagsOfForm(v))) fd.set(flag, String(on));
  if (v.logo) fd.set('logo', v.logo);
  return fd;
}
