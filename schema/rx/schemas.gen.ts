// Written by `npm run rx:generate` (scripts/rx-schemas.ts) from schema/rx/derived.ts: do not edit.
// The RxDB schemas derived from the zod entities, as plain objects: opening the database needs no zod.
import type { RxJsonSchema } from 'rxdb';
import type {
  AnnouncementDoc,
  ConversationDoc,
  DraftDoc,
  FavoriteDoc,
  MessageDoc,
  NotificationDoc,
  ProfileDoc,
  ReviewDoc,
} from '../entities.ts';

export const announcementRxSchema: RxJsonSchema<AnnouncementDoc> = {
  title: 'announcements',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 24,
    },
    ownerId: {
      type: 'string',
      maxLength: 24,
    },
    title: {
      type: 'string',
    },
    category: {
      type: 'string',
    },
    description: {
      type: 'string',
    },
    location: {
      type: 'string',
    },
    localitate: {
      type: 'string',
    },
    contactPerson: {
      type: 'string',
    },
    contactEmail: {
      type: 'string',
    },
    contactPhone: {
      type: 'string',
    },
    images: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    price: {
      type: ['integer', 'null'],
    },
    favoritesCount: {
      type: 'integer',
      minimum: 0,
      maximum: 1000000000,
      multipleOf: 1,
    },
    views: {
      type: 'integer',
      minimum: 0,
    },
    createdAt: {
      type: 'string',
      maxLength: 32,
    },
    updatedAt: {
      type: 'string',
      maxLength: 32,
    },
    active: {
      type: 'boolean',
    },
  },
  required: [
    'id',
    'ownerId',
    'title',
    'category',
    'description',
    'location',
    'localitate',
    'contactPerson',
    'contactEmail',
    'contactPhone',
    'images',
    'price',
    'favoritesCount',
    'views',
    'createdAt',
    'updatedAt',
    'active',
  ],
  indexes: [['active', 'favoritesCount', 'createdAt'], 'createdAt'],
};

export const draftRxSchema: RxJsonSchema<DraftDoc> = {
  title: 'drafts',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 8,
    },
    title: {
      type: 'string',
    },
    category: {
      type: 'string',
    },
    description: {
      type: 'string',
    },
    location: {
      type: 'string',
    },
    localitate: {
      type: 'string',
    },
    contactPerson: {
      type: 'string',
    },
    contactEmail: {
      type: 'string',
    },
    contactPhone: {
      type: 'string',
    },
    price: {
      type: 'string',
    },
    updatedAt: {
      type: 'string',
    },
  },
  required: [
    'id',
    'title',
    'category',
    'description',
    'location',
    'localitate',
    'contactPerson',
    'contactEmail',
    'contactPhone',
    'price',
    'updatedAt',
  ],
};

export const favoriteRxSchema: RxJsonSchema<FavoriteDoc> = {
  title: 'favorites',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 24,
    },
    createdAt: {
      type: 'string',
      maxLength: 32,
    },
  },
  required: ['id', 'createdAt'],
  indexes: ['createdAt'],
};

export const conversationRxSchema: RxJsonSchema<ConversationDoc> = {
  title: 'conversations',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 80,
    },
    otherUserId: {
      type: 'string',
      maxLength: 24,
    },
    announcementId: {
      type: 'string',
      maxLength: 24,
    },
    lastMessageText: {
      type: 'string',
    },
    lastMessageAt: {
      type: 'string',
      maxLength: 32,
    },
    lastSenderId: {
      type: 'string',
    },
    unreadCount: {
      type: 'integer',
      minimum: 0,
    },
    lastReadAt: {
      type: 'string',
    },
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
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 24,
    },
    conversationId: {
      type: 'string',
      maxLength: 80,
    },
    announcementId: {
      type: 'string',
      maxLength: 24,
    },
    senderId: {
      type: 'string',
    },
    recipientId: {
      type: 'string',
    },
    text: {
      type: 'string',
    },
    image: {
      type: 'string',
    },
    fileName: {
      type: 'string',
    },
    replyTo: {
      type: ['object', 'null'],
      properties: {
        messageId: {
          type: 'string',
        },
        senderId: {
          type: 'string',
        },
        text: {
          type: 'string',
        },
        image: {
          type: 'string',
        },
      },
    },
    reactions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          emoji: {
            type: 'string',
          },
          userId: {
            type: 'string',
          },
        },
        required: ['emoji', 'userId'],
      },
    },
    isRead: {
      type: 'boolean',
    },
    createdAt: {
      type: 'string',
      maxLength: 32,
    },
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
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 24,
    },
    senderId: {
      type: 'string',
    },
    conversationId: {
      type: 'string',
    },
    link: {
      type: 'string',
    },
    message: {
      type: 'string',
    },
    read: {
      type: 'boolean',
    },
    createdAt: {
      type: 'string',
      maxLength: 32,
    },
  },
  required: ['id', 'senderId', 'conversationId', 'link', 'message', 'read', 'createdAt'],
  indexes: ['createdAt'],
};

export const profileRxSchema: RxJsonSchema<ProfileDoc> = {
  title: 'profiles',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 24,
    },
    firstName: {
      type: 'string',
    },
    lastName: {
      type: 'string',
    },
    avatar: {
      type: 'string',
    },
    localitate: {
      type: 'string',
    },
    createdAt: {
      type: 'string',
    },
    lastSeen: {
      type: 'string',
    },
  },
  required: ['id', 'firstName', 'lastName', 'avatar', 'localitate', 'createdAt', 'lastSeen'],
};

export const reviewRxSchema: RxJsonSchema<ReviewDoc> = {
  title: 'reviews',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: {
      type: 'string',
      maxLength: 24,
    },
    authorId: {
      type: 'string',
      maxLength: 24,
    },
    userId: {
      type: 'string',
      maxLength: 24,
    },
    announcementId: {
      type: 'string',
    },
    score: {
      type: 'number',
      minimum: 0,
      maximum: 5,
    },
    comment: {
      type: 'string',
    },
    likes: {
      type: 'array',
      items: {
        type: 'string',
      },
    },
    createdAt: {
      type: 'string',
      maxLength: 32,
    },
    updatedAt: {
      type: 'string',
    },
  },
  required: [
    'id',
    'authorId',
    'userId',
    'announcementId',
    'score',
    'comment',
    'likes',
    'createdAt',
    'updatedAt',
  ],
  indexes: ['userId', 'createdAt'],
};
