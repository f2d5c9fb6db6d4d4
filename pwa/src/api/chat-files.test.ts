// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_FILE_CACHE, STORAGE_KEYS } from '../../../schema/constants.ts';
import { fetchChatFile, forgetChatFiles, isPrivateChatFile } from './chat-files.ts';

/** Chat files are the two people's only: fetched with the token, never pointed at by a bare <img>. */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const PATH = '/uploads/chat/0123456789abcdef0123456789abcdef.jpg';

describe('isPrivateChatFile', () => {
  it('guards only the server’s chat uploads; a device preview or a public photo is used as it is', () => {
    expect(isPrivateChatFile(PATH)).toBe(true);
    expect(isPrivateChatFile('blob:http://localhost/5f1c')).toBe(false);
    expect(isPrivateChatFile('/uploads/announcements/a.jpg')).toBe(false);
    expect(isPrivateChatFile('')).toBe(false);
  });
});

describe('fetchChatFile', () => {
  it('fetches the bytes with the person’s bearer token', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-9');
    fetchMock.mockResolvedValue(new Response(new Blob(['JPEG'], { type: 'image/jpeg' })));
    const blob = await fetchChatFile(PATH);
    expect(await blob.text()).toBe('JPEG');
    expect(fetchMock).toHaveBeenCalledWith(PATH, { headers: { Authorization: 'Bearer tok-9' } });
  });

  it('asks without a token when there is none (the server then refuses)', async () => {
    fetchMock.mockResolvedValue(new Response('x'));
    await fetchChatFile(PATH);
    expect(fetchMock).toHaveBeenCalledWith(PATH, { headers: {} });
  });

  it('rejects a refused or missing file, and being offline', async () => {
    for (const status of [401, 403, 404, 500]) {
      fetchMock.mockResolvedValueOnce(new Response('nu', { status }));
      await expect(fetchChatFile(PATH)).rejects.toThrow(`chat file ${status}`);
    }
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(fetchChatFile(PATH)).rejects.toThrow('Failed to fetch');
  });
});

describe('forgetChatFiles', () => {
  it('empties the chat file cache at sign-out, and does not fail where it is refused or missing', async () => {
    const del = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: del });
    await forgetChatFiles();
    expect(del).toHaveBeenCalledWith(CHAT_FILE_CACHE);
    vi.stubGlobal('caches', { delete: vi.fn(async () => Promise.reject(new Error('SecurityError'))) });
    await expect(forgetChatFiles()).resolves.toBeUndefined();
    vi.stubGlobal('caches', undefined);
    await expect(forgetChatFiles()).resolves.toBeUndefined();
  });
});
