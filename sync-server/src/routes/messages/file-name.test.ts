import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../schema/constants.ts';
import { ATTACHMENT_MESSAGES } from '../../../../schema/rules/messages.ts';
import { newId } from '../../lib/ids.ts';
import { rawGet } from '../../lib/sql.ts';
import { connectedClient } from '../../replication/test-client.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../test-helper.ts';

/** The attachment's name travels with the message (REST and sync), fitted and checked by the shared rule. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
let buyer: Who;
let ann: string;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerAndLogin(app);
  buyer = await registerAndLogin(app);
  ann = await insertAnnouncement(app, seller.userId);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
const pdf = () => new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
const multipart = async (url: string, fields: Record<string, string>, partName: string) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('image', new Blob([pdf()], { type: 'application/pdf' }), partName);
  const res = new Response(form);
  return app.inject({
    method: 'POST',
    url,
    headers: { ...auth(buyer), 'content-type': res.headers.get('content-type')! },
    payload: Buffer.from(await res.arrayBuffer()),
  });
};
const storedName = async (id: string) =>
  (await rawGet<{ file_name: string }>(app.db, sql`SELECT file_name FROM messages WHERE id = ${id}`))
    ?.file_name;
const sellerPull = async () => {
  const s = await connectedClient(app, seller.token);
  return (await s.pull(null, 50, 'messages')).documents;
};

describe('POST /api/messages (multipart): the file name', () => {
  it('keeps the sent name, fitted: no path, no bidi override, the stored kind, capped', async () => {
    const cases: [string, (name: string) => void][] = [
      ['Ofertă finală.pdf', (n) => expect(n).toBe('Ofertă finală.pdf')],
      ['C:\\acte\\..\\Contract\u202Efdp.pdf', (n) => expect(n).toBe('Contractfdp.pdf')],
      ['factura.exe', (n) => expect(n).toBe('factura.exe.pdf')],
      [
        `${'ș'.repeat(500)}.pdf`,
        (n) => {
          expect([...n].length).toBeLessThanOrEqual(LIMITS.attachmentNameMax);
          expect(n.endsWith('….pdf')).toBe(true);
        },
      ],
    ];
    for (const [sent, check] of cases) {
      const res = await multipart(
        '/api/messages',
        { announcementId: ann, text: '', imageFile: sent },
        'x.pdf',
      );
      expect(res.statusCode, res.body).toBe(201);
      const msg = res.json() as { _id: string; imageFile: string };
      check(msg.imageFile);
      expect(await storedName(msg._id)).toBe(msg.imageFile);
    }
    // The other side's device gets the name with the message.
    const docs = await sellerPull();
    expect(docs.map((d) => d.fileName)).toContain('Ofertă finală.pdf');
  });

  it("a file sent without text previews as 'Fișier: <name>', never 'Imagine' (list and notification)", async () => {
    const res = await multipart('/api/messages', { announcementId: ann, text: '' }, 'Deviz.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const asSeller = { headers: auth(seller) };
    const list = await app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${seller.userId}`,
      ...asSeller,
    });
    expect((list.json() as { lastMessageText: string }[])[0]?.lastMessageText).toBe('Fișier: Deviz.pdf');
    const notes = await app.inject({
      method: 'GET',
      url: `/api/notifications/${seller.userId}`,
      ...asSeller,
    });
    expect((notes.json() as { message: string }[]).map((n) => n.message)).toEqual(['Fișier: Deviz.pdf']);
  });

  it('a deleted message leaves no file name on the other side, as it leaves no text or file', async () => {
    const res = await multipart('/api/messages', { announcementId: ann, text: '' }, 'Contract.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { _id: string })._id;
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${id}`, headers: auth(buyer) });
    expect(del.statusCode, del.body).toBe(200);
    const gone = (await sellerPull()).find((d) => d.id === id);
    expect(gone).toMatchObject({ _deleted: true, image: '', fileName: '' });
  });

  it("without an imageFile field, the file part's own name is used", async () => {
    const res = await multipart('/api/messages', { announcementId: ann, text: 'Uite' }, 'Deviz.pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as { imageFile: string }).imageFile).toBe('Deviz.pdf');
  });
});

describe('a message pushed over sync: the file name', () => {
  const upload = async () => {
    const res = await multipart('/api/messages/attachments', {}, 'Ofertă.pdf');
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { image: string }).image;
  };
  const message = (over: Record<string, unknown>) => ({
    id: newId(),
    conversationId: '',
    announcementId: ann,
    senderId: '',
    recipientId: '',
    text: '',
    image: '',
    fileName: '',
    replyTo: null,
    reactions: [],
    isRead: false,
    createdAt: new Date().toISOString(),
    _deleted: false,
    ...over,
  });

  it('a fitted name is stored and reaches the other side', async () => {
    const b = await connectedClient(app, buyer.token);
    const m = message({ image: await upload(), fileName: 'Ofertă de preț.pdf' });
    expect(await b.push('messages', [{ newDocumentState: m }])).toEqual([]);
    expect(await storedName(m.id)).toBe('Ofertă de preț.pdf');
    const doc = (await sellerPull()).find((d) => d.id === m.id);
    expect(doc?.fileName).toBe('Ofertă de preț.pdf');
  });

  it('any other name is refused as a conflict with the Romanian reason, and nothing is stored', async () => {
    const b = await connectedClient(app, buyer.token);
    const image = await upload();
    const refused = [
      message({ image, fileName: '../../secret.pdf' }),
      message({ image, fileName: 'x\u202Efdp.pdf' }),
      message({ image, fileName: `${'a'.repeat(LIMITS.attachmentNameMax)}.pdf` }),
      message({ image, fileName: 'virus.exe' }),
      message({ image, fileName: 42 }),
      message({ text: 'Fără fișier', fileName: 'fantoma.pdf' }),
    ];
    for (const m of refused) {
      expect(await b.push('messages', [{ newDocumentState: m }])).toEqual([{ ...m, _deleted: true }]);
      expect(await storedName(m.id)).toBeUndefined();
    }
    await new Promise((r) => setTimeout(r, 30));
    const reasons = b.side.filter((x) => x.type === 'event' && x.name === 'syncRejected');
    expect(reasons).toHaveLength(refused.length);
    for (const r of reasons) expect(r).toMatchObject({ payload: { error: ATTACHMENT_MESSAGES.badName } });
  });
});
