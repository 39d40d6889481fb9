import { useEffect } from 'react';
import { apiRequest } from '../../lib/api';

/*
 * First-party page views in place of a third-party analytics script (decision
 * 0011): the pathname of each page shown, and the referrer on the first one.
 * No cookie, no identifier on the client; the server derives a daily-rotating
 * visitor hash and honours DNT and GPC itself. The client also stays silent
 * when the browser says so, so nothing leaves the page at all.
 */

let lastReportedPath: string | null = null;
let referrerSent = false;

/** Reports `pathname` once each time it changes; null reports nothing. Call it from the root layout. */
export function usePageViewReporting(pathname: string | null): void {
  useEffect(() => {
    // StrictMode runs effects twice, and a re-render of the same page is not a new view.
    if (pathname === null) {
      lastReportedPath = null;
      return;
    }
    if (pathname === lastReportedPath) return;
    lastReportedPath = pathname;
    if (trackingDeclined()) return;
    const referrer = referrerSent ? undefined : document.referrer || undefined;
    referrerSent = true;
    // Best effort: a failed count must never disturb the page.
    apiRequest('POST', '/api/page-views', referrer === undefined ? { path: pathname } : { path: pathname, referrer }).catch(
      () => undefined,
    );
  }, [pathname]);
}

function trackingDeclined(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}
