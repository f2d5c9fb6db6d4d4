/**
 * The announcement page's dialogs, loaded when opened: few visitors open them, and a guest only after
 * signing in (writing to the seller, rating) — a guest's first visit does not download them. Once someone
 * signs in they are kept for offline use with the other signed-in pages (offline/signed-in-pages.ts).
 */
export const loadChatPopup = () => import('../chat/ChatPopup.tsx');
export const loadReportDialog = () => import('../trust/ReportDialog.tsx');
export const loadRatingDialog = () => import('./RatingDialog.tsx');
