import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiError, apiMessage, routeParams } from '../../../../schema/api/common.ts';
import {
  attachmentAnswer,
  conversationSummaryApi,
  markReadAnswer,
  markReadBody,
  messageApi,
  reactAnswer,
  reactBody,
  sendJsonBody,
} from '../../../../schema/api/messages.ts';
import type { ReplyTo } from '../../../../schema/db/tables.ts';
import { reactionSchema, replyToSchema } from '../../../../schema/entities.ts';
import { jsonSchemaOf } from '../../../../schema/json-schema.ts';
import {
  fitAttachmentName,
  MESSAGE_MESSAGES,
  validateMessageBody,
} from '../../../../schema/rules/messages.ts';
import { newId } from '../../lib/ids.ts';
import type { Api } from '../../lib/route-schema.ts';
import { callerOf, listOwner, signedIn } from '../../plugins/auth.ts';
import { clientAddress, writeLimit } from '../../plugins/write-limits.ts';
import {
  ATTACHMENT_MESSAGES,
  CHAT_FOLDER,
  removeAttachment,
  sniffAttachment,
  storeAttachment,
} from '../../services/rest-attachments.ts';
import { httpError, refuse, unwrap } from '../../services/rest-http.ts';
import type { UploadKind } from '../../services/upload-quotas.ts';
import { type Attachment, REST_MESSAGE_MESSAGES, readMultipart, sendFieldsOf, str } from './request.ts';
import { toMessagesApi, toSummariesApi } from './shapes.ts';

export { REST_MESSAGE_MESSAGES };

/*
 * Authorization rule of this module (and of favourites and notifications): the caller comes from the
 * bearer token only (guest → 401), and is checked against the resource before anything about it is
 * revealed. Somebody else's conversation, message or list answers 404 with the same text as an unknown
 * id, so a stranger cannot probe which ids exist. A 403 is used only where the caller can already see
 * the resource: a participant deleting the other party's message.
 */

const err = { '4xx': apiError };
const conversations = {
  params: routeParams('userId'),
  response: { 200: z.array(conversationSummaryApi), ...err },
};
const conversation = {
  params: routeParams('conversationId'),
  response: { 200: z.array(messageApi), ...err },
};
// The spec sends no body; a client may name the newest message it has shown (upToMessageId), so a read
// made offline does not cover messages that arrived meanwhile.
const markRead = {
  params: routeParams('conversationId'),
  body: markReadBody,
  response: { 200: markReadAnswer, ...err },
};
const sent = { response: { 201: messageApi, ...err } };
const upload = { response: { 201: attachmentAnswer, ...err } };
const react = { params: routeParams('id'), body: reactBody, response: { 200: reactAnswer, ...err } };
const deleteOne = { params: routeParams('id'), response: { 200: apiMessage, ...err } };

