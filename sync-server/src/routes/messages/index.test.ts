import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MESSAGES } from '../../../../schema/rules/messages.ts';
import { newId } from '../../lib/ids.ts';
import { rawGet } from '../../lib/sql.ts';
import { ATTACHMENT_MESSAGES, sniffAttachment } from '../../services/rest-attachments.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';
import { REST_MESSAGE_MESSAGES } from './request.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type User = { token: string; userId: string };
type Msg = Record<string, unknown> & { _id: string; image: string; reactions: unknown[] };
let app: App;
let seller: User;
let buyer: User;
let stranger: User;
let ann: string;
let cid: string;

beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  stranger = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
  cid = `${seller.userId}-${buyer.userId}-${ann}`;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await app.cleanup();
});

const auth = (u: User | null) => (u ? { authorization: `Bearer ${u.token}` } : {});
const unauthorized = { error: 'Trebuie să fii autentificat.', code: 'unauthorized' };
const conversationNotFound = { error: MESSAGE_MESSAGES.notFound, code: 'not_found' };
const messageNotFound = { error: 'Mesajul nu a fost găsit.', code: 'not_found' };
const messageCount = async () =>
  Number((await rawGet<{ n: number }>(app.db, sql`SELECT COUNT(*) AS n FROM messages`))?.n);

function sendJson(from: User | null, over: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: auth(from),
    payload: {
      conversationId: 'made-up-by-the-client',
      senderId: stranger.userId,
      senderRole: 'cumparator',
      destinatarId: seller.userId,
      announcementId: ann,
      text: 'Bună ziua! Mai este disponibil tortul?',
      ...over,
    },
  });
}
const get = (url: string, as: User | null) => app.inject({ method: 'GET', url, headers: auth(as) });
const markRead = (conv: string, as: User | null) =>
  app.inject({ method: 'PUT', url: `/api/messages/conversation/${conv}/mark-read`, headers: auth(as) });
const react = (id: string, emoji: unknown, as: User | null) =>
  app.inject({ method: 'POST', url: `/api/messages/${id}/react`, headers: auth(as), payload: { emoji } });
const remove = (id: string, as: User | null) =>
  app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: auth(as) });

/** A multipart body built the way a browser does (FormData), for inject(). */
async function sendMultipart(
  from: User | null,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) {
    form.append('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    form.append('imageFile', file.name);
  }
  const encoded = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { ...auth(from), 'content-type': encoded.headers.get('content-type')! },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}
const baseFields = () => ({
  conversationId: 'made-up-by-the-client',
  senderId: stranger.userId,
  senderRole: 'vanzator',
  destinatarId: seller.userId,
  announcementId: ann,
  text: '',
});
const png = () =>
  sharp({ create: { width: 10, height: 10, channels: 3, background: '#f00' } })
    .png()
    .toBuffer();

