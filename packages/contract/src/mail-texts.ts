import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from './language';

/**
 * The words of the e-mails the product writes itself (a system e-mail speaks the
 * recipient team member's saved language): the layout's footer, the password reset code, the team
 * member invitation and the administrator account, the notification contact's verification link.
 * Operator-written notification templates are not here: they go out as written. `{name}`-style
 * placeholders are filled by `fillMailText`; numbers, durations and dates are formatted by the
 * sender through `Intl` in the same language.
 */
export interface MailTexts {
  /** The layout's footer. */
  footer: string;
  resetSubject: string;
  resetCode: string;
  /** `{valid}` is a duration ("60 minutes"), formatted through Intl. */
  resetValid: string;
  hello: string;
  helloName: string;
  inviteSubject: string;
  inviteIntro: string;
  adminSubject: string;
  adminIntro: string;
  signInAt: string;
  email: string;
  temporaryPassword: string;
  newPassword: string;
  verifySubject: string;
  /** `{valid}` is a duration ("24 hours"), formatted through Intl. */
  verifyBody: string;
  verifyIgnore: string;
}

export const MAIL_TEXTS: Record<TLanguage, MailTexts> = {
  en: {
    footer: 'This message was sent by {name}.',
    resetSubject: '{app} password reset code',
    resetCode: 'Your {app} verification code is {code}.',
    resetValid:
      'It is valid for {valid} and can be used once. If you did not ask to reset your password, you can ignore this message.',
    hello: 'Hello,',
    helloName: 'Hello {name},',
    inviteSubject: 'Your {app} team member account',
    inviteIntro: 'You have been invited to the {app} console.',
    adminSubject: 'Your {app} account',
    adminIntro: 'An administrator account has been created for you in {app}.',
    signInAt: 'Sign in at {url} with:',
    email: 'E-mail: {email}',
    temporaryPassword: 'Temporary password: {password}',
    newPassword: 'You will be asked to choose a new password when you first sign in.',
    verifySubject: 'Verify your {app} notification contact',
    verifyBody:
      'Please confirm that {email} is the notification contact of {app} by following this link within {valid}:',
    verifyIgnore: 'If you did not expect this message, you can ignore it.',
  },
  es: {
    footer: 'Este mensaje lo ha enviado {name}.',
    resetSubject: 'Código para restablecer la contraseña de {app}',
    resetCode: 'Su código de verificación de {app} es {code}.',
    resetValid:
      'Es válido durante {valid} y solo se puede usar una vez. Si no ha pedido restablecer su contraseña, puede ignorar este mensaje.',
    hello: 'Hola:',
    helloName: 'Hola, {name}:',
    inviteSubject: 'Su cuenta de miembro del equipo de {app}',
    inviteIntro: 'Le han invitado a la consola de {app}.',
    adminSubject: 'Su cuenta de {app}',
    adminIntro: 'Se ha creado para usted una cuenta de administrador en {app}.',
    signInAt: 'Inicie sesión en {url} con:',
    email: 'Correo electrónico: {email}',
    temporaryPassword: 'Contraseña temporal: {password}',
    newPassword: 'La primera vez que inicie sesión se le pedirá que elija una contraseña nueva.',
    verifySubject: 'Verifique su contacto de notificaciones de {app}',
    verifyBody:
      'Confirme que {email} es el contacto de notificaciones de {app} abriendo este enlace en un plazo de {valid}:',
    verifyIgnore: 'Si no esperaba este mensaje, puede ignorarlo.',
  },
  de: {
    footer: 'Diese Nachricht wurde von {name} gesendet.',
    resetSubject: '{app}: Code zum Zurücksetzen des Passworts',
    resetCode: 'Ihr Bestätigungscode für {app} lautet {code}.',
    resetValid:
      'Er ist {valid} lang gültig und kann einmal verwendet werden. Wenn Sie das Zurücksetzen Ihres Passworts nicht angefordert haben, können Sie diese Nachricht ignorieren.',
    hello: 'Hallo,',
    helloName: 'Hallo {name},',
    inviteSubject: 'Ihr Teammitglied-Konto bei {app}',
    inviteIntro: 'Sie wurden zur Konsole von {app} eingeladen.',
    adminSubject: 'Ihr Konto bei {app}',
    adminIntro: 'Für Sie wurde ein Administratorkonto bei {app} angelegt.',
    signInAt: 'Melden Sie sich unter {url} an mit:',
    email: 'E-Mail: {email}',
    temporaryPassword: 'Vorläufiges Passwort: {password}',
    newPassword: 'Bei der ersten Anmeldung werden Sie gebeten, ein neues Passwort zu wählen.',
    verifySubject: 'Bestätigen Sie Ihren Benachrichtigungskontakt bei {app}',
    verifyBody:
      'Bitte bestätigen Sie innerhalb von {valid} über diesen Link, dass {email} der Benachrichtigungskontakt von {app} ist:',
    verifyIgnore: 'Wenn Sie diese Nachricht nicht erwartet haben, können Sie sie ignorieren.',
  },
};

/** Fills `{name}` placeholders of a catalog text; an unknown placeholder stays as written. */
export function fillMailText(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}

/** A saved language, or English for none (a member who never chose one). */
export const mailLanguage = (language: string | null | undefined): TLanguage =>
  isLanguage(language) ? language : DEFAULT_LANGUAGE;

/**
 * The language of a message to a person (e-mail or SMS): the recipient's own (a team member's saved
 * language, a customer's page language) when there is one, else the organization's default language
 * (settings' `default_language`), else English. Values that are not a supported language are skipped.
 */
export const messageLanguage = (
  own: string | null | undefined,
  organizationDefault: string | null | undefined,
): TLanguage => (isLanguage(own) ? own : mailLanguage(organizationDefault));

/**
 * A duration as the recipient reads it: `60, 'minute'` → "60 minutes", "60 Minuten", "60 minutos"
 * (Intl.NumberFormat unit style, long names).
 */
export function formatMailDuration(
  value: number,
  unit: 'minute' | 'hour' | 'day' | 'week',
  language: TLanguage,
): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
