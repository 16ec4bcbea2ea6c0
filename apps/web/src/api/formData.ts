/**
 * A validated form as multipart fields (spec operational §7 "POST products (multipart…)", "POST
 * product-groups (multipart…)"): null/undefined fields are left out (the server clears them on a full
 * update), booleans and numbers as text, arrays as repeated fields — an empty array as one empty
 * field, so "no products" still reaches the server.
 */
export function toFormData(values: Record<string, unknown>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      if (!value.length) body.append(key, '');
      for (const item of value) body.append(key, String(item));
    } else if (value instanceof Blob) {
      body.append(key, value);
    } else {
      body.append(key, String(value));
    }
  }
  return body;
}