/** A minimal ZIP (stored entries) with the given entry names, as Office writes a .docx. */
function zip(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const n = Buffer.from(name);
    const data = Buffer.from('<xml/>');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    const entry = Buffer.concat([local, n, data]);
    locals.push(entry);
    centrals.push(Buffer.concat([central, n]));
    offset += entry.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

describe('POST /api/messages (JSON)', () => {
  it('identity and the conversation come from the server, not from the body', async () => {
    const res = await sendJson(buyer);
    expect(res.statusCode).toBe(201);
    const msg = res.json() as Msg;
    expect(msg).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      conversationId: cid,
      senderId: buyer.userId,
      senderRole: 'cumparator',
      destinatarId: seller.userId,
      announcementId: ann,
      text: 'Bună ziua! Mai este disponibil tortul?',
      image: '',
      imageFile: '',
      createdAt: expect.any(String),
      isRead: false,
      reactions: [],
      replyTo: null,
      senderInfo: { firstName: 'Ana', lastName: 'Pop', avatar: null },
    });
    // The recipient of a buyer's message is the announcement's owner, whatever destinatarId says.
    const misdirected = (await sendJson(buyer, { destinatarId: stranger.userId })).json() as Msg;
    expect(misdirected).toMatchObject({ conversationId: cid, destinatarId: seller.userId });
    expect((await get(`/api/messages/conversations/${stranger.userId}`, stranger)).json()).toEqual([]);
  });

  it('drops undeclared fields: a client cannot set the attachment path, the time or the read flag', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { ...auth(buyer), 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({
        announcementId: ann,
        text: 'Salut',
        image: '/uploads/announcements/altcineva.jpg',
        createdAt: '2000-01-01T00:00:00.000Z',
        isRead: true,
        reactions: [{ emoji: '👍', userId: seller.userId }],
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ image: '', isRead: false, reactions: [] });
    expect(res.json().createdAt).not.toBe('2000-01-01T00:00:00.000Z');
    const form = await sendMultipart(buyer, { ...baseFields(), text: 'x', image: '/uploads/chat/furat.jpg' });
    expect(form.json()).toMatchObject({ image: '', text: 'x' });
  });

  it('the seller answers to destinatarId in the buyer’s conversation', async () => {
    await sendJson(buyer);
    const res = await sendJson(seller, { destinatarId: buyer.userId, text: 'Da, este.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      conversationId: cid,
      senderId: seller.userId,
      senderRole: 'vanzator',
      destinatarId: buyer.userId,
    });
  });

  it('a reply naming only its conversation goes to the other member (issue 25); a stranger gets 404', async () => {
    await sendJson(buyer);
    const reply = (from: User, text: string) =>
      app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: auth(from),
        payload: { conversationId: cid, text },
      });
    const res = await reply(seller, 'Da, este disponibil.');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      conversationId: cid,
      senderId: seller.userId,
      destinatarId: buyer.userId,
    });
    const back = await reply(buyer, 'Super, vin mâine.');
    expect(back.json()).toMatchObject({ conversationId: cid, destinatarId: seller.userId });
    const intruder = await reply(stranger, 'Eu nu sunt în conversație.');
    expect(intruder.statusCode).toBe(404);
    expect(await messageCount()).toBe(3);
  });

  it('answers each validation rule with its message', async () => {
    const cases: [Record<string, unknown>, User, number, string][] = [
      [{ text: '   ' }, buyer, 400, MESSAGE_MESSAGES.empty],
      [{ text: 'x'.repeat(5001) }, buyer, 400, MESSAGE_MESSAGES.tooLong],
      [{ announcementId: newId() }, buyer, 404, MESSAGE_MESSAGES.announcementMissing],
      [{ announcementId: 'nimic' }, buyer, 404, MESSAGE_MESSAGES.announcementMissing],
      [{ destinatarId: '' }, seller, 400, MESSAGE_MESSAGES.ownAnnouncement],
      [{ destinatarId: seller.userId }, seller, 400, MESSAGE_MESSAGES.ownAnnouncement],
      // The seller cannot open a conversation nobody started.
      [{ destinatarId: stranger.userId }, seller, 404, MESSAGE_MESSAGES.notFound],
      [{ replyTo: { text: 'fără autor' } }, buyer, 400, 'Mesaj invalid.'],
      // Wrong types are stopped by the route schema, with the generic validation answer.
      [{ replyTo: { senderId: 'x', text: [] } }, buyer, 400, 'Datele trimise nu sunt valide.'],
    ];
    for (const [over, from, status, error] of cases) {
      const res = await sendJson(from, over);
      expect({ over, status: res.statusCode, error: res.json().error }).toEqual({ over, status, error });
    }
    expect(MESSAGE_MESSAGES.empty).toBe('Scrie un mesaj sau atașează o imagine.');
    expect(await messageCount()).toBe(0);
  });

  it('builds a reply quote from the quoted message of the conversation, never from what was sent', async () => {
    const first = (await sendJson(buyer)).json() as Msg;
    const res = await sendJson(seller, {
      destinatarId: buyer.userId,
      text: 'Da.',
      replyTo: { messageId: first._id, senderId: seller.userId, text: 'falsificat', image: '' },
    });
    expect(res.json().replyTo).toEqual({
      messageId: first._id,
      senderId: buyer.userId,
      text: 'Bună ziua! Mai este disponibil tortul?',
      image: '',
    });
    // A quote of no message, of an unknown one, or of another conversation's message is dropped.
    const plain = await sendJson(buyer, { replyTo: { senderId: seller.userId, text: 'Da.', image: '' } });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().replyTo).toBeNull();
    const unknown = { messageId: newId(), senderId: seller.userId, text: 'Am spus că e gratis.', image: '' };
    expect((await sendJson(buyer, { replyTo: unknown })).json().replyTo).toBeNull();
    const elsewhere = (await sendJson(stranger)).json() as Msg;
    const foreign = { messageId: elsewhere._id, senderId: stranger.userId, text: 'x', image: '' };
    expect((await sendJson(buyer, { replyTo: foreign })).json().replyTo).toBeNull();
    const made = await rawGet<{ n: number }>(
      app.db,
      sql`SELECT COUNT(*) AS n FROM messages WHERE reply_to LIKE '%gratis%' OR reply_to LIKE '%Da.%'`,
    );
    expect(Number(made?.n)).toBe(0);
  });

  it('a guest is refused', async () => {
    const res = await sendJson(null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorized);
  });

  it('tells both parties (newMessage) and notifies the recipient', async () => {
    const emit = vi.spyOn(app.hub, 'emit');
    const msg = (await sendJson(buyer)).json() as Msg;
    expect(emit).toHaveBeenCalledWith(
      'newMessage',
      expect.objectContaining({ id: msg._id, conversationId: cid }),
      [buyer.userId, seller.userId],
    );
    expect((await get(`/api/notifications/${seller.userId}`, seller)).json()).toHaveLength(1);
  });
});

