/**
 * The Devices area (spec: operational §2–§5 Device): hardware types and statuses, the area's
 * texts, the create/update form with its hardware rules, and the requests and wire shapes.
 */
export * from './enums';
export * from './form';
export * from './messages';
export * from './wire';
