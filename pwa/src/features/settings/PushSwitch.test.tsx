// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, OFFLINE_MESSAGE } from '../../api/client.ts';
import { PUSH_TEXTS, pushFailureText } from '../../db/push-device.ts';
import { PushSwitch } from './PushSwitch.tsx';

const device = vi.hoisted(() => ({ turnPushOn: vi.fn() }));
vi.mock('../../db/push-device.ts', async (original) => ({
  ...(await original<typeof import('../../db/push-device.ts')>()),
  pushState: async () => 'off',
  turnPushOn: device.turnPushOn,
}));

afterEach(cleanup);

describe('Setări → Notificări pe acest dispozitiv when subscribing fails (issue 45, item 10)', () => {
  it('says in Romanian what to do, never the browser’s English', async () => {
    // What Chromium's pushManager.subscribe() throws when its push service refuses the site.
    device.turnPushOn.mockRejectedValue(
      new DOMException('Registration failed - permission denied', 'NotAllowedError'),
    );
    render(<PushSwitch />);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Notificări pe acest dispozitiv/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(PUSH_TEXTS.refused);
    expect(alert.textContent).toContain('permise pentru Hobbiz');
    expect(document.body.textContent).not.toMatch(/Registration failed|permission denied/);
  });

  it('names each cause: the browser’s refusal, its push service, no connection, the server’s words', () => {
    const abort = new DOMException('Registration failed - push service not available', 'AbortError');
    expect(pushFailureText(abort)).toBe(PUSH_TEXTS.failed);
    expect(pushFailureText(new DOMException('x', 'NotAllowedError'))).toBe(PUSH_TEXTS.refused);
    expect(pushFailureText(new NetworkError('Failed to fetch'))).toBe(OFFLINE_MESSAGE);
    expect(pushFailureText(new ApiError('Trebuie să fii autentificat.', 401))).toBe(
      'Trebuie să fii autentificat.',
    );
  });
});
