import { afterEach, expect } from 'vitest';
import { pageErrors } from './harness.ts';

// A page that throws is a failed journey, even when the visible steps happened to pass.
afterEach(() => {
  const errors = pageErrors.splice(0);
  expect(errors, 'uncaught errors in the page').toEqual([]);
});
