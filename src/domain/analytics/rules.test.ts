import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then';
import { dayOf, pageViewDecider, pageViewStreamId } from './page-views';
import { normalizePath, pageViewSchema, referrerHost } from '../../contract/analytics/analytics';

describe('page view rules', () => {
  it('keeps only the pathname, at most 200 characters', () => {
    expect(normalizePath('/listing/42?token=secret#photos')).toBe('/listing/42');
    expect(normalizePath('/about')).toBe('/about');
    expect(normalizePath(`/${'a'.repeat(300)}`)).toHaveLength(200);
  });

  it('refuses anything that is not a path on this site', () => {
    for (const value of ['about', 'https://evil.example/x', '//evil.example/x', '']) expect(normalizePath(value)).toBeNull();
  });

  it('keeps only the referrer host, never its path or query', () => {
    expect(referrerHost('https://www.Google.com/search?q=jane+doe')).toBe('www.google.com');
    expect(referrerHost('http://localhost:3000/about')).toBe('localhost:3000');
    expect(referrerHost('javascript:alert(1)')).toBeNull();
    expect(referrerHost('not a url')).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
  });

  it('validates the request body with messages', () => {
    expect(pageViewSchema.parse({ path: '/store?x=1', referrer: 'https://news.example/a?b=c' })).toEqual({ path: '/store', referrer: 'news.example' });
    expect(pageViewSchema.parse({ path: '/' })).toEqual({ path: '/', referrer: null });
    expect(pageViewSchema.parse({ path: '/', referrer: 42 })).toEqual({ path: '/', referrer: null });
    expect(pageViewSchema.safeParse({}).error?.issues[0]?.message).toBe('Path is required');
    expect(pageViewSchema.safeParse({ path: 'https://evil.example' }).error?.issues[0]?.message).toBe('Path must be a path such as /about');
  });
});

describe('RecordPageView', () => {
  it('records the view as given', () => {
    const at = '2026-11-22T10:00:00.000Z';
    given(pageViewDecider)
      .when({ type: 'RecordPageView', path: '/about', referrerHost: 'news.example', visitorHash: 'h1', at })
      .then([{ type: 'PageViewed', data: { path: '/about', referrerHost: 'news.example', visitorHash: 'h1', at } }]);
  });

  it('names one stream per UTC day and visitor', () => {
    expect(dayOf('2026-11-22T23:59:59.999Z')).toBe('2026-11-22');
    expect(pageViewStreamId('2026-11-22', 'abc')).toBe('page-views-2026-11-22-abc');
  });
});
