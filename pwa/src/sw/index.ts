/**
 * What the app adds to the generated Workbox service worker (loaded with importScripts; built by
 * scripts/vite-sw-outbox.ts): the outboxes' Background Sync drain and the Web Push handlers.
 */
import './outbox-worker.ts';
import './push-worker.ts';
