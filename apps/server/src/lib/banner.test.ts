import { describe, expect, it } from 'vitest';
import { box, startLines } from './banner';

describe('the start banner', () => {
  it('draws the lines in a box of equal width', () => {
    const out = box(['Lockerops is running at http://localhost:4000', 'Password: x']).split('\n');
    expect(out[1]).toBe(`┌${'─'.repeat(49)}┐`);
    expect(out[2]).toBe('│  Lockerops is running at http://localhost:4000  │');
    expect(out[3]).toBe(`│  Password: x${' '.repeat(34)}  │`);
    expect(out[4]).toBe(`└${'─'.repeat(49)}┘`);
  });

  it('names the URL, the admin and a generated password, and how to listen beyond loopback', () => {
    const lines = startLines({
      publicUrl: 'http://localhost:4017',
      host: '127.0.0.1',
      database: 'PostgreSQL',
      admin: { email: 'admin@demo-org.test', password: 'S3cret', passwordNote: '(shown once)' },
    });
    expect(lines).toContain('Lockerops is running at http://localhost:4017');
    expect(lines).toContain('Sign in as admin@demo-org.test');
    expect(lines).toContain('Password: S3cret (shown once)');
    expect(lines.at(-1)).toBe('Listening on 127.0.0.1 only; set HOST=0.0.0.0 to accept other machines.');
    expect(startLines({ publicUrl: 'http://x', host: '0.0.0.0', database: 'd' }).join('\n')).not.toContain(
      'HOST=',
    );
  });
});
