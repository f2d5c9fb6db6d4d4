import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ReplyTo } from '../../../../schema/db/tables.ts';
import { reactionSchema, replyToSchema } from '../../../../schema/entities.ts';
import {
  fitAttachmentName,
  MESSAGE_LIMITS,
  MESSAGE_MESSAGES,
  validateMessageBody,
} from '../../../../schema/rules/messages.ts';
import { newId } from '../../lib/ids.ts';
import { requireUser } from '../../plugins/auth.ts';
import { writeLimit } from '../../plugins/write-limits.ts';
import { messagingRepository } from '../../repositories/messaging.ts';
import {
  ATTACHMENT_MESSAGES,
  CHAT_FOLDER,
  removeAttachment,
  sniffAttachment,
  storeAttachment,
} from '../../services/rest-attachments.ts';
import { fail, paramsSchema } from '../../services/rest-http.ts';
import {
  type Attachment,
  REST_MESSAGE_MESSAGES,
  readMultipart,
  type SendFields,
  statusOf,
  str,
} from './request.ts';
import { conversationSummariesSchema, toMessagesApi, toSummariesApi } from './shapes.ts';

export { REST_MESSAGE_MESSAGES };

/*
 * Authorization rule of this module (and of favourites and notifications): the caller comes from the
 * bearer token only (guest → 401), and is checked against the resource before anything about it is
 * revealed. Somebody else's conversation, message or list answers 404 with the same text as an unknown
 * id, so a stranger cannot probe which ids exist. A 403 is used only where the caller can already see
 * the resource: a participant deleting the other party's message.
 */

const short = { type: 'string', maxLength: 200 } as const;
const replyToBody = {
  type: 'object',
  properties: {
    messageId: short,
    senderId: short,
    text: { type: 'string', maxLength: MESSAGE_LIMITS.textMax * 4 },
    image: { type: 'string', maxLength: 500 },
  },
} as const;
/** POST /api/messages as JSON. conversationId, senderId and senderRole are accepted and ignored. */
const markReadBody = {
  anyOf: [{ type: 'object', properties: { upToMessageId: short } }, { type: 'null' }],
} as const;