describe('POST /api/messages (multipart attachments)', () => {
  // A REST answer gives the reader a signed link (chat-files.test.ts): the stored file is its path.
  const uploaded = (link: string) => join(app.config.dataDir, link.split('?')[0]!.replace(/^\//, ''));
  const SIGNED = '\\?s=\\d+\\.[0-9a-f]{24}\\.[\\w-]{43}';

  it('a form that breaks off mid-file is a 400 with the Romanian error, not a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: '--x\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\n\r\n\xff\xd8',
      headers: { 'content-type': 'multipart/form-data; boundary=x', ...auth(buyer) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: REST_MESSAGE_MESSAGES.invalid, code: 'validation' });
  });

  it('accepts a PNG named .jpg (content decides), re-encodes it without EXIF and serves it', async () => {
    const res = await sendMultipart(buyer, baseFields(), {
      name: 'poza.jpg',
      type: 'image/jpeg',
      data: await png(),
    });
    expect(res.statusCode).toBe(201);
    const msg = res.json() as Msg;
    expect(msg.image).toMatch(new RegExp(`^/uploads/chat/[0-9a-f]{32}\\.jpg${SIGNED}$`));
    expect(msg).toMatchObject({
      conversationId: cid,
      senderId: buyer.userId,
      senderRole: 'cumparator',
      text: '',
    });
    expect(existsSync(uploaded(msg.image))).toBe(true);
    const served = await app.inject({ method: 'GET', url: msg.image });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // The conversation list shows 'Imagine' for a message without text.
    const [summary] = (await get(`/api/messages/conversations/${seller.userId}`, seller)).json() as Msg[];
    expect(summary!.lastMessageText).toBe('Imagine');
  });

  it('strips EXIF from a JPEG', async () => {
    const withExif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-gps-owner' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const res = await sendMultipart(
      buyer,
      { ...baseFields(), text: 'Poza' },
      {
        name: 'a.jpeg',
        type: 'image/jpeg',
        data: withExif,
      },
    );
    expect(res.statusCode).toBe(201);
    const stored = await sharp(uploaded((res.json() as Msg).image)).metadata();
    expect(stored.exif).toBeUndefined();
  });

  it('stores a PDF, a .doc, a .docx and a text file as they are, under their detected type', async () => {
    const files: [string, Buffer, string][] = [
      ['contract.pdf', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'pdf'],
      [
        'vechi.doc',
        Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
        'doc',
      ],
      ['nou.docx', zip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']), 'docx'],
      ['note.txt', Buffer.from('Salut! Ăsta e un fișier text în română.\n'), 'txt'],
    ];
    for (const [name, data, ext] of files) {
      const res = await sendMultipart(buyer, baseFields(), { name, type: 'application/octet-stream', data });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 201 });
      const msg = res.json() as Msg;
      expect(msg.image).toMatch(new RegExp(`^/uploads/chat/[0-9a-f]{32}\\.${ext}${SIGNED}$`));
      expect(msg.imageFile).toBe(name);
      expect(readFileSync(uploaded(msg.image)).equals(data)).toBe(true);
    }
  });

  it('refuses an .exe renamed .pdf, a zip that is not Word, binary "text" and undecodable images', async () => {
    const exe = Buffer.concat([
      Buffer.from('MZ'),
      Buffer.alloc(200),
      Buffer.from('This program cannot be run in DOS mode'),
    ]);
    const bad: [string, Buffer][] = [
      ['factura.pdf', exe],
      ['arhiva.docx', zip(['[Content_Types].xml', 'xl/workbook.xml'])],
      ['date.txt', Buffer.from([0x48, 0x69, 0x00, 0x21])],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
      [
        'rupt.png',
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]),
      ],
    ];
    for (const [name, data] of bad) {
      const res = await sendMultipart(
        buyer,
        { ...baseFields(), text: 'Uite' },
        { name, type: 'application/pdf', data },
      );
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({
        name,
        status: 400,
        body: { error: ATTACHMENT_MESSAGES.unsupported, code: 'unsupported_file' },
      });
    }
    expect(ATTACHMENT_MESSAGES.unsupported).toBe(
      'Tipul de fișier nu este suportat. Poți încărca imagini, PDF-uri sau documente Word.',
    );
    expect(await messageCount()).toBe(0);
    const dir = join(app.config.dataDir, 'uploads', 'chat');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it('refuses a file above 10 MB', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const res = await sendMultipart(buyer, baseFields(), {
      name: 'mare.pdf',
      type: 'application/pdf',
      data: big,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'Fișierul este prea mare. Mărimea maximă permisă este 10MB.',
      code: 'file_too_large',
    });
    expect(await messageCount()).toBe(0);
  });

  it('applies the same rules as JSON: text or a file, guest refused, route from the server', async () => {
    const empty = await sendMultipart(buyer, baseFields());
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(MESSAGE_MESSAGES.empty);
    const text = await sendMultipart(buyer, { ...baseFields(), text: 'Doar text' });
    expect(text.statusCode).toBe(201);
    expect(text.json()).toMatchObject({ conversationId: cid, senderId: buyer.userId, text: 'Doar text' });
    const guest = await sendMultipart(
      null,
      { ...baseFields(), text: 'x' },
      { name: 'p.png', type: 'image/png', data: await png() },
    );
    expect(guest.statusCode).toBe(401);
    const own = await sendMultipart(seller, { ...baseFields(), destinatarId: '', text: 'x' });
    expect(own.json().error).toBe(MESSAGE_MESSAGES.ownAnnouncement);
  });

  it('sniffs only by content', () => {
    expect(sniffAttachment(Buffer.from('GIF89a....'))).toBe('gif');
    expect(
      sniffAttachment(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])),
    ).toBe('webp');
    expect(
      sniffAttachment(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt ')])),
    ).toBe(null);
    expect(sniffAttachment(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBe(null);
    expect(sniffAttachment(Buffer.alloc(0))).toBe(null);
  });
});

