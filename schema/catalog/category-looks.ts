/**
 * The icon (under pwa/public/categories/) and tile colour of each of the 14 categories, for the publish
 * form's category picker. Light colours, so dark text stays readable in both themes.
 */
export type CategoryLook = { image: string; color: string };

const look = (file: string, color: string): CategoryLook => ({ image: `/categories/${file}.svg`, color });

export const CATEGORY_LOOKS: Readonly<Record<string, CategoryLook>> = {
  Fotografie: look('fotografie', '#fde2e4'),
  'Prăjituri, Băcănie, Gătit': look('prajituri', '#ffe8cc'),
  'Traduceri & Redactare': look('traduceri', '#e7f5ff'),
  'Finanțe & Contabilitate': look('finante', '#ebfbee'),
  'Video & Animație': look('video', '#f3d9fa'),
  Business: look('business', '#e9ecef'),
  'Meditații & Cursuri': look('meditatii', '#ffe3e3'),
  'Grafică & Design': look('arta', '#fff3bf'),
  'Curățenie, Întreținere casă': look('curatenie', '#d0ebff'),
  'Reparații, Instalații, Bricolaj': look('reparatii', '#d3f9d8'),
  'Muzică, Teatru, Dans': look('muzica', '#e5dbff'),
  'Auto, Moto, Biciclete': look('auto', '#dee2e6'),
  'Imobiliare, Construcții, Amenajări': look('imobiliare', '#fff4e6'),
  'Transport, Logistică, Curierat': look('transport', '#e6fcf5'),
};
