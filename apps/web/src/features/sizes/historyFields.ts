/** The size history log's changed fields (wire names) and their labels in the `sizes` catalog. */
export const SIZE_HISTORY_LABELS: Readonly<Record<string, string>> = {
  name: 'field.name',
  description: 'field.description',
  width: 'field.width',
  depth: 'field.depth',
  height: 'field.height',
  image: 'field.image',
  external_id: 'field.externalId',
};
