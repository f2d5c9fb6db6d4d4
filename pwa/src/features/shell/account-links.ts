/** Entries of the account menus (desktop dropdown, tablet footer dropdown), in the spec's order. */
export const ACCOUNT_LINKS = [
  { to: '/setari-cont', label: 'Setări' },
  { to: '/anunturile-mele', label: 'Anunțurile mele' },
  { to: '/profil', label: 'Profil' },
  { to: '/plati', label: 'Plăți' },
] as const;

/**
 * Issue 45, item 4: the moderation console, listed after the spec's links only for a moderator (the own
 * profile's `moderator`); the console's API checks the role again at each request.
 */
export const MODERATION_LINK = { to: '/moderare', label: 'Moderare' } as const;
