import { useEffect, useState } from 'react';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSettings,
  notificationSettings,
} from '../../../../schema/rules/notification-settings.ts';
import { api, NetworkError, OFFLINE_MESSAGE } from '../../api/client.ts';
import { Loading } from '../../ui/Loading.tsx';
import { PushSwitch } from './PushSwitch.tsx';
import { StatusLine, useSave } from './StatusLine.tsx';

const OPTIONS: { key: keyof NotificationSettings; label: string; hint: string }[] = [
  { key: 'messages', label: 'Mesaje noi', hint: 'Când cineva îți scrie în chat.' },
  { key: 'reviews', label: 'Recenzii noi', hint: 'Când cineva îți lasă o recenzie.' },
  {
    key: 'favorites',
    label: 'Anunțuri adăugate la favorite',
    hint: 'Când cineva îți salvează un anunț (doar ca notificare pe telefon).',
  },
];

const LOAD_FAILED = 'Nu am putut încărca setările notificărilor.';

/** 'Setează notificările': one switch per notification type, saved the moment it is flipped. */
export function NotificationSettingsForm() {
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const { status, setStatus, busy, save } = useSave();

  useEffect(() => {
    let alive = true;
    api<unknown>('/api/users/notification-settings')
      .then((raw) => alive && setSettings(notificationSettings.parse(raw)))
      .catch((err) => {
        if (alive)
          setStatus({ kind: 'error', text: err instanceof NetworkError ? OFFLINE_MESSAGE : LOAD_FAILED });
      });
    return () => {
      alive = false;
    };
  }, [setStatus]);

  const flip = async (key: keyof NotificationSettings) => {
    if (!settings) return;
    const previous = settings;
    const next = { ...settings, [key]: !settings[key] };
    setSettings(next);
    const ok = await save(async () => {
      const saved = await api<unknown>('/api/users/notification-settings', {
        method: 'PUT',
        json: next,
        fallbackError: NOTIFICATION_SETTINGS_MESSAGES.invalid,
      });
      setSettings(notificationSettings.parse(saved));
      return NOTIFICATION_SETTINGS_MESSAGES.saved;
    });
    if (!ok) setSettings(previous);
  };

  return (
    <section className="settings-form" aria-labelledby="notif-title">
      <h2 id="notif-title">Setează notificările</h2>
      <PushSwitch />
      {!settings && !status && <Loading />}
      {settings && (
        <ul className="switch-list">
          {OPTIONS.map((o) => (
            <li key={o.key}>
              <label className="switch-row">
                <span>
                  <span className="switch-label">{o.label}</span>
                  <span className="muted switch-hint">{o.hint}</span>
                </span>
                <input
                  type="checkbox"
                  checked={settings[o.key]}
                  disabled={busy}
                  onChange={() => void flip(o.key)}
                />
              </label>
            </li>
          ))}
        </ul>
      )}
      <StatusLine status={status} />
    </section>
  );
}
