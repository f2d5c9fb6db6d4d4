import type { Page } from 'playwright-core';

/** What the browser tests look for on screen, by the labels a person sees. */

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The favourite button of an announcement's card, in its current state. */
export const heart = (page: Page, title: string, on: boolean) =>
  page.getByRole('button', { name: `${on ? 'Elimină din favorite' : 'Adaugă la favorite'}: ${title}` });

/** The chat composer (popup or /chat). */
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Scrie un mesaj' });

/**
 * A chat message by its own text (never a reply quoting it): by the start of the text, or the whole
 * text with `exact`.
 */
export const message = (page: Page, text: string, opts: { exact?: boolean } = {}) =>
  page.locator('.msg').filter({
    has: page.locator('.msg-text', {
      hasText: new RegExp(`^${escapeRe(text)}${opts.exact ? '$' : ''}`),
    }),
  });
