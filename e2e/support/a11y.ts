import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * A small accessibility audit run in the page, in the manner of axe-core's
 * rules but without the package: the document has a title, a description and
 * a language; every form control has a label; images have alt text; buttons
 * and links have names; headings start at one h1 and never skip a level; and
 * the text contrast computed from getComputedStyle meets WCAG AA (4.5:1, or
 * 3:1 for large text: 24px, or 18.66px bold).
 */
export type A11yViolation = { rule: string; element: string; detail?: string };

export type A11yReport = {
  title: string;
  lang: string;
  description: string;
  checked: { controls: number; buttons: number; links: number; images: number; headings: number; texts: number };
  /** The lowest contrast among the texts checked, with where it is. */
  lowestContrast: { ratio: number; element: string } | null;
  /** Texts whose background could not be computed (a gradient or image behind them). */
  unmeasured: number;
  violations: A11yViolation[];
};

/** Fails the test on any violation of the audit below. */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  expect((await auditPage(page)).violations).toEqual([]);
}

export async function auditPage(page: Page): Promise<A11yReport> {
  // A string, not a function: the test runner's transpiler may add helpers that do not exist in the page.
  return (await page.evaluate(AUDIT_SCRIPT)) as A11yReport;
}

const AUDIT_SCRIPT = String.raw`(() => {
  const violations = [];
  const describe = (el) => {
    const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    const id = el.id ? '#' + el.id : '';
    return el.tagName.toLowerCase() + id + (text ? ' "' + text + '"' : '');
  };
  const hiddenFromAT = (el) => el.closest('[aria-hidden="true"], [hidden], [inert]') !== null;
  const rendered = (el) => {
    const style = getComputedStyle(el);
    return style.display !== 'none' && style.visibility !== 'hidden' && el.getClientRects().length > 0;
  };
  const srOnly = (el) => {
    const rect = el.getBoundingClientRect();
    return rect.width <= 1 && rect.height <= 1;
  };
  const textOf = (ids) => ids.split(/\s+/).map((id) => document.getElementById(id)?.textContent || '').join(' ').trim();
  const nameOf = (el) => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy && textOf(labelledBy)) return textOf(labelledBy);
    const label = (el.getAttribute('aria-label') || '').trim();
    if (label) return label;
    if (el.labels && el.labels.length > 0) return [...el.labels].map((l) => l.textContent || '').join(' ').trim();
    return '';
  };
  const contentName = (el) => {
    const own = nameOf(el);
    if (own) return own;
    const text = (el.textContent || '').trim();
    if (text) return text;
    const img = el.querySelector('img[alt]:not([alt=""])');
    if (img) return img.getAttribute('alt');
    return (el.getAttribute('title') || '').trim();
  };

  const title = document.title.trim();
  const lang = document.documentElement.getAttribute('lang') || '';
  const description = document.querySelector('meta[name="description"]')?.getAttribute('content') || '';
  if (!title) violations.push({ rule: 'document-title', element: 'title' });
  if (!lang) violations.push({ rule: 'html-lang', element: 'html' });
  if (!description) violations.push({ rule: 'meta-description', element: 'meta' });

  const controls = [...document.querySelectorAll('input:not([type="hidden"]), select, textarea')].filter((el) => !hiddenFromAT(el));
  for (const el of controls) if (!nameOf(el)) violations.push({ rule: 'label', element: describe(el) });

  const buttons = [...document.querySelectorAll('button, [role="button"], summary')].filter((el) => !hiddenFromAT(el) && rendered(el));
  for (const el of buttons) if (!contentName(el)) violations.push({ rule: 'button-name', element: el.outerHTML.slice(0, 80) });

  const links = [...document.querySelectorAll('a[href]')].filter((el) => !hiddenFromAT(el) && rendered(el));
  for (const el of links) if (!contentName(el)) violations.push({ rule: 'link-name', element: el.outerHTML.slice(0, 80) });

  const images = [...document.querySelectorAll('img, svg, [role="img"]')].filter((el) => !hiddenFromAT(el) && rendered(el));
  for (const el of images) {
    if (el.tagName.toLowerCase() === 'img') {
      if (!el.hasAttribute('alt')) violations.push({ rule: 'image-alt', element: el.outerHTML.slice(0, 80) });
    } else if (el.closest('svg') === el && !nameOf(el) && !el.querySelector('title')) {
      violations.push({ rule: 'svg-img-alt', element: el.outerHTML.slice(0, 80) });
    }
  }

  const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter((el) => !hiddenFromAT(el) && rendered(el));
  const levels = headings.map((el) => Number(el.getAttribute('aria-level') || el.tagName.slice(1)));
  if (levels.filter((level) => level === 1).length !== 1) violations.push({ rule: 'page-has-one-h1', element: 'h1', detail: String(levels.filter((l) => l === 1).length) });
  if (levels.length > 0 && levels[0] !== 1) violations.push({ rule: 'heading-order', element: describe(headings[0]), detail: 'first heading is h' + levels[0] });
  levels.forEach((level, i) => {
    if (i > 0 && level > levels[i - 1] + 1) violations.push({ rule: 'heading-order', element: describe(headings[i]), detail: 'h' + levels[i - 1] + ' then h' + level });
  });

  // Colours through a canvas: Chromium reports Tailwind's oklch() and color-mix() values as they are written.
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const rgba = (color) => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return { r, g, b, a: a / 255 };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = ({ r, g, b }) => {
    const channel = (v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  // The background behind an element: its own and its ancestors' colours, blended down to the white page.
  const backgroundOf = (el) => {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage && style.backgroundImage !== 'none') return null;
      const color = rgba(style.backgroundColor);
      if (color.a > 0) layers.push(color);
      if (color.a >= 1) break;
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), { r: 255, g: 255, b: 255, a: 1 });
  };
  // WCAG 1.4.3 exempts logotypes: the BidHome wordmark.
  const isLogo = (el) => el.closest('a')?.textContent?.trim() === 'BidHome' && el.closest('a').querySelector('svg') !== null;

  let texts = 0;
  let unmeasured = 0;
  let lowest = null;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent.trim()) continue;
    seen.add(el);
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'OPTION', 'TITLE'].includes(el.tagName)) continue;
    if (hiddenFromAT(el) || !rendered(el) || srOnly(el) || el.closest(':disabled') || isLogo(el)) continue;
    const style = getComputedStyle(el);
    if (Number(style.opacity) === 0) continue;
    const background = backgroundOf(el);
    if (background === null) {
      unmeasured += 1;
      continue;
    }
    texts += 1;
    const ratio = contrast(over(rgba(style.color), background), background);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needed = large ? 3 : 4.5;
    const rounded = Math.round(ratio * 100) / 100;
    if (lowest === null || rounded < lowest.ratio) lowest = { ratio: rounded, element: describe(el) };
    if (ratio < needed) {
      violations.push({ rule: 'color-contrast', element: describe(el), detail: rounded + ':1, needs ' + needed + ':1 (' + style.color + ' on rgb(' + [background.r, background.g, background.b].map(Math.round).join(', ') + '), ' + size + 'px ' + style.fontWeight + ')' });
    }
  }

  return {
    title,
    lang,
    description,
    checked: { controls: controls.length, buttons: buttons.length, links: links.length, images: images.length, headings: headings.length, texts },
    lowestContrast: lowest,
    unmeasured,
    violations,
  };
})()`;