describe('reading conversations', () => {
  it('lists the caller’s conversations newest first with the other user and the announcement', async () => {
    const other = await insertAnnouncement(app, stranger.userId, {
      title: 'Lecții de chitară pentru începători',
      images: ['/uploads/a/x.jpg'],
    });
    await sendJson(buyer);
    await sendJson(buyer, { announcementId: other, text: 'Mai aveți locuri?' });
    const res = await get(`/api/messages/conversations/${buyer.userId}`, buyer);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Msg[];
    expect(list.map((c) => c.announcementId)).toEqual([other, ann]);
    expect(list[0]).toEqual({
      _id: `${stranger.userId}-${buyer.userId}-${other}`,
      conversationId: `${stranger.userId}-${buyer.userId}-${other}`,
      otherUser: { _id: stranger.userId, firstName: 'Ana', lastName: 'Pop', avatar: null },
      // The spec's web client reads these (issue 12 item 19): public fields only, no email or phone.
      otherParticipant: {
        id: stranger.userId,
        firstName: 'Ana',
        lastName: 'Pop',
        avatar: null,
        lastSeen: (await app.usersRepo.byId(stranger.userId))!.lastSeen,
      },
      announcementId: other,
      announcementOwnerId: stranger.userId,
      announcementTitle: 'Lecții de chitară pentru începători',
      announcementImage: '/uploads/a/x.jpg',
      lastMessage: { text: 'Mai aveți locuri?', senderId: buyer.userId, createdAt: list[0]!.lastMessageAt },
      lastMessageText: 'Mai aveți locuri?',
      lastMessageAt: expect.any(String),
      lastSenderId: buyer.userId,
      unread: false,
      unreadCount: 0,
    });
    const [sellers] = (await get(`/api/messages/conversations/${seller.userId}`, seller)).json() as Msg[];
    expect(sellers).toMatchObject({
      _id: cid,
      unread: true,
      unreadCount: 1,
      otherUser: { _id: buyer.userId },
      otherParticipant: { id: buyer.userId },
      // The seller's own announcement: the owner is the caller.
      announcementOwnerId: seller.userId,
      lastMessage: { senderId: buyer.userId },
    });
  });

  it('the conversation list is the owner’s only', async () => {
    await sendJson(buyer);
    expect((await get(`/api/messages/conversations/${buyer.userId}`, null)).statusCode).toBe(401);
    const other = await get(`/api/messages/conversations/${buyer.userId}`, stranger);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'Conversațiile nu au fost găsite.', code: 'not_found' });
  });

  it('gives the participants the messages oldest first; a stranger gets 404 like an unknown id', async () => {
    const a = (await sendJson(buyer)).json() as Msg;
    const b = (await sendJson(seller, { destinatarId: buyer.userId, text: 'Da.' })).json() as Msg;
    for (const who of [buyer, seller]) {
      const res = await get(`/api/messages/conversation/${cid}`, who);
      expect(res.statusCode).toBe(200);
      const msgs = res.json() as Msg[];
      expect(msgs.map((m) => m._id)).toEqual([a._id, b._id]);
      expect(msgs[1]).toEqual(b);
    }
    expect((await get(`/api/messages/conversation/${cid}`, null)).statusCode).toBe(401);
    const strangers = await get(`/api/messages/conversation/${cid}`, stranger);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual(conversationNotFound);
    expect((await get(`/api/messages/conversation/nu-exista`, buyer)).json()).toEqual(conversationNotFound);
    // Nor can the stranger read the recipient's notifications about it.
    expect((await get(`/api/notifications/${seller.userId}`, stranger)).statusCode).toBe(404);
  });
});

