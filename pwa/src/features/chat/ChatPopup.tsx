/**
 * Contract between the announcement detail page and the chat feature: the detail page renders
 * <ChatPopup announcementId sellerId onClose /> when the buyer taps 'Trimite mesaj'.
 * (Temporary shell: the chat feature replaces the body.)
 */
export type ChatPopupProps = { announcementId: string; sellerId: string; onClose: () => void };

export function ChatPopup(_props: ChatPopupProps) {
  return null;
}
