/** Query keys of the shell; each area adds its own in features/<area>/hooks.ts. */
/** Query-key prefix of the products list: conditions and product groups refresh it too. */
export const productsKey = ['products'] as const;

export const queryKeys = {
  organizationPublic: ['organization', 'public'] as const,
  organizationSelf: ['organizations', 'self'] as const,
  memberSelf: ['members', 'self'] as const,
};
