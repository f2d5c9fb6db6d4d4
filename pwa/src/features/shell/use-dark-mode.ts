import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../../schema/constants.ts';

/**
 * Dark mode = class 'dark' on <html>. index.html applies the stored choice before the first paint; this
 * store only reads and flips it, and keeps other tabs in step through the storage event.
 */
const CHANGED = 'hobbiz:theme';

function subscribe(notify: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEYS.darkMode) return;
    document.documentElement.classList.toggle('dark', e.newValue === 'true');
    notify();
  };
  window.addEventListener(CHANGED, notify);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, notify);
    window.removeEventListener('storage', onStorage);
  };
}

const isDark = () => document.documentElement.classList.contains('dark');
// The build-time prerender is the light, signed-out page.
const isDarkOnServer = () => false;

export function setDarkMode(on: boolean): void {
  document.documentElement.classList.toggle('dark', on);
  try {
    localStorage.setItem(STORAGE_KEYS.darkMode, on ? 'true' : 'false');
  } catch {
    /* storage blocked: the choice lasts for this page only */
  }
  window.dispatchEvent(new Event(CHANGED));
}

export function useDarkMode(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, isDark, isDarkOnServer), setDarkMode];
}
