import { describe, expect, it } from 'vitest';
import { HELD_LIMITS, SYNC_LIMITS, SYNC_PROTOCOL_VERSION } from './sync.ts';
import { CLIENT_MESSAGES, isClientMessageType, readEnvelope } from './sync-messages.ts';

const doc = { id: '65f0a1b2c3d4e5f6a7b8c9d0', title: 'x', _deleted: false };

describe('the socket’s client messages', () => {
  it('reads the envelope of anything that is a JSON object with a string type', () => {
    expect(readEnvelope('{"type":"pull","id":"r1"}')).toMatchObject({ type: 'pull', id: 'r1' });
    expect(readEnvelope('{"type":"viewing","id":5}')).toEqual({
      data: { type: 'viewing', id: 5 },
      type: 'viewing',
    });
    for (const bad of ['not json', '[]', 'null', '"hello"', '{"type":3}', '{}'])
      expect(readEnvelope(bad)).toBeNull();
    expect(isClientMessageType('push')).toBe(true);
    expect(isClientMessageType('toString')).toBe(false);
  });

  it('accepts what the PWA sends', () => {
    const hello = {
      type: 'hello',
      token: null,
      protocol: SYNC_PROTOCOL_VERSION,
      collections: { messages: 1 },
    };
    expect(CLIENT_MESSAGES.hello.parse(hello)).toEqual(hello);
    const pull = { type: 'pull', id: 'r', collection: 'drafts', checkpoint: { seq: 3 }, batchSize: 100 };
    expect(CLIENT_MESSAGES.pull.parse(pull)).toEqual(pull);
    const push = { type: 'push', id: 'r', collection: 'favorites', rows: [{ newDocumentState: doc }] };
    expect(CLIENT_MESSAGES.push.parse(push).rows[0]?.newDocumentState).toEqual(doc);
    const hold = { type: 'hold', id: 'r', keys: { announcements: [[doc.id, 4]] }, replace: true };
    expect(CLIENT_MESSAGES.hold.parse(hold)).toEqual(hold);
  });

  it('refuses a request whose fields are not the protocol’s', () => {
    const push = (rows: unknown) =>
      CLIENT_MESSAGES.push.safeParse({ type: 'push', id: 'r', collection: 'x', rows });
    expect(push('rows').success).toBe(false);
    expect(push([{ newDocumentState: { title: 'no id' } }]).success).toBe(false);
    expect(push([{ newDocumentState: null }]).success).toBe(false);
    expect(
      push(Array.from({ length: SYNC_LIMITS.maxPushRows + 1 }, () => ({ newDocumentState: doc }))).success,
    ).toBe(false);
    const hold = (keys: unknown) => CLIENT_MESSAGES.hold.safeParse({ type: 'hold', id: 'r', keys });
    expect(hold({ announcements: [['x', -1]] }).success).toBe(false);
    expect(hold({ announcements: [['x'.repeat(65), 0]] }).success).toBe(false);
    expect(hold({ profiles: 'all' }).success).toBe(false);
    const many = Array.from({ length: HELD_LIMITS.maxKeysPerMessage + 1 }, (_, i) => [`k${i}`, 0]);
    expect(hold({ announcements: many }).success).toBe(false);
    expect(
      CLIENT_MESSAGES.pull.safeParse({ type: 'pull', id: 'r', collection: 'x', checkpoint: 'z' }).success,
    ).toBe(false);
    expect(
      CLIENT_MESSAGES.hello.safeParse({ type: 'hello', token: 7, protocol: 2, collections: {} }).success,
    ).toBe(false);
  });

  it('tolerates what the server always tolerated in messages it does not answer', () => {
    expect(
      CLIENT_MESSAGES.release.parse({ type: 'release', keys: { profiles: ['a', 3, 'b'] } }).keys,
    ).toEqual({
      profiles: ['a', 'b'],
    });
    expect(CLIENT_MESSAGES.release.parse({ type: 'release', keys: 'x' }).keys).toEqual({});
    expect(CLIENT_MESSAGES.viewing.parse({ type: 'viewing', conversationId: 4 }).conversationId).toBeNull();
    expect(
      CLIENT_MESSAGES.typing.parse({ type: 'typing', conversationId: 'c', isTyping: 'yes' }).isTyping,
    ).toBe(false);
    expect(CLIENT_MESSAGES.query.parse({ type: 'query', id: 'r', params: 'x' }).params).toEqual({});
    const row = { newDocumentState: { id: 'a' } };
    const push = CLIENT_MESSAGES.push.parse({ type: 'push', id: 'r', collection: 'x', rows: [row] });
    expect(push.rows[0]?.newDocumentState._deleted).toBe(false);
  });
});
