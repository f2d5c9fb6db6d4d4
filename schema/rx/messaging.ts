import type { RxJsonSchema } from 'rxdb';
import type { ConversationDoc, MessageDoc, NotificationDoc } from '../entities.ts';
import { COLLECTION_VERSIONS } from '../sync.ts';

const id = { type: 'string', maxLength: 24 } as const;
const text = { type: 'string' } as const;
const time = { type: 'string', maxLength: 32 } as const;

export const conversationRxSchema: RxJsonSchema<ConversationDoc> = {
  title: 'conversations',
  version: COLLECTION_VERSIONS.conversations,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 80 },
    otherUserId: id,
    announcementId: id,
    lastMessageText: text,
    lastMessageAt: time,
    lastSenderId: text,
    unreadCount: { type: 'integer', minimum: 0 },
    lastReadAt: text,
  },
  required: [
    'id',
    'otherUserId',
    'announcementId',
    'lastMessageText',
    'lastMessageAt',
    'lastSenderId',
    'unreadCount',
    'lastReadAt',
  ],
  indexes: ['lastMessageAt'],
};

export const messageRxSchema: RxJsonSchema<MessageDoc> = {
  title: 'messages',
  version: COLLECTION_VERSIONS.messages,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    conversationId: { type: 'string', maxLength: 80 },
    announcementId: id,
    senderId: text,
    recipientId: text,
    text,
    image: text,
    fileName: text,
    replyTo: {
      type: ['object', 'null'],
      properties: { messageId: text, senderId: text, text, image: text },
    },
    reactions: {
      type: 'array',
      items: { type: 'object', properties: { emoji: text, userId: text }, required: ['emoji', 'userId'] },
    },
    isRead: { type: 'boolean' },
    createdAt: time,
  },
  required: [
    'id',
    'conversationId',
    'announcementId',
    'senderId',
    'recipientId',
    'text',
    'image',
    'fileName',
    'replyTo',
    'reactions',
    'isRead',
    'createdAt',
  ],
  indexes: [['conversationId', 'createdAt']],
};

export const notificationRxSchema: RxJsonSchema<NotificationDoc> = {
  title: 'notifications',
  version: COLLECTION_VERSIONS.notifications,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id,
    senderId: text,
    conversationId: text,
    link: text,
    message: text,
    read: { type: 'boolean' },
    createdAt: time,
  },
  required: ['id', 'senderId', 'conversationId', 'link', 'message', 'read', 'createdAt'],
  indexes: ['createdAt'],
};