const sendJsonBody = {
  type: 'object',
  properties: {
    conversationId: short,
    senderId: short,
    senderRole: short,
    destinatarId: short,
    announcementId: short,
    // Longer than the rule's limit on purpose: the rule answers with the spec's message.
    text: { type: 'string', maxLength: MESSAGE_LIMITS.textMax * 4 },
    replyTo: { anyOf: [replyToBody, { type: 'null' }] },
  },
} as const;
export default async function messagesRoutes(app: FastifyInstance) {
  // Repositories are plain functions over the one database handle; the app does not expose this one.
  const repo = messagingRepository(app.db);
  const isParticipant = async (userId: string, convId: string) =>
    (await app.messaging.membersOf(convId)).includes(userId);
  const notFoundConversation = (reply: FastifyReply) =>
    fail(reply, 404, MESSAGE_MESSAGES.notFound, 'not_found');
  /** The message if the caller may see it (sender or recipient, not deleted); otherwise undefined. */
  const visibleMessage = async (userId: string, id: string) => {
    const m = await repo.message(id);
    return m && !m.deleted && (m.senderId === userId || m.recipientId === userId) ? m : undefined;
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

  app.get(
    '/api/messages/conversations/:userId',
    { schema: { params: paramsSchema('userId'), response: { 200: conversationSummariesSchema } } },
    async (request, reply) => {
      const callerId = requireUser(request, reply);
      if (!callerId) return reply;
      const { userId } = request.params as { userId: string };
      if (userId !== callerId)
        return fail(reply, 404, REST_MESSAGE_MESSAGES.conversationsNotFound, 'not_found');
      return toSummariesApi(repo, await repo.liveMembersOf(callerId));
    },
  );

  app.get(
    '/api/messages/conversation/:conversationId',
    { schema: { params: paramsSchema('conversationId') } },
    async (request, reply) => {
      const callerId = requireUser(request, reply);
      if (!callerId) return reply;
      const { conversationId } = request.params as { conversationId: string };
      if (!(await isParticipant(callerId, conversationId))) return notFoundConversation(reply);
      return toMessagesApi(
        repo,
        await repo.liveMessages(conversationId),
        await repo.conversation(conversationId),
      );
    },
  );

  app.put(
    '/api/messages/conversation/:conversationId/mark-read',
    {
      config: writeLimit('chat'),
      // The spec sends no body; a client may name the newest message it has shown (upToMessageId), so a
      // read made offline does not cover messages that arrived meanwhile.
      schema: { params: paramsSchema('conversationId'), body: markReadBody },
    },
    async (request, reply) => {
      const callerId = requireUser(request, reply);
      if (!callerId) return reply;
      const { conversationId } = request.params as { conversationId: string };
      if (!(await isParticipant(callerId, conversationId))) return notFoundConversation(reply);
      const upToId = (request.body as { upToMessageId?: string } | undefined)?.upToMessageId;
      let upTo = new Date().toISOString();
      if (upToId) {
        const shown = await repo.message(upToId);
        if (!shown || shown.conversationId !== conversationId)
          return fail(reply, 404, REST_MESSAGE_MESSAGES.messageNotFound, 'not_found');
        upTo = shown.createdAt;
      }
      const error = await app.messaging.markRead(callerId, conversationId, upTo);
      if (error) return fail(reply, 404, MESSAGE_MESSAGES.notFound, 'not_found');
      return { message: REST_MESSAGE_MESSAGES.markedRead, conversationId };
    },
  );

  app.post(
    '/api/messages',
    // Multipart bodies are read (and checked) in the handler; JSON bodies by this schema.
    {
      config: writeLimit('messages'),
      schema: { body: { content: { 'application/json': { schema: sendJsonBody } } } },
    },
    async (request, reply) => {
      const callerId = requireUser(request, reply);
      if (!callerId) return reply;

      let fields: SendFields;
      let file: Buffer | null = null;
      if (request.isMultipart()) {
        const read = await readMultipart(request);
        if ('error' in read) return fail(reply, read.status, read.error, read.code);
        fields = read.fields;
        file = read.file;
      } else {
        const body = (request.body ?? {}) as Record<string, unknown>;
        fields = {
          announcementId: str(body.announcementId),
          destinatarId: str(body.destinatarId),
          text: str(body.text),
          replyTo: body.replyTo,
          fileName: '',
        };
      }

      // Who may write to whom comes first (the conversation is the server's), then the content rules;
      // all of them before a file is written, so a refused message leaves nothing behind.
      const route = await app.messaging.route(callerId, fields.announcementId, fields.destinatarId);
      if ('error' in route) return fail(reply, statusOf(route.error), route.error);
      let attachment: Attachment | null = null;
      if (file) {
        const kind = sniffAttachment(file);
        if (!kind) return fail(reply, 400, ATTACHMENT_MESSAGES.unsupported, 'unsupported_file');
        attachment = { buf: file, kind };
      }
      const bodyError = validateMessageBody(fields.text, attachment ? 'attachment' : '');
      if (bodyError) return fail(reply, 400, bodyError, 'validation');
      const replyTo = normalizeReply(fields.replyTo);
      if (replyTo === 'invalid') return fail(reply, 400, REST_MESSAGE_MESSAGES.invalid, 'validation');

      let image = '';
      if (attachment) {
        try {
          image = await storeAttachment(attachment.buf, attachment.kind, app.storage, CHAT_FOLDER);
        } catch (err) {
          // Magic bytes of an image but no decodable image (or above the pixel limit).
          request.log.warn({ err }, 'chat attachment refused');
          return fail(reply, 400, ATTACHMENT_MESSAGES.unsupported, 'unsupported_file');
        }
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
      if ('error' in sent) {
        // The announcement went away while the file was being stored.
        if (image) await removeAttachment(app.storage, image).catch(() => {});
        return fail(reply, statusOf(sent.error), sent.error);
      }
      const conversation = await repo.conversation(sent.conversationId);
      return reply.code(201).send((await toMessagesApi(repo, [sent], conversation))[0]);
    },
  );

  /*
   * An attachment uploaded on its own, for a message written offline: the device keeps the file, sends
   * it here when the connection is back, then the message (with this path) goes through replication.
   * Same checks as a message's attachment: caller, size, kind by content, images re-encoded.
   */
  app.post('/api/messages/attachments', { config: writeLimit('uploads') }, async (request, reply) => {
    const callerId = requireUser(request, reply);
    if (!callerId) return reply;
    // A body that is not a form carries no file: the same answer as a form without one.
    if (!request.isMultipart()) return fail(reply, 400, MESSAGE_MESSAGES.empty, 'validation');
    const read = await readMultipart(request);
    if ('error' in read) return fail(reply, read.status, read.error, read.code);
    if (!read.file) return fail(reply, 400, MESSAGE_MESSAGES.empty, 'validation');
    const kind = sniffAttachment(read.file);
    if (!kind) return fail(reply, 400, ATTACHMENT_MESSAGES.unsupported, 'unsupported_file');
    try {
      const image = await storeAttachment(read.file, kind, app.storage, CHAT_FOLDER);
      // Recorded with its uploader: a message pushed over sync may name only its sender's own files.
      await app.messaging.recordUpload(callerId, image);
      return reply.code(201).send({ image });
    } catch (err) {
      request.log.warn({ err }, 'chat attachment refused');
      return fail(reply, 400, ATTACHMENT_MESSAGES.unsupported, 'unsupported_file');
    }
  });

  app.post(
    '/api/messages/:id/react',
    {
      config: writeLimit('chat'),
      schema: {
        params: paramsSchema('id'),
        body: { type: 'object', properties: { emoji: { type: 'string', maxLength: 64 } } },
      },
    },
    async (request, reply) => {
      const callerId = requireUser(request, reply);
      if (!callerId) return reply;
      const { id } = request.params as { id: string };
      const msg = await visibleMessage(callerId, id);
      if (!msg) return fail(reply, 404, REST_MESSAGE_MESSAGES.messageNotFound, 'not_found');
      const emoji = str((request.body as { emoji?: unknown } | undefined)?.emoji);
      if (!reactionSchema.shape.emoji.safeParse(emoji).success) {
        return fail(reply, 400, REST_MESSAGE_MESSAGES.invalidReaction, 'validation');
      }
      // The same emoji again takes the caller's reaction back; another one replaces it.
      const had = msg.reactions.find((r) => r.userId === callerId)?.emoji ?? null;
      const error = await app.messaging.react(callerId, msg, had === emoji ? null : emoji);
      if (error) return fail(reply, 404, REST_MESSAGE_MESSAGES.messageNotFound, 'not_found');
      return { reactions: (await repo.message(id))?.reactions ?? [] };
    },
  );

  const deleteOne = { config: writeLimit('chat'), schema: { params: paramsSchema('id') } };
  app.delete('/api/messages/:id', deleteOne, async (request, reply) => {
    const callerId = requireUser(request, reply);
    if (!callerId) return reply;
    const { id } = request.params as { id: string };
    const msg = await visibleMessage(callerId, id);
    if (!msg) return fail(reply, 404, REST_MESSAGE_MESSAGES.messageNotFound, 'not_found');
    // The recipient already sees this message: telling them it is not theirs to delete reveals nothing.
    if (msg.senderId !== callerId) return fail(reply, 403, MESSAGE_MESSAGES.onlySenderDeletes, 'forbidden');
    await app.messaging.remove(callerId, msg);
    return { message: REST_MESSAGE_MESSAGES.deleted };
  });
}
