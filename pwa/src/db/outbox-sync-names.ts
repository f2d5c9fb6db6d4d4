/** The Background Sync tag of the device outboxes and the worker's message asking a page to drain. */
export const OUTBOX_SYNC_TAG = 'hobbiz-outbox';
export const DRAIN_MESSAGE = 'hobbiz-drain';
