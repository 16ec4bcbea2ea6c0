import { MSG } from '@lockerops/contract';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  errorDetailText,
  formatApiError,
  formatErrorDetail,
  NetworkError,
  SessionExpiredError,
} from './errors';

describe('formatErrorDetail (spec §8 detail formatting)', () => {
  it('uses a string detail as is', () => {
    expect(formatErrorDetail({ detail: 'Incorrect username or password.' })).toBe(
      'Incorrect username or password.',
    );
  });
  it('joins a list of messages', () => {
    expect(formatErrorDetail({ detail: ['Email required', 'Password required'] })).toBe(
      'Email required, Password required',
    );
  });
  it('takes msg from list items that are objects', () => {
    expect(formatErrorDetail({ detail: [{ msg: 'field required' }, 'other'] })).toBe('field required, other');
  });
  it('stringifies an object detail', () => {
    expect(formatErrorDetail({ detail: { detail: 'nested', code: 1 } })).toBe('{"detail":"nested","code":1}');
  });
  it('falls back to the unexpected-error text', () => {
    expect(formatErrorDetail(null)).toBe(MSG.unexpectedError);
    expect(formatErrorDetail('plain text')).toBe(MSG.unexpectedError);
    expect(formatErrorDetail({ message: 'no detail' })).toBe(MSG.unexpectedError);
    expect(formatErrorDetail({ detail: 42 })).toBe(MSG.unexpectedError);
    expect(formatErrorDetail({ detail: [] })).toBe(MSG.unexpectedError);
  });
});

describe('formatApiError (spec §8 failed calls)', () => {
  it("prefixes the server's detail with 'Something went wrong! '", () => {
    expect(formatApiError(new ApiError(409, { detail: 'Duplicate' }))).toBe(
      'Something went wrong! Duplicate',
    );
    expect(formatApiError(new ApiError(400, { detail: ['a', 'b'] }))).toBe('Something went wrong! a, b');
  });
  it("shows 'Server error' for status 500", () => {
    expect(formatApiError(new ApiError(500, { detail: 'boom' }))).toBe(MSG.serverError);
  });
  it('shows the network text plus the reason', () => {
    expect(formatApiError(new NetworkError('Failed to fetch'))).toBe(`${MSG.networkError} Failed to fetch`);
  });
  it('shows the session text for an expired session', () => {
    expect(formatApiError(new SessionExpiredError())).toBe(MSG.sessionExpired);
  });
  it('shows the unexpected text for a body without detail and for unknown errors', () => {
    expect(formatApiError(new ApiError(400, null))).toBe(MSG.unexpectedError);
    expect(formatApiError(new Error('x'))).toBe(MSG.unexpectedError);
  });
  it('gives the bare detail to the sign-in screens', () => {
    expect(errorDetailText(new ApiError(401, { detail: MSG.incorrectCredentials }))).toBe(
      MSG.incorrectCredentials,
    );
  });
});
