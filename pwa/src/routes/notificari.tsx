import { createFileRoute } from '@tanstack/react-router';

/** /notificari: a lazy chunk (notificari.lazy.tsx), signed-in only. */
export const Route = createFileRoute('/notificari')({});