describe('PUT /api/messages/conversation/:id/mark-read', () => {
  it('marks the caller’s incoming messages read and tells the sender (messagesRead)', async () => {
    await sendJson(buyer);
    expect((await markRead(cid, null)).statusCode).toBe(401);
    const strangers = await markRead(cid, stranger);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual(conversationNotFound);

    const emit = vi.spyOn(app.hub, 'emit');
    const res = await markRead(cid, seller);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Conversația a fost marcată ca citită.', conversationId: cid });
    expect(emit).toHaveBeenCalledWith(
      'messagesRead',
      { conversationId: cid, readerId: seller.userId, upTo: expect.any(String) },
      [buyer.userId],
    );
    const [msg] = (await get(`/api/messages/conversation/${cid}`, buyer)).json() as Msg[];
    expect(msg!.isRead).toBe(true);
    const [summary] = (await get(`/api/messages/conversations/${seller.userId}`, seller)).json() as Msg[];
    expect(summary).toMatchObject({ unread: false, unreadCount: 0 });
    // The buyer's own messages are not "read" by the buyer opening the chat.
    expect((await markRead(cid, buyer)).statusCode).toBe(200);
  });
});

describe('PUT /api/messages/conversation/:id/mark-read with upToMessageId', () => {
  const markReadUpTo = (upToMessageId: string, as: User) =>
    app.inject({
      method: 'PUT',
      url: `/api/messages/conversation/${cid}/mark-read`,
      headers: auth(as),
      payload: { upToMessageId },
    });

  it('marks read only up to the newest message the device had shown; later ones stay unread', async () => {
    const first = (await sendJson(buyer, { text: 'Primul mesaj, citit offline.' })).json() as Msg;
    const second = (await sendJson(buyer, { text: 'Al doilea, sosit între timp.' })).json() as Msg;
    const emit = vi.spyOn(app.hub, 'emit');
    expect((await markReadUpTo(first._id, seller)).statusCode).toBe(200);
    const msgs = (await get(`/api/messages/conversation/${cid}`, buyer)).json() as Msg[];
    expect(msgs.map((m) => [m._id, m.isRead])).toEqual([
      [first._id, true],
      [second._id, false],
    ]);
    const [summary] = (await get(`/api/messages/conversations/${seller.userId}`, seller)).json() as Msg[];
    expect(summary).toMatchObject({ unread: true, unreadCount: 1 });
    // The notification about the second message stays: the seller has not seen it.
    const notes = (await get(`/api/notifications/${seller.userId}`, seller)).json() as { message: string }[];
    expect(notes.map((n) => n.message)).toEqual(['Al doilea, sosit între timp.']);
    expect(emit).toHaveBeenCalledWith(
      'messagesRead',
      { conversationId: cid, readerId: seller.userId, upTo: expect.any(String) },
      [buyer.userId],
    );
    // A later read up to the second covers it; an older bound never takes a read back.
    expect((await markReadUpTo(second._id, seller)).statusCode).toBe(200);
    expect((await markReadUpTo(first._id, seller)).statusCode).toBe(200);
    const after = (await get(`/api/messages/conversation/${cid}`, buyer)).json() as Msg[];
    expect(after.every((m) => m.isRead)).toBe(true);
    const [again] = (await get(`/api/messages/conversations/${seller.userId}`, seller)).json() as Msg[];
    expect(again).toMatchObject({ unread: false, unreadCount: 0 });
  });

  it('a message that is not in this conversation is refused; no body keeps marking everything', async () => {
    const first = (await sendJson(buyer)).json() as Msg;
    await sendJson(buyer, { text: 'Încă unul.' });
    const other = await insertAnnouncement(app, stranger.userId);
    const elsewhere = (
      await sendJson(buyer, { announcementId: other, destinatarId: stranger.userId })
    ).json() as Msg;
    const refused = await markReadUpTo(elsewhere._id, seller);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(messageNotFound);
    expect((await markReadUpTo(newId(), seller)).json()).toEqual(messageNotFound);
    expect(((await get(`/api/messages/conversation/${cid}`, buyer)).json() as Msg[])[0]!._id).toBe(first._id);
    expect((await markRead(cid, seller)).statusCode).toBe(200);
    const msgs = (await get(`/api/messages/conversation/${cid}`, buyer)).json() as Msg[];
    expect(msgs.map((m) => m.isRead)).toEqual([true, true]);
  });
});