export default signedIn(async function messagesRoutes(app: Api) {
  const repo = app.messagingRepo;
  /** The caller and the conversation of the path; somebody else's answers exactly like an unknown one. */
  const ownConversation = async (request: FastifyRequest<{ Params: { conversationId: string } }>) => {
    const callerId = callerOf(request);
    const { conversationId } = request.params;
    if (!(await app.messaging.membersOf(conversationId)).includes(callerId))
      throw httpError(404, MESSAGE_MESSAGES.notFound, 'not_found');
    return { callerId, conversationId };
  };
  /** The stored-bytes quotas (issue 40): a body that cannot fit is refused before it is read. */
  const quotaFirst = async (request: FastifyRequest, kind: UploadKind) => {
    const who = { userId: callerOf(request), ip: clientAddress(request.ip) };
    const early = await app.uploadQuotas.precheck(who, kind, request.headers['content-length']);
    if (early) refuse(early);
    return who;
  };
  const messageNotFound = () => httpError(404, REST_MESSAGE_MESSAGES.messageNotFound, 'not_found');
  /** The message if the caller may see it (sender or recipient, not deleted); else the unknown-id 404. */
  const visibleMessage = async (callerId: string, id: string) => {
    const m = await repo.message(id);
    if (m && !m.deleted && (m.senderId === callerId || m.recipientId === callerId)) return m;
    throw messageNotFound();
  };

  /**
   * A well-formed quote, or 'invalid'. Only its messageId matters: the messaging service builds the
   * stored quote from that message when it is in the conversation, and drops it otherwise.
   */
  function normalizeReply(raw: unknown): ReplyTo | null | 'invalid' {
    if (raw === null || raw === undefined || raw === '') return null;
    if (typeof raw !== 'object') return 'invalid';
    const r = raw as Record<string, unknown>;
    const parsed = replyToSchema.safeParse({
      messageId: str(r.messageId),
      senderId: r.senderId,
      text: r.text ?? '',
      image: r.image ?? '',
    });
    return parsed.success ? parsed.data : 'invalid';
  }

  app.get('/api/messages/conversations/:userId', { schema: conversations }, async (request) => {
    const callerId = listOwner(request, REST_MESSAGE_MESSAGES.conversationsNotFound);
    return toSummariesApi(repo, await repo.liveMembersOf(callerId));
  });

  app.get('/api/messages/conversation/:conversationId', { schema: conversation }, async (request) => {
    const { callerId, conversationId } = await ownConversation(request);
    return toMessagesApi(
      repo,
      await repo.liveMessages(conversationId),
      await repo.conversation(conversationId),
      { id: callerId, files: app.chatFiles },
    );
  });

  app.put(
    '/api/messages/conversation/:conversationId/mark-read',
    { config: writeLimit('chat'), schema: markRead },
    async (request) => {
      const { callerId, conversationId } = await ownConversation(request);
      // No body at all arrives as undefined.
      const upToId = request.body?.upToMessageId;
      let upTo = new Date().toISOString();
      if (upToId) {
        const shown = await repo.message(upToId);
        if (!shown || shown.conversationId !== conversationId) throw messageNotFound();
        upTo = shown.createdAt;
      }
      unwrap(await app.messaging.markRead(callerId, conversationId, upTo));
      return { message: REST_MESSAGE_MESSAGES.markedRead, conversationId };
    },
  );

  app.post<{ Body: z.output<typeof sendJsonBody> | undefined }>(
    '/api/messages',
    // Multipart bodies are read (and checked) in the handler; JSON bodies by this schema.
    {
      config: writeLimit('messages'),
      schema: {
        ...sent,
        body: { content: { 'application/json': { schema: jsonSchemaOf(sendJsonBody, 'input') } } },
      },
    },
    async (request, reply) => {
      const callerId = callerOf(request);
      const who = request.isMultipart() ? await quotaFirst(request, 'other') : null;

      const { fields, file } = request.isMultipart()
        ? await readMultipart(request)
        : { fields: sendFieldsOf(request.body), file: null };
      // A reply that names only its conversation (a client's chat page, issue 25): the announcement and
      // the other person are the conversation's, for a member of it; anyone else gets the usual 404.
      if (!fields.announcementId && fields.conversationId) {
        const conv = await repo.conversation(fields.conversationId);
        if (conv && (conv.sellerId === callerId || conv.buyerId === callerId)) {
          fields.announcementId = conv.announcementId;
          fields.destinatarId = conv.sellerId === callerId ? conv.buyerId : conv.sellerId;
        }
      }

      // Who may write to whom comes first (the conversation is the server's), then the content rules;
      // all of them before a file is written, so a refused message leaves nothing behind.
      const route = await app.messaging.route(callerId, fields.announcementId, fields.destinatarId);
      unwrap(route);
      let attachment: Attachment | null = null;
      if (file) {
        const kind = sniffAttachment(file);
        if (!kind) throw httpError(400, ATTACHMENT_MESSAGES.unsupported, 'unsupported_file');
        attachment = { buf: file, kind };
      }
      const bodyError = validateMessageBody(fields.text, attachment ? 'attachment' : '');
      if (bodyError) throw httpError(400, bodyError, 'validation');
      const replyTo = normalizeReply(fields.replyTo);
      if (replyTo === 'invalid') throw httpError(400, REST_MESSAGE_MESSAGES.invalid, 'validation');

      let image = '';
      if (attachment && who) {
        const { buf, kind } = attachment;
        // Counted in the daily budgets; it goes out with its message at once, so it waits in no total.
        const stored = await app.uploadQuotas.withRoom(
          who,
          'other',
          buf.length,
          async () => {
            try {
              return await storeAttachment(buf, kind, app.storage, CHAT_FOLDER);
            } catch (err) {
              // Magic bytes of an image but no decodable image (or above the pixel limit).
              request.log.warn({ err }, 'chat attachment refused');
              return null;
            }
          },
          (path) => path !== null,
        );
        image = unwrap(stored) ?? '';
        if (!image) throw httpError(400, ATTACHMENT_MESSAGES.unsupported, 'unsupported_file');
      }

      // The file stored above is recorded with its message, in the same write.
      const sent = await app.messaging.send(
        callerId,
        {
          id: newId(),
          announcementId: fields.announcementId,
          recipientId: fields.destinatarId,
          text: fields.text,
          image,
          fileName: image ? fitAttachmentName(fields.fileName, image) : '',
          replyTo,
        },
        { storedFile: !!image },
      );
      if (!sent.ok) {
        // The announcement went away while the file was being stored.
        if (image) await removeAttachment(app.storage, image).catch(() => {});
        refuse(sent);
      }
      const conversation = await repo.conversation(sent.value.conversationId);
      const [answer] = await toMessagesApi(repo, [sent.value], conversation, {
        id: sent.value.senderId,
        files: app.chatFiles,
      });
      return reply.code(201).send(answer);
    },
  );

  /*
   * An attachment uploaded on its own, for a message written offline: the device keeps the file, sends
   * it here when the connection is back, then the message (with this path) goes through replication.
   * Same checks as a message's attachment: caller, size, kind by content, images re-encoded.
   */
  const uploadRoute = { config: writeLimit('uploads'), schema: upload };
  app.post('/api/messages/attachments', uploadRoute, async (request, reply) => {
    const callerId = callerOf(request);
    // A body that is not a form carries no file: the same answer as a form without one.
    if (!request.isMultipart()) throw httpError(400, MESSAGE_MESSAGES.empty, 'validation');
    const who = await quotaFirst(request, 'chat');
    const read = await readMultipart(request);
    const file = read.file;
    if (!file) throw httpError(400, MESSAGE_MESSAGES.empty, 'validation');
    const kind = sniffAttachment(file);
    if (!kind) throw httpError(400, ATTACHMENT_MESSAGES.unsupported, 'unsupported_file');
    // Waits for its message: counted in the account's files not sent yet until one names it.
    const stored = await app.uploadQuotas.withRoom(
      who,
      'chat',
      file.length,
      async () => {
        let image: string;
        try {
          image = await storeAttachment(file, kind, app.storage, CHAT_FOLDER);
        } catch (err) {
          request.log.warn({ err }, 'chat attachment refused');
          return null;
        }
        // Recorded with its uploader: a message pushed over sync may name only its sender's own files.
        try {
          await app.messaging.recordUpload(callerId, image, file.length);
        } catch (err) {
          await removeAttachment(app.storage, image).catch(() => {});
          throw err;
        }
        return image;
      },
      (image) => image !== null,
    );
    const image = unwrap(stored);
    if (!image) throw httpError(400, ATTACHMENT_MESSAGES.unsupported, 'unsupported_file');
    return reply.code(201).send({ image });
  });

  app.post('/api/messages/:id/react', { config: writeLimit('chat'), schema: react }, async (request) => {
    const callerId = callerOf(request);
    const { id } = request.params;
    const msg = await visibleMessage(callerId, id);
    // A react without a body arrives as undefined.
    const emoji = str(request.body?.emoji);
    if (!reactionSchema.shape.emoji.safeParse(emoji).success) {
      throw httpError(400, REST_MESSAGE_MESSAGES.invalidReaction, 'validation');
    }
    // The same emoji again takes the caller's reaction back; another one replaces it.
    const had = msg.reactions.find((r) => r.userId === callerId)?.emoji ?? null;
    const reacted = await app.messaging.react(callerId, msg, had === emoji ? null : emoji);
    if (!reacted.ok) {
      // A block either way (or the other's account gone) answers as a message would (issue 40, L5).
      if (reacted.code !== 'forbidden') refuse(reacted);
      // visibleMessage answered for a stranger already: the same 404 whatever else the service says.
      throw messageNotFound();
    }
    return { reactions: (await repo.message(id))?.reactions ?? [] };
  });

  const deleteRoute = { config: writeLimit('chat'), schema: deleteOne };
  app.delete('/api/messages/:id', deleteRoute, async (request) => {
    const callerId = callerOf(request);
    const msg = await visibleMessage(callerId, request.params.id);
    // The recipient already sees this message: telling them it is not theirs to delete (403) reveals nothing.
    unwrap(await app.messaging.remove(callerId, msg));
    return { message: REST_MESSAGE_MESSAGES.deleted };
  });
});
