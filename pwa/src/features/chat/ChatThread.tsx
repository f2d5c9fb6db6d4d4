import { useCallback, useEffect, useState } from 'react';
import './chat.css';
import type { MessageDoc } from '../../../../schema/entities.ts';
import { BLOCK_MESSAGES } from '../../../../schema/rules/report-texts.ts';
import { NetworkError } from '../../api/client.ts';
import { queueAttachment, useQueuedAttachments } from '../../db/chat-file-outbox.ts';
import { markConversationRead, sendMessage, setViewingConversation } from '../../db/messages.ts';
import { isRelationRefusal, refreshRelation, useRelation } from '../../db/relations.ts';
import { currentSyncClient } from '../../db/sync-status.ts';
import { offerPushAfterMoment } from '../shell/push-offer.ts';
import { BlockButton } from '../trust/BlockButton.tsx';
import '../trust/trust.css';
import { sendAttachmentMessage } from './attachments.ts';
import { Composer, type Outgoing } from './Composer.tsx';
import { MessageList } from './MessageList.tsx';
import { useAnnouncementsById, useConversation, useMessages } from './use-chat-data.ts';
import { useOtherTyping, useTypingSender } from './use-typing.ts';

export type ThreadTarget = {
  conversationId: string;
  announcementId: string;
  /** The other participant (the seller when a buyer writes from the popup). */
  otherUserId: string;
};

type Props = ThreadTarget & {
  meId: string;
  otherName: string;
  nameOf: (userId: string) => string;
  emptyText: string;
};

/**
 * One conversation: its messages (live from the local database), the typing line and the composer.
 * Shared by /chat and the popup. While it is on screen the conversation is marked read and the server
 * is told we are looking at it (so it sends no notification for it).
 */
export function ChatThread({
  conversationId,
  announcementId,
  otherUserId,
  meId,
  otherName,
  nameOf,
  emptyText,
}: Props) {
  const messages = useMessages(conversationId);
  const queued = useQueuedAttachments(conversationId, meId);
  const conversation = useConversation(conversationId);
  // Who sells: the scam warning treats an IBAN from the buying side as suspicious (schema/rules/scam.ts).
  const sellerId = useAnnouncementsById([announcementId]).get(announcementId)?.ownerId;
  const otherTyping = useOtherTyping(conversationId);
  const typing = useTypingSender(conversationId);
  const [replyTo, setReplyTo] = useState<MessageDoc | null>(null);
  const relation = useRelation(otherUserId);

  useEffect(() => {
    setViewingConversation(conversationId);
    setReplyTo(null);
    return () => setViewingConversation(null);
  }, [conversationId]);

  const unread = conversation?.unreadCount ?? 0;
  const shownUpTo = newestReceived(messages, meId);
  // Read means seen: a conversation open in a hidden tab is marked read when the tab comes back, and only
  // up to the newest message on screen (one that has not reached this device is not read).
  useEffect(() => {
    if (unread === 0 || !shownUpTo) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void markConversationRead(conversationId, shownUpTo);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [unread, conversationId, shownUpTo]);

  const send = useCallback(
    async ({ text, file }: Outgoing) => {
      const quote = replyTo
        ? {
            messageId: replyTo.id,
            senderId: replyTo.senderId || meId,
            text: replyTo.text,
            image: replyTo.image,
          }
        : null;
      if (file) {
        // A file must reach the server before its message can exist: offline it waits on the device.
        const offline = () =>
          queueAttachment({
            userId: meId,
            conversationId,
            announcementId,
            recipientId: otherUserId,
            text,
            replyTo: quote,
            file,
          });
        if (currentSyncClient()?.status$.value !== 'online') await offline();
        else
          await sendAttachmentMessage({
            announcementId,
            recipientId: otherUserId,
            text,
            file,
            replyTo: quote,
          }).catch((err: unknown) => {
            if (err instanceof NetworkError) return offline();
            if (err instanceof Error && isRelationRefusal(err.message)) void refreshRelation(otherUserId);
            throw err;
          });
      } else {
        await sendMessage({ announcementId, recipientId: otherUserId, conversationId, text, replyTo: quote });
      }
      setReplyTo(null);
      // A meaningful moment to offer notifications for the answer (once per device).
      void offerPushAfterMoment();
    },
    [announcementId, otherUserId, conversationId, replyTo, meId],
  );

  return (
    <>
      <MessageList
        messages={messages}
        meId={meId}
        nameOf={nameOf}
        otherTyping={otherTyping ? otherName : null}
        emptyText={emptyText}
        onReply={setReplyTo}
        queued={queued}
        sellerId={sellerId}
      />
      {relation.deleted ? (
        <p className="chat-closed" role="status">
          {BLOCK_MESSAGES.deletedAccount}
        </p>
      ) : relation.blockedByMe ? (
        <div className="chat-closed" role="status">
          <span>Ai blocat această persoană. Nu îți poate scrie și nu îi poți scrie.</span>
          <BlockButton userId={otherUserId} name={otherName} />
        </div>
      ) : relation.blockedMe ? (
        <p className="chat-closed" role="status">
          {BLOCK_MESSAGES.blockedByOther}
        </p>
      ) : (
        <Composer
          onSend={send}
          onKeystroke={typing.keystroke}
          onStopTyping={typing.stop}
          replyTo={
            replyTo
              ? {
                  message: replyTo,
                  author: nameOf(replyTo.senderId || meId),
                  own: !replyTo.senderId || replyTo.senderId === meId,
                }
              : null
          }
          onCancelReply={() => setReplyTo(null)}
        />
      )}
    </>
  );
}

/** The server time of the newest message to `meId` among those shown ('' when there is none). */
function newestReceived(messages: readonly MessageDoc[] | undefined, meId: string): string {
  let newest = '';
  for (const m of messages ?? []) if (m.recipientId === meId && m.createdAt > newest) newest = m.createdAt;
  return newest;
}
