import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec: '/add-announcement (also /adauga-anunt)' — one page; the Romanian path leads to it. */
export const Route = createFileRoute('/adauga-anunt')({
  beforeLoad: () => {
    throw redirect({ to: '/add-announcement', replace: true });
  },
});
