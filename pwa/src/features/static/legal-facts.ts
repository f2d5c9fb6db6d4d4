/** Dates and figures the legal pages promise (spec doc 2 §9), written once. */
export const LEGAL = {
  privacyUpdated: '19 iulie 2025',
  termsUpdated: '5 septembrie 2025',
  cookiesUpdated: 'septembrie 2025',
  dataRequestDays: 30,
  incidentNoticeHours: 72,
  minimumAge: 18,
  supportReplyHours: '24–48',
  contactEmail: 'contact@hobbiz.ro',
  privacyEmail: 'confidentialitate@hobbiz.ro',
} as const;

/** Required attribution of the locality list (schema/data/README.md). */
export const SIRUTA_ATTRIBUTION =
  'Conține informații publice în baza Licenței pentru Guvernare Deschisă v1.0 (OGL-ROU-1.0): Registrul SIRUTA, Institutul Național de Statistică. Coordonate: date de la GeoNames (www.geonames.org), sub licența CC BY 4.0.';
