/** Entries of the account menus (desktop dropdown, tablet footer dropdown), in the spec's order. */
export const ACCOUNT_LINKS = [
  { to: '/setari-cont', label: 'Setări' },
  { to: '/anunturile-mele', label: 'Anunțurile mele' },
  { to: '/profil', label: 'Profil' },
  { to: '/plati', label: 'Plăți' },
] as const;
