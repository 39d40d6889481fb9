import { describe, expect, it } from 'vitest';
import { MAX_REDIRECT_LENGTH, sameSitePath } from './redirect';

describe('sameSitePath', () => {
  it.each([
    '/',
    '/home',
    '/store?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2',
    '/listing/6f1c0a52-3c4e-4c8e-9d7b-0b2b1f3a9e11',
    '/store#packages',
    '/search?q=100%25',
    '/a/b?next=//not-a-host-here',
    `/${'a'.repeat(MAX_REDIRECT_LENGTH - 1)}`,
  ])('keeps the path on this site %j', (value) => {
    expect(sameSitePath(value)).toBe(value);
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['another site, plain http', 'http://evil.example'],
    ['a scheme in capitals', 'HTTPS://evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: behind spaces', ' javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash further on', '/.\\/evil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a NUL', '/\u0000/evil.example'],
    ['DEL', '/\u007f/evil.example'],
    ['a C1 control', '/\u0085/evil.example'],
    ['a leading space', ' /home'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['an encoded second slash', '/%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['double-encoded slashes', '/%252F%252Fevil.example'],
    ['encoded over and over', `/${encodeURIComponent(encodeURIComponent(encodeURIComponent(encodeURIComponent('/evil'))))}`],
    ['a dot segment back to the root', '/..//evil.example'],
    ['a dot segment', '/.//evil.example'],
    ['an encoded dot segment', '/%2e%2e//evil.example'],
    ['a relative path', 'home'],
    ['a query only', '?redirect=/home'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(MAX_REDIRECT_LENGTH)}`],
    ['a number', 42],
    ['null', null],
    ['undefined', undefined],
    ['a list', ['/home']],
  ])('refuses %s', (_what, value) => {
    expect(sameSitePath(value)).toBeUndefined();
  });
});
