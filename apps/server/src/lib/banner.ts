/**
 * Draws `lines` in a box of Unicode rules, a blank line above and below: what `npm start` and
 * `npm run demo` print last (the address and the credentials), so a build's or a migration's
 * output cannot bury them. Answers the text to print.
 */
export function box(lines: readonly string[]): string {
  const width = Math.max(...lines.map((l) => [...l].length));
  const pad = (l: string) => l + ' '.repeat(width - [...l].length);
  return [
    '',
    `┌${'─'.repeat(width + 4)}┐`,
    ...lines.map((l) => `│  ${pad(l)}  │`),
    `└${'─'.repeat(width + 4)}┘`,
    '',
    '',
  ].join('\n');
}

/**
 * The lines of the start banner: where the console and the API documentation are, the database,
 * the admin's e-mail and, when it was generated now, the password (shown once); and, when the
 * server listens on loopback only, how to open it to other machines. spec: README "Start".
 */
export function startLines(p: {
  publicUrl: string;
  host: string;
  database: string;
  admin?: { email: string; password?: string; passwordNote?: string };
}): string[] {
  const lines = [
    `Lockerops is running at ${p.publicUrl}`,
    `API docs: ${p.publicUrl}/api/redoc`,
    `Database: ${p.database}`,
  ];
  if (p.admin) {
    lines.push('', `Sign in as ${p.admin.email}`);
    if (p.admin.password)
      lines.push(`Password: ${p.admin.password}${p.admin.passwordNote ? ` ${p.admin.passwordNote}` : ''}`);
  }
  if (p.host === '127.0.0.1' || p.host === 'localhost' || p.host === '::1')
    lines.push('', `Listening on ${p.host} only; set HOST=0.0.0.0 to accept other machines.`);
  return lines;
}