describe('POST /api/messages/:id/react', () => {
  it('toggles the caller’s reaction; another emoji replaces it; each user has their own', async () => {
    const msg = (await sendJson(buyer)).json() as Msg;
    const first = await react(msg._id, '👍', seller);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ reactions: [{ emoji: '👍', userId: seller.userId }] });
    expect((await react(msg._id, '❤️', seller)).json()).toEqual({
      reactions: [{ emoji: '❤️', userId: seller.userId }],
    });
    expect((await react(msg._id, '😂', buyer)).json()).toEqual({
      reactions: [
        { emoji: '❤️', userId: seller.userId },
        { emoji: '😂', userId: buyer.userId },
      ],
    });
    expect((await react(msg._id, '❤️', seller)).json()).toEqual({
      reactions: [{ emoji: '😂', userId: buyer.userId }],
    });
  });

  it('participants only; the emoji must be given', async () => {
    const msg = (await sendJson(buyer)).json() as Msg;
    expect((await react(msg._id, '👍', null)).json()).toEqual(unauthorized);
    const strangers = await react(msg._id, '👍', stranger);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual(messageNotFound);
    expect((await react(newId(), '👍', buyer)).json()).toEqual(messageNotFound);
    for (const emoji of ['', 'x'.repeat(17)]) {
      const res = await react(msg._id, emoji, seller);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Alege o reacție validă.', code: 'validation' });
    }
    const [stored] = (await get(`/api/messages/conversation/${cid}`, buyer)).json() as Msg[];
    expect(stored!.reactions).toEqual([]);
  });
});

