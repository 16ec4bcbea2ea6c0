import { GENERIC_ERROR_CODES, type MessageCode, messageCodeOf } from '@lockerops/contract';
import { i18next } from '.';

/** A template's arguments; one that is itself a message (a row's error inside "Error ocurred on row 4: …") is translated too. */
const paramsOf = (params: readonly string[] | undefined) =>
  Object.fromEntries((params ?? []).map((p, i) => [String(i), translateMessage(p)]));

/**
 * A message of the contract in the console's language: its code (given by the
 * server's answer, or found from the English text) looked up in the `errors` catalog with a
 * template's arguments; the English text itself when the code is generic or unknown.
 */
export function translateMessage(text: string, known?: MessageCode): string {
  const found = known && !GENERIC_ERROR_CODES.has(known.code) ? known : messageCodeOf(text);
  if (!found || GENERIC_ERROR_CODES.has(found.code)) return text;
  return i18next.t(`errors:${found.code}`, { ...paramsOf(found.params), defaultValue: text });
}

/**
 * The text of a server error answer's `detail`, translated by its `code` (and `codes` for a list of
 * details, `params` for a template), each text as it is when its code has no translation.
 */
export function translateDetail(body: {
  detail: string | readonly string[];
  code?: unknown;
  params?: unknown;
  codes?: unknown;
}): string[] {
  const texts = Array.isArray(body.detail) ? body.detail : [body.detail as string];
  const codes = Array.isArray(body.codes) ? body.codes : [];
  return texts.map((text, i) => {
    const code = Array.isArray(body.detail) ? codes[i] : body.code;
    const params = !Array.isArray(body.detail) && Array.isArray(body.params) ? body.params : undefined;
    return translateMessage(
      text,
      typeof code === 'string' ? { code, params: params?.map(String) } : undefined,
    );
  });
}
