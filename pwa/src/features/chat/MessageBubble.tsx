import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import type { MessageDoc } from '../../../../schema/entities.ts';
import { looksLikeScam, SCAM_WARNING } from '../../../../schema/rules/scam.ts';
import { deleteMessage, toggleReaction } from '../../db/messages.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ClockIcon } from '../../ui/page-icons.tsx';
import { showToast } from '../shell/toast.ts';
import { ReportDialog } from '../trust/ReportDialog.tsx';
import { attachmentLabel, attachmentPreview } from './attachments.ts';
import { ChatAttachment } from './ChatAttachment.tsx';
import { messageTime } from './chat-format.ts';
import { copyText } from './copy-text.ts';
import { MessageActions } from './MessageActions.tsx';
import { ReactionChips } from './ReactionChips.tsx';

type Props = {
  message: MessageDoc;
  meId: string;
  /** Names for reply previews: the quoted message's author. */
  nameOf: (userId: string) => string;
  onReply: (m: MessageDoc) => void;
  /** The announcement's owner, when known: an IBAN is suspicious from the buying side only (schema/rules/scam.ts). */
  sellerId?: string;
};

/** A message the server has not confirmed yet carries no sender: it is ours, waiting to be sent. */
export const isPending = (m: MessageDoc) => m.senderId === '';
export const isOwn = (m: MessageDoc, meId: string) => m.senderId === meId || isPending(m);

export function MessageBubble({ message: m, meId, nameOf, onReply, sellerId }: Props) {
  const own = isOwn(m, meId);
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const [reporting, setReporting] = useState(false);
  const press = useRef<ReturnType<typeof setTimeout> | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // A tap elsewhere closes the bar opened by a long-press.
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), TIMINGS.toastMs);
    return () => clearTimeout(t);
  }, [copied]);

  const cancelPress = () => {
    if (press.current) clearTimeout(press.current);
    press.current = null;
  };
  const onPointerDown = (e: React.PointerEvent) => {
    if (e.pointerType !== 'touch') return;
    cancelPress();
    press.current = setTimeout(() => setOpen(true), TIMINGS.longPressMs);
  };

  const copy = async () => {
    // A file-only message copies its name: the file's path opens nothing without the person's token.
    const ok = await copyText(m.text || attachmentLabel(m));
    if (ok) setCopied(true);
    else showToast('Textul nu a putut fi copiat.', 'error');
  };
  // Deleting is for both people and cannot be undone: it is asked first.
  const [confirming, setConfirming] = useState(false);
  const remove = () => {
    setConfirming(false);
    void deleteMessage(m.id).catch(() => showToast('Mesajul nu a putut fi șters.', 'error'));
  };
  const react = (emoji: string) => {
    setOpen(false);
    void toggleReaction(m.id, meId, emoji).catch(() => showToast('Reacția nu a putut fi salvată.', 'error'));
  };

  const status = isPending(m) ? 'În așteptare' : m.isRead ? 'Citit' : 'Trimis';
  const tick = isPending(m) ? <ClockIcon /> : m.isRead ? '✓✓' : '✓';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: long-press on touch; keyboard users reach the same bar by focus
    <div
      ref={root}
      className={`msg ${own ? 'msg--own' : 'msg--other'}${open ? ' msg--open' : ''}`}
      data-message-id={m.id}
      onPointerDown={onPointerDown}
      onPointerUp={cancelPress}
      onPointerLeave={cancelPress}
      onPointerCancel={cancelPress}
      onContextMenu={(e) => {
        // A long-press opens our bar instead of the browser's menu.
        if (open) e.preventDefault();
      }}
    >
      <div className="msg-bubble">
        {m.replyTo && (
          <blockquote className="msg-quote">
            <span className="msg-quote-who">{nameOf(m.replyTo.senderId)}</span>
            <span className="msg-quote-text">
              {m.replyTo.text.trim() || (m.replyTo.image ? attachmentPreview(m.replyTo.image) : '')}
            </span>
          </blockquote>
        )}
        {m.image && <ChatAttachment message={m} />}
        {m.text && <p className="msg-text">{m.text}</p>}
        {!own && looksLikeScam(m.text, { senderIsOwner: sellerId ? m.senderId === sellerId : undefined }) && (
          <p className="msg-warning">{SCAM_WARNING}</p>
        )}
        <span className="msg-meta">
          <time dateTime={m.createdAt}>{messageTime(m.createdAt)}</time>
          {own && (
            <span className="msg-tick" role="img" aria-label={status} title={status} data-status={status}>
              {tick}
            </span>
          )}
        </span>
      </div>
      <ReactionChips reactions={m.reactions} meId={meId} onToggle={react} />
      <MessageActions
        own={own}
        onReply={() => onReply(m)}
        onReact={react}
        onCopy={copy}
        onDelete={() => {
          setOpen(false);
          setConfirming(true);
        }}
        onReport={() => {
          setOpen(false);
          setReporting(true);
        }}
      />
      {reporting && (
        <ReportDialog
          target={{ messageId: m.id }}
          title={m.text.slice(0, 80) || attachmentLabel(m)}
          onClose={() => setReporting(false)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          open
          title="Ștergi mesajul?"
          confirmLabel="Șterge"
          danger
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>Mesajul va dispărea pentru amândoi.</p>
        </ConfirmDialog>
      )}
      {copied && (
        <span className="msg-copied" role="status">
          Copiat!
        </span>
      )}
    </div>
  );
}