describe('DELETE /api/messages/:id', () => {
  it('only the sender deletes; the recipient is told why, a stranger gets 404', async () => {
    const msg = (await sendJson(buyer)).json() as Msg;
    expect((await remove(msg._id, null)).statusCode).toBe(401);
    const strangers = await remove(msg._id, stranger);
    expect(strangers.statusCode).toBe(404);
    expect(strangers.json()).toEqual(messageNotFound);
    const recipients = await remove(msg._id, seller);
    expect(recipients.statusCode).toBe(403);
    expect(recipients.json()).toEqual({ error: 'Poți șterge doar mesajele tale.', code: 'forbidden' });
    expect((await get(`/api/messages/conversation/${cid}`, seller)).json()).toHaveLength(1);

    const ok = await remove(msg._id, buyer);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Mesaj șters.' });
    expect((await remove(msg._id, buyer)).statusCode).toBe(404);
  });

  it('deleted messages are omitted; the last one going empties the conversation (conversationEmpty)', async () => {
    const a = (await sendJson(buyer)).json() as Msg;
    const b = (await sendJson(buyer, { text: 'A doua' })).json() as Msg;
    const emit = vi.spyOn(app.hub, 'emit');
    await remove(a._id, buyer);
    expect(emit).not.toHaveBeenCalledWith('conversationEmpty', expect.anything(), expect.anything());
    const left = (await get(`/api/messages/conversation/${cid}`, seller)).json() as Msg[];
    expect(left.map((m) => m._id)).toEqual([b._id]);
    const [summary] = (await get(`/api/messages/conversations/${seller.userId}`, seller)).json() as Msg[];
    expect(summary!.lastMessageText).toBe('A doua');

    await remove(b._id, buyer);
    expect(emit).toHaveBeenCalledWith('conversationEmpty', { conversationId: cid }, [
      buyer.userId,
      seller.userId,
    ]);
    expect((await get(`/api/messages/conversation/${cid}`, seller)).json()).toEqual([]);
    expect((await get(`/api/messages/conversations/${seller.userId}`, seller)).json()).toEqual([]);
    expect((await get(`/api/messages/conversations/${buyer.userId}`, buyer)).json()).toEqual([]);
  });
});

describe('POST /api/messages/attachments (a file sent ahead of an offline message)', () => {
  async function upload(from: User | null, file?: { name: string; type: string; data: Buffer }) {
    const form = new FormData();
    if (file) form.append('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    const encoded = new Response(form);
    return app.inject({
      method: 'POST',
      url: '/api/messages/attachments',
      headers: { ...auth(from), 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
  }

  it('stores a checked file and answers its path; no message exists yet', async () => {
    const res = await upload(buyer, { name: 'poza.png', type: 'image/png', data: await png() });
    expect(res.statusCode).toBe(201);
    const { image } = res.json() as { image: string };
    expect(image).toMatch(/^\/uploads\/chat\/[0-9a-f]{32}\.jpg$/);
    expect(existsSync(join(app.config.dataDir, image.slice(1)))).toBe(true);
    expect((await get(`/api/messages/conversations/${buyer.userId}`, buyer)).json()).toEqual([]);
  });

  it('refuses guests, a missing file, other kinds and more than 10 MB', async () => {
    const pngFile = { name: 'poza.png', type: 'image/png', data: await png() };
    expect((await upload(null, pngFile)).statusCode).toBe(401);
    expect((await upload(buyer)).json()).toMatchObject({ error: MESSAGE_MESSAGES.empty });
    const exe = await upload(buyer, {
      name: 'a.pdf',
      type: 'application/pdf',
      data: Buffer.from('MZ\x90\0'),
    });
    expect(exe.json()).toMatchObject({ error: ATTACHMENT_MESSAGES.unsupported });
    const big = await upload(buyer, {
      name: 'a.txt',
      type: 'text/plain',
      data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: ATTACHMENT_MESSAGES.tooLarge });
  });
});
