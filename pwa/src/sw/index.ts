/**
 * What the app adds to the generated Workbox service worker (loaded with importScripts; built by
 * scripts/vite-sw-outbox.ts): the app's HTML for every navigation, the outboxes' Background Sync drain and
 * the Web Push handlers.
 */
import './shell-worker.ts';
import './outbox-worker.ts';
import './push-worker.ts';
