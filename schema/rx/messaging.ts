import { conversationDoc, messageDoc, notificationDoc } from '../entities.ts';
import { rxSchemaOf } from './from-zod.ts';

const time = { maxLength: 32 };
const conversationKey = { maxLength: 80 };

export const conversationRxSchema = rxSchemaOf(conversationDoc, {
  title: 'conversations',
  fields: { id: conversationKey, lastMessageAt: time, unreadCount: { minimum: 0 } },
  indexes: ['lastMessageAt'],
});

export const messageRxSchema = rxSchemaOf(messageDoc, {
  title: 'messages',
  fields: {
    conversationId: conversationKey,
    createdAt: time,
    // Installed devices hold replyTo without a `required` list: kept so the schema hash stays the same.
    replyTo: ({ required: _required, ...rest }) => rest,
  },
  indexes: [['conversationId', 'createdAt']],
});

export const notificationRxSchema = rxSchemaOf(notificationDoc, {
  title: 'notifications',
  fields: { createdAt: time },
  indexes: ['createdAt'],
});
