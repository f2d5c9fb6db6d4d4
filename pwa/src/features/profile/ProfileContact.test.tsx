// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProfileContact } from './ProfileContact.tsx';

/** Issue 45 item 21: the public profile's phone and e-mail, from a live announcement's contact only. */
const ann = (contactPhone: string, contactEmail: string, active = true) => ({
  contactPhone,
  contactEmail,
  active,
});
const show = (list: ReturnType<typeof ann>[]) =>
  render(
    <dl>
      <ProfileContact announcements={list} />
    </dl>,
  );
afterEach(cleanup);

describe('ProfileContact', () => {
  it('shows the newest live announcement’s contact, the phone masked until ‘Arată’', () => {
    show([ann('', '', false), ann('0722222222', 'ion@hobbiz.test'), ann('0733333333', 'vechi@hobbiz.test')]);
    expect(screen.getByText('Telefon')).toBeTruthy();
    expect(screen.queryByText('0722222222')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Arată' }));
    expect(screen.getByRole('link', { name: '0722222222' }).getAttribute('href')).toBe('tel:0722222222');
    expect(screen.getByRole('link', { name: 'ion@hobbiz.test' })).toBeTruthy();
    expect(screen.queryByText(/0733333333|vechi@/)).toBeNull();
  });

  it('shows nothing without a live announcement, not an inactive one’s contact', () => {
    show([ann('0733333333', 'ascuns@hobbiz.test', false)]);
    expect(screen.queryByText('Telefon')).toBeNull();
    expect(screen.queryByText('Email')).toBeNull();
  });
});
