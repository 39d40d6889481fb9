import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The rules a page must pass: axe-core's WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type A11yViolation = { rule: string; impact: string; help: string; elements: string[] };

/**
 * axe-core's WCAG 2.1 A/AA rules on what the page shows now. Legacy mode runs
 * axe in the page's own frame(s) without opening a blank page in the context
 * for the report, which keeps each run short and out of the page's events.
 */
export async function auditPage(page: Page): Promise<A11yViolation[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    elements: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`.slice(0, 300)),
  }));
}

/** Fails the test on any violation of the rules above. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect(await auditPage(page)).toEqual([]);
}

/** One line per violation, for a test's failure message. */
export function describeViolations(where: string, violations: A11yViolation[]): string[] {
  return violations.map((v) => `accessibility (${where}): ${v.rule} [${v.impact}] ${v.help}\n    ${v.elements.join('\n    ')}`);
}
