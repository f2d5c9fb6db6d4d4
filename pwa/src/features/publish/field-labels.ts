import type { DraftField } from '../../../../schema/fields.ts';

/** What each field of the announcement form is called: its label on the form and in the draft's conflicts. */
export const FIELD_LABELS: Record<DraftField, string> = {
  title: 'Titlu',
  category: 'Categorie',
  description: 'Descriere',
  location: 'Județ',
  localitate: 'Localitate',
  contactPerson: 'Persoana de contact',
  contactEmail: 'Email',
  contactPhone: 'Telefon',
  price: 'Preț',
};
