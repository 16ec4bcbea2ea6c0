/** Query keys of the shell; each area adds its own in features/<area>/hooks.ts. */
export const queryKeys = {
  organizationPublic: ['organization', 'public'] as const,
  organizationSelf: ['organizations', 'self'] as const,
  memberSelf: ['members', 'self'] as const,
};
