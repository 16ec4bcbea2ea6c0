/** Query key prefix of everything the Locations area lists. */
export const locationsKey = ['locations'] as const;
